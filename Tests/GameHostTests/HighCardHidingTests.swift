import GameHostTesting
import XCTest

final class HighCardHidingTests: XCTestCase {
    func testEachSeatSeesItsOwnCardOnly() throws {
        var config = RuleTester.Config()
        config.forceDecks = [["Q♥", "3♣"]]          // seat 1 is dealt the queen, seat 2 the three
        let t = try RuleTester("rules/high-card.lua", config)
        t.assertObserved("Q♥", by: 1)                // its own card, face down but its own
        t.assertHidden("Q♥", from: 2)                // not in seat 2's observation, nor its view
        t.assertHidden("3♣", from: 1)
        XCTAssertEqual(t.observed("hands.1.1", by: 2), .object(["hidden": .bool(true)]))
        XCTAssertEqual(t.observed("deck.50", by: 1), .object(["hidden": .bool(true)]))  // the stock: 50 cards,
        XCTAssertEqual(t.observed("deck.51", by: 1), .null)                              // all hidden
        t.send("show", as: 1)                        // seat 1 turns its card up: now both see it
        t.assertObserved("Q♥", by: 2)
        t.assertHidden("3♣", from: 1)
    }
}
