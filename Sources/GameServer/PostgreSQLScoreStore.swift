import GameCore
import GameStorage
import Locking

/// The scores of a server's tables in PostgreSQL (`gamehost serve --store postgresql://...`):
/// boards, finished games and records in the same database as the tables, so that every
/// server on it ranks against one board and counts one set of statistics. The tables are those
/// of a data folder's `scores.db`, in the store's schema.
///
/// One instance serves all of a server's tables, on one connection of its own (a statement at
/// a time: scores are written when a game ends, and boards read once a table). Scores are
/// written one transaction at a time across every server (an advisory lock), so their numbers
/// become visible in order: a board read up to a number (`lastScore`) is the same board
/// whenever, and on whichever server, it is read again.
final class PostgreSQLScoreStore: ScoreDatabase, @unchecked Sendable {
    // Sound as Sendable: `connection` is used only inside `lock`.
    private let connection: PostgreSQLStoreConnection
    private let lock = Locked<UInt>(1)
    let path: String

    /// A statement waits (within the connection's lock timeout) whatever the session asks.
    var waits: Bool {
        get { true }
        set {}  // swiftlint:disable:this unused_setter_value
    }

    init(url: String) throws {
        connection = try PostgreSQLStoreConnection(url: url, data: nil)
        path = connection.shown
        try connection.makingSchema {
            for statement in [
                """
                CREATE TABLE IF NOT EXISTS scores(id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL,
                  board TEXT NOT NULL, value DOUBLE PRECISION NOT NULL, better TEXT NOT NULL, unit TEXT NOT NULL, label TEXT NOT NULL,
                  at DOUBLE PRECISION NOT NULL, player TEXT NOT NULL DEFAULT '', practice BIGINT NOT NULL DEFAULT 0, list TEXT NOT NULL DEFAULT '')
                """,
                "CREATE INDEX IF NOT EXISTS scores_by_board ON scores(game, rule_hash, board)",
                """
                CREATE TABLE IF NOT EXISTS results(id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL,
                  winner TEXT, score DOUBLE PRECISION, at DOUBLE PRECISION NOT NULL)
                """,
                "CREATE INDEX IF NOT EXISTS results_by_game ON results(game)",
                "CREATE TABLE IF NOT EXISTS records(game TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY(game, name))",
            ] { _ = try connection.execute(statement, []) }
        }
    }

    func release() { lock.withLock { _ in connection.release() } }

    func write(_ batch: ScoreBatch, game: String, ruleHash: String) throws {
        guard !batch.isEmpty else { return }
        try using { db in
            _ = try db.execute("BEGIN", [])
            do {
                // One writer at a time, on every server: scores numbered in the order they show.
                _ = try db.execute("SELECT pg_advisory_xact_lock(?, 2)", [.int(PostgreSQLStoreConnection.lockKey)])
                for (score, time) in batch.scores {
                    _ = try db.execute("""
                        INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at, player, practice, list)
                        VALUES (?,?,?,?,?,?,?,?,?,?,?)
                        """, [.text(game), .text(ruleHash), .text(score.board), .real(score.value), .text(score.order.rawValue), .text(score.unit),
                              .text(score.label), .real(time), .text(score.player), .int(score.practice ? 1 : 0), .text(score.list)])
                }
                for result in batch.results {
                    _ = try db.execute("INSERT INTO results(game, rule_hash, winner, score, at) VALUES (?,?,?,?,?)",
                                       [.text(game), .text(ruleHash), result.winner.map { .text($0) } ?? .null,
                                        result.score.map { .real($0) } ?? .null, .real(result.at)])
                }
                for change in batch.records {
                    // Another table may have changed it since this one read it.
                    let value = change.value(over: try Self.storedRecord(db, game: game, name: change.name))
                    if value == .null {
                        _ = try db.execute("DELETE FROM records WHERE game = ? AND name = ?", [.text(game), .text(change.name)])
                    } else {
                        _ = try db.execute("""
                            INSERT INTO records(game, name, value, at) VALUES (?,?,?,?)
                            ON CONFLICT(game, name) DO UPDATE SET value = excluded.value, at = excluded.at
                            """, [.text(game), .text(change.name), .text(value.encoded), .real(change.at)])
                    }
                }
                _ = try db.execute("COMMIT", [])
            } catch {
                _ = try? db.execute("ROLLBACK", [])
                throw error
            }
        }
    }

    func leaderboard(game: String, ruleHash: String?, board: String, list: String?, order: Leaderboard.Order, unit: String,
                     limit: Int, practice: Bool, upTo: Int64?) throws -> Leaderboard {
        var filter = "game = ? AND board = ? AND practice " + (practice ? "<> 0" : "= 0")
        var params: [StoreValue] = [.text(game), .text(board)]
        if let ruleHash { filter += " AND rule_hash = ?"; params.append(.text(ruleHash)) }
        if let list { filter += " AND list = ?"; params.append(.text(list)) }
        if let upTo { filter += " AND id <= ?"; params.append(.int(upTo)) }
        let textLimit = Int64(Self.textLimit)
        return try using { db in
            let first = try db.execute("SELECT better, substr(unit, 1, 32) FROM scores WHERE \(filter) ORDER BY id LIMIT 1", params).first
            let recordedOrder = first.flatMap { Leaderboard.Order(rawValue: $0[0].text ?? "") } ?? order
            let direction = recordedOrder == .lower ? "ASC" : "DESC"
            let rows = try db.execute("""
                SELECT value, substr(label, 1, ?), substr(player, 1, ?), at FROM scores WHERE \(filter)
                ORDER BY value \(direction), id LIMIT ?
                """, [.int(textLimit), .int(textLimit)] + params + [.int(Int64(max(0, limit)))])
            let entries = rows.map { row in
                Leaderboard.Entry(value: row[0].text.flatMap(Double.init) ?? 0, label: row[1].text ?? "", player: row[2].text ?? "",
                                  at: row[3].text.flatMap(Double.init))
            }
            return Leaderboard(order: recordedOrder, unit: first?[1].text ?? unit, entries: entries)
        }
    }

    func lastScore() throws -> Int64 {
        try using { db in try db.execute("SELECT coalesce(max(id), 0) FROM scores", []).first?[0].int ?? 0 }
    }

    func record(game: String, name: String) throws -> String? {
        try using { db in try Self.storedRecord(db, game: game, name: name) }
    }

    func recordCount(game: String) throws -> Int {
        try using { db in Int(try db.execute("SELECT count(*) FROM records WHERE game = ?", [.text(game)]).first?[0].int ?? 0) }
    }

    func checkWritable() throws {
        _ = try using { db in try db.execute("SELECT 1", []) }
    }

    /// Games finished, and how many each winner took.
    func statistics(game: String) throws -> (played: Int, winners: [(String, Int)]) {
        let rows = try using { db in
            try db.execute("SELECT substr(coalesce(winner, ''), 1, ?), count(*) FROM results WHERE game = ? GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 100",
                           [.int(Int64(Self.textLimit)), .text(game)])
        }
        let winners = rows.map { ($0[0].text ?? "", Int($0[1].int ?? 0)) }
        return (winners.reduce(0) { $0 + $1.1 }, winners.filter { !$0.0.isEmpty })
    }

    /// The rows of a query of the scores (`PostgreSQLScoreListing`).
    func rows(_ sql: String, _ params: [StoreValue]) throws -> [[StoreValue]] {
        try using { db in try db.execute(sql, params) }
    }

    /// The longest label or name read back (as from scores.db).
    static let textLimit = 64

    /// A stored record's text; one longer than a record may be reads as none.
    private static func storedRecord(_ db: PostgreSQLStoreConnection, game: String, name: String) throws -> String? {
        try db.execute("SELECT value FROM records WHERE game = ? AND name = ? AND octet_length(value) <= ?",
                       [.text(game), .text(name), .int(Int64(ScoreStore.recordLimit))]).first?[0].text
    }

    /// Runs `body` on the connection, alone; a statement that fails is the store's error (a
    /// connection lost is busy: the session keeps its scores and tries again after later moves).
    private func using<T>(_ body: (PostgreSQLStoreConnection) throws -> T) throws -> T {
        try lock.withLock { _ in
            do {
                return try body(connection)
            } catch let error as StoreError {
                let prefix = path + ": "
                let reason = error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : error.description
                throw ScoreStoreError(path: path, reason: reason, busy: error.lost)
            }
        }
    }
}
