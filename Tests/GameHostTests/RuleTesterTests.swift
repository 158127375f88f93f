import GameHostTesting
import XCTest

/// GameHostTesting itself: scripts by value, leftovers, expected errors and key paths.
final class RuleTesterTests: XCTestCase {
    let files = RuleFiles()

    func testAPickScriptedByValue() throws {
        var config = RuleTester.Config()
        config.forcePicks = ["scissors"]
        let t = try RuleTester(RuleTester.builtIn("rps"), config)
        t.send("rock")
        t.assertState("throws.1.computer", "scissors")
        t.assertState("wins", 1)
        let missing = try RuleTester(RuleTester.builtIn("rps"), allowsRuleErrors: true)
        missing.forcePick("lizard")
        missing.send("rock")
        XCTAssertTrue(missing.last.reason?.contains("game.pick: the test scripted 'lizard', which the list does not hold") == true,
                      missing.last.reason ?? "")
        // The failed move put the script back (a move is all or nothing, chance included).
        XCTAssertEqual(missing.engine.random.takeForcedPick(), "lizard")
    }

    /// `told(seat)` is what a seat was told: every seat's messages, its own, and the reason its
    /// input was refused; another seat hears only the first.
    func testWhatEachSeatWasTold() throws {
        var config = RuleTester.Config()
        config.seats = 2
        let t = try RuleTester(RuleTester.builtIn("crazy-eights"), config)
        XCTAssertEqual(t.toMove, [2])
        t.send("draw", as: 2)
        t.assertAccepted()
        let drawer = t.told(2), other = t.told(1)
        XCTAssertEqual(drawer.first, "Seat 2 draws a card")
        XCTAssertEqual(drawer.count, 2, "\(drawer)")
        XCTAssertTrue(drawer[1].hasPrefix("You draw "), "\(drawer)")
        XCTAssertEqual(other, ["Seat 2 draws a card"])
        XCTAssertEqual(t.last.messages, ["Seat 2 draws a card"])
        t.send("zz", as: 2)
        t.assertRefused()
        XCTAssertEqual(t.told(2).last, t.last.reason)
        XCTAssertNotNil(t.last.reason)
        XCTAssertEqual(t.told(1), [])
    }

    func testScriptsTheGameNeverUsedAreLeftOver() throws {
        let t = try RuleTester(RuleTester.builtIn("rps"))
        t.forcePick("paper")
        t.forceDeck(["A♠"])
        XCTAssertEqual(t.engine.random.unusedScripts, ["the pick 'paper'", "the deck [\"A♠\"]"])
        t.send("rock")
        XCTAssertEqual(t.engine.random.unusedScripts, ["the deck [\"A♠\"]"], "the pick was used; the deck never will be")
        t.forceDeck([])   // a deck with nothing on top is still a shuffle left over
        _ = t.engine.random.takeForcedDeck()
        _ = t.engine.random.takeForcedDeck()
        XCTAssertEqual(t.engine.random.unusedScripts, [], "so that this tester ends clean")
    }

    func testExpectedErrorsAndKeyPaths() throws {
        let path = files.write("boom", RuleFiles.rule(["play": """
            function(state, input, game)
                if input == "boom" then error("exploded") end
                state.n = state.n + 1
                state.log[#state.log + 1] = { input = input }
              end
            """]))
        let t = try RuleTester(path)
        t.expectError("boom", containing: "exploded")
        t.send("up")
        t.assertState("log.1.input", "up")
        XCTAssertEqual(t.value(at: "log.2.input"), .nil)
        XCTAssertEqual(t.value(at: "log.x"), .nil)
    }
}
