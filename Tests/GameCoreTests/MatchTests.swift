import GameCore
import XCTest

final class MatchTests: XCTestCase {
    func testWinsNeededIsHalfPlusOne() throws {
        XCTAssertEqual(try Match(bestOf: 1).winsNeeded, 1)
        XCTAssertEqual(try Match(bestOf: 3).winsNeeded, 2)
        XCTAssertEqual(try Match(bestOf: 5).winsNeeded, 3)
        XCTAssertEqual(try Match(bestOf: 99).winsNeeded, 50)
    }

    func testABestOfThreeCanEndTwoNil() throws {
        var m = try Match(bestOf: 3)
        try m.record(.win)
        XCTAssertFalse(m.isOver)
        try m.record(.win)
        XCTAssertTrue(m.isOver)
        XCTAssertEqual(m.winner, .player)
        XCTAssertThrowsError(try m.record(.loss)) { XCTAssertEqual($0 as? MatchError, .over) }
    }

    func testTiesAreCountedButNeverEndAMatch() throws {
        var m = try Match(bestOf: 1)
        for _ in 0..<10 { try m.record(.tie) }
        XCTAssertEqual(m.ties, 10)
        XCTAssertFalse(m.isOver)
        try m.record(.loss)
        XCTAssertEqual(m.winner, .computer)
    }

    func testOnlyOddLengthsFromOneToNinetyNine() {
        for bad in [0, 2, 4, 100, 101, -1] {
            XCTAssertThrowsError(try Match(bestOf: bad)) { XCTAssertEqual($0 as? MatchError, .badLength(bad)) }
        }
        XCTAssertEqual(try Match.parseLength("single"), 1)
        XCTAssertEqual(try Match.parseLength("best-of-3"), 3)
        XCTAssertEqual(try Match.parseLength("best-of-99"), 99)
        for bad in ["best-of-4", "best-of-101", "best-of-", "best-of-3x", "best-of-+3", "best-of-03", "three", ""] {
            XCTAssertThrowsError(try Match.parseLength(bad), bad)
        }
        XCTAssertEqual(String(describing: MatchError.badLength(4)), "best-of-4 is not a match length: N must be odd, from 1 to 99")
    }

    func testRestoringAScoreChecksIt() throws {
        let m = try Match(bestOf: 5, wins: 2, losses: 1, ties: 4)
        XCTAssertEqual(m.winsToGo, 1)
        XCTAssertThrowsError(try Match(bestOf: 3, wins: 3, losses: 0, ties: 0))
        XCTAssertThrowsError(try Match(bestOf: 3, wins: -1, losses: 0, ties: 0))
    }
}
