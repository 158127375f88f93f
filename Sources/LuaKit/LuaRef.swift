import CLua

/// A Lua value kept alive in the registry of its state until this reference is released.
public final class LuaRef: Equatable {
    let handle: LuaState.Handle
    let ref: Int32
    /// Lua's type name for the value, taken when the reference was made.
    public let typeName: String
    /// The value's identity in Lua (tables, functions, threads, userdata), for comparing two
    /// references to the same value.
    let identity: UnsafeRawPointer?

    init(handle: LuaState.Handle, ref: Int32, typeName: String, identity: UnsafeRawPointer?) {
        self.handle = handle
        self.ref = ref
        self.typeName = typeName
        self.identity = identity
    }

    deinit {
        if !handle.isClosed { luaL_unref(handle.L, gh_registryindex(), ref) }
    }

    func push(_ L: OpaquePointer) {
        lua_rawgeti(L, gh_registryindex(), lua_Integer(ref))
    }

    /// Two references are equal when they refer to the same Lua value.
    public static func == (a: LuaRef, b: LuaRef) -> Bool {
        a === b || (a.handle === b.handle && a.identity != nil && a.identity == b.identity)
    }
}
