import GameRuntime
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
        // A pasted line longer than any guess may be is refused as any other, not a rule error.
        for line in [String(repeating: "abcdefghij", count: 30), String(repeating: "é", count: 130)] {
            t.send(line)
            t.assertRefused(containing: "not a valid guess: type one letter")
        }
        t.send("a")
        t.assertRefused(containing: "already guessed")
        t.send(["q", "z", "x", "w", "v"])
        t.assertState("misses", 6)
        t.assertState("masked", "_ a _ a _ a")
        // The keyboard marks each guess: a hit, the misses, the rest still to play.
        let keyboard = t.last.view(of: 1).elements?.compactMap { element -> [ViewElement.Key]? in
            if case .keyboard(let keys, _) = element.kind { return keys }
            return nil
        }.first ?? []
        let marked = Dictionary(uniqueKeysWithValues: keyboard.compactMap { key in key.mark.map { (key.key, $0) } })
        XCTAssertEqual(marked, ["a": .hit, "e": .miss, "q": .miss, "v": .miss, "w": .miss, "x": .miss, "z": .miss])
        XCTAssertEqual(keyboard.first { $0.key == "b" }?.move, "b", "a letter still to guess is tapped to guess it")
        XCTAssertNil(keyboard.first { $0.key == "a" }?.move)
        XCTAssertTrue(t.view.contains("\n_ a _ a _ a\n"), t.view)
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
        XCTAssertTrue(t.view.contains("Another word?\n[Yes (y)] [No (n)]"), t.view)
        XCTAssertTrue(t.view.contains("\nb a n a n a\n"), "the lost word is shown whole\n\(t.view)")
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
            // The gallows alone: the averages stand beside it, from its third row.
            let lines = t.view.split(separator: "\n").map { String($0.prefix(9).reversed().drop { $0 == " " }.reversed()) }
            XCTAssertEqual(Array(lines[2..<(2 + expected[i].count)]), expected[i], "after \(i + 1) misses\n\(t.view)")
        }
    }

    func testOneLetterAtATime() throws {
        let t = try hangman(["banana"])
        t.send("banana")
        t.assertRefused(containing: "not a valid guess: type one letter")
        t.send("bx")
        t.assertRefused(containing: "not a valid guess: type one letter")
        XCTAssertTrue(t.view.contains("\n_ _ _ _ _ _\n"), "a refused word guess leaves no trace: \(t.view)")
        // A letter may be more than one code point: a Thai letter with its tone mark.
        let thai = try hangman(["ไม้"])
        thai.send("ม้")
        XCTAssertTrue(thai.view.contains("\n_ ม้\n"), thai.view)
    }
}
