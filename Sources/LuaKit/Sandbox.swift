import CLua

/// The environment rule files run in: only the safe standard libraries (opened one by one in
/// `gh_open_safe_libraries`), text-only `load`, and wrappers that keep a rule from catching
/// the end of its own step budget, from installing `__gc` finalizers (hooks do not run inside
/// them, so a looping finalizer would hang the host), or from recursing `coroutine.close`.
enum Sandbox {
    static func install(in state: LuaState) {
        gh_open_safe_libraries(state.L)
        let exhausted = state.function { call in
            call.push(state.limits.pointee.exhausted != 0)
            return 1
        }
        do {
            let prelude = try state.load(preludeSource, chunkName: "=sandbox")
            try state.call(prelude, [.ref(exhausted)])
        } catch {
            fatalError("the sandbox prelude failed: \(error)")
        }
    }

    /// Runs once per state, before any rule code, with the budget probe as its argument.
    static let preludeSource = #"""
    local exhausted = ...
    local rawpcall, rawxpcall, error, rawget, rawsetmetatable, rawload, select, type =
          pcall, xpcall, error, rawget, setmetatable, load, select, type
    local resume, wrap = coroutine.resume, coroutine.wrap
    local G = _G

    -- A rule that catches the end of its budget is stopped all the same.
    local function pass(ok, ...)
      if exhausted() then error(ok and "rule exceeded its step budget" or (...), 0) end
      return ok, ...
    end
    function pcall(f, ...) return pass(rawpcall(f, ...)) end
    function xpcall(f, handler, ...) return pass(rawxpcall(f, handler, ...)) end
    function coroutine.resume(co, ...) return pass(resume(co, ...)) end

    function setmetatable(t, mt)
      if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
        error("setmetatable: __gc finalizers are not allowed in rule files", 2)
      end
      return rawsetmetatable(t, mt)
    end

    -- Text chunks only, in the rule's own environment unless one is given.
    function load(chunk, name, mode, ...)
      local env = G
      if select("#", ...) > 0 then env = ... end
      return rawload(chunk, name, "t", env)
    end
    """#
}
