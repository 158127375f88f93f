// Calls between Swift and Lua: the message handler of every call into rule code, and the
// trampoline every Swift function is reached through.
#ifndef GAMEHOST_CLUA_CALLS_H
#define GAMEHOST_CLUA_CALLS_H

#include "budget.h"

#define GH_WHERE_KEY "gamehost.error.where"

// The message handler for every call into rule code: adds a traceback to string errors and
// never runs a metamethod of a hostile error object. Non-string errors (a refusal token, a
// table) pass through untouched for the host to inspect.
static inline int gh_message_handler(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
        const char *msg = lua_tostring(L, 1);
        luaL_traceback(L, L, msg, 1);
        return 1;
    }
    // Another error object carries no position: note where the rule raised it (the first
    // Lua function up the stack), for the host's message.
    lua_Debug ar;
    for (int level = 1; level <= 4 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            luaL_where(L, level);
            lua_setfield(L, LUA_REGISTRYINDEX, GH_WHERE_KEY);
            return 1;
        }
    }
    lua_pushliteral(L, "");
    lua_setfield(L, LUA_REGISTRYINDEX, GH_WHERE_KEY);
    return 1;
}

// Where the last error object that is not a string was raised ("rules/x.lua:12: "), or "".
static inline const char *gh_error_where(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, GH_WHERE_KEY);
    const char *where = lua_tostring(L, -1);
    lua_pop(L, 1);  // the string stays alive in the registry
    return where ? where : "";
}

static inline int gh_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}

// One memory account: what a host function allocates for the rule (the strings, tables and
// cards it returns) is counted in `used` as the rule's own allocations are, but it cannot be
// refused while Swift runs (a failed allocation would raise across Swift frames). So it is
// checked here, in C, once the Swift frames have returned: a state left over its cap is
// collected (charged as the heap's size, as a refused allocation is), and if it is still over,
// the call raises a memory error. Without this a rule that grew its tables first could store
// host-made strings in them without end.
static inline int gh_host_left_over_cap(lua_State *L, gh_limits *lim) {
    if (lim->cap == 0 || lim->used <= lim->cap) return 0;
    if (lim->budget_on && lim->counting) lim->steps_left -= (long long)(lim->used / GH_ALLOC_BYTES_PER_STEP);
    lua_gc(L, LUA_GCCOLLECT);
    return lim->used > lim->cap;
}

static inline int gh_raise_host_over_cap(lua_State *L, gh_limits *lim) {
    lim->host_over_cap = 1;
    int was_host = lim->host;
    lim->host = 1;  // the message itself must be allocated
    luaL_where(L, 1);
    lua_pushfstring(L, "rule exceeded its memory limit of %d MB", (int)(lim->cap >> 20));
    lua_concat(L, 2);
    lim->host = was_host;
    return lua_error(L);
}

// Every Swift function reaches Lua through this trampoline. Upvalue 1 holds the function's
// index in the owner's table. The Swift dispatcher returns a result count, -1 with an error
// value pushed, or -2 when the budget ran out during its work; the raise happens here, in C,
// after every Swift frame has returned.
static inline int gh_swift_trampoline(lua_State *L) {
    gh_limits *lim = gh_limits_of(L);
    if (lim->budget_on && lim->counting) {
        lim->steps_left -= GH_HOST_CALL_STEPS;
        lim->work += GH_HOST_CALL_STEPS;
    }
    if (gh_is_over(lim)) return gh_raise_exhausted(L, 1);
    int was_host = lim->host;
    lim->host = 1;
    int n = lim->dispatch(L);
    lim->host = was_host;
    if (n == -2) return gh_raise_exhausted(L, 1);
    if (n < 0) return lua_error(L);
    if (!was_host && gh_host_left_over_cap(L, lim)) return gh_raise_host_over_cap(L, lim);
    return n;
}

static inline void gh_push_swift_function(lua_State *L, lua_Integer index) {
    lua_pushinteger(L, index);
    lua_pushcclosure(L, gh_swift_trampoline, 1);
}

static inline lua_Integer gh_swift_function_index(lua_State *L) {
    return lua_tointeger(L, lua_upvalueindex(1));
}

// Pushes a new table with the fields of the table at index t (raw, values not copies), with
// room for `fields` of them: a host function hands out copies of a record it made once (a
// standard card) for the price of the table, not of making each field again.
static inline void gh_push_table_copy(lua_State *L, int t, int fields) {
    t = lua_absindex(L, t);
    lua_createtable(L, 0, fields);
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        lua_pushvalue(L, -2);   // copy key value key
        lua_rotate(L, -2, 1);   // copy key key value
        lua_rawset(L, -4);      // copy key
    }
}

#endif
