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
        var time = FaceUpTime()
        card.turnUp()
        time.turnUp(at: 10)
        XCTAssertTrue(card.faceUp)
        XCTAssertEqual(time.seconds(at: 13), 3)
        card.turnDown()
        time.turnDown(at: 14)
        XCTAssertTrue(card.seen)
        XCTAssertFalse(card.removed)
        XCTAssertEqual(time.seconds(at: 100), 4)
        time.turnUp(at: 20)
        XCTAssertEqual(time.seconds(at: 22), 6, "face-up time adds up across flips")
        card.turnUp()
        card.matched = true
        card.turnDown()
        XCTAssertTrue(card.removed, "a matched card that turns down leaves the table")
        let odd = FaceUpTime(total: 1e308, since: -1e308)
        XCTAssertLessThanOrEqual(odd.seconds(at: 10), FaceUpTime.longest, "no infinite time from odd readings")
        XCTAssertEqual(FaceUpTime(total: 5, since: 1e300).seconds(at: 10), 5)
    }
}
