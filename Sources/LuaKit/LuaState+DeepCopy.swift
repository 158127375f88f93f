import CLua

/// Snapshots for all-or-nothing moves: a deep copy of a value made inside the Lua state.
extension LuaState {
    /// Copies a value for a snapshot: tables deeply (sharing and cycles kept, metatables
    /// shared), host objects through `luaCopy`, everything else as it is. Runs as rule work,
    /// under the budget and memory cap, so copying a huge state fails cleanly.
    public func deepCopy(_ value: LuaRef) throws -> LuaRef {
        let result = try call(deepCopyFunction!, [.ref(value)], results: 1, tablesByReference: true)
        guard case .ref(let copy)? = result.first else { return makeRef(result.first ?? .nil) }
        return copy
    }

    /// The copier (`gh_deep_copy`, in C), with the host's copier of userdata objects.
    func makeDeepCopyFunction() -> LuaRef {
        let copyObject = function { call in
            guard let object = call.state.hostObject(at: 1, on: call.L) else { call.pushArgument(1); return 1 }
            call.state.pushCopy(of: object, on: call.L)
            return 1
        }
        push(.ref(copyObject))
        gh_push_deep_copy(L)
        defer { gh_pop(L, 1) }
        return ref(at: -1)
    }
}
