import GameCore
import XCTest

/// The clock of a game played again: its readings given back, then the live clock; a kept
/// game taken up later goes on from its last reading (the time away does not count).
final class ResumingClockTests: XCTestCase {
    func testReadingsComeBackThenTheLiveClockGoesOn() {
        let live = ManualClock(at: 1_000)
        let clock = ResumingClock(replaying: [100, 105], then: live)
        XCTAssertEqual([clock.now(), clock.now(), clock.now()], [100, 105, 1_000])
        let closing = ResumingClock(replaying: [100, 105], then: live, closingGaps: true)
        XCTAssertEqual([closing.now(), closing.now(), closing.now()], [100, 105, 105])
        live.advance(by: 3)
        XCTAssertEqual(closing.now(), 108)
        XCTAssertEqual(closing.take(), [100, 105, 105, 108])
        XCTAssertTrue(closing.isLive)
    }
}
