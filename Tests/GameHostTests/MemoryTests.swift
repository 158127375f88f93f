import Foundation
import GameCore
import GameHost
import GameHostTesting
import LuaKit
import XCTest

/// Memory's rule book: examples M-1 to M-7, themes, scoring modes and the grid.
final class MemoryTests: XCTestCase {
    func memory(_ deck: String, options: [String: String] = [:], scores: ScoreStore? = nil, rule: String = "memory") throws -> RuleTester {
        var all = ["deck": deck, "theme": "fruit"]
        for (k, v) in options { all[k] = v }
        return try RuleTester(RuleTester.builtIn(rule), options: all, scores: scores)
    }

    /// Chooses each card in turn and checks the score after each pair of choices.
    func play(_ t: RuleTester, _ steps: [([Int], Int64)], file: StaticString = #filePath, line: UInt = #line) {
        for (choices, score) in steps {
            for c in choices { t.send(String(c)) }
            t.assertState("score", .integer(score), "after \(choices)", file: file, line: line)
        }
    }

    func card(_ t: RuleTester, _ i: Int) -> LuaValue { t.state["cards"].array?[i - 1] ?? .nil }

    func testM1TheCoursesExample() throws {
        let t = try memory("🐧,👻,✏,🏀,👻,🐼,🐧,✏,🏀,🐼")
        play(t, [([1, 2], 0), ([3, 4], 0)])
        XCTAssertEqual(card(t, 1)["seen"], true)
        XCTAssertEqual(card(t, 2)["seen"], true)
        play(t, [([5, 2], 2), ([1, 6], 1), ([4, 1], -1)])
        t.send("1")
        t.assertRefused(containing: "card 1 is already face up")
        t.assertState("score", -1)
        play(t, [([7, 1], 1)])
        XCTAssertEqual(card(t, 7)["matched"], true)
    }

    func testM2ChoosingTheSameCardTwiceDoesNothing() throws {
        let t = try memory("A,A,B,B")
        t.send("1")
        t.send("1")
        t.assertRefused(containing: "already face up")
        t.assertState("score", 0)
        t.assertState("flips", 1)
        t.send("2")
        t.assertState("score", 2)
    }

    func testM3MatchedCardsLeaveTheTable() throws {
        let t = try memory("A,A,B,B")
        play(t, [([1, 2], 2)])
        t.send("1")
        t.assertRefused(containing: "card 1 is already matched")
        t.send("3")
        XCTAssertEqual(card(t, 1)["removed"], true)
        XCTAssertEqual(card(t, 2)["removed"], true)
        XCTAssertEqual(card(t, 1)["faceUp"], false)
        t.send("2")
        t.assertRefused(containing: "already matched")
        t.send("4")
        t.assertState("score", 4)
        t.assertState("over", true)
        XCTAssertEqual(t.result?.summary, "Every pair found: score 4 in 4 flips. Best for fruit: 4.")
        t.send("3")
        t.assertRefused(containing: "the game is over")
    }

    func testM4NoPenaltyOnAMatch() throws {
        let t = try memory("A,B,A,B")
        play(t, [([1, 2], 0), ([3, 4], 0), ([1, 3], 2), ([2, 4], 4)])
        t.assertState("over", true)
    }

    func testM7AThirdChoiceTurnsTheOthersDown() throws {
        let t = try memory("A,B,A,B")
        t.send(["1", "2"])
        XCTAssertEqual(card(t, 1)["faceUp"], true)
        XCTAssertEqual(card(t, 2)["faceUp"], true)
        XCTAssertEqual(card(t, 1)["matched"], false)
        t.send("3")
        XCTAssertEqual(t.state["cards"].array?.map { $0["faceUp"] }, [false, false, true, false])
        XCTAssertEqual(t.state["cards"].array?.map { $0["seen"] }, [true, true, false, false])
        t.assertState("score", 0)
    }

    func testUnknownCardsAreRefused() throws {
        let t = try memory("A,A,B,B")
        for input in ["0", "5", "x", "1.5", ""] {
            t.send(input)
            t.assertRefused(containing: "is not a card: type a number from 1 to 4")
        }
        t.assertState("flips", 0)
    }

    func testTheMachineViewHasTheRuleBookFields() throws {
        let t = try memory("A,A,B,B")
        t.send("1")
        let json = try t.session.stateJSON().encoded
        for field in [#""theme":"fruit""#, #""score":0"#, #""flips":1"#, #""over":false"#,
                      #"{"content":"A","faceUp":true,"matched":false,"removed":false,"seen":false"#] {
            XCTAssertTrue(json.contains(field), "\(field) in \(json)")
        }
    }

    func testTimedScoringMultipliesBySpeed() throws {
        let t = try memory("A,A,B,B,C,C", options: ["scoring": "timed"])
        t.clock.advance(by: 3)
        t.send("1")
        t.clock.advance(by: 2.5)
        t.send("2")
        t.assertState("score", 16, "2 points x (10 - 2 whole seconds)")
        t.send("3")
        t.clock.advance(by: 30)
        t.send("5")
        t.assertState("score", 16, "no card seen yet: no penalty")
        t.send("4")
        t.clock.advance(by: 1)
        t.send("5")
        t.assertState("score", 7, "card 5 was seen: -1 x (10 - 1)")
        t.send("3")
        t.clock.advance(by: 60)
        t.send("4")
        t.assertState("score", 9, "a slow match still earns x1")
    }

    func testBonusScoringRewardsCardsMatchedWithinSixSecondsFaceUp() throws {
        let t = try memory("A,A,B,B", options: ["scoring": "bonus"])
        t.send("1")
        t.clock.advance(by: 2)
        t.send("2")
        t.assertState("score", 4, "a match (2) and two cards under 6 s face up (+2)")
        t.send("3")
        t.clock.advance(by: 7)
        t.send("4")
        t.assertState("score", 7, "2 for the match; card 3 was face up 7 s, so only card 4 earns the bonus")
    }

    func testThemesDeduplicateAndPairCountsAreClamped() throws {
        let files = RuleFiles()
        files.write("lib/memory-themes", """
            return {
              { name = "echo", emoji = "🐶 🐶 🐱 🐱 🐭", pairs = 9, colour = "green" },
              { name = "dice", emoji = "⚀ ⚁ ⚂ ⚃ ⚄ ⚅", pairs = "random", colour = "red" },
            }
            """)
        let path = files.write("memory", try String(contentsOfFile: RuleTester.builtIn("memory"), encoding: .utf8))
        let echo = try RuleTester(path, options: ["theme": "echo"])
        XCTAssertEqual(echo.state["cards"].array?.count, 6, "3 distinct emoji: 9 pairs are clamped to 3")
        XCTAssertEqual(Set(echo.state["cards"].array?.compactMap { $0["content"].string } ?? []), ["🐶", "🐱", "🐭"])
        let more = try RuleTester(path, options: ["theme": "echo", "pairs": "2"])
        XCTAssertEqual(more.state["cards"].array?.count, 4)
        XCTAssertThrowsError(try RuleTester(path, options: ["theme": "echo", "pairs": "1"]))
        // A random pair count is 2 to 6 for six emoji, and fixed by the seed.
        var counts: Set<Int> = []
        for seed in 1...40 {
            let a = try RuleTester(path, options: ["theme": "dice"], seed: UInt64(seed))
            let b = try RuleTester(path, options: ["theme": "dice"], seed: UInt64(seed))
            let n = a.state["cards"].array?.count ?? 0
            XCTAssertEqual(n, b.state["cards"].array?.count)
            XCTAssertTrue((4...12).contains(n) && n % 2 == 0, "\(n)")
            XCTAssertEqual(a.state, b.state, "the same seed deals the same table")
            counts.insert(n)
        }
        XCTAssertGreaterThan(counts.count, 3)
    }

    func testNewGamesPickARandomTheme() throws {
        let t = try RuleTester(RuleTester.builtIn("memory"), options: ["theme": "sports"])
        t.assertState("theme", "sports")
        t.force(7)  // the 7th theme of rules/lib/memory-themes.lua
        t.send("/new")
        t.assertState("theme", "flags")
    }

    func testTheBestScoreOfAThemePersists() throws {
        let dir = NSTemporaryDirectory() + "memory-best-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try memory("A,B,A,B", scores: ScoreStore(directory: dir))
        first.send(["1", "2", "3", "4", "1", "3", "2", "4"])
        XCTAssertTrue(first.result?.summary.hasSuffix("Best for fruit: 4.") ?? false, first.transcriptText)
        let second = try memory("A,A,B,B", scores: ScoreStore(directory: dir))
        second.send(["1", "3", "4", "1", "3", "4", "1", "2"])
        XCTAssertEqual(second.result?.summary, "Every pair found: score 3 in 8 flips. Best for fruit: 4.", second.transcriptText)
    }

    func testEveryThemesGridLinesUp() throws {
        let themes = ["halloween", "animals", "sports", "faces", "fruit", "vehicles", "flags"]
        for theme in themes {
            for ascii in [false, true] {
                let t = try RuleTester(RuleTester.builtIn("memory"), options: ["theme": theme, "pairs": "50"], ascii: ascii)
                let count = t.state["cards"].array?.count ?? 0
                XCTAssertGreaterThanOrEqual(count, 20, theme)
                for i in 1...count {
                    t.send(String(i))
                    let rows = t.view.split(separator: "\n").dropFirst().dropLast().map(String.init)
                    let full = rows.dropLast()  // the last row may be short
                    let widths = Set(full.map(TerminalWidth.columns))
                    XCTAssertEqual(widths.count, 1, "\(theme) rows after choosing \(i):\n\(rows.joined(separator: "\n"))")
                    // Each cell starts at the same column in every row.
                    let starts = full.map { row in row.split(separator: " ", omittingEmptySubsequences: true).count }
                    XCTAssertEqual(Set(starts).count <= 2, true, theme)
                }
            }
        }
    }

    func testColourOnlyWhenTheTerminalShowsIt() throws {
        let files = RuleFiles()
        _ = files
        let plain = try memory("A,A,B,B")
        XCTAssertFalse(plain.view.contains("\u{1B}["))
        let rule = try Rule(path: RuleTester.builtIn("memory"), libraryDirectories: [RuleTester.rulesDirectory + "/lib"])
        let session = try GameSession(rule: rule, options: ["theme": "halloween"], seed: 1, colour: true)
        try session.newGame()
        let shown = TerminalText.render(try session.view(), colour: true)
        XCTAssertTrue(shown.contains("\u{1B}[38;5;208m▓▓\u{1B}[0m"), "orange backs for halloween")
        XCTAssertFalse(try session.view().contains("\u{1B}"), "a view holds colour markers, never escapes")
    }

    func testTriplesPlayOnTheSameAPI() throws {
        let t = try memory("A,B,A,B,A,B", rule: "memory-triples")
        play(t, [([1, 2, 3], 0), ([5, 1, 3], 3), ([2, 4], 3)])
        t.send("6")
        t.assertState("score", 6)
        t.assertState("over", true)
        let miss = try memory("A,B,A,B,A,B", rule: "memory-triples")
        play(miss, [([1, 2, 3], 0), ([4, 5, 6], 0), ([1, 2, 4], -3)])
    }
}
