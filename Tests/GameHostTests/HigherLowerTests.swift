import GameHostTesting
import XCTest

final class HigherLowerTests: XCTestCase {
    /// The shuffle puts these cards on top, by their labels; the rest keep new-deck order.
    func game(_ top: [String]) throws -> RuleTester {
        var config = RuleTester.Config()
        config.forceDecks = [top]
        return try RuleTester("rules/higher-lower.lua", config)
    }

    func testARightCallCountsAndAWrongOneEndsTheGame() throws {
        let t = try game(["7♠", "9♥", "2♣"])
        t.assertState("shown.1.label", "7♠")
        t.send("higher")
        t.assertState("streak", 1)
        t.assertState("shown.2.called", "higher")     // a path through fields and list positions
        t.send("higher")
        XCTAssertEqual(t.result?.winner, "computer")
        XCTAssertEqual(t.result?.summary, "1 right before a miss.")
        t.send("higher")
        t.assertRefused(containing: "the game is over")
    }

    func testTheSameRankDoesNotCount() throws {
        let t = try game(["7♠", "7♥"])
        t.send("lower")
        XCTAssertEqual(t.last.messages, ["7♥: the same rank, it does not count."])
        t.assertState("streak", 0)
    }

    func testOnlyHigherOrLower() throws {
        let t = try game(["7♠"])
        t.send("sideways")
        t.assertRefused(containing: "say higher or lower")
    }
}
