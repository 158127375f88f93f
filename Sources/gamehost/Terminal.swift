import Synchronization
import CEdit
import GameCore
import Locking
import GamePresenters
#if canImport(Glibc)
import Glibc
import GameRuntime
#endif

/// The process's terminal: whether stdin/stdout are terminals, colour, line editing, and a
/// clean exit on Ctrl-C. Only the CLI touches the terminal and the environment.
enum Terminal {
    static let inputIsTerminal = isatty(0) == 1
    static let outputIsTerminal = isatty(1) == 1

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (no-color.org) or TERM=dumb.
    static var useColour: Bool {
        outputIsTerminal && (environment("NO_COLOR") ?? "").isEmpty && environment("TERM") != "dumb"
    }

    /// libedit needs a UTF-8 character type to edit and show non-ASCII prompts and input (in
    /// the C locale it crashes on a prompt with "…"). Only LC_CTYPE changes: numbers keep
    /// the C format Lua and JSON rely on.
    static func useUTF8CharacterType() {
        if let set = setlocale(LC_CTYPE, ""), String(cString: set) != "C", String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" { return }
        setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// The width host text wraps to: the terminal's own (asked each time, so a resized window
    /// is followed), else `$COLUMNS`, else none (a pipe or a file gets lines as written).
    static func width(of fd: Int32) -> Int? {
        measured(fd)?.columns ?? columnsVariable
    }

    /// The terminal's rows and columns (24 by 80 when it cannot say).
    static func size() -> (rows: Int, columns: Int) { measured(1) ?? (24, 80) }

    /// Whether libedit may read the next line: it keeps buffers the size of the whole window
    /// (678 MB at 9999 by 9999), so past a window of 1,000 rows or columns the terminal's own
    /// line editing reads it instead (no history or completion, and bounded by the kernel).
    static var fitsLineEditor: Bool {
        guard let size = measured(0) else { return true }
        return size.rows <= 1000 && size.columns <= 1000
    }

    /// What the terminal on `fd` says its size is; nil for a pipe or a file.
    private static func measured(_ fd: Int32) -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard isTerminal(fd), ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        // A terminal that gives columns but no rows (a serial line) is taken as 24 rows.
        return (size.ws_row > 0 ? Int(size.ws_row) : 24, Int(size.ws_col))
    }

    /// Whether `fd` is a terminal. The standard three are asked once: what they are does not
    /// change while the program runs, and asking is a system call (a step of `--json` asked
    /// at every line).
    static func isTerminal(_ fd: Int32) -> Bool {
        (0...2).contains(fd) ? standardAreTerminals[Int(fd)] : isatty(fd) == 1
    }
    private static let standardAreTerminals = (0...2).map { isatty(Int32($0)) == 1 }

    private static let columnsVariable: Int? = environment("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }

    /// The terminal settings at start, restored on Ctrl-C and at exit. Safe unsynchronised:
    /// written once, by `prepareForInterrupts` before the interrupt thread starts, and only
    /// read afterwards.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var hasSaved = false

    /// Whether the full-screen mode has the alternate screen up, for the leaving on Ctrl-C
    /// (the main thread sets it, the interrupt thread reads it).
    static let alternateScreen = Atomic<Bool>(false)

    /// Standard output failed: the terminal as it was, then exit status 1.
    static func leaveOnOutputFailure() {
        if hasSaved { tcsetattr(0, TCSANOW, &saved) }
        _exit(1)
    }

    /// Keeps the terminal's settings for the leaving on Ctrl-C, and puts them back at any
    /// other exit too (a command may call exit itself): the line editor leaves its editing
    /// mode on between lines, and flow control is off while the program runs. Then starts the
    /// thread that takes Ctrl-C and SIGTERM (`Interrupts`).
    static func prepareForInterrupts() {
        if inputIsTerminal, tcgetattr(0, &saved) == 0 { hasSaved = true }
        if inForeground { atexit { Terminal.restoreAtExit() } }
        Interrupts.start()
    }

    /// Ctrl-C (or SIGTERM) ends the program from anywhere, as interrupted programs do:
    /// terminal settings and the main screen restored, a newline, exit status 128 + the signal
    /// (130 for Ctrl-C). Runs on the interrupt thread, holding the lock of whole lines, so
    /// nothing is left half-written.
    static func leave(after signal: Int32) -> Never {
        if hasSaved { tcsetattr(0, TCSANOW, &saved) }
        if alternateScreen.load(ordering: .acquiring) {
            let leave: StaticString = "\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l"
            _ = write(1, leave.utf8Start, leave.utf8CodeUnitCount)
        }
        // The protocol ends with its end object, as every session does, for programs in
        // seats too; a person's terminal with a newline.
        ProgramSeat.interrupted(by: signal)
        if protocolEndOwed.withLock({ $0 }) {
            // Its exit code is the one the program leaves with: 130 for Ctrl-C, 143 for SIGTERM.
            let end = Array((JSONValue.object(["type": .string("end"), "reason": .string(Table.EndReason.interrupted.rawValue),
                                               "exit_code": .int(Int64(128 + signal))]).encoded + "\n").utf8)
            _ = end.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
        } else {
            _ = write(1, "\n", 1)
        }
        _exit(128 + signal)
    }

    /// Keys typed or pasted in line mode (before the game began, or while a rule's step ran)
    /// past the kernel's line buffer, 4 KB without an Enter, are dropped or erased there, and
    /// a program that writes keys to the terminal and waits for room (a pasting script, a test
    /// driver) is then never woken: it and the game's read would wait on each other for ever.
    /// Called as the keys are taken (out of line mode): when nothing waits to be read, the
    /// terminal's input is flushed, which wakes the writer. The poll first waits for keys the
    /// kernel is still passing on, so the flush finds nothing typed to discard.
    static func wakeBlockedTypist() {
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&input, 1, 0) == 0 { tcflush(0, TCIFLUSH) }
    }

    /// At a terminal, Ctrl-S and Ctrl-Q are keys like any other, in every mode: with flow
    /// control on, a Ctrl-S typed or pasted (even before the game began) would stop the
    /// game's output, and the game with it, until a Ctrl-Q nobody knows to press. Turning flow
    /// control off also restarts output a Ctrl-S already stopped. Only in the foreground: a
    /// job in the background that changed the terminal would be stopped (SIGTTOU).
    static func takeFlowControlKeys() {
        guard inForeground, saved.c_iflag & tcflag_t(IXON) != 0 else { return }
        var now = termios()
        guard tcgetattr(0, &now) == 0 else { return }
        now.c_iflag &= ~tcflag_t(IXON)
        if tcsetattr(0, TCSANOW, &now) == 0 { tookFlowControl = true }
    }

    /// The line mode the program uses (as found, flow control off), for a mode that took the
    /// keys to come back to; nil when the input is not a terminal.
    static var lineMode: termios? {
        guard hasSaved else { return nil }
        var settings = saved
        if tookFlowControl { settings.c_iflag &= ~tcflag_t(IXON) }
        return settings
    }

    /// Back to the line mode (once the line editor is done with the keys).
    static func restoreLineMode() {
        guard inForeground, var settings = lineMode else { return }
        tcsetattr(0, TCSADRAIN, &settings)
    }

    private static func restoreAtExit() {
        if inForeground { tcsetattr(0, TCSADRAIN, &saved) }
    }

    /// Whether flow control was turned off. Safe unsynchronised: written and read on the main
    /// thread only (the interrupt thread restores `saved`, not the line mode).
    nonisolated(unsafe) private static var tookFlowControl = false

    /// Whether the program is the terminal's foreground job (and may change its settings).
    private static var inForeground: Bool { hasSaved && tcgetpgrp(0) == getpgrp() }

    /// Whether an interrupted program still owes the protocol its last line, the end object
    /// (with --json, from the game's start until the session has written its own end).
    static let protocolEndOwed = Locked(false)
}

/// Lines from stdin: with libedit's line editing and history at a terminal, plain lines from
/// a pipe (so every game can be scripted).
final class StandardInput: LineSource {
    /// What Tab completes to at the terminal: the moves and commands of the current step.
    /// libedit calls back through a C function, so the list is kept where it can reach it.
    /// Safe unsynchronised: libedit runs, and calls back, on the main thread only, which is
    /// the thread that sets these.
    nonisolated(unsafe) static var completions: [String] = []
    /// The matches of the word being completed, found once when libedit asks for the first.
    nonisolated(unsafe) static var matches: [String] = []

    init() {
        guard Terminal.inputIsTerminal else { return }
        gh_set_completion { text, state in
            // libedit asks for match `state` (0, 1, 2, ...) until it gets NULL.
            if state == 0 {
                let prefix = text.map { String(cString: $0) } ?? ""
                StandardInput.matches = StandardInput.completions.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
            }
            guard Int(state) < StandardInput.matches.count else { return nil }
            return strdup(StandardInput.matches[Int(state)])
        }
    }

    /// Only what shows as itself is offered: libedit prints completions straight to the
    /// terminal, past `TerminalText`, and a rule's moves can hold anything.
    func offer(_ completions: [String]) {
        Self.completions = completions.filter { TerminalText.plain($0) == $0 }
    }

    /// Standard input read in blocks (a pipe), a line at a time to the reader.
    private let input = InputBytes(fd: 0)

    /// The longest input line kept: the rest of a longer line is read and dropped, so a
    /// gigabyte line from a pipe costs no memory (the game refuses it as too long).
    static let lineLimit = InputLine.limit + 1
    /// Input with no newline in this many bytes is not lines of text (/dev/zero, a binary
    /// file): reading stops after it, as at the end of the input. A long line short of it is
    /// read to its end and refused as too long, and the session goes on.
    static let runawayLimit = 64 << 20
    private var endedByRunaway = false
    /// libedit is set up at the first line it reads (never, in a window too large for it).
    private var lineEditorReady = false

    func readLine(prompt: String) -> String? { readInput(prompt: prompt)?.line }

    func readInput(prompt: String) -> (line: String, bytes: Int)? {
        // A prompt can hold a rule's text (an option's default): show it as text.
        var prompt = TerminalText.plain(prompt)
        if Terminal.inputIsTerminal && Terminal.fitsLineEditor {
            // A prompt wider than the window is wrapped between words, as other text is: its
            // lines but the last are written, and the editor shows the last (the terminal
            // would cut it anywhere, inside a word).
            if let width = Terminal.width(of: 1), TerminalWidth.columns(prompt) >= width {
                let lines = TextWrap.wrap(prompt, width: width - 1).split(separator: "\n", omittingEmptySubsequences: false)
                if lines.count > 1 {
                    stdout_.write(lines.dropLast().joined(separator: "\n") + "\n", style: .plain)
                    prompt = String(lines.last!) + (prompt.hasSuffix(" ") ? " " : "")
                }
            }
            // libedit writes the prompt before it takes the terminal out of line mode: a
            // Ctrl-D typed in that moment would be read by the kernel as the end of a line
            // libedit never sees, and the session would wait for ever. The terminal is set
            // to libedit's editing mode first, so every key after the prompt reaches it.
            if !lineEditorReady {
                rl_initialize()
                lineEditorReady = true
            }
            // readline puts back, as it returns, the settings it found: the editing mode, so
            // keys typed while the game answers wait as keys (in line mode the kernel would
            // take a Ctrl-D for a line's end, lost to the next prompt). The line mode comes
            // back at the end of the input, before the kernel's own line editing, and at exit.
            rl_prep_terminal(1)
            Terminal.wakeBlockedTypist()
            guard let raw = readline(prompt) else {
                Terminal.restoreLineMode()
                // libedit echoes the Ctrl-D that ended the input as "^D": take it back.
                if Terminal.environment("TERM") != "dumb" { stdout_.control("\u{8}\u{8}\u{1B}[K") }
                return nil
            }
            defer { free(raw) }
            if raw.pointee != 0 { add_history(raw) }
            return (String(cString: raw), strlen(raw))
        }
        if lineEditorReady { Terminal.restoreLineMode() }
        if endedByRunaway { return nil }
        // At a terminal libedit does not fit, the prompt is written here, as libedit would.
        if Terminal.inputIsTerminal { stdout_.control(prompt) }
        guard let line = input.line(keeping: Self.lineLimit, runaway: Self.runawayLimit) else { return nil }
        if line.runaway {
            // The over-long line is still an input (the game refuses it as too long); what
            // follows is not read.
            fail("the input is not lines of text (no newline in \(Self.runawayLimit >> 20) MB); stopping")
            endedByRunaway = true
        }
        return (line.text, line.length)
    }
}

/// Output to stdout or stderr, styled with ANSI colour when the terminal allows it.
final class StandardOutput: TextSink, Sendable {
    let fd: Int32
    let colour: Bool
    let ringsBell: Bool

    /// What changes as text is written, behind a lock: the sim's progress bar writes from its
    /// worker threads.
    private struct Settings {
        /// `--ascii`: everything written is folded to ASCII (`ASCIIText`).
        var ascii = false
        /// Whether text wraps at the terminal's width (not for JSON, which programs read).
        var wraps = true
        /// The columns already on the current line, so text written in pieces wraps as one line.
        var column = 0
    }
    private let settings = Locked(Settings())

    var ascii: Bool {
        get { settings.withLock { $0.ascii } }
        set { settings.withLock { $0.ascii = newValue } }
    }
    var wraps: Bool {
        get { settings.withLock { $0.wraps } }
        set { settings.withLock { $0.wraps = newValue } }
    }

    init(fd: Int32 = 1, colour: Bool = Terminal.useColour) {
        self.fd = fd
        self.colour = colour
        ringsBell = isatty(fd) == 1
    }

    /// Everything written passes through `TerminalText.render`: a rule's text cannot send
    /// the terminal an escape; the host's own colours are added after. Before that it is
    /// folded to ASCII under `--ascii` and wrapped to the terminal's width.
    func write(_ text: String, style: TextStyle) {
        let width = Terminal.width(of: fd)
        var text = settings.withLock { s -> String in
            var text = s.ascii ? ASCIIText.fold(text) : text
            if s.wraps, let width {
                text = TextWrap.wrap(text, width: width, startColumn: s.column)
                s.column = TextWrap.endColumn(of: text, startColumn: s.column)
            }
            return text
        }
        text = TerminalText.render(text, colour: colour)
        guard colour, let code = Self.codes[style] else { return emit(text) }
        // Colour each line separately so a following prompt starts plain.
        var out = ""
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { out += "\n" }
            if !line.isEmpty { out += "\u{1B}[\(code)m" + line + "\u{1B}[0m" }
        }
        emit(out)
    }

    /// `text` kept whole (see `TextSink.writeUnbroken`): a new line first when the rest of
    /// this one has no room for it, then the text as it is, however long.
    func writeUnbroken(_ text: String, style: TextStyle) {
        let width = Terminal.width(of: fd)
        let (lead, folded) = settings.withLock { s -> (String, String) in
            let text = s.ascii ? ASCIIText.fold(text) : text
            guard s.wraps, let width else { return ("", text) }
            let columns = TerminalWidth.columns(text)
            var lead = ""
            if s.column > 0 && s.column + columns > width {
                lead = "\n"
                s.column = 0
            }
            // Longer than a line: cut between words, each line ending in " \", so that it is
            // never cut inside a flag by the terminal, and a copy of it still runs.
            let lines = columns > width ? shellLines(text, width: width) : [text]
            let end = (lines.count > 1 ? 0 : s.column) + TerminalWidth.columns(lines.last ?? "")
            // Where the terminal's own wrapping leaves the cursor.
            s.column = end <= width ? end : (end % width == 0 ? width : end % width)
            return (lead, lines.joined(separator: "\n"))
        }
        emit(lead)
        var rendered = TerminalText.render(folded, colour: colour)
        if colour, let code = Self.codes[style], !rendered.isEmpty { rendered = "\u{1B}[\(code)m" + rendered + "\u{1B}[0m" }
        emit(rendered)
    }

    func bell() { if ringsBell { emit("\u{07}") } }

    /// At a terminal: the cursor home, the screen cleared, and the lines kept above it too
    /// (ESC [ 3 J), which scrolling back would show the next person.
    func clearScreen() {
        guard ringsBell else { return }
        settings.withLock { $0.column = 0 }
        emit("\u{1B}[H\u{1B}[2J\u{1B}[3J")
    }

    /// The host's own terminal control (the full-screen mode's cursor moves), sent as it is.
    func control(_ sequence: String) { emit(sequence) }

    /// One line of `text` made safe, folded under `--ascii`, and coloured as `style`, for a
    /// caller that places it on the screen itself.
    func styled(_ text: String, _ style: TextStyle) -> String {
        let text = TerminalText.render(ascii ? ASCIIText.fold(text) : text, colour: colour)
        guard colour, !text.isEmpty, let code = Self.codes[style] else { return text }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }

    private static let codes: [TextStyle: String] = [
        .title: "1", .message: "36", .refusal: "33", .error: "31", .dim: "2",
    ]

    /// Writes all of `text`. Standard output that cannot take it (a closed pipe, a full disk)
    /// ends the program with status 1: what was written so far is all a reader gets, and going
    /// on would only play a game nobody sees. (SIGPIPE is ignored at start, so a closed pipe is
    /// an error here, never a signal.)
    private func emit(_ text: String) {
        var text = text
        // A line is written whole: Ctrl-C waits for it (and then writes its own).
        Interrupts.whole { text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    if fd == 1 { Terminal.leaveOnOutputFailure() }
                    return
                }
                offset += n
            }
        } }
    }
}

/// The bytes of a file descriptor, read a block at a time.
final class InputBytes {
    let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0, end = 0
    /// The most milliseconds a read waits for bytes (nil: no bound). The arena bounds a
    /// program's reply so a silent program cannot hold up its run; `timedOut` tells it apart
    /// from an ended input.
    var waitLimit: Int32?
    private(set) var timedOut = false
    /// Asked while a bounded read waits: false when the writer has ended (a program's shell
    /// that exited while something it started holds the pipe open), so the read ends then
    /// rather than at the bound. `writerEnded` tells it apart.
    var writerIsRunning: (() -> Bool)?
    private(set) var writerEnded = false
    init(fd: Int32) { self.fd = fd }

    private static func milliseconds() -> Int64 { Int64(MonotonicClock.seconds() * 1000) }

    /// Waits for bytes until `deadline` (milliseconds, monotonic): false when none came, or
    /// the writer ended meanwhile.
    private func awaitBytes(until deadline: Int64) -> Bool {
        while true {
            let left = deadline - Self.milliseconds()
            if left <= 0 {
                timedOut = true
                return false
            }
            // In slices, to see a writer that ended while its pipe stays open.
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left, writerIsRunning == nil ? left : 200)))
            if polled > 0 { return true }
            if polled < 0 && errno != EINTR { return true }  // the read says what is wrong
            if polled == 0, let writerIsRunning, !writerIsRunning() {
                writerEnded = true
                return false
            }
        }
    }

    /// One line read from the input.
    struct Line {
        /// Its first bytes, up to the `keeping` bound (the newline not among them).
        var bytes: [UInt8]
        /// How long it was in all, up to the runaway bound.
        var length: Int
        /// True when no newline came within the runaway bound: the line was not read to its end.
        var runaway: Bool
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The next line: its first `keeping` bytes kept, the rest read and dropped (a gigabyte line
    /// costs no memory), reading stopping after `runaway` bytes with no newline; nil at the end
    /// of the input with nothing read. Lines are found a block at a time (memchr), not a byte
    /// at a time: 64 MB of input with no newline takes a fraction of a second.
    func line(keeping keep: Int, runaway: Int) -> Line? {
        var line = Line(bytes: [], length: 0, runaway: false)
        var readAny = false
        // The bound is on the whole line: a writer that trickles a byte at a time, never a
        // newline, is out of time all the same.
        let deadline = waitLimit.map { Self.milliseconds() + Int64($0) }
        while true {
            if start == end {
                if let deadline, !awaitBytes(until: deadline) { return nil }
                var n: Int
                repeat { n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } } while n < 0 && errno == EINTR
                guard n > 0 else { return readAny ? line : nil }
                start = 0
                end = n
            }
            readAny = true
            let found: Int? = buffer.withUnsafeBytes { raw in
                memchr(raw.baseAddress! + start, 10, end - start).map { UnsafeRawPointer($0) - raw.baseAddress! }
            }
            let stop = found ?? end
            let piece = stop - start
            if line.bytes.count < keep {
                line.bytes.append(contentsOf: buffer[start..<min(stop, start + keep - line.bytes.count)])
            }
            line.length += piece
            start = found.map { $0 + 1 } ?? end
            if found != nil { return line }
            if line.length > runaway {
                line.runaway = true
                return line
            }
        }
    }
}
