import Foundation
import GameCore
import GameRules
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
            game.words.contains("CAT"), game.words.contains("Café"), game.words.contains("cafe", "strict"), game.words.contains("ca"),
            game.words.count(), game.words.entry(2).word, tostring(game.words.entry(2).hint), game.words.entry(2).line, game.words.left(), game.words.name, game.words.find("DOG").word, game.words.find("DOG").hint, game.words.find("cow") == nil
            """, list: ["cat\tpurrs", "café", "# a comment", "dog\tbarks"])
        XCTAssertEqual(t.state["seen"], [true, true, false, false, 3, "café", "nil", 2, 3, "test-words", "dog", "barks", true])
        // Accents folded (the default), a word is found without them, in the list's spelling.
        let folded = try tester("game.words.contains('CAFE'), game.words.find('cafe').word, game.words.letter('É'), game.words.letter('É', 'strict'), game.words.letter('ab') == nil",
                                list: ["cat", "café"])
        XCTAssertEqual(folded.state["seen"], [true, "café", "e", "é", true])
    }

    /// Words by prefix, in sorted order, compared as players type (case, NFC), a page at a time,
    /// with the count of all that match; an empty prefix walks the whole list in order.
    func testWordsStartingAPrefixInSortedOrder() throws {
        let t = try tester("""
            game.words.starting("CA"), select(2, game.words.starting("ca")), game.words.starting("ca", 2), game.words.starting("ca", 10, "café"),
            select(2, game.words.starting("ca", 0)), game.words.starting(""), game.words.starting("z"), select(2, game.words.starting("z")),
            game.words.starting("", 2, "dog")
            """, list: ["dog", "Cat", "café", "camel", "# a comment", "cab", "ant", "cattle"])
        XCTAssertEqual(t.state["seen"], [
            ["cab", "café", "camel", "Cat", "cattle"], 5, ["cab", "café"], ["camel", "Cat", "cattle"],
            5, ["ant", "cab", "café", "camel", "Cat", "cattle", "dog"], [], 0,
            [], 7,  // the last call's two results: none after "dog", of 7 in all
        ])
    }

    /// A page is bounded: no more than 1000 words a call, and each word is charged, so a rule
    /// that pages through a long list in a loop meets the step budget, not a hang.
    func testWordsStartingIsBoundedAndCharged() throws {
        let big = (0..<5000).map { String(format: "w%05d", $0) }
        let t = try tester("#game.words.starting('w', 1000), select(2, game.words.starting('w', 1000))", list: big)
        XCTAssertEqual(t.state["seen"], [1000, 5000])
        let over = files.write("over", RuleFiles.rule(["words": "\"animals\"", "setup": "function(game) return { n = game.words.starting('w', 1001) } end"]))
        XCTAssertThrowsError(try RuleTester(over, words: big)) { error in
            XCTAssertTrue("\(error)".contains("game.words.starting: argument #2 (limit) must be a whole number from 0 to 1000"), "\(error)")
        }
        let loop = files.write("loop", RuleFiles.rule(["words": "\"animals\"", "setup": """
            function(game) local n = 0 for i = 1, 1e9 do n = n + #game.words.starting("", 1000) end return { n = n } end
            """]))
        XCTAssertThrowsError(try RuleTester(loop, words: big)) { error in
            XCTAssertTrue("\(error)".contains("budget"), "\(error)")
        }
    }

    /// Out of range is said against the list's own size, whichever side it falls.
    func testEntryOutOfRangeIsAnErrorNamingTheListsRange() throws {
        for i in ["10000", "0", "-1"] {
            let path = files.write("bad", RuleFiles.rule(["words": "\"animals\"", "setup": "function(game) return { n = game.words.entry(\(i)) } end"]))
            XCTAssertThrowsError(try RuleTester(path, words: ["cat", "dog"])) { error in
                XCTAssertTrue("\(error)".contains("game.words.entry: argument #1 (i) must be a whole number from 1 to 2 (the list's size), not \(i)"), "\(error)")
            }
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
