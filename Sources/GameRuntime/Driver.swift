import GameCore

/// Runs a table from its start to its end: the one loop of every mode. It starts the game,
/// plays the seats the table fills itself (the rule's bot, random moves), takes the inputs of
/// the other seats (a person at a terminal, a program, a network connection, a test, a
/// recorded transcript), holds every seat to the same rules, and tells its observers of each
/// step, in order.
///
/// Its clients either push inputs as they come (`submit`, then `playAutomaticMoves`: the
/// server, a test) or hand it a source for each seat and let it pull (`run`: play, the
/// protocol, the menu, sim and the arena); check and replay step it one step at a time.
///
/// The rules it holds seats to, in every mode:
/// - a table of one game (`Table.playsOneGame`: sim, the arena, check) is played to its end:
///   a seat that sends `/new`, `/quit` or `/exit` ends the session, as that seat's failure;
/// - a program in a seat that gives `idleLimit` inputs in a row the game did not take (refused
///   moves, commands) ends the session, as its failure: a program could loop for ever.
public final class Driver {
    public let table: Table
    /// Told of every step, in order (presenters, a transcript, a server's connections).
    public var observers: [(Step) -> Void] = []

    /// The last step that showed the game (a start, a move): the seat to move and its moves.
    public private(set) var last: Step?
    /// The reason and code of the latest step of all, whatever it was (why a session stopped).
    public private(set) var lastReason: String?
    public private(set) var lastCode: StepCode?
    /// Why the session ended as a seat's failure (a program that idled, a seat that left a
    /// game of one), if it did.
    public private(set) var failure: String?
    /// What the game in play began with (its options, seats and seed): the `start` of the step
    /// that began it.
    public private(set) var gameStart: GameStart?
    /// Moves the game took since it started.
    public private(set) var movesThisGame = 0
    /// Moves taken in the whole session.
    public private(set) var moves = 0
    /// Inputs in a row from each program's seat that the game did not take.
    private var idle: [Int: Int] = [:]
    /// Whether a seat's source stopped `run` where it was, ending nothing (`pause`).
    public private(set) var paused = false
    /// The most moves the session may take (sim's and check's `--max-moves`): past it, the
    /// session ends as the rule's failure.
    public var moveLimit: Int?

    public init(table: Table) {
        self.table = table
    }

    public var engine: GameEngine { table.engine }
    public var finished: Bool { table.finished }

    /// How many inputs in a row a program may give that the game does not take.
    public var idleLimit: Int { RandomPlayer.refusalLimit(words: engine.words) }

    /// Starts the first game (or game `number` with `seed`).
    @discardableResult
    public func start(game number: Int? = nil, seed: UInt64? = nil) -> Step {
        let step = table.start(game: number, seed: seed)
        note(step)
        return step
    }

    /// The seat whose input the game waits for, one the table does not play: the first such
    /// seat to move, or, once a game is over, the seat asked to play again. Nil when the table
    /// plays the next move itself, or the session is over.
    public var seatToMove: Int? {
        guard !table.finished, let last else { return nil }
        if let seat = last.toMove.first(where: { !table.fillers[$0 - 1].isAutomatic }) { return seat }
        return last.result != nil ? table.playAgainSeat : nil
    }

    /// Plays one move of a seat the table fills itself, when one is to move.
    @discardableResult
    public func playAutomatic() -> Step? {
        guard let step = table.nextAutomaticStep() else { return nil }
        note(step)
        return step
    }

    /// Plays the table's own moves until a seat it does not fill is to move, or the session is
    /// over; returns their steps.
    @discardableResult
    public func playAutomaticMoves() -> [Step] {
        var steps: [Step] = []
        while !table.finished, let step = playAutomatic() { steps.append(step) }
        return steps
    }

    /// `playAutomaticMoves` for the observers alone: no step is kept (all of a sim's game is
    /// the table's own moves, and a long one would be held in memory whole).
    public func playAutomaticMovesForObservers() {
        while !table.finished, playAutomatic() != nil {}
    }

    /// One input line of `seat` (by default the seat to move), held to the driver's rules.
    @discardableResult
    public func submit(_ line: String, seat: Int? = nil, bytes: Int? = nil) -> Step {
        let seat = seat ?? seatToMove
        // (A command is short: a long line, which may hold text Swift compares slowly, see
        // `MarkRun`, is never compared.)
        if table.playsOneGame, let seat, line.utf8.count < 64, ["/new", "/quit", "/exit"].contains(InputLine.clean(line).lowercased()) {
            return fail("\(who(seat)) sent \(InputLine.clean(line).lowercased()): each game is played to its end", seat: seat, input: line)
        }
        let step = table.handle(line, seat: seat, bytes: bytes)
        note(step)
        if let seat, table.fillers.indices.contains(seat - 1), case .program = table.fillers[seat - 1] {
            idle[seat] = step.status == .accepted || step.start != nil ? 0 : (idle[seat] ?? 0) + 1
            if idle[seat]! >= idleLimit && !table.finished {
                _ = fail("\(who(seat)) gave \(idleLimit) inputs in a row that were not moves the game took", seat: seat, input: nil)
            }
        }
        return step
    }

    /// The seat leaves (its input ended, or it quit): the rule may finish a game left in the
    /// middle (`leave`), and the session ends.
    @discardableResult
    public func leave(_ reason: Table.EndReason, seat: Int? = nil) -> Step? {
        guard let step = table.leave(reason, seat: seat) else { return nil }
        note(step)
        return step
    }

    /// Stops `run` at the input being asked for, with nothing ended and nothing played: its
    /// client goes on otherwise (a move taken back goes on with a driver of the table played
    /// again without it). The source that pauses returns nil.
    public func pause() { paused = true }

    /// Goes on after a `pause` that came to nothing (the move could not be taken back).
    public func proceed() { paused = false }

    /// Where a seat's inputs come from, for `run`.
    public typealias Source = (_ seat: Int, _ driver: Driver) -> (line: String, bytes: Int)?

    /// Runs the session to its end: the table's own moves, and for every other seat to move a
    /// line from `input` (nil: that seat has left; `endOfInput` says how the session then
    /// ends). Starts the game first unless it has started. Returns how the session ended.
    @discardableResult
    public func run(input: Source, endOfInput: (Int) -> Table.EndReason = { _ in .eof }) -> Table.EndReason {
        if last == nil { start() }
        while !table.finished {
            playAutomaticMovesForObservers()
            if table.finished { break }
            // No seat to move and no result is the rule's fault: a game of one ends there; where
            // people sit, the first of them is asked (they can still leave, or start anew).
            guard let seat = seatToMove ?? (table.playsOneGame ? nil : table.playAgainSeat) else {
                failure = "no seat the table plays is to move, but result() says the game goes on"
                table.end(.error)
                break
            }
            guard let (line, bytes) = input(seat, self) else {
                if paused { break }
                let reason = endOfInput(seat)
                if table.playsOneGame { failure = "\(who(seat)) ended, or closed its output, before the game did" }
                if leave(reason, seat: seat) == nil { table.end(reason) }
                break
            }
            submit(line, seat: seat, bytes: bytes)
        }
        return table.endReason
    }

    /// Who a seat is, for a failure's message.
    public func who(_ seat: Int) -> String {
        if case .program(let command) = table.fillers[seat - 1] { return "the program in seat \(seat) (\(command))" }
        return "seat \(seat)"
    }

    private func note(_ step: Step) {
        lastReason = step.reason
        lastCode = step.code
        if let start = step.start {
            movesThisGame = 0
            gameStart = start
        }
        if step.status == .accepted {
            movesThisGame += 1
            moves += 1
        }
        // A refusal or a command keeps the last view, moves and turn: the next input is asked
        // of the same seat with the same moves.
        if step.showsView || step.start != nil || last == nil {
            last = step
        } else if !step.toMove.isEmpty {
            last?.toMove = step.toMove
        }
        for observer in observers { observer(step) }
        if let moveLimit, moves >= moveLimit, !table.finished {
            failure = "no result after \(moveLimit) moves"
            table.end(.error)
        }
    }

    /// Ends the session as `seat`'s failure, with a step every observer is shown.
    private func fail(_ reason: String, seat: Int, input: String?) -> Step {
        failure = reason
        let step = table.stop(reason, seat: seat, input: input)
        note(step)
        return step
    }
}
