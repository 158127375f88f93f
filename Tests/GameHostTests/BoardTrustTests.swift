import Foundation
import GameCore
import GameStorage
import GameHostTesting
import XCTest

/// What a board and a record measure: one word list (by its content, not its name) and one
/// setting of everything that changes the score; what a sitting puts on it; what a practice
/// run leaves alone; and what a data folder that cannot be written says.
final class BoardTrustTests: XCTestCase {
    let dir = NSTemporaryDirectory() + "gamehost-boards-" + UUID().uuidString

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func blackjack(_ top: [String], scores: ScoreStore?) throws -> RuleTester {
        try RuleTester(RuleTester.builtIn("blackjack"), forceShuffles: [BlackjackTests.order(top)], scores: scores)
    }

    func boards(_ game: String) throws -> [(board: String, leaderboard: Leaderboard, practice: Leaderboard)] {
        try ScoreStore(directory: dir).boards(game: game, ruleHash: nil)
    }

    // MARK: Blackjack's sittings

    func testLeavingAtOncePutsNothingOnTheBoard() throws {
        let t = try blackjack([], scores: ScoreStore(directory: dir))
        t.send("leave")
        XCTAssertEqual(t.result?.summary, "You leave with 100 chips after 0 hands.")
        XCTAssertEqual(try boards("blackjack").count, 0)
    }

    func testASittingThatOnlyLostIsNotRecordedAsItsStartingChips() throws {
        // You 10♠ 7♥ (17), the dealer 10♣ 8♦ (18): standing loses the bet of 10.
        let t = try blackjack(["10♠", "10♣", "7♥", "8♦"], scores: ScoreStore(directory: dir))
        t.send(["10", "stand", "leave"])
        XCTAssertEqual(t.result?.summary, "You leave with 90 chips after 1 hand (best 100).\nRank 1. Best: 1st 90 chips", "the best counts the stake; the board does not")
        XCTAssertEqual(try boards("blackjack").first?.leaderboard.entries.map(\.value), [90])
    }

    // MARK: A data folder that cannot be written

    func testAStoreThatCannotBeWrittenIsSaidOnceAndTheSittingStillRanks() throws {
        let t = try blackjack(["A♠", "9♣", "K♥", "7♦"], scores: ScoreStore(directory: "/dev/null/scores"))
        t.send("10")
        t.send("leave")
        XCTAssertEqual(t.last.notices.count, 1, "\(t.last.notices)")
        XCTAssertTrue(t.last.notices.first?.hasPrefix("Scores are not saved: /dev/null/scores: not a directory.") == true, "\(t.last.notices)")
        XCTAssertEqual(t.result?.summary, "You leave with 115 chips after 1 hand (best 115).\nRank 1. Best: 1st 115 chips",
                       "ranked for the session, not called practice")
        XCTAssertFalse(t.transcriptText.lowercased().contains("practice"), t.transcriptText)
    }
}

extension BoardTrustTests {
    /// A timed Apple Pie run to one word, `pear`, guessed in 4 s.
    func timedRun(list: String, options: [String: String] = [:]) throws -> RuleTester {
        var config = RuleTester.Config()
        config.options = ["mode": "timed", "target": "1"].merging(options) { $1 }
        config.wordList = list
        config.forceWords = ["pear"]
        config.scores = ScoreStore(directory: dir)
        let t = try RuleTester(RuleTester.builtIn("applepie"), config)
        for letter in ["p", "e", "a", "r"] {
            t.clock.advance(by: 1)
            t.send(letter)
        }
        return t
    }

    func testAListOfTheSameNameButOtherWordsHasABoardOfItsOwn() throws {
        // The player's own fruits.txt: five words, not the shipped list of that name.
        let own = dir + "/mine/fruits.txt"
        try FileManager.default.createDirectory(atPath: dir + "/mine", withIntermediateDirectories: true)
        try "pear\nfig\nkiwi\nlime\nplum\n".write(toFile: own, atomically: true, encoding: .utf8)
        let shipped = try timedRun(list: "fruits")
        XCTAssertTrue(shipped.result?.summary.contains("rank 1. Best times: 1st 4.0 s") == true, shipped.result?.summary ?? "")
        let mine = try timedRun(list: own)
        XCTAssertTrue(mine.result?.summary.contains("rank 1. Best times: 1st 4.0 s") == true,
                      "not ranked against the shipped list's board: \(mine.result?.summary ?? "")")
        XCTAssertEqual(try boards("applepie").count, 2)
    }

    func testEverySettingThatChangesTheScoreHasABoardOfItsOwn() throws {
        _ = try timedRun(list: "fruits")
        let many = try timedRun(list: "fruits", options: ["fruit-count": "26"])
        XCTAssertTrue(many.result?.summary.contains("rank 1. Best times: 1st 4.0 s") == true, many.result?.summary ?? "")
        let strict = try timedRun(list: "fruits", options: ["accents": "strict"])
        XCTAssertTrue(strict.result?.summary.contains("rank 1. Best times: 1st 4.0 s") == true, strict.result?.summary ?? "")
        let ordered = try timedRun(list: "fruits", options: ["order": "list"])
        XCTAssertTrue(ordered.result?.summary.contains("rank 1. Best times: 1st 4.0 s") == true, ordered.result?.summary ?? "")
        // What only changes the look shares the board.
        let cherries = try timedRun(list: "fruits", options: ["fruit": "cherry", "sound": "off"])
        XCTAssertTrue(cherries.result?.summary.contains("rank 1. Best times: 1st 4.0 s, 1st 4.0 s") == true, cherries.result?.summary ?? "")
        XCTAssertEqual(try boards("applepie").map(\.board).sorted(), [
            "Fastest 1 word from fruits", "Fastest 1 word from fruits, 26 fruit", "Fastest 1 word from fruits, in list order",
            "Fastest 1 word from fruits, strict accents",
        ])
    }

    func testAPracticeGameLeavesTheStatisticsAsTheyWere() throws {
        func guessFive(practice: Bool) throws -> RuleTester {
            var config = RuleTester.Config()
            config.forceWords = ["crane"]
            config.scores = ScoreStore(directory: dir)
            config.practice = practice
            return try RuleTester(RuleTester.builtIn("guess-five"), config)
        }
        try guessFive(practice: false).send("crane")
        let practice = try guessFive(practice: true)
        practice.send(["react", "tulip", "slate", "paper", "apple", "alert"])
        let again = try guessFive(practice: false)
        again.send("crane")
        XCTAssertTrue(again.last.view(of: 1).view.contains("Played 2 · won 100% · streak 2 (best 2)"), again.last.view(of: 1).view)
    }

    func testStatisticsAreKeptPerListContent() throws {
        let own = dir + "/mine/five-letter.txt"
        try FileManager.default.createDirectory(atPath: dir + "/mine", withIntermediateDirectories: true)
        try (["crane", "react", "tulip", "slate", "paper"] + (1...20).map { "word" + String(UnicodeScalar(96 + $0)!) })
            .joined(separator: "\n").write(toFile: own, atomically: true, encoding: .utf8)
        for list in ["five-letter", own] {
            var config = RuleTester.Config()
            config.forceWords = ["crane"]
            config.wordList = list
            config.scores = ScoreStore(directory: dir)
            let t = try RuleTester(RuleTester.builtIn("guess-five"), config)
            t.send("crane")
            XCTAssertTrue(t.last.view(of: 1).view.contains("Played 1 · won 100%"), t.last.view(of: 1).view)
        }
    }
}
