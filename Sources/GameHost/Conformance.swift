import GameCore
import LuaKit

/// The checks every rule file must pass, run by `gamehost check` and by the XCTest suite that
/// covers every file in rules/: it loads in the sandbox; its option choices are accepted;
/// random playthroughs that use `moves()` end within a bound and never raise; every move
/// offered is accepted; a garbage input is refused and changes nothing; the same seed gives the
/// same transcript; the state is JSON. Playthroughs go through `GameSession`, exactly as a
/// player's inputs do.
public enum Conformance {
    public struct Settings {
        public var seeds = 10
        public var maxMoves = 3000
        public var options: [String: String] = [:]
        /// Seconds one call into the rule may take (`gamehost check --time-limit`).
        public var timeLimit = 1.0
        public init(seeds: Int = 10, maxMoves: Int = 20_000) {
            self.seeds = seeds
            self.maxMoves = maxMoves
        }
    }

    public struct Report {
        public var problems: [String] = []
        public var warnings: [String] = []
        public var playthroughs = 0
        public var moves = 0
        public var passed: Bool { problems.isEmpty }
    }

    /// An input no game may accept: no letter, no digit, nothing a rule could mean.
    public static let garbage = "~#%^~"

    /// Checks the rule file at `path`. `words` gives the word list for word games.
    public static func check(path: String, libraryDirectories: [String] = [], settings: Settings = Settings(),
                             words: (Rule) throws -> WordList? = { _ in nil }) -> Report {
        var report = Report()
        func load(_ order: KeyOrder = .ascending) throws -> (Rule, WordList?) {
            let rule = try Rule(path: path, libraryDirectories: libraryDirectories, keyOrder: order)
            rule.timeLimit = settings.timeLimit
            return (rule, try words(rule))
        }
        // One rule state at a time: each is closed before the next is made (a rule may hold
        // its whole memory limit from the start).
        var first: (Rule, WordList?)?
        do {
            first = try load()
        } catch let error as RuleError {
            report.problems += error.problems
            return report
        } catch {
            report.problems.append(String(describing: error))
            return report
        }
        report.warnings = first!.0.warnings

        for option in first!.0.options {
            if case .text(let choices, _) = option.kind {
                for choice in choices {
                    if case .failure(let reason) = first!.0.validate(option, choice) {
                        report.problems.append("\(path): option '\(option.name)' lists '\(choice)' but refuses it: \(reason)")
                    }
                }
            }
        }

        // Every playthrough runs under one fixed order of pairs and next; the first seeds run
        // again under the reverse order (see KeyOrder), and must play the same.
        var transcripts: [UInt64: [String]] = [:]
        for seed in 1...UInt64(max(settings.seeds, 1)) {
            do {
                let (rule, list) = try first.take() ?? load(.ascending)
                defer { rule.close() }
                let run = try playthrough(rule, words: list, seed: seed, settings: settings)
                report.playthroughs += 1
                report.moves += run.moves
                // Every playthrough is played: each reports its first problem.
                if let problem = run.problem { report.problems.append(problem) } else { transcripts[seed] = run.transcript }
            } catch {
                report.problems.append("\(path): seed \(seed): \(error)")
            }
        }
        for seed in transcripts.keys.sorted().prefix(Self.reorderedSeeds) {
            let once = transcripts[seed]!
            do {
                let (rule, list) = try load(.descending)
                defer { rule.close() }
                let again = try playthrough(rule, words: list, seed: seed, settings: settings)
                guard again.transcript != once else { continue }
                let k = Array(zip(once, again.transcript)).firstIndex { $0.0 != $0.1 } ?? min(once.count, again.transcript.count)
                let sites = rule.pairsSites()
                if sites.isEmpty {
                    report.problems.append("\(path): seed \(seed) played twice differs at step \(k): the rule uses chance or time the host does not give")
                } else {
                    report.problems.append("\(path): seed \(seed) played twice differs at step \(k): the order of pairs() over a table with named keys is not fixed in Lua, and the rule's output depends on it (pairs at \(sites.prefix(3).joined(separator: ", "))): sort the keys, or keep a list")
                }
                break
            } catch {
                report.problems.append("\(path): \(error)")
                break
            }
        }
        report.problems += offeredMovesAreAccepted(load: { try load() }, settings: settings, path: path)
        report.problems += secretsStayHidden(load: { try load() }, settings: settings, path: path)
        // A typo'd field is a problem check reports, though a game plays without it.
        report.problems += report.warnings.filter { $0.contains("did you mean") }
        return report
    }

    /// How many of the first seeds are played again under the reverse key order.
    static let reorderedSeeds = 2

    struct Playthrough {
        var moves = 0
        var transcript: [String] = []
        var problem: String?
    }

    static func session(_ rule: Rule, words: WordList?, seed: UInt64, settings: Settings) throws -> GameSession {
        try GameSession(rule: rule, options: settings.options, seed: seed, clock: ManualClock(at: 1_000_000), words: words)
    }

    /// How many free-text candidates in a row a rule may refuse before check reports it.
    public static let freeTextTries = 1000

    /// One game with random legal moves, checking each step.
    static func playthrough(_ rule: Rule, words: WordList?, seed: UInt64, settings: Settings) throws -> Playthrough {
        var run = Playthrough()
        let s = try session(rule, words: words, seed: seed, settings: settings)
        let clock = s.clock as? ManualClock
        let bot = RandomSource(seed: seed ^ 0xB07)
        try s.newGame()
        let at = { (move: Int) in "\(rule.path): seed \(seed), move \(move)" }
        var refusedFreeText = 0
        while run.moves < settings.maxMoves {
            let looked = try s.stateJSON()
            let view = try s.view()
            _ = try s.moves()
            _ = try s.result()
            let state = try s.stateJSON()
            if let problem = jsonProblem(state) { run.problem = "\(at(run.moves)): the state is not JSON data: \(problem)"; return run }
            // view, moves and result only look: a change they make is a contract error.
            if state.encoded != looked.encoded {
                run.problem = "\(at(run.moves)): view, moves or result changed the state (they only look: change it in play)"
                return run
            }
            if let problem = Self.hostOnlyValue(try s.stateValue(), at: "state") {
                run.problem = "\(at(run.moves)): the state holds \(problem): keep plain data in it (tables, strings, numbers, booleans)"
                return run
            }
            if try s.result() != nil {
                // The next game (y or /new) must start as well as the first did.
                do { try s.newGame() } catch { run.problem = "\(rule.path): seed \(seed): the second game does not start: \(error)" }
                return run
            }
            let moves = try s.moves()
            guard !moves.isEmpty else {
                run.problem = "\(at(run.moves)): moves() offers nothing, but result() says the game goes on"
                return run
            }
            if run.moves % 7 == 0 {
                switch s.play(garbage) {
                case .accepted: run.problem = "\(at(run.moves)): the garbage input '\(garbage)' was accepted"; return run
                case .failed(let error): run.problem = "\(at(run.moves)): the garbage input '\(garbage)' raised an error: \(error)"; return run
                case .refused:
                    if try s.stateJSON() != state { run.problem = "\(at(run.moves)): refusing '\(garbage)' changed the state"; return run }
                }
            }
            // The rule's /commands, now and then, with no arguments and with one: a command
            // may refuse, but must not fail.
            if run.moves % 5 == 2 {
                for spec in rule.commands {
                    for args in ["", "1"] {
                        if case .failed(let error) = s.command(spec, args: args) {
                            run.problem = "\(at(run.moves)) ('/\(spec.name)\(args.isEmpty ? "" : " " + args)'): \(error)"
                            return run
                        }
                    }
                }
            }
            // Free text: a candidate from the word list or the pattern, half the time (always
            // when nothing is listed). The rule may refuse it; it must not fail on it.
            let coin = try bot.int(in: 1...2)
            let free = moves.text != nil && (moves.listed.isEmpty || coin == 1)
            let move = free ? try s.freeTextCandidate(moves.text!, random: bot)
                            : moves.listed[try bot.int(in: 0...(moves.listed.count - 1))]
            clock?.advance(by: 1)
            switch s.play(move) {
            case .accepted(let out):
                run.transcript.append("\(move) -> \(out.messages.joined(separator: " | ")) || \(view) || \(try s.stateJSON().encoded)")
                refusedFreeText = 0
            case .refused where free:
                refusedFreeText += 1
                if refusedFreeText >= Self.freeTextTries {
                    run.problem = "\(at(run.moves)): moves() takes \(moves.text!.description), but play refused \(Self.freeTextTries) candidates in a row (words of the list, or text matching its pattern)"
                    return run
                }
                continue
            case .refused(let reason):
                run.problem = "\(at(run.moves)): moves() offered '\(move)', but play refused it: \(reason)"
                return run
            case .failed(let error):
                run.problem = "\(at(run.moves)) ('\(move)'): \(error)"
                return run
            }
            run.moves += 1
        }
        run.problem = "\(rule.path): seed \(seed): no result after \(settings.maxMoves) moves"
        return run
    }

    /// Each move offered at the start of seed 1's game is accepted (each in a fresh session).
    static func offeredMovesAreAccepted(load: () throws -> (Rule, WordList?), settings: Settings, path: String) -> [String] {
        do {
            let (rule, list) = try load()
            let s = try session(rule, words: list, seed: 1, settings: settings)
            try s.newGame()
            let offered = try s.moves().listed.prefix(12)
            rule.close()
            for move in offered {
                let (fresh, freshList) = try load()
                defer { fresh.close() }
                let t = try session(fresh, words: freshList, seed: 1, settings: settings)
                try t.newGame()
                if case .refused(let reason) = t.play(move) {
                    return ["\(path): at the start moves() offers '\(move)', but play refuses it: \(reason)"]
                }
                if case .failed(let error) = t.play(move) { return ["\(path): '\(move)' at the start: \(error)"] }
            }
        } catch {
            return ["\(path): \(error)"]
        }
        return []
    }

    /// The observation of a fresh game (what `--json` shows) holds none of the values of the
    /// state fields the rule marks secret.
    static func secretsStayHidden(load: () throws -> (Rule, WordList?), settings: Settings, path: String) -> [String] {
        do {
            let (rule, list) = try load()
            guard !rule.secretFields.isEmpty else { return [] }
            let s = try session(rule, words: list, seed: 1, settings: settings)
            try s.newGame()
            let state = try s.stateValue()
            // A secret value is a text held by a secret field and by no field that is shown
            // (a puzzle's masked word is also the state's `masked`, and shown).
            func strings(_ value: LuaValue, into set: inout Set<String>) {
                switch value {
                case .string(let text) where text.count >= 2: set.insert(text)
                case .array(let items): for item in items { strings(item, into: &set) }
                case .map(let fields): for item in fields.values { strings(item, into: &set) }
                default: break
                }
            }
            var problems: [String] = []
            // A field a game may leave nil (a word's hint) is fine; a name like another is a typo.
            for name in rule.secretFields where state[name].isNil {
                let keys = (state.map ?? [:]).keys.sorted().filter { !rule.secretFields.contains($0) }
                guard let near = Spelling.nearest(to: name, among: keys, maxEdits: 1) else { continue }
                problems.append("\(path): secret names '\(name)', which a new game's state does not have: did you mean '\(near)'?")
            }
            var secrets: Set<String> = [], open: Set<String> = []
            for (name, value) in state.map ?? [:] {
                if rule.secretFields.contains(name) { strings(value, into: &secrets) } else { strings(value, into: &open) }
            }
            // A secret field's own text (the word) is secret wherever it shows; a text inside a
            // secret table that the state also shows openly (a puzzle's masked word) is not.
            secrets.subtract(open)
            for name in rule.secretFields { if case .string(let text) = state[name], text.count >= 2 { secrets.insert(text) } }
            var shown: [String] = []
            func scan(_ value: JSONValue) {
                switch value {
                case .string(let text) where secrets.contains(text): shown.append(text)
                case .array(let items): items.forEach(scan)
                case .object(let fields): fields.values.forEach(scan)
                default: break
                }
            }
            scan(try s.observation())
            if let leaked = shown.first {
                problems.append("\(path): the observation of a new game (what --json shows) holds the secret value '\(leaked)'")
            }
            return problems
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
