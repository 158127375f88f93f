import CSQLite
import GameCore
#if canImport(Glibc)
import Glibc
#endif

/// Leaderboards and statistics in SQLite at `DIR/scores.db` (DIR is `--data`, else
/// `$XDG_DATA_HOME/gamehost`). Scores are keyed by game and by a hash of the rule file, so an
/// edited rule gets boards of its own. A move's scores are written in one transaction, and a
/// busy timeout lets several gamehost processes finish at the same moment and all keep their
/// entries; a process killed mid-move keeps none of that move's. A file that is not a sound
/// database is reported and left as it is, never replaced; a read-only file or folder still
/// shows its scores. The file is opened on first use, so games that keep no scores never
/// touch it.
public final class ScoreStore {
    public let path: String
    private var db: OpaquePointer?
    /// When the running statement is interrupted (see `gh_sqlite_bound_time`).
    private let deadline = UnsafeMutablePointer<Double>.allocate(capacity: 1)

    /// Seconds one statement may run, and one write may wait for another process's.
    static let statementTime = 2.0
    static let busyTimeoutMilliseconds: Int32 = 2000
    /// The most entries of one board read at once (the best ones), and the longest texts.
    public static let boardLimit = 10_000
    static let textLimit = 64

    public init(directory: String) {
        path = FileSystem.join(directory, "scores.db")
        deadline.initialize(to: 0)
    }

    deinit {
        sqlite3_close_v2(db)
        deadline.deallocate()
    }

    /// A result entry on a board.
    public struct Score: Equatable {
        public var board: String
        public var value: Double
        public var order: Leaderboard.Order
        public var unit: String
        public var label: String
        /// Who played (shown on the board), and whether the run was practice: seeded or
        /// scripted, kept and counted but never ranked.
        public var player: String
        public var practice: Bool
        public init(board: String, value: Double, order: Leaderboard.Order, unit: String = "", label: String = "",
                    player: String = "", practice: Bool = false) {
            self.board = board
            self.value = value
            self.order = order
            self.unit = unit
            self.label = label
            self.player = player
            self.practice = practice
        }
    }

    public func add(_ score: Score, game: String, ruleHash: String, at time: Double) throws {
        try add([score], game: game, ruleHash: ruleHash, at: time)
    }

    /// Adds a move's scores and saved records (JSON text by name): all of them, or (on any
    /// failure, or a kill) none.
    public func add(_ scores: [Score], records: [String: String] = [:], game: String, ruleHash: String, at time: Double) throws {
        guard !scores.isEmpty || !records.isEmpty else { return }
        _ = try open()
        try exec("BEGIN IMMEDIATE")
        do {
            for score in scores {
                try write(
                    "INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at, player, practice) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    [.text(game), .text(ruleHash), .text(score.board), .real(score.value), .text(score.order.rawValue),
                     .text(score.unit), .text(score.label), .real(time), .text(score.player), .real(score.practice ? 1 : 0)])
            }
            for (name, value) in records.sorted(by: { $0.key < $1.key }) {
                try write("INSERT OR REPLACE INTO records(game, name, value, at) VALUES (?,?,?,?)",
                          [.text(game), .text(name), .text(value), .real(time)])
            }
            try exec("COMMIT")
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
    }

    /// The board as recorded so far, its best `limit` ranked entries (or, with `practice`, the
    /// practice runs); `order` and `unit` are used when it is still empty. (Texts are read cut
    /// to 64 bytes: a stored label can be anything.)
    public func leaderboard(game: String, ruleHash: String?, board: String, order: Leaderboard.Order, unit: String,
                            limit: Int = ScoreStore.boardLimit, practice: Bool = false) throws -> Leaderboard {
        // A database from before players and practice runs has only ranked entries.
        let hasPlayers = try hasPlayerColumns()
        var filter = "game = ? AND board = ? AND value IS NOT NULL"
        if hasPlayers { filter += practice ? " AND practice <> 0" : " AND practice = 0" } else if practice { filter += " AND 0" }
        var params: [Value] = [.text(game), .text(board)]
        if let ruleHash { filter += " AND rule_hash = ?"; params.append(.text(ruleHash)) }
        let first = try query("SELECT better, substr(unit, 1, 32) FROM scores WHERE \(filter) ORDER BY id LIMIT 1", params).first
        let recordedOrder = first.flatMap { Leaderboard.Order(rawValue: $0[0].text ?? "") } ?? order
        let direction = recordedOrder == .lower ? "ASC" : "DESC"
        let player = hasPlayers ? "substr(player, 1, \(Self.textLimit))" : "''"
        let rows = try query("SELECT value, substr(label, 1, \(Self.textLimit)), \(player), at FROM scores WHERE \(filter) ORDER BY value \(direction), id LIMIT \(limit)", params)
        let entries = rows.map { Leaderboard.Entry(value: $0[0].real ?? 0, label: $0[1].text ?? "", player: $0[2].text ?? "", at: $0[3].real) }
        return Leaderboard(order: recordedOrder, unit: first?[1].text ?? unit, entries: entries)
    }

    /// Every board of a game (for its current rule file, or all versions when nil), each with
    /// its best `limit` ranked entries and its best `limit` practice runs.
    public func boards(game: String, ruleHash: String?, limit: Int = 10) throws -> [(board: String, leaderboard: Leaderboard, practice: Leaderboard)] {
        var sql = "SELECT DISTINCT substr(board, 1, \(Self.textLimit)) FROM scores WHERE game = ?"
        var params: [Value] = [.text(game)]
        if let ruleHash { sql += " AND rule_hash = ?"; params.append(.text(ruleHash)) }
        return try query(sql + " ORDER BY 1 LIMIT 100", params).compactMap { $0[0].text }.map { name in
            (name, try leaderboard(game: game, ruleHash: ruleHash, board: name, order: .higher, unit: "", limit: limit),
             try leaderboard(game: game, ruleHash: ruleHash, board: name, order: .higher, unit: "", limit: limit, practice: true))
        }
    }

    /// Why scores cannot be saved here (a folder or file that cannot be written, a file that
    /// is not a database), or nil when they can.
    public func savingProblem() -> String? {
        do {
            _ = try open()
            return writable ? nil : "\(path) cannot be written"
        } catch {
            return String(describing: error)
        }
    }

    /// Whether the scores table has its player and practice columns (an older read-only
    /// database may not), asked once.
    private var playerColumns: Bool?
    private func hasPlayerColumns() throws -> Bool {
        if let playerColumns { return playerColumns }
        let has = try hasColumn("scores", "player")
        playerColumns = has
        return has
    }

    private func hasColumn(_ table: String, _ column: String) throws -> Bool {
        try query("SELECT 1 FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(column)]).isEmpty == false
    }

    /// A game's saved record (`game.scores.save`) as JSON text, or nil. A database from before
    /// records has none.
    public func record(game: String, name: String) throws -> String? {
        guard try hasRecords() else { return nil }
        return try query("SELECT value FROM records WHERE game = ? AND name = ? AND length(value) <= ?",
                         [.text(game), .text(name), .real(Double(Self.recordLimit))]).first?[0].text
    }

    /// How many records a game has saved.
    public func recordCount(game: String) throws -> Int {
        guard try hasRecords() else { return 0 }
        return Int(try query("SELECT count(*) FROM records WHERE game = ?", [.text(game)]).first?[0].real ?? 0)
    }

    /// The longest record, as JSON text, and the most records a game keeps.
    public static let recordLimit = 64 << 10
    public static let recordsPerGame = 100

    private func hasRecords() throws -> Bool {
        !(try query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records'", [])).isEmpty
    }

    /// Counts a finished game for the statistics.
    public func addResult(game: String, ruleHash: String, winner: String?, score: Double?, at time: Double) throws {
        try write("INSERT INTO results(game, rule_hash, winner, score, at) VALUES (?,?,?,?,?)",
                  [.text(game), .text(ruleHash), winner.map { .text($0) } ?? .null, score.map { .real($0) } ?? .null, .real(time)])
    }

    /// Games finished, and how many each winner took.
    public func statistics(game: String) throws -> (played: Int, winners: [(String, Int)]) {
        let rows = try query("SELECT substr(coalesce(winner, ''), 1, \(Self.textLimit)), count(*) FROM results WHERE game = ? GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 100", [.text(game)])
        let winners = rows.map { ($0[0].text ?? "", Int($0[1].real ?? 0)) }
        return (winners.reduce(0) { $0 + $1.1 }, winners.filter { !$0.0.isEmpty })
    }

    /// Games with any score or result, for `gamehost scores`.
    public func games() throws -> [String] {
        try query("SELECT game FROM scores UNION SELECT game FROM results ORDER BY 1 LIMIT 1000", []).compactMap { $0[0].text }
    }

    // MARK: SQLite

    enum Value {
        case null, text(String), real(Double)
        var text: String? { if case .text(let s) = self { return s }; return nil }
        var real: Double? { if case .real(let d) = self { return d }; return nil }
    }

    /// Whether the database was opened for writing.
    private var writable = false

    private func open() throws -> OpaquePointer {
        if let db { return db }
        let folder = FileSystem.directory(of: path)
        if !FileSystem.isDirectory(folder) { try FileSystem.makeDirectory(folder) }
        // A device or FIFO in the database's place (a link to /dev/zero) is not a database.
        if FileSystem.realPath(path) != nil && !FileSystem.isFile(path) {
            throw ScoreStoreError(path: path, reason: "is not a regular file (the file is left as it is)")
        }
        // A database in a folder or file that cannot be written is opened read-only: its
        // scores are shown, and saving a new one fails with a clear reason.
        let writable = access(folder, W_OK) == 0 && (access(path, F_OK) != 0 || access(path, W_OK) == 0)
        // Read-only, it is opened as immutable: no lock or journal files are needed beside it
        // (a database is whole when no writer has it open: the WAL is folded in on close).
        let flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        let name = writable ? path : "file:" + Self.uriEscaped(path) + "?immutable=1"
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(name, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let handle else {
            defer { sqlite3_close_v2(handle) }
            throw ScoreStoreError(path: path, reason: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")
        }
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        gh_sqlite_bound_time(handle, deadline)
        db = handle
        self.writable = writable
        guard writable else { return handle }
        do {
            // WAL with normal syncing: a commit costs no fsync (a crash may lose the last
            // moves' scores, never leave half of one), so finishing a game stays cheap.
            // Switching a new database to WAL does not wait for the busy handler: when several
            // players open it at once, the switch is tried again for the busy timeout.
            var waited = 0
            while true {
                do {
                    try exec("PRAGMA journal_mode=WAL")
                    break
                } catch where sqlite3_errcode(handle) == SQLITE_BUSY && waited < Self.busyTimeoutMilliseconds {
                    usleep(10_000)
                    waited += 10
                }
            }
            try exec("PRAGMA synchronous=NORMAL")
            // The tables are made under the write lock taken up front: several players
            // opening a new database at once would otherwise race between reading the schema
            // and writing it, and lose with "database is locked" at once.
            try exec("""
                BEGIN IMMEDIATE;
                CREATE TABLE IF NOT EXISTS scores(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL,
                  board TEXT NOT NULL, value REAL NOT NULL, better TEXT NOT NULL, unit TEXT NOT NULL, label TEXT NOT NULL, at REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS scores_by_board ON scores(game, rule_hash, board);
                CREATE TABLE IF NOT EXISTS results(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL,
                  winner TEXT, score REAL, at REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS records(game TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL,
                  at REAL NOT NULL, PRIMARY KEY(game, name));
                """)
            // Players and practice runs came later: an older database gains the columns.
            if try !hasColumn("scores", "player") {
                try exec("""
                    ALTER TABLE scores ADD COLUMN player TEXT NOT NULL DEFAULT '';
                    ALTER TABLE scores ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
                    """)
            }
            try exec("COMMIT")
        } catch {
            sqlite3_close_v2(handle)
            db = nil
            throw error
        }
        return handle
    }

    /// A path as a file: URI takes it (%, ? and # escaped).
    static func uriEscaped(_ path: String) -> String {
        var out = ""
        for c in path.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "?": out += "%3f"
            case "#": out += "%23"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private func exec(_ sql: String) throws {
        guard let db else { return }
        deadline.pointee = gh_sqlite_now() + Self.statementTime
        if sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK { throw failure(db) }
    }

    private func failure(_ db: OpaquePointer) -> ScoreStoreError {
        let code = sqlite3_errcode(db)
        var reason = String(cString: sqlite3_errmsg(db))
        if code == SQLITE_NOTADB || code == SQLITE_CORRUPT {
            reason += " (the file is left as it is: move it away to start a new one)"
        }
        return ScoreStoreError(path: path, reason: reason)
    }

    private func write(_ sql: String, _ params: [Value]) throws {
        _ = try query(sql, params)
    }

    private func query(_ sql: String, _ params: [Value]) throws -> [[Value]] {
        let db = try open()
        deadline.pointee = gh_sqlite_now() + Self.statementTime
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw failure(db) }
        defer { sqlite3_finalize(statement) }
        for (i, param) in params.enumerated() {
            let index = Int32(i + 1)
            switch param {
            case .null: sqlite3_bind_null(statement, index)
            case .real(let d): sqlite3_bind_double(statement, index, d)
            case .text(let s): sqlite3_bind_text(statement, index, s, -1, gh_sqlite_transient())
            }
        }
        var rows: [[Value]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append((0..<sqlite3_column_count(statement)).map { column in
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_NULL: return .null
                    case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
                    default: return .real(sqlite3_column_double(statement, column))
                    }
                })
            case SQLITE_DONE:
                return rows
            default:
                throw failure(db)
            }
        }
    }
}

/// The scores database could not be used; it is never replaced.
public struct ScoreStoreError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
