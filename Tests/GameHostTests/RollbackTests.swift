import GameCore
import GameHostTesting
import XCTest

/// A refused or failed move leaves everything reachable from the state as it was: nested and
/// shared tables, metatables and the tables they reach, strings and numbers, in the very same
/// tables. Generated rules change arbitrary parts of the state and then refuse (or fail); the
/// snapshot of the state must come out byte for byte as it went in.
final class RollbackTests: XCTestCase {
    let files = RuleFiles()

    /// The state every generated rule starts from: nested tables, a table shared by two paths,
    /// a metatable whose `__index` is a table of its own, a cycle through tables, long and
    /// short strings, integers, floats and booleans.
    static let setup = """
        function(game)
            local shared = { name = "shared", list = { 1, 2, 3 } }
            local class = { n = 0, label = string.rep("m", 60) }
            local s = {
              n = 0, f = 1.5, flag = true, text = string.rep("t", 100),
              a = { x = 1, list = { "p", "q" }, inner = { deep = { 1, 2, { 3 } } } },
              b = shared, c = { ref = shared },
              obj = setmetatable({ own = 1 }, { __index = class }),
            }
            s.loop = { back = s.a }
            return s
          end
        """

    /// Changes a move may make, each a Lua statement on `state`.
    static let changes = [
        "state.n = state.n + 1",
        "state.f = state.f * 3.25",
        "state.flag = not state.flag",
        "state.text = state.text .. 'more'",
        "state.a.x = state.a.x + 10",
        "state.a.list[#state.a.list + 1] = 'r' .. state.n",
        "table.remove(state.a.list, 1)",
        "state.a.inner.deep[3][1] = 'changed'",
        "state.b.name = string.rep('long', 20)",
        "state.c.ref.list[2] = nil",
        "state.b.extra = { made = true }",
        "getmetatable(state.obj).__index.n = getmetatable(state.obj).__index.n + 1",
        "getmetatable(state.obj).__index.label = 'short'",
        "setmetatable(state.obj, { __index = { n = 99 } })",
        "setmetatable(state.a, { __index = state.b })",
        "state.obj.own = nil",
        "state.a = nil",
        "state.new = { state.b, state.b, 'x' }",
        "state.loop.back = state.c",
        "state.c.ref = { replaced = 1 }",
        "state[42] = 'number key'",
        "state.a.inner = state.loop",
    ]

    func rule(changes: [String], fails: Bool) -> String {
        let body = changes.map { "    " + $0 }.joined(separator: "\n")
        return RuleFiles.rule([
            "setup": Self.setup,
            "moves": "function() return { 'change', 'up' } end",
            "play": """
                function(state, input, game)
                    if input == "up" then state.n = state.n + 1 return end
                \(body)
                    \(fails ? "error('broken after its changes')" : "game.refuse('refused after its changes')")
                  end
                """,
        ])
    }

    func testRefusedAndFailedMovesLeaveTheSnapshotByteForByte() throws {
        let random = RandomSource(seed: 20)
        for k in 0..<120 {
            let count = try random.int(in: 1...6)
            let changes = try (0..<count).map { _ in Self.changes[try random.int(in: 0...(Self.changes.count - 1))] }
            let fails = k % 3 == 0
            let path = files.write("gen\(k)", rule(changes: changes, fails: fails))
            let t = try RuleTester(path, allowsRuleErrors: true)
            t.send("up")
            let before = try t.engine.stateBytes()
            t.send("change")
            // Refused, or failed (by the rule's error, or a change that fails on its own, such as
            // indexing a table an earlier change took away): either way, nothing applied.
            XCTAssertTrue(t.last.status == .refused || t.last.status == .error, "\(changes)")
            if !fails && t.last.status == .refused { XCTAssertEqual(t.last.reason, "refused after its changes") }
            XCTAssertEqual(try t.engine.stateBytes(), before, "byte for byte after \(changes)")
            // The game goes on from the state as it was.
            t.send("up")
            t.assertState("n", 2)
        }
    }

    /// The case that climbed: a counter in a metatable's `__index` table, bumped and refused
    /// three times, stays where it was.
    func testACounterReachedThroughAMetatableDoesNotClimb() throws {
        let path = files.write("meta", RuleFiles.rule([
            "setup": "function() return { n = 0, log = {}, sub = setmetatable({}, { __index = { n = 0 } }) } end",
            "moves": "function() return { 'bump', 'up' } end",
            "view": "function(state) return 'n = ' .. getmetatable(state.sub).__index.n end",
            "play": """
                function(state, input, game)
                    local counter = getmetatable(state.sub).__index
                    counter.n = counter.n + 1
                    game.refuse('no')
                  end
                """,
        ]))
        let t = try RuleTester(path)
        for _ in 1...3 {
            t.send("bump")
            t.assertRefused(containing: "no")
            XCTAssertEqual(t.view, "n = 0")
        }
    }

    /// A finalizer can never enter the state: `__gc` set on a metatable after it was attached
    /// is not registered when a refusal puts the metatable back.
    func testAFinalizerAddedLaterIsNeverRun() throws {
        let path = files.write("gc", RuleFiles.rule([
            "setup": "function() local mt = {} local s = { n = 0, log = {}, obj = setmetatable({}, mt) } mt.__gc = function() while true do end end return s end",
            "moves": "function() return { 'swap', 'up' } end",
            "play": "function(state, input, game) setmetatable(state.obj, nil) game.refuse('no') end",
        ]))
        let t = try RuleTester(path)
        t.send("swap")
        t.assertRefused(containing: "no")
        t.engine.close()  // a registered finalizer would loop here for ever
    }
}
