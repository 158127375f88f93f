import CPostgreSQL
import GameCore
#if canImport(Glibc)
import Glibc
#endif

/// The table store in PostgreSQL (`gamehost serve --store postgresql://...`): the same tables
/// as `serve.db`, in a schema of their own (`gamehost`) of a database the server's keeper
/// provides, so that the tables live on the database's machine, in its backups, and several
/// servers can share them (`StoreSharing`). Storage fails closed: a statement that fails (the
/// database is gone, or slower than `statement_timeout`) stops the table it was for, and the
/// next statement connects again, or fails too.
final class PostgreSQLStoreConnection: StoreConnection {
    private var connection: OpaquePointer?
    private let conninfo: String
    /// The address as given (its secrets are taken out of everything printed).
    private let url: String
    let shown: String
    let restoringMarker: String?
    let beginWriting = "BEGIN"
    /// The first of the two numbers of PostgreSQL's advisory locks the servers take: with 0,
    /// the making of the schema (two servers starting at once would each make it); with 1,
    /// a table's (`StoreSharing`).
    static let lockKey: Int64 = 1_734_438_245

    /// `url`: a PostgreSQL URI (postgresql://user@host:port/database?...). `data`: this
    /// server's own folder, for the file that names a table being rebuilt (nil: none).
    init(url: String, data: String?) throws {
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw ServeError("--store takes a PostgreSQL address (postgresql://user@host/database), not '\(Self.redacted(url))'")
        }
        self.url = url
        shown = Self.redacted(url)
        restoringMarker = data.map { FileSystem.join($0, "serve-postgresql.restoring") }
        // The marker's folder: without it a table whose rebuild ends the server would be
        // rebuilt again at every start.
        if let data {
            try FileSystem.makeDirectory(data)
            folderLock = try FolderLock(file: FileSystem.join(data, "serve-postgresql.lock"), shown: data)
        }
        if let error = gh_pq_error() { throw ServeError("\(shown): \(String(cString: error))") }
        // Bounded waits: a database that does not answer fails a statement (and stops its
        // table) rather than hold it for ever; and the database's side of the connection
        // checks this server too (over TCP), so a server cut off from it by the network has
        // its session ended, and the tables' locks it held freed, within half a minute rather
        // than the system's default two hours.
        let settings = "connect_timeout=5&client_encoding=UTF8&application_name=gamehost-serve"
            + "&keepalives=1&keepalives_idle=10&keepalives_interval=5&keepalives_count=3"
            + "&options=-c%20statement_timeout%3D10000%20-c%20lock_timeout%3D5000"
            + "%20-c%20tcp_keepalives_idle%3D10%20-c%20tcp_keepalives_interval%3D5%20-c%20tcp_keepalives_count%3D3"
        conninfo = url + (url.contains("?") ? "&" : "?") + settings
        try connect()
    }

    deinit {
        gh_pq_finish(connection)
        folderLock?.release()
    }

    func release() {
        gh_pq_finish(connection)
        connection = nil
        released = true
        folderLock?.release()
        folderLock = nil
    }

    /// The data folder's lock (one server a folder), while the store is used.
    private var folderLock: FolderLock?

    /// The server has stopped: no statement connects again.
    private var released = false

    /// Connects, and makes the schema the store's tables live in.
    private func connect() throws {
        gh_pq_finish(connection)
        connection = gh_pq_connect(conninfo)
        guard gh_pq_connection_ok(connection) != 0 else {
            let why = firstLine(String(cString: gh_pq_connection_error(connection)))
            gh_pq_finish(connection)
            connection = nil
            throw ServeError("\(shown): cannot connect: \(why)")
        }
        // One server at a time makes the schema: two starting at once would both find it missing.
        _ = try run("BEGIN", [])
        _ = try run("SELECT pg_advisory_xact_lock($1, 0)", [.int(Self.lockKey)])
        _ = try run("CREATE SCHEMA IF NOT EXISTS gamehost", [])
        _ = try run("COMMIT", [])
        _ = try run("SET search_path TO gamehost", [])
    }

    /// Runs `body` with no other server making the store's tables (two starting at once).
    func makingSchema(_ body: () throws -> Void) throws {
        _ = try execute("BEGIN", [])
        do {
            _ = try execute("SELECT pg_advisory_xact_lock(?, 0)", [.int(Self.lockKey)])
            try body()
            _ = try execute("COMMIT", [])
        } catch {
            _ = try? execute("ROLLBACK", [])
            throw error
        }
    }

    func hasColumn(_ table: String, _ column: String) throws -> Bool {
        !(try execute("SELECT 1 FROM information_schema.columns WHERE table_schema = 'gamehost' AND table_name = ? AND column_name = ?",
                      [.text(table), .text(column)])).isEmpty
    }

    // MARK: Notifications

    /// The connection's socket, to wait on for notifications (-1: not connected).
    var socket: Int32 { gh_pq_socket(connection) }

    /// Reads what the database sent; false when the connection is lost.
    func consume() -> Bool { gh_pq_consume(connection) != 0 && gh_pq_connection_ok(connection) != 0 }

    /// The payload of the next notification read, or nil.
    func nextNotification() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gh_pq_next_notification(connection, &buffer, buffer.count) != 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func execute(_ sql: String, _ parameters: [StoreValue]) throws -> [[StoreValue]] {
        // A connection lost since the last statement is made again (with the lock) before
        // this one; one lost during it fails it.
        if gh_pq_connection_ok(connection) == 0 {
            guard !released else { throw StoreError(description: "\(shown): the server has stopped using the store") }
            do { try connect() } catch { throw StoreError(description: "\(error)", lost: true) }
        }
        return try run(Self.numbered(sql), parameters)
    }

    private func run(_ sql: String, _ parameters: [StoreValue]) throws -> [[StoreValue]] {
        let texts: [String?] = parameters.map { value in
            switch value {
            case .null: return nil
            case .int(let i): return String(i)
            case .real(let d): return "\(d)"
            case .text(let s): return s
            }
        }
        let result: OpaquePointer? = withCStrings(texts) { pointers in
            gh_pq_exec(connection, sql, Int32(pointers.count), pointers)
        }
        defer { gh_pq_clear(result) }
        guard gh_pq_result_ok(result) != 0 else {
            throw StoreError(description: "\(shown): \(firstLine(String(cString: gh_pq_result_error(result))))",
                             lost: gh_pq_connection_ok(connection) == 0)
        }
        return (0..<gh_pq_rows(result)).map { row in
            (0..<gh_pq_columns(result)).map { column in
                gh_pq_value(result, row, column).map { .text(String(cString: $0)) } ?? .null
            }
        }
    }

    /// The statement with PostgreSQL's numbered parameters ($1, $2, ...) for `?` (outside
    /// quoted text).
    static func numbered(_ sql: String) -> String {
        var out = "", n = 0, quoted = false
        for c in sql {
            if c == "'" { quoted.toggle() }
            if c == "?" && !quoted {
                n += 1
                out += "$\(n)"
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// The secrets of an address: the password in its user part and the value of every
    /// parameter whose name, decoded, is `password` (any case), each as written and decoded.
    /// libpq quotes parts of an address in its errors (a malformed one whole), so every text
    /// the server prints of the store has them taken out (`redact`).
    static func secrets(of url: String) -> [String] {
        var found: [String] = []
        func add(_ raw: Substring) {
            guard !raw.isEmpty else { return }
            found.append(String(raw))
            if let decoded = percentDecoded(raw), decoded != raw { found.append(decoded) }
        }
        if let scheme = url.firstRange(of: "://") {
            let rest = url[scheme.upperBound...]
            let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex)]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                add(authority[authority.index(after: colon)..<at])
            }
        }
        if let query = url.firstIndex(of: "?") {
            for pair in url[url.index(after: query)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, (percentDecoded(parts[0]) ?? String(parts[0])).lowercased() == "password" else { continue }
                add(parts[1])
            }
        }
        // Longest first: a secret inside another is taken out with it.
        return found.sorted { $0.count > $1.count }
    }

    /// `text` with every secret of `url` replaced by ***, plain and cut to one bounded line.
    static func redact(_ text: String, url: String) -> String {
        var out = text
        for secret in secrets(of: url) { out = out.replacing(secret, with: "***") }
        return TerminalText.plain(String(out.prefix(300)))
    }

    /// A PostgreSQL address as the server names it: without its password.
    static func redacted(_ url: String) -> String { redact(url, url: url) }

    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = text.utf8.startIndex
        let utf8 = text.utf8
        while i < utf8.endIndex {
            let byte = utf8[i]
            if byte == UInt8(ascii: "%") {
                let a = utf8.index(after: i)
                guard a < utf8.endIndex, utf8.index(after: a) < utf8.endIndex,
                      let high = hexValue(utf8[a]), let low = hexValue(utf8[utf8.index(after: a)]) else { return nil }
                bytes.append(high << 4 | low)
                i = utf8.index(a, offsetBy: 2)
            } else {
                bytes.append(byte)
                i = utf8.index(after: i)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The first line of a message of libpq's, without the address's secrets.
    private func firstLine(_ text: String) -> String {
        Self.redact(String(text.split(separator: "\n").first ?? "").split(separator: " ").joined(separator: " "), url: url)
    }
}

/// Runs `body` with C strings of `texts` (NULL for nil), alive for the call.
private func withCStrings<R>(_ texts: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = texts.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
}
