import GameCore
import GamePresenters
import GameRules
import GameRuntime

/// An outside program in a seat, speaking the protocol for it (docs/protocol.md): it reads its
/// seat's stream and gives a line when its seat is to move. The command line starts it (a
/// process); the arena plays it as `play --seat K=program:COMMAND` does.
public protocol SeatProgram: LineSource, TextSink {
    /// Closes the program's input and waits for it to end; false when it did not, and was
    /// stopped.
    @discardableResult
    func finish() -> Bool
    /// Whether it gave no line within the arena's `replyTime` when its seat was to move.
    var overstayed: Bool { get }
}

/// Seat fillers compared over many seeded games (`gamehost arena`): the rule's bot, random
/// moves and outside programs take the seats in turn, and each filler's wins, draws, losses
/// and mean score are counted, with 95% confidence intervals. The games are sim's: played on
/// `Simulation`'s workers, one engine a thread, game k with the seed the run's seed gives it
/// and the line-up k gives, so a seed gives the same numbers whatever the number of jobs.
public enum Arena {
    /// Who may fill a seat in the arena (people play with `gamehost play`).
    public enum Filler: Equatable, Sendable {
        case bot
        case random
        /// The host's search player (`SearchPlayer`).
        case search
        /// An outside program, started afresh for each game it plays (`/bin/sh -c COMMAND`).
        case program(String)

        /// As the command line writes it: `bot`, `random`, `program:COMMAND`.
        public var label: String {
            switch self {
            case .bot: "bot"
            case .random: "random"
            case .search: "search"
            case .program(let command): "program:" + command
            }
        }

        var tableFiller: Table.Filler {
            switch self {
            case .bot: .bot
            case .random: .random
            case .search: .search
            case .program(let command): .program(command)
            }
        }
    }

    public struct Plan: Sendable {
        /// The rule, its options, the games, the seed and the jobs, as sim takes them (`usesBot`
        /// is not read: the fillers say who plays).
        public var games: Simulation.Plan
        /// The fillers to compare, in the order they first sit (see `lineUp`).
        public var fillers: [Filler]
        /// Starts the program for a seat (the command line's process), bounded by
        /// `replyTime`; nil: no programs.
        public var startProgram: (@Sendable (_ command: String, _ seat: Int, _ replyTime: Double) throws -> SeatProgram)?
        /// The most seconds a program may take to give its move (and to end after a game).
        public var replyTime = Arena.replyTimeLimit

        public init(games: Simulation.Plan, fillers: [Filler]) {
            self.games = games
            self.fillers = fillers
        }
    }

    /// How one filler did: the seats it played (a game where it fills two seats counts twice),
    /// and how each ended for it.
    public struct Standing: Equatable, Sendable {
        public var filler: Filler
        /// Its label, made unique in the report ("bot", "bot #2" for a second bot).
        public var name: String
        public var games = 0
        public var wins = 0
        public var draws = 0
        public var losses = 0
        /// The seat's score in the games whose result gives one (`scores`, or `score` in a
        /// game of one seat), in game order.
        public var scores: [Double] = []

        public var winRate: Double { games == 0 ? 0 : Double(wins) / Double(games) }
        /// The 95% Wilson interval of the win rate (nil before any game).
        public var winInterval: ClosedRange<Double>? { Arena.wilson(successes: wins, trials: games) }
        public var meanScore: Double? { scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count) }
        /// The mean score ± 1.96 standard errors (nil with fewer than two scores).
        public var scoreInterval: ClosedRange<Double>? { Arena.meanInterval(scores) }
    }

    public struct Report: Sendable {
        public var games: Int
        /// Games played (all of them, unless the run stopped early).
        public var played: Int
        public var seats: Int
        public var jobs: Int
        public var seconds: Double
        /// One per filler of the plan, in its order.
        public var standings: [Standing]
        /// Games that did not end with a result: they count for nobody.
        public var failures: [Simulation.Failure]
        /// Why the run stopped before its last game, if it did.
        public var stoppedBy: String?
    }

    /// Seconds a program in a seat may take to give a move, by default.
    public static let replyTimeLimit = 10.0

    /// How a seat's game ended for it.
    public enum SeatOutcome: Equatable, Sendable { case win, draw, loss }

    /// Who sits where in game `k` (from 1): for each seat, the index of its filler. The fillers
    /// sit in the order given, repeated to fill the seats, and the order turns by one place
    /// each game, so over any `fillers` games in a row each filler sits in each seat equally
    /// often, and going first favours nobody (two fillers at two seats: half the games each
    /// way).
    public static func lineUp(game k: Int, seats: Int, fillers: Int) -> [Int] {
        (0..<seats).map { seat in (seat + k - 1) % fillers }
    }

    /// How the game ended for `seat`. Seats the result names as winners win (when it names
    /// every seat, they draw) and the others lose; without named seats, the first place of the
    /// ranking decides the same way. Otherwise a result of `winner = "draw"`, or none, is a
    /// draw for every seat of several; in a game of one seat, `winner = "player"` is a win,
    /// "draw" a draw, and anything else (the dealer, no winner) a loss.
    public static func outcome(of seat: Int, in result: GameResult, seats: Int) -> SeatOutcome {
        for winners in [result.winningSeats, result.ranking.first ?? []] where !winners.isEmpty {
            guard winners.contains(seat) else { return .loss }
            return Set(winners).count == seats ? .draw : .win
        }
        if seats == 1 {
            switch result.winner {
            case "player": return .win
            case "draw": return .draw
            default: return .loss
            }
        }
        return result.winner == nil || result.winner == "draw" ? .draw : .loss
    }

    /// Plays the plan's games and counts them for the fillers that sat in each seat.
    public static func run(_ plan: Plan, progress: (@Sendable (Int) -> Void)? = nil) throws -> Report {
        guard !plan.fillers.isEmpty else { throw UsageError("the arena needs fillers to compare (bot, random, program:COMMAND)") }
        // The rule is read once here for what it takes: its seats and whether it has a bot.
        let rule = try LoadedRule(path: plan.games.rulePath, libraryDirectories: plan.games.libraryDirectories)
        let info = rule.info
        rule.close()
        if plan.fillers.contains(.bot) && !info.hasBot {
            throw UsageError("it has no bot of its own: define bot = function(state, game, seat) return input end in \(info.path), or compare random and programs")
        }
        let hasPrograms = plan.fillers.contains { if case .program = $0 { true } else { false } }
        if hasPrograms && plan.startProgram == nil { throw UsageError("programs cannot take seats here") }
        var games = plan.games
        // As many seats as fillers, within what the rule takes, unless the plan says.
        let seats = games.seats ?? min(max(plan.fillers.count, info.seats.min), info.seats.max)
        guard info.seats.contains(seats) else { throw UsageError("it is played by \(info.seats.description) players, not \(seats) (--seats N)") }
        games.seats = seats
        // A program hears every message, as in play: its games are played input by input. So
        // are a search's: its thinking is many calls, each with an allowance of its own, not a
        // share of one for the whole game.
        games.inBulk = !hasPrograms && !plan.fillers.contains(.search)
        let fillers = plan.fillers
        let startProgram = plan.startProgram
        let replyTime = plan.replyTime
        let batch = try Simulation.playGames(games, progress: progress) { worker, k in
            let lineUp = Self.lineUp(game: k, seats: seats, fillers: fillers.count)
            var programs: [(seat: Int, program: SeatProgram)] = []
            defer { for (_, program) in programs { program.finish() } }
            var outside: [Int: SessionLoop.SeatIO] = [:]
            for (index, filler) in lineUp.map({ fillers[$0] }).enumerated() {
                guard case .program(let command) = filler, let startProgram else { continue }
                do {
                    let program = try startProgram(command, index + 1, replyTime)
                    programs.append((index + 1, program))
                    let stream = JSONLinesPresenter(program)
                    stream.seat = index + 1
                    outside[index + 1] = SessionLoop.SeatIO(input: program, presenter: stream, endOfInput: .seatLeft)
                } catch {
                    return Simulation.Outcome(moves: 0, failure: String(describing: error))
                }
            }
            var outcome = worker.play(game: k, fillers: lineUp.map { fillers[$0].tableFiller }, outside: outside)
            let limit = replyTime == replyTime.rounded() ? String(Int(replyTime)) : String(replyTime)
            // A program that went silent is named as such, not as one that ended.
            if let silent = programs.first(where: { $0.program.overstayed }), case .program(let command) = fillers[lineUp[silent.seat - 1]] {
                outcome.failure = "the program in seat \(silent.seat) (\(command)) did not read its input or give its move within \(limit) s (--reply-time SECONDS)"
            }
            // One that outlived its input was stopped, and its game is not counted.
            for (seat, program) in programs where !program.finish() && outcome.failure == nil {
                guard case .program(let command) = fillers[lineUp[seat - 1]] else { continue }
                outcome.failure = "the program in seat \(seat) (\(command)) did not end within \(limit) s of its input closing, and was stopped"
                outcome.result = nil
            }
            return outcome
        }
        var standings = fillers.enumerated().map { index, filler in
            let repeats = fillers[..<index].filter { $0 == filler }.count
            return Standing(filler: filler, name: filler.label + (repeats == 0 ? "" : " #\(repeats + 1)"))
        }
        var failures: [Simulation.Failure] = []
        var played = 0
        // In game order, so sums (and so means) come out the same whatever the jobs.
        for (offset, outcome) in batch.outcomes.enumerated() {
            guard let outcome else { continue }
            played += 1
            let k = offset + 1
            guard let result = outcome.result else {
                failures.append(Simulation.Failure(game: k, seed: games.seed(ofGame: k),
                                                   message: outcome.failure ?? "the game stopped"))
                continue
            }
            for (index, filler) in lineUp(game: k, seats: seats, fillers: fillers.count).enumerated() {
                let seat = index + 1
                standings[filler].games += 1
                switch Self.outcome(of: seat, in: result, seats: seats) {
                case .win: standings[filler].wins += 1
                case .draw: standings[filler].draws += 1
                case .loss: standings[filler].losses += 1
                }
                if let score = result.seatScores[seat] ?? (seats == 1 ? result.score : nil) { standings[filler].scores.append(score) }
            }
        }
        return Report(games: games.games, played: played, seats: seats, jobs: batch.jobs, seconds: batch.seconds,
                      standings: standings, failures: failures, stoppedBy: batch.stoppedBy)
    }

    /// The normal quantile of a two-sided 95% interval.
    static let z = 1.96

    /// The Wilson score interval of a proportion (`successes` of `trials`) at 95%: unlike
    /// p ± z·√(p(1−p)/n), it stays within 0 to 1 and is not empty at 0 or n successes.
    public static func wilson(successes: Int, trials: Int) -> ClosedRange<Double>? {
        guard trials > 0 else { return nil }
        let n = Double(trials), p = Double(successes) / n, z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return max(0, centre - half)...min(1, centre + half)
    }

    /// The mean ± 1.96·s/√n, s the sample standard deviation (nil with fewer than two values).
    public static func meanInterval(_ values: [Double]) -> ClosedRange<Double>? {
        guard values.count >= 2 else { return nil }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let half = z * (variance / n).squareRoot()
        return (mean - half)...(mean + half)
    }
}
