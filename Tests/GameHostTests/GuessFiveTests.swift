import Foundation
import GameCore
import GameRules
import GameStorage
import GameHostTesting
import LuaKit
import XCTest

/// Guess Five's rule book (docs/games.md): examples G-1 to G-7, hard mode, statistics kept per
/// list, other scripts, and what programs may see.
final class GuessFiveTests: XCTestCase {
    func guessFive(_ word: String, options: [String: String] = [:], wordList: String? = nil, scores: ScoreStore? = nil) throws -> RuleTester {
        try RuleTester(RuleTester.builtIn("guess-five"), options: options, forceWords: [word], wordList: wordList, scores: scores)
    }

    /// The marks of the latest guess, as the view draws them (without colour; a line ends at
    /// its last mark or letter).
    func lastRow(_ t: RuleTester) -> String {
        let board = t.last.view(of: 1).view.split(separator: "\n").dropFirst().prefix(6)
        let rows = board.filter { $0 != " _  _  _  _  _" }
        return String(rows.last ?? "")
    }

    func testG1ToG4Marks() throws {
        for (word, guess, marks) in [
            ("crane", "react", "(r)(e)[a](c) t"),
            ("apple", "paper", "(p)(a)[p](e) r"),
            ("later", "alert", "(a)(l)(e)(r)(t)"),
            ("sweet", "geese", " g (e)[e](s) e"),
        ] {
            let t = try guessFive(word)
            t.send(guess)
            t.assertAccepted()
            XCTAssertEqual(lastRow(t), marks, "\(word) / \(guess)")
        }
    }

    func testG5OnlyWordsOfTheListCountAsTries() throws {
        let t = try guessFive("crane")
        t.send("xyzzy")
        t.assertRefused(containing: "'xyzzy' is not in the word list")
        t.send("cran")
        t.assertRefused(containing: "type a word of 5 letters")
        t.send("react")
        t.send("REACT")
        t.assertRefused(containing: "you tried 'react' already")
        t.send("CRANE")
        XCTAssertEqual(t.last.messages, [], "the result's summary says it")
        XCTAssertEqual(t.result?.summary, "You found crane in 2 of 6 tries.")
        XCTAssertEqual(t.result?.score, 2)
    }

    func testG6HardModeKeepsWhatWasFound() throws {
        let t = try guessFive("crane", options: ["hard": "on"])
        t.send("react")
        t.send("tulip")
        t.assertRefused(containing: "hard mode: letter 3 must be a")
        t.send("slate")
        t.assertRefused(containing: "hard mode: the guess must use r")
        t.send("trace")
        t.assertAccepted()
        let easy = try guessFive("crane")
        easy.send(["react", "tulip"])
        easy.assertAccepted()
    }

    func testG7SixWrongGuessesLoseAndStatisticsAreKeptPerList() throws {
        let dir = NSTemporaryDirectory() + "guess-five-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let win = try guessFive("crane", scores: ScoreStore(directory: dir))
        win.send(["react", "crane"])
        XCTAssertTrue(win.last.view(of: 1).view.contains("Played 1 · won 100% · streak 1 (best 1)"), win.last.view(of: 1).view)
        let lose = try guessFive("crane", scores: ScoreStore(directory: dir))
        lose.send(["react", "tulip", "slate", "paper", "apple", "alert"])
        XCTAssertEqual(lose.result?.summary, "Out of tries: the word was crane.")
        XCTAssertNil(lose.result?.winner)
        XCTAssertTrue(lose.last.view(of: 1).view.contains("Played 2 · won 50% · streak 0 (best 1)"), lose.last.view(of: 1).view)
        XCTAssertTrue(lose.last.view(of: 1).view.contains("2 #################### 1"), lose.last.view(of: 1).view)
        // Another list has statistics of its own.
        let russian = try guessFive("кошка", wordList: "russian", scores: ScoreStore(directory: dir))
        russian.send("КОШКА")
        XCTAssertTrue(russian.last.view(of: 1).view.contains("Played 1 · won 100% · streak 1 (best 1)"), russian.last.view(of: 1).view)
    }

    /// Statistics are kept per player: Ann's and Bob's are their own, and the statistics kept
    /// before they were kept by name (a player with no name) go to the first name that plays.
    func testStatisticsAreKeptPerPlayer() throws {
        let dir = NSTemporaryDirectory() + "guess-five-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func play(_ name: String?, _ guesses: [String]) throws -> String {
            var config = RuleTester.Config()
            config.forceWords = ["crane"]
            config.scores = ScoreStore(directory: dir)
            if let name { config.names = [1: name] }
            let t = try RuleTester(RuleTester.builtIn("guess-five"), config)
            t.send(guesses)
            return t.last.view(of: 1).view
        }
        XCTAssertTrue(try play(nil, ["crane"]).contains("Played 1 · won 100%"))
        XCTAssertTrue(try play("Ann", ["crane"]).contains("Played 2 · won 100% · streak 2 (best 2)"), "Ann takes the unnamed statistics")
        XCTAssertTrue(try play("Bob", ["react", "crane"]).contains("Played 1 · won 100% · streak 1 (best 1)"), "Bob's are his own")
        XCTAssertTrue(try play("Ann", ["crane"]).contains("Played 3 · won 100% · streak 3 (best 3)"))
        XCTAssertTrue(try play(nil, ["crane"]).contains("Played 1 · won 100% · streak 1 (best 1)"), "no name starts afresh")
        let names = try ScoreListing(store: ScoreStore(directory: dir)).records(of: ScoreListing.Game(named: "guess-five")).map(\.name)
        XCTAssertEqual(Set(names), ["stats five-letter", "stats five-letter · Ann", "stats five-letter · Bob"])
    }

    func testOtherScriptsPlayOnTheirOwnLetters() throws {
        let t = try guessFive("кошка", wordList: "russian")
        XCTAssertTrue(t.last.view(of: 1).view.contains(" к  л "), t.last.view(of: 1).view)
        XCTAssertFalse(t.last.view(of: 1).view.contains(" a  b "), "no Latin keyboard for a Cyrillic list")
        XCTAssertEqual(t.last.view(of: 1).freeText?.pattern, nil, "Lua's %a does not know Cyrillic")
        t.send("книга")
        XCTAssertEqual(lastRow(t), "[к] н  и  г [а]")
        let accented = try guessFive("crêpe", wordList: "accented")
        accented.send("école")
        XCTAssertEqual(lastRow(accented), "(é)(c) o  l [e]", "é is e, as in every word game (ê in crêpe)")
        let strict = try guessFive("crêpe", options: ["accents": "strict"], wordList: "accented")
        strict.send("école")
        XCTAssertEqual(lastRow(strict), " é (c) o  l [e]", "--accents strict: é is not e")
    }

    func testProgramsDoNotSeeTheWord() throws {
        let t = try guessFive("crane")
        XCTAssertEqual(t.last.view(of: 1).freeText, FreeText(description: "a five-letter word of the list", pattern: "%a%a%a%a%a"))
        t.send("react")
        let seen = try t.engine.observation()
        XCTAssertEqual(seen["word"], .null)
        XCTAssertFalse(seen.encoded.contains("crane"))
    }

    func testTheListIsFiveLetterWordsOnly() throws {
        let list = try WordList(path: RuleTester.rulesDirectory + "/../wordlists/five-letter.txt")
        XCTAssertGreaterThanOrEqual(list.entries.count, 2000)
        XCTAssertTrue(list.entries.allSatisfy { $0.word.count == 5 && $0.word.allSatisfy { ("a"..."z").contains($0) } })
        XCTAssertEqual(list.warnings, [])
    }
}
