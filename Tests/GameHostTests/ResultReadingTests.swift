import Foundation
import GameRules
import GameRuntime
import XCTest

/// A result of known fields is read where it lies in Lua, a field at a time; any other answer
/// is copied whole. Both give the same outcome, and the same message for the same mistake.
final class ResultReadingTests: XCTestCase {
    let files = RuleFiles()

    /// The engine's answer for a two-seat game whose `result` returns `expression` at once.
    func result(_ expression: String, prelude: String = "") throws -> Result<GameResult?, Error> {
        let path = files.write("result", RuleFiles.rule([
            "players": "2",
            "turn": "function(state) return 1 end",
            "result": "function(state) \(prelude) return \(expression) end",
        ]))
        var settings = EngineSettings()
        settings.seats = 2
        let engine = try GameEngine(rule: try LoadedRule(path: path), settings: settings)
        defer { engine.close() }
        _ = try? engine.newGame()
        return Result { try engine.result() }
    }

    func testEveryKnownFieldIsRead() throws {
        let read = try result("{ winner = 2, score = 7.5, scores = { 1, 2.5 }, rewards = { 1, -1 }, ranking = { 2, 1 }, better = 'lower', summary = 'Two wins' }").get()
        var expected = GameResult(winningSeats: [2], ranking: [[2], [1]], score: 7.5, seatScores: [1: 1, 2: 2.5],
                                  summary: "Two wins", rewards: [1: 1, 2: -1])
        expected.lowerIsBetter = true
        XCTAssertEqual(read, expected)
    }

    func testNamesSharedWinsAndTiesAndTheDefaultSummary() throws {
        XCTAssertEqual(try result("{ winner = 'draw' }").get(), GameResult(winner: "draw", summary: "Winner: draw"))
        let shared = try result("{ winner = { 1, 2 }, ranking = { { 1, 2 } } }").get()
        XCTAssertEqual(shared?.winningSeats, [1, 2])
        XCTAssertEqual(shared?.ranking, [[1, 2]])
        XCTAssertEqual(shared?.winner, nil)
        XCTAssertTrue(shared?.summary.hasPrefix("Winner: ") == true, shared?.summary ?? "")
        XCTAssertEqual(try result("{ score = 3 }").get(), GameResult(score: 3, summary: "Game over"))
        // An empty table is a game over with nothing to say, its metatable unasked.
        XCTAssertEqual(try result("{}").get(), GameResult(summary: "Game over"))
        XCTAssertEqual(try result("setmetatable({}, { __index = function() return 'player' end })").get(), GameResult(summary: "Game over"))
        XCTAssertNil(try result("nil").get())
        XCTAssertNil(try result("false").get())
    }

    /// Bytes that are not UTF-8 read as U+FFFD, as in any value the host reads.
    func testASummaryOfBadBytesIsRepaired() throws {
        XCTAssertEqual(try result(#"{ winner = 'player', summary = 'a\xffb' }"#).get()?.summary, "a\u{FFFD}b")
    }

    /// Each mistake, whichever way the table is read, has the message it always had.
    func testEachMistakeNamesItsField() throws {
        let cases: [(String, String)] = [
            ("{ 1, 2 }", "result must return nil or a table such as { winner = \"player\", summary = \"...\" }, not table"),
            ("'player'", "not string"),
            ("{ winner = 'player', colour = 'red' }", "result has a field 'colour' the host does not know"),
            ("{ winner = 'player', [1] = 'x' }", "result has a field '1' the host does not know"),
            ("{ winner = 3 }", "result's 'winner' must be a name (\"player\"), a seat from 1 to 2 or a list of seats, each once, not number"),
            ("{ winner = { 1, 1, 2 } }", "result's 'winner' must be a name (\"player\"), a seat from 1 to 2 or a list of seats, each once, not table"),
            ("{ winner = 1, ranking = { 1, 1 } }", "result's 'ranking' must place every seat from 1 to 2 once (a list of seats for a tie), not {1, 1}"),
            ("{ winner = 1, ranking = { 1 } }", "result's 'ranking' must place every seat from 1 to 2 once (a list of seats for a tie), not {1}"),
            ("{ winner = 1, ranking = { { 1, 2 }, 2 } }", "result's 'ranking' must place every seat from 1 to 2 once (a list of seats for a tie), not {{1, 2}, 2}"),
            ("{ winner = 'player', ranking = { 1, 'x' } }", "result's 'ranking' must be a list of seats from best to last (a list of seats for a tie), not table"),
            ("{ winner = 'player', ranking = 2 }", "result's 'ranking' must be a list of seats from best to last, not number"),
            ("{ score = 0/0 }", "result's 'score' must be a finite number, not number"),
            ("{ winner = 'player', scores = { 1, 2, 3 } }", "result's 'scores' must be a list of finite numbers, one per seat (2), not table"),
            ("{ winner = 'player', rewards = 'all' }", "result's 'rewards' must be a list of finite numbers, one per seat (2), not string"),
            ("{ winner = 'player', better = 'less' }", "result's 'better' must be \"higher\" (the default) or \"lower\", not string"),
            ("{ winner = 'player', summary = {} }", "result's 'summary' must be a string, not table"),
        ]
        for (expression, message) in cases {
            switch try result(expression) {
            case .success(let read): XCTFail("\(expression) read as \(String(describing: read))")
            case .failure(let error): XCTAssertTrue("\(error)".contains(message), "\(expression): \(error)")
            }
        }
    }

    /// A table that holds itself is refused at the same place whether it is read whole or a
    /// field at a time.
    func testACycleIsNamedWhereItCloses() throws {
        switch try result("t", prelude: "local t = { winner = 'player' } t.ranking = t") {
        case .success(let read): XCTFail("read as \(String(describing: read))")
        case .failure(let error):
            XCTAssertTrue("\(error)".contains("result.ranking: the table contains itself"), "\(error)")
        }
    }
}
