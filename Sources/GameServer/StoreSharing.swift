import Locking
#if canImport(Glibc)
import Glibc
#endif

/// What lets several servers share one PostgreSQL store, so that people at one table may be
/// connected to different servers. A table is its seed and its inputs, and every step is a
/// function of them, so each server that shows a table keeps a copy of it (a replica) and
/// plays every stored input on it; the database orders the inputs:
///
/// - **A table's lock.** A server takes the table's advisory lock (on a connection of its
///   own, `locks`) before it plays a move of its own there, plays the inputs stored by other
///   servers since it last looked, plays the move, stores it as the table's next input, and
///   lets the lock go. Only then is the move shown. Two servers never store two inputs with
///   one number (and the key `(code, n)` would refuse the second, which sets its table aside).
///   A server that dies holding a lock loses its session, and PostgreSQL frees the lock.
/// - **Hearing of inputs.** Each change to a table (an input, a seat taken, the table's end)
///   is announced in its transaction with `pg_notify`, which PostgreSQL delivers once it
///   commits. Every server listens (`StoreListener`) and brings its copy of that table up to
///   date. A listener that lost its connection brings all its tables up to date when it is back.
/// - **Effects once.** Only the server that stores an input writes what its step wrote
///   (scores, statistics); a server playing a stored input writes nothing.
final class StoreSharing: @unchecked Sendable {
    // Sound as Sendable: `locks` is used only under `lock`.
    private let locks: PostgreSQLStoreConnection
    private let lock = Locked<UInt>(1)
    /// This server, in the notifications it sends (it ignores its own).
    let origin: String
    /// The longest a move waits for its table's lock (another server's step: a search's
    /// thought can take seconds).
    static let lockWait = 60.0

    init(url: String, origin: String) throws {
        locks = try PostgreSQLStoreConnection(url: url, data: nil)
        self.origin = origin
    }

    /// Takes the table's lock, waiting while another server holds it: false when it was
    /// still held after `seconds`. Throws when the database cannot be asked.
    func lock(_ code: String, waitingAtMost seconds: Double = StoreSharing.lockWait) throws -> Bool {
        var waited = 0.0, pause = 0.001
        while true {
            let taken = try run("SELECT pg_try_advisory_lock(?, hashtext(?))", [.int(PostgreSQLStoreConnection.lockKey + 1), .text(code)])
            if taken.first?.first?.text == "t" { return true }
            guard waited < seconds else { return false }
            usleep(useconds_t(pause * 1e6))
            waited += pause
            pause = min(pause * 2, 0.02)
        }
    }

    /// Lets the table's lock go (a lock lost with its connection is gone already).
    func unlock(_ code: String) {
        _ = try? run("SELECT pg_advisory_unlock(?, hashtext(?))", [.int(PostgreSQLStoreConnection.lockKey + 1), .text(code)])
    }

    /// What the store holds of a table (asked under its lock, after it is taken: what was
    /// stored before the lock was let go is seen): the number of its last input, and whether it
    /// has ended.
    func look(_ code: String) throws -> (last: Int, ended: Bool) {
        let row = try run("SELECT coalesce(max(n), 0), (SELECT count(*) FROM ended WHERE code = ?) FROM inputs WHERE code = ?", [.text(code), .text(code)]).first
        return (Int(row?[0].int ?? 0), (row?[1].int ?? 0) > 0)
    }

    /// Runs a statement on a table's lock, once more on a new connection when the connection
    /// was lost (the database restarted): the locks of the lost session are gone with it.
    private func run(_ sql: String, _ parameters: [StoreValue]) throws -> [[StoreValue]] {
        try lock.withLock { _ in
            do {
                return try locks.execute(sql, parameters)
            } catch let error as StoreError where error.lost {
                return try locks.execute(sql, parameters)
            }
        }
    }

    func release() {
        lock.withLock { _ in locks.release() }
    }
}

/// Listens for the notifications of the store's changes (`StoreSharing`), on a connection and
/// a thread of its own, and says which table each names. When its connection is lost it
/// connects again, once a second, and then says `reconnected` (what was announced meanwhile
/// was not heard), as it does when it first listens.
final class StoreListener: @unchecked Sendable {
    // Sound as Sendable: `connection` is used only by the listener's thread, and `stopping`
    // only under its lock.
    private let url: String
    private let origin: String
    private let heard: @Sendable (String) -> Void
    private let reconnected: @Sendable () -> Void
    private let stopping = Locked(false)
    private let done = Gate()

    /// The channel the servers announce changes on.
    static let channel = "gamehost"

    init(url: String, origin: String, heard: @escaping @Sendable (String) -> Void, reconnected: @escaping @Sendable () -> Void) {
        self.url = url
        self.origin = origin
        self.heard = heard
        self.reconnected = reconnected
    }

    func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { raw in
            let listener = Unmanaged<StoreListener>.fromOpaque(raw!).takeRetainedValue()
            listener.listen()
            return nil
        }, box) == 0 else {
            Unmanaged<StoreListener>.fromOpaque(box).release()
            ServedTable.log("the store's notifications cannot be heard (no thread): other servers' moves are seen when a table is next played here")
            return
        }
        pthread_detach(thread)
    }

    /// Stops listening (within a quarter of a second).
    func stop() {
        stopping.withLock { $0 = true }
        done.wait()
    }

    private func listen() {
        defer { done.open() }
        var first = true
        while !stopping.withLock({ $0 }) {
            let connection: PostgreSQLStoreConnection
            do {
                connection = try PostgreSQLStoreConnection(url: url, data: nil)
                _ = try connection.execute("LISTEN \(Self.channel)", [])
            } catch {
                if first { ServedTable.log("the store's notifications cannot be heard yet (\(error)); trying again each second") }
                first = false
                Self.pause(seconds: 1)
                continue
            }
            // What was announced before this connection listened was not heard: every table
            // is brought up to date (at the first start too: tables read before it listened).
            first = false
            reconnected()
            while !stopping.withLock({ $0 }) {
                var poller = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, 250)
                if ready < 0 && errno == EINTR { continue }
                guard ready >= 0, connection.consume() else { break }
                while let payload = connection.nextNotification() {
                    // "ORIGIN CODE": a change another server made.
                    let parts = payload.split(separator: " ", maxSplits: 1)
                    guard parts.count == 2, parts[0] != origin[...] else { continue }
                    heard(String(parts[1]))
                }
            }
            connection.release()
            if !stopping.withLock({ $0 }) {
                ServedTable.log("the store's notifications were lost (the connection ended); listening again")
                Self.pause(seconds: 1)
            }
        }
    }

    private static func pause(seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: 0)
        var left = timespec()
        while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
    }
}
