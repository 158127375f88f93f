import GameCore
import CLua

/// How much of a Lua value the host copies into Swift at one time. A rule's data can have any
/// shape: a cycle (`t.self = t`) never ends, and tables that share subtables
/// (`x = { a = y, b = y }`, 40 levels deep) describe billions of paths. Every conversion is
/// bounded by these limits; a value past them is the rule's error, not the host's hang.
public struct LuaReadLimits: Equatable, Sendable {
    /// Tables inside tables.
    public var depth = 100
    /// Values read, counting a shared table each time it is reached.
    public var nodes = 100_000
    /// Bytes of all strings read, counting a shared string each time it is reached.
    public var bytes = 4 << 20
    public init() {}

    public static let standard = LuaReadLimits()
}

/// A Lua value that cannot be brought into Swift: the path to the problem and what it is
/// (`state.self: the table contains itself`).
public struct LuaReadError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// Reads one Lua value into a `LuaValue` under `LuaReadLimits`, without running any
/// metamethod. Tables become `array` or `map`; functions, userdata and threads become `ref`s.
struct LuaValueReader {
    let state: LuaState
    let L: OpaquePointer?
    let limits: LuaReadLimits
    /// The value's name in errors, made only when one is raised (host functions read fields
    /// on every call, and a name like "argument #1[3].rank" costs more than the read).
    let root: () -> String
    private var nodes = 0
    private var bytes = 0
    /// Tables on the path from the root to the value being read (a cycle returns to one). A
    /// list, not a set: the path is short (at most `limits.depth`), and most values read are a
    /// table or two deep, where hashing and a set's storage cost more than the search.
    private var open: [UnsafeRawPointer] = []
    /// The keys from the root to the value being read, for messages (rendered only then).
    private var keys: [PathKey] = []

    /// One key of a path: a list position (`[3]`), a string key (shown `.name`, or
    /// `["two words"]`), or another key as a path shows it (`[true]`). Rendered only for a
    /// message: every key of every table read is on the path while its value is read.
    private enum PathKey {
        case position(Int)
        case name(String)
        case shown(String)
        var text: String {
            switch self {
            case .position(let n): return "[\(n)]"
            case .name(let s):
                let plain = !s.isEmpty && s.utf8.count <= 64
                    && s.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57 && s.utf8.first != $0) || $0 == 95 }
                let shown = s.utf8.count <= 64 ? s : String(decoding: s.utf8.prefix(61), as: UTF8.self) + "..."
                return plain ? "." + s : "[\"\(shown)\"]"
            case .shown(let s): return s
            }
        }
    }

    /// `inside`: the table the value is a field of, read a field at a time (a cycle back to
    /// it is one, as in a reading of the whole table).
    init(state: LuaState, L: OpaquePointer?, limits: LuaReadLimits, root: @escaping () -> String, inside: UnsafeRawPointer? = nil) {
        self.state = state
        self.L = L
        self.limits = limits
        self.root = root
        if let inside { open = [inside] }
    }

    private func failure(_ reason: String) -> LuaReadError {
        LuaReadError(path: root() + keys.map(\.text).joined(), reason: reason)
    }

    mutating func read(at index: Int32) throws -> LuaValue {
        nodes += 1
        if nodes > limits.nodes {
            throw failure("more than \(limits.nodes) values to read (a table reached by several paths counts once for each)")
        }
        if let scalar = LuaState.scalar(at: index, on: L) { return scalar }
        switch lua_type(L, index) {
        case LUA_TSTRING:
            try count(Int(lua_rawlen(L, index)))
            try boundMarks(at: index)
            return .string(state.string(at: index, on: L) ?? "")
        case LUA_TTABLE:
            return try table(at: lua_absindex(L, index))
        default:
            return .ref(state.ref(at: index, on: L))
        }
    }

    /// Refuses a string that Swift could not compare in linear time (see `MarkRun`).
    private func boundMarks(at index: Int32) throws {
        var length = 0
        guard let p = gh_tolstring(L, index, &length) else { return }
        let tooLong = p.withMemoryRebound(to: UInt8.self, capacity: length) {
            MarkRun.isTooLong(UnsafeBufferPointer(start: $0, count: length))
        }
        if tooLong { throw failure("a string that \(MarkRun.problem)") }
    }

    private mutating func count(_ length: Int) throws {
        bytes += length
        if bytes > limits.bytes {
            throw failure("more than \(limits.bytes >> 20) MB of text to read (a string reached by several paths counts once for each)")
        }
    }

    private mutating func table(at t: Int32) throws -> LuaValue {
        guard let identity = lua_topointer(L, t) else { return .nil }
        if open.contains(identity) { throw failure("the table contains itself (a cycle), which has no plain-data form") }
        if keys.count >= limits.depth { throw failure("tables nested more than \(limits.depth) deep") }
        guard lua_checkstack(L, 4) != 0 else { throw failure("tables nested too deep") }
        open.append(identity)
        defer { open.removeLast() }
        if let list = try list(at: t) { return list }
        var integerKeys: [Int64: LuaValue] = [:]
        var fields: [String: LuaValue] = [:]
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            let key = keyName(at: -2)
            keys.append(key.path)
            // A table, function or other object as a key has no name to give it (each would
            // read as its type's, "table"): no plain-data form.
            let keyType = lua_type(L, -2)
            if keyType != LUA_TNUMBER && keyType != LUA_TSTRING && keyType != LUA_TBOOLEAN {
                let error = failure("a \(key.text) as a key has no plain-data form: keys are strings, numbers or booleans")
                gh_pop(L, 2)
                keys.removeLast()
                throw error
            }
            let item: LuaValue
            do {
                try count(key.text.utf8.count)
                if lua_type(L, -2) == LUA_TSTRING { try boundMarks(at: -2) }
                item = try read(at: -1)
            } catch {
                gh_pop(L, 2)
                keys.removeLast()
                throw error
            }
            keys.removeLast()
            if let n = key.integer {
                integerKeys[n] = item
            } else {
                // Swift compares text by its canonical form: two keys of different bytes that
                // read as one text ("é" composed and decomposed) would lose one of them.
                if fields.updateValue(item, forKey: key.text) != nil {
                    gh_pop(L, 2)
                    throw failure("two keys of different bytes read as the same text \"\(key.text)\"; use one form (NFC) for both")
                }
            }
            gh_pop(L, 1)
        }
        if fields.isEmpty, integerKeys.isEmpty { return .array([]) }
        if fields.isEmpty, (1...integerKeys.count).allSatisfy({ integerKeys[Int64($0)] != nil }) {
            return .array((1...integerKeys.count).map { integerKeys[Int64($0)]! })
        }
        for (k, v) in integerKeys {
            // A table with both 1 and "1" as keys has no plain-data form: one would be lost.
            if fields[String(k)] != nil { throw failure("the keys \(k) and \"\(k)\" both read as \"\(k)\"") }
            fields[String(k)] = v
        }
        return .map(fields)
    }

    /// The table at `t` read as a list when its keys are exactly 1...n, n > 0 (the common
    /// case: moves, hands, boards), without the map's work per key; nil for any other table.
    private mutating func list(at t: Int32) throws -> LuaValue? {
        let length = Int(lua_rawlen(L, t))
        guard length > 0 else { return nil }
        // As many keys as positions, and every position set: the keys are 1...n.
        var keyCount = 0
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            gh_pop(L, 1)
            keyCount += 1
            if keyCount > length {
                gh_pop(L, 1)
                return nil
            }
        }
        guard keyCount == length else { return nil }
        var items: [LuaValue] = []
        items.reserveCapacity(length)
        var digits = 1, nextPower = 10
        for i in 1...length {
            if i == nextPower {
                digits += 1
                nextPower *= 10
            }
            guard lua_rawgeti(L, t, lua_Integer(i)) != LUA_TNIL else {
                gh_pop(L, 1)
                return nil
            }
            keys.append(.position(i))
            do {
                try count(digits)  // a key's text counts, as in a map
                items.append(try read(at: -1))
            } catch {
                gh_pop(L, 1)
                keys.removeLast()
                throw error
            }
            keys.removeLast()
            gh_pop(L, 1)
        }
        return .array(items)
    }

    /// A key as the map stores it, and as a path shows it (`.name`, `[3]`, `["two words"]`).
    private func keyName(at index: Int32) -> (integer: Int64?, text: String, path: PathKey) {
        switch lua_type(L, index) {
        case LUA_TNUMBER where lua_isinteger(L, index) != 0:
            let n = Int64(gh_tointeger(L, index, nil))
            return (n, String(n), .position(Int(n)))
        case LUA_TSTRING:
            let s = state.string(at: index, on: L) ?? ""
            return (nil, s, .name(s))
        case LUA_TNUMBER, LUA_TBOOLEAN:
            // Copy the key before converting it, so lua_next sees the original.
            lua_pushvalue(L, index)
            defer { gh_pop(L, 1) }
            let text = lua_type(L, -1) == LUA_TBOOLEAN ? (lua_toboolean(L, -1) != 0 ? "true" : "false") : (state.string(at: -1, on: L) ?? "")
            return (nil, text, .shown("[\(text)]"))
        default:
            let type = String(cString: lua_typename(L, lua_type(L, index)))
            return (nil, type, .shown("[\(type)]"))
        }
    }
}
