import CLua

/// Snapshots for all-or-nothing moves: a deep copy of a value made inside Lua.
extension LuaState {
    /// Copies a value for a snapshot: tables deeply (sharing and cycles kept, metatables
    /// shared), host objects through `luaCopy`, everything else as it is. Runs as rule work,
    /// under the budget and memory cap, so copying a huge state fails cleanly.
    public func deepCopy(_ value: LuaRef) throws -> LuaRef {
        let result = try call(deepCopyFunction!, [.ref(value)], results: 1, tablesByReference: true)
        guard case .ref(let copy)? = result.first else { return makeRef(result.first ?? .nil) }
        return copy
    }

    /// Compiled once, before any rule code runs, so the copier's helpers are the originals.
    func makeDeepCopyFunction() -> LuaRef {
        let copyObject = function { call in
            guard let object = call.state.hostObject(at: 1, on: call.L) else { call.pushArgument(1); return 1 }
            call.state.pushCopy(of: object, on: call.L)
            return 1
        }
        let rawMetatable = function { call in
            if lua_getmetatable(call.L, 1) == 0 { call.pushNil() }
            return 1
        }
        do {
            let chunk = try load(Self.deepCopySource, chunkName: "=deepcopy")
            guard case .ref(let f)? = try call(chunk, [.ref(copyObject), .ref(rawMetatable)], results: 1).first else {
                fatalError("the deep-copy helper returned no function")
            }
            return f
        } catch {
            fatalError("the deep-copy helper failed: \(error)")
        }
    }

    static let deepCopySource = #"""
    local copyObject, getmetatable = ...
    local next, type, setmetatable = next, type, setmetatable
    return function(root)
      local seen = {}
      local function copy(v)
        local t = type(v)
        if t == "userdata" then
          if seen[v] == nil then seen[v] = copyObject(v) end
          return seen[v]
        end
        if t ~= "table" then return v end
        if seen[v] then return seen[v] end
        local c = {}
        seen[v] = c
        for k, x in next, v do c[copy(k)] = copy(x) end
        local mt = getmetatable(v)
        if mt ~= nil then setmetatable(c, mt) end
        return c
      end
      return copy(root)
    end
    """#
}
