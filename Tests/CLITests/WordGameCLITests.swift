import Foundation
import XCTest

/// Word games end to end: lists, errors with file and line, scores across processes.
final class WordGameCLITests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "gamehost-words-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = dir + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testApplePiePlaysToTheEndThroughAPipe() throws {
        let r = try GamehostProcess.run(["play", "applepie", "--order", "list", "--seed", "1"],
                                        input: "b\nu\nc\na\nn\ne\nr\nswift\nglorious\nincandescent\nbug\nprogram\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("You got it: buccaneer! +10 for the word, 17 this round."), r.stdout)
        XCTAssertTrue(r.stdout.contains("The end: 6 wins, 0 losses, score 67."), r.stdout)
    }

    func testHangmanPlaysWithEveryShippedList() throws {
        for list in ["original", "fruits", "animals", "accented", "japanese-kana", "greek", "russian"] {
            let r = try GamehostProcess.run(["play", "hangman", "--words", list, "--seed", "3"], input: "a\ne\ni\no\nu\n/quit\n")
            XCTAssertEqual(r.status, 0, "\(list): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("Word #:          1"), list)
        }
    }

    func testABrokenListIsReportedLineByLineAndTheGameDoesNotStart() throws {
        let path = try file("broken.txt", Array("apple\n".utf8) + [0xC3, 0x28, 0x0A] + Array("b\u{1}g\n1234\npear\napple\n".utf8))
        let r = try GamehostProcess.run(["play", "applepie", "--words", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
            gamehost: \(path):2: the line is not valid UTF-8
            \(path):3: control character U+0001 in the line
            \(path):4: '1234' has no letter

            """)
        XCTAssertEqual(r.stdout, "")
    }

    func testDuplicatesAreWarningsAndEmptyListsErrors() throws {
        let dupes = try file("dupes.txt", Array("bug\nbug\n".utf8))
        let r = try GamehostProcess.run(["play", "applepie", "--words", dupes], input: "")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stderr, "gamehost: warning: \(dupes):2: 'bug' repeats line 1; it is played once\n")
        let empty = try file("empty.txt", Array("# nothing\n".utf8))
        let e = try GamehostProcess.run(["play", "applepie", "--words", empty])
        XCTAssertEqual(e.status, 1)
        XCTAssertEqual(e.stderr, "gamehost: \(empty): the list has no playable word\n")
    }

    func testLengthsThatLeaveNoWordBlameTheFlags() throws {
        let r = try GamehostProcess.run(["play", "hangman", "--min-length", "50"])
        XCTAssertEqual(r.status, 2, "a usage error: the flag, not the list, is at fault")
        XCTAssertTrue(r.stderr.hasPrefix("gamehost: --min-length 50: no word has at least 50 letters: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("animals.txt has 16 words, none of that length"), r.stderr)
    }

    func testScoresThatCannotBeSavedAreToldOnce() throws {
        let r = try GamehostProcess.run(["play", "applepie", "--mode", "timed", "--target", "1", "--order", "list", "--words", "original",
                                         "--data", "/dev/null/scores"], input: "buccaneer\ny\nalmanac\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "Scores are not saved: ").count - 1, 1, r.stderr)
    }

    func testUnknownListsAndTheSystemDictionary() throws {
        let r = try GamehostProcess.run(["play", "hangman", "--words", "klingon"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("gamehost: --words: no word list 'klingon' (lists: accented, animals, five-letter, fruits, greek, japanese-kana, original, russian, system; or give a path)"), r.stderr)
        let rps = try GamehostProcess.run(["play", "rps", "--words", "fruits"])
        XCTAssertEqual(rps.status, 2)
        let system = try GamehostProcess.run(["play", "hangman", "--words", "system", "--min-length", "8"], input: "/quit\n")
        if FileManager.default.fileExists(atPath: "/usr/share/dict/words") {
            XCTAssertEqual(system.status, 0, system.stderr)
        } else {
            XCTAssertEqual(system.status, 2)
            XCTAssertTrue(system.stderr.contains("there is no system dictionary at /usr/share/dict/words"), system.stderr)
        }
    }

    func timedRun(_ data: String) throws -> Process {
        let process = Process()
        process.executableURL = GamehostProcess.binary
        process.arguments = ["play", "applepie", "--mode", "timed", "--target", "1", "--order", "list", "--words", "original", "--data", data]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        input.fileHandleForWriting.write(Data("buccaneer\n".utf8))
        try input.fileHandleForWriting.close()
        return process
    }

    func testTimedRunsLandOnABoardThatSurvivesRestartsAndConcurrentWriters() throws {
        let first = try timedRun(dir)
        first.waitUntilExit()
        // Two processes finishing at the same moment both keep their entries.
        let a = try timedRun(dir), b = try timedRun(dir)
        a.waitUntilExit()
        b.waitUntilExit()
        XCTAssertEqual([first, a, b].map(\.terminationStatus), [0, 0, 0])
        let scores = try GamehostProcess.run(["scores", "applepie", "--data", dir])
        XCTAssertEqual(scores.status, 0, scores.stderr)
        // Piped runs are practice: kept and counted, never ranked.
        XCTAssertTrue(scores.stdout.contains("  Fastest 1 word from original, in list order\n    no ranked runs yet\n"), scores.stdout)
        XCTAssertTrue(scores.stdout.contains("    practice (seeded or scripted, not ranked): 3 runs, best 1.0 s"), scores.stdout)
        XCTAssertTrue(scores.stdout.contains("Games played: 3"), scores.stdout)
        XCTAssertFalse(scores.stdout.contains("timed-"), "no internal keys: \(scores.stdout)")

        // Ranked runs (played live at a terminal) read as a leaderboard: rank, time, player, date.
        let insert = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            h, l = db.execute("SELECT rule_hash, list FROM scores LIMIT 1").fetchone()
            for v, who in ((12.34, "ann"), (9.06, "bob")):
                db.execute("INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at, player, practice, list) VALUES ('applepie', ?, 'Fastest 1 word from original, in list order', ?, 'lower', 's', '', 1796000000, ?, 0, ?)", (h, v, who, l))
            db.commit()
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", insert, dir + "/scores.db"]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        let board = try GamehostProcess.run(["scores", "applepie", "--data", dir], environment: ["TZ": "UTC"])
        XCTAssertTrue(board.stdout.contains("    1st   9.1 s  bob  2026-11-30\n    2nd  12.3 s  ann  2026-11-30\n"), board.stdout)
    }

    func testACorruptDatabaseIsReportedAndNeverOverwritten() throws {
        let garbage = Array("this is not a database, it is a grocery list".utf8) + [UInt8](repeating: 7, count: 4000)
        let path = try file("scores.db", garbage)
        let scores = try GamehostProcess.run(["scores", "applepie", "--data", dir])
        XCTAssertEqual(scores.status, 1)
        XCTAssertTrue(scores.stderr.hasPrefix("gamehost: \(path): file is not a database (the file is left as it is"), scores.stderr)
        let play = try GamehostProcess.run(["play", "applepie", "--mode", "timed", "--target", "1", "--order", "list", "--data", dir],
                                           input: "buccaneer\n")
        XCTAssertEqual(play.status, 0)
        XCTAssertEqual(play.stderr.components(separatedBy: "gamehost: Scores are not saved: \(path): file is not a database").count, 2,
                       "told once, on stderr: \(play.stderr)")
        XCTAssertFalse(play.stdout.contains("Scores are not saved"), play.stdout)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(garbage))
    }
}
