import GameCore
import GameHost
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen face of a game at a terminal, in the manner of BSD hangman: the game's
/// view redrawn in place on the alternate screen (no scrolling history), the last step's
/// messages in a status area below it, the prompt on the bottom row. The screen is drawn
/// again when the window changes size. `--plain`, a pipe or TERM=dumb keep the line mode.
final class FullScreenPresenter: Presenter {
    private let out: StandardOutput
    private let notices: StandardOutput
    private var session: GameSession?
    private var title = ""
    private var header = ""
    private var view = ""
    /// The status area: what the last step said, each line with its style.
    private var status: [(String, TextStyle)] = []
    private var lastResult: String?

    init(_ out: StandardOutput, notices: StandardOutput) {
        self.out = out
        self.notices = notices
    }

    var prompt: String { "> " }

    func begin(_ session: GameSession) {
        self.session = session
        title = session.rule.title
        header = Self.header(session, seed: session.seed)
        out.wraps = false
        Terminal.alternateScreen = true
        out.control("\u{1B}[?1049h")
    }

    /// The seed of the game on the screen and the command that replays it, then the keys.
    static func header(_ session: GameSession, seed: UInt64) -> String {
        "Seed \(seed) (replay: \(session.replayCommand(seed: seed))) · /help · Ctrl-D: back"
    }

    func show(_ r: SessionDriver.Report) {
        status = r.notices.map { ("gamehost: " + $0, .refusal) }
        if let seed = r.newGameSeed, r.step > 0, let session {
            header = Self.header(session, seed: seed)
            status.append(("Game \(session.gamesStarted), seed \(seed)", .dim))
        }
        status += r.messages.map { ($0, .message) }
        for _ in 0..<r.bells { out.bell() }
        if let reason = r.reason {
            status.append(((r.status == .error ? "error: " : "✗ ") + reason, r.status == .error ? .error : .refusal))
        }
        if r.showsView { view = r.view }
        // Where single keys play but longer inputs are also taken, say how to type those.
        let named = session?.rule.keys.filter { r.moves.contains($0.value) }.keys.sorted() ?? []
        let keys = r.moves.filter { $0.utf8.count == 1 } + named
        if r.result == nil, !keys.isEmpty, keys.count < r.moves.count || r.freeText != nil {
            status.append(("One key plays \(keys.count > 8 ? "a letter" : keys.joined(separator: ", ")); a Space first types a longer word.", .dim))
        }
        if let result = r.result {
            lastResult = result.summary
            status.append((result.summary, .title))
            status.append(("Play again? (y/n)", .dim))
        }
        draw()
    }

    func end(reason: String) {
        out.control("\u{1B}[?1049l")
        Terminal.alternateScreen = false
        out.wraps = true
        // What stays on the main screen: the game's last word.
        if let lastResult { out.write(title + ": " + lastResult + "\n", style: .plain) }
        if reason == "error", let last = status.last { notices.write(last.0 + "\n", style: .plain) }
    }

    /// The rows of the screen below the view: the status, then the prompt row.
    private func draw() {
        let (rows, columns) = Terminal.size()
        func wrapped(_ text: String) -> [String] {
            let text = out.ascii ? ASCIIText.fold(text) : text
            return TextWrap.wrap(text, width: columns).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var top: [(String, TextStyle)] = wrapped(title).map { ($0, .title) } + wrapped(header).map { ($0, .dim) } + [("", .plain)]
        var body = wrapped(view.hasSuffix("\n") ? String(view.dropLast()) : view).map { ($0, TextStyle.plain) }
        let bottom = status.isEmpty ? [] : [("", TextStyle.plain)] + status.flatMap { line in wrapped(line.0).map { ($0, line.1) } }
        // A screen too short for everything keeps the status and the end of the view.
        let room = max(1, rows - 1)
        if top.count + body.count + bottom.count > room { top = [] }
        if body.count + bottom.count > room { body = Array(body.suffix(max(0, room - bottom.count))) }
        var frame = "\u{1B}[H"
        for (line, style) in (top + body + bottom).suffix(room) {
            frame += out.styled(line, style) + "\u{1B}[K\r\n"
        }
        frame += "\u{1B}[J"
        out.control(frame)
        ScreenInput.shared?.drawPrompt()
    }

    /// Drawn again at the new size (SIGWINCH).
    func redraw() { draw() }
}

/// Keys from the terminal for the full-screen mode: a key that is a whole move by itself
/// (a letter in Hangman, r/p/s in RPS) is played at once; anything else is typed on the
/// bottom row and played with Enter (Backspace, Ctrl-U and Tab work; a Space first types a
/// longer word where single keys would play). Ctrl-D on an empty row goes back to the menu;
/// Ctrl-C leaves (the signal handler restores the terminal).
final class ScreenInput: LineSource {
    nonisolated(unsafe) static var shared: ScreenInput?
    nonisolated(unsafe) static var resized: sig_atomic_t = 0

    private var offered: [String] = []
    /// Keys the game names for moves (`r` for rock).
    private var keys: [UInt8: String] = [:]
    private var prompt = ""
    private var typed: [UInt8] = []
    /// Set by a leading Space: keys are typed, not played.
    private var typing = false
    weak var presenter: FullScreenPresenter?

    init() {
        Self.shared = self
        // No SA_RESTART: a resize interrupts the read, and the screen is drawn again.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in ScreenInput.resized = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGWINCH, &action, nil)
    }

    func offer(_ completions: [String]) { offered = completions }

    func offer(keys: [String: String]) {
        self.keys = Dictionary(keys.compactMap { key, move in key.utf8.first.map { ($0, move) } }) { first, _ in first }
    }

    /// The move a key plays at once: a move that is the key itself, or the one the game named
    /// for it.
    private func move(forKey byte: UInt8) -> String? {
        if let move = keys[byte] { return move }
        return offered.contains { $0.utf8.count == 1 && $0.utf8.first == byte } ? String(UnicodeScalar(byte)) : nil
    }

    func drawPrompt() {
        let rows = Terminal.size().rows
        let shown = TerminalText.plain(prompt + (typing ? " " : "") + String(decoding: typed, as: UTF8.self))
        stdout_.control("\u{1B}[\(rows);1H" + shown + "\u{1B}[K")
    }

    func readLine(prompt: String) -> String? {
        self.prompt = prompt
        typed = []
        typing = false
        drawPrompt()
        var original = termios()
        tcgetattr(0, &original)
        var raw = original
        // Keys as they are pressed, not echoed; Ctrl-C still raises SIGINT.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &original) }
        while true {
            var byte: UInt8 = 0
            let n = read(0, &byte, 1)
            if n < 0 && errno == EINTR {
                if Self.resized != 0 {
                    Self.resized = 0
                    presenter?.redraw()
                }
                continue
            }
            if n <= 0 { return nil }
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
            case 27:  // an escape sequence (arrow keys): read and ignored
                skipEscapeSequence()
            case 32 where typed.isEmpty:
                typing = true
            default:
                if byte < 32 { break }
                if typed.isEmpty && !typing, let move = move(forKey: byte) { return move }
                if typed.count < StandardInput.lineLimit { typed.append(byte) }
            }
            drawPrompt()
        }
    }

    /// Reads the rest of `ESC [ ... final` (or `ESC O x`) without waiting on a lone Escape.
    private func skipEscapeSequence() {
        var pending = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        guard poll(&pending, 1, 30) > 0, read(0, &byte, 1) == 1 else { return }
        if byte == UInt8(ascii: "O") { _ = read(0, &byte, 1); return }
        guard byte == UInt8(ascii: "[") else { return }
        while poll(&pending, 1, 30) > 0, read(0, &byte, 1) == 1, !(0x40...0x7E).contains(byte) {}
    }
}
