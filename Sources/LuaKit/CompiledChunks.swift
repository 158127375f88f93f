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
/// Bounded: past `entryLimit` chunks or `byteLimit` bytes, a chunk is compiled as before.
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
        var bytes = 0
        var hits = 0
        var keeping = true
    }

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
        guard status == LUA_OK, store.withLock({ $0.keeping && $0.code.count < Self.entryLimit && $0.bytes + source.count <= Self.byteLimit }) else {
            return status
        }
        var dump = gh_dump_buffer()
        defer { free(dump.data) }
        guard gh_dump_function(L, &dump) == 0, let data = dump.data else { return status }
        let code = Array(UnsafeBufferPointer(start: data, count: dump.len))
        store.withLock { s in
            guard s.code[key] == nil, s.code.count < Self.entryLimit, s.bytes + source.count + code.count <= Self.byteLimit else { return }
            s.code[key] = code
            s.bytes += source.count + code.count
        }
        return status
    }

    /// Loads answered from the kept chunks so far (for tests).
    var hits: Int { store.withLock { $0.hits } }

    /// Whether chunks are kept and used (tests that fail allocations one by one go through
    /// the compiling of text as well as the loading of kept code).
    func setKeeping(_ on: Bool) { store.withLock { $0.keeping = on } }
}
