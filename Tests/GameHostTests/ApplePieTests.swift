import Foundation
import GameStorage
import GameHostTesting
import LuaKit
import XCTest

/// Apple Pie's rule book: examples A-1 to A-11 and the timed mode.
final class ApplePieTests: XCTestCase {
    func applePie(_ words: [String], options: [String: String] = [:], scores: ScoreStore? = nil) throws -> RuleTester {
        var all = ["order": "list"]
        for (k, v) in options { all[k] = v }
        return try RuleTester(RuleTester.builtIn("applepie"), options: all, words: words, scores: scores)
    }

    func testLeavingMidWordEndsWithTheSummaryOfTheWordsFinished() throws {
        let t = try applePie(["bug", "cat"])
        t.send(["b", "u", "g", "c"])
        let step = t.send("/quit")
        XCTAssertEqual(step.status, .quit)
        XCTAssertEqual(step.result?.summary, "The end: 1 win, 0 losses, score 14.", "the word in play is neither won nor lost")
        let timed = try applePie(["bug", "cat"], options: ["mode": "timed", "target": "2"])
        timed.send("b")
        XCTAssertEqual(timed.send("/quit").result?.summary, "The end: 0 wins, 0 losses, score 1.\nLeft before 2 wins: this run is not ranked.")
    }

    func testA1LettersRevealTheWordAndTheNextStartsWithSevenFruit() throws {
        let t = try applePie(["buccaneer", "swift"])
        for letter in ["b", "u", "c", "a", "n", "e"] {
            t.send(letter)
            t.assertAccepted()
            t.assertState("wins", 0)
        }
        t.assertState("masked", "b u c c a n e e _")
        t.send("r")
        t.assertState("wins", 1)
        t.assertState("losses", 0)
        t.assertState("word", "swift")
        t.assertState("fruit", 7)
        t.assertState("masked", "_ _ _ _ _")
    }

    func testA2SevenMissesLoseTheWord() throws {
        let t = try applePie(["swift", "bug"])
        var fruit: [LuaValue] = []
        for letter in ["q", "x", "z", "j", "k", "v"] {
            t.send(letter)
            fruit.append(t.state["fruit"])
        }
        XCTAssertEqual(fruit, [6, 5, 4, 3, 2, 1])
        t.send("p")
        t.assertState("losses", 1)
        XCTAssertTrue(t.last.messages.contains("No apples left. The word was \"swift\"."), "\(t.last.messages)")
        XCTAssertTrue(t.last.messages.contains("No 'p': the last apple falls."), "not \"0 apples left\": \(t.last.messages)")
    }

    func testA3RepeatsAreRefusedAndCostNothing() throws {
        let t = try applePie(["bug"])
        t.send("b")
        t.assertState("masked", "b _ _")
        t.send("b")
        t.assertRefused(containing: "already guessed 'b'")
        t.assertState("fruit", 7)
        t.send("x")
        t.assertState("fruit", 6)
        t.send("X")
        t.assertRefused(containing: "already guessed 'x'")
        t.assertState("fruit", 6)
    }

    func testA4AWinWithFruitLeft() throws {
        let t = try applePie(["bug"])
        t.send(["e", "g", "u", "b"])
        t.assertState("wins", 1)
        t.assertState("fruit", 6)
    }

    func testA5TheEndOfTheListEndsTheSessionWithASummary() throws {
        let t = try applePie(["bug"])
        t.send(["b", "u", "g"])
        t.assertState("wins", 1)
        t.assertState("over", true)
        XCTAssertEqual(t.result?.summary, "The end: 1 win, 0 losses, score 13.")
        t.send("a")
        t.assertRefused(containing: "the game is over")
        // Play again: a new game plays the whole list again (each game has its words to itself,
        // so its seed alone replays it).
        t.send("y")
        XCTAssertEqual(t.last.messages, [])
        t.assertState("round", 1)
        t.assertState("word", "bug")
        t.assertState("over", false)
        t.send(["b", "u", "g"])
        XCTAssertEqual(t.result?.summary, "The end: 1 win, 0 losses, score 13.", "the second pass plays like the first")
    }

    func testA9ScoringAPointPerLetterAndTenForTheWord() throws {
        let t = try applePie(["bug", "swift"])
        var scores: [LuaValue] = []
        for letter in ["e", "b", "u", "g"] {
            t.send(letter)
            scores.append(t.state["score"])
        }
        XCTAssertEqual(scores, [0, 1, 2, 13])
        let u = try applePie(["buccaneer", "x y"])
        u.send("buccaneer")
        u.assertState("score", 10)
        let c = try applePie(["buccaneer", "xy"])
        c.send(["c", "buccaneer"])
        c.assertState("score", 11, "1 for the letter c (two places), 10 for the word")
    }

    func testA11TheBellRingsOnceForEachDroppedFruit() throws {
        let t = try applePie(["bug"])
        var bells = 0
        var fruit: [LuaValue] = [t.state["fruit"]]
        for letter in ["x", "b", "y", "x"] {
            bells += t.send(letter).bells
            fruit.append(t.state["fruit"])
        }
        XCTAssertEqual(bells, 2)
        XCTAssertEqual(fruit, [7, 6, 6, 5, 5])
        let quiet = try applePie(["bug"], options: ["sound": "off"])
        XCTAssertEqual(quiet.send("x").bells, 0)
    }

    func testWholeWordGuessesAndInvalidInput() throws {
        let t = try applePie(["swift", "bug"])
        t.send("swirl")
        t.assertState("fruit", 6)
        t.send("swirl")
        t.assertRefused(containing: "already guessed")
        t.send("1")
        t.assertRefused(containing: "'1' is not a letter or a word")
        t.assertState("fruit", 6)
        // A pasted line longer than any word may be is refused as any other, not a rule error.
        t.send(String(repeating: "abcdefghij", count: 30))
        t.assertRefused(containing: "is not a letter or a word")
        t.assertState("fruit", 6)
        t.send("SWIFT")
        t.assertState("wins", 1)
    }

    func testAccentsFoldUnlessStrict() throws {
        let t = try applePie(["café", "x"])
        t.send("e")
        t.assertState("masked", "_ _ _ é")
        let strict = try applePie(["café", "x"], options: ["accents": "strict"])
        strict.send("e")
        strict.assertState("masked", "_ _ _ _")
        strict.assertState("fruit", 6)
        strict.send("é")
        strict.assertState("masked", "_ _ _ é")
    }

    func testNonLettersAreShownAndNeverGuessed() throws {
        let t = try applePie(["ice-cream"])
        t.assertState("masked", "_ _ _ - _ _ _ _ _")
        t.send("-")
        t.assertRefused()
    }

    func testTheKanaListPlaysWithHints() throws {
        let t = try RuleTester(RuleTester.builtIn("applepie"), options: ["order": "list"], wordList: "japanese-kana")
        t.assertState("word", "ねこ")
        t.send("/hint")
        XCTAssertEqual(t.last.messages.last, "Hint: cat")
        t.assertState("fruit", 6)
        t.send("/hint")
        t.assertState("fruit", 6, "the same hint again is free")
        t.send(["ね", "こ"])
        t.assertState("wins", 1)
        t.assertState("word", "いぬ")
    }

    func testAHintIsRefusedWithoutOneOrForTheLastFruit() throws {
        let t = try applePie(["bug\tan insect", "swift"], options: ["fruit-count": "1"])
        t.send("/hint")
        t.assertRefused(containing: "would cost your last apple")
        let none = try applePie(["bug"])
        none.send("/hint")
        none.assertRefused(containing: "this word has no hint")
    }

    func testFruitThemesAndASCII() throws {
        let t = try applePie(["bug"], options: ["fruit": "cherry"])
        XCTAssertTrue(t.view.contains("🍒 🍒 🍒 🍒 🍒 🍒 🍒"), t.view)
        let ascii = try RuleTester(RuleTester.builtIn("applepie"), options: ["fruit": "pear"], words: ["bug"], ascii: true)
        XCTAssertTrue(ascii.view.contains("p p p p p p p"), ascii.view)
        XCTAssertTrue(ascii.view.unicodeScalars.allSatisfy(\.isASCII), ascii.view)
        XCTAssertThrowsError(try applePie(["bug"], options: ["fruit": "durian"]))
    }

    func testTimedRunsAreRankedOnAPersistentBoard() throws {
        let dir = NSTemporaryDirectory() + "applepie-scores-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func run(secondsPerGuess: Double) throws -> RuleTester {
            let t = try applePie(["ab", "cd", "ef"], options: ["mode": "timed", "target": "2"], scores: ScoreStore(directory: dir))
            for letter in ["a", "b", "c", "d"] {
                t.clock.advance(by: secondsPerGuess)
                t.send(letter)
            }
            return t
        }
        let slow = try run(secondsPerGuess: 15)
        XCTAssertTrue(slow.result?.summary.contains("2 words in 60.0 s: rank 1. Best times: 1st 60.0 s") ?? false, slow.result?.summary ?? "")
        let fast = try run(secondsPerGuess: 10)
        XCTAssertTrue(fast.result?.summary.contains("rank 1. Best times: 1st 40.0 s, 2nd 60.0 s") ?? false, fast.result?.summary ?? "")
        let board = try ScoreStore(directory: dir).boards(game: "applepie", ruleHash: fast.engine.info.contentHash)
        XCTAssertEqual(board.map(\.board), ["Fastest 2 words from test-words, in list order"], "a board for each target, order and list")
        XCTAssertEqual(board.first?.leaderboard.summary(), "1st 40.0 s, 2nd 60.0 s")
    }

    func testLostWordsDoNotCountButTimeRunsOn() throws {
        let t = try applePie(["ab", "zz", "cd"], options: ["mode": "timed", "target": "2", "fruit-count": "1"])
        t.clock.advance(by: 5)
        t.send(["a", "b"])
        t.clock.advance(by: 20)
        t.send("q")                     // loses "zz": not counted, but the time runs
        t.assertState("losses", 1)
        t.clock.advance(by: 5)
        t.send(["c", "d"])
        XCTAssertTrue(t.result?.summary.contains("2 words in 30.0 s") ?? false, t.result?.summary ?? "")
    }

    func testARunThatRunsOutOfWordsIsNotRanked() throws {
        let dir = NSTemporaryDirectory() + "applepie-unranked-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try applePie(["ab"], options: ["mode": "timed", "target": "3"], scores: ScoreStore(directory: dir))
        t.send(["a", "b"])
        XCTAssertTrue(t.result?.summary.contains("this run is not ranked") ?? false, t.result?.summary ?? "")
        XCTAssertEqual(try ScoreStore(directory: dir).boards(game: "applepie", ruleHash: nil).count, 0)
    }

    func testTimedModeCanBeRankedWithItsDefaults() throws {
        // The default list has six words; the default target is five of them.
        let t = try RuleTester(RuleTester.builtIn("applepie"), options: ["mode": "timed", "order": "list"])
        XCTAssertEqual(t.last.messages, [], "no warning: this run can be ranked")
        XCTAssertTrue(t.view.contains("word 1 of 6 · 0/5 won"), t.view)
        for word in ["buccaneer", "swift", "glorious", "incandescent", "bug"] {
            t.clock.advance(by: 2)
            t.send(word)
        }
        XCTAssertTrue(t.result?.summary.contains("5 words in 10.0 s: rank 1.") ?? false, t.transcriptText)
    }

    func testATimedRunThatCannotBeRankedSaysSoAtTheStart() throws {
        let warning = "This run cannot be ranked: its target is 4 won words, but the list has only 3 words left to play."
            + " Give --target 3 or less, or a longer list with --words."
        let t = try applePie(["ab", "cd", "ef"], options: ["mode": "timed", "target": "4"])
        XCTAssertEqual(t.last.messages, [warning])
        t.send(["a", "b", "c", "d", "e", "f"])
        XCTAssertTrue(t.result?.summary.contains("The list ran out before 4 wins: this run is not ranked.") ?? false, t.transcriptText)
        XCTAssertEqual(try applePie(["ab", "cd", "ef"], options: ["mode": "timed", "target": "3"]).last.messages, [])
        XCTAssertEqual(try applePie(["ab", "cd", "ef"], options: ["target": "4"]).last.messages, [], "classic mode ranks nothing")
        // A new game in the middle of the list has the whole list again.
        let rest = try applePie(["ab", "cd", "ef"], options: ["mode": "timed", "target": "3"])
        rest.send(["a", "b"])          // wins ab; cd is drawn
        rest.send("/new")
        XCTAssertEqual(rest.last.messages, [], "\(rest.last.messages)")
    }

    func testASCIIShowsOnlyASCII() throws {
        let t = try RuleTester(RuleTester.builtIn("applepie"), options: ["mode": "timed", "target": "2", "order": "list", "fruit": "cherry"],
                               words: ["bug\tan insect", "café"], ascii: true)
        t.send(["x", "/hint", "b", "u", "g", "c", "a", "f", "q", "e"])
        XCTAssertNotNil(t.result)
        XCTAssertTrue(t.view.contains("Wins 2 - Losses 0 - Score"), t.view)
        // Everything but the list's own words (café) is ASCII.
        let text = t.transcriptText.replacingOccurrences(of: "café", with: "cafe").replacingOccurrences(of: "é", with: "e")
        XCTAssertTrue(text.unicodeScalars.allSatisfy(\.isASCII), t.transcriptText)
        XCTAssertTrue(t.transcriptText.contains("Apple Pie -- word 1 of 2 - 0/2 won - 0 s"), t.transcriptText)
    }

    func testTheMachineViewHasTheRuleBookFields() throws {
        let t = try applePie(["bug"])
        t.send("b")
        let json = try t.engine.stateJSON().encoded
        for field in [#""word":"bug""#, #""masked":"b _ _""#, #""fruit":7"#, #""guessed":["b"]"#, #""wins":0"#,
                      #""losses":0"#, #""score":1"#, #""round":1"#, #""over":false"#] {
            XCTAssertTrue(json.contains(field), "\(field) in \(json)")
        }
        XCTAssertFalse(t.view.contains("bug"), "the view hides the word")
    }
}
