import Foundation
import GameCore
import GameAuthoring
import GamePresenters
import GameRules
import GameRuntime
import GameHostTesting
import XCTest

/// Every mode drives a rule through the same engine, so a game plays the same in all of them:
/// sim plays a game; check plays the same game (same seed, number and players); play and the
/// protocol are given sim's inputs; a transcript of the play replays. Step by step, each finds
/// the same states, results and refusals.
final class ModesAgreeTests: XCTestCase {
    let files = RuleFiles()
    static let rules = RuleTester.rulesDirectory
    static let library = [RuleTester.rulesDirectory + "/lib"]

    func words(for path: String) throws -> WordList? {
        let rule = try LoadedRule(path: path, libraryDirectories: Self.library)
        defer { rule.close() }
        return try rule.info.defaultWordList.map {
            try WordListCatalog(directories: [Self.rules + "/../wordlists"]).load($0, filter: rule.info.wordFilter)
        }
    }

    /// Records each step with the state it left.
    final class Recorder: Presenter {
        let inner: Presenter
        let engine: GameEngine
        var trace = PlayTrace()
        init(_ inner: Presenter, engine: GameEngine) {
            self.inner = inner
            self.engine = engine
        }
        var prompt: String { inner.prompt }
        var machineView: Table.MachineView { inner.machineView }
        func begin(_ info: RuleInfo) { inner.begin(info) }
        func show(_ step: Step) {
            let state = (try? engine.stateJSON())?.encoded ?? ""
            trace.entries.append(.init(seat: step.seat, input: step.input, status: step.status, state: state, result: step.result?.summary))
            inner.show(step)
        }
        func end(reason: Table.EndReason) { inner.end(reason: reason) }
    }

    /// Plays `inputs` as `gamehost play` does (piped: the step clock), through `presenter`;
    /// returns the trace, and the transcript it wrote.
    func play(_ path: String, options: [String: String], words: WordList?, seed: UInt64, game: Int,
              inputs: [String], presenter: (GameEngine) -> Presenter) throws -> (PlayTrace, String) {
        var settings = EngineSettings()
        settings.options = options
        settings.seed = seed
        settings.firstGame = game
        settings.words = words
        settings.practice = true
        let clock = RecordingClock(StepClock(at: EngineSettings.manualEpoch))
        settings.clock = clock
        let engine = try GameEngine(rule: try LoadedRule(path: path, libraryDirectories: Self.library), settings: settings)
        defer { engine.close() }
        let recorder = Recorder(presenter(engine), engine: engine)
        var transcript = ""
        let header = Transcript.Header(game: path, ruleHash: engine.info.contentHash, seed: seed, options: options,
                                       words: words.map { _ in "list" }, minLength: nil)
        var h = header
        h.practice = true
        let writer = TranscriptRecorder(recorder, engine: engine, clock: clock, header: h) { transcript += $0 }
        _ = SessionLoop.run(Table(engine: engine), input: ScriptedInput(inputs), presenter: writer)
        _ = game
        return (recorder.trace, transcript)
    }

    /// Pushes `inputs` into a table's driver one at a time, as the server and RuleTester do
    /// (each input as it comes, then the table's own moves); returns the trace.
    func push(_ path: String, options: [String: String], words: WordList?, seed: UInt64, game: Int, inputs: [(seat: Int, input: String)]) throws -> PlayTrace {
        var settings = EngineSettings()
        settings.options = options
        settings.seed = seed
        settings.firstGame = game
        settings.words = words
        settings.practice = true
        settings.clock = StepClock(at: EngineSettings.manualEpoch)
        let engine = try GameEngine(rule: try LoadedRule(path: path, libraryDirectories: Self.library), settings: settings)
        defer { engine.close() }
        let table = Table(engine: engine)
        table.viewers = [1]
        let driver = Driver(table: table)
        var trace = PlayTrace()
        driver.observers.append { step in
            let state = (try? engine.stateJSON())?.encoded ?? ""
            trace.entries.append(.init(seat: step.seat, input: step.input, status: step.status, state: state, result: step.result?.summary))
        }
        driver.start()
        driver.playAutomaticMoves()
        for input in inputs where !driver.finished {
            driver.submit(input.input, seat: input.seat)
            driver.playAutomaticMoves()
        }
        return trace
    }

    func agree(_ path: String, options: [String: String] = [:], games: ClosedRange<Int> = 1...2, file: StaticString = #filePath, line: UInt = #line) throws {
        let list = try words(for: path)
        var plan = Simulation.Plan(rulePath: path)
        plan.libraryDirectories = Self.library
        plan.options = options
        plan.words = list
        plan.seed = 7
        for k in games {
            let name = "\(FileSystem.stem(of: path)) game \(k)"
            let (sim, failure) = try Simulation.trace(plan, game: k)
            XCTAssertNil(failure, name, file: file, line: line)
            XCTAssertGreaterThan(sim.entries.count, 1, name, file: file, line: line)
            let seed = Simulation.seed(ofGame: k, base: plan.seed)
            var settings = Conformance.Settings(seeds: 1, maxMoves: 50_000)
            settings.options = options
            let (check, problem) = try Conformance.trace(path: path, libraryDirectories: Self.library, seed: seed, game: k,
                                                          settings: settings, words: list)
            XCTAssertNil(problem, name, file: file, line: line)
            XCTAssertEqual(check.entries, sim.entries, "check and sim: \(name)", file: file, line: line)
            let inputs = sim.inputs.map(\.input)
            let (text, transcript) = try play(path, options: options, words: list, seed: seed, game: k, inputs: inputs) { _ in
                TextPresenter(Buffer())
            }
            XCTAssertEqual(text.entries, sim.entries, "play and sim: \(name)", file: file, line: line)
            let out = Buffer()
            let (json, _) = try play(path, options: options, words: list, seed: seed, game: k, inputs: inputs) { _ in
                let p = JSONLinesPresenter(out)
                p.reveal = true
                return p
            }
            XCTAssertEqual(json.entries, sim.entries, "--json and sim: \(name)", file: file, line: line)
            let pushed = try push(path, options: options, words: list, seed: seed, game: k, inputs: sim.inputs)
            XCTAssertEqual(pushed.entries, sim.entries, "inputs pushed (as serve takes them) and sim: \(name)", file: file, line: line)
            // What the protocol wrote is what the engine held, step by step.
            let steps = try out.text.split(separator: "\n").map { try JSONValue(parsing: String($0)) }.filter { $0["type"].string == "step" }
            XCTAssertEqual(steps.map { $0["state"].encoded }, sim.entries.map(\.state), "the protocol's states: \(name)", file: file, line: line)
            XCTAssertEqual(steps.map { $0["status"].string ?? "" }, sim.entries.map(\.status.rawValue), name, file: file, line: line)
            // The transcript of the play replays.
            let transcriptPath = files.directory + "/\(FileSystem.stem(of: path))-\(k).transcript"
            try transcript.write(toFile: transcriptPath, atomically: true, encoding: .utf8)
            let replayed = try Transcript(path: transcriptPath).replay(rule: try LoadedRule(path: path, libraryDirectories: Self.library), words: list)
            XCTAssertNil(replayed, "replay: \(name)", file: file, line: line)
        }
    }

    func testEveryBuiltInGamePlaysTheSameInEveryMode() throws {
        for game in ["rps", "rpsls", "applepie", "hangman", "guess-five", "blackjack", "memory"] {
            try agree(Self.rules + "/\(game).lua")
        }
        try agree(Self.rules + "/memory.lua", options: ["scoring": "timed", "pairs": "3"], games: 3...3)
        try agree(Self.rules + "/applepie.lua", options: ["mode": "timed", "target": "2"], games: 1...1)
    }

    /// A rule that reads every field of `game` finds the same in every mode (a rule that used
    /// `game.game_number % 2` passed check and failed every game of sim).
    func testTheGameObjectIsTheSameInEveryMode() throws {
        let path = files.write("fields", RuleFiles.rule([
            "setup": """
                function(game)
                    assert(math.type(game.game_number) == "integer", "game_number is missing")
                    return { n = 0, log = {}, number = game.game_number, parity = game.game_number % 2, seed = game.seed,
                             ascii = game.ascii, practice = game.practice, players = game.players, start = game.now(),
                             options = game.options.pace }
                  end
                """,
            "options": "{ pace = { choices = { 'slow', 'fast' }, default = 'slow' } }",
            "moves": "function() return { 'up' } end",
            "play": "function(state, input, game) if input ~= 'up' then game.refuse('up') end state.n = state.n + 1 state.log[#state.log + 1] = game.now() end",
        ]))
        try agree(path, options: ["pace": "fast"], games: 1...4)
        var plan = Simulation.Plan(rulePath: path)
        plan.games = 40
        let summary = try Simulation.run(plan)
        XCTAssertEqual(summary.failures.map(\.message), [])
        let state = try Simulation.trace(plan, game: 3).trace.entries.first.map { try JSONValue(parsing: $0.state) }
        XCTAssertEqual(state?["number"], .int(3))
        XCTAssertEqual(state?["parity"], .int(1))
        XCTAssertEqual(state?["seed"], .int(Int64(Simulation.seed(ofGame: 3, base: 1))))
        XCTAssertEqual(state?["practice"], .bool(true))
        XCTAssertEqual(state?["start"], .int(1_000_000), "a clock that starts at 1,000,000 (a float that is whole)")
    }

    /// Generated rules: states of every shape, changed by every move; some inputs refused after
    /// changing the state, some failing; chance drawn on the way; a result after a while.
    func testGeneratedRulesPlayTheSameInEveryMode() throws {
        let random = RandomSource(seed: 5)
        // (Not the change that makes a cycle: a state must stay readable as data.)
        let kinds = RollbackTests.changes.filter { $0 != "state.a.inner = state.loop" }
        for k in 0..<12 {
            var changes: [String] = []
            for _ in 0..<(try random.int(in: 2...5)) {
                changes.append(kinds[try random.int(in: 0...(kinds.count - 1))])
            }
            let guarded = changes.map { "pcall(function() \($0) end)" }.joined(separator: " ")
            let path = files.write("generated\(k)", RuleFiles.rule([
                "setup": RollbackTests.setup,
                "moves": "function(state) return { 'a', 'b', text = 'a letter' } end",
                "play": """
                    function(state, input, game)
                        \(guarded)
                        if input ~= 'a' and input ~= 'b' and (#input ~= 1 or game.random(3) == 1) then game.refuse('not that letter') end
                        state.n = state.n + 1
                        state.drawn = game.random(100)
                        state.at = game.now()
                      end
                    """,
                "result": "function(state) if state.n >= \(try random.int(in: 3...12)) then return { winner = 'player', score = state.n } end end",
            ]))
            try agree(path, games: 1...1)
        }
    }
}
