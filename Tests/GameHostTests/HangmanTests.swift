import GameHost
import GameHostTesting
import LuaKit
import XCTest

/// Hangman's rules: examples H-2 and H-3.
final class HangmanTests: XCTestCase {
    func hangman(_ words: [String]) throws -> RuleTester {
        try RuleTester(RuleTester.builtIn("hangman"), options: ["order": "list"], words: words)
    }

    func testH2RefusalsMissesAndSortedGuesses() throws {
        let t = try hangman(["banana", "apple"])
        t.send(["e", "a"])
        t.send("1")
        t.assertRefused(containing: "not a valid guess")
        t.send("a")
        t.assertRefused(containing: "already guessed")
        t.send(["q", "z", "x", "w", "v"])
        t.assertState("misses", 6)
        t.assertState("masked", "_ a _ a _ a")
        XCTAssertTrue(t.view.contains("Guessed: aeqvwxz"), t.view)
        XCTAssertTrue(t.view.contains("Word #:          1"), t.view)
        XCTAssertTrue(t.view.contains("Current Average: 6.000"), t.view)
        XCTAssertTrue(t.view.contains("  |   / \n") || t.view.contains("  |   /\n"), "six parts: the right leg is missing\n\(t.view)")
    }

    func testH3TheSeventhMissHangsAndALostWordCountsNine() throws {
        let t = try hangman(["banana", "apple"])
        t.send(["e", "a", "q", "z", "x", "w", "v"])
        t.send("u")
        XCTAssertEqual(t.last.messages, [#"Sorry, the word was "banana""#])
        XCTAssertTrue(t.view.contains("Current Average: 9.000"), t.view)
        XCTAssertTrue(t.view.contains("Another word? (y/n)"), t.view)
        XCTAssertTrue(t.view.contains("  |   / \\"), "all seven parts\n\(t.view)")
        t.send("x")
        t.assertRefused(containing: "type y or n")
        t.send("y")
        t.assertState("word", "apple")
        t.assertState("number", 2)
        t.send(["a", "p", "l", "e"])
        XCTAssertEqual(t.last.messages, ["You got it!"])
        XCTAssertTrue(t.view.contains("Overall Average: 4.500"), t.view)
        t.send("n")
        XCTAssertEqual(t.result?.summary, "2 words: 1 guessed, 1 hanged. Average misses per word: 4.500.")
    }

    func testTheGallowsGrowInTheClassicOrder() throws {
        let t = try hangman(["xyz"])
        let expected = [
            ["  |    O"],
            ["  |    O", "  |    |"],
            ["  |    O", "  |    |", "  |    |"],
            ["  |    O", "  |    |", "  |    |", "  |   /"],
            ["  |    O", "  |   /|", "  |    |", "  |   /"],
            ["  |    O", "  |   /|\\", "  |    |", "  |   /"],
            ["  |    O", "  |   /|\\", "  |    |", "  |   / \\"],
        ]
        for (i, letter) in ["a", "b", "c", "d", "e", "f", "g"].enumerated() {
            t.send(letter)
            let lines = t.view.split(separator: "\n").map(String.init)
            XCTAssertEqual(Array(lines[2..<(2 + expected[i].count)]), expected[i], "after \(i + 1) misses\n\(t.view)")
        }
    }

    func testOneLetterAtATime() throws {
        let t = try hangman(["banana"])
        t.send("banana")
        t.assertRefused(containing: "not a valid guess: type one letter")
        t.send("bx")
        t.assertRefused(containing: "not a valid guess: type one letter")
        XCTAssertTrue(t.view.contains("Word:    _ _ _ _ _ _"), "a refused word guess leaves no trace: \(t.view)")
        // A letter may be more than one code point: a Thai letter with its tone mark.
        let thai = try hangman(["ไม้"])
        thai.send("ม้")
        XCTAssertTrue(thai.view.contains("Word:    _ ม้"), thai.view)
    }
}
