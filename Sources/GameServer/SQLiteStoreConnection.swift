import CSQLite
import Dispatch
import GameCore
#if canImport(Glibc)
import Glibc
#endif

/// The table store's default database: `serve.db` in the server's data folder, beside the
/// score database. Each change is one transaction, written before the players hear of it
/// (WAL: a killed process loses none). One server a folder: the folder's lock (`FolderLock`)
/// is held while the store is open.
///
/// The write-ahead log is copied into the database by a connection and a timer of its own
/// (`checkpoints`), never by a move's commit: a checkpoint waits for the disk, and a move that
/// ran one would keep every table's next move waiting on the store's lock.
final class SQLiteStoreConnection: StoreConnection {
    private let db: OpaquePointer
    private var checkpoints: DispatchSourceTimer?
    private var serverLock: FolderLock?
    let path: String
    /// The file's path with its folder's symbolic links resolved (what SQLite opens).
    private let realPath: String
    var shown: String { path }
    var restoringMarker: String? { path + ".restoring" }
    let beginWriting = "BEGIN IMMEDIATE"
    /// One server a folder (its lock): nobody else makes the tables.
    func makingSchema(_ body: () throws -> Void) throws { try body() }

    func hasColumn(_ table: String, _ column: String) throws -> Bool {
        !(try execute("SELECT 1 FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(column)])).isEmpty
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
        realPath = real
        let status = sqlite3_open_v2(real, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        guard status == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw ServeError("\(path): cannot open the table store")
        }
        db = handle
        _ = chmod(real, 0o600)  // it holds the seats' tokens
        serverLock = try FolderLock(file: FileSystem.join(directory, "serve.db.lock"), shown: path)
        sqlite3_busy_timeout(db, 2000)
        guard sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA wal_autocheckpoint=0; PRAGMA journal_size_limit=\(Self.logBytes)",
                           nil, nil, nil) == SQLITE_OK else {
            throw ServeError("\(path): \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    /// Starts copying the log into the database, once the schema is made (a connection opened
    /// before the database is in WAL mode would not see the log).
    func startCheckpoints() {
        checkpoints = Self.startCheckpoints(realPath)
    }

    deinit {
        checkpoints?.cancel()
        for statement in prepared.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(db)
        serverLock?.release()
    }

    func release() {
        serverLock?.release()
        serverLock = nil
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

    /// Statements compiled once and kept, by their text: a move runs the same few, and compiling
    /// them at every move was a fifteenth of a busy server's work. (The connection is used by
    /// one thread at a time, under the store's lock, and so is this.) The store's statements are
    /// a fixed few; past `statementsKept` one is compiled, run and thrown away as before.
    private var prepared: [String: OpaquePointer] = [:]
    static let statementsKept = 64

    func execute(_ sql: String, _ parameters: [StoreValue]) throws -> [[StoreValue]] {
        let statement: OpaquePointer
        let kept: Bool
        if let found = prepared[sql] {
            statement = found
            kept = true
        } else {
            var made: OpaquePointer?
            guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &made, nil) == SQLITE_OK, let made else {
                throw StoreError(description: "\(path): \(String(cString: sqlite3_errmsg(db)))")
            }
            statement = made
            kept = prepared.count < Self.statementsKept
            if kept { prepared[sql] = made }
        }
        // A kept statement is put back to its start with no values bound, however this run ends.
        defer {
            if kept {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        // SQLITE_TRANSIENT: SQLite copies the text.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (i, p) in parameters.enumerated() {
            let k = Int32(i + 1)
            switch p {
            case .null: sqlite3_bind_null(statement, k)
            case .int(let v): sqlite3_bind_int64(statement, k, v)
            case .real(let v): sqlite3_bind_double(statement, k, v)
            case .text(let v): sqlite3_bind_text(statement, k, v, -1, transient)
            }
        }
        var rows: [[StoreValue]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw StoreError(description: "\(path): \(String(cString: sqlite3_errmsg(db)))") }
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
