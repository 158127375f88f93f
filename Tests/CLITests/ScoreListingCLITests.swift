import Foundation
import GameRules
import GameStorage
import GameHostTesting
import XCTest

/// `gamehost scores` as a player reads it: ties share a rank, boards of one name on lists of
/// other words are told apart, and what a game keeps besides boards (Guess Five's statistics)
/// is shown.
final class ScoreListingCLITests: XCTestCase {
    let dir = NSTemporaryDirectory() + "gamehost-score-listing-" + UUID().uuidString

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func testStatisticsTiesAndListsAreShown() throws {
        let store = { ScoreStore(directory: self.dir) }
        try RuleTester(RuleTester.builtIn("guess-five"), forceWords: ["crane"], scores: store()).send(["react", "crane"])
        let rule = try LoadedRule(path: RuleTester.builtIn("guess-five"), libraryDirectories: [RuleTester.rulesDirectory + "/lib"])
        rule.useBuiltInScoreKey()
        let (game, hash) = (rule.info.scoreKey, rule.info.contentHash)
        rule.close()
        for (value, list) in [(3.0, "aaaaaaaaaaaaaaaa"), (3.0, "aaaaaaaaaaaaaaaa"), (1.0, "aaaaaaaaaaaaaaaa"), (2.0, "bbbbbbbbbbbbbbbb")] {
            try store().add(ScoreStore.Score(board: "Fewest tries", value: value, order: .lower, player: "ann", list: list),
                            game: game, ruleHash: hash, at: 1_796_000_000)
        }
        let r = try GamehostProcess.run(["scores", "guess-five", "--data", dir], environment: ["TZ": "UTC"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("""
              Fewest tries (list aaaaaaaa)
                1st  1  ann  2026-11-30
                2nd  3  ann  2026-11-30
                2nd  3  ann  2026-11-30
              Fewest tries (list bbbbbbbb)
                1st  2  ann  2026-11-30

            """), r.stdout)
        XCTAssertTrue(r.stdout.contains("""
              Statistics
                stats five-letter
                  best streak  1
                  played       1
                  streak       1
                  won          1
                  tries        0 1 0 0 0 0

            """), r.stdout)
    }
}
