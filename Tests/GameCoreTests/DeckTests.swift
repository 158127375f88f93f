import GameCore
import XCTest

final class DeckTests: XCTestCase {
    func testDecksFromContents() {
        XCTAssertEqual(Deck(contents: ["A", "B"], copies: 2).cards.map(\.content), ["A", "A", "B", "B"])
        XCTAssertEqual(Deck(contents: ["A", "B", "A"], copies: 3).cards.map(\.content), ["A", "A", "A", "B", "B", "B"])
        XCTAssertEqual(Deck(contents: ["x", "y", "z"]).count, 3)
        XCTAssertTrue(Deck(contents: ["A"]).cards.allSatisfy { !$0.faceUp && !$0.matched && !$0.seen && !$0.removed })
    }

    func testShuffleIsUniformAndSeeded() throws {
        // Where card "A" (first of four) lands over 4,000 shuffles: about 1,000 each place.
        var counts = [0, 0, 0, 0]
        let random = RandomSource(seed: 12)
        for _ in 0..<4000 {
            var d = Deck(contents: ["A", "B", "C", "D"])
            try d.shuffle(random)
            counts[d.cards.firstIndex { $0.content == "A" }!] += 1
        }
        for c in counts { XCTAssertEqual(Double(c), 1000, accuracy: 120, "\(counts)") }
        var a = Deck(contents: (1...10).map(String.init)), b = a
        try a.shuffle(RandomSource(seed: 4))
        try b.shuffle(RandomSource(seed: 4))
        XCTAssertEqual(a, b)
    }

    func testDrawDealPeekAndCut() {
        var d = Deck(contents: ["1", "2", "3", "4", "5", "6", "7"])
        XCTAssertEqual(d.peek(2).map(\.content), ["1", "2"])
        XCTAssertEqual(d.draw().map(\.content), ["1"])
        XCTAssertEqual(d.deal(hands: 2, each: 2).map { $0.map(\.content) }, [["2", "4"], ["3", "5"]])
        XCTAssertEqual(d.cards.map(\.content), ["6", "7"])
        XCTAssertEqual(d.draw(5).map(\.content), ["6", "7"], "drawing past the end takes what is left")
        var c = Deck(contents: ["a", "b", "c", "d"])
        c.cut(1)
        XCTAssertEqual(c.cards.map(\.content), ["b", "c", "d", "a"])
        c.cut(-1)
        XCTAssertEqual(c.cards.map(\.content), ["a", "b", "c", "d"])
    }

    func testFlagsAndFaceUpTime() {
        var d = Deck(contents: ["A", "B"])
        d.turnUp(0, at: 10)
        XCTAssertEqual(d.faceUp, [0])
        XCTAssertEqual(d.cards[0].faceUpTime(at: 13), 3)
        d.turnDown(0, at: 14)
        XCTAssertTrue(d.cards[0].seen)
        XCTAssertFalse(d.cards[0].removed)
        XCTAssertEqual(d.cards[0].faceUpTime(at: 100), 4)
        d.turnUp(0, at: 20)
        XCTAssertEqual(d.cards[0].faceUpTime(at: 22), 6, "face-up time adds up across flips")
        d.cards[0].matched = true
        d.turnDown(0, at: 22)
        XCTAssertTrue(d.cards[0].removed, "a matched card that turns down leaves the table")
        XCTAssertFalse(d.allMatched)
        d.cards[1].matched = true
        XCTAssertTrue(d.allMatched)
    }
}
