import CSQLite
import GameCore
#if canImport(Glibc)
import Glibc
#endif

/// Leaderboards and statistics in SQLite at `DIR/scores.db` (DIR is `--data`, else
/// `$XDG_DATA_HOME/gamehost`). Scores are keyed by game, by a hash of the rule file, so an
/// edited rule gets boards of its own, and by the fingerprint of the word list played (its
/// words, not its name), so a list of the same name and other words has boards of its own. A move's scores are written in one transaction; a
/// process killed mid-move keeps none of that move's. A file that is not a sound database is
/// reported and left as it is, never replaced; a read-only file or folder still shows its
/// scores; the database is never reached through a symbolic link. The file is opened on first
/// use, so games that keep no scores never touch it.
///
/// A statement waits for another process's write for up to the busy timeout while `waits` is
/// on (the scores command, tests, the end of a session); a session in play turns it off, so a
/// locked database fails at once and the session keeps its scores for later (ScoreKeeper).
public final class ScoreStore: ScoreDatabase {
    public let path: String
    private var db: OpaquePointer?
    /// What the progress handler checks while a statement runs (see `ProgressLimits`).
    private let limits = UnsafeMutablePointer<ProgressLimits>.allocate(capacity: 1)

    /// Seconds one statement may run, and one write may wait for another process's.
    static let statementTime = 2.0
    static let busyTimeoutMilliseconds: Int32 = 2000
    /// The most entries of one board read at once (the best ones), and the longest texts.
    public static let boardLimit = 10_000
    static let textLimit = 64

    /// Whether a statement waits (up to the busy timeout) for another connection that holds
    /// the database, or fails at once with a busy error.
    public var waits = true {
        didSet { if let db { sqlite3_busy_timeout(db, waits ? Self.busyTimeoutMilliseconds : 0) } }
    }

    public init(directory: String) {
        path = FileSystem.join(directory, "scores.db")
        limits.initialize(to: ProgressLimits())
    }

    deinit {
        sqlite3_close_v2(db)
        limits.deallocate()
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
        /// The fingerprint of the word list the run played (`WordList.fingerprint`), "" for none.
        public var list: String
        public init(board: String, value: Double, order: Leaderboard.Order, unit: String = "", label: String = "",
                    player: String = "", practice: Bool = false, list: String = "") {
            self.board = board
            self.value = value
            self.order = order
            self.unit = unit
            self.label = label
            self.player = player
            self.practice = practice
            self.list = list
        }
    }

    public func add(_ score: Score, game: String, ruleHash: String, at time: Double) throws {
        try add([score], game: game, ruleHash: ruleHash, at: time)
    }

    /// Adds a move's scores and saved records (JSON text by name, replacing what is stored):
    /// all of them, or (on any failure, or a kill) none.
    public func add(_ scores: [Score], records: [String: String] = [:], game: String, ruleHash: String, at time: Double) throws {
        guard !scores.isEmpty || !records.isEmpty else { return }
        try transaction {
            for score in scores { try insert(score, game: game, ruleHash: ruleHash, at: time) }
            for (name, value) in records.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }) {
                try write("INSERT OR REPLACE INTO records(game, name, value, at) VALUES (?,?,?,?)",
                          [.text(game), .text(name), .text(value), .real(time)])
            }
        }
    }

    /// Writes a batch in one transaction (all of it, or none): the scores and finished games
    /// of accepted moves, and changes to records, each applied to the record as it is stored
    /// now (see `RecordChange`).
    public func write(_ batch: ScoreBatch, game: String, ruleHash: String) throws {
        guard !batch.isEmpty else { return }
        try transaction {
            for (score, time) in batch.scores { try insert(score, game: game, ruleHash: ruleHash, at: time) }
            for result in batch.results {
                try write("INSERT INTO results(game, rule_hash, winner, score, at) VALUES (?,?,?,?,?)",
                          [.text(game), .text(ruleHash), result.winner.map { .text($0) } ?? .null,
                           result.score.map { .real($0) } ?? .null, .real(result.at)])
            }
            for change in batch.records {
                // Another session may have changed it since this one read it.
                let value = change.value(over: try storedRecord(game: game, name: change.name))
                if value == .null {
                    try write("DELETE FROM records WHERE game = ? AND name = ?", [.text(game), .text(change.name)])
                } else {
                    try write("INSERT OR REPLACE INTO records(game, name, value, at) VALUES (?,?,?,?)",
                              [.text(game), .text(change.name), .text(value.encoded), .real(change.at)])
                }
            }
        }
    }

    /// Runs `body` inside BEGIN IMMEDIATE ... COMMIT, rolled back on any failure.
    private func transaction(_ body: () throws -> Void) throws {
        _ = try open()
        try exec("BEGIN IMMEDIATE")
        do {
            try body()
            try exec("COMMIT")
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
    }

    private func insert(_ score: Score, game: String, ruleHash: String, at time: Double) throws {
        try write(
            "INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at, player, practice, list) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [.text(game), .text(ruleHash), .text(score.board), .real(score.value), .text(score.order.rawValue),
             .text(score.unit), .text(score.label), .real(time), .text(score.player), .real(score.practice ? 1 : 0), .text(score.list)])
    }

    /// The board as recorded so far, its best `limit` ranked entries (or, with `practice`, the
    /// practice runs) of runs on the word list `list` (its fingerprint, "" for a game without
    /// one; nil: any); `order` and `unit` are used when it is still empty. (Texts are read cut
    /// to 64 bytes: a stored label can be anything.)
    public func leaderboard(game: String, ruleHash: String?, board: String, list: String? = "", order: Leaderboard.Order, unit: String,
                            limit: Int = ScoreStore.boardLimit, practice: Bool = false, upTo: Int64? = nil) throws -> Leaderboard {
        // A database from before players and practice runs has only ranked entries.
        let hasPlayers = try hasPlayerColumns()
        var filter = "game = ? AND board = ? AND value IS NOT NULL"
        if hasPlayers { filter += practice ? " AND practice <> 0" : " AND practice = 0" } else if practice { filter += " AND 0" }
        var params: [Value] = [.text(game), .text(board)]
        if let ruleHash { filter += " AND rule_hash = ?"; params.append(.text(ruleHash)) }
        if let upTo { filter += " AND id <= ?"; params.append(.int(upTo)) }
        // A database from before lists were kept has runs of no known list.
        if let list {
            if try hasListColumn() { filter += " AND list = ?"; params.append(.text(list)) } else if !list.isEmpty { filter += " AND 0" }
        }
        let first = try query("SELECT better, substr(unit, 1, 32) FROM scores WHERE \(filter) ORDER BY id LIMIT 1", params).first
        let recordedOrder = first.flatMap { Leaderboard.Order(rawValue: $0[0].text ?? "") } ?? order
        let direction = recordedOrder == .lower ? "ASC" : "DESC"
        let player = hasPlayers ? "substr(player, 1, \(Self.textLimit))" : "''"
        // Rows are read straight into entries: a board of 10,000 is read in a game's move.
        var entries: [Leaderboard.Entry] = []
        try each("SELECT value, substr(label, 1, \(Self.textLimit)), \(player), at FROM scores WHERE \(filter) ORDER BY value \(direction), id LIMIT \(limit)", params) { row in
            entries.append(Leaderboard.Entry(value: sqlite3_column_double(row, 0), label: Self.text(row, 1), player: Self.text(row, 2),
                                             at: sqlite3_column_type(row, 3) == SQLITE_NULL ? nil : sqlite3_column_double(row, 3)))
            return true
        }
        return Leaderboard(order: recordedOrder, unit: first?[1].text ?? unit, entries: entries)
    }

    /// The number of the last score stored (0: none). Scores are only ever added (a new one
    /// takes the next number, under SQLite's write lock), so a board read up to it is the same
    /// board whenever it is read.
    public func lastScore() throws -> Int64 {
        guard try hasTable("scores") else { return 0 }
        let row = try query("SELECT max(id) FROM scores", []).first
        if case .int(let id)? = row?.first { return id }
        return 0
    }

    /// Every board of a game (for its current rule file, or all versions when nil), each with
    /// its best `limit` ranked entries and its best `limit` practice runs: a board for each
    /// name and word list.
    public func boards(game: String, ruleHash: String?, limit: Int = 10) throws -> [(board: String, leaderboard: Leaderboard, practice: Leaderboard)] {
        let list = try hasListColumn() ? "list" : "''"
        var sql = "SELECT DISTINCT substr(board, 1, \(Self.textLimit)), \(list) FROM scores WHERE game = ?"
        var params: [Value] = [.text(game)]
        if let ruleHash { sql += " AND rule_hash = ?"; params.append(.text(ruleHash)) }
        return try query(sql + " ORDER BY 1, 2 LIMIT 100", params).compactMap { row in row[0].text.map { ($0, row[1].text ?? "") } }.map { name, list in
            (name, try leaderboard(game: game, ruleHash: ruleHash, board: name, list: list, order: .higher, unit: "", limit: limit),
             try leaderboard(game: game, ruleHash: ruleHash, board: name, list: list, order: .higher, unit: "", limit: limit, practice: true))
        }
    }

    /// Why scores cannot be saved here (a folder or file that cannot be written, a file that
    /// is not a database), or nil when they can.
    public func savingProblem() -> String? {
        do {
            try checkWritable()
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// Throws why scores cannot be saved here (a busy database throws a busy error).
    public func checkWritable() throws {
        _ = try open()
        if !writable { throw ScoreStoreError(path: path, reason: readOnlyReason) }
    }

    /// Whether the scores table has a column (an older read-only database may lack the player,
    /// practice and list columns), asked once each.
    private var scoreColumns: [String: Bool] = [:]
    private func hasScoreColumn(_ name: String) throws -> Bool {
        if let known = scoreColumns[name] { return known }
        let has = try hasColumn("scores", name)
        scoreColumns[name] = has
        return has
    }
    func hasPlayerColumns() throws -> Bool { try hasScoreColumn("player") }
    func hasListColumn() throws -> Bool { try hasScoreColumn("list") }

    private func hasColumn(_ table: String, _ column: String) throws -> Bool {
        try query("SELECT 1 FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(column)]).isEmpty == false
    }

    /// A game's saved record (`game.scores.save`) as JSON text, or nil. A database from before
    /// records has none.
    public func record(game: String, name: String) throws -> String? {
        guard try hasRecords() else { return nil }
        return try storedRecord(game: game, name: name)
    }

    /// A stored record's text; one longer than a record may be reads as none.
    private func storedRecord(game: String, name: String) throws -> String? {
        try query("SELECT value FROM records WHERE game = ? AND name = ? AND length(CAST(value AS BLOB)) <= ?",
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

    private func hasRecords() throws -> Bool { try hasTable("records") }

    func hasTable(_ name: String) throws -> Bool {
        !(try query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)])).isEmpty
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

    // MARK: SQLite

    enum Value {
        case null, text(String), real(Double), int(Int64)
        var text: String? { if case .text(let s) = self { return s }; return nil }
        var real: Double? {
            switch self {
            case .real(let d): return d
            case .int(let i): return Double(i)
            default: return nil
            }
        }
    }

    /// Whether the database was opened for writing, and why not.
    private var writable = false
    private var readOnlyReason = "cannot be written"

    func open() throws -> OpaquePointer {
        if let db { return db }
        let folder = FileSystem.directory(of: path)
        if !FileSystem.isDirectory(folder) { try FileSystem.makeDirectory(folder) }
        // The database is never reached through a symbolic link, dangling or not: SQLite would
        // create or write the file (or its journal) wherever the link points. The folder may
        // be a link (the player's own choice); the files in it may not.
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] {
            var info = stat()
            if lstat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
                throw ScoreStoreError(path: file, reason: "is not a regular file but a symbolic link, which is never followed (the link is left as it is)")
            }
        }
        // A device or FIFO in the database's place is not a database.
        var info = stat()
        let exists = lstat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            throw ScoreStoreError(path: path, reason: "is not a regular file (the file is left as it is)")
        }
        // A database in a folder or file that cannot be written is opened read-only: its
        // scores are shown, and saving a new one fails with a clear reason. One with other
        // names (hard links) is not written either: the write would land in another folder.
        let linked = exists && info.st_nlink > 1
        let writable = access(folder, W_OK) == 0 && (!exists || access(path, W_OK) == 0) && !linked
        readOnlyReason = linked ? "has other names (hard links), and is not written through them" : "cannot be written"
        // The file is opened in the folder's real path with SQLITE_OPEN_NOFOLLOW, so no link
        // put in its place since the look above is followed either.
        let real = FileSystem.join(FileSystem.realPath(folder) ?? folder, "scores.db")
        // Read-only, it is opened as immutable: no lock or journal files are needed beside it
        // (a database is whole when no writer has it open: the WAL is folded in on close).
        let flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        let name = writable ? real : "file:" + Self.uriEscaped(real) + "?immutable=1"
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(name, &handle, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        guard status == SQLITE_OK, let handle else {
            defer { sqlite3_close_v2(handle) }
            throw ScoreStoreError(path: path, reason: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")
        }
        sqlite3_busy_timeout(handle, waits ? Self.busyTimeoutMilliseconds : 0)
        sqlite3_progress_handler(handle, 1000, scoreStoreProgress, limits)
        db = handle
        self.writable = writable
        guard writable else { return handle }
        do {
            try prepareSchema(handle)
        } catch {
            sqlite3_close_v2(handle)
            db = nil
            throw error
        }
        return handle
    }

    /// Makes the tables and indexes a new or older database lacks, and puts it in WAL mode.
    /// A database that has them all is only read here, so a session can open it while another
    /// process holds its write lock.
    private func prepareSchema(_ handle: OpaquePointer) throws {
        // WAL with normal syncing: a commit costs no fsync (a crash may lose the last moves'
        // scores, never leave half of one), so finishing a game stays cheap, and readers never
        // wait for a writer.
        if try query("PRAGMA journal_mode", []).first?[0].text?.lowercased() != "wal" {
            // Switching a new database to WAL does not wait for the busy handler: when several
            // players open it at once, the switch is tried again for the busy timeout.
            var waited = 0
            while true {
                do {
                    try exec("PRAGMA journal_mode=WAL")
                    break
                } catch let error as ScoreStoreError where error.busy && waits && waited < Self.busyTimeoutMilliseconds {
                    usleep(10_000)
                    waited += 10
                }
            }
        }
        try exec("PRAGMA synchronous=NORMAL")
        let present = try query("SELECT name FROM sqlite_master WHERE name IN ('scores', 'results', 'records', 'scores_by_board', 'results_by_game')", [])
        if present.count == 5, try hasColumn("scores", "player"), try hasColumn("scores", "list") { return }
        // The tables are made under the write lock taken up front: several players opening a
        // new database at once would otherwise race between reading the schema and writing it,
        // and lose with "database is locked" at once.
        try transaction {
            try exec("""
                CREATE TABLE IF NOT EXISTS scores(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL,
                  board TEXT NOT NULL, value REAL NOT NULL, better TEXT NOT NULL, unit TEXT NOT NULL, label TEXT NOT NULL, at REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS scores_by_board ON scores(game, rule_hash, board);
                CREATE TABLE IF NOT EXISTS results(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL,
                  winner TEXT, score REAL, at REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS results_by_game ON results(game);
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
            // So did the word list's fingerprint: older runs have none ("").
            if try !hasColumn("scores", "list") {
                try exec("ALTER TABLE scores ADD COLUMN list TEXT NOT NULL DEFAULT ''")
            }
        }
        scoreColumns = [:]
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
        limits.pointee.deadline = gh_sqlite_now() + Self.statementTime
        if sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK { throw failure(db) }
    }

    private func failure(_ db: OpaquePointer) -> ScoreStoreError {
        let code = sqlite3_errcode(db) & 0xFF
        var reason = String(cString: sqlite3_errmsg(db))
        if code == SQLITE_NOTADB || code == SQLITE_CORRUPT {
            reason += " (the file is left as it is: move it away to start a new one)"
        }
        if code == SQLITE_INTERRUPT {
            if limits.pointee.scanned > limits.pointee.scanBudget {
                return ScoreStoreError(path: path, reason: "the bound of rows read was reached", rowBound: true)
            }
            reason = "a query ran past its time limit, and was stopped (the file is left as it is)"
        }
        return ScoreStoreError(path: path, reason: reason, busy: code == SQLITE_BUSY || code == SQLITE_LOCKED)
    }

    func write(_ sql: String, _ params: [Value]) throws {
        try each(sql, params) { _ in true }
    }

    func query(_ sql: String, _ params: [Value]) throws -> [[Value]] {
        var rows: [[Value]] = []
        try each(sql, params) { statement in
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_NULL: return .null
                case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
                case SQLITE_INTEGER: return .int(sqlite3_column_int64(statement, column))
                default: return .real(sqlite3_column_double(statement, column))
                }
            })
            return true
        }
        return rows
    }

    /// Runs a statement and hands each row to `row` (the statement, to read its columns),
    /// until `row` returns false or the rows run out. Rows that a full scan steps over count
    /// against `scanBudget` (the scores command's bound on rows read), checked as the
    /// statement runs.
    func each(_ sql: String, _ params: [Value], scanBudget: Int = .max, seconds: Double = ScoreStore.statementTime,
              _ row: (OpaquePointer) throws -> Bool) throws {
        let db = try open()
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw failure(db) }
        // A statement run while another is stepping (a query inside a row's handler) checks its
        // own budget, then gives the outer one back.
        let outer = limits.pointee
        limits.pointee.deadline = gh_sqlite_now() + seconds
        limits.pointee.statement = statement
        limits.pointee.scanBudget = scanBudget
        limits.pointee.scanned = 0
        defer {
            limits.pointee = outer
            sqlite3_finalize(statement)
        }
        for (i, param) in params.enumerated() {
            let index = Int32(i + 1)
            switch param {
            case .null: sqlite3_bind_null(statement, index)
            case .real(let d): sqlite3_bind_double(statement, index, d)
            case .int(let i): sqlite3_bind_int64(statement, index, i)
            case .text(let s): sqlite3_bind_text(statement, index, s, -1, gh_sqlite_transient())
            }
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                if try !row(statement) { return }
            case SQLITE_DONE:
                return
            default:
                throw failure(db)
            }
        }
    }

    /// A text column ("" for NULL), read without a String per character.
    static func text(_ row: OpaquePointer, _ column: Int32) -> String {
        guard let text = sqlite3_column_text(row, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(row, column))), as: UTF8.self)
    }

    /// Rows the running statement's full scans have stepped over so far.
    static func scanned(_ statement: OpaquePointer) -> Int {
        Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0))
    }
}

/// What the progress handler of a store's connection checks every 1,000 instructions of a
/// statement: its deadline (a crafted database's trigger or huge table cannot hang the host),
/// and the rows its full scans stepped over against a budget (the scores command's bound).
struct ProgressLimits {
    var deadline = 0.0
    var statement: OpaquePointer?
    var scanBudget = Int.max
    var scanned = 0
}

/// SQLite's progress handler: non-zero interrupts the statement (SQLITE_INTERRUPT).
private func scoreStoreProgress(_ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let limits = context?.assumingMemoryBound(to: ProgressLimits.self) else { return 0 }
    if gh_sqlite_now() > limits.pointee.deadline { return 1 }
    if let statement = limits.pointee.statement, limits.pointee.scanBudget != .max {
        limits.pointee.scanned = ScoreStore.scanned(statement)
        if limits.pointee.scanned > limits.pointee.scanBudget { return 1 }
    }
    return 0
}

/// The scores database could not be used; it is never replaced.
public struct ScoreStoreError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// Another connection holds the database (it is locked): trying again later may work.
    public var busy = false
    /// The scores command read as many rows as it may (`--max-rows`).
    public var rowBound = false
    public init(path: String, reason: String, busy: Bool = false, rowBound: Bool = false) {
        self.path = path
        self.reason = reason
        self.busy = busy
        self.rowBound = rowBound
    }
    public var description: String { "\(path): \(reason)" }
}
