import Foundation
import GameCore
import GameHost
import GameHostTesting
import XCTest

/// Every rules/tests/*.transcript replays exactly: golden tests written by playing.
final class TranscriptTests: XCTestCase {
    let rules = RuleTester.rulesDirectory

    func replay(_ transcript: Transcript) throws -> String? {
        let game = transcript.header.game
        let path = game.hasSuffix(".lua") ? game : rules + "/" + game + ".lua"
        let rule = try LoadedRule(path: path, libraryDirectories: [rules + "/lib"])
        let words = try (transcript.header.words ?? rule.info.defaultWordList).map {
            try WordListCatalog(directories: [rules + "/../wordlists"]).load($0, filter: rule.info.wordFilter.narrowed(minimumLetters: transcript.header.minLength,
                                                                                            maximumLetters: transcript.header.maxLength))
        }
        return try transcript.replay(rule: rule, words: words)
    }

    func testEveryShippedTranscriptReplays() throws {
        let dir = rules + "/tests"
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".transcript") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for file in files {
            let transcript = try Transcript(path: dir + "/" + file)
            XCTAssertGreaterThan(transcript.steps.count, 3, file)
            XCTAssertNil(try replay(transcript), file)
        }
    }

    func testTheFirstDifferenceIsReported() throws {
        var transcript = try Transcript(path: rules + "/tests/rps.transcript")
        transcript.steps[2].messages = ["You: Rock · Computer: Rock — something else."]
        let difference = try XCTUnwrap(try replay(transcript))
        XCTAssertTrue(difference.hasPrefix("step 2 (input \"paper\"): the messages differ"), difference)
        XCTAssertTrue(difference.contains("recorded: You: Rock · Computer: Rock — something else."), difference)
    }

    func testAChangedSeedShowsUpAsADifference() throws {
        var transcript = try Transcript(path: rules + "/tests/rps.transcript")
        transcript.header.seed += 1
        XCTAssertNotNil(try replay(transcript))
    }

    func testTimedGamesReplayTheirClockAndBoards() throws {
        // The shipped one was seeded and piped: a practice run, replayed unranked.
        let transcript = try Transcript(path: rules + "/tests/applepie-timed.transcript")
        XCTAssertTrue(transcript.header.practice)
        XCTAssertGreaterThan(transcript.steps.flatMap(\.clock).count, 3)
        XCTAssertNil(try replay(transcript))
        XCTAssertTrue(transcript.steps.last?.result?.contains("a practice run (seeded or scripted): not ranked.") ?? false)

        // A ranked run keeps the board it was ranked on, so it replays with the same rank.
        let dir = NSTemporaryDirectory() + "ranked-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rule = try LoadedRule(path: rules + "/applepie.lua", libraryDirectories: [rules + "/lib"])
        rule.useBuiltInScoreKey()
        let store = ScoreStore(directory: dir)
        try store.add(ScoreStore.Score(board: "Fastest 1 word from original", value: -1, order: .lower, unit: "s"),
                      game: rule.info.scoreKey, ruleHash: rule.info.contentHash, at: 0)
        let words = try WordListCatalog(directories: [rules + "/../wordlists"]).load("original", filter: rule.info.wordFilter)
        let text = try Transcript.record(rule: rule, game: "applepie", seed: 3, options: ["mode": "timed", "order": "list", "target": "1"],
                                         words: words, inputs: ["b", "u", "c", "a", "n", "e", "r"], scores: store)
        try text.write(toFile: dir + "/ranked.transcript", atomically: true, encoding: .utf8)
        let ranked = try Transcript(path: dir + "/ranked.transcript")
        XCTAssertFalse(ranked.header.practice)
        XCTAssertTrue(ranked.steps.last?.result?.contains("rank 2. Best times: 1st -1.0 s, 2nd 7.0 s") ?? false, ranked.steps.last?.result ?? "")
        XCTAssertNil(try replay(ranked))
    }

    func testRecordingAndReplayingRoundTrip() throws {
        let rule = try LoadedRule(path: rules + "/memory.lua", libraryDirectories: [rules + "/lib"])
        let text = try Transcript.record(rule: rule, game: "memory", seed: 9, options: ["theme": "faces"], words: nil,
                                         inputs: ["1", "2", "3", "x", "/moves", "4"])
        let path = NSTemporaryDirectory() + "roundtrip-\(UUID().uuidString).transcript"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let transcript = try Transcript(path: path)
        XCTAssertEqual(transcript.steps.map(\.input), [nil, "1", "2", "3", "x", "/moves", "4"])
        XCTAssertEqual(transcript.steps[4].status, "refused")
        XCTAssertNil(try replay(transcript))
    }

    func testAMalformedTranscriptNamesItsLine() throws {
        let path = NSTemporaryDirectory() + "bad-\(UUID().uuidString).transcript"
        try "{\"type\":\"gamehost-transcript\",\"game\":\"rps\",\"seed\":\"1\"}\n{not json\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try Transcript(path: path)) { XCTAssertTrue(String(describing: $0).hasPrefix("\(path):2: invalid JSON"), "\($0)") }
    }
}
