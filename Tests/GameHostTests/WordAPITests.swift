import Foundation
import GameCore
import GameHost
import GameHostTesting
import LuaKit
import XCTest

/// `game.words` as a word game uses it: looking words up and reading the list without using
/// them, the list's name, length filters from the rule, and a list that never runs dry.
final class WordAPITests: XCTestCase {
    let files = RuleFiles()

    /// A rule whose setup records what `probe` returns.
    func tester(_ probe: String, words: String = "\"animals\"", list: [String]? = nil) throws -> RuleTester {
        let path = files.write("probe", RuleFiles.rule([
            "words": words,
            "setup": "function(game) return { n = 0, log = {}, seen = { \(probe) } } end",
        ]))
        return try RuleTester(path, words: list)
    }

    func testLookingUpAndReadingTheListUsesNoWord() throws {
        let t = try tester("""
            game.words.contains("CAT"), game.words.contains("Café"), game.words.contains("cafe"), game.words.contains("ca"),
            game.words.count(), game.words.entry(2).word, tostring(game.words.entry(2).hint), game.words.entry(2).line, game.words.left(), game.words.name, game.words.find("DOG").word, game.words.find("DOG").hint, game.words.find("cow") == nil
            """, list: ["cat\tpurrs", "café", "# a comment", "dog\tbarks"])
        XCTAssertEqual(t.state["seen"], [true, true, false, false, 3, "café", "nil", 2, 3, "test-words", "dog", "barks", true])
    }

    func testEntryOutOfRangeIsAnError() throws {
        let path = files.write("bad", RuleFiles.rule(["words": "\"animals\"", "setup": "function(game) return { n = game.words.entry(10000) } end"]))
        XCTAssertThrowsError(try RuleTester(path, words: ["cat", "dog"])) { error in
            XCTAssertTrue("\(error)".contains("game.words.entry: there is no word 10000 (the list has 2)"), "\(error)")
        }
    }

    func testTheListsNameIsItsNameNotItsPath() throws {
        let t = try tester("game.words.name, game.words.count() > 0")
        XCTAssertEqual(t.state["seen"], ["animals", true])
        // A list with a long file name is named by its first 48 bytes (rules build record
        // names from it), cut at a character boundary.
        let long = files.directory + "/" + String(repeating: "é", count: 40) + ".txt"
        try "kiwi\n".write(toFile: long, atomically: true, encoding: .utf8)
        let path = files.write("named", RuleFiles.rule(["words": "\"animals\"",
                                                         "setup": "function(game) return { n = 0, log = {}, name = game.words.name } end"]))
        let named = try RuleTester(path, wordList: long)
        named.assertState("name", .string(String(repeating: "é", count: 24)))
    }

    func testARuleCanAskForWordsOfOneLength() throws {
        let t = try tester("game.words.count(), game.words.contains('horse'), game.words.contains('cat')",
                           words: "{ list = \"animals\", length = 5 }", list: ["cat", "horse", "zebra", "elephant", "déjà vu"])
        XCTAssertEqual(t.state["seen"], [2, true, false], "only the five-letter words are played; contains answers for them")
        for (spec, problem) in [
            ("{ length = 5 }", "field 'words' needs a list name"),
            ("{ list = \"animals\", size = 5 }", "field 'words' has 'size'"),
            ("{ list = \"animals\", length = 0 }", "length must be a whole number from 1 to 1000"),
            ("{ list = \"animals\", min_length = 6, max_length = 4 }", "min_length is more than max_length"),
            ("\"\"", "field 'words' is empty"),
            ("{ list = \"\" }", "field 'words' needs a list name"),
            ("{ \"animals\" }", "field 'words' needs a list name"),
            ("3", "field 'words' must be a list name or a table"),
        ] {
            let path = files.write("spec", RuleFiles.rule(["words": spec]))
            XCTAssertThrowsError(try LoadedRule(path: path)) { XCTAssertTrue("\($0)".contains(problem), "\(spec): \($0)") }
        }
    }

    func testHangmanGoesOnPastTheEndOfItsList() throws {
        let t = try RuleTester(RuleTester.builtIn("hangman"), options: ["order": "list"], words: ["ox"])
        t.send(["o", "x"])
        t.send("y")
        XCTAssertEqual(t.last.messages, ["Every word of the list has been played: the words start again from the top."])
        t.assertState("word", "ox")
        t.assertState("number", 2)
        XCTAssertTrue(t.last.view(of: 1).view.contains("Word #:          2"), t.last.view(of: 1).view)
    }

    func testARulesListIsFoundBesideItNeverInTheCurrentFolder() throws {
        let path = files.write("own", RuleFiles.rule(["words": "\"mine\""]))
        let rule = try LoadedRule(path: path)
        let catalog = WordListCatalog(directories: [RuleTester.rulesDirectory + "/../wordlists"])
        XCTAssertThrowsError(try catalog.load("mine", besideRule: path), "no list yet")
        try "kiwi\n".write(toFile: files.directory + "/mine.txt", atomically: true, encoding: .utf8)
        XCTAssertEqual(try catalog.load("mine", besideRule: path).entries.map(\.word), ["kiwi"], "next to the rule")
        try FileManager.default.createDirectory(atPath: files.directory + "/wordlists", withIntermediateDirectories: true)
        try "plum\n".write(toFile: files.directory + "/wordlists/mine.txt", atomically: true, encoding: .utf8)
        XCTAssertEqual(try catalog.load("mine", besideRule: path).entries.map(\.word), ["plum"], "its wordlists/ folder first")
        // The current folder is not searched (the tests run in the package's root).
        let cwd = FileManager.default.currentDirectoryPath + "/cwd-only-list.txt"
        try "pear\n".write(toFile: cwd, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: cwd) }
        XCTAssertThrowsError(try catalog.load("cwd-only-list", besideRule: path))
        _ = rule
    }
}
