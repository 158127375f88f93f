import CSQLite
import Dispatch
import GameCore
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Where a server keeps its tables (`serve.db`, beside the score database), so that a table is
/// a transcript: what it plays, its seats and tokens, every game's seed and every input in
/// order with the clock readings the rule made while taking it. After a crash (kill -9
/// included) every open table is rebuilt from here by replaying its inputs. Each change is
/// one transaction, written before the players hear of it (WAL: a killed process loses none).
///
/// The write-ahead log is copied into the database by a connection and a timer of its own
/// (`checkpoints`), never by a move's commit: a checkpoint waits for the disk, and a move that
/// ran one would keep every table's next move waiting on the store's lock.
final class TableStore: @unchecked Sendable {
    // Sound as Sendable: `db` is used only under `lock` (after `init`); `checkpoints` is set
    // once, by `init`, and its connection is used only on its own queue.
    private let db: OpaquePointer
    /// Serialises every use of `db`. It holds the connection's address rather than nothing: the
    /// thread sanitizer takes a guarded value of no size, which it places at the lock object's
    /// own address, for a race with the lock's read of itself.
    private let lock: Locked<UInt>
    private var checkpoints: DispatchSourceTimer? = nil
    /// The data folder's lock (`serve.db.lock`), held while the store is open: one server a
    /// folder, since two would each play their own copy of a table and store both. Set once,
    /// by `init`, let go by `releaseFolder` (under `lock`).
    private var serverLock: Int32 = -1
    let path: String

    /// One table as stored.
    struct Saved {
        var code: String
        var game: String
        var options: [String: String]
        var seats: [SeatRecord]
        var seeds: [Int: UInt64]
        var inputs: [(seat: Int, line: String, clock: [Double])]
        var startClock: [Double]
    }

    /// A seat as stored: who fills it, the name shown and the token that holds it.
    struct SeatRecord: Equatable {
        var filler: String
        var name: String
        var token: String?
    }

    init(directory: String) throws {
        try FileSystem.makeDirectory(directory)
        path = FileSystem.join(directory, "serve.db")
        var info = stat()
        if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            throw ServeError("\(path): is not a regular file (a symbolic link is never followed)")
        }
        var handle: OpaquePointer?
        let real = FileSystem.join(FileSystem.realPath(directory) ?? directory, "serve.db")
        let status = sqlite3_open_v2(real, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        guard status == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw ServeError("\(path): cannot open the table store")
        }
        db = handle
        lock = Locked(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))))
        _ = chmod(real, 0o600)  // it holds the seats' tokens
        serverLock = try Self.lockFolder(FileSystem.join(directory, "serve.db.lock"), shown: path)
        sqlite3_busy_timeout(db, 2000)
        try exec("""
            PRAGMA journal_mode=WAL;
            PRAGMA synchronous=NORMAL;
            PRAGMA wal_autocheckpoint=0;
            CREATE TABLE IF NOT EXISTS tables(code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
              seats TEXT NOT NULL, start_clock TEXT NOT NULL, created REAL NOT NULL, active REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS seeds(code TEXT NOT NULL, game_number INTEGER NOT NULL, seed TEXT NOT NULL,
              PRIMARY KEY(code, game_number));
            CREATE TABLE IF NOT EXISTS inputs(code TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
              line TEXT NOT NULL, clock TEXT NOT NULL, PRIMARY KEY(code, n));
            CREATE TABLE IF NOT EXISTS broken(code TEXT PRIMARY KEY, reason TEXT NOT NULL, at REAL NOT NULL);
            """)
        try exec("PRAGMA journal_size_limit=\(Self.logBytes)")
        // Once the database is in WAL mode: a connection opened before would not see the log.
        checkpoints = Self.startCheckpoints(real)
    }

    /// The size the write-ahead log is cut back to once it has been copied into the database.
    static let logBytes = 1 << 20

    /// Copies the log into the database twice a second, beside the moves (a passive checkpoint
    /// takes no lock a writer needs), and cuts the log back when it has grown past its bound.
    /// Without its own connection the log is still copied, at the next start.
    private static func startCheckpoints(_ file: String) -> DispatchSourceTimer? {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(file, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil) == SQLITE_OK,
              let handle else {
            sqlite3_close_v2(handle)
            return nil
        }
        sqlite3_busy_timeout(handle, 100)
        // A read opens the log (a connection that has read nothing checkpoints nothing); the
        // limit makes the log shrink back to it whenever it starts over.
        guard sqlite3_exec(handle, "PRAGMA journal_size_limit=\(logBytes); SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK else {
            sqlite3_close_v2(handle)
            return nil
        }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gamehost.serve.checkpoints"))
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        timer.setEventHandler {
            var logFrames: Int32 = 0, copied: Int32 = 0
            _ = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copied)
            // Moves that never pause leave no moment to start the log over: once it is past
            // four times its limit and all copied, it is cut back (waiting at most 100 ms for a
            // move's commit), so neither the disk nor the next start's read of it grows
            // without end.
            if Int(logFrames) * 4096 > 4 * logBytes && copied == logFrames {
                _ = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
            }
        }
        timer.setCancelHandler { sqlite3_close_v2(handle) }
        timer.resume()
        return timer
    }

    deinit {
        checkpoints?.cancel()
        sqlite3_close_v2(db)
        if serverLock >= 0 { close(serverLock) }
    }

    /// Lets another server use the folder (this one has stopped and writes nothing more).
    func releaseFolder() {
        lock.withLock { _ in
            if serverLock >= 0 { close(serverLock) }
            serverLock = -1
        }
    }

    /// Takes the folder's lock (an exclusive flock, let go when the process ends however it
    /// ends); throws when another process holds it.
    private static func lockFolder(_ file: String, shown: String) throws -> Int32 {
        let fd = open(file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ServeError("\(file): cannot open the lock of the table store") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw ServeError("\(shown) is in use by another gamehost serve: one server a data folder (give this one another --data)")
        }
        return fd
    }

    // MARK: Writing

    func create(code: String, game: String, options: [String: String], seats: [SeatRecord], at time: Double) throws {
        try lock.withLock { _ in
            try run("INSERT INTO tables(code, game, options, seats, start_clock, created, active) VALUES (?, ?, ?, ?, '[]', ?, ?)",
                    [.text(code), .text(game), .text(Self.encode(options)), .text(Self.encode(seats)), .real(time), .real(time)])
        }
    }

    func setSeats(code: String, _ seats: [SeatRecord]) throws {
        try lock.withLock { _ in try run("UPDATE tables SET seats = ? WHERE code = ?", [.text(Self.encode(seats)), .text(code)]) }
    }

    func setStartClock(code: String, _ readings: [Double]) throws {
        try lock.withLock { _ in try run("UPDATE tables SET start_clock = ? WHERE code = ?", [.text(Self.encode(readings)), .text(code)]) }
    }

    func addSeed(code: String, game: Int, seed: UInt64) throws {
        try lock.withLock { _ in
            try run("INSERT OR REPLACE INTO seeds(code, game_number, seed) VALUES (?, ?, ?)", [.text(code), .int(Int64(game)), .text(String(seed))])
        }
    }

    /// Input `n` of the table, with the clock readings of its step and of the steps the table
    /// played itself after it.
    func addInput(code: String, n: Int, seat: Int, line: String, clock: [Double], at time: Double) throws {
        try transaction {
            try run("INSERT INTO inputs(code, n, seat, line, clock) VALUES (?, ?, ?, ?, ?)",
                    [.text(code), .int(Int64(n)), .int(Int64(seat)), .text(line), .text(Self.encode(clock))])
            try run("UPDATE tables SET active = ? WHERE code = ?", [.real(time), .text(code)])
        }
    }

    /// Forgets a table that ended or expired: all of it, or (on a failure) none of it.
    func remove(code: String) throws {
        try transaction {
            for table in ["inputs", "seeds", "broken", "tables"] { try run("DELETE FROM \(table) WHERE code = ?", [.text(code)]) }
        }
    }

    /// Runs `body`'s statements as one transaction, under the store's lock: all are written
    /// or none.
    private func transaction(_ body: () throws -> Void) throws {
        try lock.withLock { _ in
            try run("BEGIN IMMEDIATE", [])
            do {
                try body()
                try run("COMMIT", [])
            } catch {
                try? run("ROLLBACK", [])
                throw error
            }
        }
    }

    // MARK: Reading

    /// The codes of the tables still open and not broken, oldest first.
    func openTableCodes() throws -> [String] {
        try lock.withLock { _ in
            try query("SELECT code FROM tables WHERE code NOT IN (SELECT code FROM broken) ORDER BY created", []).compactMap { $0[0].text }
        }
    }

    /// One open table, with its seeds and inputs in order; nil when it is not stored.
    func openTable(code: String) throws -> Saved? {
        try lock.withLock { _ in
            guard let row = try query("SELECT code, game, options, seats, start_clock FROM tables WHERE code = ?", [.text(code)]).first else { return nil }
            var table = Saved(code: code, game: row[1].text ?? "", options: Self.decodeOptions(row[2].text),
                              seats: Self.decodeSeats(row[3].text), seeds: [:], inputs: [], startClock: Self.decodeReadings(row[4].text))
            for s in try query("SELECT game_number, seed FROM seeds WHERE code = ?", [.text(code)]) {
                if let n = s[0].int, let seed = s[1].text.flatMap(UInt64.init) { table.seeds[Int(n)] = seed }
            }
            for i in try query("SELECT seat, line, clock FROM inputs WHERE code = ? ORDER BY n", [.text(code)]) {
                table.inputs.append((Int(i[0].int ?? 1), i[1].text ?? "", Self.decodeReadings(i[2].text)))
            }
            return table
        }
    }

    /// Notes that a table cannot be rebuilt, and why: it is kept as it is (for whoever keeps the
    /// server to look at) and never played or rebuilt again.
    func markBroken(code: String, reason: String, at time: Double) throws {
        try lock.withLock { _ in try run("INSERT OR REPLACE INTO broken(code, reason, at) VALUES(?, ?, ?)", [.text(code), .text(reason), .real(time)]) }
    }

    /// The tables that could not be rebuilt, with why.
    func brokenTables() throws -> [(code: String, reason: String)] {
        try lock.withLock { _ in
            try query("SELECT code, reason FROM broken ORDER BY at", []).map { ($0[0].text ?? "", $0[1].text ?? "") }
        }
    }

    // MARK: Encoding

    static func encode(_ options: [String: String]) -> String { JSONValue.object(options.mapValues { .string($0) }).encoded }
    static func encode(_ readings: [Double]) -> String { JSONValue.array(readings.map { .double($0) }).encoded }
    static func encode(_ seats: [SeatRecord]) -> String {
        JSONValue.array(seats.map { .object(["filler": .string($0.filler), "name": .string($0.name), "token": $0.token.map { .string($0) } ?? .null]) }).encoded
    }

    static func decodeOptions(_ text: String?) -> [String: String] {
        guard let text, case .object(let fields)? = try? JSONValue(parsing: text) else { return [:] }
        return fields.compactMapValues { if case .string(let s) = $0 { return s } else { return nil } }
    }

    static func decodeReadings(_ text: String?) -> [Double] {
        guard let text, case .array(let items)? = try? JSONValue(parsing: text) else { return [] }
        return items.compactMap { $0.double }
    }

    static func decodeSeats(_ text: String?) -> [SeatRecord] {
        guard let text, case .array(let items)? = try? JSONValue(parsing: text) else { return [] }
        return items.compactMap { item in
            guard case .object(let f) = item, case .string(let filler)? = f["filler"], case .string(let name)? = f["name"] else { return nil }
            if case .string(let token)? = f["token"] { return SeatRecord(filler: filler, name: name, token: token) }
            return SeatRecord(filler: filler, name: name, token: nil)
        }
    }

    // MARK: SQLite

    enum Value {
        case null, int(Int64), real(Double), text(String)
        var text: String? { if case .text(let s) = self { return s }; return nil }
        var int: Int64? { if case .int(let i) = self { return i }; return nil }
    }

    private func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw ServeError("\(path): \(String(cString: sqlite3_errmsg(db)))") }
    }

    private func run(_ sql: String, _ params: [Value]) throws { _ = try query(sql, params) }

    private func query(_ sql: String, _ params: [Value]) throws -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw ServeError("\(path): \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        // SQLITE_TRANSIENT: SQLite copies the text.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (i, p) in params.enumerated() {
            let k = Int32(i + 1)
            switch p {
            case .null: sqlite3_bind_null(statement, k)
            case .int(let v): sqlite3_bind_int64(statement, k, v)
            case .real(let v): sqlite3_bind_double(statement, k, v)
            case .text(let v): sqlite3_bind_text(statement, k, v, -1, transient)
            }
        }
        var rows: [[Value]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw ServeError("\(path): \(String(cString: sqlite3_errmsg(db)))") }
            rows.append((0..<sqlite3_column_count(statement)).map { c in
                switch sqlite3_column_type(statement, c) {
                case SQLITE_NULL: return .null
                case SQLITE_INTEGER: return .int(sqlite3_column_int64(statement, c))
                case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, c))
                default: return .text(String(cString: sqlite3_column_text(statement, c)))
                }
            })
        }
        return rows
    }
}
