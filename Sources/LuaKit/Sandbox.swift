import CLua

/// The environment rule files run in: only the safe standard libraries, with the wrappers
/// that keep them bounded (see `sandbox.h`). What changes from stock Lua 5.4, and why, is
/// listed in docs/lua-api.md.
enum Sandbox {
    static func install(in state: LuaState) {
        gh_open_safe_libraries(state.L)
    }
}
