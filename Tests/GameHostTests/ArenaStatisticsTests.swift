import GameAuthoring
import GameRuntime
import XCTest

/// The arena's arithmetic: who sits where in each game, how a result counts for a seat, and
/// the 95% intervals, against values worked by hand.
final class ArenaStatisticsTests: XCTestCase {
    func testTheWilsonIntervalMatchesWorkedValuesAndStaysWithinZeroAndOne() throws {
        // 5 of 10: centre 0.5, half-width 1.96/(1+0.38416)·√(0.025+0.009604) = 0.26341.
        let half = try XCTUnwrap(Arena.wilson(successes: 5, trials: 10))
        XCTAssertEqual(half.lowerBound, 0.2366, accuracy: 0.0001)
        XCTAssertEqual(half.upperBound, 0.7634, accuracy: 0.0001)
        // No successes: the interval starts at 0 and is not empty (p ± z·se would be [0, 0]).
        let none = try XCTUnwrap(Arena.wilson(successes: 0, trials: 10))
        XCTAssertEqual(none.lowerBound, 0, accuracy: 1e-12)
        XCTAssertEqual(none.upperBound, 0.2775, accuracy: 0.0001)
        let all = try XCTUnwrap(Arena.wilson(successes: 10, trials: 10))
        XCTAssertEqual(all.upperBound, 1, accuracy: 1e-12)
        XCTAssertEqual(all.lowerBound, 0.7225, accuracy: 0.0001)
        XCTAssertNil(Arena.wilson(successes: 0, trials: 0))
        // More games, a narrower interval around the same rate.
        let many = try XCTUnwrap(Arena.wilson(successes: 500, trials: 1000))
        XCTAssertLessThan(many.upperBound - many.lowerBound, half.upperBound - half.lowerBound)
        XCTAssertEqual(many.upperBound - many.lowerBound, 2 * 1.96 * (0.25 / 1000).squareRoot(), accuracy: 0.001)
    }

    func testTheMeanIntervalIsTheMeanPlusOrMinusTwoStandardErrors() throws {
        // Mean 2.5, sample standard deviation √(5/3) = 1.29099, so 1.96·1.29099/2 = 1.26517.
        let interval = try XCTUnwrap(Arena.meanInterval([1, 2, 3, 4]))
        XCTAssertEqual(interval.lowerBound, 2.5 - 1.26517, accuracy: 0.00001)
        XCTAssertEqual(interval.upperBound, 2.5 + 1.26517, accuracy: 0.00001)
        XCTAssertNil(Arena.meanInterval([3]))
        let same = try XCTUnwrap(Arena.meanInterval([7, 7, 7]))
        XCTAssertEqual(same, 7...7)
    }

    func testEachFillerSitsInEachSeatEquallyOften() {
        for (seats, fillers) in [(2, 2), (2, 3), (3, 2), (4, 4), (3, 5)] {
            var counts = Array(repeating: Array(repeating: 0, count: seats), count: fillers)
            for k in 1...(fillers * 4) {
                let lineUp = Arena.lineUp(game: k, seats: seats, fillers: fillers)
                XCTAssertEqual(lineUp.count, seats)
                for (seat, filler) in lineUp.enumerated() { counts[filler][seat] += 1 }
            }
            // Over any run of `fillers` games each filler has each seat once: 4 runs, 4 times.
            for row in counts { XCTAssertEqual(row, Array(repeating: 4, count: seats), "\(seats) seats, \(fillers) fillers") }
        }
        // Two fillers at two seats: each goes first every other game.
        XCTAssertEqual(Arena.lineUp(game: 1, seats: 2, fillers: 2), [0, 1])
        XCTAssertEqual(Arena.lineUp(game: 2, seats: 2, fillers: 2), [1, 0])
    }

    func testAResultCountsAsAWinADrawOrALossForEachSeat() {
        let one = GameResult(winningSeats: [2], summary: "")
        XCTAssertEqual(Arena.outcome(of: 2, in: one, seats: 3), .win)
        XCTAssertEqual(Arena.outcome(of: 1, in: one, seats: 3), .loss)
        // Shared by some seats: a win for each; shared by every seat: a draw.
        let shared = GameResult(winningSeats: [1, 3], summary: "")
        XCTAssertEqual(Arena.outcome(of: 3, in: shared, seats: 3), .win)
        XCTAssertEqual(Arena.outcome(of: 2, in: shared, seats: 3), .loss)
        XCTAssertEqual(Arena.outcome(of: 1, in: GameResult(winningSeats: [1, 2], summary: ""), seats: 2), .draw)
        // A ranking's first place decides when no winners are named.
        let ranked = GameResult(ranking: [[3], [1, 2]], summary: "")
        XCTAssertEqual(Arena.outcome(of: 3, in: ranked, seats: 3), .win)
        XCTAssertEqual(Arena.outcome(of: 1, in: ranked, seats: 3), .loss)
        XCTAssertEqual(Arena.outcome(of: 1, in: GameResult(winner: "draw", summary: ""), seats: 2), .draw)
        // One seat against the host: the player's win, a draw, or the host's.
        XCTAssertEqual(Arena.outcome(of: 1, in: GameResult(winner: "player", summary: ""), seats: 1), .win)
        XCTAssertEqual(Arena.outcome(of: 1, in: GameResult(winner: "draw", summary: ""), seats: 1), .draw)
        XCTAssertEqual(Arena.outcome(of: 1, in: GameResult(winner: "dealer", summary: ""), seats: 1), .loss)
    }
}
