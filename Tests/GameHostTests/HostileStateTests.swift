import GameCore
import GameRules
import GameHostTesting
import LuaKit
import XCTest

/// States, results and error objects of every shape a rule can build: each is a clean error of
/// the rule (naming where, for a cycle) or a bounded result, and the session goes on.
final class HostileStateTests: XCTestCase {
    let files = RuleFiles()

    /// Lua expressions for values of hostile shapes.
    static let shapes: [(name: String, make: String)] = [
        ("cycle", "(function() local t = {} t.self = t return t end)()"),
        ("cycle through a list", "(function() local t = { {} } t[1][1] = t return t end)()"),
        ("DAG 40 deep", "(function() local d = { 'leaf' } for i = 1, 40 do d = { a = d, b = d } end return d end)()"),
        ("a million nodes", "(function() local t = {} for i = 1, 1000000 do t[i] = i end return t end)()"),
        ("300 levels deep", "(function() local t = {} for i = 1, 300 do t = { t } end return t end)()"),
        ("a function", "print"),
        ("a coroutine", "coroutine.create(print)"),
        ("an 8 MB string 5000 times", "(function() local s, t = string.rep('x', 8 << 20), {} for i = 1, 5000 do t[i] = s end return t end)()"),
        ("keys of every type", "{ [true] = 1, [1.5] = 2, [print] = 3, [{}] = 4, ['\\27[2J'] = 5 }"),
        ("a lying metatable", "setmetatable({}, { __index = function() error('trap') end, __pairs = function() error('trap') end, __len = function() return -1 end })"),
    ]

    func tester(_ overrides: [String: String]) throws -> RuleTester {
        try RuleTester(files.write("rule", RuleFiles.rule(overrides)), seed: 1, allowsRuleErrors: true)
    }

    func testHostileStatesAreErrorsOfTheRuleAndTheSessionGoesOn() throws {
        for shape in Self.shapes {
            let t = try tester(["play": """
                function(state, input, game)
                    if input == "up" then state.n = state.n + 1 else state.x = \(shape.make) end
                  end
                """])
            let start = ProcessorTime.thread()
            t.send("shape")
            XCTAssertLessThan(ProcessorTime.thread() - start, 5, shape.name)
            if t.last.ruleFailed {
                XCTAssertTrue(t.last.reason?.contains("rule.lua") ?? false, "\(shape.name): \(t.last.reason ?? "")")
            }
            // The game still answers.
            t.send("up")
            XCTAssertNotEqual(t.last.view(of: 1).view, "", shape.name)
        }
    }

    func testACycleIsNamedByItsPath() throws {
        let t = try tester(["play": "function(state, input) state.deep = { list = { {} } } state.deep.list[1].back = state end"])
        t.send("x")
        XCTAssertTrue(t.last.ruleFailed)
        XCTAssertTrue(t.last.reason?.contains("state.deep.list[1].back: the table contains itself") ?? false, t.last.reason ?? "")
    }

    func testHostileResultsViewsAndMovesAreErrors() throws {
        for shape in Self.shapes {
            for hook in ["view", "moves", "result"] {
                let t = try tester([hook: "function(state) return \(shape.make) end"])
                let start = ProcessorTime.thread()
                t.send("up")
                XCTAssertLessThan(ProcessorTime.thread() - start, 5, "\(hook): \(shape.name)")
                // Either the rule's error, or a value read as far as it is data (a lying
                // metatable is not asked: an empty list of moves).
                // (A result that reads as a table ends the game: the host then refuses "up".)
                if !t.last.ruleFailed {
                    XCTAssertTrue([.accepted, hook == "result" ? .refused : .accepted].contains(t.last.status), "\(hook) returning \(shape.name)")
                }
                if shape.name.hasPrefix("cycle") || shape.name.hasPrefix("DAG") || shape.name.hasPrefix("an 8 MB") {
                    XCTAssertTrue(t.last.ruleFailed, "\(hook) returning \(shape.name)")
                }
            }
        }
    }

    func testHostileErrorObjectsAreReportedCleanly() throws {
        for shape in Self.shapes {
            let t = try tester(["play": "function(state, input) if input == 'boom' then error(\(shape.make)) end state.n = state.n + 1 end"])
            let start = ProcessorTime.thread()
            t.send("boom")
            XCTAssertLessThan(ProcessorTime.thread() - start, 5, shape.name)
            XCTAssertTrue(t.last.ruleFailed, shape.name)
            XCTAssertLessThan(t.last.reason?.utf8.count ?? 0, 2000, shape.name)
            t.send("up")
            XCTAssertEqual(t.state["n"], 1, shape.name)
        }
    }

    func testAHostileRuleTableStillLoadsOrFailsCleanly() throws {
        for shape in Self.shapes {
            let path = files.write("table", RuleFiles.rule(["extra": shape.make]))
            let start = ProcessorTime.thread()
            do {
                let rule = try LoadedRule(path: path)
                XCTAssertTrue(rule.info.warnings.contains { $0.contains("unknown field 'extra'") }, shape.name)
            } catch {
                XCTAssertTrue(String(describing: error).contains("table.lua"), "\(shape.name): \(error)")
            }
            XCTAssertLessThan(ProcessorTime.thread() - start, 5, shape.name)
        }
        let cyclicTitle = files.write("title", "local t = {} t.t = t\n" + RuleFiles.rule(["title": "t"]))
        XCTAssertThrowsError(try LoadedRule(path: cyclicTitle)) {
            XCTAssertTrue(String(describing: $0).contains("title.t: the table contains itself"), String(describing: $0))
        }
    }

    /// The input and each part of what the step shows after it (the view, the moves) have a
    /// budget each: a move that spends most of its budget leaves the view and moves theirs,
    /// and a hook that spins for ever is stopped at its own budget's end.
    func testEachPartOfAStepHasABudgetOfItsOwn() throws {
        // Each hook stays under a budget; together they would not.
        let spin = "local n = 0 for i = 1, 7000000 do n = n + 1 end"
        let t = try tester([
            "play": "function(state, input) \(spin) state.n = state.n + 1 end",
            "view": "function(state) \(spin) return 'n = ' .. state.n end",
            "moves": "function(state) \(spin) return { 'up' } end",
        ])
        let start = ProcessorTime.thread()
        t.send("up")
        t.assertAccepted()
        XCTAssertNil(t.last.reason)
        XCTAssertEqual(t.last.view(of: 1).view, "n = 1")
        XCTAssertEqual(t.last.view(of: 1).moves, ["up"])
        let forever = try tester(["view": "function(state) if state.n > 0 then while true do end end return 'n' end"])
        forever.send("up")
        XCTAssertTrue(forever.last.ruleFailed)
        XCTAssertTrue(forever.last.applied)
        XCTAssertEqual(forever.last.code, .budget)
        XCTAssertLessThan(ProcessorTime.thread() - start, 5)
    }

    func testASessionEndsAfterThreeInputsThatUseUpTheBudget() throws {
        let t = try tester(["view": "function(state) if state.n > 0 then while true do end end return 'n' end"])
        let start = ProcessorTime.thread()
        t.send(["up", "up", "up"])
        XCTAssertLessThan(ProcessorTime.thread() - start, 8)
        XCTAssertTrue(t.finished)
        XCTAssertTrue(t.last.reason?.contains("used up its steps, time or memory on 3 inputs in a row") ?? false, t.last.reason ?? "")
    }

    /// A move after which `result` or `turn` fails is not kept, as a move that fails itself:
    /// the state is as it was, nothing it said is shown, and the next input is taken.
    func testAMoveTheRuleCannotJudgeIsNotKept() throws {
        for hook in ["result", "turn"] {
            let t = try tester([
                "play": "function(state, input, game) game.say('moved') if input == 'down' then state.broken = true else state.n = state.n + 1 end end",
                hook: "function(state) if state.broken then error('cannot judge') end \(hook == "turn" ? "return 1" : "") end",
            ])
            t.send("down")
            XCTAssertTrue(t.last.ruleFailed, hook)
            XCTAssertFalse(t.last.applied, hook)
            XCTAssertTrue(t.last.reason?.contains("cannot judge") ?? false, "\(hook): \(t.last.reason ?? "")")
            XCTAssertEqual(t.last.messages, [], hook)
            XCTAssertEqual(t.last.view(of: 1).view, "n = 0", hook)
            t.send("up")
            t.assertAccepted()
            XCTAssertEqual(t.last.view(of: 1).view, "n = 1", hook)
            XCTAssertEqual(t.last.messages, ["moved"], hook)
        }
    }

    /// A move rolled back because judging it used up a limit says which: memory, or the steps.
    func testAMoveJudgedPastALimitSaysWhichLimit() throws {
        for (spend, code) in [("local s = 'x' for i = 1, 40 do s = s .. s end", StepCode.memory),
                              ("while true do end", StepCode.budget)] {
            let t = try tester([
                "play": "function(state, input) if input == 'down' then state.broken = true else state.n = state.n + 1 end end",
                "result": "function(state) if state.broken then \(spend) end end",
            ])
            t.send("down")
            XCTAssertFalse(t.last.applied, spend)
            XCTAssertEqual(t.last.code, code, "\(spend): \(t.last.reason ?? "")")
            t.send("up")
            t.assertAccepted()
        }
    }

    /// A state an accepted move left too deep to save fails the next input, saying which move
    /// is to blame and how to take it back.
    func testAStateTooDeepToSaveSaysHowToGetOut() throws {
        let t = try tester(["play": "function(state, input) if input == 'down' then local t = {} for i = 1, 250 do t = { t } end state.nest = t end state.n = state.n + 1 end"])
        t.send("down")
        t.send("up")
        XCTAssertTrue(t.last.ruleFailed)
        XCTAssertTrue(t.last.reason?.contains("nested more than 200 deep cannot be saved (in saving the state before play, as an earlier move left it: /undo takes that move back)") ?? false,
                      t.last.reason ?? "")
    }

    /// A table as a key has no name in plain data: it is named as such, not read as "table"
    /// (two of them were taken for two spellings of one text).
    func testATableAsAKeyIsNamed() throws {
        let t = try tester(["play": "function(state, input) state.x = { [{}] = 1, [{}] = 2 } state.n = state.n + 1 end"])
        t.send("up")
        XCTAssertTrue(t.last.reason?.contains("state.x[table]: a table as a key has no plain-data form: keys are strings, numbers or booleans") ?? false,
                      t.last.reason ?? "")
    }

    func testARefusalsReasonIsAText() throws {
        let t = try tester(["play": "function(state, input, game) game.refuse({}) end"])
        t.send("up")
        XCTAssertTrue(t.last.ruleFailed)
        XCTAssertTrue(t.last.reason?.contains("game.refuse: the reason is a text (a string), not a table") ?? false, t.last.reason ?? "")
        let number = try tester(["play": "function(state, input, game) game.refuse(42) end"])
        number.send("up")
        XCTAssertEqual(number.last.status, .refused)
        XCTAssertEqual(number.last.reason, "42")
    }

    func testAHugeErrorMessageIsCut() throws {
        let t = try tester(["play": "function() error(string.rep('x', 10000000)) end"])
        t.send("up")
        XCTAssertTrue(t.last.ruleFailed)
        XCTAssertLessThan(t.last.reason?.utf8.count ?? 0, 10_000)
        XCTAssertTrue(t.last.reason?.contains("more bytes)") ?? false)
    }

    func testMovesAreBounded() throws {
        for moves in ["(function() local t = {} for i = 1, 20000 do t[i] = 'm' .. i end return t end)()", "{ string.rep('x', 5000) }"] {
            let t = try tester(["moves": "function() return \(moves) end"])
            t.send("up")
            XCTAssertTrue(t.last.ruleFailed, moves)
            XCTAssertTrue(t.last.reason?.contains("more than") ?? false, t.last.reason ?? "")
        }
    }

    func testCPUBombsInEveryPlaceEndWithinTheBounds() throws {
        let bombs = [
            "while true do end",
            "local co = coroutine.wrap(function() while true do end end) co()",
            "xpcall(function() while true do end end, function() while true do end end)",
            "xpcall(error, function() while true do end end)",
            "local t <close> = setmetatable({}, { __close = function() while true do end end }) error('x')",
            "for i = 1, 1e9 do local s = string.rep('x', 1 << 20) end",
            "local s = string.rep('a', 1 << 22) for i = 1, 1e9 do s:find('b', 1, true) end",
            "local t = {} for i = 1, 1e6 do t[i] = -i end for i = 1, 100 do table.sort(t) end",
            "local s = string.rep('x', 1 << 24) for i = 1, 1e9 do local n = utf8.len(s) end",
            "for w in string.rep('a', 5000):gmatch('^.-.-.-b') do end",
            "local a, b = string.rep('x', 1 << 24), string.rep('x', 1 << 24) .. 'y' for i = 1, 1e9 do local c = a < b end",
            "local t = {} for i = 1, 1e5 do t[i] = i end for i = 1, 1e9 do table.insert(t, 1, i) end",
            "string.find(string.rep('a', 30), '.-.-.-.-.-.-.-.-.-.-.-b')",
        ]
        for bomb in bombs {
            let t = try tester(["play": "function(state, input) if input == 'go' then \(bomb) end state.n = state.n + 1 end"])
            // Those the step budget cannot stop end at the time limit: a short one, for speed.
            t.engine.timeLimit = 0.05
            let start = ProcessorTime.thread()
            t.send("go")
            XCTAssertLessThan(ProcessorTime.thread() - start, 5, bomb)
            XCTAssertTrue(t.last.ruleFailed, bomb)
            t.send("up")
            XCTAssertEqual(t.state["n"], 1, bomb)
        }
    }
}
