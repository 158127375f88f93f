import GameCore

/// The text loop's model: takes input lines, tells host commands (which start with `/`, so
/// they never collide with a game's input) from moves, and reports each step for a presenter
/// (text or JSON Lines) to show.
public final class SessionDriver {
    public let session: GameSession
    public private(set) var finished = false
    public private(set) var step = 0
    /// What reports carry for programs (see `Presenter.machineView`).
    public var machineView = MachineView.revealed

    /// What one step did, for the presenter.
    public struct Report {
        public enum Status: String {
            case started, accepted, refused, error, command, quit
        }
        public var step: Int
        public var input: String?
        public var status: Status
        public var messages: [String] = []
        public var bells = 0
        /// The host's own notices (see `GameSession.Output.notices`).
        public var notices: [String] = []
        /// Why an input was refused, or the rule error that stopped it.
        public var reason: String?
        /// Whether the game's view should be shown again after this step.
        public var showsView = true
        public var view = ""
        public var moves: [String] = []
        /// Free text the game also accepts now (see `Moves`).
        public var freeText: FreeText?
        public var result: GameResult?
        /// What a program may see of the game (see `MachineView`); null when not asked for.
        public var observation: JSONValue = .null
        /// The whole state, with `--reveal` only.
        public var state: JSONValue?
        /// Set when this step started a game: that game's seed.
        public var newGameSeed: UInt64?
    }

    /// What the reports carry for programs: nothing (text mode), the observation (`--json`),
    /// or the observation and the whole state (`--json --reveal`, a debugging aid).
    public enum MachineView { case none, observation, revealed }

    /// The inputs the host takes once a game is over.
    public static let playAgainMoves = ["y", "n"]

    public init(session: GameSession) { self.session = session }

    /// Starts the first game.
    public func start() -> Report {
        session.rule.lua.beginAllowance()
        defer { session.rule.lua.endAllowance() }
        return newGame(input: nil, status: .started)
    }

    /// The longest input line a game is given (bytes); a longer one is refused unread.
    public static let inputLimit = 4096

    /// Handles one input line.
    public func handle(_ rawLine: String) -> Report {
        step += 1
        // The whole step, the move and everything asked after it, shares one budget.
        session.rule.lua.beginAllowance()
        defer { session.rule.lua.endAllowance() }
        var r = handleWithinAllowance(rawLine)
        // A rule that spends its whole budget input after input would make every line cost
        // the limit: after a few in a row the session ends, as it does when setup fails.
        spentSteps = session.rule.lua.allowanceSpent ? spentSteps + 1 : 0
        if spentSteps >= Self.spentStepLimit && !finished {
            finished = true
            endReason = "error"
            r.status = .error
            r.reason = (r.reason.map { $0 + "\n" } ?? "")
                + "the rule used up its steps or time on \(Self.spentStepLimit) inputs in a row: the session ends"
        }
        return r
    }

    /// Inputs in a row on which the rule used up its budget, and how many end the session.
    private var spentSteps = 0
    public static let spentStepLimit = 3
    /// How the session ended: "quit", or "error" when the rule could not go on.
    public private(set) var endReason = "quit"

    private func handleWithinAllowance(_ rawLine: String) -> Report {
        if rawLine.utf8.count > Self.inputLimit {
            var r = Report(step: step, input: nil, status: .refused)
            r.reason = "that line is longer than the limit of \(Self.inputLimit) bytes"
            r.showsView = false
            return finish(r)
        }
        let line = Self.clean(rawLine)
        if line.hasPrefix("/") { return command(line) }
        if (try? session.result()) != nil {
            switch line.lowercased() {
            case "y", "yes": return newGame(input: line, status: .accepted)
            case "n", "no": return quit(input: line)
            default:
                // The game is over: the host answers, and play is not called, unless the rule
                // says it takes inputs then (`plays_after_result = true`).
                guard session.rule.playsAfterResult else {
                    var r = Report(step: step, input: line, status: .refused)
                    r.reason = "the game is over: y for a new game, n to leave"
                    r.showsView = false
                    return finish(r)
                }
            }
        }
        return report(input: line, outcome: session.play(line))
    }

    /// Strips the line ending and trailing spaces; tabs and other control characters (C0, DEL
    /// and C1, NUL included), which a terminal paste can carry, become spaces. Bytes that were
    /// not UTF-8 arrive as U+FFFD.
    static func clean(_ line: String) -> String {
        var scalars = String.UnicodeScalarView()
        for s in line.unicodeScalars {
            if s == "\n" || s == "\r" { continue }
            scalars.append(s.value < 0x20 || (0x7F..<0xA0).contains(s.value) ? " " : s)
        }
        var text = String(scalars)
        while text.last == " " { text.removeLast() }
        while text.first == " " { text.removeFirst() }
        return text
    }

    public static let hostCommandHelp: [(String, String)] = [
        ("/help", "this list"),
        ("/moves", "the inputs the game accepts now"),
        ("/rules", "how to play"),
        ("/new", "start a new game"),
        ("/quit", "end this game (Ctrl-D too)"),
    ]

    private func command(_ line: String) -> Report {
        let body = line.dropFirst()
        let name = String(body.prefix { $0 != " " }).lowercased()
        let args = String(body.dropFirst(name.count).drop { $0 == " " })  // `clean` took the trailing ones
        var r = Report(step: step, input: line, status: .command)
        r.showsView = false
        switch name {
        case "help":
            var lines = ["Type a move, or a command:"]
            let rows = Self.hostCommandHelp + session.rule.commands.map { ("/\($0.name)", $0.help) }
            let width = rows.map(\.0.count).max() ?? 0
            lines += rows.map { "  " + TerminalWidth.pad($0.0, to: width) + "  " + $0.1 }
            r.messages = lines
        case "moves":
            let moves = (try? session.result()) != nil ? Moves(Self.playAgainMoves) : (try? session.moves()) ?? Moves([])
            // The rule's keys for the moves offered: " (keys: r rock, p paper)".
            let offered = session.rule.keys(offered: moves.listed)
            let keys = moves.listed.flatMap { move in offered.filter { $0.value == move }.keys.sorted().map { "\($0) \(move)" } }
            r.messages = [moves.summary + (keys.isEmpty ? "" : " (keys: " + keys.joined(separator: ", ") + ")")]
        case "rules":
            r.messages = [session.rule.title, TextWrap.reflow(session.rule.howToPlay)]
        case "new":
            return newGame(input: line, status: .command)
        case "quit", "exit":
            return quit(input: line)
        default:
            if let spec = session.rule.commands.first(where: { $0.name == name }) {
                return report(input: line, outcome: session.command(spec, args: args))
            }
            r.status = .refused
            r.reason = "unknown command /\(name) (type /help for the list)"
        }
        return finish(r)
    }

    private func newGame(input: String?, status: Report.Status) -> Report {
        var r = Report(step: step, input: input, status: status)
        do {
            let out = try session.newGame()
            r.messages = out.messages
            r.bells = out.bells
            r.newGameSeed = session.gameSeed
        } catch {
            r.status = .error
            r.reason = String(describing: error)
            r.showsView = false
            finished = true  // without a state there is nothing to play
            endReason = "error"
            return r
        }
        return finish(r)
    }

    private func quit(input: String) -> Report {
        finished = true
        var r = Report(step: step, input: input, status: .quit)
        r.showsView = false
        return finish(r)
    }

    private func report(input: String, outcome: GameSession.Outcome) -> Report {
        var r = Report(step: step, input: input, status: .accepted)
        switch outcome {
        case .accepted(let out):
            r.messages = out.messages
            r.bells = out.bells
            r.notices = out.notices
        case .refused(let reason):
            r.status = .refused
            r.reason = reason
            r.showsView = false
        case .failed(let message):
            r.status = .error
            r.reason = message
            r.showsView = false
        }
        return finish(r)
    }

    /// Fills in what the game looks like after the step. A failing query is reported, not
    /// fatal: the session goes on. Each part is asked for on its own, so one failing hook does
    /// not hide what the others say (a game that is over says so even when its view fails).
    private func finish(_ report: Report) -> Report {
        var r = report
        func note(_ error: Error) {
            if r.reason == nil { r.reason = String(describing: error) }
            r.status = .error
        }
        do { r.result = try session.result() } catch { note(error) }
        do { r.view = try session.view() } catch { note(error) }
        if r.result != nil {
            r.moves = Self.playAgainMoves
        } else {
            do {
                let moves = try session.moves()
                r.moves = moves.listed
                r.freeText = moves.text
            } catch { note(error) }
        }
        guard machineView != .none else { return r }
        do {
            r.observation = try session.observation()
            if machineView == .revealed { r.state = try session.stateJSON() }
        } catch {
            note(error)
        }
        return r
    }
}
