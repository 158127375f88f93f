import CLua
import Glibc

/// The first result of a call into Lua, read where it lies on the stack before it is popped
/// (`LuaState.call(_:arguments:read:)`): a caller that takes a table apart needs no reference
/// to it in the registry.
public struct LuaResult {
    let state: LuaState
    /// Its stack index (absolute), or 0 when the call returned nothing.
    let index: Int32

    public var isTable: Bool { index != 0 && lua_type(state.L, index) == LUA_TTABLE }

    /// Its raw length (no `__len`).
    public var rawLength: Int { index == 0 ? 0 : Int(lua_rawlen(state.L, index)) }

    /// Its elements when it is a list of strings (see `LuaState.stringList`).
    public func stringList(maxBytes: Int) -> [String]? {
        index == 0 ? nil : state.stringList(at: index, maxBytes: maxBytes)
    }

    /// Whether it is a table with at least one field and no key but the strings in `names`
    /// (their exact bytes), without running a metamethod.
    public func hasOnlyFields(_ names: [StaticString]) -> Bool {
        let L = state.L
        guard isTable, lua_checkstack(L, 3) != 0 else { return false }
        let top = lua_gettop(L)
        var fields = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            // The key's type first: reading a number key as a string would change it mid-walk.
            var length = 0
            guard lua_type(L, -2) == LUA_TSTRING, let key = gh_tolstring(L, -2, &length),
                  names.contains(where: { name in
                      name.withUTF8Buffer { $0.count == length && memcmp($0.baseAddress!, key, length) == 0 }
                  }) else {
                lua_settop(L, top)
                return false
            }
            gh_pop(L, 1)
            fields += 1
        }
        return fields > 0
    }

    /// Its field `name` (raw) copied into Swift as `value(as:)` copies, named `root.name` in
    /// the reader's messages; nil when it is not a table.
    public func field(_ name: StaticString, as root: String) throws -> LuaValue {
        let L = state.L
        guard isTable, lua_checkstack(L, 2) != 0 else { return .nil }
        name.withUTF8Buffer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
        lua_rawget(L, index)
        defer { gh_pop(L, 1) }
        return try Self.read(at: lua_gettop(L), in: state, as: root, field: name, inside: lua_topointer(L, index))
    }

    /// It copied into Swift, within the state's read limits; `root` names it in the reader's
    /// messages. A value the reader refuses is a `.data` error, as any call's result is.
    public func value(as root: String) throws -> LuaValue {
        guard index != 0 else { return .nil }
        return try Self.read(at: index, in: state, as: root, field: nil, inside: nil)
    }

    /// The value at stack index `i` copied into Swift (see `value(as:)`), named `root` (or
    /// `root.field`) in the reader's messages; `inside`: the table it is a field of, when it is
    /// read a field at a time. (A plain value first, before anything is made for a message: the
    /// engine reads an answer at every query.)
    private static func read(at i: Int32, in state: LuaState, as root: String, field: StaticString?,
                             inside: UnsafeRawPointer?) throws -> LuaValue {
        if let plain = state.plainValue(at: i, on: state.L) { return plain }
        let name: () -> String = field.map { field in { "\(root).\(field)" } } ?? { root }
        var reader = LuaValueReader(state: state, L: state.L, limits: state.readLimits, root: name, inside: inside)
        do {
            return try reader.read(at: i)
        } catch let problem as LuaReadError {
            throw LuaError(.data, problem.description)
        }
    }

    /// `value(as:)`, but a table as a reference to it (a state to keep in Lua).
    public func valueKeepingTables(as root: String) throws -> LuaValue {
        isTable ? .ref(state.ref(at: index)) : try value(as: root)
    }
}
