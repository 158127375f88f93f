import CLua

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

    /// It copied into Swift, within the state's read limits; `root` names it in the reader's
    /// messages. A value the reader refuses is a `.data` error, as any call's result is.
    public func value(as root: String) throws -> LuaValue {
        guard index != 0 else { return .nil }
        if let plain = state.plainValue(at: index, on: state.L) { return plain }
        do {
            return try state.value(at: index, root: root)
        } catch let problem as LuaReadError {
            throw LuaError(.data, problem.description)
        }
    }

    /// `value(as:)`, but a table as a reference to it (a state to keep in Lua).
    public func valueKeepingTables(as root: String) throws -> LuaValue {
        isTable ? .ref(state.ref(at: index)) : try value(as: root)
    }
}
