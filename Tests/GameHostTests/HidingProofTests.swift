import Foundation
import GameCore
import GameAuthoring
import GameHostTesting
import XCTest

/// check proves that a seat learns nothing it may not see: it changes what the seat cannot see
/// and requires its observation, view and moves to stay the same, and it looks for copies of
/// hidden faces where the seat can see them. Crazy Eights as shipped passes; copies of it that
/// leak one card of another hand through a view, a state field or a move pattern fail, naming
/// the seat and the place.
final class HidingProofTests: XCTestCase {
    let files = RuleFiles()

    /// A copy of the shipped Crazy Eights, wrapped by `wrap` (Lua that changes `rule`). `leak`
    /// finds, for a seat, a card of another seat's hand: its label.
    func crazyEights(_ wrap: String) throws -> String {
        let original = try String(contentsOfFile: RuleTester.builtIn("crazy-eights"), encoding: .utf8)
        try original.write(toFile: files.directory + "/lib/crazy-eights-shipped.lua", atomically: true, encoding: .utf8)
        return files.write("leaky", """
            local rule = require("crazy-eights-shipped")
            local function leak(state, seat)
              local seen = {}
              local function walk(t)
                if seen[t] then return nil end
                seen[t] = true
                if t.owner and t.owner ~= seat and t.label then return t.label end
                for _, v in ipairs(t) do
                  if type(v) == "table" then local found = walk(v) if found then return found end end
                end
                local keys = {}
                for k, v in pairs(t) do if type(v) == "table" and type(k) == "string" then keys[#keys + 1] = k end end
                table.sort(keys)
                for _, k in ipairs(keys) do local found = walk(t[k]) if found then return found end end
                return nil
              end
              return walk(state)
            end
            \(wrap)
            return rule
            """)
    }

    func problems(_ path: String) -> [String] {
        var settings = Conformance.Settings(seeds: 2, maxMoves: 2000)
        settings.timeLimit = 2
        return Conformance.check(path: path, libraryDirectories: [RuleTester.rulesDirectory + "/lib", files.directory + "/lib"],
                                 settings: settings).problems
    }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testTheShippedCrazyEightsHidesEveryHand") { ConformanceTests.everyRuleFile.start() }
    }

    /// The check of every rule file that ConformanceTests starts early holds the proof for the
    /// shipped Crazy Eights: it is read here, not played again.
    func testTheShippedCrazyEightsHidesEveryHand() throws {
        let checks = try ConformanceTests.everyRuleFile.value()
        let found = try XCTUnwrap(checks.first { $0.0.hasSuffix("/crazy-eights.lua") }, "crazy-eights.lua is checked").1
        XCTAssertGreaterThan(found.playthroughs, 0)
        XCTAssertEqual(found.problems, [])
    }

    func testALeakThroughTheViewIsNamed() throws {
        let path = try crazyEights("""
            local view = rule.view
            rule.view = function(state, game, seat)
              local elements = view(state, game, seat)
              elements[#elements + 1] = leak(state, seat) or ""
              return elements
            end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("seat 1's view") && $0.contains("hidden from seat 1") }, "\(found)")
    }

    /// A face-down card's id (which the terminal never shows) naming a hidden card is found in
    /// the view's elements, where it is.
    func testALeakThroughAnElementThatTheTextDoesNotShowIsNamed() throws {
        let path = try crazyEights("""
            local view = rule.view
            rule.view = function(state, game, seat)
              local elements = view(state, game, seat)
              elements[#elements + 1] = { type = "cards", cards = { { up = false, id = leak(state, seat) } } }
              return elements
            end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("seat 1's view holds '") && $0.contains("at elements[") && $0.contains("].cards[1].id, the face of a card hidden from seat 1") }, "\(found)")
    }

    func testALeakThroughAStateFieldIsNamed() throws {
        let path = try crazyEights("""
            local setup = rule.setup
            rule.setup = function(game) local state = setup(game) state.peek = leak(state, 1) return state end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("seat 1's observation holds") && $0.contains("at observation.peek") }, "\(found)")
    }

    func testALeakThroughAMovePatternIsNamed() throws {
        let path = try crazyEights("""
            local moves = rule.moves
            rule.moves = function(state, game, seat)
              local list = moves(state, game, seat)
              if #list > 0 then list.text = "a card" list.pattern = leak(state, seat) end
              return list
            end
            """)
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("moves change") }, "\(found)")
    }

    /// A secret field that shows through the view: the secret changes, and so does the view.
    func testASecretShownInTheViewIsNamed() throws {
        let path = files.write("secret", RuleFiles.rule([
            "secret": "{ 'word' }",
            "setup": "function() return { n = 0, log = {}, word = 'banana' } end",
            "view": "function(state) return 'n = ' .. state.n .. ' ' .. state.word:sub(1, 2) end",
        ]))
        let found = problems(path)
        XCTAssertTrue(found.contains { $0.contains("seat 1's view changes with what seat 1 may not see") }, "\(found)")
    }
}
