import Foundation
@testable import GameServer
import XCTest

/// serve.db's connection keeps the statements it compiles: a kept statement runs again with
/// new values, after a run that failed too, and nothing of one run reaches the next.
final class SQLiteStoreConnectionTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "gamehost-sqlite-connection-" + UUID().uuidString
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testAKeptStatementRunsAgainWithNewValuesAfterAFailure() throws {
        let connection = try SQLiteStoreConnection(directory: folder)
        _ = try connection.execute("CREATE TABLE t(k TEXT PRIMARY KEY, v INTEGER)", [])
        let insert = "INSERT INTO t(k, v) VALUES (?, ?)"
        _ = try connection.execute(insert, [.text("a"), .int(1)])
        _ = try connection.execute(insert, [.text("b"), .int(2)])
        // The same key again: refused, and the statement is left ready for the next run.
        XCTAssertThrowsError(try connection.execute(insert, [.text("a"), .int(3)]))
        _ = try connection.execute(insert, [.text("c"), .null])
        XCTAssertEqual(try connection.execute("SELECT k, v FROM t ORDER BY k", []),
                       [[.text("a"), .int(1)], [.text("b"), .int(2)], [.text("c"), .null]])
        // A query left after its first row is read whole the next time, from its start.
        let select = "SELECT k FROM t WHERE v IS NOT NULL ORDER BY k"
        XCTAssertEqual(try connection.execute(select, []), [[.text("a")], [.text("b")]])
        XCTAssertEqual(try connection.execute(select, []), [[.text("a")], [.text("b")]])
    }

    func testStatementsPastTheKeptNumberStillRun() throws {
        let connection = try SQLiteStoreConnection(directory: folder)
        _ = try connection.execute("CREATE TABLE t(n INTEGER)", [])
        for n in 0..<(SQLiteStoreConnection.statementsKept + 10) {
            _ = try connection.execute("INSERT INTO t(n) VALUES (\(n))", [])
        }
        XCTAssertEqual(try connection.execute("SELECT count(*), sum(n) FROM t", []),
                       [[.int(Int64(SQLiteStoreConnection.statementsKept + 10)), .int(Int64((0..<(SQLiteStoreConnection.statementsKept + 10)).reduce(0, +)))]])
    }

    func testATableMadeAfterAStatementWasKeptIsSeenByIt() throws {
        let connection = try SQLiteStoreConnection(directory: folder)
        _ = try connection.execute("CREATE TABLE t(n INTEGER)", [])
        let count = "SELECT count(*) FROM t"
        XCTAssertEqual(try connection.execute(count, []), [[.int(0)]])
        // A changed schema: the kept statement is compiled again by SQLite, not run stale.
        _ = try connection.execute("DROP TABLE t", [])
        _ = try connection.execute("CREATE TABLE t(n INTEGER, m INTEGER)", [])
        _ = try connection.execute("INSERT INTO t(n, m) VALUES (1, 2)", [])
        XCTAssertEqual(try connection.execute(count, []), [[.int(1)]])
    }
}
