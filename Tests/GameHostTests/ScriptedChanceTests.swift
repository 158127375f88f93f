import GameCore
import GameHostTesting
import LuaKit
import XCTest

/// GameHostTesting scripts chance the way tests need it: the computer's throw, the word
/// drawn, the deck order.
final class ScriptedChanceTests: XCTestCase {
    func testTheWordDrawnCanBeScripted() throws {
        let t = try RuleTester(RuleTester.builtIn("applepie"), forceWords: ["incandescent"])
        t.assertState("word", "incandescent")
        t.forceWord("bug")
        t.send("incandescent")
        t.assertState("word", "bug")
        let hangman = try RuleTester(RuleTester.builtIn("hangman"), forceWords: ["penguin"])
        hangman.assertState("word", "penguin")
    }

    func testAWordNotInTheListIsAClearError() throws {
        XCTAssertThrowsError(try RuleTester(RuleTester.builtIn("applepie"), forceWords: ["zebra"])) {
            XCTAssertTrue(String(describing: $0).contains("the scripted word 'zebra' is not in the list"), "\($0)")
        }
    }

    func testTheDeckOrderCanBeScripted() throws {
        // Memory shuffles the theme's emoji (to choose the pairs), then the deck.
        let t = try RuleTester(RuleTester.builtIn("memory"), options: ["theme": "fruit", "pairs": "2"],
                               forceShuffles: [Array(1...10), [1, 3, 2, 4]])
        XCTAssertEqual(t.state["cards"].array?.map { $0["content"] }, ["🍎", "🍐", "🍎", "🍐"])
        XCTAssertThrowsError(try RuleTester(RuleTester.builtIn("memory"), options: ["theme": "fruit"], forceShuffles: [[1, 2]])) {
            XCTAssertTrue(String(describing: $0).contains("is not an order of the 10 items"), "\($0)")
        }
    }

    func testShufflesThroughGameShuffleKeepTheirTables() throws {
        let files = RuleFiles()
        let t = try RuleTester(files.write("shuffle", RuleFiles.rule(["setup": """
            function(game)
                local a, b, c = { name = "a" }, { name = "b" }, { name = "c" }
                local list = game.shuffle({ a, b, c })
                return { n = 0, log = {}, order = list[1].name .. list[2].name .. list[3].name, same = list[2] == a }
              end
            """])), forceShuffles: [[3, 1, 2]])
        t.assertState("order", "cab")
        t.assertState("same", true)
    }
}
