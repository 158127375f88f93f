import GameCore
import GameRules
import GameRuntime

/// Where a session reads input lines: a terminal with line editing, a pipe, or a test script.
public protocol LineSource: AnyObject {
    /// The next line without its ending, or nil at the end of input.
    func readLine(prompt: String) -> String?
    /// The next line and how many bytes were read for it (without the newline), or nil at the
    /// end of input. A source that reads bytes says how many: bytes that are not UTF-8 are
    /// read as U+FFFD, three bytes each, and an input line's limit is on what was read.
    func readInput(prompt: String) -> (line: String, bytes: Int)?
    /// What the player may type now (moves and /commands), for completion at a terminal.
    func offer(_ completions: [String])
    /// The moves listed now, the rule's keys for them, and whether free text is taken too,
    /// where input is read key by key (a move plays as soon as it is typed in full).
    func offer(moves: [String], keys: [String: String], takesText: Bool)
    /// A view that changes with time: every `interval` seconds while a key is awaited, `view`
    /// gives it anew (nil `interval`: the view changes only with input).
    func offer(refresh interval: Double?, view: @escaping () -> RuleView?)
}

extension LineSource {
    public func readInput(prompt: String) -> (line: String, bytes: Int)? { readLine(prompt: prompt).map { ($0, $0.utf8.count) } }
    public func offer(_ completions: [String]) {}
    public func offer(moves: [String], keys: [String: String], takesText: Bool) {}
    public func offer(refresh interval: Double?, view: @escaping () -> RuleView?) {}
}

/// Where a presenter writes: a terminal (with colour), a pipe, or a test buffer.
public protocol TextSink: AnyObject {
    func write(_ text: String, style: TextStyle)
    /// Writes `text` (one line) never broken by wrapping: on a new line when the rest of the
    /// current one has no room for it, and as one line even when it is longer than the window
    /// (the terminal wraps it itself, and a copy of it is one line): a command to copy.
    func writeUnbroken(_ text: String, style: TextStyle)
    /// The terminal bell.
    func bell()
    /// Clears a terminal's screen and what it keeps of lines scrolled off it (nothing for
    /// anything else): the hand-over between people at one keyboard.
    func clearScreen()
}

extension TextSink {
    public func writeUnbroken(_ text: String, style: TextStyle) { write(text, style: style) }
    public func clearScreen() {}
}

/// Shows the steps of a table: as text for people, as JSON Lines for programs, as a
/// transcript. A presenter receives the rule's description once and then each step, and
/// shows them; it never reaches back into the engine.
public protocol Presenter: AnyObject {
    func begin(_ info: RuleInfo)
    func show(_ step: Step)
    func end(reason: Table.EndReason)
    /// The line that sums up a session of several games (`SessionTally`), just before `end`.
    func summarise(session line: String)
    var prompt: String { get }
    /// What steps should carry for programs; reading the state costs a conversion of the whole
    /// state every step, so text asks for none.
    var machineView: Table.MachineView { get }
}

extension Presenter {
    public var machineView: Table.MachineView { .none }
    /// (Programs count their games themselves: the machine protocol says nothing more.)
    public func summarise(session line: String) {}
}

/// Shows nothing: for recording without a player.
public final class SilentPresenter: Presenter {
    public init() {}
    public var prompt: String { "" }
    public func begin(_ info: RuleInfo) {}
    public func show(_ step: Step) {}
    public func end(reason: Table.EndReason) {}
}

/// Input lines from a list.
public final class ScriptedLines: LineSource {
    private var lines: [String]
    public init(_ lines: [String]) { self.lines = lines }
    public func readLine(prompt: String) -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}
