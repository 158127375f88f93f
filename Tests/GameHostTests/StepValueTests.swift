import Dispatch
import GameRuntime
import Locking
import XCTest

/// `Step` and `GameResult` keep their fields behind one shared reference, copied on the first
/// write while another value shares it. They must still behave as values: a write to one copy
/// is never seen through another, every field survives the copy, and copies written on several
/// threads at once never touch the same storage (scripts/sanitize runs this under
/// ThreadSanitizer, which reports a write to shared storage as a race).
final class StepValueTests: XCTestCase {
    private func filledStep() -> Step {
        var step = Step(number: 7, game: 2, seat: 1, input: "rock", status: .accepted)
        step.move = "rock"
        step.automatic = true
        step.applied = true
        step.code = .refused
        step.messages = ["You win this one."]
        step.privateMessages = [2: ["You drew 7♠"]]
        step.bells = 1
        step.notices = ["a notice"]
        step.reason = "a reason"
        step.endsSession = true
        step.showsView = false
        step.toMove = [2]
        step.rewards = [1: 1, 2: -1]
        step.coaching = true
        step.result = filledResult()
        return step
    }

    private func filledResult() -> GameResult {
        GameResult(winner: "player", winningSeats: [1], ranking: [[1], [2]], score: 3, seatScores: [1: 3, 2: 1],
                   summary: "You win the match 2:1.", rewards: [1: 1, 2: -1])
    }

    private func assertFilled(_ step: Step, exceptBells: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(step.number, 7, file: file, line: line)
        XCTAssertEqual(step.game, 2, file: file, line: line)
        XCTAssertEqual(step.seat, 1, file: file, line: line)
        XCTAssertEqual(step.input, "rock", file: file, line: line)
        XCTAssertEqual(step.status, .accepted, file: file, line: line)
        XCTAssertEqual(step.move, "rock", file: file, line: line)
        XCTAssertTrue(step.automatic, file: file, line: line)
        XCTAssertTrue(step.applied, file: file, line: line)
        XCTAssertEqual(step.code, .refused, file: file, line: line)
        XCTAssertEqual(step.messages, ["You win this one."], file: file, line: line)
        XCTAssertEqual(step.privateMessages, [2: ["You drew 7♠"]], file: file, line: line)
        if !exceptBells { XCTAssertEqual(step.bells, 1, file: file, line: line) }
        XCTAssertEqual(step.notices, ["a notice"], file: file, line: line)
        XCTAssertEqual(step.reason, "a reason", file: file, line: line)
        XCTAssertTrue(step.endsSession, file: file, line: line)
        XCTAssertFalse(step.showsView, file: file, line: line)
        XCTAssertEqual(step.toMove, [2], file: file, line: line)
        XCTAssertEqual(step.rewards, [1: 1, 2: -1], file: file, line: line)
        XCTAssertEqual(step.coaching, true, file: file, line: line)
        XCTAssertEqual(step.result, filledResult(), file: file, line: line)
    }

    func testAWriteToACopyOfAStepIsNotSeenThroughTheOther() {
        let original = filledStep()
        var copy = original
        copy.bells = 5
        copy.messages.append("Another.")
        copy.result?.summary = "changed"
        assertFilled(original)
        assertFilled(copy.withMessages(["You win this one."]).withResultSummary("You win the match 2:1."), exceptBells: true)
        XCTAssertEqual(copy.bells, 5)
        XCTAssertEqual(copy.messages, ["You win this one.", "Another."])
        XCTAssertEqual(copy.result?.summary, "changed")
        // A step alone in its storage is written in place, and keeps every other field.
        var alone = filledStep()
        alone.bells = 9
        assertFilled(alone, exceptBells: true)
        XCTAssertEqual(alone.bells, 9)
    }

    func testAWriteToACopyOfAResultIsNotSeenThroughTheOther() {
        let original = filledResult()
        var copy = original
        copy.winner = "computer"
        copy.seatScores[2] = 4
        copy.lowerIsBetter = true
        XCTAssertEqual(original, filledResult())
        XCTAssertEqual(original.winner, "player")
        XCTAssertEqual(original.seatScores, [1: 3, 2: 1])
        XCTAssertFalse(original.lowerIsBetter)
        XCTAssertNotEqual(copy, original)
        XCTAssertEqual(copy.ranking, [[1], [2]])
        XCTAssertEqual(copy.summary, "You win the match 2:1.")
        XCTAssertEqual(copy.rewards, [1: 1, 2: -1])
        XCTAssertEqual(copy.score, 3)
    }

    func testCopiesWrittenOnManyThreadsAtOnceStayApart() {
        let shared = filledStep()
        let threads = 8
        let rounds = 200
        let finals = Locked([Step](repeating: Step(number: 0, game: 0, seat: nil, input: nil, status: .started), count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            var last = shared
            for round in 0..<rounds {
                var mine = shared  // shares the storage until the first write
                mine.bells = t * 1000 + round
                mine.messages.append("thread \(t)")
                mine.result?.seatScores[1] = Double(t)
                XCTAssertEqual(shared.bells, 1)
                XCTAssertEqual(shared.messages, ["You win this one."])
                last = mine
            }
            finals.withLock { $0[t] = last }
        }
        assertFilled(shared)
        for t in 0..<threads {
            let step = finals.withLock { $0[t] }
            XCTAssertEqual(step.bells, t * 1000 + rounds - 1)
            XCTAssertEqual(step.messages, ["You win this one.", "thread \(t)"])
            XCTAssertEqual(step.result?.seatScores[1], Double(t))
            XCTAssertEqual(step.result?.seatScores[2], 1)
        }
    }
}

private extension Step {
    func withMessages(_ messages: [String]) -> Step {
        var step = self
        step.messages = messages
        return step
    }
    func withResultSummary(_ summary: String) -> Step {
        var step = self
        step.result?.summary = summary
        return step
    }
}
