import CLua

/// A Lua value kept alive in the registry of its state until this reference is released.
public final class LuaRef: Equatable {
    let handle: LuaState.Handle
    let ref: Int32
    /// Lua's type name for the value, taken when the reference was made.
    public let typeName: String

    init(handle: LuaState.Handle, ref: Int32, typeName: String) {
        self.handle = handle
        self.ref = ref
        self.typeName = typeName
    }

    deinit {
        if !handle.isClosed { luaL_unref(handle.L, gh_registryindex(), ref) }
    }

    func push(_ L: OpaquePointer) {
        lua_rawgeti(L, gh_registryindex(), lua_Integer(ref))
    }

    public static func == (a: LuaRef, b: LuaRef) -> Bool { a === b }
}
