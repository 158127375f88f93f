import GameCore
import XCTest

final class LeaderboardTests: XCTestCase {
    func testFastestFirstReadAsPlayersDo() {
        var b = Leaderboard(order: .lower, unit: "s")
        XCTAssertEqual(b.insert(.init(value: 60)), 1)
        XCTAssertEqual(b.insert(.init(value: 40)), 1)
        XCTAssertEqual(b.insert(.init(value: 60)), 3, "a tie ranks after the earlier entry")
        XCTAssertEqual(b.summary(), "1st 40.0 s, 2nd 60.0 s, 3rd 60.0 s", "times to a tenth of a second")
        XCTAssertEqual(b.rank(of: 50), 2)
    }

    func testHighestFirstAndOrdinals() {
        let b = Leaderboard(order: .higher, entries: [.init(value: 3), .init(value: 12.25), .init(value: -2)])
        XCTAssertEqual(b.summary(limit: 2), "1st 12.3, 2nd 3")
        XCTAssertEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(Leaderboard.ordinal),
                       ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
    }
}
