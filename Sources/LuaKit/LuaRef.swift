import CLua

/// A Lua value kept alive in the registry of its state until this reference is released.
public final class LuaRef: Equatable {
    weak var owner: LuaState?
    let ref: Int32
    /// Lua's type name for the value, taken when the reference was made.
    public let typeName: String

    init(owner: LuaState, ref: Int32, typeName: String) {
        self.owner = owner
        self.ref = ref
        self.typeName = typeName
    }

    deinit {
        if let owner, !owner.isClosed {
            luaL_unref(owner.L, gh_registryindex(), ref)
        }
    }

    func push(_ L: OpaquePointer) {
        lua_rawgeti(L, gh_registryindex(), lua_Integer(ref))
    }

    public static func == (a: LuaRef, b: LuaRef) -> Bool { a === b }
}
