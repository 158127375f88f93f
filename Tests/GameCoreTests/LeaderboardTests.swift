import GameCore
import XCTest

final class LeaderboardTests: XCTestCase {
    func testFastestFirstReadAsPlayersDo() {
        var b = Leaderboard(order: .lower, unit: "s")
        XCTAssertEqual(b.insert(.init(value: 60)), 1)
        XCTAssertEqual(b.insert(.init(value: 40)), 1)
        XCTAssertEqual(b.insert(.init(value: 60)), 2, "a tie shares the earlier entry's rank")
        XCTAssertEqual(b.summary(), "1st 40.0 s, 2nd 60.0 s, 2nd 60.0 s", "times to a tenth of a second")
        XCTAssertEqual(b.rank(of: 50), 2)
        XCTAssertEqual(b.insert(.init(value: 70)), 4, "after a tie for 2nd comes 4th")
    }

    func testTiedEntriesShareTheirRank() {
        let b = Leaderboard(order: .higher, entries: [.init(value: 100), .init(value: 100), .init(value: 90), .init(value: 100)])
        XCTAssertEqual(b.summary(), "1st 100, 1st 100, 1st 100, 4th 90")
        XCTAssertEqual((0..<4).map(b.rank(at:)), [1, 1, 1, 4])
        XCTAssertEqual(b.rank(of: 100), 1)
        XCTAssertEqual(b.rank(of: 95), 4)
    }

    func testHighestFirstAndOrdinals() {
        let b = Leaderboard(order: .higher, entries: [.init(value: 3), .init(value: 12.25), .init(value: -2)])
        XCTAssertEqual(b.summary(limit: 2), "1st 12.3, 2nd 3")
        XCTAssertEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(Leaderboard.ordinal),
                       ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
    }
}
