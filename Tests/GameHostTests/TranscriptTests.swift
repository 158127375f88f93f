import Foundation
import GameCore
import GameAuthoring
import GameRules
import GameStorage
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
        // Each field takes its own verb: "the status differs", never "the status differ".
        var status = try Transcript(path: rules + "/tests/rps.transcript")
        status.steps[2].status = "refused"
        let other = try XCTUnwrap(try replay(status))
        XCTAssertTrue(other.hasPrefix("step 2 (input \"paper\"): the status differs\n"), other)
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
        let words = try WordListCatalog(directories: [rules + "/../wordlists"]).load("original", filter: rule.info.wordFilter)
        try store.add(ScoreStore.Score(board: "Fastest 1 word from original, in list order", value: -1, order: .lower, unit: "s", list: words.fingerprint),
                      game: rule.info.scoreKey, ruleHash: rule.info.contentHash, at: 0)
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

    // MARK: Bounds

    /// A transcript is read as text from anyone, bounded as a live session is: each kind of
    /// bound is passed once, and the message names the file and the line.
    func testEveryBoundOfATranscriptNamesTheFileAndLine() throws {
        let path = NSTemporaryDirectory() + "bounds-\(UUID().uuidString).transcript"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = #"{"type":"gamehost-transcript","game":"rps","rule_hash":"x","seed":"1","options":{},"clock":[],"words":null}"#
        func step(_ fields: String) -> String { #"{"status":"ok","view":"v","messages":[]"# + fields + "}" }
        let big = String(repeating: "a", count: 1 << 20)
        let board = #"{"order":"higher","unit":"","values":["# + Array(repeating: "1", count: 10_001).joined(separator: ",") + "]}"
        let cases: [(String, String)] = [
            ("\n" + header + "\n" + step(#","input":"\#(String(repeating: "r", count: InputLine.limit + 1))""#), ":3: 'input' has 4097 bytes"),
            (header + "\n" + step("") + "\n" + step(#","view":"\#(big)x""#), ":3: 'view' has 1048577 bytes"),
            (header + "\n" + step(#","records":{"best":"\#(String(repeating: "r", count: 64 << 10))"}"#), ":2: 'records': a record of 65538 bytes"),
            (header + "\n" + step(#","records":{"\#(String(repeating: "n", count: 65))":1}"#), ":2: 'records' has a name of 65 bytes"),
            (header + "\n" + step(#","boards":{"best":\#(board)}"#), ":2: 'boards': a board of 10001 entries"),
            (header.replacingOccurrences(of: #""game":"rps""#, with: #""game":"\#(String(repeating: "g", count: 4097))""#), ":1: 'game' has 4097 bytes"),
            (header + "\n" + step(#","reason":"\#(String(repeating: "w", count: Transcript.Limits.lineBytes))""#), ":2: a line longer than 4194304 bytes"),
            (header + "\n" + Array(repeating: #"{"status":"ok"}"#, count: Transcript.Limits.steps + 1).joined(separator: "\n"),
             ":50002: more than 50001 lines"),
            (header + "\n" + Array(repeating: step(#","messages":["\#(big)","\#(big)","\#(big)"]"#), count: 3).joined(separator: "\n"),
             ":4: the file goes on past 8388608 bytes"),
        ]
        for (text, message) in cases {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertThrowsError(try Transcript(path: path), message) { error in
                XCTAssertTrue("\(error)".hasPrefix(path + message), "\(message): \(String("\(error)".prefix(300)))")
            }
        }
        // At the bounds, a transcript is read.
        try (header + "\n" + step(#","input":"\#(String(repeating: "r", count: InputLine.limit))","view":"\#(big)""#)).write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(try Transcript(path: path).steps.count, 1)
    }

    // MARK: What a header may name

    /// A header names its rule and word list by name, or by a file in the transcript's folder
    /// (or the folder above it, by the file's name alone); nothing else is looked at.
    func testAHeaderNamesFilesInItsOwnFolderTreeOnly() throws {
        let root = NSTemporaryDirectory() + "references-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let game = root + "/share/game", tests = game + "/tests", outside = root + "/outside"
        for folder in [tests + "/sub", outside] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        for file in [game + "/mine.lua", tests + "/sub/deep.lua", tests + "/beside.lua", outside + "/secret.lua", outside + "/list.txt"] {
            try "return {}".write(toFile: file, atomically: false, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: tests + "/out.lua", withDestinationPath: outside + "/secret.lua")
        try FileManager.default.createSymbolicLink(atPath: tests + "/linked", withDestinationPath: outside)
        let transcript = tests + "/t.transcript"
        func reference(_ name: String, _ field: String = "game") throws -> Transcript.Reference {
            try Transcript.reference(name, field: field, suffix: field == "game" ? ".lua" : ".txt", transcript: transcript)
        }
        let real = { (path: String) in Transcript.Reference.file(FileSystem.realPath(path)!) }
        XCTAssertEqual(try reference("rps"), .name("rps"))
        XCTAssertEqual(try reference("fruits", "words"), .name("fruits"))
        XCTAssertEqual(try reference("system", "words"), .name("system"))
        XCTAssertEqual(try reference("sub/deep.lua"), real(tests + "/sub/deep.lua"))
        XCTAssertEqual(try reference("./beside.lua"), real(tests + "/beside.lua"))
        XCTAssertEqual(try reference("../mine.lua"), real(game + "/mine.lua"), "play FILE --record tests/T names ../FILE")
        XCTAssertEqual(try reference("/elsewhere/entirely/mine.lua"), real(game + "/mine.lua"), "by its name alone")
        for hostile in ["../../../outside/secret.lua", outside + "/secret.lua", "~/secret.lua", "linked/secret.lua", "out.lua",
                        "tests/../../../outside/secret.lua", "..%2f..%2f..%2foutside%2fsecret.lua", "/", "secret.lua\u{0}",
                        "\u{1B}]0;x\u{7}.lua"] {
            XCTAssertThrowsError(try reference(hostile), hostile) { error in
                XCTAssertTrue("\(error)".hasPrefix(transcript + ":1: "), "\(error)")
                XCTAssertFalse("\(error)".contains("\u{1B}"), "\(error)")
            }
        }
        for hostile in ["../../../outside/list.txt", outside + "/list.txt", "~/list.txt", "linked/list.txt"] {
            XCTAssertThrowsError(try reference(hostile, "words"), hostile)
        }
    }
}
