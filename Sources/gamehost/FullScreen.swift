import Synchronization
import GameCore
import GamePresenters
import GameRules
import GameRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen face of a game at a terminal, in the manner of BSD hangman: the game's
/// view redrawn in place on the alternate screen (no scrolling history), the last step's
/// messages in a status area below it, the prompt on the bottom row. The screen is drawn
/// again when the window changes size. `--plain`, a pipe or TERM=dumb keep the line mode.
final class FullScreenPresenter: Presenter, HandingOver {
    private let out: StandardOutput
    private let notices: StandardOutput
    private var title = ""
    /// The game on the screen, for its seed and replay command.
    private var start: GameStart?
    /// What the seat at the keyboard sees: text, or elements drawn at the window's width.
    private var seen = SeatView()
    /// The keys the elements on the screen tie to moves (`ViewElement.keys`).
    var elementKeys: [String: String] { seen.elements.map(ViewElement.keys(of:)) ?? [:] }
    /// The status area: what the last step said, each line with its style.
    private var status: [(String, TextStyle)] = []
    /// The question the game waits on ("Play again? (y/n)"), drawn above the prompt whatever
    /// the window's height.
    private var question: String?
    /// The page of a status area too long for the window (Space shows the next, as in less).
    private var page = 0
    private(set) var morePages = false
    private var lastResult: String?
    /// The bottom row's owner, drawn again after the screen.
    weak var input: ScreenInput?

    init(_ out: StandardOutput, notices: StandardOutput) {
        self.out = out
        self.notices = notices
    }

    var prompt: String { "> " }

    /// The seat whose view is shown.
    var seat = 1
    /// The people at this keyboard, by seat (several take turns: hot-seat).
    var people: [Int: String] = [:]
    /// The player's language, for what the host says.
    var texts = HostTexts.english
    var seatsAtKeyboard: Int { people.count }
    /// The most lines the status area keeps (its pages show them all).
    static let statusLimit = 200

    /// What people not at the keyboard were told (every seat's messages and their own), kept
    /// until their turn.
    private var waiting: [Int: [String]] = [:]

    /// Takes the last player's view off the screen and says whose turn it is.
    func hand(to seat: Int) {
        seen = SeatView()
        input?.confirming = true
        question = nil
        page = 0
        status = [(texts.passKeyboard(seat, name: people[seat]), .title)]
        draw()
    }

    func handoverPrompt(_ seat: Int) -> String { texts(.pressEnter) }

    func show(_ step: Step, as seat: Int) {
        self.seat = seat
        seen = step.view(of: seat)
        let missed = waiting.removeValue(forKey: seat) ?? []
        status = missed.isEmpty ? [] : [(texts(.sinceLastTurn), .dim)] + missed.map { ($0, .message) }
        page = 0
        question = nil
        if let result = step.result {
            status.append((result.summary, .title))
            question = texts(.playAgain)
        }
        draw()
    }

    func begin(_ info: RuleInfo) {
        title = info.title
        out.wraps = false
        Terminal.alternateScreen.store(true, ordering: .releasing)
        out.control("\u{1B}[?1049h\u{1B}[?2004h")
        input?.takeKeys()
    }

    /// The seed of the game on the screen and the command that replays it, then the keys.
    static func header(_ start: GameStart, texts: HostTexts = .english) -> String {
        texts(.screenHeader, ["seed": String(start.seed), "replay": start.replay])
    }

    func show(_ r: Step) {
        for other in people.keys where other != seat {
            waiting[other, default: []] += r.messages(for: other)
        }
        // The table's own players' moves add to what the person read last (their own move's
        // messages, "You draw J♣", stay until their next input): the screen has no scrollback.
        if !r.automatic { status = [] }
        status += r.notices.map { ("gamehost: " + $0, .refusal) }
        page = 0
        question = nil
        if let start = r.start {
            self.start = start
            if r.input != nil { status.append((texts(.screenGameSeed, ["number": String(start.number), "seed": String(start.seed)]), .dim)) }
        }
        status += r.messages(for: seat).map { ($0, .message) }
        // (Bounded: a table of bots alone would add without end.)
        if status.count > Self.statusLimit { status.removeFirst(status.count - Self.statusLimit) }
        for _ in 0..<r.bells { out.bell() }
        if let reason = r.reason {
            status.append(((r.status == .error ? "error: " : "✗ ") + reason, r.status == .error ? .error : .refusal))
        }
        let now = r.view(of: seat)
        if r.showsView { seen = now }
        if let result = r.result {
            lastResult = result.summary
            // The result first: a refusal after the game is over answers below it.
            let at = !r.applied && r.reason != nil ? status.count - 1 : status.count
            status.insert((result.summary, .title), at: at)
            question = r.endsSession ? nil : texts(.playAgain)
        }
        draw()
    }

    /// The view again, as it is now (a clock that moved): nothing else changes.
    func refresh(_ view: RuleView) {
        seen.view = view.text
        seen.elements = view.elements
        draw()
    }

    /// The next page of a long status area.
    func nextPage() {
        page += 1
        draw()
    }

    /// The line that sums up a session of several games, shown once the screen is left.
    private var session: String?
    func summarise(session line: String) { session = line }

    func end(reason: Table.EndReason) {
        input?.releaseKeys()
        out.control("\u{1B}[?2004l\u{1B}[?1049l")
        Terminal.alternateScreen.store(false, ordering: .releasing)
        out.wraps = true
        // What stays on the main screen: the game's last word, and the session's when it had
        // several games.
        if let lastResult { out.write(title + ": " + lastResult + "\n", style: .plain) }
        if let session { out.write(session + "\n", style: .plain) }
        if reason == .error, let last = status.last { notices.write(last.0 + "\n", style: .plain) }
    }

    /// The whole screen, from the top: title and seed, the view, the status, then the prompt
    /// row. Also called when the window changes size (SIGWINCH).
    func draw() {
        let (rows, columns) = Terminal.size()
        // Folded before measuring, so `--ascii` text wraps at its own width (`styled` then
        // finds it folded already).
        func wrapped(_ text: String) -> [String] {
            let text = out.ascii ? ASCIIText.fold(text) : text
            return TextWrap.wrap(text, width: columns).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        func width(_ text: String) -> Int { TerminalWidth.columns(out.ascii ? ASCIIText.fold(text) : text) }
        var top: [(String, TextStyle)] = wrapped(title).map { ($0, .title) }
        if let start {
            // The replay command is never broken by wrapping: a window too narrow for the
            // header gives it a line of its own, which the terminal wraps itself if it must
            // (a copy of it is then one line).
            let header = Self.header(start, texts: texts)
            if width(header) <= columns {
                top.append((header, .dim))
            } else {
                top += wrapped(texts(.screenHeaderShort, ["seed": String(start.seed)])).map { ($0, .dim) }
                top.append((texts(.screenReplay, ["replay": start.replay]), .dim))
            }
        }
        /// The rows lines take: a line wider than the window (the replay command) wraps.
        func rowsTaken(_ lines: [(String, TextStyle)]) -> Int { lines.reduce(0) { $0 + max(1, (width($1.0) + columns - 1) / columns) } }
        var body: [(String, TextStyle)]
        if let elements = seen.elements {
            body = ElementText.lines(elements, width: columns, ascii: out.ascii, colour: out.colour).map { ($0.text, $0.style) }
        } else {
            let view = seen.view
            body = wrapped(view.hasSuffix("\n") ? String(view.dropLast()) : view).map { ($0, TextStyle.plain) }
        }
        var bottom = status.flatMap { line in wrapped(line.0).map { ($0, line.1) } }
        let asked = question.map { wrapped($0).map { ($0, TextStyle.dim) } } ?? []
        // A screen too short for everything gives up, in turn, the blank rows, the title and
        // seed, the hints, then the top of the view: the game's state, its messages and its
        // question stay. Messages longer than the window are paged.
        let room = max(1, rows - 1)
        let blank = [("", TextStyle.plain)]
        var lines = top + blank + body + (bottom.isEmpty && asked.isEmpty ? [] : blank + bottom + asked)
        if rowsTaken(lines) > room { lines = top + body + bottom + asked }
        if rowsTaken(lines) > room { lines = body + bottom + asked }
        morePages = false
        if rowsTaken(lines) > room {
            bottom.removeAll { $0.1 == .dim }
            let pageRows = max(1, room - asked.count - 1)
            if bottom.count + asked.count > room {
                let pages = (bottom.count + pageRows - 1) / pageRows
                page = min(page, pages - 1)
                morePages = page < pages - 1
                bottom = Array(bottom[(page * pageRows)..<min(bottom.count, (page + 1) * pageRows)])
                if morePages { bottom.append((texts(.morePages, ["page": String(page + 1), "pages": String(pages)]), .dim)) }
            }
            bottom += asked
            body = Array(body.suffix(max(0, room - bottom.count)))
            lines = body + bottom
        }
        var frame = "\u{1B}[H"
        for (line, style) in lines {
            // A line that fills its last row exactly is not cleared after (the cursor waits
            // at the edge, where an erase would take its last character).
            let w = width(line)
            frame += out.styled(line, style) + (w >= columns && w % columns == 0 ? "" : "\u{1B}[K") + "\r\n"
        }
        frame += "\u{1B}[J"
        out.control(frame)
        input?.drawPrompt()
    }
}

/// Keys from the terminal for the full-screen mode. A move plays as soon as it is typed in
/// full, when no other move starts with it: a letter in Hangman, card 7 of 12 in Memory (while
/// 1 waits for 10, 11 or Enter), a key the rule names (r for rock) or an element on the screen
/// shows for its move (a button's "(r)"), unless it begins another move's name (s in RPSLS,
/// for Spock). After a key played its move, the rest of that move's name is taken as the same
/// word (so "scissors" is one throw), and a pasted line (or keys that arrived together) is
/// one input, played by its Enter. Where every move is one character, every key plays,
/// so a repeated or unknown letter is answered at once; where the game takes no free text,
/// keys that no move starts with play too, so the game answers them. Anything else is typed on
/// the bottom row and played with Enter (Backspace, Ctrl-U and Tab work; a Space first types a
/// word where letters would play). Ctrl-D on an empty row goes back to the menu; Ctrl-C leaves
/// (the signal handler restores the terminal).
final class ScreenInput: LineSource {
    /// Set by the SIGWINCH and SIGTSTP handlers, read by the key loop after each interrupted
    /// read (a lock-free atomic is what a handler may write).
    static let resized = Atomic<Bool>(false)

    /// The terminal's settings before and while the keys are held, for the Ctrl-Z handler. Safe
    /// unsynchronised: written on the main thread before the handler is installed, then read.
    nonisolated(unsafe) static var cooked = termios()
    nonisolated(unsafe) static var keys = termios()

    /// SIGTSTP while the keys are held: the terminal and the main screen as the shell had them,
    /// stop; on continuing, the keys and the game's screen again, drawn anew (the interrupted
    /// read sees `resized`). Only async-signal-safe calls.
    static func suspend() {
        tcsetattr(0, TCSANOW, &cooked)
        // Static text: a handler must not allocate (the thread it stopped may hold malloc's lock).
        let leave: StaticString = "\u{1B}[?2004l\u{1B}[?1049l"
        _ = write(1, leave.utf8Start, leave.utf8CodeUnitCount)
        var stop = sigaction(), ours = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&stop.sa_mask)
        sigaction(SIGTSTP, &stop, &ours)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGTSTP)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        kill(getpid(), SIGTSTP)
        // Continued (fg).
        sigaction(SIGTSTP, &ours, nil)
        tcsetattr(0, TCSANOW, &keys)
        let enter: StaticString = "\u{1B}[?1049h\u{1B}[?2004h"
        _ = write(1, enter.utf8Start, enter.utf8CodeUnitCount)
        resized.store(true, ordering: .relaxed)
    }

    /// What Tab completes: moves, commands, list words.
    private var offered: [String] = []
    /// The moves listed now, and the rule's keys for them.
    private var moves: [String] = []
    private var keys: [String: String] = [:]
    private var takesText = false
    private var prompt = ""
    private var typed: [UInt8] = []
    /// Bytes read from the terminal and not yet taken: it is read as much as has arrived at
    /// once, so that a paste is seen as keys that came together (a line) and costs one read,
    /// not one a byte.
    private var arrived: [UInt8] = []
    private var taken = 0
    /// Set by a leading Space: keys are typed, not played.
    private var typing = false
    /// Inside a bracketed paste (the terminal marks pasted text): lines, not keys.
    private var inPaste = false
    /// The rest of the name of the move a key just played (s: "cissors"). Typed next, it
    /// finishes that word rather than playing again, so a move typed in full plays once;
    /// empty once the word is whole, when its Enter is taken too.
    private var following: [UInt8]?
    /// A hand-over is awaited: Enter confirms it (an empty line), Ctrl-D goes back, and other
    /// keys do nothing, so the next player's first key is not taken as the confirmation.
    var confirming = false
    weak var presenter: FullScreenPresenter?

    func offer(_ completions: [String]) { offered = completions }

    /// How often the view is drawn anew while a key is awaited, and where it comes from.
    private var refreshInterval: Double?
    private var freshView: (() -> RuleView?)?

    func offer(refresh interval: Double?, view: @escaping () -> RuleView?) {
        refreshInterval = interval
        freshView = view
    }

    func offer(moves: [String], keys: [String: String], takesText: Bool) {
        self.moves = moves
        self.keys = keys
        self.takesText = takesText
    }

    /// The move that what is typed plays at once, or nil to wait for more keys or Enter.
    func move(forTyped text: String) -> String? {
        guard !typing, !text.isEmpty, !text.hasPrefix("/") else { return nil }
        let lower = text.lowercased()
        // A key that also begins another move's name waits (in RPSLS, s for scissors waits for
        // Spock's p), so the name can be typed in full; Enter then plays the key's move.
        func startsAnother(than move: String) -> Bool {
            moves.contains { $0 != move && $0.count > text.count && $0.lowercased().hasPrefix(lower) }
        }
        if let named = keys[text] { return startsAnother(than: named) ? nil : named }
        // A key an element ties to a move on the screen (a button's "(r)", a key of a keyboard).
        if let tapped = presenter?.elementKeys[text], moves.contains(tapped) { return startsAnother(than: tapped) ? nil : tapped }
        // Every move one character: each key plays (the game refuses the ones it does not take).
        if !moves.isEmpty, moves.allSatisfy({ $0.count == 1 }), text.count == 1 {
            return moves.contains(lower) ? lower : text
        }
        guard let move = moves.first(where: { $0 == text }) ?? moves.first(where: { $0.lowercased() == lower }) else {
            // Keys no move starts with can never become one: played at once, so the game
            // answers (a bet too high, a card already face up) instead of leaving them typed.
            let possible = takesText || moves.contains { $0.lowercased().hasPrefix(lower) }
            return possible ? nil : text
        }
        let longer = moves.contains { $0.count > move.count && $0.lowercased().hasPrefix(move.lowercased()) }
        return longer ? nil : move
    }

    /// What the prompt row says before "> ": the keys that play at once (r/p/s), or how to
    /// type a whole word where letters play at once.
    var texts: HostTexts { presenter?.texts ?? .english }

    var keyHint: String {
        let named = moves.compactMap { move in keys.filter { $0.value == move }.keys.sorted().first }
        if !named.isEmpty { return named.joined(separator: "/") + " " }
        if takesText, !moves.isEmpty, moves.allSatisfy({ $0.count == 1 }) { return texts(.spaceWord) }
        return ""
    }

    /// What Enter plays when what is typed is a move that waits for more keys (1 while 10,
    /// 11 and 12 may follow; s for scissors while Spock may), or nil.
    var waitingMove: String? {
        guard !typing, !typed.isEmpty, typed.count <= Self.playableLength, let text = String(validating: typed, as: UTF8.self), !text.hasPrefix("/"),
              move(forTyped: text) == nil else { return nil }
        let lower = text.lowercased()
        return keys[text] ?? moves.first { $0 == text } ?? moves.first { $0.lowercased() == lower }
    }

    /// The bottom row: the prompt and what is typed, its end when it is longer than the row
    /// (a longer line would wrap and scroll the screen). A move that waits for more keys says
    /// that Enter plays it, where the row has room.
    func drawPrompt() {
        let (rows, columns) = Terminal.size()
        let shown = (prompt == presenter?.prompt ? keyHint : "") + prompt
        // Only the end of what is typed can show (the row holds `columns` cells): the work of
        // a redraw is the row's, not the line's, so a long paste arriving in many pieces is
        // drawn in time linear in its size. The end starts at a character's first byte.
        var tail = typed.suffix(Self.shownBytes(columns: columns))[...]
        while let first = tail.first, first & 0xC0 == 0x80 { tail = tail.dropFirst() }
        var line = TerminalText.plain(shown + (typing ? " " : "") + String(decoding: tail, as: UTF8.self))
        // Before the prompt, where the keys would be (a game with keys shows them instead):
        // what is typed stays at the row's end.
        if prompt == presenter?.prompt, keyHint.isEmpty, let waiting = waitingMove.map(TerminalText.plain) {
            let typedPart = TerminalText.plain(prompt + String(decoding: typed, as: UTF8.self))
            for hint in [texts(.enterPlays, ["move": waiting]), texts(.enterShort, ["move": waiting])]
            where TerminalWidth.columns(hint + typedPart) < columns {
                line = hint + typedPart
                break
            }
        }
        var start = line.endIndex, width = 0
        while start > line.startIndex {
            let before = line.index(before: start)
            let w = TerminalWidth.columns(of: line[before])
            if width + w >= columns { break }
            width += w
            start = before
        }
        stdout_.control("\u{1B}[\(rows);1H" + line[start...] + "\u{1B}[K")
    }

    /// Whether the keys are held for the whole session (between `takeKeys` and `releaseKeys`);
    /// otherwise a read takes them for itself.
    private var held = false
    private var beforeStop = sigaction()

    /// Puts the terminal in the keys mode for the whole game: keys as they are pressed, not
    /// echoed; Ctrl-C still raises SIGINT. Held from the game's start to its end, not only
    /// while a key is awaited: keys typed while a rule's step runs then wait as typed, neither
    /// echoed over the screen nor read by the kernel's line editing (which would take a
    /// Ctrl-D as the end of a line, and a Backspace as its own).
    func takeKeys() {
        guard !held else { return }
        held = true
        // The line mode to come back to: as the program found it, not the line editor's mode,
        // in which the menu may have left the terminal.
        var original = termios()
        if let lineMode = Terminal.lineMode { original = lineMode } else { tcgetattr(0, &original) }
        var raw = original
        // Ctrl-S and Ctrl-Q are keys like any other: with flow control on, a Ctrl-S typed or
        // pasted would stop the screen until a Ctrl-Q nobody knows to press.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // Ctrl-Z, as BSD games do: the shell's terminal and screen back while stopped, ours
        // back and the screen redrawn on `fg`.
        Self.cooked = original
        Self.keys = raw
        tcsetattr(0, TCSANOW, &raw)
        Terminal.wakeBlockedTypist()
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = { _ in ScreenInput.suspend() }
        sigemptyset(&stop.sa_mask)
        sigaction(SIGTSTP, &stop, &beforeStop)
    }

    /// The terminal and Ctrl-Z as they were before `takeKeys`.
    func releaseKeys() {
        guard held else { return }
        held = false
        sigaction(SIGTSTP, &beforeStop, nil)
        tcsetattr(0, TCSANOW, &Self.cooked)
    }

    func readLine(prompt: String) -> String? {
        self.prompt = prompt
        typed = []
        typing = false
        drawPrompt()
        let ownKeys = !held
        if ownKeys { takeKeys() }
        // While a key is awaited, a resize interrupts the read (no SA_RESTART) and the screen is
        // drawn again; the handler before (libedit's, the default) comes back after.
        var resize = sigaction(), before = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in ScreenInput.resized.store(true, ordering: .relaxed) }
        sigemptyset(&resize.sa_mask)
        sigaction(SIGWINCH, &resize, &before)
        defer {
            sigaction(SIGWINCH, &before, nil)
            if ownKeys { releaseKeys() }
        }
        while true {
            var byte: UInt8 = 0
            // A view with a clock is drawn anew each interval that passes without a key.
            if let interval = refreshInterval, taken == arrived.count, !confirming {
                var pending = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                let ready = poll(&pending, 1, Int32(interval * 1000))
                if ready == 0 {
                    if let view = freshView?() { presenter?.refresh(view) }
                    continue
                }
                if ready < 0 && errno == EINTR {
                    if Self.resized.exchange(false, ordering: .relaxed) {
                        presenter?.draw()
                    }
                    continue
                }
            }
            let n = nextByte(&byte)
            if n < 0 && errno == EINTR {
                if Self.resized.exchange(false, ordering: .relaxed) {
                    presenter?.draw()
                }
                continue
            }
            if n <= 0 { return nil }
            // The rest of a move's name after its key played it: taken, not played again.
            if let rest = following {
                following = nil
                if let next = rest.first, ((65...90).contains(byte) ? byte + 32 : byte) == next {
                    following = Array(rest.dropFirst())
                    continue
                }
                if rest.isEmpty && (byte == 13 || byte == 10) { continue }
            }
            if confirming {
                if byte == 13 || byte == 10 {
                    confirming = false
                    return ""
                }
                if byte == 4 { return nil }
                continue
            }
            switch byte {
            case 4:  // Ctrl-D: back, on an empty row
                if typed.isEmpty { return nil }
            case 13, 10:  // Enter
                if !typed.isEmpty { return String(decoding: typed, as: UTF8.self) }
                typing = false
            case 127, 8:  // Backspace: one character, not one byte (or the leading Space)
                if typed.isEmpty { typing = false }
                while let last = typed.popLast(), last & 0xC0 == 0x80 {}
            case 21:  // Ctrl-U
                typed = []
            case 9:  // Tab: the one offered move that starts with what is typed
                let text = String(decoding: typed, as: UTF8.self).lowercased()
                let matches = offered.filter { $0.lowercased().hasPrefix(text) && TerminalText.plain($0) == $0 }
                if matches.count == 1 { typed = Array(matches[0].utf8) } else { stdout_.bell() }
            case 27:  // an escape sequence: the marks around a paste; others (arrow keys) ignored
                switch skipEscapeSequence() {
                case "[200~": inPaste = true
                case "[201~": inPaste = false
                default: break
                }
            case 32 where typed.isEmpty && presenter?.morePages == true:
                presenter?.nextPage()
            case 32 where typed.isEmpty:
                typing = true
            default:
                if byte < 32 { break }
                if typed.count < StandardInput.lineLimit { typed.append(byte) }
                // A character is whole once its UTF-8 bytes are: then what is typed may be a move.
                // Not in a paste, nor when more keys have already arrived (a paste without the
                // marks, or a line typed ahead): those are a line, played by its Enter.
                // Only a short beginning can be a move played at once (a longer name is played by
                // its Enter): a long paste is not read again at every byte.
                if typed.count <= Self.playableLength, byte < 0x80 || byte & 0xC0 == 0x80, let text = String(validating: typed, as: UTF8.self),
                   !inPaste, !moreWaiting(), let move = move(forTyped: text) {
                    if text.count == 1, move.count > 1, move.lowercased().hasPrefix(text.lowercased()) {
                        following = Array(move.lowercased().utf8.dropFirst(typed.count))
                    }
                    return move
                }
            }
            // Drawn once what has arrived is taken: a paste is drawn once, not once a byte.
            if !moreWaiting() { drawPrompt() }
        }
    }

    /// The most bytes typed that a key press may still play at once as a move.
    static let playableLength = 64

    /// The bytes at the end of what is typed that the prompt row draws: enough for a row of
    /// `columns` cells of four-byte characters, with room for marks that take no cell.
    static func shownBytes(columns: Int) -> Int { max(columns, 1) * 8 }

    /// Reads the rest of `ESC [ ... final` (or `ESC O x`) without waiting on a lone Escape,
    /// and returns it (`[201~`).
    private func skipEscapeSequence() -> String {
        var pending = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        guard taken < arrived.count || poll(&pending, 1, 30) > 0, nextByte(&byte) == 1 else { return "" }
        if byte == UInt8(ascii: "O") { _ = nextByte(&byte); return "" }
        guard byte == UInt8(ascii: "[") else { return "" }
        var sequence: [UInt8] = [byte]
        while taken < arrived.count || poll(&pending, 1, 30) > 0, nextByte(&byte) == 1 {
            if sequence.count < 16 { sequence.append(byte) }
            if (0x40...0x7E).contains(byte) { break }
        }
        return String(decoding: sequence, as: UTF8.self)
    }

    /// Whether more input has already arrived (no waiting).
    private func moreWaiting() -> Bool {
        if taken < arrived.count { return true }
        var pending = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&pending, 1, 0) > 0
    }

    /// The next byte from the terminal: 1, or what read gave (0 at its end, -1 with errno).
    private func nextByte(_ byte: inout UInt8) -> Int {
        if taken == arrived.count {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(0, &buffer, buffer.count)
            if n <= 0 { return n }
            arrived = Array(buffer[0..<n])
            taken = 0
        }
        byte = arrived[taken]
        taken += 1
        return 1
    }
}
