import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Rebuilds the tables a start found in the store, on a thread of its own, while the server
/// already listens: one at a time, oldest first, except that a table someone asks for goes to
/// the front of the line and the asker waits for that one alone (`wait(for:)`). One at a time,
/// so that a rebuild that ends the process (a step stuck in Lua's own C code) is pinned on
/// exactly one table.
final class TableRestorer: Sendable {
    private struct Line {
        var codes: [String]
        /// Opened once each table's rebuild is over (done or failed).
        var gates: [String: Gate]
        var stopping = false
        var thread: pthread_t?
    }
    private let line: Locked<Line>
    private let rebuild: @Sendable (String) -> Void
    private let done = Gate()

    /// `rebuild` is called on the restorer's thread for each code, in turn.
    init(codes: [String], rebuild: @escaping @Sendable (String) -> Void) {
        line = Locked(Line(codes: codes, gates: Dictionary(codes.map { ($0, Gate()) }, uniquingKeysWith: { a, _ in a })))
        self.rebuild = rebuild
    }

    func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { raw in
            let restorer = Unmanaged<TableRestorer>.fromOpaque(raw!).takeRetainedValue()
            restorer.work()
            return nil
        }, box) == 0 else {
            // No thread: the tables are rebuilt here, before the server goes on.
            Unmanaged<TableRestorer>.fromOpaque(box).release()
            work()
            return
        }
        line.withLock { $0.thread = thread }
    }

    /// When `code` is still to be rebuilt: puts it first and waits until it is over. False
    /// when it was not waiting (rebuilt already, or never stored).
    @discardableResult
    func wait(for code: String) -> Bool {
        let gate: Gate? = line.withLock { l in
            guard let gate = l.gates[code] else { return nil }
            if let k = l.codes.firstIndex(of: code), k > 0 {
                l.codes.remove(at: k)
                l.codes.insert(code, at: 0)
            }
            return gate
        }
        gate?.wait()
        return gate != nil
    }

    /// Waits until every table is rebuilt (or the restorer stopped).
    func waitUntilDone() { done.wait() }

    /// Stops once the table being rebuilt is done; those not begun are left as stored.
    func stop() {
        let thread: pthread_t? = line.withLock { l in
            l.stopping = true
            defer { l.thread = nil }
            return l.thread
        }
        if let thread { pthread_join(thread, nil) }
    }

    private func work() {
        while let code: String = line.withLock({ l in l.stopping || l.codes.isEmpty ? nil : l.codes.removeFirst() }) {
            rebuild(code)
            line.withLock { $0.gates.removeValue(forKey: code) }?.open()
        }
        // Whoever still waits (a stop came first) is let go: the table was not rebuilt.
        line.withLock { l -> [Gate] in
            defer { l.gates = [:] }
            return Array(l.gates.values)
        }.forEach { $0.open() }
        done.open()
    }
}
