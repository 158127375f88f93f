import Foundation
import GameHostTesting
import LuaKit
import XCTest

/// A session the player leaves: the rule's `leave` finishes a game left in the middle, and a
/// rule whose session is one game (`one_game`) ends with its result, asking nothing more.
final class SessionLeaveTests: XCTestCase {
    func testHangmanLeftInTheMiddleEndsWithItsSummary() throws {
        let t = try RuleTester(RuleTester.builtIn("hangman"), options: ["order": "list"], words: ["bug", "cat"])
        t.send(["b", "u", "g", "y", "c"])
        let left = try XCTUnwrap(t.table.leave(.eof, seat: 1))
        XCTAssertTrue(t.table.finished)
        XCTAssertEqual(left.result?.summary, "1 word: 1 guessed, 0 hanged. Average misses per word: 0.000.")
        XCTAssertEqual(left.result?.score, 1)
        XCTAssertTrue(left.endsSession)
    }

    func testHangmanAsksAnotherWordOnly() throws {
        let t = try RuleTester(RuleTester.builtIn("hangman"), options: ["order": "list"], words: ["bug", "cat"])
        t.send(["b", "u", "g", "n"])
        XCTAssertNotNil(t.last.result)
        XCTAssertTrue(t.last.endsSession, "n to Another word? ends the session: no Play again?")
        XCTAssertTrue(t.table.finished)
    }

    /// Any rule: a count that leave turns into a result, by /quit or the end of the input.
    func counter(leave: String) throws -> String {
        let path = NSTemporaryDirectory() + "leave-\(UUID().uuidString).lua"
        try """
        return {
          id = "counter", title = "Counter",
          setup = function() return { n = 0 } end,
          view = function(state) return "n = " .. state.n end,
          moves = function() return { "+" } end,
          play = function(state) state.n = state.n + 1 end,
          result = function(state) if state.done then return { score = state.n, summary = "Counted " .. state.n .. "." } end end,
          \(leave)
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAnyRuleMayFinishAGameThePlayerLeaves() throws {
        let path = try counter(leave: "leave = function(state, game) state.done = true; game.say('Bye.') end,")
        let quit = try RuleTester(path)
        quit.send(["+", "+"])
        let step = quit.send("/quit")
        XCTAssertEqual(step.status, .quit)
        XCTAssertFalse(step.applied, "leaving is no move")
        XCTAssertEqual(step.messages, ["Bye."])
        XCTAssertEqual(step.result?.summary, "Counted 2.")
        XCTAssertTrue(step.endsSession)
        XCTAssertTrue(step.seats[1]?.moves.isEmpty ?? true, "nobody is asked to play again")

        let ended = try RuleTester(path)
        ended.send("+")
        XCTAssertEqual(ended.table.leave(.eof)?.result?.summary, "Counted 1.")
        XCTAssertEqual(ended.table.endReason, .eof)
        XCTAssertNil(ended.table.leave(.eof), "once")
    }

    func testWithoutLeaveOrAfterTheResultNothingIsAdded() throws {
        let plain = try RuleTester(try counter(leave: ""))
        plain.send("+")
        XCTAssertNil(plain.table.leave(.eof))
        XCTAssertTrue(plain.table.finished)
        // A refusal in leave changes nothing, and the player leaves all the same.
        let refusing = try RuleTester(try counter(leave: "leave = function(state, game) state.done = true; game.refuse('stay') end,"))
        refusing.send("+")
        let step = refusing.table.leave(.quit)
        XCTAssertNil(step?.result)
        XCTAssertNil(step?.reason)
        XCTAssertTrue(refusing.table.finished)
    }
}
