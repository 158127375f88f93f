import CLua
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Chunks this process compiled, kept as Lua's bytecode by their name and text, so that a
/// rule or library loaded again is not parsed again: a server makes a state for every table,
/// a sim for every worker, and parsing was a third of a table's making. Only text this process
/// compiled itself goes in (a binary chunk from anywhere else is never loaded), and it comes
/// out only for the very same name and bytes, with its lines and names (errors read the same).
/// A chunk is kept the second time it is compiled: a process that loads a rule once (`play`,
/// `check`) pays only a hash of its text, not the writing out of its code.
/// Bounded: `entryLimit` chunks and `byteLimit` bytes at most, the oldest let go first (a rule
/// edited again and again while a server runs leaves no copies behind).
final class CompiledChunks: Sendable {
    static let shared = CompiledChunks()
    static let entryLimit = 64
    static let byteLimit = 32 << 20

    private struct Key: Hashable {
        let name: String
        let source: [UInt8]

        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            source.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        static func == (a: Key, b: Key) -> Bool { a.name == b.name && a.source == b.source }
    }

    private struct Store {
        var code: [Key: [UInt8]] = [:]
        /// The kept chunks, oldest first.
        var order: [Key] = []
        var bytes = 0
        var hits = 0
        var keeping = true
        /// The hashes of the texts compiled once, the latest `seenLimit` of them (a test run
        /// compiles thousands of texts, a server may too), and the same in the order they came,
        /// as a ring: a text compiled again soon after is always still known.
        var seen: Set<Int> = []
        var seenOrder: [Int] = []
        var seenNext = 0

        /// Notes a text compiled once; the oldest note goes when there are `seenLimit`.
        mutating func noteSeen(_ hash: Int) {
            guard seen.insert(hash).inserted else { return }
            if seenOrder.count < CompiledChunks.seenLimit {
                seenOrder.append(hash)
                return
            }
            seen.remove(seenOrder[seenNext])
            seenOrder[seenNext] = hash
            seenNext = (seenNext + 1) % CompiledChunks.seenLimit
        }
    }
    static let seenLimit = 1024

    private let store = Locked(Store())

    /// Compiles `source` (text only) as `chunkName` on `L` and pushes the function, or Lua's
    /// message on an error; Lua's status.
    func load(_ source: [UInt8], chunkName: String, on L: OpaquePointer?) -> Int32 {
        let key = Key(name: chunkName, source: source)
        let name = "@" + chunkName
        if let code = store.withLock({ s -> [UInt8]? in
            let found = s.keeping ? s.code[key] : nil
            if found != nil { s.hits += 1 }
            return found
        }) {
            return code.withUnsafeBufferPointer { buf in
                buf.withMemoryRebound(to: CChar.self) { gh_loadbuffer(L, $0.baseAddress, $0.count, name, "b") }
            }
        }
        let status = source.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { gh_loadbuffer(L, $0.baseAddress, $0.count, name, "t") }
        }
        guard status == LUA_OK, store.withLock({ s in
            guard s.keeping, source.count <= Self.byteLimit / 4 else { return false }
            // The first compile of a text notes it; the second keeps its code.
            if s.seen.contains(key.hashValue) { return true }
            s.noteSeen(key.hashValue)
            return false
        }) else {
            return status
        }
        var dump = gh_dump_buffer()
        defer { free(dump.data) }
        guard gh_dump_function(L, &dump) == 0, let data = dump.data else { return status }
        let code = Array(UnsafeBufferPointer(start: data, count: dump.len))
        store.withLock { s in
            guard s.code[key] == nil else { return }
            let size = source.count + code.count
            while !s.order.isEmpty && (s.code.count >= Self.entryLimit || s.bytes + size > Self.byteLimit) {
                let oldest = s.order.removeFirst()
                if let dropped = s.code.removeValue(forKey: oldest) { s.bytes -= oldest.source.count + dropped.count }
            }
            guard s.bytes + size <= Self.byteLimit else { return }
            s.code[key] = code
            s.order.append(key)
            s.bytes += size
        }
        return status
    }

    /// Loads answered from the kept chunks so far (for tests).
    var hits: Int { store.withLock { $0.hits } }

    /// Whether chunks are kept and used (tests that fail allocations one by one go through
    /// the compiling of text as well as the loading of kept code).
    func setKeeping(_ on: Bool) { store.withLock { $0.keeping = on } }
}
