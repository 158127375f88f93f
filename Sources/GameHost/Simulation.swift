import Dispatch
import GameCore
import LuaKit
#if canImport(Glibc)
import Glibc
#endif

/// Random playthroughs of a rule in bulk (`gamehost sim`): each worker thread has its own Lua
/// state, and each game its own seed derived from the base seed, so the outcome is the same
/// whatever the number of jobs. The game loop runs inside Lua (see `driverSource`), calling
/// the rule's hooks directly: a simulation pays for the rule's work, not for the text loop's
/// snapshots and conversions. A move that `moves()` offered but `play` refused or failed on
/// ends that game as a failure.
public enum Simulation {
    public struct Plan {
        public var rulePath: String
        public var libraryDirectories: [String] = []
        public var options: [String: String] = [:]
        public var words: WordList?
        public var games = 1000
        public var seed: UInt64 = 1
        public var jobs = 1
        /// Moves after which a game that has not ended counts as a failure.
        public var maxMoves = 50_000
        /// Seconds one game may run; a game past it fails, and the run stops there.
        public var timeLimit = Simulation.gameTimeLimit
        /// Plays the rule's own `bot(state, game)` instead of random moves (`sim --bot`).
        public var usesBot = false

        public init(rulePath: String) { self.rulePath = rulePath }
    }

    public struct Failure: Equatable {
        public var game: Int
        public var seed: UInt64
        public var message: String
    }

    public struct Report {
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
        /// Set when a game ran past the time or memory limit and the run stopped early.
        public var stoppedEarly = false

        public var gamesPerSecond: Double { seconds > 0 ? Double(games) / seconds : 0 }
    }

    /// Seconds one simulated game may run, by default, before it is stopped as a failure.
    public static let gameTimeLimit = 2.0

    /// The seed of game `k` of a run: SplitMix64 of the base seed plus k.
    public static func seed(forGame k: Int, base: UInt64) -> UInt64 {
        var z = base &+ UInt64(k) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Runs the plan; `progress` is told how many games are done (from worker threads).
    public static func run(_ plan: Plan, progress: ((Int) -> Void)? = nil) throws -> Report {
        // Every worker's state is made here, on this thread: a bad rule or option fails at
        // once, and no state is made twice (a rule can hold its whole memory limit from the
        // start). Each worker then plays on a thread of its own.
        let jobs = max(1, min(plan.jobs, plan.games))
        let first = try Worker(plan)
        let workers: [Worker?] = [first] + (1..<max(jobs, 1)).map { _ in try? Worker(plan) }
        defer { for worker in workers { worker?.rule.close() } }
        var results = [Worker.Outcome?](repeating: nil, count: plan.games)
        let counter = Counter()
        let start = monotonicSeconds()
        results.withUnsafeMutableBufferPointer { slots in
            let slots = SendableBuffer(slots)
            DispatchQueue.concurrentPerform(iterations: jobs) { w in
                guard let worker = workers[w] else { return }
                for k in stride(from: w, to: plan.games, by: jobs) {
                    // A rule that ran past the time limit would do it again: stop the run.
                    if counter.stopped { break }
                    let outcome = worker.play(game: k)
                    slots.buffer[k] = outcome
                    if outcome.hitLimit { counter.stop() }
                    let done = counter.increment()
                    progress?(done)
                }
            }
        }
        let seconds = monotonicSeconds() - start
        var outcomes: [String: Int] = [:]
        var lengths: [Int] = []
        var scores: [Double] = []
        var failures: [Failure] = []
        for (k, result) in results.enumerated() {
            guard let result else {
                if !counter.stopped {
                    failures.append(Failure(game: k, seed: seed(forGame: k, base: plan.seed), message: "the worker could not start"))
                }
                continue
            }
            if let message = result.failure {
                failures.append(Failure(game: k, seed: seed(forGame: k, base: plan.seed), message: message))
            } else {
                outcomes[result.winner, default: 0] += 1
                lengths.append(result.moves)
                if let score = result.score { scores.append(score) }
            }
        }
        return Report(games: plan.games, outcomes: outcomes, lengths: lengths, scores: scores, failures: failures, seconds: seconds,
                      jobs: jobs, stoppedEarly: counter.stopped)
    }

    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// One thread's rule state and game loop.
    final class Worker {
        struct Outcome {
            var winner: String
            var moves: Int
            var failure: String?
            var score: Double?
            /// Ended by the time or memory limit: a rule that did it once would do it again.
            var hitLimit = false
        }

        let plan: Plan
        let rule: Rule
        let driver: LuaRef
        /// The bot's own chance, apart from the game's: which legal move it picks.
        let bot = Bot()

        final class Bot { var random = RandomSource(seed: 0) }

        init(_ plan: Plan) throws {
            self.plan = plan
            // The workers share the rule's memory limit: a simulation on N cores holds no more
            // than one game does.
            rule = try Rule(path: plan.rulePath, libraryDirectories: plan.libraryDirectories,
                            memoryCap: (64 << 20) / max(1, min(plan.jobs, plan.games)))
            let options = try rule.resolveOptions(plan.options)
            if rule.defaultWordList != nil && plan.words == nil { throw UsageError("\(rule.id) plays a word list: give one with --words") }
            if plan.usesBot && rule.hooks.bot == nil {
                throw UsageError("\(rule.id) has no bot: define bot = function(state, game) return input end in \(rule.path)")
            }
            rule.api.bind(options: options, seed: plan.seed, random: RandomSource(seed: plan.seed), clock: ManualClock(),
                          words: plan.words, scores: ScoreKeeper(store: nil))
            // A whole game is one call. Simulations run without the per-instruction count
            // hook; the wall-clock watchdog stops a game that runs too long instead.
            rule.lua.stepBudget = nil
            rule.lua.timeLimit = plan.timeLimit
            rule.api.keepsMessages = false
            let pick = rule.lua.function("the simulation's move picker", [.integer("n", 1...Int64(Int32.max))]) { [bot] call in
                call.push(Int64(try bot.random.int(in: 1...call.int(1))))
                return 1
            }
            // Free text: a word of the list, or letters in the shape of one (the driver checks
            // the rule's pattern).
            let words = plan.words
            let letters = words?.letters(fold: false) ?? []
            let candidate = rule.lua.function("the simulation's free-text candidate", [.string("pattern", max: FreeText.limit, optional: true)]) { [bot] call in
                let pattern = call.isNil(1) ? nil : call.text(1)
                call.push(try FreeText.candidate(words: words, letters: letters, random: bot.random, pattern: pattern) { _ in true })
                return 1
            }
            // Moves with free text are checked as play checks them (a list alone needs nothing).
            let checkMoves = rule.lua.function("moves", [.table("moves")]) { [rule] call in
                do { _ = try Moves(reading: try call.value(1), of: rule) } catch let error as RuleError {
                    throw GameAPIError(error.problems.joined(separator: "; "))
                }
                return 0
            }
            let chunk = try rule.lua.load(Self.driverSource, chunkName: "=simulation")
            let matcher = try rule.lua.load(FreeText.matcherSource, chunkName: "=pattern")
            let hooks = rule.hooks
            guard case .ref(let f)? = try rule.lua.call(chunk, [
                .ref(hooks.setup), .ref(hooks.moves), .ref(hooks.play), .ref(hooks.result),
                .ref(rule.api.table), .ref(pick), .ref(rule.api.refusalToken), .ref(candidate), .ref(matcher), .ref(checkMoves),
                plan.usesBot ? .ref(hooks.bot!) : .nil, .integer(Int64(Conformance.freeTextTries)),
            ], results: 1).first else { throw RuleError(["the simulation driver did not load"]) }
            driver = f
        }

        func play(game k: Int) -> Outcome {
            let gameSeed = Simulation.seed(forGame: k, base: plan.seed)
            rule.api.random = RandomSource(seed: gameSeed)
            rule.api.words = plan.words.map(WordQueue.init)
            bot.random = RandomSource(seed: gameSeed ^ 0x5DEE_CE66_D1CE_5EED)
            defer {
                _ = rule.api.takeOutput()
                rule.api.scores.discard()
                rule.api.refusal = nil
            }
            do {
                let r = try rule.lua.call(driver, [.integer(Int64(plan.maxMoves))], results: 4)
                let moves = Int(r[1].integer ?? 0)
                if let message = r[2].string { return Outcome(winner: "", moves: moves, failure: message) }
                let score: Double? = switch r[3] {
                case .integer(let n): Double(n)
                case .number(let d) where d.isFinite: d
                default: nil
                }
                return Outcome(winner: r[0].string ?? "none", moves: moves, score: score)
            } catch let error as LuaError {
                return Outcome(winner: "", moves: 0, failure: error.message, hitLimit: error.kind == .budget || error.kind == .memory)
            } catch {
                return Outcome(winner: "", moves: 0, failure: String(describing: error))
            }
        }

        /// One game with random moves. Returns the winner (or "none"), the number of moves,
        /// and a failure message when the game broke the contract.
        static let driverSource = #"""
        local setup, moves, play, result, game, pick, refusal, candidate, matches, check_moves, bot, refusal_limit = ...
        local pcall, type, tostring, rawlen, rawget, next, math = pcall, type, tostring, rawlen, rawget, next, math
        -- A candidate for free text that matches the rule's pattern, if one turns up.
        -- After 20 random tries, the words of the list that match a narrow pattern (hard
        -- mode's known letters), walked from where the last search stopped: refused one after
        -- another, they are different words.
        -- The walk also starts once 20 candidates in a row were refused.
        local cursor = 0
        local function free_text(pattern, refused)
          if type(pattern) ~= "string" then pattern = nil end
          local text = candidate(pattern)
          for _ = 1, refused < 20 and 20 or 0 do
            if pattern == nil or matches(text, pattern) then return text end
            text = candidate(pattern)
          end
          local n = game.words.count()
          for _ = 1, math.min(n, 5000) do
            cursor = cursor % n + 1
            local word = game.words.entry(cursor).word
            if pattern == nil or matches(word, pattern) then return word end
          end
          return text
        end
        return function(max_moves)
          local state = setup(game)
          local count, refused = 0, 0
          while true do
            local outcome = result(state, game)
            if outcome then
              local winner = type(outcome) == "table" and outcome.winner
              local score = type(outcome) == "table" and math.type(outcome.score) and outcome.score or nil
              return winner and tostring(winner) or "none", count, nil, score
            end
            if bot then
              -- The rule's own player: its input must be accepted.
              local move = bot(state, game)
              if type(move) ~= "string" then return nil, count, "bot returned " .. type(move) .. ", not an input (a string)" end
              local ok, err = pcall(play, state, move, game)
              if not ok then
                if err == refusal then return nil, count, "bot chose '" .. move .. "', but play refused it" end
                return nil, count, tostring(err)
              end
              if type(err) == "table" then state = err end
              count = count + 1
              if count >= max_moves then return nil, count, "no result after " .. max_moves .. " moves" end
              goto continue
            end
            local legal = moves(state, game)
            if type(legal) ~= "table" then return nil, count, "moves() must return a list of strings, not " .. type(legal) end
            local n, text = rawlen(legal), rawget(legal, "text")
            if next(legal, n > 0 and n or nil) ~= nil then
              local ok, err = pcall(check_moves, legal)
              if not ok then return nil, count, tostring(err) end
            end
            if n == 0 and text == nil then return nil, count, "moves() offered nothing, but result() says the game goes on" end
            local free = text ~= nil and (n == 0 or pick(2) == 1)
            local move = free and free_text(rawget(legal, "pattern"), refused) or legal[pick(n)]
            local ok, err = pcall(play, state, move, game)
            if not ok then
              if err ~= refusal then return nil, count, tostring(err) end
              if not free then return nil, count, "moves() offered '" .. tostring(move) .. "', but play refused it" end
              refused = refused + 1
              -- Enough for the walk through the whole list, which finds any word the rule takes.
              local limit = math.max(refusal_limit, game.words.count() + 40)
              if refused >= limit then
                return nil, count, "moves() takes " .. tostring(text) .. ", but play refused " .. limit .. " candidates in a row"
              end
            else
              if type(err) == "table" then state = err end
              count, refused = count + 1, 0
              if count >= max_moves then return nil, count, "no result after " .. max_moves .. " moves" end
            end
            ::continue::
          end
        end
        """#
    }

    /// A count shared by the workers, and whether they should stop.
    final class Counter {
        private var mutex = pthread_mutex_t()
        private var value = 0
        private var stopFlag = false
        var stopped: Bool {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return stopFlag
        }
        func stop() {
            pthread_mutex_lock(&mutex)
            stopFlag = true
            pthread_mutex_unlock(&mutex)
        }
        init() { pthread_mutex_init(&mutex, nil) }
        deinit { pthread_mutex_destroy(&mutex) }
        func increment() -> Int {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            value += 1
            return value
        }
    }

    /// The results buffer, written by each worker at its own games' indices only.
    struct SendableBuffer<T>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<T>
        init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
    }
}
