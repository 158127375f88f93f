import Foundation
import GameCore
@testable import GameServer
import GameStorage
import XCTest

/// What every score database does (`ScoreDatabase`), tested on SQLite's scores.db here and on
/// PostgreSQL (`ScoreDatabaseOnPostgreSQLTests`): the same calls give the same boards, numbers
/// and records.
class ScoreDatabaseTests: XCTestCase {
    private(set) var folder = ""
    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "gamehost-scoredb-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func makeDatabase() throws -> any ScoreDatabase { ScoreStore(directory: folder) }

    private func score(_ value: Double, _ player: String, board: String = "points", order: Leaderboard.Order = .higher,
                       practice: Bool = false, list: String = "") -> (ScoreStore.Score, Double) {
        (ScoreStore.Score(board: board, value: value, order: order, unit: "pts", label: "l\(Int(value))", player: player,
                          practice: practice, list: list), 1_000 + value)
    }

    private func board(_ db: any ScoreDatabase, _ name: String = "points", list: String? = "", order: Leaderboard.Order = .higher,
                       limit: Int = 100, practice: Bool = false, upTo: Int64? = nil) throws -> [String] {
        try db.leaderboard(game: "g", ruleHash: "h", board: name, list: list, order: order, unit: "", limit: limit, practice: practice, upTo: upTo)
            .entries.map { "\($0.player) \(Int($0.value)) \($0.label)" }
    }

    func testBoardsAreRankedKeptApartAndReadUpToAScore() throws {
        let db = try makeDatabase()
        XCTAssertEqual(try db.lastScore(), 0)
        XCTAssertEqual(try board(db), [])
        var batch = ScoreBatch()
        batch.scores = [score(5, "Ann"), score(9, "Bob"), score(7, "Cy"), score(99, "Pat", practice: true), score(50, "Lu", list: "abc"),
                        score(3, "Ann", board: "time", order: .lower), score(1, "Bob", board: "time", order: .lower)]
        try db.write(batch, game: "g", ruleHash: "h")
        XCTAssertEqual(try board(db), ["Bob 9 l9", "Cy 7 l7", "Ann 5 l5"])
        XCTAssertEqual(try board(db, limit: 2), ["Bob 9 l9", "Cy 7 l7"])
        XCTAssertEqual(try board(db, practice: true), ["Pat 99 l99"])
        XCTAssertEqual(try board(db, list: "abc"), ["Lu 50 l50"])
        XCTAssertEqual(try board(db, list: nil).first, "Lu 50 l50")
        // A board's order is as it was first stored, whatever the reader says.
        XCTAssertEqual(try board(db, "time", order: .higher), ["Bob 1 l1", "Ann 3 l3"])
        XCTAssertEqual(try db.leaderboard(game: "g", ruleHash: "h", board: "time", list: "", order: .higher, unit: "", limit: 5,
                                          practice: false, upTo: nil).order, .lower)
        XCTAssertEqual(try db.leaderboard(game: "g", ruleHash: "other", board: "points", list: "", order: .higher, unit: "", limit: 5,
                                          practice: false, upTo: nil).entries, [])
        // Read up to the last score, a board stays as it was, whatever is stored after.
        let last = try db.lastScore()
        XCTAssertEqual(last, 7)
        var later = ScoreBatch()
        later.scores = [score(8, "Dee"), score(100, "Eve")]
        try db.write(later, game: "g", ruleHash: "h")
        XCTAssertEqual(try db.lastScore(), 9)
        XCTAssertEqual(try board(db, upTo: last), ["Bob 9 l9", "Cy 7 l7", "Ann 5 l5"])
        XCTAssertEqual(try board(db), ["Eve 100 l100", "Bob 9 l9", "Dee 8 l8", "Cy 7 l7", "Ann 5 l5"])
        XCTAssertNoThrow(try db.checkWritable())
    }

    func testRecordsAreUpdatedNotReplaced() throws {
        let db = try makeDatabase()
        XCTAssertNil(try db.record(game: "g", name: "stats"))
        XCTAssertEqual(try db.recordCount(game: "g"), 0)
        var first = ScoreBatch()
        first.records = [RecordChange(name: "stats", base: nil, value: .object(["played": .int(1), "best": .string("a")]), at: 1)]
        try db.write(first, game: "g", ruleHash: "h")
        let stored = try XCTUnwrap(try db.record(game: "g", name: "stats"))
        XCTAssertEqual(try JSONValue(parsing: stored), .object(["played": .int(1), "best": .string("a")]))
        // Two sessions read it at once and each counts a game: both are counted.
        for best in ["b", "c"] {
            var change = ScoreBatch()
            change.records = [RecordChange(name: "stats", base: stored, value: .object(["played": .int(2), "best": .string(best)]), at: 2)]
            try db.write(change, game: "g", ruleHash: "h")
        }
        XCTAssertEqual(try JSONValue(parsing: try XCTUnwrap(try db.record(game: "g", name: "stats"))),
                       .object(["played": .int(3), "best": .string("c")]))
        var other = ScoreBatch()
        other.records = [RecordChange(name: "more", base: nil, value: .int(1), at: 3)]
        try db.write(other, game: "g", ruleHash: "h")
        XCTAssertEqual(try db.recordCount(game: "g"), 2)
        XCTAssertEqual(try db.recordCount(game: "another"), 0)
        // Removed by a change to nothing.
        var removal = ScoreBatch()
        removal.records = [RecordChange(name: "more", base: "1", value: .null, at: 4)]
        try db.write(removal, game: "g", ruleHash: "h")
        XCTAssertNil(try db.record(game: "g", name: "more"))
    }
}

/// The same on PostgreSQL (`gamehost serve --store`), each test on a database of its own.
final class ScoreDatabaseOnPostgreSQLTests: ScoreDatabaseTests {
    private var made: [PostgreSQLScoreStore] = []
    override func makeDatabase() throws -> any ScoreDatabase {
        let db = try PostgreSQLScoreStore(url: try PostgreSQLCluster.shared().newDatabase())
        made.append(db)
        return db
    }
    override func tearDown() {
        for db in made { db.release() }
        super.tearDown()
    }

    /// A text another program stored longer than a record may be reads as no record.
    func testARecordLongerThanARecordMayBeReadsAsNone() throws {
        let url = try PostgreSQLCluster.shared().newDatabase()
        let db = try PostgreSQLScoreStore(url: url)
        defer { db.release() }
        _ = try PostgreSQLCluster.shared().sql("INSERT INTO gamehost.records(game, name, value, at) VALUES ('g', 'big', repeat('1', 70000), 0)",
                                               database: PostgreSQLCluster.database(of: url))
        XCTAssertNil(try db.record(game: "g", name: "big"))
    }

    /// `gamehost scores --store URL` lists the scores the servers of that database kept.
    func testTheScoresCommandListsTheDatabasesScores() throws {
        let url = try PostgreSQLCluster.shared().newDatabase()
        let db = try PostgreSQLScoreStore(url: url)
        var batch = ScoreBatch()
        batch.scores = [(ScoreStore.Score(board: "Club points", value: 9, order: .higher, player: "Ann"), 1_000),
                        (ScoreStore.Score(board: "Club points", value: 4, order: .higher, player: "Bob"), 1_001)]
        batch.results = [FinishedGame(winner: "Ann", score: 9, at: 1_002)]
        batch.records = [RecordChange(name: "streak", base: nil, value: .object(["best": .int(3)]), at: 1_003)]
        try db.write(batch, game: "club-game", ruleHash: "h")
        db.release()
        let (status, out) = try Self.gamehost(["scores", "--store", url])
        XCTAssertEqual(status, 0, out)
        for expected in ["club-game", "Club points", "Ann", "Bob", "Games played: 1; wins: Ann 1", "streak"] {
            XCTAssertTrue(out.contains(expected), "\(expected) in:\n\(out)")
        }
        XCTAssertLessThan(try XCTUnwrap(out.range(of: "Ann")).lowerBound, try XCTUnwrap(out.range(of: "Bob")).lowerBound, "best first")
        XCTAssertFalse(out.contains("secret"), "no password shown")
        // A database that is not there, or an address that is not PostgreSQL's: one clear line.
        let (refused, said) = try Self.gamehost(["scores", "--store", "mysql://games"])
        XCTAssertNotEqual(refused, 0)
        XCTAssertTrue(said.contains("PostgreSQL address"), said)
        let (unreachable, why) = try Self.gamehost(["scores", "--store", "postgresql://nobody:secret@127.0.0.1:1/none"])
        XCTAssertNotEqual(unreachable, 0)
        XCTAssertTrue(why.contains("cannot connect") && !why.contains("secret"), why)
    }

    /// Runs the built `gamehost` with `arguments`: its status, and what it printed (both streams).
    static func gamehost(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamehost")
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = NSTemporaryDirectory() + "gamehost-scores-cli-" + UUID().uuidString
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    // (Declared here so that the test list of Linux's XCTest finds them.)
    override func testBoardsAreRankedKeptApartAndReadUpToAScore() throws { try super.testBoardsAreRankedKeptApartAndReadUpToAScore() }
    override func testRecordsAreUpdatedNotReplaced() throws { try super.testRecordsAreUpdatedNotReplaced() }
}
