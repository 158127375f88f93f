import Dispatch
import GameCore
import LuaKit
import Locking
#if canImport(Glibc)
import Glibc
import GamePresenters
import GameRules
import GameRuntime
#endif

/// Random playthroughs of a rule in bulk (`gamehost sim`): each worker thread has an engine
/// of its own, and each game its own number and seed derived from the run's seed, so the
/// outcome is the same whatever the number of jobs, and a failing game's replay line
/// (`gamehost play GAME --seed S --game K`) plays it again. Games are played by the same
/// table and players as everywhere else, in the engine's bulk mode: no views, no counted
/// steps, one time limit per game. The arena (`Arena`) plays its games on the same workers.
public enum Simulation {
    public struct Plan: Sendable {
        public var rulePath: String
        public var libraryDirectories: [String] = []
        public var options: [String: String] = [:]
        /// The command the options were given to (named when one is unknown).
        public var command = CommandOptions.sim
        public var words: WordList?
        public var games = 1000
        public var seed: UInt64 = 1
        public var jobs = 1
        /// Seats at the table (nil: the fewest the rule takes).
        public var seats: Int?
        /// Moves after which a game that has not ended counts as a failure.
        public var maxMoves = 50_000
        /// Seconds one game may run; a game past it fails, and the run stops there.
        public var timeLimit = Simulation.gameTimeLimit
        /// Plays the rule's own `bot(state, game, seat)` in every seat instead of random moves.
        public var usesBot = false
        /// Plays the host's search player in every seat (`gamehost sim GAME --bot search`): its
        /// games are played input by input, each call into the rule with a budget of its own.
        public var usesSearch = false
        /// How long a `search` seat thinks about a move.
        public var thinking = SearchPlayer.Budget.standard
        /// Whether the games are played in bulk mode (see `inBulk`): not where a search thinks.
        var playsInBulk: Bool { inBulk && !usesSearch }
        /// The most seconds the whole run may take (`--total-time`); the run stops there.
        public var totalTime = Simulation.totalTimeLimit
        /// Whether the run has been asked to stop (an interrupt): it then starts no more games,
        /// and reports the ones played.
        public var stopAsked: (@Sendable () -> Bool)?
        /// Games in the engine's bulk mode: one time limit a game (`timeLimit`), no messages
        /// kept. False plays them input by input, as `play` does (each input within
        /// `timeLimit`), so a program in a seat hears every message (the arena's programs).
        public var inBulk = true
        /// Each game's seed is a keyed hash of its number under the run's seed (SipHash), not
        /// the session's sequence: seeing a finished game's seed tells a program nothing of the
        /// run's seed or of any other game (the arena, where programs play).
        public var keyedSeeds = false

        public init(rulePath: String) { self.rulePath = rulePath }

        /// The seed of game `k` (from 1) of the run.
        public func seed(ofGame k: Int) -> UInt64 {
            guard keyedSeeds else { return Simulation.seed(ofGame: k, base: seed) }
            return SipHash.hash(UInt64(k), k0: seed, k1: ~seed) % 1_000_000_000
        }
    }

    public struct Failure: Equatable, Sendable {
        public var game: Int
        public var seed: UInt64
        public var message: String
    }

    /// What a run found.
    public struct Summary: Sendable {
        public var games: Int
        /// Finished games by winner ("none" when the result names no winner).
        public var outcomes: [String: Int]
        /// Moves of each finished game, in game order.
        public var lengths: [Int]
        /// `result.score` of every game that gave one.
        public var scores: [Double] = []
        public var failures: [Failure]
        public var seconds: Double
        public var jobs: Int
        /// Why the run stopped before its last game, if it did.
        public var stoppedBy: String?
        /// Games played (all of them, unless the run stopped early).
        public var played: Int

        public var gamesPerSecond: Double { seconds > 0 ? Double(played) / seconds : 0 }
    }

    /// Seconds one simulated game may run, by default, before it is stopped as a failure, and
    /// the whole run.
    public static let gameTimeLimit = 2.0
    public static let totalTimeLimit = 300.0

    /// The seed of game `k` (from 1) of a run: what a session with the run's seed gives its
    /// game k.
    public static func seed(ofGame k: Int, base: UInt64) -> UInt64 {
        var settings = EngineSettings()
        settings.seed = base
        return settings.seed(ofGame: k)
    }

    /// What one game's rule may hold, as in a played game.
    static let ruleMemoryCap = 64 << 20
    /// What the workers' rules may hold together: so a simulation runs on at most three
    /// threads, whatever --jobs asks, and the process stays within 200 MB.
    static let memoryBudget = 192 << 20

    /// Runs the plan; `progress` is told how many games are done (from worker threads).
    public static func run(_ plan: Plan, progress: (@Sendable (Int) -> Void)? = nil) throws -> Summary {
        let batch = try playGames(plan, progress: progress) { worker, k in worker.play(game: k) }
        var outcomes: [String: Int] = [:]
        var lengths: [Int] = []
        var scores: [Double] = []
        var failures: [Failure] = []
        var played = 0
        for (k, outcome) in batch.outcomes.enumerated() {
            guard let outcome else { continue }
            played += 1
            if let message = outcome.failure {
                failures.append(Failure(game: k + 1, seed: plan.seed(ofGame: k + 1), message: message))
            } else {
                outcomes[outcome.result?.winnerText ?? "none", default: 0] += 1
                lengths.append(outcome.moves)
                if let score = outcome.result?.score { scores.append(score) }
            }
        }
        return Summary(games: plan.games, outcomes: outcomes, lengths: lengths, scores: scores, failures: failures, seconds: batch.seconds,
                       jobs: batch.jobs, stoppedBy: batch.stoppedBy, played: played)
    }

    /// What a run of games left: each game's outcome by its number less one (nil for a game not
    /// played, when the run stopped early), and how the run went.
    struct Batch {
        var outcomes: [Outcome?]
        var seconds: Double
        var jobs: Int
        var stoppedBy: String?
    }

    /// Plays games 1 to `plan.games` on worker threads, each worker with an engine of its own
    /// and the games dealt out in turn, so what game k does depends on k alone, whatever the
    /// number of jobs: `play` plays game k on a worker (sim's random seats, the arena's line-up
    /// of the game). `progress` is told how many games are done (from worker threads).
    static func playGames(_ plan: Plan, progress: (@Sendable (Int) -> Void)?, play: @Sendable (Worker, Int) -> Outcome) throws -> Batch {
        // Every worker's engine is made here, on this thread: a bad rule or option fails at
        // once, and no state is made twice (a rule can hold its whole memory limit from the
        // start). Each worker then plays on a thread of its own.
        let jobs = max(1, min(plan.jobs, plan.games, memoryBudget / ruleMemoryCap))
        var workers: [Worker] = [try Worker(plan)]
        for _ in 1..<jobs { if let w = try? Worker(plan) { workers.append(w) } }
        defer { for worker in workers { worker.engine.close() } }
        let results = Results(count: plan.games)
        let start = MonotonicClock.seconds()
        let deadline = start + plan.totalTime
        let shared = SharedWorkers(workers)
        let count = workers.count
        DispatchQueue.concurrentPerform(iterations: count) { w in
            let worker = shared.workers[w]
            for k in stride(from: w, to: plan.games, by: count) {
                // A rule that ran past the time limit would do it again: stop the run.
                if results.stopReason != nil { break }
                if plan.stopAsked?() == true {
                    results.stop("interrupted")
                    break
                }
                if MonotonicClock.seconds() > deadline {
                    results.stop("the run's time limit of \(Int(plan.totalTime)) s (--total-time SECONDS)")
                    break
                }
                let outcome = play(worker, k + 1)
                if outcome.hitLimit { results.stop("a game ran past the time limit of \(plan.timeLimit) s (--time-limit SECONDS) or the memory limit") }
                let done = results.set(k, outcome)
                progress?(done)
            }
        }
        return Batch(outcomes: results.all, seconds: MonotonicClock.seconds() - start, jobs: count, stoppedBy: results.stopReason)
    }

    /// Game `k` of the plan, step by step (how sim plays it, for comparing with the other
    /// modes).
    public static func trace(_ plan: Plan, game k: Int) throws -> (trace: PlayTrace, failure: String?) {
        let worker = try Worker(plan)
        defer { worker.engine.close() }
        var trace = PlayTrace()
        let outcome = worker.play(game: k) { step in trace.note(step, worker.engine) }
        return (trace, outcome.failure)
    }

    /// How one game ended.
    struct Outcome: Sendable {
        /// The result, for a game that ended with one.
        var result: GameResult?
        var moves: Int
        var failure: String?
        /// Ended by the time or memory limit: a rule that did it once would do it again.
        var hitLimit = false
    }

    /// One thread's engine and table.
    final class Worker {
        let plan: Plan
        let engine: GameEngine
        /// The table of the plan's own seating, kept from game to game: a table starts each
        /// game afresh (its players, notes and counts), and making one names its seats.
        private var ownTable: Table?

        init(_ plan: Plan) throws {
            self.plan = plan
            // Each worker's game has the memory a played game has (the modes agree on what a
            // rule may do); the number of workers keeps them all within `memoryBudget`.
            let rule = try LoadedRule(path: plan.rulePath, libraryDirectories: plan.libraryDirectories,
                                      memoryCap: Simulation.ruleMemoryCap)
            if plan.usesBot && !rule.info.hasBot {
                throw UsageError("\(rule.info.id) has no bot: define bot = function(state, game, seat) return input end in \(rule.path)")
            }
            var settings = EngineSettings()
            settings.options = plan.options
            settings.command = plan.command
            settings.seed = plan.seed
            settings.words = plan.words
            settings.seats = plan.seats
            settings.practice = true
            if plan.playsInBulk { settings.mode = .bulk(secondsPerGame: plan.timeLimit) }
            engine = try GameEngine(rule: rule, settings: settings)
            if !plan.playsInBulk { engine.timeLimit = plan.timeLimit }
        }

        /// Plays game `k` (from 1) to its end, with its own seed: its seats filled by `fillers`
        /// (by default the plan's, random moves or the rule's bot in every seat), and the seats
        /// in `outside` played from outside, as `play` plays them (the arena's programs: each
        /// sees the steps as its seat's stream, and gives a line when its seat is to move).
        /// `onStep` is told of each step.
        func play(game k: Int, fillers: [Table.Filler]? = nil, outside: [Int: SessionLoop.SeatIO] = [:],
                  onStep: ((Step) -> Void)? = nil) -> Outcome {
            let seed = plan.seed(ofGame: k)
            // The players' own chance, apart from the game's (which legal move each picks),
            // comes from the game's seed.
            let table: Table
            if fillers == nil, outside.isEmpty, let kept = ownTable {
                table = kept
            } else {
                table = Table(engine: engine, fillers: fillers ?? Array(repeating: plan.usesSearch ? .search : plan.usesBot ? .bot : .random, count: engine.seatCount))
                if fillers == nil, outside.isEmpty { ownTable = table }
            }
            table.playsOneGame = true
            table.thinking = plan.thinking
            // Views are drawn only for seats played from outside, in the form they read.
            table.viewers = outside.keys.sorted()
            let presenters = table.viewers.map { outside[$0]!.presenter }
            table.machineView = presenters.contains { $0.machineView != .none } ? .observation : .none
            for p in presenters { p.begin(engine.info) }
            let driver = Driver(table: table)
            driver.moveLimit = plan.maxMoves
            driver.observers.append { step in
                onStep?(step)
                for p in presenters { p.show(step) }
            }
            let game = { () -> Outcome in
                driver.start(game: k, seed: seed)
                driver.run(input: { seat, _ in outside[seat]?.input.readInput(prompt: "") },
                           endOfInput: { seat in outside[seat]?.endOfInput ?? .eof })
                let moves = driver.moves
                // A game that used up its time or memory before it began (in setup) stops the
                // run as one that used them up later does.
                let hitLimit = driver.lastCode == .budget || driver.lastCode == .memory
                    || (driver.lastCode == .setupFailed && self.engine.setupUsedUpItsLimits)
                if let failure = driver.failure { return Outcome(moves: moves, failure: failure, hitLimit: hitLimit) }
                // The table ends a game of its own (endReason quit) when the result comes;
                // any other end is the rule's failure, which the last step says.
                if table.finished && table.endReason != .quit {
                    return Outcome(moves: moves, failure: driver.lastReason ?? "the game stopped", hitLimit: hitLimit)
                }
                do {
                    guard let result = try self.engine.result() else {
                        return Outcome(moves: moves, failure: "no seat the table plays is to move, but result() says the game goes on")
                    }
                    return Outcome(result: result, moves: moves)
                } catch {
                    return Outcome(moves: moves, failure: String(describing: error))
                }
            }
            // In bulk a whole game has one budget; input by input, each input has its own.
            let outcome = plan.playsInBulk ? engine.step(game) : game()
            for p in presenters { p.end(reason: table.finished ? table.endReason : .error) }
            return outcome
        }
    }

    /// The workers, each used by one thread of the run only.
    final class SharedWorkers: @unchecked Sendable {
        // Safe: concurrentPerform gives worker w to iteration w alone, and the array is not
        // changed while the iterations run.
        let workers: [Worker]
        init(_ workers: [Worker]) { self.workers = workers }
    }

    /// The games' outcomes, written by the workers, and whether they should stop.
    final class Results: Sendable {
        private struct State {
            var slots: [Outcome?]
            var done = 0
            var reason: String?
        }
        private let state: Locked<State>

        /// The slots grow as games finish, not to `count` at once: `--games 100000000` under a
        /// time bound would otherwise hold gigabytes for games never played.
        init(count: Int) { state = Locked(State(slots: [])) }

        /// Keeps game k's outcome; returns how many games are done.
        func set(_ k: Int, _ outcome: Outcome) -> Int {
            state.withLock { s in
                if k >= s.slots.count { s.slots.append(contentsOf: repeatElement(nil, count: k + 1 - s.slots.count)) }
                s.slots[k] = outcome
                s.done += 1
                return s.done
            }
        }
        func stop(_ why: String) { state.withLock { if $0.reason == nil { $0.reason = why } } }
        var stopReason: String? { state.withLock { $0.reason } }
        var all: [Outcome?] { state.withLock { $0.slots } }
    }
}
