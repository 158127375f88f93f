import CLua

/// A Swift object that Lua code holds as userdata: `obj:method(...)` calls into Swift.
/// Rule state may hold such objects, so each can copy itself (for all-or-nothing moves) and
/// describe itself as a plain value (for the machine view).
public protocol LuaObject: AnyObject {
    /// The userdata's type name, as errors and `tostring` show it.
    static var luaTypeName: String { get }
    /// Methods by name; argument 1 of the call is the object itself.
    static var luaMethods: [String: (Self, LuaCall) throws -> Int32] { get }
    /// An independent copy, used to snapshot state before a move.
    func luaCopy() -> Self
    /// The object as plain data, for JSON.
    var luaSnapshot: LuaValue { get }
}

extension LuaState {
    /// Pushes `object` as a userdata of its type onto the calling thread's stack.
    public func push<T: LuaObject>(object: T, in call: LuaCall) {
        pushObject(object, on: call.L)
    }

    /// A reference to `object` as Lua userdata.
    public func makeRef<T: LuaObject>(object: T) -> LuaRef {
        pushObject(object, on: L)
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }

    func pushObject<T: LuaObject>(_ object: T, on L: OpaquePointer?) {
        let box = lua_newuserdatauv(L, MemoryLayout<UnsafeMutableRawPointer>.size, 0)!
        box.storeBytes(of: Unmanaged.passRetained(object as AnyObject).toOpaque(), as: UnsafeMutableRawPointer.self)
        pushMetatable(for: T.self, on: L)
        lua_setmetatable(L, -2)
    }

    /// Argument `i` of `call` as an object of type T, or an error naming what it was.
    public func object<T: LuaObject>(_ call: LuaCall, _ i: Int, as type: T.Type) throws -> T {
        guard let box = luaL_testudata(call.L, Int32(i), T.luaTypeName) else {
            throw LuaHostError("bad argument #\(i) (self): \(T.luaTypeName) expected, got \(call.type(i))")
        }
        let raw = box.load(as: UnsafeMutableRawPointer.self)
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as! T
    }

    /// The Swift object behind the userdata at `index`, if it is one of ours.
    func hostObject(at index: Int32, on L: OpaquePointer?) -> (any LuaObject)? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 else { return nil }
        lua_getfield(L, -1, "__luakit")
        let ours = lua_toboolean(L, -1) != 0
        gh_pop(L, 2)
        guard ours, let box = lua_touserdata(L, index) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(box.load(as: UnsafeMutableRawPointer.self)).takeUnretainedValue() as? any LuaObject
    }

    private func pushMetatable<T: LuaObject>(for type: T.Type, on L: OpaquePointer?) {
        if luaL_newmetatable(L, T.luaTypeName) == 0 { return }
        lua_createtable(L, 0, Int32(T.luaMethods.count))
        for (name, method) in T.luaMethods {
            let f = function { call in
                let object = try call.state.object(call, 1, as: T.self)
                return try method(object, call)
            }
            push(.ref(f), on: L)
            lua_setfield(L, -2, name)
        }
        lua_setfield(L, -2, "__index")
        push(.ref(function { call in
            // Collected: release the retain taken when the object was pushed.
            if let box = lua_touserdata(call.L, 1) {
                Unmanaged<AnyObject>.fromOpaque(box.load(as: UnsafeMutableRawPointer.self)).release()
            }
            return 0
        }), on: L)
        lua_setfield(L, -2, "__gc")
        push(.string("locked"), on: L)
        lua_setfield(L, -2, "__metatable")
        lua_pushboolean(L, 1)
        lua_setfield(L, -2, "__luakit")
    }

    func pushCopy(of object: any LuaObject, on L: OpaquePointer?) {
        func open<T: LuaObject>(_ o: T) { pushObject(o.luaCopy(), on: L) }
        open(object)
    }
}

extension LuaState {
    /// The Swift object behind a referenced userdata, if it is one of ours.
    public func object(of ref: LuaRef) -> (any LuaObject)? {
        push(.ref(ref))
        defer { gh_pop(L, 1) }
        return hostObject(at: -1, on: L)
    }
}
