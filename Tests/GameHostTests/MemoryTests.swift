import Foundation
import GameCore
import GameRules
import GameStorage
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
        XCTAssertEqual(t.result?.summary, "Every pair found: score 4 in 4 flips. Best for fruit, 4 cards, classic scoring: 4.")
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
        let json = try t.engine.stateJSON().encoded
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
              { name = "dice", emoji = "⚀ ⚁ ⚂ ⚃ ⚄ ⚅ 🎲 🃏 🀄 🎴", pairs = "random", colour = "red" },
            }
            """)
        let path = files.write("memory", try String(contentsOfFile: RuleTester.builtIn("memory"), encoding: .utf8))
        let echo = try RuleTester(path, options: ["theme": "echo"])
        XCTAssertEqual(echo.state["cards"].array?.count, 6, "3 distinct emoji: 9 pairs are clamped to 3")
        XCTAssertEqual(Set(echo.state["cards"].array?.compactMap { $0["content"].string } ?? []), ["🐶", "🐱", "🐭"])
        let more = try RuleTester(path, options: ["theme": "echo", "pairs": "2"])
        XCTAssertEqual(more.state["cards"].array?.count, 4)
        XCTAssertThrowsError(try RuleTester(path, options: ["theme": "echo", "pairs": "1"]))
        // A random pair count is 6 (the fewest a theme deals) to 10 for ten emoji, and fixed by
        // the seed.
        var counts: Set<Int> = []
        for seed in 1...40 {
            let a = try RuleTester(path, options: ["theme": "dice"], seed: UInt64(seed))
            let b = try RuleTester(path, options: ["theme": "dice"], seed: UInt64(seed))
            let n = a.state["cards"].array?.count ?? 0
            XCTAssertEqual(n, b.state["cards"].array?.count)
            XCTAssertTrue((12...20).contains(n) && n % 2 == 0, "\(n)")
            XCTAssertEqual(a.state, b.state, "the same seed deals the same table")
            counts.insert(n)
        }
        XCTAssertGreaterThan(counts.count, 3)
    }

    func testNewGamesKeepTheChosenThemeOrPickARandomOne() throws {
        let t = try RuleTester(RuleTester.builtIn("memory"), options: ["theme": "sports"])
        t.assertState("theme", "sports")
        t.send("/new")
        t.assertState("theme", "sports")
        let r = try RuleTester(RuleTester.builtIn("memory"), options: ["theme": "random"])
        r.force(7)  // the 7th theme of rules/lib/memory-themes.lua
        r.send("/new")
        r.assertState("theme", "flags")
    }

    func testTheBestScoreOfAThemePersists() throws {
        let dir = NSTemporaryDirectory() + "memory-best-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try memory("A,B,A,B", scores: ScoreStore(directory: dir))
        first.send(["1", "2", "3", "4", "1", "3", "2", "4"])
        XCTAssertTrue(first.result?.summary.hasSuffix("Best for fruit, 4 cards, classic scoring: 4.") ?? false, first.transcriptText)
        let second = try memory("A,A,B,B", scores: ScoreStore(directory: dir))
        second.send(["1", "3", "4", "1", "3", "4", "1", "2"])
        XCTAssertEqual(second.result?.summary, "Every pair found: score 3 in 8 flips. Best for fruit, 4 cards, classic scoring: 4.", second.transcriptText)
    }

    /// The terminal columns where the numbers of a grid's row end.
    static func labelEnds(_ row: String) -> [Int] {
        var ends: [Int] = [], column = 0, previous: Character?
        for c in row + " " {
            if let previous, previous.isASCII, previous.isNumber, c == " " { ends.append(column) }
            column += TerminalWidth.columns(of: c)
            previous = c
        }
        return ends
    }

    func testEveryThemeDealsAtLeastSixSetsUnlessAskedForFewer() throws {
        // A random theme or deal size never makes a game of 4 cards (or of 6 in Triples).
        for (rule, copies) in [("memory", 2), ("memory-triples", 3)] {
            for theme in ["random", "halloween", "animals", "sports", "faces", "fruit", "vehicles", "flags"] {
                for seed in 1...12 {
                    let t = try RuleTester(RuleTester.builtIn(rule), options: ["theme": theme], seed: UInt64(seed))
                    let count = t.state["cards"].array?.count ?? 0
                    XCTAssertGreaterThanOrEqual(count, 6 * copies, "\(rule) --theme \(theme) --seed \(seed)")
                }
            }
            // Asked for, fewer is dealt (a short practice).
            let small = try RuleTester(RuleTester.builtIn(rule), options: ["theme": "fruit", "pairs": "2"])
            XCTAssertEqual(small.state["cards"].array?.count, 2 * copies)
        }
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
                    let rows = t.view.split(separator: "\n").dropFirst(3).dropLast().map(String.init)
                    let full = rows.dropLast()  // the last row may be short
                    // Each card's number ends at the same column in every row, whatever the
                    // faces (emoji, flags, letters, backs, the gaps cleared cards leave).
                    let ends = Set(full.map(Self.labelEnds))
                    XCTAssertEqual(ends.count, 1, "\(theme) rows after choosing \(i):\n\(rows.joined(separator: "\n"))")
                    XCTAssertEqual(ends.first?.count, full.isEmpty ? nil : Int((Double(count).squareRoot()).rounded(.up)), theme)
                }
            }
        }
    }

    func testEveryThemeEmojiIsOneTwoColumnPictureByDefault() throws {
        // Loaded as the game loads them: rules/lib/memory-themes.lua through memory-table.
        let files = RuleFiles()
        let path = files.write("themes", RuleFiles.rule(["setup": """
            function(game)
                local table_ = require("memory-table")
                local themes = {}
                for i, theme in ipairs(table_.themes) do themes[i] = { name = theme.name, emoji = table_.emoji_of(theme) } end
                return { n = 0, log = {}, themes = themes }
              end
            """]))
        let themes = try RuleTester(path).state["themes"].array ?? []
        XCTAssertEqual(themes.compactMap { $0["name"].string }, ["halloween", "animals", "sports", "faces", "fruit", "vehicles", "flags"])
        for theme in themes {
            let name = theme["name"].string ?? "?"
            let emoji = theme["emoji"].array?.compactMap(\.string) ?? []
            XCTAssertGreaterThanOrEqual(emoji.count, 10, name)
            for e in emoji {
                let scalars = e.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                // Not 🕷️ (U+1F577 U+FE0F) or 🧙‍♀️ (a ZWJ sequence): one column, or two pictures, in many terminals.
                XCTAssertEqual(e.count, 1, "\(name): \(e) (\(scalars)) is one character")
                XCTAssertEqual(e.unicodeScalars.first?.properties.isEmojiPresentation, true, "\(name): \(e) (\(scalars)) is a picture by default")
                XCTAssertFalse(e.unicodeScalars.contains("\u{FE0F}"), "\(name): \(e) (\(scalars)) needs no VS16")
                XCTAssertFalse(e.unicodeScalars.contains("\u{200D}"), "\(name): \(e) (\(scalars)) is no ZWJ sequence")
                XCTAssertEqual(TerminalWidth.columns(e), 2, "\(name): \(e) (\(scalars))")
            }
        }
    }

    func testImpossibleDecksAreRefusedBeforeTheGame() throws {
        let refused: [(String, String, String)] = [
            ("memory", "A,B,A", "--deck: 'B' appears once, but each card must appear exactly twice (a pair)"),
            ("memory", "A,A,A,A,B,B", "--deck: 'A' appears 4 times, but each card must appear exactly twice (a pair)"),
            ("memory", "A,,A", "--deck: card 2 is empty: give each card's content, separated by commas"),
            ("memory", ",", "--deck: card 1 is empty: give each card's content, separated by commas"),
            ("memory-triples", "A,A,B,B,A,B,C,C",
             "--deck: 'C' appears twice, but each card must appear exactly 3 times (three of a kind)"),
        ]
        for (rule, deck, message) in refused {
            XCTAssertThrowsError(try memory(deck, rule: rule), "\(rule) --deck \(deck)") {
                XCTAssertTrue($0 is UsageError, "\($0)")
                XCTAssertEqual(String(describing: $0), message)
            }
        }
        // Spaces around a card's content do not count; a single pair is a game.
        let spaced = try memory(" A, B ,A,B ")
        XCTAssertEqual(spaced.state["cards"].array?.compactMap { $0["content"].string }, ["A", "B", "A", "B"])
        let one = try memory("A,A")
        one.send(["1", "2"])
        XCTAssertEqual(one.result?.summary, "Every pair found: score 2 in 2 flips. Best for fruit, 2 cards, classic scoring: 2.")
        XCTAssertNoThrow(try memory("A,B,A,B,A,B", rule: "memory-triples"))
    }

    func testASCIINamesTheCardsByLetterInMessagesToo() throws {
        let pairs = try RuleTester(RuleTester.builtIn("memory"), options: ["deck": "🧙,🐶,🧙,🐶", "theme": "halloween"], ascii: true)
        pairs.send(["1", "2", "3", "1"])
        XCTAssertEqual(pairs.last.messages, ["Match: A! +2"])
        pairs.send(["2", "4"])
        XCTAssertEqual(pairs.last.messages, ["Match: B! +2"])
        XCTAssertTrue(pairs.view.hasPrefix("Memory - halloween\nScore: 4\nFlips: 6\n"), pairs.view)
        let triples = try RuleTester(RuleTester.builtIn("memory-triples"), options: ["deck": "🐶,🐶,🐶", "theme": "animals"], ascii: true)
        triples.send(["1", "2", "3"])
        XCTAssertEqual(triples.last.messages, ["Three of a kind: A! +3"])
        for t in [pairs, triples] {
            XCTAssertTrue(t.transcriptText.unicodeScalars.allSatisfy(\.isASCII), t.transcriptText)
        }
        // Every theme's deal, in ASCII, from the first view to the end.
        for theme in ["halloween", "animals", "sports", "faces", "fruit", "vehicles", "flags"] {
            let t = try RuleTester(RuleTester.builtIn("memory"), options: ["theme": theme, "pairs": "3"], ascii: true)
            let cards = t.state["cards"].array?.compactMap { $0["content"].string } ?? []
            XCTAssertEqual(cards.count, 6, theme)
            var firstAt: [String: Int] = [:]
            for (i, content) in cards.enumerated() {
                if let first = firstAt[content] { t.send([String(first), String(i + 1)]) } else { firstAt[content] = i + 1 }
            }
            XCTAssertNotNil(t.result, theme)
            XCTAssertTrue(t.transcriptText.unicodeScalars.allSatisfy(\.isASCII), t.transcriptText)
        }
    }

    func testColourOnlyWhenTheTerminalShowsIt() throws {
        let files = RuleFiles()
        _ = files
        let plain = try memory("A,A,B,B")
        XCTAssertFalse(plain.view.contains("\u{1B}["))
        let rule = try LoadedRule(path: RuleTester.builtIn("memory"), libraryDirectories: [RuleTester.rulesDirectory + "/lib"])
        let engine = try makeEngine(rule, options: ["theme": "halloween"], colour: true)
        try engine.newGame()
        let shown = TerminalText.render(try engine.view(), colour: true)
        XCTAssertTrue(shown.contains("\u{1B}[38;5;208m▓▓\u{1B}[0m"), "orange backs for halloween")
        XCTAssertFalse(try engine.view().contains("\u{1B}"), "a view holds colour markers, never escapes")
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

    /// Memory's bot has a perfect memory of what it saw, and only of that: its move does not
    /// change when the faces it has not seen trade places, and it never pays for a card it had
    /// seen (every game scores two a pair).
    func testTheBotRemembersWhatItSawAndNothingElse() throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            var config = RuleTester.Config()
            config.seed = seed
            let t = try RuleTester(RuleTester.builtIn("memory"), config)
            let engine = t.engine
            var moves = 0
            while try engine.result() == nil, moves < 300 {
                let move = try engine.botMove(for: 1, peeking: true)
                _ = try engine.perturbHidden(for: 1, seed: seed, changingSecrets: true)
                let again = try engine.botMove(for: 1, peeking: true)
                try engine.restoreAlteredState()
                XCTAssertEqual(again, move, "seed \(seed), move \(moves): the bot read a face it had not seen")
                guard case .accepted = engine.play(move, seat: 1) else { return XCTFail("seed \(seed): the bot's \(move) was refused") }
                moves += 1
            }
            let pairs = (try engine.stateValue()["cards"].array?.count ?? 0) / 2
            XCTAssertGreaterThanOrEqual(pairs, 6)
            XCTAssertEqual(try engine.result()?.score, Double(2 * pairs), "seed \(seed)")
        }
    }
}
