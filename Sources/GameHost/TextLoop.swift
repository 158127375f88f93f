import GameCore

/// Where the loop reads input lines: a terminal with line editing, a pipe, or a test script.
public protocol LineSource: AnyObject {
    /// The next line without its ending, or nil at the end of input.
    func readLine(prompt: String) -> String?
    /// What the player may type now (moves and /commands), for completion at a terminal.
    func offer(_ completions: [String])
    /// The moves listed now, the rule's keys for them, and whether free text is taken too,
    /// where input is read key by key (a move plays as soon as it is typed in full).
    func offer(moves: [String], keys: [String: String], takesText: Bool)
}

extension LineSource {
    public func offer(_ completions: [String]) {}
    public func offer(moves: [String], keys: [String: String], takesText: Bool) {}
}

/// How a piece of output should look; a terminal sink may colour it, others ignore it.
public enum TextStyle { case plain, title, message, refusal, error, dim }

/// Where the loop writes: a terminal (with colour), a pipe, or a test buffer.
public protocol TextSink: AnyObject {
    func write(_ text: String, style: TextStyle)
    /// The terminal bell.
    func bell()
}

/// Shows the steps of a session: as text for people, or as JSON Lines for programs.
public protocol Presenter {
    func begin(_ session: GameSession)
    func show(_ report: SessionDriver.Report)
    func end(reason: String)
    var prompt: String { get }
    /// What reports should carry for programs; reading the state costs a conversion of the
    /// whole state every step, so text mode asks for none.
    var machineView: SessionDriver.MachineView { get }
}

extension Presenter {
    public var machineView: SessionDriver.MachineView { .none }
}

/// view -> prompt -> read a line -> host command or move -> messages -> result -> next.
public enum TextLoop {
    /// The longest word list whose words Tab offers for free text.
    static let completedListLimit = 5_000

    /// Runs a session to its end; returns the exit code (0 unless the game could not start or
    /// go on). With `confirmsNewGame` (a person at a terminal), `/new` in the middle of a game
    /// asks first: the question and its answer are the loop's, not steps of the session, so a
    /// recorded session replays the same.
    public static func run(_ session: GameSession, input: LineSource, presenter: Presenter, confirmsNewGame: Bool = false) -> Int32 {
        let driver = SessionDriver(session: session)
        driver.machineView = presenter.machineView
        presenter.begin(session)
        let first = driver.start()
        presenter.show(first)
        if driver.finished {
            presenter.end(reason: "error")
            return 1
        }
        let commands = SessionDriver.hostCommandHelp.map(\.0) + session.rule.commands.map { "/" + $0.name }
        // Where a game takes free text, Tab completes the words of a list short enough to offer
        // (gathered the first time a step takes free text).
        var listWords: [String]?
        func completions(_ step: SessionDriver.Report) -> [String] {
            guard step.freeText != nil else { return [] }
            if listWords == nil {
                listWords = (session.words?.entries.count ?? .max) <= Self.completedListLimit ? session.words!.entries.map(\.word) : []
            }
            return listWords!
        }
        var last = first
        // Moves accepted in the game being played (a game just started has nothing to lose).
        var movesThisGame = 0
        while !driver.finished {
            input.offer(last.moves + commands + completions(last))
            input.offer(moves: last.moves, keys: session.rule.keys(offered: last.moves), takesText: last.freeText != nil)
            guard let line = input.readLine(prompt: presenter.prompt) else {
                presenter.end(reason: "eof")
                return 0
            }
            if confirmsNewGame && movesThisGame > 0 && last.result == nil && SessionDriver.clean(line).lowercased() == "/new" {
                let answer = input.readLine(prompt: "Start a new game? This one will be lost. (y/n) ")
                // Anything but yes (Ctrl-D too) goes back to the game.
                guard let answer, ["y", "yes"].contains(SessionDriver.clean(answer).lowercased()) else { continue }
            }
            last = driver.handle(line)
            if last.newGameSeed != nil {
                movesThisGame = 0
            } else if last.status == .accepted {
                movesThisGame += 1
            }
            presenter.show(last)
        }
        presenter.end(reason: driver.endReason)
        return driver.endReason == "error" ? 1 : 0
    }
}
