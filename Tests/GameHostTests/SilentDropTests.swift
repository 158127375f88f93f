import Foundation
import GameCore
import GameAuthoring
import GameHostTesting
import XCTest

/// Nothing a rule does wrong passes in silence: what a query hook tries to keep (a score, a
/// record, a reward) and a result field of the wrong type are errors naming the hook and the
/// field, in play and in check alike.
final class SilentDropTests: XCTestCase {
    let files = RuleFiles()

    /// A rule that ends after two moves with `result`'s body.
    func rule(_ result: String) -> String {
        files.write("drop", RuleFiles.rule(["result": "function(state, game) if state.n >= 2 then \(result) end end"]))
    }

    static let keeping: [(call: String, named: String)] = [
        ("game.scores.submit{ value = state.n }", "game.scores.submit in result: result only looks"),
        ("game.scores.save('best', state.n)", "game.scores.save in result: result only looks"),
        ("game.reward(1, 1)", "game.reward in result: result only looks"),
    ]

    func testKeepingSomethingInAQueryIsAnErrorInPlay() throws {
        for (call, named) in Self.keeping {
            let t = try RuleTester(rule("\(call) return { winner = 'player' }"), allowsRuleErrors: true)
            t.send(["up", "up"])
            XCTAssertTrue((t.last.reason ?? "").contains(named), "\(call): \(t.last.reason ?? "")")
        }
    }

    func testKeepingSomethingInAQueryIsAnErrorInCheck() {
        for (call, named) in Self.keeping {
            let p = Conformance.check(path: rule("\(call) return { winner = 'player' }"), settings: .init(seeds: 2, maxMoves: 50)).problems
            XCTAssertTrue(p.contains { $0.contains(named) }, "\(call): \(p)")
        }
    }

    /// The same call in play keeps what it is given: only a query refuses.
    func testKeepingSomethingInPlayIsFine() throws {
        let path = files.write("kept", RuleFiles.rule(["play": """
            function(state, input, game)
              if input ~= "up" and input ~= "down" then game.refuse("say up or down") end
              state.n = state.n + 1
              if state.n >= 3 then game.scores.submit{ board = "b", value = state.n } game.reward(1, 1) end
            end
            """]))
        let t = try RuleTester(path)
        t.send(["up", "up", "up"])
        t.assertAccepted()
        XCTAssertEqual(t.result?.winner, "player")
    }

    /// `score = "zero"` or `summary = 0` is the rule's error naming the field, not a null score.
    func testAResultFieldOfTheWrongTypeIsNamed() throws {
        for (fields, named) in [("score = 'zero'", "result's 'score' must be a finite number, not string"),
                                ("summary = 0", "result's 'summary' must be a string, not number"),
                                ("scores = { 'a' }", "result's 'scores' must be a list of finite numbers"),
                                ("score = 3, better = 'less'", "result's 'better' must be \"higher\" (the default) or \"lower\"")] {
            let path = rule("return { winner = 'draw', \(fields) }")
            let t = try RuleTester(path, allowsRuleErrors: true)
            t.send(["up", "up"])
            XCTAssertTrue((t.last.reason ?? "").contains(named), "\(fields): \(t.transcriptText)")
            XCTAssertNil(t.result, fields)
            let p = Conformance.check(path: path, settings: .init(seeds: 2, maxMoves: 50)).problems
            XCTAssertTrue(p.contains { $0.contains(named) }, "\(fields): \(p)")
        }
    }
}
