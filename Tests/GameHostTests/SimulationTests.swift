import GameCore
import GameAuthoring
import GameHostTesting
import XCTest

/// `sim`'s statistics and the rule's own bot.
final class SimulationTests: XCTestCase {
    let files = RuleFiles()

    func plan(_ path: String, games: Int = 200, bot: Bool = false) -> Simulation.Plan {
        var plan = Simulation.Plan(rulePath: path)
        plan.libraryDirectories = [RuleTester.rulesDirectory + "/lib"]
        plan.games = games
        plan.usesBot = bot
        return plan
    }

    func testScoresAreCollectedFromTheResults() throws {
        let path = files.write("scored", RuleFiles.rule([
            "result": "function(state) if state.n >= 3 then return { winner = 'player', score = #state.log + 10 } end end",
            "play": "function(state, input) state.n = state.n + 1; state.log[#state.log + 1] = input end",
        ]))
        let report = try Simulation.run(plan(path))
        XCTAssertEqual(report.scores.count, 200)
        XCTAssertEqual(Set(report.scores), [13], "three moves, then the result's score")
    }

    func testTheRulesBotPlaysInsteadOfRandomMoves() throws {
        let report = try Simulation.run(plan(RuleTester.builtIn("blackjack"), games: 40, bot: true))
        XCTAssertEqual(report.failures.map(\.message), [])
        XCTAssertEqual(report.outcomes.values.reduce(0, +), 40)
        XCTAssertEqual(report.scores.count, 40, "every sitting ends with its chips as the score")
        XCTAssertTrue(report.lengths.allSatisfy { $0 >= 50 }, "the bot plays 50 hands unless it runs out of chips first")
        let random = try Simulation.run(plan(RuleTester.builtIn("blackjack"), games: 40))
        XCTAssertNotEqual(report.lengths, random.lengths)
    }

    func testABotMustBeThereAndGiveAcceptedInputs() throws {
        XCTAssertThrowsError(try Simulation.run(plan(RuleTester.builtIn("memory-triples"), bot: true))) {
            XCTAssertTrue("\($0)".contains("memory-triples has no bot: define bot = function(state, game, seat) return input end"), "\($0)")
        }
        for (bot, problem) in [("function() return 3 end", "bot returned number, not an input (a string of at most 4096 bytes)"),
                               ("function() return 'sideways' end", "the bot chose 'sideways', but play refused it: say up or down")] {
            let path = files.write("bot", RuleFiles.rule(["bot": bot]))
            let report = try Simulation.run(plan(path, games: 2, bot: true))
            XCTAssertTrue(report.failures.first?.message.hasSuffix(problem) == true, "\(report.failures)")
        }
    }
}
