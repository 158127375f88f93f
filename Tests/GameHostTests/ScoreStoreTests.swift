import Foundation
import GameCore
import GameStorage
import GameHostTesting
import XCTest

/// The score database under concurrency, failure and hostile contents.
final class ScoreStoreTests: XCTestCase {
    let dir = NSTemporaryDirectory() + "gamehost-scores-" + UUID().uuidString

    override func tearDown() {
        _ = chmod(dir, 0o755)
        try? FileManager.default.removeItem(atPath: dir)
    }

    func score(_ value: Double, board: String = "timed") -> ScoreStore.Score {
        ScoreStore.Score(board: board, value: value, order: .lower, unit: "s")
    }

    func testEightConcurrentWritersLoseNoMove() throws {
        let writers = 8, moves = 25
        let dir = self.dir
        let failures = ManagedCounter()
        DispatchQueue.concurrentPerform(iterations: writers) { w in
            let store = ScoreStore(directory: dir)
            for m in 0..<moves {
                // One move's three scores, one transaction.
                let scores = [Double(w), Double(m), 1].enumerated().map {
                    ScoreStore.Score(board: ["timed", "b", "c"][$0.offset], value: $0.element, order: .lower, unit: "s")
                }
                do { try store.add(scores, game: "g", ruleHash: "h", at: 0) } catch { failures.add() }
            }
        }
        XCTAssertEqual(failures.value, 0)
        let boards = try ScoreStore(directory: dir).boards(game: "g", ruleHash: "h", limit: 1000)
        XCTAssertEqual(boards.map(\.board), ["b", "c", "timed"])
        XCTAssertEqual(boards.map(\.leaderboard.entries.count), [writers * moves, writers * moves, writers * moves])
    }

    func testAMoveIsKeptWholeOrNotAtAll() throws {
        let store = ScoreStore(directory: dir)
        try store.add([score(1)], game: "g", ruleHash: "h", at: 0)
        // A value SQLite cannot store (NaN is NULL, and the column is NOT NULL) fails the move.
        XCTAssertThrowsError(try store.add([score(2), score(.nan)], game: "g", ruleHash: "h", at: 0))
        XCTAssertEqual(try store.boards(game: "g", ruleHash: "h").first?.leaderboard.entries.map(\.value), [1])
    }

    func testAReadOnlyStoreStillShowsItsScores() throws {
        try ScoreStore(directory: dir).add([score(40), score(30)], game: "g", ruleHash: "h", at: 0)
        XCTAssertEqual(chmod(dir + "/scores.db", 0o444), 0)
        XCTAssertEqual(chmod(dir, 0o555), 0)
        let readOnly = ScoreStore(directory: dir)
        XCTAssertEqual(try readOnly.boards(game: "g", ruleHash: "h").first?.leaderboard.entries.map(\.value), [30, 40])
        if getuid() != 0 {  // root writes anyway
            XCTAssertThrowsError(try readOnly.add([score(1)], game: "g", ruleHash: "h", at: 0))
        }
    }

    func testPracticeRunsAreKeptApartAndNeverRanked() throws {
        let store = ScoreStore(directory: dir)
        var practice = score(5)
        practice.practice = true
        practice.player = "bot"
        var ranked = score(12.34)
        ranked.player = "ann"
        try store.add([ranked, practice, score(20)], game: "g", ruleHash: "h", at: 1_790_000_000)
        let board = try XCTUnwrap(store.boards(game: "g", ruleHash: "h").first)
        XCTAssertEqual(board.leaderboard.entries.map(\.value), [12.34, 20], "the practice run is not ranked")
        XCTAssertEqual(board.leaderboard.entries.first?.player, "ann")
        XCTAssertEqual(board.leaderboard.entries.first?.at, 1_790_000_000)
        XCTAssertEqual(board.practice.entries.map(\.value), [5])
        XCTAssertEqual(board.practice.entries.map(\.player), ["bot"])
        XCTAssertEqual(board.leaderboard.summary(), "1st 12.3 s, 2nd 20.0 s", "times to a tenth of a second")
    }

    func testADatabaseFromBeforePlayersGainsTheColumnsAndKeepsItsScores() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // The schema of the first release, written by python3's sqlite3.
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript(\"\"\"
            CREATE TABLE scores(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL, board TEXT NOT NULL,
              value REAL NOT NULL, better TEXT NOT NULL, unit TEXT NOT NULL, label TEXT NOT NULL, at REAL NOT NULL);
            CREATE TABLE results(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL, winner TEXT, score REAL, at REAL NOT NULL);
            CREATE TABLE records(game TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY(game, name));
            CREATE INDEX scores_by_board ON scores(label);
            CREATE INDEX results_by_game ON results(winner);
            INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at) VALUES ('g', 'h', 'timed', 30, 'lower', 's', '', 0);
            \"\"\")
            db.commit()
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, dir + "/scores.db"]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        let store = ScoreStore(directory: dir)
        var practice = score(1)
        practice.practice = true
        try store.add([score(25), practice], game: "g", ruleHash: "h", at: 0)
        let board = try XCTUnwrap(store.boards(game: "g", ruleHash: "h").first)
        XCTAssertEqual(board.leaderboard.entries.map(\.value), [25, 30], "the old score is kept and ranked")
        XCTAssertEqual(board.practice.entries.map(\.value), [1])
    }

    func testAStoreThatCannotBeWrittenSaysWhy() throws {
        XCTAssertNil(ScoreStore(directory: dir).savingProblem())
        XCTAssertNotNil(ScoreStore(directory: "/dev/null/scores").savingProblem())
    }

    /// `scores.db` as a symbolic link (dangling, or to a database elsewhere), or its journal
    /// as one: refused with the link's name, and nothing is created or written where it points.
    func testTheDatabaseIsNeverReachedThroughASymbolicLink() throws {
        let elsewhere = dir + "-elsewhere"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        for name in ["scores.db", "scores.db-wal", "scores.db-journal"] {
            XCTAssertEqual(symlink(elsewhere + "/" + name, dir + "/" + name), 0)
            let store = ScoreStore(directory: dir)
            XCTAssertEqual(store.savingProblem(), "\(dir)/\(name): is not a regular file but a symbolic link, which is never followed (the link is left as it is)")
            XCTAssertThrowsError(try store.add([score(1)], game: "g", ruleHash: "h", at: 0))
            XCTAssertThrowsError(try store.boards(game: "g", ruleHash: nil))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [], name)
            XCTAssertEqual(unlink(dir + "/" + name), 0)
        }
        try ScoreStore(directory: elsewhere).add([score(3)], game: "g", ruleHash: "h", at: 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: elsewhere + "/scores.db"))
        XCTAssertEqual(symlink(elsewhere + "/scores.db", dir + "/scores.db"), 0)
        XCTAssertThrowsError(try ScoreStore(directory: dir).add([score(1)], game: "g", ruleHash: "h", at: 0))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: elsewhere + "/scores.db")), before)
        // A hard link would carry writes into the other folder too: it is only read.
        XCTAssertEqual(unlink(dir + "/scores.db"), 0)
        XCTAssertEqual(link(elsewhere + "/scores.db", dir + "/scores.db"), 0)
        let linked = ScoreStore(directory: dir)
        XCTAssertEqual(linked.savingProblem(), "\(dir)/scores.db: has other names (hard links), and is not written through them")
        XCTAssertEqual(try linked.boards(game: "g", ruleHash: "h").first?.leaderboard.entries.map(\.value), [3])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: elsewhere + "/scores.db")), before)
    }

    /// The scores command's bound holds on a database without the host's indexes (a crafted
    /// one): rows a full scan steps over count, and the scan is stopped at the bound.
    func testAListingStopsAtItsBoundOfRowsEvenInAFullScan() throws {
        let python = try requiredTool("python3")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript(\"\"\"
            CREATE TABLE scores(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL, board TEXT NOT NULL,
              value REAL NOT NULL, better TEXT NOT NULL, unit TEXT NOT NULL, label TEXT NOT NULL, at REAL NOT NULL,
              player TEXT NOT NULL DEFAULT '', practice INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE results(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL, winner TEXT, score REAL, at REAL NOT NULL);
            CREATE TABLE records(game TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY(game, name));
            CREATE INDEX scores_by_board ON scores(label);
            CREATE INDEX results_by_game ON results(winner);
            INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at)
              WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 49999)
              SELECT 'other', 'h', 'b', i, 'higher', '', '', 0 FROM c;
            INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at) VALUES ('g', 'h', 'b', 1, 'higher', '', '', 0);
            \"\"\")
            db.commit()
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", script, dir + "/scores.db"]
        try p.run()
        p.waitUntilExit()
        // Its indexes have the host's names on other columns: every read of a game is a full scan.
        let listing = ScoreListing(store: ScoreStore(directory: dir), maxRows: 1000)
        let boards = try listing.boards(of: listing.game(named: "g"), ruleHash: nil, top: 10)
        XCTAssertTrue(listing.stopped)
        XCTAssertEqual(listing.rowsRead, 1000)
        XCTAssertEqual(boards.count, 0)
        XCTAssertEqual(try listing.statistics(of: listing.game(named: "g")).played, 0, "a stopped listing reads no more")
        let whole = ScoreListing(store: ScoreStore(directory: dir), maxRows: 100_000)
        XCTAssertEqual(try whole.boards(of: whole.game(named: "g"), ruleHash: nil, top: 10).map(\.leaderboard.entries.count), [1])
        XCTAssertFalse(whole.stopped)
    }

    func testAHundredThousandEntryBoardRanksQuickly() throws {
        var board = Leaderboard(order: .lower, unit: "s", entries: (0..<100_000).map { Leaderboard.Entry(value: Double($0 % 977)) })
        let start = ProcessorTime.thread()
        for v in 0..<1000 { board.insert(Leaderboard.Entry(value: Double(v))) }
        XCTAssertEqual(board.rank(of: -1), 1)
        XCTAssertEqual(board.rank(of: 10_000), 101_001)
        XCTAssertLessThan(ProcessorTime.thread() - start, 2, "a hang guard, not a benchmark")
        XCTAssertEqual(Leaderboard(order: .higher, entries: [.init(value: .nan), .init(value: 2)]).entries.map(\.value), [2])
    }
}

final class ManagedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
