import CLua
import Locking
import GameCore
#if canImport(Glibc)
import Glibc
#endif

/// A Swift function callable from Lua. It reads its arguments and pushes its results through
/// the `LuaCall`, and returns how many results it pushed. A thrown error becomes a Lua error
/// raised by the C trampoline, never a longjmp across Swift.
public typealias LuaFunction = (LuaCall) throws -> Int32

/// One Lua state: a sandbox for one rule file and everything it loads.
///
/// Rule code runs only through `call`, which starts the step budget and the time limit (or
/// draws on an open allowance), counts rule allocations against the memory cap, and turns
/// every failure into a `LuaError`.
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
    /// Every Swift function registered, with the parameters it declared (nil for the host's
    /// own helpers, which check nothing).
    var functions: [HostFunction] = []
    /// The saved state of the move in progress (see LuaState+Snapshot.swift).
    let snapshot: UnsafeMutablePointer<gh_snapshot>
    var snapshotFunctions: (save: LuaRef, unchanged: LuaRef, restore: LuaRef)?
    var snapshotAnchors: LuaRef?
    public private(set) var isClosed = false

    /// Steps one `call` may run (an instruction is a step; C functions charge theirs, see
    /// budget.h), counting every coroutine it resumes. Nil runs calls without the count hook,
    /// about twice as fast on tight loops, bounded by the time limit alone: for simulations.
    public var stepBudget: Int64? = 20_000_000

    /// Seconds of processor time one `call` may take on its thread, whatever it runs: a
    /// watchdog stops the running thread, main or coroutine, at its next instruction. A busy
    /// machine does not stretch it; a call whose thread gets no core at all is stopped after
    /// `Watchdog.backstopFactor` times as long by the wall clock.
    public var timeLimit: Double = 1.0

    /// Limits on every value read from Lua into Swift (see `LuaValueReader`).
    public var readLimits = LuaReadLimits.standard

    /// While open, calls share one allowance of steps and time instead of each starting
    /// afresh: a game's step (a move, then view, moves and result) is bounded as a whole, so
    /// a rule cannot spend a full budget in each of several hooks. The watchdog is armed once
    /// for the whole allowance, on the thread that opened it (its calls run there too), so a
    /// call inside one costs no clock reading and no lock.
    private var allowance: Allowance?
    private struct Allowance {
        /// Steps left, nil when steps are not counted (bulk mode).
        var steps: Int64?
    }
    /// Allowances nest: one opened inside another draws on it (a sim's game, then each move).
    private var allowanceDepth = 0

    /// Opens a shared allowance of `stepBudget` steps and `timeLimit` seconds of processor
    /// time, or, inside one already open, goes on drawing on that one.
    public func beginAllowance() {
        if allowanceDepth == 0 {
            allowance = Allowance(steps: stepBudget)
            gh_clear_expired(limits)
            Watchdog.shared.arm(limits, limit: timeLimit)
        }
        allowanceDepth += 1
    }

    public func endAllowance() {
        allowanceDepth -= 1
        if allowanceDepth == 0 {
            allowance = nil
            Watchdog.shared.disarm(limits)
        }
    }

    /// The work rule calls have done on this state, in all (while steps are counted), in steps:
    /// a thousand a call into the rule, and the host's calls and C work for it. It is the same
    /// on every run of the same calls, whatever the machine, its load or the state's history,
    /// so a bound on it cuts the same work short on every run (the served search's ceiling, on
    /// a table and on its rebuilt copy alike). The count hook's steps are left out: a thread's
    /// count runs on from call to call, so where its chunks fall depends on history (a search
    /// cut by them played 46 scratch games on one run and 47 on the next); so are allocations,
    /// which depend on when the collector last ran. A call's own budget still bounds its
    /// instructions, and the search's processor time stays a last bound.
    public var stepsSpent: Int64 { limits.pointee.work }

    /// Whether the open allowance's steps or time are spent.
    public var allowanceSpent: Bool { allowance != nil && spentPart() != nil }

    /// What of the open allowance is spent, if any: "step budget" or "time limit".
    private func spentPart() -> String? {
        if allowance?.steps.map({ $0 <= 0 }) ?? false { return "step budget" }
        if gh_has_expired(limits) != 0 { return "time limit" }
        return nil
    }
    /// Chunk names too long for Lua's messages, which keep only their end after "...".
    private var longChunkNames: [String] = []
    /// Registry reference to the message handler that adds tracebacks.
    private var messageHandlerRef: Int32 = 0
    /// The globals as the libraries opened them, copied before any rule runs (see
    /// `load(_:chunkName:inHostEnvironment:)`).
    private var hostEnvironmentRef: Int32 = 0

    /// Makes a state. `sandboxed` opens only the safe libraries (see `Sandbox.swift`);
    /// otherwise none at all. `memoryCap` limits what rule code may allocate.
    public init(sandboxed: Bool = true, memoryCap: Int = 64 << 20) {
        limits = .allocate(capacity: 1)
        limits.initialize(to: gh_limits())
        limits.pointee.cap = 0  // no cap while the libraries open
        limits.pointee.host = 1
        limits.pointee.fail_at = Self.failureInjection.withLock { injected in
            injected.flatMap { pthread_equal($0.thread, pthread_self()) != 0 ? $0.allocation : nil } ?? 0
        }
        limits.pointee.dispatch = luaKitDispatch
        guard let saved = gh_snapshot_new(Self.snapshotLimit) else { fatalError("out of memory creating a Lua state") }
        snapshot = saved
        guard let state = gh_newstate(limits) else { fatalError("out of memory creating a Lua state") }
        L = state
        handle = Handle(state)
        limits.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        lua_pushcclosure(L, gh_message_handler, 0)
        messageHandlerRef = luaL_ref(L, gh_registryindex())
        if sandboxed { Sandbox.install(in: self) }
        snapshotFunctions = makeSnapshotFunctions()
        hostEnvironmentRef = makeHostEnvironment()
        limits.pointee.cap = memoryCap
    }

    deinit { close() }

    /// Closes the state: every object it holds is released.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Watchdog.shared.disarm(limits)
        handle.isClosed = true
        gh_closestate(limits, L)
        sharedAccount = nil
        gh_snapshot_free(snapshot)
        pthread_mutex_destroy(&limits.pointee.running_lock)
        limits.deallocate()
    }

    /// The account the state shares with others (kept alive while the state counts in it).
    private var sharedAccount: MemoryAccount?

    /// Counts the state's memory in `account` from now on, with the other states that share
    /// it: rule code may not take the account past its cap.
    public func share(_ account: MemoryAccount) {
        guard !isClosed else { return }
        gh_share_account(limits, account.account)
        sharedAccount = account
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
            // Each level of nesting takes stack slots: a deep value (a saved record) must
            // grow the stack, not overrun it.
            guard lua_checkstack(L, 4) != 0 else { lua_pushnil(L); return }
            lua_createtable(L, Int32(items.count), 0)
            for (i, item) in items.enumerated() {
                push(item, on: L)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        case .map(let fields):
            guard lua_checkstack(L, 4) != 0 else { lua_pushnil(L); return }
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

    /// Reads the value at `index` of `L` into Swift under `readLimits`: tables are copied,
    /// functions, userdata and threads come back as `ref`s. `root` names the value in errors
    /// (`state.self: the table contains itself`).
    func value(at index: Int32, on L: OpaquePointer? = nil, root: @autoclosure @escaping () -> String = "value") throws -> LuaValue {
        if let plain = plainValue(at: index, on: L ?? self.L) { return plain }
        var reader = LuaValueReader(state: self, L: L ?? self.L, limits: readLimits, root: root)
        return try reader.read(at: index)
    }

    /// The value at `index` when it is one the reader would take as it is (nil, a boolean, a
    /// number, a string within the read limits), without making a reader; nil for a table, an
    /// object, or a string the reader refuses (it names the path). Host functions read their
    /// arguments' fields this way at every call.
    func plainValue(at index: Int32, on L: OpaquePointer?) -> LuaValue? {
        if let scalar = Self.scalar(at: index, on: L) { return scalar }
        var length = 0
        guard lua_type(L, index) == LUA_TSTRING, let p = gh_tolstring(L, index, &length), length <= readLimits.bytes else { return nil }
        return p.withMemoryRebound(to: UInt8.self, capacity: length) { start -> LuaValue? in
            let bytes = UnsafeBufferPointer(start: start, count: length)
            return MarkRun.isTooLong(bytes) ? nil : .string(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The value at `index` when it is nil, a boolean or a number (nothing to bound); nil
    /// for any other type.
    static func scalar(at index: Int32, on L: OpaquePointer?) -> LuaValue? {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(Int64(gh_tointeger(L, index, nil))) }
            return .number(gh_tonumber(L, index, nil))
        default: return nil
        }
    }

    func string(at index: Int32, on L: OpaquePointer?) -> String? {
        var len = 0
        guard let p = gh_tolstring(L, index, &len) else { return nil }
        return p.withMemoryRebound(to: UInt8.self, capacity: len) {
            String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
        }
    }

    func luaTypeName(_ L: OpaquePointer?, _ index: Int32) -> String {
        let type = Int(lua_type(L, index)) + 1
        return type >= 0 && type < Self.typeNames.count ? Self.typeNames[type] : String(cString: lua_typename(L, Int32(type - 1)))
    }
    /// Lua's names of its types, by type + 1 (LUA_TNONE is -1): made once, not at each reference.
    private static let typeNames = ["no value", "nil", "boolean", "userdata", "number", "string", "table", "function", "userdata", "thread"]

    /// Keeps the value at `index` alive and returns a reference to it.
    func ref(at index: Int32, on L: OpaquePointer? = nil) -> LuaRef {
        let L = L ?? self.L
        let type = luaTypeName(L, index)
        let identity = lua_topointer(L, index)
        lua_pushvalue(L, index)
        if L != self.L { lua_xmove(L, self.L, 1) }
        return LuaRef(handle: handle, ref: luaL_ref(self.L, gh_registryindex()), typeName: type, identity: identity)
    }

    /// A reference to a value made in Swift (a table, say) kept inside Lua.
    public func makeRef(_ value: LuaValue) -> LuaRef {
        push(value)
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }

    /// Reads a referenced value into Swift (tables are copied, within `readLimits`).
    public func read(_ r: LuaRef, as root: String = "value") throws -> LuaValue {
        push(.ref(r))
        defer { gh_pop(L, 1) }
        return try value(at: -1, root: root)
    }

    // MARK: Globals and fields

    // Globals are read and written raw: `lua_getglobal` and `lua_setglobal` would run an
    // `__index` or `__newindex` a rule put on _G, outside any budget (a loop would hang the
    // host, an error would abort it). A rule's global is what the rule assigned.

    public func setGlobal(_ name: String, _ value: LuaValue) {
        gh_pushglobaltable(L)
        pushString(name, on: L)
        push(value)
        lua_rawset(L, -3)
        gh_pop(L, 1)
    }

    /// Pushes global `name`, read raw, onto the main thread's stack.
    private func pushGlobal(_ name: String) {
        gh_pushglobaltable(L)
        pushString(name, on: L)
        lua_rawget(L, -2)
        lua_rotate(L, -2, -1)  // lua_remove(L, -2), a macro
        gh_pop(L, 1)
    }

    public func global(_ name: String) throws -> LuaValue {
        pushGlobal(name)
        defer { gh_pop(L, 1) }
        return try value(at: -1, root: name)
    }

    /// A reference to global `name`, if it is set.
    public func globalRef(_ name: String) -> LuaRef? {
        pushGlobal(name)
        defer { gh_pop(L, 1) }
        return lua_type(L, -1) == LUA_TNIL ? nil : ref(at: -1)
    }

    /// The elements of the table at stack index `t` (absolute) when it is a list of strings
    /// (keys 1...n, none other), each of at most `maxBytes` bytes, read without a reader: as
    /// the reader gives them, which reads the list a value at a time and keeps the path to each
    /// for its messages. Nil for any other value (a number in it, a field, a hole, a string too
    /// long), for the reader to read and to name what is wrong. (`moves` returns such a list at
    /// every step of a game; see `LuaResult.stringList`.)
    func stringList(at t: Int32, maxBytes: Int) -> [String]? {
        defer { lua_settop(L, t) }
        guard lua_type(L, t) == LUA_TTABLE else { return nil }
        let length = Int(lua_rawlen(L, t))
        // As many keys as positions, and every position a string: the keys are 1...n.
        var keys = 0
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            keys += 1
            lua_settop(L, t + 1)
            if keys > length {
                lua_settop(L, t)
                return nil
            }
        }
        guard keys == length else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(length)
        // The reader's bound on the text of one read, with each position's digits as a key's.
        var bytes = 0, digits = 1, nextPower = 10
        for i in stride(from: 1, through: length, by: 1) {
            if i == nextPower {
                digits += 1
                nextPower *= 10
            }
            var count = 0
            guard lua_rawgeti(L, t, lua_Integer(i)) == LUA_TSTRING, let p = gh_tolstring(L, -1, &count), count <= maxBytes else { return nil }
            bytes += count + digits
            guard bytes <= readLimits.bytes else { return nil }
            let string = p.withMemoryRebound(to: UInt8.self, capacity: count) { start -> String? in
                let text = UnsafeBufferPointer(start: start, count: count)
                return MarkRun.isTooLong(text) ? nil : String(decoding: text, as: UTF8.self)
            }
            guard let string else { return nil }
            strings.append(string)
            lua_settop(L, t)
        }
        return strings
    }

    /// The string keys of a table (raw, no metamethods), at most `limit` of them.
    public func keys(of table: LuaRef, limit: Int = 10_000) throws -> [String] {
        push(.ref(table))
        defer { gh_pop(L, 1) }
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            gh_pop(L, 1)
            guard names.count < limit else {
                gh_pop(L, 1)
                throw LuaReadError(path: "table", reason: "more than \(limit) fields")
            }
            if lua_type(L, -1) == LUA_TSTRING {
                // A key Swift could not compare or hash in linear time (see `MarkRun`).
                var length = 0
                if let p = gh_tolstring(L, -1, &length),
                   p.withMemoryRebound(to: UInt8.self, capacity: length, { MarkRun.isTooLong(UnsafeBufferPointer(start: $0, count: length)) }) {
                    gh_pop(L, 1)  // the key; the table goes with the defer
                    throw LuaReadError(path: "table", reason: "a key that \(MarkRun.problem)")
                }
                if let name = string(at: -1, on: L) { names.append(name) }
            }
        }
        return names
    }

    /// Element `i` of a referenced table (raw), when it is not nil.
    public func rawElement(_ table: LuaRef, _ i: Int) throws -> LuaRef? {
        push(.ref(table))
        defer { gh_pop(L, 1) }
        lua_rawgeti(L, -1, lua_Integer(i))
        defer { gh_pop(L, 1) }
        return lua_type(L, -1) == LUA_TNIL ? nil : ref(at: -1)
    }

    /// Sets element `i` of a referenced table (raw).
    public func setRawElement(_ table: LuaRef, _ i: Int, _ value: LuaValue) {
        push(.ref(table))
        push(value)
        lua_rawseti(L, -2, lua_Integer(i))
        gh_pop(L, 1)
    }

    /// Gives a referenced table weak keys (an entry goes when its key is collected).
    public func setWeakKeys(_ table: LuaRef) {
        push(.ref(table))
        if weakKeysMetatable == nil {
            lua_createtable(L, 0, 1)
            pushString("k", on: L)
            lua_setfield(L, -2, "__mode")
            weakKeysMetatable = ref(at: -1)
            gh_pop(L, 1)
        }
        weakKeysMetatable!.push(L)
        lua_setmetatable(L, -2)
        gh_pop(L, 1)
    }
    /// The metatable `setWeakKeys` gives, made once (a game makes a weak table every game; no
    /// rule code reaches it to change it).
    private var weakKeysMetatable: LuaRef?

    /// Sets `table[key] = value` without metamethods.
    public func setField(_ table: LuaRef, _ key: String, _ value: LuaValue) {
        push(.ref(table))
        pushString(key, on: L)
        push(value)
        lua_rawset(L, -3)
        gh_pop(L, 1)
    }

    /// Reads `table[key]` without metamethods, copied into Swift.
    public func field(_ table: LuaRef, _ key: String) throws -> LuaValue {
        push(.ref(table))
        pushString(key, on: L)
        lua_rawget(L, -2)
        defer { gh_pop(L, 2) }
        return try value(at: -1, root: key)
    }

    /// Lua shortens a long chunk name to "..." and its last 56 characters (LUA_IDSIZE);
    /// messages name the whole file again, so a player can open it.
    func noteChunkName(_ name: String) {
        if name.utf8.count >= Int(LUA_IDSIZE), !longChunkNames.contains(name) { longChunkNames.append(name) }
    }

    public func restoringChunkNames(_ text: String) -> String {
        var text = text
        for name in longChunkNames {
            let short = "..." + String(decoding: name.utf8.suffix(Int(LUA_IDSIZE) - 4), as: UTF8.self)
            text = text.replacing(short, with: name)
        }
        return text
    }

    // MARK: Swift functions

    /// Wraps a Swift function as a Lua function value. `name` (as a rule calls it, e.g.
    /// "game.pad") and `parameters` are checked before `body` runs (see `LuaParameter`).
    public func function(_ name: String, _ parameters: [LuaParameter], _ body: @escaping LuaFunction) -> LuaRef {
        add(LuaSignature(name, parameters), body)
    }

    /// The names of the functions registered with declared parameters, in order: every host
    /// function a rule can reach (the hostile-argument tests cover each one).
    public var declaredFunctionNames: [String] { functions.compactMap { $0.signature?.name } }

    /// A host helper that takes any arguments unchecked: for the host's own Lua code.
    public func function(_ body: @escaping LuaFunction) -> LuaRef { add(nil, body) }

    private func add(_ signature: LuaSignature?, _ body: @escaping LuaFunction) -> LuaRef {
        functions.append(HostFunction(signature: signature, body: body))
        gh_push_swift_function(L, lua_Integer(functions.count - 1))
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }

    /// A function with `math.random`'s argument rules and messages (checked in C, see
    /// `gh_math_random`): `body` receives no argument when a float in [0, 1) is wanted, else
    /// the interval as two integers, low <= up.
    public func randomFunction(_ body: @escaping LuaFunction) -> LuaRef {
        functions.append(HostFunction(signature: nil, body: body))
        gh_push_math_random(L, lua_Integer(functions.count - 1))
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }

    /// Sets global `name` to a Swift function.
    public func register(_ name: String, _ parameters: [LuaParameter], _ body: @escaping LuaFunction) {
        setGlobal(name, .ref(function(name, parameters, body)))
    }

    // MARK: Loading and calling

    /// Compiles Lua source (binary chunks are refused) into a function. Source is bytes, as
    /// Lua reads it: a string literal holding the byte 0xE9 keeps it. `chunkName` is how
    /// errors name the source, e.g. "rules/rps.lua". The same text under the same name is
    /// compiled once in a process (`CompiledChunks`).
    public func load(_ source: [UInt8], chunkName: String) throws -> LuaRef {
        noteChunkName(chunkName)
        let status = CompiledChunks.shared.load(source, chunkName: chunkName, on: L)
        if status != LUA_OK {
            let message = MarkRun.tamed(Self.cut(string(at: -1, on: L) ?? "cannot load \(chunkName)", to: Self.messageLimit))
            gh_pop(L, 1)
            throw LuaError(status == LUA_ERRMEM ? .memory : .syntax, restoringChunkNames(message))
        }
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }

    /// Compiles the host's own Lua text. `inHostEnvironment`: its globals are the libraries
    /// as they were before any rule ran (a copy of each library table too), not the rule's,
    /// so host code that walks a rule's state is not changed by what the rule, or a prelude
    /// such as check's fixed key order, did to `next`, `type` or `table.sort`.
    public func load(_ source: String, chunkName: String, inHostEnvironment: Bool = false) throws -> LuaRef {
        let chunk = try load(Array(source.utf8), chunkName: chunkName)
        if inHostEnvironment {
            chunk.push(L)
            lua_rawgeti(L, gh_registryindex(), lua_Integer(hostEnvironmentRef))
            if lua_setupvalue(L, -2, 1) == nil { gh_pop(L, 1) }
            gh_pop(L, 1)
        }
        return chunk
    }

    /// The host environment: a table of the globals as they are now (when the state is made),
    /// each library table copied, kept in the registry.
    private func makeHostEnvironment() -> Int32 {
        let copy = """
        local next, type = next, type
        local env = {}
        for name, value in next, _G do
          if type(value) == "table" and name ~= "_G" then
            local library = {}
            for k, v in next, value do library[k] = v end
            value = library
          end
          env[name] = value
        end
        env._G = env
        return env
        """
        guard let chunk = try? load(Array(copy.utf8), chunkName: "=host"),
              case .ref(let env)? = try? hostCall(chunk, [], tablesByReference: true).first else {
            fatalError("out of memory creating a Lua state")
        }
        env.push(L)
        return luaL_ref(L, gh_registryindex())
    }

    /// Calls `function` with `args` under the step budget and the memory cap, and returns
    /// its results (`results` of them, or all with nil). Tables come back copied, or as
    /// `ref`s with `tablesByReference` (a state to keep in Lua).
    @discardableResult
    public func call(_ function: LuaRef, _ args: [LuaValue] = [], results: Int? = nil, tablesByReference: Bool = false,
                     resultName: String = "result") throws -> [LuaValue] {
        try call(function, results: results, asHost: false, arguments: { for arg in args { $0.push(arg) } }) { first, top in
            try resultValues(first, top, tablesByReference: tablesByReference, resultName: resultName)
        }
    }

    /// Calls `function` with what `arguments` pushes, and hands `read` its first result where
    /// it lies on the stack (the engine asks its rule something at every step: no array is
    /// made for the arguments or the results, and a table result needs no reference).
    public func call<T>(_ function: LuaRef, arguments: (inout LuaArguments) -> Void, read: (LuaResult) throws -> T) throws -> T {
        try call(function, results: 1, asHost: false, arguments: arguments) { first, top in
            try read(LuaResult(state: self, index: top < first ? 0 : first))
        }
    }

    /// Calls a host helper written in C (the snapshot's comparison and rebuild) as host work:
    /// no step budget, no time limit, no memory cap (it rebuilds only what a rule's call made
    /// under the cap).
    func hostCall(_ function: LuaRef, _ args: [LuaValue], tablesByReference: Bool = false) throws -> [LuaValue] {
        try call(function, results: 1, asHost: true, arguments: { for arg in args { $0.push(arg) } }) { first, top in
            try resultValues(first, top, tablesByReference: tablesByReference, resultName: "result")
        }
    }

    private func resultValues(_ first: Int32, _ top: Int32, tablesByReference: Bool, resultName: String) throws -> [LuaValue] {
        guard top >= first else { return [] }
        var values: [LuaValue] = []
        for i in first...top {
            let result = LuaResult(state: self, index: i)
            values.append(try tablesByReference ? result.valueKeepingTables(as: resultName) : result.value(as: resultName))
        }
        return values
    }

    /// Calls `function` with what `arguments` pushes and hands `read` its results on the stack
    /// (the first's index and the top's) before they are popped.
    private func call<T>(_ function: LuaRef, results: Int?, asHost: Bool, arguments: (inout LuaArguments) -> Void,
                         read: (Int32, Int32) throws -> T) throws -> T {
        precondition(!isClosed, "call on a closed Lua state")
        // A call from inside another (a host function that called back into rule code) would
        // start a budget of its own and leave the outer call unbounded, on a stack that may
        // not be the running one: refused.
        if limits.pointee.budget_on != 0 && !asHost {
            throw LuaError(.runtime, "a call into rule code from inside another is refused (re-entrant calls are not bounded)")
        }
        // The stack bound reads Lua's own layout of a thread, checked on each new state
        // (gh_verify_stack_layout). A Lua library built another way fails that check, and then
        // no rule runs at all rather than one without its bound (fail closed).
        if limits.pointee.stack_check == 0 && !asHost { throw LuaError(.runtime, Self.unboundedStackMessage) }
        // An allocation the host needed failed (gh_host_alloc_failed): what it was doing may
        // be incomplete, so no more rule code runs in this state (fail closed).
        if limits.pointee.host_starved != 0 && !asHost { throw LuaError(.memory, Self.starvedMessage) }
        let base = lua_gettop(L)
        lua_rawgeti(L, gh_registryindex(), lua_Integer(messageHandlerRef))
        function.push(L)
        var pushed = LuaArguments(state: self, L: L)
        arguments(&pushed)
        let count = pushed.count
        let wasHost = limits.pointee.host
        let status: Int32
        var exhausted = false
        if asHost {
            limits.pointee.host = 1
            status = gh_pcall(L, count, Int32(results ?? Int(LUA_MULTRET)), base + 1)
            limits.pointee.host = wasHost
        } else {
            let steps = allowance.map { $0.steps } ?? stepBudget
            // An allowance already spent stops the next call before it starts: a step of many
            // small calls is bounded as a whole, not only call by call.
            if allowance != nil, let what = spentPart() {
                lua_settop(L, base)
                throw LuaError(.budget, "rule exceeded its \(what)")
            }
            // A call of its own is armed alone; one inside an allowance is covered by it.
            if allowance == nil {
                gh_clear_expired(limits)
                Watchdog.shared.arm(limits, limit: timeLimit)
            }
            gh_begin_call(limits, steps ?? Int64.max, steps == nil ? 0 : 1)
            status = gh_pcall(L, count, Int32(results ?? Int(LUA_MULTRET)), base + 1)
            if allowance == nil { Watchdog.shared.disarm(limits) }
            if allowance != nil, steps != nil { allowance?.steps = max(limits.pointee.steps_left, 0) }
            exhausted = limits.pointee.exhausted != 0
            gh_end_call(limits, wasHost)
        }
        defer { lua_settop(L, base) }
        guard status == LUA_OK else { throw error(status: status, exhausted: exhausted) }
        return try read(base + 2, lua_gettop(L))
    }

    static let starvedMessage = "the host ran out of memory working for this rule, so the game cannot go on"

    /// For tests: the allocation (counted from a state's creation) that fails in every state
    /// made on `thread` while it is set (AllocationFailureTests injects a failure at each count
    /// in turn). Only that thread's states: work the suite runs on other threads is untouched.
    static let failureInjection = Locked<(thread: pthread_t, allocation: Int64)?>(nil)

    /// Fails allocation `n` of every state made on this thread from now on (nil: none).
    static func failAllocation(_ n: Int64?) {
        failureInjection.withLock { $0 = n.map { (pthread_self(), $0) } }
    }

    static let unboundedStackMessage = "this Lua library lays out its threads differently from the one GameHost was built for, so a rule's stack could not be bounded: no rule runs. Rebuild GameHost against the liblua5.4 installed (scripts/setup, then swift build)"

    /// The longest error message kept (a rule can raise a 10 MB string).
    static let messageLimit = 8192

    static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        return String(decoding: text.utf8.prefix(limit), as: UTF8.self) + "… (\(text.utf8.count - limit) more bytes)"
    }

    private func error(status: Int32, exhausted: Bool) -> LuaError {
        if limits.pointee.host_over_cap != 0 {
            return LuaError(.memory, "rule exceeded its memory limit of \(limits.pointee.cap >> 20) MB")
        }
        if status == LUA_ERRMEM {
            // A stack the sandbox would not let grow (deep recursion, a __call chain) reaches
            // here as a memory error: it is the rule's overflow, not its memory.
            if let overflow = gh_stack_overflow_message(limits) { return LuaError(.runtime, String(cString: overflow)) }
            if limits.pointee.account_refused != 0, let shared = sharedAccount {
                return LuaError(.memory, "the tables of this server hold their most memory together (\(shared.cap >> 20) MB): this step could not allocate")
            }
            return LuaError(.memory, "rule exceeded its memory limit of \(limits.pointee.cap >> 20) MB")
        }
        guard lua_type(L, -1) == LUA_TSTRING else {
            let object = (try? value(at: -1, root: "the error object")) ?? .ref(ref(at: -1))
            let position = restoringChunkNames(String(cString: gh_error_where(L)))
            return LuaError(.value, "\(position)(error object is a \(luaTypeName(L, -1)) value)", value: object.describedForTests)
        }
        // Cut and tamed first: restoring the names works on Characters (see `MarkRun`).
        let text = restoringChunkNames(MarkRun.tamed(Self.cut(string(at: -1, on: L) ?? "", to: Self.messageLimit)))
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

/// A Swift function Lua can call: the parameters it declared, checked before its body runs.
/// A class, so each call takes it with one reference count rather than copying its parts.
final class HostFunction {
    let signature: LuaSignature?
    let body: LuaFunction
    /// The signature's parameters, kept apart: checked at every call.
    private let parameters: ContiguousArray<LuaParameter>
    init(signature: LuaSignature?, body: @escaping LuaFunction) {
        self.signature = signature
        self.body = body
        parameters = ContiguousArray(signature?.parameters ?? [])
    }

    /// Checks the call's arguments against the declared parameters, each read where it is
    /// kept (a host function is called at every move: no copy of a name or list is made).
    func checkArguments(_ call: LuaCall) throws {
        let problem: (Int, String)? = parameters.withUnsafeBufferPointer { declared in
            for k in declared.indices {
                if let problem = declared[k].problem(in: call, at: Int32(k + 1)) { return (k, problem) }
            }
            return nil
        }
        if let (k, problem) = problem, let signature {
            throw LuaHostError("\(signature.name): argument #\(k + 1) (\(parameters[k].name)) \(problem)")
        }
    }
}

private func dispatch(_ state: LuaState, _ L: OpaquePointer?) -> Int32 {
    let index = Int(gh_swift_function_index(L))
    let call = LuaCall(state: state, L: L)
    let function = state.functions[index]
    do {
        try function.checkArguments(call)
        return try function.body(call)
    } catch let raised as LuaRaise {
        state.push(raised.value, on: L)
        return -1
    } catch is LuaBudgetSpent {
        return -2
    } catch {
        var message = String(describing: error)
        if error is LuaReadError, let name = function.signature?.name { message = name + ": " + message }
        luaL_where(L, 1)
        state.pushString(message, on: L)
        lua_concat(L, 2)
        return -1
    }
}

/// Thrown by a Swift function to raise `value` as the Lua error object itself (no position
/// is added): used for tokens the host recognises, such as a refusal. Unchecked Sendable, and
/// safe so: a LuaRaise lives from its throw in a host function to the dispatcher's catch, in
/// one call on one thread, and never crosses to another.
public struct LuaRaise: Error, @unchecked Sendable {
    public var value: LuaValue
    public init(_ value: LuaValue) { self.value = value }
}
