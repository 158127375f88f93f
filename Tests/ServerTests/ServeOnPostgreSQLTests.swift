import Foundation
import GameRules
@testable import GameServer
import XCTest

/// Every test of ServeTests again, with the tables kept in PostgreSQL (`--store`) rather than
/// serve.db: one store interface, two databases, the same behaviour. Each test has a database
/// of its own in the test process's throwaway cluster (PostgreSQLCluster).
final class ServeOnPostgreSQLTests: ServeTests {
    private var database: String?

    override var storeURL: String? {
        if database == nil { database = try? PostgreSQLCluster.shared().newDatabase() }
        return database
    }

    override func setUpWithError() throws {
        database = try PostgreSQLCluster.shared().newDatabase()
        try super.setUpWithError()
    }

    override func alterStore(_ sql: String) throws {
        try PostgreSQLCluster.shared().sql(sql, database: PostgreSQLCluster.database(of: try XCTUnwrap(database)))
    }

    override func storedNumber(_ sql: String) throws -> Int {
        let text = try PostgreSQLCluster.shared().sql(sql, database: PostgreSQLCluster.database(of: try XCTUnwrap(database)))
        return try XCTUnwrap(Int(text), "not a number: \(text)")
    }

    override func statistics(game: String) throws -> (played: Int, winners: [(String, Int)]) {
        let scores = try PostgreSQLScoreStore(url: try XCTUnwrap(database))
        defer { scores.release() }
        XCTAssertFalse(FileManager.default.fileExists(atPath: served.folder + "/data/gamehost/scores.db"), "no scores in the data folder")
        return try scores.statistics(game: game)
    }

    override func testTheLogIsCopiedIntoTheDatabaseWhileTheServerRuns() throws {
        throw XCTSkip("about SQLite's write-ahead log: PostgreSQL copies its own")
    }

    /// A table heard of before it is stored (the listener looks at every table as it first
    /// connects, which can fall between a table's making and its storing) is left to its
    /// opening: it is not ended as "no longer stored" before it began.
    func testATableHeardOfBeforeItIsStoredIsNotEnded() throws {
        let store = try TableStore(postgresql: try XCTUnwrap(database), data: nil, origin: "test")
        defer { store.release() }
        let seats = [TableStore.SeatRecord(filler: "person", name: "Ann", token: nil), TableStore.SeatRecord(filler: "person", name: "", token: nil)]
        let table = ServedTable(code: "HEARD1", game: "rps", options: [:], seats: seats, store: store)
        table.refresh()
        XCTAssertFalse(table.finished)
        XCTAssertEqual(try storedNumber("SELECT count(*) FROM ended"), 0, "nothing ended in the store")
        // Stored and opened after it, it plays.
        try store.create(code: "HEARD1", game: "rps", options: [:], seats: seats, at: 0)
        let rule = try RuleCatalog(directories: [], builtIn: Self.root.appendingPathComponent("rules").path).load("rps")
        try table.open(rule: rule, words: nil, scores: nil, saved: nil, timeLimit: 5)
        XCTAssertFalse(table.finished)
        table.close(reason: .quit)
    }

    /// The database ends the server's session (a restart of PostgreSQL, a network blip): the
    /// next statement connects again, the move is stored and shown, and a later start has it.
    func testALostConnectionIsMadeAgainAndLosesNoMove() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-3"], "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        XCTAssertNotNil(ann.next(Self.yourTurn))
        let ended = try PostgreSQLCluster.shared().sql(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'gamehost-serve' AND datname = current_database()",
            database: PostgreSQLCluster.database(of: try XCTUnwrap(database)))
        XCTAssertEqual(ended, "4", "the server's four sessions were ended (the tables', their locks', the notifications', the scores')")
        ann.send(["type": "input", "line": "rock"])
        let step = try XCTUnwrap(ann.next { $0["type"] as? String == "step" || $0["type"] as? String == "closed" })
        XCTAssertEqual(step["input"] as? String, "rock", "\(step)")
        // Stored: a new server on the same database plays the table from after the move.
        served.server.stop()
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        let back = try client()
        back.send(["type": "join", "table": code, "token": token])
        XCTAssertEqual(back.next("joined")?["seat"] as? Int, 1)
        XCTAssertNotNil(back.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" })
    }

    /// A bad address, or a database that cannot be reached, is one clear line at start, and
    /// the password is never in it.
    func testABadOrUnreachableStoreIsToldAtStartWithoutItsPassword() throws {
        XCTAssertThrowsError(try Self.makeServer(folder: served.folder + "-a", store: "mysql://ann:secret@db/games")) { error in
            XCTAssertTrue("\(error)".contains("--store takes a PostgreSQL address"), "\(error)")
            XCTAssertFalse("\(error)".contains("secret"), "\(error)")
        }
        XCTAssertThrowsError(try Self.makeServer(folder: served.folder + "-b", store: "postgresql://ann:secret@127.0.0.1:1/games?password=also")) { error in
            XCTAssertTrue("\(error)".contains("cannot connect"), "\(error)")
            XCTAssertTrue("\(error)".contains("postgresql://ann:***@127.0.0.1:1/games?password=***"), "\(error)")
            XCTAssertFalse("\(error)".contains("secret") || "\(error)".contains("also"), "\(error)")
        }
        // Addresses libpq quotes in its errors: a password is never printed however it is written.
        for url in ["postgresql://ann:SECRET%PW@/games?host=/nowhere", "postgresql://ann:SECRET@[::1/games",
                    "postgresql://ann@/games?host=/nowhere&pass%77ord=SECRET", "postgresql://ann@/games?host=/nowhere&PASSWORD=SECRET",
                    "postgresql://ann:SE%43RET@/games?host=/nowhere"] {
            XCTAssertThrowsError(try Self.makeServer(folder: served.folder + "-c", store: url)) { error in
                XCTAssertFalse("\(error)".contains("SECRET") || "\(error)".contains("SE%43RET"), "\(url): \(error)")
            }
        }
        XCTAssertEqual(PostgreSQLStoreConnection.numbered("UPDATE t SET a = ?, b = '?' WHERE c = ?"), "UPDATE t SET a = $1, b = '?' WHERE c = $2")
    }
}
