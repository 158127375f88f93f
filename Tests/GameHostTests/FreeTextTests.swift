import GameCore
import GameAuthoring
import GameRules
import GameRuntime
import GameHostTesting
import LuaKit
import XCTest

/// Games that take free text (a number, a word) besides or instead of listed moves: the
/// players' `/moves`, the protocol's `text`, and `check` and `sim`, which make candidates.
final class FreeTextTests: XCTestCase {
    let files = RuleFiles()

    /// Guess a number from 1 to 20: any whole number is a move, nothing is listed.
    func numberGame(moves: String = #"function() return { text = "a whole number from 1 to 20", pattern = "%d%d?" } end"#) -> String {
        files.write("number", RuleFiles.rule([
            "setup": "function(game) return { secret = game.random(20), tries = 0, done = false } end",
            "view": #"function(state) return state.done and "Got it." or ("Tries: " .. state.tries) end"#,
            "moves": moves,
            "play": """
                function(state, input, game)
                    local n = tonumber(input)
                    if not n or n < 1 or n > 20 or n % 1 ~= 0 then game.refuse("a whole number from 1 to 20, please") end
                    state.tries = state.tries + 1
                    if n == state.secret then state.done = true
                    else game.say(n < state.secret and "higher" or "lower") end
                  end
                """,
            "result": "function(state) if state.done then return { winner = 'player', summary = state.tries .. ' tries' } end end",
        ]))
    }

    func testMovesSayWhatElseToType() throws {
        let t = try RuleTester(numberGame(), seed: 4)
        XCTAssertEqual(t.last.view(of: 1).moves, [])
        XCTAssertEqual(t.last.view(of: 1).freeText, FreeText(description: "a whole number from 1 to 20", pattern: "%d%d?"))
        t.send("/moves")
        XCTAssertEqual(t.last.messages(for: 1), ["Type a whole number from 1 to 20."])
        t.send("10")
        t.assertAccepted()
        XCTAssertEqual(try t.engine.moves(), Moves([], text: FreeText(description: "a whole number from 1 to 20", pattern: "%d%d?")))
    }

    func testBadFreeTextDeclarationsAreRuleErrors() throws {
        for (moves, problem) in [
            (#"function() return { text = "x", pattern = "%" } end"#, "moves' pattern '%': malformed pattern (ends with '%')"),
            (#"function() return { pattern = "%d" } end"#, "moves gives a pattern without text"),
            (#"function() return { "a", text = 3 } end"#, "moves' text must be a string of 1 to 200 bytes"),
            (#"function() return { "a", colour = "red" } end"#, "moves must return a list of strings (with text"),
        ] {
            let t = try RuleTester(numberGame(moves: moves), allowsRuleErrors: true)
            // The game started (its state is there); the step says what failed after it.
            XCTAssertEqual(t.last.status, .started, moves)
            XCTAssertEqual(t.last.code, .ruleError, moves)
            XCTAssertTrue(t.last.reason?.contains(problem) == true, "\(moves): \(t.last.reason ?? "no reason")")
        }
    }

    func testCheckAndSimTryCandidatesAndAcceptRefusals() throws {
        let path = numberGame()
        let report = Conformance.check(path: path, settings: Conformance.Settings(seeds: 3, maxMoves: 500))
        XCTAssertEqual(report.problems, [])
        XCTAssertGreaterThan(report.moves, 3)
        var plan = Simulation.Plan(rulePath: path)
        plan.games = 50
        let sim = try Simulation.run(plan)
        XCTAssertEqual(sim.failures.map(\.message), [])
        XCTAssertEqual(sim.outcomes["player"], 50, "every game is won by guessing numbers")
    }

    func testARuleThatRefusesEveryCandidateIsReported() throws {
        let path = files.write("never", RuleFiles.rule([
            "moves": #"function() return { text = "a password" } end"#,
            "play": #"function(state, input, game) game.refuse("wrong password") end"#,
        ]))
        let report = Conformance.check(path: path, settings: Conformance.Settings(seeds: 1, maxMoves: 500))
        XCTAssertTrue(report.problems.contains { $0.contains("moves() takes a password, but play refused 1000 candidates in a row") }, "\(report.problems)")
        var plan = Simulation.Plan(rulePath: path)
        plan.games = 2
        XCTAssertTrue(try Simulation.run(plan).failures.first?.message.contains("refused 1000 candidates in a row") == true)
    }

    func testCandidatesComeFromTheWordListAndMatchThePattern() throws {
        let list = try WordList(bytes: Array("apple\nкошка\nzebra\nox\n".utf8), name: "mixed")
        func candidates(pattern: String?) throws -> Set<String> {
            let files = RuleFiles()
            let moves = pattern.map { "{ text = 'a word', pattern = '\($0)' }" } ?? "{ text = 'a word' }"
            let path = files.write("words", RuleFiles.rule(["words": "'mixed'", "moves": "function() return \(moves) end"]))
            let engine = try makeEngine(try LoadedRule(path: path), words: list)
            try engine.newGame()
            let player = RandomPlayer(seed: 9)
            var seen: Set<String> = []
            for _ in 0..<200 { seen.insert(try player.move(in: engine, seat: 1).input) }
            return seen
        }
        let any = try candidates(pattern: nil)
        XCTAssertTrue(any.isSuperset(of: ["apple", "кошка", "zebra", "ox"]), "\(any)")
        XCTAssertTrue(any.contains { !["apple", "кошка", "zebra", "ox"].contains($0) }, "and some are not words, to try refusals")
        let five = try candidates(pattern: "%a%a%a%a%a")
        XCTAssertTrue(five.isSuperset(of: ["apple", "zebra"]), "\(five)")
        XCTAssertFalse(five.contains("ox") || five.contains("кошка"), "candidates match the pattern: \(five)")
    }
}
