import Foundation
import GameRuntime
import GameHostTesting
import LuaKit
import XCTest

/// Issue 24's rule fixes: Memory and Apple Pie say what happened, in one form, refuse what
/// cannot be right at no cost, and draw the fruit under the tree.
final class PolishRuleTests: XCTestCase {
    func said(_ step: Step) -> String { step.messages(for: 1).joined(separator: "\n") }

    // MARK: Memory

    func testAFailedPairOfUnseenCardsIsSaid() throws {
        for rule in ["memory", "memory-triples"] {
            let deck = rule == "memory" ? "A,B,A,B" : "A,B,C,A,B,C,A,B,C"
            let t = try RuleTester(RuleTester.builtIn(rule), options: ["deck": deck, "theme": "fruit"])
            t.send("1")
            t.send("2")
            if rule == "memory-triples" { t.send("3") }
            XCTAssertTrue(said(t.last).hasPrefix("No match"), "\(rule): \(said(t.last))")
            t.assertState("score", 0)
        }
    }

    // MARK: Apple Pie

    func applePie(_ words: [String], options: [String: String] = [:]) throws -> RuleTester {
        var all = ["order": "list"]
        for (k, v) in options { all[k] = v }
        return try RuleTester(RuleTester.builtIn("applepie"), options: all, words: words)
    }

    func testAWholeWordOfAnotherLengthIsRefusedWithoutCost() throws {
        let t = try applePie(["berry", "bug"])
        t.send("cherries")
        t.assertRefused(containing: "5 letters")
        t.assertState("fruit", 7)
        t.send("bug")
        t.assertRefused(containing: "5 letters")
        t.send("melon")
        t.assertAccepted()
        t.assertState("fruit", 6)
    }

    func testHitsAreCountedInOneForm() throws {
        let t = try applePie(["berry", "bug"])
        t.send("b")
        XCTAssertTrue(said(t.last).hasPrefix("Yes: one 'b'."), said(t.last))
        t.send("r")
        XCTAssertTrue(said(t.last).hasPrefix("Yes: two 'r's."), said(t.last))
    }

    func testTheFruitIsCentredUnderTheTree() throws {
        for count in [7, 4, 1] {
            let t = try applePie(["berry"], options: ["fruit-count": String(count)])
            let lines = t.view.split(separator: "\n").map(String.init)
            guard let fruitRow = lines.first(where: { $0.contains("🍎") }), let trunk = lines.first(where: { $0.hasSuffix("||") && $0.trimmingCharacters(in: .whitespaces) == "||" }) else {
                return XCTFail(t.view)
            }
            // Centres in half columns: the trunk's and the row of fruit's (each emoji is 2 wide).
            let trunkCentre = 2 * trunk.prefix { $0 == " " }.count + 2
            let lead = fruitRow.prefix { $0 == " " }.count
            let width = 3 * count - 1
            XCTAssertLessThanOrEqual(abs(2 * lead + width - trunkCentre), 1, "\(count) fruit:\n\(t.view)")
        }
    }

    func testTimedModeSaysWhenTheTargetCanNoLongerBeReached() throws {
        // Three words, a target of 3: losing the first word makes it out of reach.
        let t = try applePie(["bug", "cat", "dog"], options: ["mode": "timed", "target": "3", "fruit-count": "1"])
        t.send("x")
        XCTAssertTrue(said(t.last).contains("can no longer be reached"), said(t.last))
        t.send(["c", "a", "t"])
        XCTAssertFalse(said(t.last).contains("can no longer be reached"), "said once: \(said(t.last))")
    }
}
