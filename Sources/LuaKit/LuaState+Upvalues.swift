import CLua

extension LuaState {
    /// The upvalues of a Lua function, by name, in order: a rule's file-level `local`s that the
    /// function uses (and `_ENV`, its globals). check reads them to name the variable where a
    /// rule keeps game data outside its state. Empty for a C function or a non-function; a
    /// function stripped of debug information names its upvalues "?".
    public func upvalues(of function: LuaRef) -> [(name: String, value: LuaRef)] {
        guard function.typeName == "function" else { return [] }
        push(.ref(function))
        defer { gh_pop(L, 1) }
        guard lua_iscfunction(L, -1) == 0 else { return [] }
        var found: [(String, LuaRef)] = []
        var i: Int32 = 1
        // A function has at most 255 upvalues (Lua's MAXUPVAL).
        while i <= 255, let name = lua_getupvalue(L, -1, i) {
            found.append((String(cString: name), ref(at: -1)))
            gh_pop(L, 1)
            i += 1
        }
        return found
    }
}
