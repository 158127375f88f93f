import GameRules
import GameHostTesting
import LuaKit
import XCTest

/// Rock · Paper · Scissors' rule book, examples R-1 to R-6, with the computer's throws scripted
/// (1 rock, 2 paper, 3 scissors: the index `game.pick` draws from the sign list).
final class RPSExampleTests: XCTestCase {
    let rock = 1, paper = 2, scissors = 3

    func rps(_ match: String) throws -> RuleTester {
        try RuleTester(RuleTester.builtIn("rps"), options: ["match": match], seed: 1)
    }

    /// Throws `sign` against a scripted computer sign and checks the score afterwards.
    func throwSign(_ t: RuleTester, _ sign: String, against cpu: Int, score: (Int64, Int64), ties: Int64? = nil,
                   file: StaticString = #filePath, line: UInt = #line) {
        t.force(cpu)
        t.send(sign)
        t.assertAccepted(file: file, line: line)
        t.assertState("wins", .integer(score.0), file: file, line: line)
        t.assertState("losses", .integer(score.1), file: file, line: line)
        if let ties { t.assertState("ties", .integer(ties), file: file, line: line) }
    }

    func testR1SingleGameEndsOnTheFirstWin() throws {
        let t = try rps("single")
        t.assertState("match", 1)
        throwSign(t, "rock", against: rock, score: (0, 0), ties: 1)
        XCTAssertNil(t.result)
        throwSign(t, "rock", against: scissors, score: (1, 0), ties: 1)
        t.assertState("over", true)
        t.assertState("winner", "player")
        XCTAssertEqual(t.result?.winner, "player")
        XCTAssertEqual(t.result?.summary, "You win the match 1:0 after 2 throws (1 tie).")
        t.send("paper")
        t.assertRefused(containing: "the game is over: y for a new game, n to leave")
        t.assertState("throws", t.state["throws"])
        XCTAssertEqual(t.state["throws"].array?.count, 2)
    }

    func testR2BestOfThreeCanEndTwoNil() throws {
        let t = try rps("best-of-3")
        throwSign(t, "rock", against: scissors, score: (1, 0))
        throwSign(t, "rock", against: rock, score: (1, 0), ties: 1)
        XCTAssertNil(t.result)
        throwSign(t, "paper", against: rock, score: (2, 0))
        XCTAssertEqual(t.result?.winner, "player")
        XCTAssertEqual(t.state["throws"].array?.count, 3)
    }

    func testR3TheComputerCanWin() throws {
        let t = try rps("best-of-3")
        throwSign(t, "rock", against: paper, score: (0, 1))
        throwSign(t, "rock", against: scissors, score: (1, 1))
        throwSign(t, "scissors", against: rock, score: (1, 2))
        t.assertState("winner", "computer")
        XCTAssertEqual(t.result?.summary, "The computer wins the match 1:2 after 3 throws (0 ties).")
    }

    func testR4BestOfFive() throws {
        let t = try rps("best-of-5")
        throwSign(t, "R", against: scissors, score: (1, 0))
        throwSign(t, "R", against: paper, score: (1, 1))
        throwSign(t, "P", against: paper, score: (1, 1), ties: 1)
        throwSign(t, "P", against: rock, score: (2, 1))
        throwSign(t, "S", against: rock, score: (2, 2))
        XCTAssertNil(t.result)
        throwSign(t, "S", against: paper, score: (3, 2))
        XCTAssertEqual(t.result?.winner, "player")
        XCTAssertEqual(t.state["throws"].array?.count, 6)
        XCTAssertEqual(t.state["throws"].array?.last, ["player": "scissors", "computer": "paper", "outcome": "win"])
    }

    func testR6InputAliasesAndRefusals() throws {
        let t = try rps("best-of-99")
        for (i, input) in ["ROCK", "Rock", "r"].enumerated() {
            t.force(rock)
            t.send(input)
            t.assertAccepted()
            XCTAssertEqual(t.state["throws"].array?.last?["player"], "rock")
            t.assertState("ties", .integer(Int64(i + 1)))
        }
        let before = t.state
        for input in ["rok", "", "4", "rock paper", "/"] where input != "/" {
            t.send(input)
            t.assertRefused(containing: "is not a sign: type Rock, Paper or Scissors (r, p, s)")
            XCTAssertEqual(t.state, before, "a refused input changes nothing")
        }
    }

    func testAfterTheMatchYesStartsANewOneAndNoLeaves() throws {
        let t = try rps("single")
        t.force(scissors)
        t.send("rock")
        XCTAssertNotNil(t.result)
        t.send("y")
        t.assertState("wins", 0)
        t.assertState("over", false)
        XCTAssertNil(t.result)
        t.force(scissors)
        t.send("rock")
        t.send("n")
        XCTAssertTrue(t.finished)
    }

    func testEveryMatchLengthOption() throws {
        for (name, n) in [("single", 1), ("best-of-3", 3), ("best-of-5", 5), ("best-of-7", 7), ("best-of-99", 99)] {
            XCTAssertEqual(try rps(name).state["match"], .integer(Int64(n)))
        }
        for bad in ["best-of-4", "best-of-0", "best-of-101", "best-of-x", "double"] {
            XCTAssertThrowsError(try rps(bad), bad) { XCTAssertTrue($0 is UsageError, "\($0)") }
        }
        XCTAssertThrowsError(try rps("best-of-4")) {
            XCTAssertEqual(String(describing: $0), "--match: best-of-4 is not a match length: N must be odd, from 1 to 99")
        }
    }

    func testTheStateHasTheRuleBookFields() throws {
        let t = try rps("best-of-3")
        t.force(paper)
        t.send("scissors")
        let state = try t.engine.stateJSON().encoded
        for field in [#""match":3"#, #""wins":1"#, #""losses":0"#, #""ties":0"#, #""over":false"#,
                      #""throws":[{"computer":"paper","outcome":"win","player":"scissors"}]"#] {
            XCTAssertTrue(state.contains(field), "\(field) in \(state)")
        }
    }
}
