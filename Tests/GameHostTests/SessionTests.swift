import Foundation
import GameCore
import GameRules
import GameRuntime
import GameStorage
import GameHostTesting
import LuaKit
import XCTest

final class SessionTests: XCTestCase {
    let files = RuleFiles()

    func tester(_ overrides: [String: String] = [:], prelude: String = "", seed: UInt64 = 1) throws -> RuleTester {
        try RuleTester(files.write("rule", RuleFiles.rule(overrides, prelude: prelude)), seed: seed, allowsRuleErrors: true)
    }

    func testAnErrorDuringPlayLeavesTheStateAsItWasAndTheSessionGoesOn() throws {
        let t = try tester(["play": """
            function(state, input, game)
                state.n = state.n + 100
                state.log[#state.log + 1] = input
                game.random(6)
                if input == "boom" then error("exploded") end
              end
            """, "result": "function() end"])
        t.send("fine")
        let before = t.state
        t.send("boom")
        XCTAssertTrue(t.last.ruleFailed)
        XCTAssertTrue(t.last.reason?.hasSuffix("rule.lua:12: exploded") ?? false, t.last.reason ?? "")
        XCTAssertEqual(t.state, before)
        t.send("fine")
        XCTAssertEqual(t.state["n"], 200)
        XCTAssertEqual(t.state["log"], ["fine", "fine"])
    }

    func testARefusalUndoesChangesChanceAndMessages() throws {
        let t = try tester(["play": """
            function(state, input, game)
                state.n = state.n + 1
                state.roll = game.random(1000000)
                game.say("changed")
                game.bell()
                if input == "no" then game.refuse("not that") end
              end
            """])
        t.send("no")
        t.assertRefused(containing: "not that")
        XCTAssertEqual(t.last.messages, [])
        XCTAssertEqual(t.last.bells, 0)
        XCTAssertEqual(t.state["n"], 0)
        t.send("yes")
        let rollAfterRefusal = t.state["roll"]
        let fresh = try tester(["play": """
            function(state, input, game) state.roll = game.random(1000000) end
            """])
        fresh.send("yes")
        XCTAssertEqual(fresh.state["roll"], rollAfterRefusal, "the refused move's draw was undone")
        XCTAssertEqual(t.last.messages, ["changed"])
        XCTAssertEqual(t.last.bells, 1)
    }

    /// A refused move leaves the state's very tables (a file-level reference still points into
    /// the state), whether it changed them or not: a changed table gets its contents back in
    /// place.
    func testARefusedMoveKeepsAnUntouchedStateAsItIs() throws {
        let t = try tester(["setup": "function(game) local s = { n = 0, log = {}, hand = { 'a', 'b' } } kept = s.hand return s end",
                            "play": """
                                function(state, input, game)
                                    if input == "touch" then state.hand[1] = 'z' end
                                    if input ~= "up" then game.refuse("no") end
                                    state.n = state.n + 1
                                    state.same = rawequal(kept, state.hand)
                                  end
                                """], prelude: "local kept")
        t.send(["nothing", "up"])
        t.assertState("same", true, "an untouched state is the same tables after a refusal")
        t.send(["touch", "up"])
        t.assertState("same", true, "a changed state is restored in place, in the same tables")
        XCTAssertEqual(t.state["hand"], ["a", "b"])
        t.assertState("n", 2)
    }

    /// Once `result` returns a table the host answers every input itself (y, n, commands), and
    /// `play` is not called, unless the rule says it plays on.
    func testTheHostAnswersInputsAfterTheResult() throws {
        let play = "function(state, input, game) state.n = state.n + 1; state.log[#state.log + 1] = input end"
        let t = try tester(["play": play, "result": "function(state) if state.n >= 1 then return { summary = 'done' } end end"])
        t.send(["go", "more", "again"])
        t.assertRefused(containing: "the game is over: y for a new game, n to leave")
        t.assertState("log", ["go"], "play is not called after the result")
        let on = try tester(["play": play, "plays_after_result": "true",
                             "result": "function(state) if state.n >= 1 then return { summary = 'done' } end end"])
        on.send(["go", "more"])
        on.assertState("log", ["go", "more"])
        let bad = files.write("bad", RuleFiles.rule(["plays_after_result": "'yes'"]))
        XCTAssertThrowsError(try LoadedRule(path: bad)) { XCTAssertTrue("\($0)".contains("field 'plays_after_result' must be true or false, not a string"), "\($0)") }
    }

    func testAnErrorInALibraryNamesTheRulesLineThatCalledIt() throws {
        files.write("lib/helper", "local M = {}\nfunction M.explode(x)\n  return x.missing.field\nend\nreturn M\n")
        let path = files.write("caller", RuleFiles.rule(["play": "function(state, input, game)\n    helper.explode(state)\n  end"],
                                                         prelude: "local helper = require('helper')"))
        let t = try RuleTester(path, allowsRuleErrors: true)
        t.send("up")
        XCTAssertTrue(t.last.ruleFailed)
        XCTAssertTrue(t.last.reason?.hasSuffix("lib/helper.lua:3: attempt to index a nil value (field 'missing') (called from \(path):9)") == true,
                      t.last.reason ?? "")
    }

    func testARefusalCaughtByTheRuleStillRefuses() throws {
        let t = try tester(["play": """
            function(state, input, game) state.n = 9; pcall(game.refuse, "caught") end
            """])
        t.send("x")
        t.assertRefused(containing: "caught")
        XCTAssertEqual(t.state["n"], 0)
    }

    func testPlayMayReturnANewState() throws {
        let t = try tester(["play": "function(state) return { n = state.n + 5, log = {} } end"])
        t.send("x")
        XCTAssertEqual(t.state["n"], 5)
    }

    func testInfiniteLoopsInEveryHookAreStopped() throws {
        let loop = "function() while true do end end"
        for hook in ["view", "moves", "result", "play"] {
            let t = try tester([hook: loop])
            if hook == "play" { t.send("up") }
            XCTAssertTrue(t.last.ruleFailed, hook)
            XCTAssertTrue(t.last.reason?.contains("rule.lua:") ?? false, t.last.reason ?? "")
            XCTAssertTrue(t.last.reason?.contains("rule exceeded its step budget") ?? false, t.last.reason ?? "")
        }
        XCTAssertThrowsError(try tester(["setup": loop])) {
            XCTAssertTrue(String(describing: $0).contains("rule exceeded its step budget"), "\($0)")
        }
        let files = RuleFiles()
        XCTAssertThrowsError(try LoadedRule(path: files.write("r", RuleFiles.rule(["options": "{ x = { accept = '.*', default = 'a', check = \(loop) } }"]))))
    }

    /// Plays `bomb` (Lua run on the input "bomb"): it must end in a memory error, and the
    /// session must go on.
    func assertMemoryBombFails(_ bomb: String, reasons: [String] = ["memory limit"], file: StaticString = #filePath, line: UInt = #line) throws {
        let t = try tester(["play": """
            function(state, input, game)
                if input == "bomb" then \(bomb) end
                state.n = state.n + 1
              end
            """])
        t.send("bomb")
        XCTAssertTrue(t.last.ruleFailed, file: file, line: line)
        XCTAssertTrue(reasons.contains { t.last.reason?.contains($0) ?? false }, t.last.reason ?? "", file: file, line: line)
        t.send("up")
        t.assertAccepted(file: file, line: line)
        XCTAssertEqual(t.state["n"], 1, file: file, line: line)
    }

    func testAMemoryBombInPlayIsAnErrorAndTheSessionGoesOn() throws {
        try assertMemoryBombFails(#"local s = "x" while true do s = s .. s end"#)
    }

    func testHostFunctionsNearTheMemoryCapCannotCrashTheHost() throws {
        // Host functions that build big results (a deck of cards from a long list) are
        // bounded by their parameters, and what they build is charged: the rule's own next
        // allocation hits the cap, or the step's budget or time runs out first (a slow machine).
        try assertMemoryBombFails("""
            local names = {}
            for i = 1, 10000 do names[i] = "card" .. i end
            local decks = {}
            while true do decks[#decks + 1] = game.cards.deck(names) end
            """, reasons: ["memory limit", "step budget", "time limit"])
    }

    func testBadHookResultsAreClearErrors() throws {
        let t = try tester(["view": "function() return 42 end"])
        XCTAssertTrue(t.last.ruleFailed)
        XCTAssertTrue(t.last.reason?.hasSuffix("rule.lua: view must return a string or a list of elements, not number") ?? false, t.last.reason ?? "")
        XCTAssertThrowsError(try tester(["setup": "function() return 'state' end"])) {
            XCTAssertTrue(String(describing: $0).contains("setup must return the game's state as a table, not string"))
        }
    }

    func testChanceAndTimeComeFromTheHost() throws {
        let t = try tester(["play": """
            function(state, input, game)
                state.a = math.random(6)
                state.b = game.random(10, 20)
                state.c = game.pick({ "x", "y", "z" })
                state.t = os.time()
                state.clock = os.clock()
                state.now = game.now()
                state.seeded = pcall(math.randomseed, 1)
              end
            """])
        t.force(4, 17, 2)
        t.clock.advance(by: 90)
        t.send("go")
        XCTAssertEqual(t.state["a"], 4)
        XCTAssertEqual(t.state["b"], 17)
        XCTAssertEqual(t.state["c"], "y")
        XCTAssertEqual(t.state["t"], 1_000_090)
        XCTAssertEqual(t.state["clock"], 90.0)
        XCTAssertEqual(t.state["now"], 1_000_090.0)
        XCTAssertEqual(t.state["seeded"], false)
    }

    func testRequireDoesNotFollowASymbolicLinkOutOfItsFolder() throws {
        let outside = NSTemporaryDirectory() + "outside-" + UUID().uuidString + ".lua"
        try "return { secret = 'read from outside' }".write(toFile: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(atPath: files.directory + "/lib/sneaky.lua", withDestinationPath: outside)
        let t = try tester(["play": "function(state, input) state.got = require('sneaky').secret end"])
        t.send("go")
        XCTAssertTrue(t.last.ruleFailed)
        XCTAssertTrue(t.last.reason?.contains("leads outside") ?? false, t.last.reason ?? "")
        XCTAssertEqual(t.state["got"], .nil)
    }

    func testRequireLoadsOnlyFromTheRulesLibrary() throws {
        files.write("lib/helper", "return { double = function(x) return 2 * x end }")
        let t = try tester(["setup": "function(game) return { n = require('helper').double(21), same = require('helper') == require('helper'), log = {} } end"])
        XCTAssertEqual(t.state["n"], 42)
        XCTAssertEqual(t.state["same"], true)
        for name in ["../rule", "etc/passwd", "os", "helper.x"] {
            let bad = try tester(["play": "function(state, input) require(input) end"])
            bad.send(name)
            XCTAssertTrue(bad.last.ruleFailed, name)
            // As Lua says it, at the line of the require call.
            XCTAssertTrue(bad.last.reason?.contains("rule.lua:8: module '\(name)' not found: ") ?? false, bad.last.reason ?? "")
        }
        // The standard libraries the sandbox keeps, by their names, as in Lua.
        let libraries = try tester(["setup": """
            function(game) return { n = 0, log = {}, same = require('utf8') == utf8 and require('string') == string
              and require('table') == table and require('math') == math and require('coroutine') == coroutine
              and require('_G') == _G } end
            """])
        XCTAssertEqual(libraries.state["same"], true)
    }

    func testAPracticeSessionKeepsItsScoresApartAndTellsTheRule() throws {
        let dir = NSTemporaryDirectory() + "practice-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = files.write("rule", RuleFiles.rule(["play": """
            function(state, input, game)
                state.rank = game.scores.submit { board = "fastest", value = 3, better = "lower", unit = "s" }
                state.practice = game.scores.practice
              end
            """]))
        var seen: [LuaValue] = []
        for ranked in [false, true, true] {
            let engine = try makeEngine(try LoadedRule(path: path), scores: ScoreStore(directory: dir), player: "ann", practice: !ranked)
            let table = Table(engine: engine)
            _ = table.start()
            _ = table.handle("up")
            let state = try engine.stateValue()
            XCTAssertEqual(state["practice"], LuaValue.boolean(!ranked))
            seen.append(state["rank"])
        }
        XCTAssertEqual(seen, [.nil, .integer(1), .integer(1)], "a practice run gets no rank and takes none; a tie shares the rank")
        let board = try XCTUnwrap(ScoreStore(directory: dir).boards(game: "counter@" + path, ruleHash: nil).first ?? ScoreStore(directory: dir).boards(game: "counter", ruleHash: nil).first)
        XCTAssertEqual(board.leaderboard.entries.map(\.player), ["ann", "ann"])
        XCTAssertEqual(board.practice.entries.count, 1)
    }

    func testScoresThatCannotBeSavedAreToldOnceAtTheFirstScore() throws {
        let path = files.write("rule", RuleFiles.rule(["play": "function(state, input, game) game.scores.submit { board = 'b', value = 1 } end"]))
        let table = Table(engine: try makeEngine(try LoadedRule(path: path), scores: ScoreStore(directory: "/dev/null/nowhere")))
        _ = table.start()
        let first = table.handle("up"), second = table.handle("up")
        XCTAssertEqual(first.notices.count, 1, "\(first.notices)")
        XCTAssertTrue(first.notices.first?.hasPrefix("Scores are not saved: ") == true, "\(first.notices)")
        XCTAssertEqual(second.notices, [], "once")
    }

    func testARuleMayNameKeysForItsMoves() throws {
        let good = try tester(["keys": #"{ u = "up", d = "down", x = "sideways" }"#])
        XCTAssertEqual(good.engine.info.keys, ["u": "up", "d": "down", "x": "sideways"])
        XCTAssertEqual(good.send("/moves").messages(for: 1), ["Moves: up, down (keys: u up, d down)"], "only the keys of moves offered now")
        // Pairwise for a few moves, through a set for many: the same keys either way, moves
        // compared as bytes (a decomposed é is not the composed one).
        let info = good.engine.info
        XCTAssertEqual(info.keys(offered: ["down", "left"]), ["d": "down"])
        let many = (0..<100).map { "move \($0)" }
        XCTAssertEqual(info.keys(offered: many + ["up", "sideways"]), ["u": "up", "x": "sideways"])
        XCTAssertEqual(info.keys(offered: many), [:])
        XCTAssertEqual(info.keys(offered: []), [:])
        for (keys, problem) in [(#"{ uu = "up" }"#, "must be one printable character"), (#"{ ["/"] = "up" }"#, "must be one printable character"),
                                (#"{ [" "] = "up" }"#, "must be one printable character"), (#"{ x = 3 }"#, "must name a move"),
                                (#""u""#, "must be a table")] {
            XCTAssertThrowsError(try tester(["keys": keys]), keys) { error in
                XCTAssertTrue("\(error)".contains(problem), "\(keys): \(error)")
            }
        }
    }

    func testALongInputIsNotEchoedBackWhole() throws {
        let t = try tester(["play": "function(state, input, game) game.refuse(\"'\" .. input .. \"' is not up or down\") end"])
        let long = String(repeating: "x", count: 100_000)
        let reason = try XCTUnwrap(t.send(String(long.prefix(4000))).reason)
        XCTAssertEqual(reason, "'" + String(repeating: "x", count: 40) + "… (4000 characters)' is not up or down")
        XCTAssertEqual(t.send("sideways").reason, "'sideways' is not up or down", "a short input is quoted whole")
    }

    func testACommandIsNamedByItsFirstWordAsTheTableReadsIt() {
        XCTAssertEqual(Table.commandName(of: "  /UNDO now "), "undo")
        XCTAssertEqual(Table.commandName(of: "/hint"), "hint")
        XCTAssertEqual(Table.commandName(of: "/"), "")
        XCTAssertNil(Table.commandName(of: "rock"))
        XCTAssertNil(Table.commandName(of: "a/b"), "a slash inside a move")
        XCTAssertNil(Table.commandName(of: "/undo " + String(repeating: "x", count: 60)), "longer than the commands looked for")
    }

    func testHostCommands() throws {
        let t = try tester(["commands": "{ peek = { help = 'show n', run = function(state, args, game) game.say('n is ' .. state.n .. ' ' .. args) end } }"])
        t.send("/help")
        let help = t.last.messages(for: 1).joined(separator: "\n")
        XCTAssertTrue(help.contains("/peek"))
        // /agree and /refuse answer a request at a served table, where /undo asks: not here.
        XCTAssertTrue(help.contains("take back your last move (in practice)"), help)
        XCTAssertFalse(help.contains("/agree") || help.contains("/refuse"), help)
        t.send("/moves")
        XCTAssertEqual(t.last.messages(for: 1), ["Moves: up, down"])
        t.send("/peek now")
        XCTAssertEqual(t.last.messages, ["n is 0 now"])
        t.send("/frob")
        t.assertRefused(containing: "unknown command /frob")
        t.send("up")
        t.send("/new")
        XCTAssertEqual(t.state["n"], 0)
        t.send("/quit")
        XCTAssertTrue(t.finished)
    }

    func testTheCardAPIFromLua() throws {
        let t = try tester(["setup": """
            function(game)
                local deck = game.cards.deck({ "a", "b", "c", "a" }, 2)   -- repeats made once
                local size = #deck
                local top = game.cards.peek(deck, 2)
                local drawn = game.cards.draw(deck)
                game.cards.cut(deck, 1)
                local hands = game.cards.deal(deck, 2, 2)
                game.cards.turn_up(deck, 1)
                local up = game.cards.face_up(deck)
                game.cards.turn_down(deck, 1)
                return { n = 0, log = {}, size = size, top = top[1].content .. top[2].content,
                  drawn = drawn.content, left = #deck, hand1 = hands[1][1].content .. hands[1][2].content,
                  hand2 = hands[2][1].content .. hands[2][2].content, up = up[1], seen = deck[1].seen,
                  matched = game.cards.all_matched(deck), none = game.cards.all_matched({}),
                  width = game.width("ね👻a"), padded = game.pad("7", 3, "right"),
                  plain = game.colour("x", "red") }
              end
            """])
        // Deck a a b b c c; peek a a; draw a; cut 1: b b c c a; deal 2 x 2: b b / c c; left: a.
        for (key, value) in [("size", LuaValue.integer(6)), ("top", "aa"), ("drawn", "a"), ("hand1", "bc"),
                             ("hand2", "bc"), ("left", 1), ("up", 1), ("seen", true), ("matched", false),
                             ("none", true), ("width", 5), ("padded", "  7"), ("plain", "x")] {
            t.assertState(key, value)
        }
        let bad = try tester(["play": "function(state, input, game) game.colour('x', 'octarine') end"])
        bad.send("up")
        XCTAssertTrue(bad.last.reason?.contains("game.colour: argument #2 (colour) must be one of \"red\", \"green\"") ?? false, bad.last.reason ?? "")
        let missing = try tester(["play": "function(state, input, game) game.cards.turn_up({}, 3) end"])
        missing.send("up")
        XCTAssertTrue(missing.last.reason?.contains("there is no card 3 (the list has 0)") ?? false, missing.last.reason ?? "")
    }

    func testOddTerminalInputIsCleaned() throws {
        let t = try tester()
        t.send("  up\r\n")
        t.assertAccepted()
        t.send("u\tp")
        t.assertRefused(containing: "say up or down")
        XCTAssertEqual(t.last.input, "u p")
    }
}
