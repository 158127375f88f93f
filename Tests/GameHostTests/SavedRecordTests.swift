import Foundation
import GameCore
import GameHost
import GameHostTesting
import LuaKit
import XCTest

/// `game.scores.save` / `load`: plain data a game keeps across sessions, saved with the move.
final class SavedRecordTests: XCTestCase {
    let files = RuleFiles()
    let dir = NSTemporaryDirectory() + "gamehost-records-" + UUID().uuidString

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A counter whose `up` also counts in a saved record; `down` saves and then refuses.
    func session(_ store: ScoreStore?, play: String? = nil) throws -> RuleTester {
        let path = files.write("counter", RuleFiles.rule([
            "setup": "function(game) return { n = 0, log = {}, before = game.scores.load('ups') } end",
            "view": "function(state) return 'saved before: ' .. tostring(state.before and state.before.count) end",
            "play": play ?? """
                function(state, input, game)
                    local saved = game.scores.load("ups") or { count = 0, inputs = {} }
                    saved.count = saved.count + 1
                    saved.inputs[#saved.inputs + 1] = input
                    game.scores.save("ups", saved)
                    if input == "down" then game.refuse("no") end
                    state.n = state.n + 1
                  end
                """,
        ]))
        return try RuleTester(path, scores: store, allowsRuleErrors: true)
    }

    func testARecordOutlivesTheSessionAndARefusedMoveSavesNothing() throws {
        let first = try session(ScoreStore(directory: dir))
        first.assertState("before", .nil)
        first.send(["up", "down", "up"])
        let second = try session(ScoreStore(directory: dir))
        XCTAssertEqual(second.state["before"]["count"], 2, "the refused move's save was undone")
        XCTAssertEqual(second.state["before"]["inputs"], ["up", "up"])
    }

    func testOnlyPlainDataOfBoundedSizeIsSaved() throws {
        for (value, problem) in [
            ("{ f = print }", "the value must be plain data (tables, strings, numbers, booleans): it holds a function"),
            ("string.rep('x', 70000)", "a record may have 64 KB"),
            ("{ 1, 0/0 }", "it holds nan"),
            ("{ [1] = 'a', x = 1 }", "a table mixes list items or number keys with named fields ([1])"),
        ] {
            let t = try session(nil, play: "function(state, input, game) game.scores.save('x', \(value)) end")
            t.send("up")
            XCTAssertTrue(t.last.reason?.contains(problem) == true, "\(value): \(t.last.reason ?? "accepted")")
        }
        for (call, problem) in [
            ("game.scores.save('\\255', 1)", "game.scores.save: the name must be UTF-8 text"),
            ("game.scores.load('\\254')", "game.scores.load: the name must be UTF-8 text"),
        ] {
            let t = try session(nil, play: "function(state, input, game) \(call) end")
            t.send("up")
            XCTAssertTrue(t.last.reason?.contains(problem) == true, "\(call): \(t.last.reason ?? "accepted")")
        }
        let many = try session(ScoreStore(directory: dir), play: "function(state, input, game) for i = 1, 101 do game.scores.save('r' .. i, i) end end")
        many.send("up")
        XCTAssertTrue(many.last.reason?.contains("a game keeps at most 100 records") == true, many.last.reason ?? "accepted")
    }

    func testADeeplyNestedRecordLoadsInALaterSession() throws {
        let play = """
            function(state, input, game)
                if input == "save" then
                  local t = {} local c = t
                  for i = 1, 90 do c.x = {} c = c.x end
                  game.scores.save("deep", t)
                else
                  local depth, c = 0, game.scores.load("deep")
                  while c.x do depth, c = depth + 1, c.x end
                  state.depth = depth
                end
              end
            """
        try session(ScoreStore(directory: dir), play: play).send("save")
        let later = try session(ScoreStore(directory: dir), play: play)
        later.send("load")
        later.assertState("depth", 90)
    }

    func testAReplayReadsTheRecordsTheSessionRead() throws {
        _ = try session(nil)
        let path = files.directory + "/counter.lua"
        let rule = try LoadedRule(path: path)
        let store = ScoreStore(directory: dir)
        try store.add([], records: ["ups": #"{"count":41,"inputs":[]}"#], game: rule.info.scoreKey, ruleHash: "", at: 0)
        let text = try Transcript.record(rule: rule, game: path, words: nil, inputs: ["up", "up"], scores: store)
        XCTAssertTrue(text.contains(#""records":{"ups":{"count":41"#), text)
        XCTAssertTrue(text.contains("saved before: 41"), text)
        // Replayed with no store at all, the recorded record is read again.
        let file = files.directory + "/counter.transcript"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertNil(try Transcript(path: file).replay(rule: try LoadedRule(path: path), words: nil))
    }

    /// A finished game counts once in the statistics, however often its result is asked for,
    /// and the next game counts again.
    func testAFinishedGameCountsOnce() throws {
        let store = ScoreStore(directory: dir)
        let path = files.write("short", RuleFiles.rule(["result": "function(state) if state.n >= 1 then return { winner = 'player', summary = 'up' } end end"]))
        let t = try RuleTester(path, scores: store)
        t.send(["up", "up", "/moves", "down"])
        XCTAssertNotNil(try t.engine.result())
        XCTAssertNotNil(try t.engine.result())
        XCTAssertEqual(try store.statistics(game: t.engine.info.scoreKey).played, 1)
        t.send(["y", "up"])
        XCTAssertEqual(try store.statistics(game: t.engine.info.scoreKey).played, 2)
    }
}
