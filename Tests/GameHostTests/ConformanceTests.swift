import Foundation
import GameCore
import GameAuthoring
import GameRules
import GameHostTesting
import Locking
import TestSupport
import XCTest

/// Every rule file in rules/ is checked against the rule contract with random playthroughs,
/// found by listing the folder: a new rule file is covered without writing any Swift.
final class ConformanceTests: XCTestCase {
    static var ruleFiles: [String] {
        let dir = RuleTester.rulesDirectory
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted().map { dir + "/" + $0 }
    }

    static func words(_ rule: RuleInfo) throws -> WordList? {
        try rule.defaultWordList.map { try WordListCatalog(directories: [RuleTester.rulesDirectory + "/../wordlists"]).load($0) }
    }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testEveryRuleFileConforms") { Self.everyRuleFile.start() }
    }

    /// Each rule file's check (seconds of play), started early.
    static let everyRuleFile = EarlyStart { () -> [(String, Conformance.Findings)] in
        let files = ruleFiles
        let findings = Locked([Conformance.Findings?](repeating: nil, count: files.count))
        // Two files at a time (each check has a state of its own).
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            let report = Conformance.check(path: files[i], libraryDirectories: [RuleTester.rulesDirectory + "/lib"],
                                           settings: Conformance.Settings(seeds: 2, maxMoves: 20_000), words: words)
            findings.withLock { $0[i] = report }
        }
        return zip(files, findings.withLock { $0 }.map { $0! }).map { ($0, $1) }
    }

    func testEveryRuleFileConforms() throws {
        let reports = try Self.everyRuleFile.value()
        XCTAssertGreaterThanOrEqual(reports.count, 6, "the built-in games are found")
        for (path, report) in reports {
            XCTAssertTrue(report.passed, "\(path):\n" + report.problems.joined(separator: "\n"))
            XCTAssertEqual(report.warnings, [], path)
            XCTAssertGreaterThan(report.moves, 0, path)
        }
    }

    // MARK: The checks catch broken rules

    let files = RuleFiles()

    func problems(_ overrides: [String: String], prelude: String = "") -> [String] {
        let path = files.write("broken", RuleFiles.rule(overrides, prelude: prelude))
        return Conformance.check(path: path, settings: Conformance.Settings(seeds: 3, maxMoves: 200)).problems
    }

    func testAMoveOfferedButRefusedIsCaught() {
        let p = problems(["moves": #"function() return { "up", "sideways" } end"#])
        XCTAssertTrue(p.contains { $0.contains("moves() offered 'sideways', but play refused it: say up or down") }, "\(p)")
        XCTAssertTrue(p.contains { $0.contains("at the start moves() offers 'sideways', but play refuses it") }, "\(p)")
    }

    func testAGameThatNeverEndsIsCaught() {
        let p = problems(["result": "function() return nil end"])
        XCTAssertTrue(p.first?.contains("no result after 200 moves") ?? false, "\(p)")
    }

    /// A state where no seat can move, reached by a move random play did not take, is found:
    /// check tries a few other moves offered at each step and looks at the state each makes.
    func testAStateWhereNoSeatCanMoveIsSearchedFor() {
        let p = problems([
            "setup": "function() return { n = 0 } end",
            "moves": "function(state) if state.stuck then return {} end return { 'go', 'trap', 'stay' } end",
            "play": "function(state, input, game) if input == 'trap' then state.stuck = true elseif input ~= 'go' and input ~= 'stay' then game.refuse('go') end state.n = state.n + 1 end",
            "result": "function(state) if state.n >= 3 and not state.stuck then return { winner = 'player', summary = 'done' } end end",
        ])
        XCTAssertTrue(p.first?.contains("move 0: after 'trap' by seat 1 (tried), seat 1 is to move, but moves() offers it nothing and result() says the game goes on") ?? false, "\(p)")
    }

    func testNoMovesBeforeTheEndIsCaught() {
        XCTAssertTrue(problems(["moves": "function() return {} end"]).first?.contains("moves() offers nothing") ?? false)
    }

    func testAcceptingGarbageIsCaught() {
        let p = problems(["play": "function(state, input) state.n = state.n + 1 end"])
        XCTAssertTrue(p.first?.contains("the garbage input '~#%^~' was accepted") ?? false, "\(p)")
    }

    func testAnErrorDuringPlayIsCaughtWithItsLine() {
        let p = problems(["play": """
            function(state, input, game)
                if input ~= "up" and input ~= "down" then game.refuse("no") end
                if state.n > 1 then error("oops") end
                state.n = state.n + 1
              end
            """])
        XCTAssertTrue(p.first?.contains("broken.lua:") ?? false, "\(p)")
        XCTAssertTrue(p.first?.contains("oops") ?? false, "\(p)")
    }

    func testChanceFromOutsideTheHostIsCaught() {
        // A table's address differs from one Lua state to the next: not replayable.
        let p = problems(["play": """
            function(state, input, game)
                if input ~= "up" and input ~= "down" then game.refuse("no") end
                state.n = state.n + 1
                game.say(tostring({}))
              end
            """])
        XCTAssertTrue(p.contains { $0.contains("played twice differs") }, "\(p)")
    }

    func testAStateThatIsNotDataIsCaught() {
        let p = problems(["setup": "function() return { n = 0, log = {}, bad = 0/0 } end"])
        XCTAssertTrue(p.first?.contains("the state is not JSON data") ?? false, "\(p)")
    }

    func testAListedOptionValueTheRuleRefusesIsCaught() {
        let p = problems(["options": "{ size = { choices = { 'small', 'huge' }, default = 'small', check = function(v) if v == 'huge' then return 'too big' end end } }"])
        XCTAssertEqual(p.first?.hasSuffix("option 'size' lists 'huge' but refuses it: too big"), true, "\(p)")
    }

    // MARK: check names the real cause, and every problem

    func testATypoedHookIsNamedWithWhatWasMeant() {
        let p = problems(["setup": "nil", "sertup": "function() return { n = 0, log = {} } end"])
        XCTAssertTrue(p.contains { $0.hasSuffix("field 'setup' is missing (it must be a function)") }, "\(p)")
        XCTAssertTrue(p.contains { $0.hasSuffix("unknown field 'sertup': did you mean 'setup'?") }, "\(p)")
        let warnOnly = problems(["obsrve": "function(state) return {} end"])
        XCTAssertTrue(warnOnly.contains { $0.hasSuffix("unknown field 'obsrve': did you mean 'observe'?") }, "a typo fails check: \(warnOnly)")
    }

    func testAFunctionInTheStateIsNamedByItsPath() {
        let p = problems(["setup": "function() return { n = 0, log = {}, deep = { list = { 1, print } } } end"])
        XCTAssertTrue(p.contains { $0.contains("the state holds a function at state.deep.list[2]") }, "\(p)")
    }

    func testSetupFailingOnTheSecondGameIsCaught() {
        let p = problems(["setup": "function() games = games + 1 if games > 1 then error('no second game') end return { n = 0, log = {} } end"],
                         prelude: "local games = 0")
        XCTAssertTrue(p.contains { $0.contains("the second game of a session does not start") && $0.contains("no second game") }, "\(p)")
    }

    func testOutputThatDependsOnPairsOrderNamesThePairsCall() {
        let p = problems(["setup": """
            function()
                local t = {}
                for _, k in ipairs({ "apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel", "ice", "jack", "kiwi", "lime" }) do t[k] = true end
                return { n = 0, log = {}, bag = t }
              end
            """, "view": """
            function(state)
                local names = {}
                for k in pairs(state.bag) do names[#names + 1] = k end
                return table.concat(names, " ")
              end
            """, "result": "function(state) if state.n ~= 0 then return { summary = 'moved' } end end"])
        XCTAssertTrue(p.contains { $0.contains("the order of pairs() over a table with named keys is not fixed") && $0.contains(self.files.directory + "/broken.lua:12)") }, "\(p)")
    }

    /// Two named keys are the least a random hash seed tells apart (half the time): the fixed
    /// orders tell them apart every time, through pairs and through next alike, and a rule that
    /// sorts its keys passes.
    func testPairsOrderBugsAreFoundOnEveryRunAndSortedKeysPass() {
        let viaPairs = """
            function(state)
                local first
                for k in pairs({ north = 1, south = 2 }) do first = first or k end
                return 'n = ' .. state.n .. ', ' .. first
              end
            """
        let viaNext = "function(state) return 'n = ' .. state.n .. ', ' .. next({ east = 1, west = 2 }) end"
        for view in [viaPairs, viaNext] {
            for _ in 1...3 {
                let p = problems(["view": view])
                XCTAssertTrue(p.contains { $0.contains("the order of pairs() over a table with named keys is not fixed") }, "\(p)")
            }
        }
        let sorted = """
            function(state)
                local keys = {}
                for k in pairs({ north = 1, south = 2, east = 3 }) do keys[#keys + 1] = k end
                table.sort(keys)
                return 'n = ' .. state.n .. ', ' .. table.concat(keys, ' ')
              end
            """
        let p = problems(["view": sorted])
        XCTAssertFalse(p.contains { $0.contains("played twice differs") }, "\(p)")
    }

    func testEveryPlaythroughReportsItsProblem() {
        let path = files.write("many", RuleFiles.rule(["play": """
            function(state, input, game)
                if input ~= "up" and input ~= "down" then game.refuse("up or down") end
                if input == "down" then return state.missing.field end
                if input == "up" and state.n == 1 then while true do end end
                state.n = state.n + 1
              end
            """]))
        var settings = Conformance.Settings(seeds: 6, maxMoves: 200)
        settings.timeLimit = 0.2
        let p = Conformance.check(path: path, settings: settings).problems
        XCTAssertTrue(p.contains { $0.contains("attempt to index a nil value (field 'missing')") }, "\(p)")
        // Every playthrough reports its problem; the same problem on several seeds is one line.
        let seeds = p.filter { $0.contains("many.lua: seed ") }.map { line -> Int in
            guard let more = line.firstRange(of: "(and on ") else { return 1 }
            return 1 + (Int(line[more.upperBound...].prefix { $0.isNumber }) ?? 0)
        }.reduce(0, +)
        XCTAssertGreaterThanOrEqual(seeds, 6, "one problem per playthrough: \(p)")
    }

    /// A move that leaves a state the host cannot save before the next move is named, not the
    /// move after it that then fails.
    func testAMoveThatMakesAStateTooDeepToSaveIsNamed() {
        let p = problems(["play": """
            function(state, input, game)
                if input ~= "up" and input ~= "down" then game.refuse("say up or down") end
                if input == "down" then local t = {} for i = 1, 250 do t = { t } end state.nest = t end
                state.n = state.n + 1
              end
            """, "result": "function(state) if state.n >= 6 then return { winner = 'player', summary = 'done' } end end",
            // (What a seat may observe is its own: the deep table is not in it.)
            "observe": "function(state) return { n = state.n } end"])
        XCTAssertTrue(p.contains { $0.contains("('down'): ") && $0.contains("deep") }, "\(p)")
        XCTAssertFalse(p.contains { $0.contains("('up'): ") }, "\(p)")
    }

    func testAViewThatChangesTheStateIsCaught() {
        let p = problems(["view": "function(state) state.views = (state.views or 0) + 1 return 'n = ' .. state.n end"])
        XCTAssertTrue(p.contains { $0.contains("view changed the state at state.views") }, "\(p)")
    }

    /// A seat's private number told to the other seat by its reward, or by the bells its move
    /// rings, is a leak check finds, through any of the moves offered; a reward both seats may
    /// work out (the moves made) is not.
    func testARewardOrBellsThatTellAnotherSeatsSecretAreCaught() {
        func twoSeats(_ play: String, moves: String = "{ \"go\" }") -> [String] {
            let path = files.write("leaky", """
                return {
                  id = "leaky", title = "Leaky", players = 2, private = { "num" },
                  turn = function(state) return state.turn end,
                  setup = function(game) return { turn = 1, n = 0, num = { game.random(1000), game.random(1000) } } end,
                  view = function(state, game, seat) return "turn " .. state.turn end,
                  moves = function(state, game, seat) return \(moves) end,
                  play = function(state, input, game, seat)
                    if input ~= "go" and input ~= "peek" then game.refuse("go") end
                    \(play)
                    state.n = state.n + 1
                    state.turn = 3 - state.turn
                  end,
                  result = function(state) if state.n >= 4 then return { winner = 1, summary = "done" } end end,
                }
                """)
            // (Each move is tried with the hidden numbers changed: over eight games some change
            // is seen, whatever the seeds draw.)
            return Conformance.check(path: path, settings: Conformance.Settings(seeds: 8, maxMoves: 200)).problems
        }
        let reward = twoSeats("game.reward(3 - seat, state.num[seat])")
        XCTAssertTrue(reward.contains { $0.contains("seat 2's reward from seat 1's move 'go' changes with what seat 2 may not see") }, "\(reward)")
        let bells = twoSeats("if state.num[seat] % 2 == 0 then game.bell() end")
        XCTAssertTrue(bells.contains { $0.contains("the bells of seat 1's move 'go' change with what seat 2 may not see") }, "\(bells)")
        XCTAssertEqual(twoSeats("game.reward(3 - seat, state.n)"), [])
        // Only through the second move offered.
        let second = twoSeats("if input == 'peek' then game.reward(3 - seat, state.num[seat]) end", moves: "{ 'go', 'peek' }")
        XCTAssertTrue(second.contains { $0.contains("'s move 'peek' changes with what seat ") }, "\(second)")
        XCTAssertEqual(twoSeats("if input == 'peek' then game.reward(3 - seat, state.n) end", moves: "{ 'go', 'peek' }"), [])
    }

    func testSecretsThatNameNothingOrShowElsewhereAreCaught() {
        let typo = problems(["secret": "{ 'wrod' }", "setup": "function(game) return { n = 0, log = {}, word = 'plum' } end"])
        XCTAssertTrue(typo.contains { $0.hasSuffix("secret names 'wrod', which a new game's state does not have: did you mean 'word'?") }, "\(typo)")
        let privateTypo = problems(["private": "{ 'wrod' }", "setup": "function(game) return { n = 0, log = {}, word = { 'plum' } } end"])
        XCTAssertTrue(privateTypo.contains { $0.hasSuffix("private names 'wrod', which a new game's state does not have: did you mean 'word'?") }, "\(privateTypo)")
        let copied = problems(["secret": "{ 'word' }", "setup": "function(game) return { n = 0, log = { 'plum' }, word = 'plum' } end"])
        XCTAssertTrue(copied.contains { $0.contains("seat 1's observation holds 'plum' at observation.log[1], the value of a secret field") }, "\(copied)")
    }

    func testCommandsAreRunToo() {
        let p = problems(["commands": "{ hint = { help = 'a hint', run = function(state, args, game) game.say(state.n > args) end } }"])
        XCTAssertTrue(p.contains { $0.contains("('/hint'): ") && $0.contains("attempt to compare") }, "\(p)")
    }
}
