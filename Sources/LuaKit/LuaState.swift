import CLua

/// A Swift function callable from Lua. It reads its arguments and pushes its results through
/// the `LuaCall`, and returns how many results it pushed. A thrown error becomes a Lua error
/// raised by the C trampoline, never a longjmp across Swift.
public typealias LuaFunction = (LuaCall) throws -> Int32

/// One Lua state: a sandbox for one rule file and everything it loads.
///
/// Rule code runs only through `call`, which resets the instruction budget, counts rule
/// allocations against the memory cap, and turns every failure into a `LuaError`.
public final class LuaState {
    /// What references need of their state: the pointer and whether it is closed. References
    /// hold this rather than a weak reference to the state, which would put every retain of
    /// the state on Swift's slow path.
    final class Handle {
        let L: OpaquePointer
        var isClosed = false
        init(_ L: OpaquePointer) { self.L = L }
    }

    let L: OpaquePointer
    let handle: Handle
    let limits: UnsafeMutablePointer<gh_limits>
    var functions: [LuaFunction] = []
    var deepCopyFunction: LuaRef?
    public private(set) var isClosed = false

    /// Instructions one `call` may run, counting every coroutine it resumes.
    public var stepBudget: Int64 = 20_000_000

    /// With a time limit, calls run without the instruction count hook (about twice as fast
    /// on tight loops) and a watchdog stops a call that runs past the limit instead: for bulk
    /// simulation. Nil (the default) keeps the instruction budget, which also reaches coroutines.
    public var timeLimit: Double? {
        didSet {
            if timeLimit == nil { gh_install_budget_hook(L) } else { gh_remove_hook(L) }
        }
    }
    /// Chunk names too long for Lua's messages, which keep only their end after "...".
    private var longChunkNames: [String] = []
    /// Registry reference to the message handler that adds tracebacks.
    private var messageHandlerRef: Int32 = 0

    /// Makes a state. `sandboxed` opens only the safe libraries (see `Sandbox.swift`);
    /// otherwise none at all. `memoryCap` limits what rule code may allocate.
    public init(sandboxed: Bool = true, memoryCap: Int = 64 << 20) {
        limits = .allocate(capacity: 1)
        limits.initialize(to: gh_limits())
        limits.pointee.cap = 0  // no cap while the libraries open
        limits.pointee.host = 1
        limits.pointee.dispatch = luaKitDispatch
        guard let state = gh_newstate(limits) else { fatalError("out of memory creating a Lua state") }
        L = state
        handle = Handle(state)
        limits.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        lua_pushcclosure(L, gh_message_handler, 0)
        messageHandlerRef = luaL_ref(L, gh_registryindex())
        if sandboxed { Sandbox.install(in: self) }
        deepCopyFunction = makeDeepCopyFunction()
        limits.pointee.cap = memoryCap
        gh_install_budget_hook(L)
    }

    deinit { close() }

    /// Closes the state: every object it holds is released.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if timeLimit != nil { Watchdog.shared.disarm(self) }
        handle.isClosed = true
        limits.pointee.budget_on = 0
        lua_close(L)
        limits.deallocate()
    }

    /// Bytes the state holds now.
    public var memoryInUse: Int { limits.pointee.used }
    public var memoryCap: Int { limits.pointee.cap }

    static func owner(of L: OpaquePointer?) -> LuaState {
        Unmanaged<LuaState>.fromOpaque(gh_limits_of(L).pointee.owner).takeUnretainedValue()
    }

    // MARK: Values

    /// Pushes a Swift value onto the stack of `L` (the main thread or a coroutine).
    func push(_ value: LuaValue, on L: OpaquePointer? = nil) {
        let L = L ?? self.L
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): pushString(s, on: L)
        case .array(let items):
            lua_createtable(L, Int32(items.count), 0)
            for (i, item) in items.enumerated() {
                push(item, on: L)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        case .map(let fields):
            lua_createtable(L, 0, Int32(fields.count))
            for (key, item) in fields {
                pushString(key, on: L)
                push(item, on: L)
                lua_rawset(L, -3)
            }
        case .ref(let r):
            precondition(r.handle === handle, "a LuaRef pushed into another state")
            r.push(L)
        }
    }

    func pushString(_ s: String, on L: OpaquePointer?) {
        var s = s
        s.withUTF8 { buf in
            _ = buf.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// Reads the value at `index` of `L`. Tables are copied (cycles and deep nests end in
    /// `ref`s); functions, userdata and threads come back as `ref`s.
    func value(at index: Int32, on L: OpaquePointer? = nil, depth: Int = 0) -> LuaValue {
        let L = L ?? self.L
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(Int64(gh_tointeger(L, index, nil))) }
            return .number(gh_tonumber(L, index, nil))
        case LUA_TSTRING: return .string(string(at: index, on: L) ?? "")
        case LUA_TTABLE where depth < 64: return table(at: index, on: L, depth: depth)
        default: return .ref(ref(at: index, on: L))
        }
    }

    func string(at index: Int32, on L: OpaquePointer?) -> String? {
        var len = 0
        guard let p = gh_tolstring(L, index, &len) else { return nil }
        return p.withMemoryRebound(to: UInt8.self, capacity: len) {
            String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
        }
    }

    private func table(at index: Int32, on L: OpaquePointer?, depth: Int) -> LuaValue {
        let t = lua_absindex(L, index)
        guard lua_checkstack(L, 4) != 0 else { return .ref(ref(at: t, on: L)) }
        var integerKeys: [Int64: LuaValue] = [:]
        var fields: [String: LuaValue] = [:]
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            let item = value(at: -1, on: L, depth: depth + 1)
            if lua_type(L, -2) == LUA_TNUMBER, lua_isinteger(L, -2) != 0 {
                integerKeys[Int64(gh_tointeger(L, -2, nil))] = item
            } else if lua_type(L, -2) == LUA_TSTRING {
                fields[string(at: -2, on: L) ?? ""] = item
            } else {
                // Copy the key before converting it, so lua_next sees the original.
                lua_pushvalue(L, -2)
                fields[string(at: -1, on: L) ?? luaTypeName(L, -1)] = item
                gh_pop(L, 1)
            }
            gh_pop(L, 1)
        }
        if fields.isEmpty, (1...max(integerKeys.count, 1)).allSatisfy({ integerKeys[Int64($0)] != nil }) || integerKeys.isEmpty {
            return .array((0..<integerKeys.count).map { integerKeys[Int64($0 + 1)]! })
        }
        for (k, v) in integerKeys { fields[String(k)] = v }
        return .map(fields)
    }

    private func luaTypeName(_ L: OpaquePointer?, _ index: Int32) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// Keeps the value at `index` alive and returns a reference to it.
    func ref(at index: Int32, on L: OpaquePointer? = nil) -> LuaRef {
        let L = L ?? self.L
        let type = luaTypeName(L, index)
        lua_pushvalue(L, index)
        if L != self.L { lua_xmove(L, self.L, 1) }
        return LuaRef(handle: handle, ref: luaL_ref(self.L, gh_registryindex()), typeName: type)
    }

    /// A reference to a value made in Swift (a table, say) kept inside Lua.
    public func makeRef(_ value: LuaValue) -> LuaRef {
        push(value)
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }

    /// Reads a referenced value into Swift (tables are copied).
    public func read(_ r: LuaRef) -> LuaValue {
        push(.ref(r))
        defer { gh_pop(L, 1) }
        return value(at: -1)
    }

    // MARK: Globals and fields

    public func setGlobal(_ name: String, _ value: LuaValue) {
        push(value)
        lua_setglobal(L, name)
    }

    public func global(_ name: String) -> LuaValue {
        lua_getglobal(L, name)
        defer { gh_pop(L, 1) }
        return value(at: -1)
    }

    /// A reference to global `name`, if it is set.
    public func globalRef(_ name: String) -> LuaRef? {
        lua_getglobal(L, name)
        defer { gh_pop(L, 1) }
        return lua_type(L, -1) == LUA_TNIL ? nil : ref(at: -1)
    }

    /// Sets `table[key] = value` without metamethods.
    public func setField(_ table: LuaRef, _ key: String, _ value: LuaValue) {
        push(.ref(table))
        pushString(key, on: L)
        push(value)
        lua_rawset(L, -3)
        gh_pop(L, 1)
    }

    /// Reads `table[key]` without metamethods, copied into Swift.
    public func field(_ table: LuaRef, _ key: String) -> LuaValue {
        push(.ref(table))
        pushString(key, on: L)
        lua_rawget(L, -2)
        defer { gh_pop(L, 2) }
        return value(at: -1)
    }

    /// Lua shortens a long chunk name to "..." and its last 56 characters (LUA_IDSIZE);
    /// messages name the whole file again, so a player can open it.
    func noteChunkName(_ name: String) {
        if name.utf8.count >= Int(LUA_IDSIZE), !longChunkNames.contains(name) { longChunkNames.append(name) }
    }

    func restoringChunkNames(_ text: String) -> String {
        var text = text
        for name in longChunkNames {
            let short = "..." + String(decoding: name.utf8.suffix(Int(LUA_IDSIZE) - 4), as: UTF8.self)
            text = text.replacing(short, with: name)
        }
        return text
    }

    // MARK: Swift functions

    /// Wraps a Swift function as a Lua function value.
    public func function(_ body: @escaping LuaFunction) -> LuaRef {
        functions.append(body)
        gh_push_swift_function(L, lua_Integer(functions.count - 1))
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }

    /// Sets global `name` to a Swift function.
    public func register(_ name: String, _ body: @escaping LuaFunction) {
        setGlobal(name, .ref(function(body)))
    }

    // MARK: Loading and calling

    /// Compiles text source (binary chunks are refused) into a function. `chunkName` is how
    /// errors name the source, e.g. "rules/rps.lua".
    public func load(_ source: String, chunkName: String) throws -> LuaRef {
        noteChunkName(chunkName)
        var source = source
        let status: Int32 = source.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) {
                gh_loadbuffer(L, $0.baseAddress, $0.count, "@" + chunkName, "t")
            }
        }
        if status != LUA_OK {
            let message = string(at: -1, on: L) ?? "cannot load \(chunkName)"
            gh_pop(L, 1)
            throw LuaError(status == LUA_ERRMEM ? .memory : .syntax, restoringChunkNames(message))
        }
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }

    /// Calls `function` with `args` under the step budget and the memory cap, and returns
    /// its results (`results` of them, or all with nil). Tables come back copied, or as
    /// `ref`s with `tablesByReference` (a state to keep in Lua).
    @discardableResult
    public func call(_ function: LuaRef, _ args: [LuaValue] = [], results: Int? = nil, tablesByReference: Bool = false) throws -> [LuaValue] {
        precondition(!isClosed, "call on a closed Lua state")
        let base = lua_gettop(L)
        lua_rawgeti(L, gh_registryindex(), lua_Integer(messageHandlerRef))
        push(.ref(function))
        for arg in args { push(arg) }
        limits.pointee.steps_left = stepBudget
        limits.pointee.exhausted = 0
        limits.pointee.timed_out = 0
        limits.pointee.budget_on = 1
        limits.pointee.close_depth = 0
        let wasHost = limits.pointee.host
        limits.pointee.host = 0
        if let timeLimit { Watchdog.shared.arm(self, seconds: timeLimit) }
        let status = gh_pcall(L, Int32(args.count), Int32(results ?? Int(LUA_MULTRET)), base + 1)
        if timeLimit != nil {
            Watchdog.shared.disarm(self)
            gh_remove_hook(L)  // in case it fired as the call ended
        }
        limits.pointee.host = wasHost
        limits.pointee.budget_on = 0
        let exhausted = limits.pointee.exhausted != 0
        defer { lua_settop(L, base) }
        guard status == LUA_OK else { throw error(status: status, exhausted: exhausted) }
        let top = lua_gettop(L)
        guard top > base + 1 else { return [] }
        return (base + 2...top).map {
            tablesByReference && lua_type(L, $0) == LUA_TTABLE ? .ref(ref(at: $0)) : value(at: $0)
        }
    }

    private func error(status: Int32, exhausted: Bool) -> LuaError {
        if status == LUA_ERRMEM {
            return LuaError(.memory, "rule exceeded its memory limit of \(limits.pointee.cap >> 20) MB")
        }
        guard lua_type(L, -1) == LUA_TSTRING else {
            return LuaError(.value, "(error object is a \(luaTypeName(L, -1)) value)", value: value(at: -1))
        }
        let text = restoringChunkNames(string(at: -1, on: L) ?? "")
        var message = text
        var traceback: String?
        if let cut = text.firstRange(of: "\nstack traceback:") {
            message = String(text[..<cut.lowerBound])
            traceback = String(text[cut.lowerBound...].dropFirst())
        }
        return LuaError(exhausted ? .budget : .runtime, message, traceback: traceback)
    }
}

/// The one Swift entry point for every Swift function called from Lua (see
/// `gh_swift_trampoline`): finds the function by its upvalue index and maps a thrown error to
/// an error value on the stack.
private let luaKitDispatch: @convention(c) (OpaquePointer?) -> Int32 = { L in
    // The state outlives every call into it, so borrow it without retaining (this path is
    // the cost of every Lua-to-Swift call).
    Unmanaged<LuaState>.fromOpaque(gh_limits_of(L).pointee.owner)._withUnsafeGuaranteedRef { state in
        dispatch(state, L)
    }
}

private func dispatch(_ state: LuaState, _ L: OpaquePointer?) -> Int32 {
    let index = Int(gh_swift_function_index(L))
    let call = LuaCall(state: state, L: L)
    do {
        return try state.functions[index](call)
    } catch let raised as LuaRaise {
        state.push(raised.value, on: L)
        return -1
    } catch {
        luaL_where(L, 1)
        state.pushString(String(describing: error), on: L)
        lua_concat(L, 2)
        return -1
    }
}

/// Thrown by a Swift function to raise `value` as the Lua error object itself (no position
/// is added): used for tokens the host recognises, such as a refusal.
public struct LuaRaise: Error {
    public var value: LuaValue
    public init(_ value: LuaValue) { self.value = value }
}
