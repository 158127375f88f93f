import GameCore
import XCTest

final class PileTests: XCTestCase {
    func testRepeatedContents() {
        XCTAssertEqual(Pile<String>.repeating(["A", "B"], copies: 2), ["A", "A", "B", "B"])
        XCTAssertEqual(Pile<String>.repeating(["A", "B", "A"], copies: 3), ["A", "A", "A", "B", "B", "B"])
        XCTAssertEqual(Pile<String>.repeating(["x", "y", "z"], copies: 1).count, 3)
    }

    func testDealAndCut() throws {
        var d = Pile([2, 3, 4, 5, 6, 7])
        XCTAssertEqual(try d.deal(hands: 2, each: 2), [[2, 4], [3, 5]], "one card at a time round the table")
        XCTAssertEqual(d.cards, [6, 7])
        XCTAssertEqual(try d.deal(hands: 3, each: 0), [[], [], []])
        var c = Pile(["a", "b", "c", "d"])
        c.cut(1)
        XCTAssertEqual(c.cards, ["b", "c", "d", "a"])
        c.cut(-1)
        XCTAssertEqual(c.cards, ["a", "b", "c", "d"])
        c.cut(4_000_000_001)
        XCTAssertEqual(c.cards, ["b", "c", "d", "a"], "a cut counts round the pile")
    }

    func testAskingForMoreThanIsLeftIsAnErrorAndChangesNothing() {
        var d = Pile([1, 2, 3])
        XCTAssertThrowsError(try Pile<Int>.check(4, left: 3)) { XCTAssertEqual("\($0)", "asked for 4 cards, but only 3 are left") }
        XCTAssertNoThrow(try Pile<Int>.check(3, left: 3))
        XCTAssertThrowsError(try d.deal(hands: 2, each: 2)) { XCTAssertEqual($0 as? PileError, .tooFew(asked: 4, left: 3)) }
        XCTAssertThrowsError(try d.deal(hands: Int.max, each: 2), "an overflowing deal is too many, not a trap")
        XCTAssertThrowsError(try Pile<Int>.check(-1, left: 3))
        XCTAssertEqual(d.cards, [1, 2, 3])
        XCTAssertThrowsError(try Pile<Int>.check(1, left: 0)) { XCTAssertEqual("\($0)", "asked for 1 card, but none is left") }
    }

    func testFlagsAndFaceUpTime() {
        var card = CardFlags()
        card.turnUp(at: 10)
        XCTAssertTrue(card.faceUp)
        XCTAssertEqual(card.faceUpTime(at: 13), 3)
        card.turnDown(at: 14)
        XCTAssertTrue(card.seen)
        XCTAssertFalse(card.removed)
        XCTAssertEqual(card.faceUpTime(at: 100), 4)
        card.turnUp(at: 20)
        XCTAssertEqual(card.faceUpTime(at: 22), 6, "face-up time adds up across flips")
        card.matched = true
        card.turnDown(at: 22)
        XCTAssertTrue(card.removed, "a matched card that turns down leaves the table")
        var odd = CardFlags()
        odd.upSince = -1e308
        odd.upTime = 1e308
        XCTAssertEqual(odd.faceUpTime(at: 10), 0, "no infinite time from a card table's odd fields")
        odd.upTime = 5
        odd.upSince = 1e300
        XCTAssertEqual(odd.faceUpTime(at: 10), 5)
    }
}
