import GameCore
import LuaKit
import GameRules
import GameRuntime

/// The checks every rule file must pass, run by `gamehost check` and by the XCTest suite that
/// covers every file in rules/: it loads in the sandbox; its option choices are accepted;
/// random playthroughs (every seat played by the same random player sim uses, through the
/// same table a person plays at) end within a bound and never fail; every move offered is
/// accepted; a garbage input is refused and changes nothing; the queries only look; the same
/// seed gives the same transcript under two orders of `pairs`; the later games of a session in
/// one state play as in a fresh one (else the variable that holds game data is named); the
/// state is JSON data, and a large one is warned about.
public enum Conformance {
    public struct Settings {
        public var seeds = 10
        public var maxMoves = 3000
        public var options: [String: String] = [:]
        /// How many seats every game has (`gamehost check --seats N`); nil plays the fewest the
        /// rule takes, the most, and one between, each in turn.
        public var seats: Int?
        /// Every game with the rule's bot in every seat (`--bot`). Without it, a rule with a bot
        /// has `botGames` games of its bot after the random ones.
        public var bot = false
        /// Every game with the host's search player in every seat (`--bot search`), thinking
        /// `searchThinking` scratch games a move: its scratch games run the rule through many
        /// more states than random moves reach.
        public var search = false
        public static let searchThinking = SearchPlayer.Budget(iterations: 12)
        /// How long the search thinks a move (`--think`; `searchThinking` by default).
        public var thinking = Settings.searchThinking
        /// Seconds one call into the rule may take (`gamehost check --time-limit`).
        public var timeLimit = 1.0
        /// Seconds of processor time the whole check of one file may take (`--total-time`):
        /// check stops there and says so. Processor time, so that a busy machine (another check
        /// beside it) does not fail a rule that a quiet one passes.
        public var totalTime = 60.0
        /// When the whole check must stop (from `totalTime`, set as the check starts), on the
        /// checking thread's processor clock, and by the wall clock ten times as late (a thread
        /// that gets no core at all): a playthrough looks before each move, since one game may
        /// hold thousands of slow refusals or moves.
        var deadline = Double.infinity
        var wallDeadline = Double.infinity
        var pastDeadline: Bool { ProcessorTime.thread() > deadline || MonotonicClock.seconds() > wallDeadline }
        public init(seeds: Int = 10, maxMoves: Int = 20_000) {
            self.seeds = seeds
            self.maxMoves = maxMoves
        }
    }

    /// What a check found.
    public struct Findings: Sendable {
        public var problems: [String] = []
        public var warnings: [String] = []
        public var playthroughs = 0
        public var moves = 0
        /// The numbers of seats the games were played with.
        public var seatCounts: [Int] = []
        /// The command line asked for what the rule does not have (an option it does not
        /// take): nothing was checked.
        public var usage: String?
        public var passed: Bool { problems.isEmpty && usage == nil }
    }

    /// An input no game may accept: no letter, no digit, nothing a rule could mean.
    public static let garbage = "~#%^~"

    /// How many of the first seeds are played again under the reverse key order, and how many
    /// option choices are tried (each may run the option's check function).
    static let reorderedSeeds = 2
    static let reorderedMoves = 60
    /// How many games after its first the first state plays, as a session would.
    static let laterGames = 4

    /// "a session's second game", "third", ...
    static func nth(_ n: UInt64) -> String {
        let names = [2: "second", 3: "third", 4: "fourth", 5: "fifth"]
        return "a session's " + (names[Int(n)] ?? "later")
    }
    static let choicesTried = 100
    /// Games of the rule's bot in every seat that check adds to the random ones.
    static let botGames = 2

    /// The numbers of seats check plays a game of `range` with: `given`, or the fewest, the
    /// most and one between (a leak may need a third seat; a deal may run short with the most).
    public static func seatCounts(_ range: SeatRange, given: Int?) -> [Int] {
        if let given { return [given] }
        var counts = [range.min]
        if range.max - range.min >= 2 { counts.append((range.min + range.max) / 2) }
        if range.max > range.min { counts.append(range.max) }
        return counts
    }

    /// Checks the rule file at `path`. `words` gives the word list for word games.
    public static func check(path: String, libraryDirectories: [String] = [], settings: Settings = Settings(),
                             words: (RuleInfo) throws -> WordList? = { _ in nil }) -> Findings {
        var findings = Findings()
        var settings = settings
        settings.deadline = ProcessorTime.thread() + settings.totalTime
        settings.wallDeadline = MonotonicClock.seconds() + settings.totalTime * 10
        var list: WordList?
        var counts: [Int] = []
        // Seed k plays with the k-th count in turn: every count is played, at no more cost.
        func seats(of seed: UInt64) -> Int { counts[Int((seed - 1) % UInt64(counts.count))] }
        func engine(_ order: KeyOrder, seats: Int) throws -> GameEngine {
            let rule = try LoadedRule(path: path, libraryDirectories: libraryDirectories, keyOrder: order)
            rule.timeLimit = settings.timeLimit
            if list == nil { list = try words(rule.info) }
            var s = EngineSettings()
            s.options = settings.options
            s.words = list
            s.practice = true
            s.command = .check
            s.seats = seats
            return try GameEngine(rule: rule, settings: s)
        }
        // One rule state at a time, at most two: each is closed before the next is made (a
        // rule may hold its whole memory limit from the start).
        var first: GameEngine
        do {
            let rule = try LoadedRule(path: path, libraryDirectories: libraryDirectories, keyOrder: .ascending)
            rule.timeLimit = settings.timeLimit
            rule.readTranslations()
            findings.warnings = rule.info.warnings
            findings.problems += optionProblems(rule)
            counts = seatCounts(rule.info.seats, given: settings.seats)
            if settings.bot && !rule.info.hasBot {
                findings.problems.append("\(path): the rule has no bot (bot = function(state, game, seat)) for --bot to play")
                return findings
            }
            list = try words(rule.info)
            var s = EngineSettings()
            s.options = settings.options
            s.words = list
            s.practice = true
            s.command = .check
            s.seats = counts[0]
            first = try GameEngine(rule: rule, settings: s)
        } catch let error as RuleError {
            findings.problems += error.problems
            return findings
        } catch let error as UsageError {
            findings.usage = "\(path): \(error)"
            return findings
        } catch {
            let text = String(describing: error)
            findings.problems.append(text.hasPrefix(path) ? text : "\(path): \(text)")
            return findings
        }
        findings.problems += offeredMovesAreAccepted(first, path: path)
        findings.problems += secretNamesExist(first, path: path)

        let filler: Table.Filler = settings.search ? .search : settings.bot ? .bot : .random
        // The seat counts the games were played with.
        var played = Set<Int>()
        var grouped = ProblemGroups()
        var transcripts: [UInt64: [String]] = [:]
        var stopped: String?
        var secondProblem: String?
        var reused: GameEngine? = first
        // The first state plays seeds 2, 3, ... as the later games of its session; each must
        // play as it does in a fresh state. The variables outside the state after a game, in
        // the session and in a fresh state: those that differ name where game data is kept.
        // (The seeds played fresh with as many seats as the first state has.)
        let later = settings.seeds >= 2
            ? Array((2...UInt64(settings.seeds)).filter { seats(of: $0) == counts[0] }.prefix(Self.laterGames)) : []
        var session: [UInt64: [String]] = [:]
        var sessionProblem: (seed: UInt64, problem: String)?
        var sessionVariables: [UInt64: [String: String]] = [:]
        var freshVariables: [UInt64: [String: String]] = [:]
        var variablesAgain: [String: String]?
        var variablesFresh: [String: String]?
        for seed in 1...UInt64(max(settings.seeds, 1)) {
            if settings.pastDeadline { stopped = "seed \(seed)"; break }
            do {
                let e = try reused.take() ?? engine(.ascending, seats: seats(of: seed))
                var run = playthrough(e, seed: seed, game: Int(seed), settings: settings, filler: filler)
                played.insert(e.seatCount)
                findings.playthroughs += 1
                findings.moves += run.moves
                // The first state has started games before seed 1's (its probes): a problem
                // there that a fresh state does not have comes from those games' data.
                if let problem = run.problem, e.gamesStarted > 1 {
                    let fresh = try engine(.ascending, seats: seats(of: seed))
                    defer { fresh.close() }
                    // What the earlier games left, against a state that has played none.
                    let before = FileVariables.fingerprints(fresh)
                    let again = playthrough(fresh, seed: seed, game: Int(seed), settings: settings, filler: filler)
                    if again.problem == nil {
                        secondProblem = problem
                        variablesAgain = FileVariables.fingerprints(e)
                        variablesFresh = before
                        run = again
                    }
                }
                // Every playthrough is played: each reports its first problem.
                if let problem = run.problem { grouped.add(problem, seed: seed) } else { transcripts[seed] = run.transcript }
                if let warning = run.warning, !findings.warnings.contains(where: { $0.contains("the state holds") }) { findings.warnings.append(warning) }
                if later.contains(seed) { freshVariables[seed] = FileVariables.fingerprints(e) }
                // The later games of the first state's session (a rule that keeps game data in
                // file-level variables plays them otherwise). Several, since one game may leave
                // such data as it found it (no word found, no card won).
                if seed == 1, run.problem == nil && secondProblem == nil {
                    for next in later {
                        e.forgetSessionScores()
                        let again = playthrough(e, seed: next, game: Int(next), settings: settings, proves: false, filler: filler)
                        sessionVariables[next] = FileVariables.fingerprints(e)
                        if let problem = again.problem {
                            sessionProblem = (next, "\(path): seed \(next) as \(Self.nth(next)) game: \(problem.replacing("\(path): ", with: ""))")
                            break
                        }
                        session[next] = again.transcript
                    }
                }
                e.close()
            } catch {
                grouped.add("\(path): seed \(seed): \(error)", seed: seed)
            }
        }
        // The first later game of the session that goes otherwise than in a fresh state.
        var differs: (seed: UInt64, move: Int?)?
        for next in later {
            guard let fresh = transcripts[next] else { continue }
            if let sessionProblem, sessionProblem.seed == next { differs = (next, nil); break }
            guard let again = session[next] else { break }
            if again != fresh {
                differs = (next, Array(zip(fresh, again)).firstIndex { $0.0 != $0.1 } ?? min(fresh.count, again.count))
                break
            }
        }
        if let differs, secondProblem == nil {
            variablesAgain = sessionVariables[differs.seed]
            variablesFresh = freshVariables[differs.seed]
        }
        let names = variablesAgain == nil || variablesFresh == nil ? [] : FileVariables.differing(variablesAgain!, variablesFresh!)
        // With no variable to name, the cause may as well be chance or time from outside.
        let kept = names.isEmpty
            ? "the rule keeps game data outside the state (a file-level variable or a global), or uses chance or time the host does not give"
            : "the rule keeps game data outside the state (" + names.prefix(3).joined(separator: ", ")
                + (names.count > 3 ? " and \(names.count - 3) more" : "") + (names.count == 1 ? " holds" : " hold") + " it)"
        let keepsData = !names.isEmpty
        if let secondProblem {
            // A later game that fails where a fresh one does not: data from the games before.
            let fresh = variablesAgain != nil
            findings.problems.append(secondProblem + (fresh ? " (a fresh state plays it: \(kept); keep game data in the state setup returns)" : ""))
        }
        if secondProblem == nil, let differs {
            if let k = differs.move {
                findings.problems.append("\(path): seed \(differs.seed) plays differently as \(Self.nth(differs.seed)) game than in a fresh one (from move \(k)): \(kept); keep game data in the state setup returns")
            } else if let sessionProblem {
                findings.problems.append(sessionProblem.problem + " (a fresh state plays it: \(kept); keep game data in the state setup returns)")
            }
        }
        // The first seeds again under the reverse key order: an output that depends on the
        // order of pairs differs.
        // At least two seeds, and more while the games are short (a game of one move walks no
        // table with two keys).
        var replayed = 0, replayedMoves = 0
        for seed in transcripts.keys.sorted() where stopped == nil {
            if replayed >= Self.reorderedSeeds && replayedMoves >= Self.reorderedMoves { break }
            let once = transcripts[seed]!
            replayed += 1
            replayedMoves += once.count
            do {
                let e = try engine(.descending, seats: seats(of: seed))
                defer { e.close() }
                let again = playthrough(e, seed: seed, game: Int(seed), settings: settings, proves: false, filler: filler)
                guard again.transcript != once else { continue }
                // A game cut short by check's own time limit is no difference of the rule's.
                if settings.pastDeadline { stopped = "seed \(seed) (its second playing)"; break }
                let k = Array(zip(once, again.transcript)).firstIndex { $0.0 != $0.1 } ?? min(once.count, again.transcript.count)
                let sites = e.rule.pairsSites()
                if sites.isEmpty && keepsData {
                    // The same cause, named above: check's first state had started games before.
                } else if sites.isEmpty {
                    findings.problems.append("\(path): seed \(seed) played twice differs at step \(k): the rule uses chance or time the host does not give")
                } else {
                    findings.problems.append("\(path): seed \(seed) played twice differs at step \(k): the order of pairs() over a table with named keys is not fixed in Lua, and the rule's output depends on it (pairs at \(sites.prefix(3).joined(separator: ", "))): sort the keys, or keep a list")
                }
                break
            } catch {
                findings.problems.append("\(path): \(error)")
                break
            }
        }
        // The rule's bot in every seat, for a few games more: its errors, the moves it makes
        // that play refuses, and its hangs are the rule's to fix before an arena meets them.
        if !settings.bot && !settings.search && first.info.hasBot && stopped == nil {
            for seed in UInt64(settings.seeds + 1)...UInt64(settings.seeds + Self.botGames) {
                if settings.pastDeadline { stopped = "seed \(seed)"; break }
                do {
                    let e = try engine(.ascending, seats: seats(of: seed))
                    defer { e.close() }
                    let run = playthrough(e, seed: seed, game: Int(seed), settings: settings, filler: .bot)
                    played.insert(e.seatCount)
                    findings.playthroughs += 1
                    findings.moves += run.moves
                    if let problem = run.problem { grouped.add(problem, seed: nil) }
                } catch {
                    grouped.add("\(path): seed \(seed): \(error)", seed: nil)
                }
            }
        }
        findings.problems += grouped.lines
        findings.seatCounts = played.sorted()
        if let stopped {
            findings.problems.append("\(path): check stopped at \(stopped): it ran past its time limit of \(Int(settings.totalTime)) s of processor time (--total-time SECONDS)")
        }
        // A typo'd field is a problem check reports, though a game plays without it.
        // A typo in a field, and a translation that lacks a text, fail the check.
        findings.problems += findings.warnings.filter { $0.contains("did you mean") || $0.contains(": missing key '") }
        return findings
    }

    /// The same problem on several seeds is one line: "... (and on 9 more seeds)".
    struct ProblemGroups {
        private var order: [String] = []
        private var seeds: [String: [UInt64]] = [:]
        private var first: [String: String] = [:]

        mutating func add(_ problem: String, seed: UInt64?) {
            let key = seed.map { problem.replacing("seed \($0)", with: "seed N") } ?? problem
            if first[key] == nil { order.append(key); first[key] = problem }
            if let seed { seeds[key, default: []].append(seed) }
        }

        var lines: [String] {
            order.map { key in
                let more = (seeds[key]?.count ?? 1) - 1
                return first[key]! + (more > 0 ? " (and on \(more) more seed\(more == 1 ? "" : "s"))" : "")
            }
        }
    }

    /// Each option choice the rule lists is accepted by its own option.
    static func optionProblems(_ rule: LoadedRule) -> [String] {
        var problems: [String] = []
        for option in rule.info.options {
            guard case .text(let choices, _) = option.kind else { continue }
            for choice in choices.prefix(Self.choicesTried) {
                if case .failure(let reason) = rule.validate(option, choice) {
                    problems.append("\(rule.path): option '\(option.name)' lists '\(choice)' but refuses it: \(reason)")
                }
            }
        }
        return problems
    }

    struct Playthrough {
        var moves = 0
        var transcript: [String] = []
        var problem: String?
        /// The state grew past `stateWarningBytes`: said once, naming its largest fields.
        var warning: String?
        var trace = PlayTrace()
    }

    /// A state past this much JSON is warned about: every move saves it, every step reads it,
    /// and a program reads it in every observation.
    public static let stateWarningBytes = 256 << 10

    /// The warning for a state of `bytes` bytes of JSON, naming its largest top-level fields.
    static func sizeWarning(_ state: JSONValue, bytes: Int, path: String, at: String) -> String {
        var fields: [(String, Int)] = []
        if case .object(let object) = state {
            fields = object.map { ($0.key, $0.value.encoded.utf8.count) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        }
        let largest = fields.prefix(2).filter { $0.1 >= 1 << 10 }.map { "state.\($0.0): \(kilobytes($0.1))" }.joined(separator: ", ")
        return "\(at): the state holds \(kilobytes(bytes)) of JSON\(largest.isEmpty ? "" : " (\(largest))"), past \(stateWarningBytes >> 10) KB: "
            + "every move saves and reads all of it; keep what never changes out of the state (a word list is game.words, "
            + "a table of constants a file-level local)"
    }

    static func kilobytes(_ bytes: Int) -> String { bytes >= 1 << 20 ? "\((bytes * 10 >> 20) / 10).\((bytes * 10 >> 20) % 10) MB" : "\(max(1, bytes >> 10)) KB" }

    /// Game `game` with `seed`, as check plays it, step by step (for comparing with the other
    /// modes), and its first problem.
    public static func trace(path: String, libraryDirectories: [String] = [], seed: UInt64, game: Int,
                             settings: Settings = Settings(), words: WordList? = nil) throws -> (trace: PlayTrace, problem: String?) {
        let rule = try LoadedRule(path: path, libraryDirectories: libraryDirectories, keyOrder: .ascending)
        rule.timeLimit = settings.timeLimit
        var s = EngineSettings()
        s.options = settings.options
        s.words = words
        s.practice = true
        let engine = try GameEngine(rule: rule, settings: s)
        defer { engine.close() }
        let run = playthrough(engine, seed: seed, game: game, settings: settings, tracing: true)
        return (run.trace, run.problem)
    }

    /// One game with random legal moves in every seat, checking each step; `tracing` keeps
    /// each step's state as JSON (to compare with the other modes: costly in a long game).
    /// `proves`: the hiding proof runs at every step (a game played again to compare it with
    /// its first playing need not prove it again).
    static func playthrough(_ engine: GameEngine, seed: UInt64, game: Int, settings: Settings, tracing: Bool = false,
                            proves: Bool = true, filler: Table.Filler = .random) -> Playthrough {
        var run = Playthrough()
        let path = engine.info.path
        let table = Table(engine: engine, fillers: Array(repeating: filler, count: engine.seatCount))
        table.thinking = settings.thinking
        table.viewers = Array(1...engine.seatCount)
        table.machineView = .observation
        // With a choice of seat counts, a place names the one played.
        // And a game of the rule's bot says so.
        var about = engine.info.seats.min == engine.info.seats.max ? [] : ["\(engine.seatCount) seats"]
        if filler == .bot { about.append("the bot in every seat") }
        if filler == .search { about.append("the search in every seat") }
        let seats = about.isEmpty ? "" : " (" + about.joined(separator: ", ") + ")"
        let at = { (move: Int) in "\(path): seed \(seed)\(seats), move \(move)" }
        // The table and the proof ask for each seat's view and moves at every step: once will do.
        engine.memoizesQueries = true
        defer { engine.memoizesQueries = false }
        let driver = Driver(table: table)
        let start = driver.start(game: game, seed: seed)
        if tracing { run.trace.note(start, engine) }
        if table.finished {
            let later = engine.gamesStarted > 1 ? "the second game of a session does not start: " : ""
            run.problem = "\(path): seed \(seed): \(later)\(start.reason ?? "the game did not start")"
            return run
        }
        if let problem = stepProblem(start) ?? tapProblem(start, engine) { run.problem = "\(path): seed \(seed): \(problem)"; return run }
        // What each seat was told by the last step, not yet held against what it may not see
        // (in the state that step left), with where it was said; and the faces each seat has
        // seen so far (what it was shown it may be told of again).
        var told: (step: Step, at: String)? = (start, "\(path): seed \(seed)\(seats), the start")
        var seenFaces = Array(repeating: Set<String>(), count: engine.seatCount + 1)
        var typed = Array(repeating: Set<String>(), count: engine.seatCount + 1)
        var reports: [HidingReport] = []
        // A face the rule's own strings hold ("type a card such as 10♠") is an example, not a
        // card (its comments are not looked at).
        var literal: [String: Bool] = [:]
        let source = HidingProof.stringLiterals(of: engine.rule.sourceBytes)
        func isLiteral(_ face: String) -> Bool {
            if let known = literal[face] { return known }
            let found = HidingProof.occurs(face, in: source)
            literal[face] = found
            return found
        }
        // What a seat told something may not learn from it: faces of cards hidden from it
        // that it has not seen, and secret values it neither sees nor typed itself. With
        // `before` (the seat's report before the step that told it), only faces of cards that
        // were hidden from it then too: a card turned up and gone within the step, whose face a
        // new card now shows (a new deal's 9♣), was named in the open.
        func unknown(_ report: HidingReport, _ viewer: Int, before: HidingReport? = nil) -> (faces: [String], secrets: [String]) {
            (report.hiddenFaces.filter { face in
                HidingProof.isDistinct(face) && !seenFaces[viewer].contains(face) && !isLiteral(face)
                    && before.map { !(report.hiddenCards[face] ?? []).isDisjoint(with: $0.hiddenCards[face] ?? []) } ?? true
            }, report.unrevealedSecrets.filter { !typed[viewer].contains($0) })
        }
        let started = ProcessorTime.thread()
        while run.moves < settings.maxMoves {
            // A game that has taken half of check's time, a thousand moves or more, with seats
            // still offered moves, is named as one that may never end (before the limit).
            let long = run.moves >= Self.longGame && ProcessorTime.thread() - started > settings.totalTime / 2
            if long || settings.pastDeadline {
                if run.moves >= Self.longGame, (try? engine.toMove())?.isEmpty == false {
                    run.problem = "\(at(run.moves)): no result after \(run.moves) moves, in half of check's \(Int(settings.totalTime)) s of processor time, "
                        + "and seats are still offered moves: a game that never ends? (result() must say when it is over; --total-time SECONDS gives a long game more)"
                    return run
                }
                if settings.pastDeadline {
                    run.problem = "\(at(run.moves)): check stopped here: it ran past its time limit of \(Int(settings.totalTime)) s of processor time (--total-time SECONDS)"
                    return run
                }
            }
            // The queries are held to only looking on the first moves and every seventh after.
            engine.verifiesQueries = run.moves < 3 || run.moves % 7 == 1
            do {
                let value = try engine.stateValue()
                if let problem = jsonProblem(StateJSON.convert(value)) { run.problem = "\(at(run.moves)): the state is not JSON data: \(problem)"; return run }
                if let problem = Self.hostOnlyValue(value, at: "state") {
                    run.problem = "\(at(run.moves)): the state holds \(problem): keep plain data in it (tables, strings, numbers, booleans)"
                    return run
                }
                if try engine.result() != nil { return run }
                let turn = try engine.toMove()
                let seat = turn.first ?? 1
                // Every seat to move has a move: one left with none waits for ever (the table
                // plays only the first, so the others are asked here).
                for waiting in turn.dropFirst() where try engine.moves(for: waiting).isEmpty {
                    run.problem = "\(at(run.moves)): seat \(waiting) is to move, but moves() offers it nothing and result() says the game goes on"
                    return run
                }
                // Every seat learns nothing it may not see, at every step: from its view, its
                // observation, its moves, and what it was told.
                let previous = reports
                reports = []
                if proves {
                    for viewer in 1...engine.seatCount {
                        // Where check tries its garbage input (below), its refusal is proved too.
                        let report = try engine.hidingReport(for: viewer, seed: seed &+ UInt64(run.moves), atStart: run.moves == 0,
                                                             probe: viewer == seat && run.moves % 7 == 0 ? garbage : nil, isExample: isLiteral)
                        if let leak = report.leak {
                            run.problem = "\(at(run.moves)): \(leak)"
                            return run
                        }
                        // What a move of the seat to move gives the others besides the view: one
                        // move a step, taken in turn from those offered (by the seed and the
                        // step), so that over the playthroughs a leak through any move is met.
                        let offered = viewer == seat ? [] : try engine.moves(for: seat).listed
                        if !offered.isEmpty {
                            let input = offered[Int((seed &+ UInt64(run.moves) &* 7 &+ UInt64(viewer)) % UInt64(offered.count))]
                            if let leak = try engine.rewardLeak(of: viewer, mover: seat, input: input, seed: seed &+ UInt64(run.moves)) {
                                run.problem = "\(at(run.moves)): \(leak)"
                                return run
                            }
                        }
                        if let (step, place) = told {
                            let hidden = unknown(report, viewer, before: previous.count >= viewer ? previous[viewer - 1] : nil)
                            if let leak = HidingProof.toldLeak(HidingProof.told(at: step, seat: viewer), seat: viewer, faces: hidden.faces, secrets: hidden.secrets) {
                                run.problem = "\(place): \(leak)"
                                return run
                            }
                        }
                        seenFaces[viewer].formUnion(report.shownFaces)
                        reports.append(report)
                    }
                }
                told = nil
                // Probes, tried and rolled back, so the game itself plays as sim plays it (the
                // same moves, the same states): a garbage input now and then, which must be
                // refused and change nothing...
                if run.moves % 7 == 0 {
                    let before = try engine.stateBytes()
                    switch engine.trial(garbage, seat: seat) {
                    case .accepted: run.problem = "\(at(run.moves)): the garbage input '\(garbage)' was accepted"; return run
                    case .failed(let reason, _): run.problem = "\(at(run.moves)): the garbage input '\(garbage)' raised an error: \(reason)"; return run
                    case .refused:
                        if try engine.stateBytes() != before { run.problem = "\(at(run.moves)): refusing '\(garbage)' changed the state"; return run }
                    }
                }
                // ...other moves offered now, each tried and rolled back, in whose state some seat
                // must be able to move while result() says the game goes on (a search for such a
                // state, which random play may meet once in many games)...
                if let problem = stuckAfterOtherMoves(engine, seat: seat, step: run.moves) {
                    run.problem = "\(at(run.moves)): \(problem)"
                    return run
                }
                // ...and the rule's /commands, with no arguments and with one: a command may
                // refuse, but must not fail.
                if run.moves % 5 == 2 {
                    for spec in engine.info.commands {
                        for args in ["", "1"] {
                            if case .failed(let reason, _) = engine.trialCommand(spec.name, args: args, seat: seat) {
                                run.problem = "\(at(run.moves)) ('/\(spec.name)\(args.isEmpty ? "" : " " + args)'): \(reason)"
                                return run
                            }
                        }
                    }
                }
            } catch {
                run.problem = "\(at(run.moves)): \(error)"
                return run
            }
            guard let step = driver.playAutomatic() else {
                run.problem = "\(at(run.moves)): no seat is to move, but result() says the game goes on"
                return run
            }
            if tracing { run.trace.note(step, engine) }
            // A session of one game (`one_game`) ends with its result: that is no stop.
            let endedWithResult = step.result != nil && table.endReason == .quit
            if (table.finished && !endedWithResult) || step.status == .error {
                run.problem = "\(at(run.moves))\(step.input.map { " ('\($0)')" } ?? ""): \(step.reason ?? "the game stopped")"
                return run
            }
            if let problem = stepProblem(step) ?? tapProblem(step, engine) { run.problem = "\(at(run.moves)): \(problem)"; return run }
            told = (step, "\(at(run.moves))\(step.input.map { " ('\($0)')" } ?? "")")
            if let mover = step.seat, let input = step.input, typed.indices.contains(mover) { typed[mover].insert(input) }
            guard step.status == .accepted else { continue }
            let views = table.viewers.map { step.view(of: $0).view }.joined(separator: " | ")
            let json = try? engine.stateJSON()
            let state = json?.encoded ?? ""
            if run.warning == nil, state.utf8.count > stateWarningBytes, let json {
                run.warning = sizeWarning(json, bytes: state.utf8.count, path: path, at: at(run.moves))
            }
            run.transcript.append("\(step.seat ?? 1): \(step.input ?? "") -> \(step.messages.joined(separator: " | ")) || \(views) || \(state)")
            run.moves += 1
        }
        let offered = (try? engine.toMove())?.isEmpty == false
        run.problem = "\(path): seed \(seed): no result after \(settings.maxMoves) moves"
            + (offered ? ", and seats are still offered moves: a game that never ends? (result() must say when it is over)" : "")
        return run
    }

    /// Moves after which a game that has taken half of check's time is named as one that may
    /// never end.
    static let longGame = 1000

    /// How many of the other moves offered are tried at each step for a state where no seat
    /// can move.
    static let movesSearched = 2

    /// After one of a few moves offered to `seat` now (tried, then rolled back), a state where
    /// result() says the game goes on but no seat is to move, or a seat to move is offered
    /// nothing; nil when there is none.
    static func stuckAfterOtherMoves(_ engine: GameEngine, seat: Int, step: Int) -> String? {
        guard let listed = try? engine.moves(for: seat).listed, listed.count > 1 else { return nil }
        // (The queries asked here are not held to only looking: the playthrough does that.)
        let verifies = engine.verifiesQueries
        engine.verifiesQueries = false
        defer { engine.verifiesQueries = verifies }
        var problem: String?
        // A few moves, a different few at each step.
        for k in 0..<min(movesSearched, listed.count) {
            let move = listed[(step * movesSearched + k) % listed.count]
            _ = engine.trial(move, seat: seat) {
                guard (try? engine.result()) == nil, let turn = try? engine.toMove() else { return }
                if turn.isEmpty {
                    problem = "after '\(move)' by seat \(seat) (tried), no seat is to move, but result() says the game goes on"
                } else if let waiting = turn.first(where: { ((try? engine.moves(for: $0))?.isEmpty) ?? false }) {
                    problem = "after '\(move)' by seat \(seat) (tried), seat \(waiting) is to move, but moves() offers it nothing and result() says the game goes on"
                }
            }
            if problem != nil { return problem }
        }
        return nil
    }

    /// A move a seat's view elements offer to tap that the seat is not offered (`ElementMoves`).
    static func tapProblem(_ step: Step, _ engine: GameEngine) -> String? {
        for seat in step.seats.keys.sorted() {
            if let problem = ElementMoves.problem(step.view(of: seat), seat: seat, matches: engine.matches) { return problem }
        }
        return nil
    }

    /// A query that failed after a move was applied (a view, moves, an observation).
    static func stepProblem(_ step: Step) -> String? {
        guard step.applied, let reason = step.reason else { return nil }
        return reason
    }

    /// Each move offered at the start of seed 1's game is accepted (each tried and rolled back).
    static func offeredMovesAreAccepted(_ engine: GameEngine, path: String) -> [String] {
        do {
            try engine.newGame(number: 1, seed: 1)
            for seat in try engine.toMove() {
                for move in try engine.moves(for: seat).listed.prefix(12) {
                    switch engine.trial(move, seat: seat) {
                    case .refused(let reason, _): return ["\(path): at the start moves() offers '\(move)', but play refuses it: \(reason)"]
                    case .failed(let error, _): return ["\(path): '\(move)' at the start: \(error)"]
                    case .accepted: continue
                    }
                }
            }
        } catch {
            return ["\(path): \(error)"]
        }
        return []
    }

    /// Each field the rule marks secret or private is a field of a new game's state, or at
    /// least not a typo of one (a typo would hide nothing).
    static func secretNamesExist(_ engine: GameEngine, path: String) -> [String] {
        let hidden = engine.info.secretFields.map { ("secret", $0) } + engine.info.privateFields.map { ("private", $0) }
        guard !hidden.isEmpty else { return [] }
        do {
            try engine.newGame(number: 1, seed: 1)
            let state = try engine.stateValue()
            let named = Set(hidden.map(\.1))
            // A field a game may leave nil (a word's hint) is fine; a name like another is a typo.
            return hidden.filter { state[$0.1].isNil }.compactMap { field, name in
                let keys = (state.map ?? [:]).keys.sorted().filter { !named.contains($0) }
                guard let near = Spelling.nearest(to: name, among: keys, maxEdits: 1) else { return nil }
                return "\(path): \(field) names '\(name)', which a new game's state does not have: did you mean '\(near)'?"
            }
        } catch {
            return ["\(path): \(error)"]
        }
    }

    /// A function, coroutine or userdata in the state, with its path, or nil.
    static func hostOnlyValue(_ value: LuaValue, at path: String) -> String? {
        switch value {
        case .ref(let r): return "a \(r.typeName) at \(path)"
        case .array(let items):
            for (k, item) in items.enumerated() { if let found = hostOnlyValue(item, at: "\(path)[\(k + 1)]") { return found } }
        case .map(let fields):
            for key in fields.keys.sorted() { if let found = hostOnlyValue(fields[key]!, at: "\(path).\(key)") { return found } }
        default: break
        }
        return nil
    }

    /// What keeps the state from being JSON data: a number JSON cannot hold (NaN, infinity).
    static func jsonProblem(_ value: JSONValue) -> String? {
        switch value {
        case .double(let d) where !d.isFinite: return "\(d) has no JSON form"
        case .array(let items): return items.lazy.compactMap(jsonProblem).first
        case .object(let fields): return fields.values.lazy.compactMap(jsonProblem).first
        default: return nil
        }
    }
}
