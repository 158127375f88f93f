import CLua
import GameCore

/// The arguments and results of one call from Lua into a Swift function. Valid only during
/// that call: it points at the calling thread's stack.
public struct LuaCall {
    /// Unowned: a call never outlives its state, and not retaining it keeps calls cheap.
    public unowned(unsafe) let state: LuaState
    let L: OpaquePointer?

    /// How many arguments the call has.
    public var count: Int { Int(lua_gettop(L)) }

    /// Argument `i` (1-based) copied into Swift, within the state's read limits.
    public func value(_ i: Int) throws -> LuaValue { try state.value(at: Int32(i), on: L, root: "argument #\(i)") }

    // Arguments the function's parameters declared, already checked (see `LuaParameter`).

    /// A declared integer argument, or `default` when it is optional and absent.
    public func int(_ i: Int, default value: Int = 0) -> Int {
        lua_type(L, Int32(i)) == LUA_TNUMBER ? Int(gh_tointeger(L, Int32(i), nil)) : value
    }
    /// A declared number argument, or `default` when it is optional and absent.
    public func number(_ i: Int, default value: Double = 0) -> Double {
        lua_type(L, Int32(i)) == LUA_TNUMBER ? gh_tonumber(L, Int32(i), nil) : value
    }
    /// A declared string (or choice) argument, or `default` when it is optional and absent.
    public func text(_ i: Int, default value: String = "") -> String {
        lua_type(L, Int32(i)) == LUA_TSTRING ? (state.string(at: Int32(i), on: L) ?? value) : value
    }
    /// Where a declared choice argument is among `choices` (0 for the first), compared as bytes:
    /// no String is made of it.
    public func choice(_ i: Int, in choices: [String]) -> Int? { LuaParameter.position(in: choices, L, Int32(i)) }
    /// A declared string argument when its bytes are valid UTF-8, else nil (for names that
    /// must not collide: two different byte strings would read as the same text).
    public func validText(_ i: Int) -> String? {
        var length = 0
        guard lua_type(L, Int32(i)) == LUA_TSTRING, let p = gh_tolstring(L, Int32(i), &length) else { return nil }
        return p.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(validating: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// Whether argument `i` is nil or absent.
    public func isNil(_ i: Int) -> Bool { lua_type(L, Int32(i)) <= LUA_TNIL }

    /// Charges work the function does in proportion to its input (`steps` VM instructions'
    /// worth) to the call's budget; throws `LuaBudgetSpent` when it is spent.
    public func charge(_ steps: Double) throws {
        if gh_charge_from_host(state.limits, steps) != 0 { throw LuaBudgetSpent() }
    }

    public func type(_ i: Int) -> String {
        String(cString: lua_typename(L, lua_type(L, Int32(i))))
    }

    /// Pushes results; return the count from the function.
    public func push(_ value: LuaValue) { state.push(value, on: L) }
    public func push(_ value: Int64) { lua_pushinteger(L, lua_Integer(value)) }
    public func push(_ value: Double) { lua_pushnumber(L, value) }
    public func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    public func push(_ value: String) { state.pushString(value, on: L) }
    public func pushNil() { lua_pushnil(L) }

    /// Argument `i` as text for a player: strings and numbers as they are, other values by
    /// type. No metamethod runs (a rule's `__tostring` could raise across Swift).
    public func describe(_ i: Int) -> String {
        switch lua_type(L, Int32(i)) {
        case LUA_TSTRING, LUA_TNUMBER:
            lua_pushvalue(L, Int32(i))  // converting a number in place would confuse lua_next
            defer { gh_pop(L, 1) }
            return state.string(at: -1, on: L) ?? ""
        case LUA_TBOOLEAN: return lua_toboolean(L, Int32(i)) != 0 ? "true" : "false"
        case LUA_TNIL, LUA_TNONE: return "nil"
        default: return type(i)
        }
    }

    /// The length of the table argument `i` (no metamethods).
    public func length(_ i: Int) -> Int { Int(lua_rawlen(L, Int32(i))) }
    /// Whether argument `i` is a string (not a number).
    public func isString(_ i: Int) -> Bool { lua_type(L, Int32(i)) == LUA_TSTRING }

    /// Pushes element `n` of the table argument `i` (no metamethods) as a result.
    public func pushElement(of i: Int, at n: Int) { lua_rawgeti(L, Int32(i), lua_Integer(n)) }

    /// Reads `t[key]` of the table argument `i` (no metamethods), copied into Swift.
    public func field(_ i: Int, _ key: String) throws -> LuaValue {
        state.pushString(key, on: L)
        lua_rawget(L, Int32(i))
        defer { gh_pop(L, 1) }
        if let plain = state.plainValue(at: -1, on: L) { return plain }
        return try state.value(at: -1, on: L, root: "argument #\(i).\(key)")
    }

    /// A field as it lies on the stack, for reading without a `LuaValue`: a string's bytes are
    /// valid only while the field is handed over. `absent` is nil; `other` is a table, a
    /// function or the like, or a string `field(_:_:)` would not take as it is (past the read
    /// limits): `field` reads it, and names what is wrong.
    public enum Field {
        case absent
        case boolean(Bool)
        case integer(Int64)
        case number(Double)
        case string(UnsafeBufferPointer<UInt8>)
        case other
    }

    /// Hands `body` the field named by `name`'s bytes of the table argument `i` (raw).
    public func withField<T>(_ name: UnsafeBufferPointer<UInt8>, of i: Int, _ body: (Field) throws -> T) rethrows -> T {
        push(bytes: name)
        let type = lua_rawget(L, Int32(i))
        defer { gh_pop(L, 1) }
        switch type {
        case LUA_TNIL: return try body(.absent)
        case LUA_TBOOLEAN: return try body(.boolean(lua_toboolean(L, -1) != 0))
        case LUA_TNUMBER:
            var isInteger: Int32 = 0
            let n = gh_tointeger(L, -1, &isInteger)
            return try body(lua_isinteger(L, -1) != 0 && isInteger != 0 ? .integer(Int64(n)) : .number(gh_tonumber(L, -1, nil)))
        case LUA_TSTRING:
            var length = 0
            guard let p = gh_tolstring(L, -1, &length), length <= state.readLimits.bytes else { return try body(.other) }
            // (Not `withMemoryRebound`: in this generic function it is not specialised, and cost
            // a third of the call.)
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: length)
            return try body(MarkRun.isTooLong(bytes) ? .other : .string(bytes))
        default: return try body(.other)
        }
    }

    /// What a host's cache (the table `table`, raw) keeps for argument `i`: a string is left
    /// pushed, a result ready to return; anything else is not left on the stack.
    public enum Cached {
        case string
        case integer(Int)
        case absent
    }

    public func cached(_ i: Int, in table: LuaRef) -> Cached {
        table.push(L!)
        lua_pushvalue(L, Int32(i))
        switch lua_rawget(L, -2) {
        case LUA_TSTRING: return .string
        case LUA_TNUMBER:
            let n = Int(gh_tointeger(L, -1, nil))
            gh_pop(L, 2)
            return .integer(n)
        default:
            gh_pop(L, 2)
            return .absent
        }
    }

    /// Keeps `n` in the cache `table` for argument `i` (see `cached`).
    public func cache(_ n: Int, for i: Int, in table: LuaRef) {
        table.push(L!)
        lua_pushvalue(L, Int32(i))
        lua_pushinteger(L, lua_Integer(n))
        lua_rawset(L, -3)
        gh_pop(L, 1)
    }

    /// Pushes `bytes` as a string result and keeps it in the cache `table` for argument `i`.
    public func cache(bytes: [UInt8], for i: Int, in table: LuaRef) {
        push(bytes: bytes)
        let result = lua_gettop(L)
        table.push(L!)
        lua_pushvalue(L, Int32(i))
        lua_pushvalue(L, result)
        lua_rawset(L, -3)
        gh_pop(L, 1)
    }

    /// Pushes `bytes` as a string (no Swift String is made).
    public func push(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { push(bytes: $0) }
    }

    private func push(bytes: UnsafeBufferPointer<UInt8>) {
        bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }

    /// Sets `t[key] = value` on the table argument `i` (no metamethods).
    public func setField(_ i: Int, _ key: String, _ value: LuaValue) {
        state.pushString(key, on: L)
        state.push(value, on: L)
        lua_rawset(L, Int32(i))
    }

    /// Element `n` of the table argument `i` (no metamethods), copied into Swift.
    public func value(elementOf i: Int, at n: Int) throws -> LuaValue {
        lua_rawgeti(L, Int32(i), lua_Integer(n))
        defer { gh_pop(L, 1) }
        if let plain = state.plainValue(at: -1, on: L) { return plain }
        return try state.value(at: -1, on: L, root: "argument #\(i)[\(n)]")
    }

    /// Whether `t[n]` is a table, where `t` is the table argument `i` (no metamethods).
    public func isTable(element n: Int, in i: Int) -> Bool {
        defer { gh_pop(L, 1) }
        return lua_rawgeti(L, Int32(i), lua_Integer(n)) == LUA_TTABLE
    }

    /// Rewrites the list part of the table argument `i`: position k receives the element that
    /// was at position `order[k-1]`, and positions past the end of `order` are cleared. The
    /// values themselves move, so tables keep their identity and fields.
    public func rearrange(_ i: Int, _ order: [Int]) throws {
        let old = Int(lua_rawlen(L, Int32(i)))
        try reserve(order.count, for: i)
        for source in order { lua_rawgeti(L, Int32(i), lua_Integer(source)) }
        for k in stride(from: order.count, to: 0, by: -1) { lua_rawseti(L, Int32(i), lua_Integer(k)) }
        for k in stride(from: old, to: order.count, by: -1) {
            lua_pushnil(L)
            lua_rawseti(L, Int32(i), lua_Integer(k))
        }
    }

    /// Pushes a new list of the elements of the table argument `i` at `positions` (the same
    /// values, not copies).
    public func pushList(of i: Int, at positions: [Int]) {
        lua_createtable(L, Int32(clamping: positions.count), 0)
        for (k, source) in positions.enumerated() {
            lua_rawgeti(L, Int32(i), lua_Integer(source))
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    /// Pushes a new list of lists: list k holds the elements of the table argument `i` at
    /// `groups[k-1]`.
    public func pushLists(of i: Int, at groups: [[Int]]) {
        lua_createtable(L, Int32(clamping: groups.count), 0)
        for (k, positions) in groups.enumerated() {
            pushList(of: i, at: positions)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    private func reserve(_ n: Int, for i: Int) throws {
        guard n < Int(Int32.max) - 1, lua_checkstack(L, Int32(n) + 1) != 0 else {
            throw LuaHostError("argument #\(i): a list of \(n) items is too long to reorder")
        }
    }

    /// Compiles text source on the calling thread and pushes the function (once in a process
    /// for the same name and text, `CompiledChunks`); a syntax error is thrown as a `LuaError`.
    public func load(_ source: [UInt8], chunkName: String) throws {
        state.noteChunkName(chunkName)
        let status = CompiledChunks.shared.load(source, chunkName: chunkName, on: L)
        if status != LUA_OK {
            let message = state.string(at: -1, on: L) ?? "cannot load \(chunkName)"
            gh_pop(L, 1)
            throw LuaRaise(.string(message))
        }
    }

    // Raw field access by a fixed key, for host functions that read a few fields of many
    // tables (cards in a deck): no copy into Swift, no metamethod. `table` is a stack index.

    /// Runs `body` with `t[n]` pushed, where `t` is the table argument `i`, and gives it the
    /// element's stack index; nil when `t[n]` is not a table. (A table argument itself is at
    /// stack index `i`.)
    public func withElement<T>(_ n: Int, of i: Int, _ body: (Int32) throws -> T) rethrows -> T? {
        defer { gh_pop(L, 1) }
        guard lua_rawgeti(L, Int32(i), lua_Integer(n)) == LUA_TTABLE else { return nil }
        return try body(lua_gettop(L))
    }

    /// Pushes a fixed key (no Swift String is made). A literal's bytes are a C string at a
    /// fixed address, and `lua_pushstring` finds the Lua string for an address it met lately in
    /// a cache, without hashing the bytes again: host functions push their field names at
    /// every call (`faceUp` for each card of a list).
    private func pushKey(_ key: StaticString) {
        if key.hasPointerRepresentation {
            key.utf8Start.withMemoryRebound(to: CChar.self, capacity: key.utf8CodeUnitCount + 1) { _ = lua_pushstring(L, $0) }
            return
        }
        key.withUTF8Buffer { push(bytes: $0) }
    }

    /// Pushes `table[key]` (raw) and returns its type.
    private func pushField(_ key: StaticString, of table: Int32) -> Int32 {
        pushKey(key)
        return lua_rawget(L, table)
    }

    /// Whether `table[key]` is not nil.
    public func hasField(_ key: StaticString, of table: Int32) -> Bool {
        defer { gh_pop(L, 1) }
        return pushField(key, of: table) != LUA_TNIL
    }

    /// `table[key]` when it is a boolean.
    public func boolean(_ key: StaticString, of table: Int32) -> Bool? {
        defer { gh_pop(L, 1) }
        return pushField(key, of: table) == LUA_TBOOLEAN ? lua_toboolean(L, -1) != 0 : nil
    }

    /// The positions of the list argument `i` whose element is a table with `key` true (raw).
    /// The key is pushed once for the whole list: games ask this of every card at every move.
    public func positions(whereTrue key: StaticString, in i: Int) -> [Int] {
        var found: [Int] = []
        forEachField(key, ofElementsOf: i) { n, isTrue in
            if isTrue { found.append(n) }
            return true
        }
        return found
    }

    /// Whether every element of the list argument `i` is a table with `key` true (raw).
    public func allTrue(_ key: StaticString, in i: Int) -> Bool {
        var all = true
        forEachField(key, ofElementsOf: i) { _, isTrue in
            all = isTrue
            return isTrue
        }
        return all
    }

    /// Calls `body` with each position of the list argument `i` and whether its element is a
    /// table with `key` true, while `body` returns true.
    private func forEachField(_ key: StaticString, ofElementsOf i: Int, _ body: (Int, Bool) -> Bool) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushKey(key)
        let k = top + 1
        for n in stride(from: 1, through: Int(lua_rawlen(L, Int32(i))), by: 1) {
            var isTrue = false
            if lua_rawgeti(L, Int32(i), lua_Integer(n)) == LUA_TTABLE {
                lua_pushvalue(L, k)
                isTrue = lua_rawget(L, -2) == LUA_TBOOLEAN && lua_toboolean(L, -1) != 0
            }
            lua_settop(L, k)
            if !body(n, isTrue) { return }
        }
    }

    /// `table[key]` when it is a number.
    public func number(_ key: StaticString, of table: Int32) -> Double? {
        defer { gh_pop(L, 1) }
        return pushField(key, of: table) == LUA_TNUMBER ? gh_tonumber(L, -1, nil) : nil
    }

    /// `table[key]` when it is a number with an integer value.
    public func integer(_ key: StaticString, of table: Int32) -> Int64? {
        defer { gh_pop(L, 1) }
        guard pushField(key, of: table) == LUA_TNUMBER else { return nil }
        var ok: Int32 = 0
        let n = gh_tointeger(L, -1, &ok)
        return ok != 0 ? Int64(n) : nil
    }

    /// `table[key]` when it is a string of at most `maxBytes` bytes.
    public func string(_ key: StaticString, of table: Int32, maxBytes: Int) -> String? {
        defer { gh_pop(L, 1) }
        guard pushField(key, of: table) == LUA_TSTRING, Int(lua_rawlen(L, -1)) <= maxBytes else { return nil }
        return state.string(at: -1, on: L)
    }

    /// Sets `table[key]` (raw) to a boolean, a number or (nil) nothing.
    public func set(_ key: StaticString, of table: Int32, _ value: Bool) {
        pushKey(key)
        lua_pushboolean(L, value ? 1 : 0)
        lua_rawset(L, table)
    }

    public func set(_ key: StaticString, of table: Int32, _ value: Double?) {
        pushKey(key)
        if let value { lua_pushnumber(L, value) } else { lua_pushnil(L) }
        lua_rawset(L, table)
    }

    public func set(_ key: StaticString, of table: Int32, _ value: Int64) {
        pushKey(key)
        lua_pushinteger(L, lua_Integer(value))
        lua_rawset(L, table)
    }

    public func set(_ key: StaticString, of table: Int32, _ value: String) {
        pushKey(key)
        state.pushString(value, on: L)
        lua_rawset(L, table)
    }

    /// Pushes a new table with room for `count` list elements and `fields` named fields, and
    /// returns its stack index.
    @discardableResult
    public func pushTable(count: Int = 0, fields: Int = 0) -> Int32 {
        lua_createtable(L, Int32(clamping: count), Int32(clamping: fields))
        return lua_gettop(L)
    }

    /// Pushes a new table with the fields of element `n` of the referenced list `list` (raw;
    /// the values themselves), with room for `fields` of them.
    public func pushCopy(ofElement n: Int, of list: LuaRef, fields: Int) {
        list.push(L!)
        lua_rawgeti(L, -1, lua_Integer(n))
        gh_push_table_copy(L, -1, Int32(clamping: fields))
        lua_rotate(L, -3, 1)  // the copy below the list and its element
        gh_pop(L, 2)
    }

    /// A reference that keeps the value on top of the stack alive; pops it.
    public func refPoppingTop() -> LuaRef {
        defer { gh_pop(L, 1) }
        return state.ref(at: -1, on: L)
    }

    /// Pops the value on top of the stack into element `n` of the table at stack index `list`.
    public func append(to list: Int32, at n: Int) {
        lua_rawseti(L, list, lua_Integer(n))
    }

    /// Pushes elements 1...n of the table argument `i` as a new list (or, with `asList`
    /// false, element 1 alone) and removes them from it, moving the rest down (the values
    /// move; tables keep their identity).
    public func takeFront(of i: Int, _ n: Int, asList: Bool = true) {
        let count = Int(lua_rawlen(L, Int32(i)))
        if asList {
            lua_createtable(L, Int32(clamping: n), 0)
            for k in stride(from: 1, through: n, by: 1) {
                lua_rawgeti(L, Int32(i), lua_Integer(k))
                lua_rawseti(L, -2, lua_Integer(k))
            }
        } else {
            lua_rawgeti(L, Int32(i), 1)
        }
        for k in stride(from: n + 1, through: count, by: 1) {
            lua_rawgeti(L, Int32(i), lua_Integer(k))
            lua_rawseti(L, Int32(i), lua_Integer(k - n))
        }
        for k in stride(from: count, to: count - n, by: -1) {
            lua_pushnil(L)
            lua_rawseti(L, Int32(i), lua_Integer(k))
        }
    }

    /// Pushes a copy of argument `i` as a result.
    public func pushArgument(_ i: Int) { lua_pushvalue(L, Int32(i)) }
}

extension LuaCall {
    /// The two numbers kept for the value at stack index `key` in the referenced table `table`
    /// (`table[key] = { a, b }`, raw), each nil when missing.
    public func numberPair(in table: LuaRef, for key: Int32) -> (Double?, Double?) {
        let k = lua_absindex(L, key)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        table.push(L!)
        lua_pushvalue(L, k)
        guard lua_rawget(L, -2) == LUA_TTABLE else { return (nil, nil) }
        let t = lua_gettop(L)
        var a: Double?, b: Double?
        if lua_rawgeti(L, t, 1) == LUA_TNUMBER { a = gh_tonumber(L, -1, nil) }
        if lua_rawgeti(L, t, 2) == LUA_TNUMBER { b = gh_tonumber(L, -1, nil) }
        return (a, b)
    }

    /// Keeps two numbers for the value at stack index `key` in the referenced table `table`:
    /// in the pair kept for it before, if there is one (a card turned at every move makes no
    /// new table each time; the host's data is saved and restored table by table, in place).
    public func setNumberPair(in table: LuaRef, for key: Int32, _ a: Double?, _ b: Double?) {
        let k = lua_absindex(L, key)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        table.push(L!)
        lua_pushvalue(L, k)
        if lua_rawget(L, -2) != LUA_TTABLE {
            gh_pop(L, 1)
            lua_pushvalue(L, k)
            lua_createtable(L, 2, 0)
            lua_rawset(L, -3)
            lua_pushvalue(L, k)
            lua_rawget(L, -2)
        }
        if let a { lua_pushnumber(L, a) } else { lua_pushnil(L) }
        lua_rawseti(L, -2, 1)
        if let b { lua_pushnumber(L, b) } else { lua_pushnil(L) }
        lua_rawseti(L, -2, 2)
    }
}

extension LuaCall {
    /// Puts the value at stack index `value` into the list argument `i` at position `at` (1 is
    /// the front), moving the elements from there back by one (raw, values not copies).
    public func insert(_ value: Int32, into i: Int, at position: Int) {
        let v = lua_absindex(L, value)
        let count = Int(lua_rawlen(L, Int32(i)))
        for k in stride(from: count, through: position, by: -1) {
            lua_rawgeti(L, Int32(i), lua_Integer(k))
            lua_rawseti(L, Int32(i), lua_Integer(k + 1))
        }
        lua_pushvalue(L, v)
        lua_rawseti(L, Int32(i), lua_Integer(position))
    }

    /// Pushes element `position` of the list argument `i` and takes it out of the list, moving
    /// the elements after it forward by one.
    public func remove(from i: Int, at position: Int) {
        let count = Int(lua_rawlen(L, Int32(i)))
        lua_rawgeti(L, Int32(i), lua_Integer(position))
        for k in stride(from: position, to: count, by: 1) {
            lua_rawgeti(L, Int32(i), lua_Integer(k + 1))
            lua_rawseti(L, Int32(i), lua_Integer(k))
        }
        lua_pushnil(L)
        lua_rawseti(L, Int32(i), lua_Integer(count))
    }

    /// The index of the top of the stack.
    public var top: Int32 { lua_gettop(L) }

    /// Pops `n` values off the stack.
    public func pop(_ n: Int32 = 1) { gh_pop(L, n) }

    /// Whether the value at stack index `index` is a table.
    public func isTable(at index: Int32) -> Bool { lua_type(L, index) == LUA_TTABLE }

    /// Sets `table[key]` (raw) to an integer, or to nil, for the table at stack index `table`.
    public func set(_ key: StaticString, of table: Int32, integer value: Int64?) {
        let t = lua_absindex(L, table)
        pushKey(key)
        if let value { lua_pushinteger(L, lua_Integer(value)) } else { lua_pushnil(L) }
        lua_rawset(L, t)
    }
}
