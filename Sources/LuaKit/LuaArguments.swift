import CLua

/// The arguments of a call into Lua, pushed onto the stack as they are given: a call the host
/// makes at every step needs no array of values to hold them first.
public struct LuaArguments {
    let state: LuaState
    let L: OpaquePointer?
    /// How many have been pushed.
    private(set) var count: Int32 = 0

    init(state: LuaState, L: OpaquePointer?) {
        self.state = state
        self.L = L
    }

    public mutating func push(_ ref: LuaRef) {
        ref.push(L!)
        count += 1
    }

    public mutating func push(_ n: Int64) {
        lua_pushinteger(L, lua_Integer(n))
        count += 1
    }

    public mutating func push(_ value: LuaValue) {
        state.push(value, on: L)
        count += 1
    }
}
