// The C side of LuaKit: Lua's macros as functions Swift can call, plus the few pieces that
// must be C because they raise Lua errors (a raise is a longjmp, and a longjmp must never
// cross a Swift frame): the Swift-function trampoline, the budget hook, the allocator with a
// memory cap, and the capped string functions.
#ifndef GAMEHOST_CLUA_SHIM_H
#define GAMEHOST_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Macros as functions

static inline int gh_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int gh_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void gh_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline const char *gh_tolstring(lua_State *L, int i, size_t *len) { return lua_tolstring(L, i, len); }
static inline lua_Integer gh_tointeger(lua_State *L, int i, int *isnum) { return lua_tointegerx(L, i, isnum); }
static inline lua_Number gh_tonumber(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline int gh_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, len, name, mode);
}

// MARK: - Limits shared by every thread of one state

// One per lua_State, reached from any coroutine through the state's extra space (Lua copies
// the main thread's extra space into each new thread).
typedef struct gh_limits {
    size_t used;            // bytes allocated now
    size_t cap;             // what rule code may allocate; 0 means no cap
    int host;               // 1 while host (Swift) code runs: its allocations are not capped
    long long steps_left;   // instructions left for the current call into rule code
    int budget_on;          // 0: no instruction budget (the hook ignores the count)
    int exhausted;          // set once steps_left ran out; cleared by the next call
    int timed_out;          // set by the wall-clock watchdog: the hook raises at once
    int close_depth;        // nesting of coroutine.close
    void *owner;            // the Swift LuaState, unretained
    int (*dispatch)(lua_State *L);  // the Swift function dispatcher
} gh_limits;

#define GH_HOOK_STEP 1000
#define GH_MAX_CLOSE_DEPTH 40
#define GH_PATTERN_WORK_LIMIT 20000000.0

static inline gh_limits *gh_limits_of(lua_State *L) {
    return *(gh_limits **)lua_getextraspace(L);
}

static inline void *gh_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    gh_limits *lim = (gh_limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        lim->used -= old;
        return NULL;
    }
    // Only rule code is capped. A failed allocation raises a Lua error, and from host code
    // that would longjmp over Swift frames; what host code pushes is bounded by what rule
    // code handed it, and the rule's next allocation over the cap fails as usual.
    if (lim->cap != 0 && !lim->host && nsize > old && lim->used - old + nsize > lim->cap) return NULL;
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    lim->used = lim->used - old + nsize;
    return p;
}

static inline int gh_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "gamehost: unrecoverable Lua error: %s\n", msg ? msg : "(not a string)");
    abort();
}

static inline lua_State *gh_newstate(gh_limits *lim) {
    lua_State *L = lua_newstate(gh_alloc, lim);
    if (L == NULL) return NULL;
    *(gh_limits **)lua_getextraspace(L) = lim;
    lua_atpanic(L, gh_panic);
    return L;
}

// MARK: - The instruction budget

static inline void gh_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    gh_limits *lim = gh_limits_of(L);
    if (!lim->budget_on) return;
    if (!lim->timed_out) lim->steps_left -= GH_HOOK_STEP;
    if (lim->steps_left < 0 || lim->timed_out) {
        lim->exhausted = 1;
        // Level 0 inside a hook is the running Lua function: name its line.
        luaL_where(L, 0);
        if (lim->timed_out) lua_pushliteral(L, "rule exceeded its time budget");
        else lua_pushliteral(L, "rule exceeded its step budget");
        lua_concat(L, 2);
        lua_error(L);
    }
}

static inline void gh_install_budget_hook(lua_State *L) {
    lua_sethook(L, gh_count_hook, LUA_MASKCOUNT, GH_HOOK_STEP);
}

static inline void gh_remove_hook(lua_State *L) {
    lua_sethook(L, NULL, 0, 0);
}

// Called by the watchdog thread on a call past its deadline. lua_sethook is the one API
// function Lua allows from another thread or a signal handler: the running thread stops at
// its next instruction. (A coroutine running at that moment has hooks of its own and is not
// reached: the instruction budget is the mode for untrusted interactive play.)
static inline void gh_fire_watchdog(lua_State *L) {
    gh_limits *lim = gh_limits_of(L);
    lim->timed_out = 1;
    lua_sethook(L, gh_count_hook, LUA_MASKCOUNT, 1);
}

// MARK: - Calls into Lua

// The message handler for every call into rule code: adds a traceback to string errors and
// never runs a metamethod of a hostile error object. Non-string errors (a refusal token, a
// table) pass through untouched for the host to inspect.
static inline int gh_message_handler(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
        const char *msg = lua_tostring(L, 1);
        luaL_traceback(L, L, msg, 1);
    }
    return 1;
}

static inline int gh_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}

// MARK: - Swift functions

// Every Swift function reaches Lua through this trampoline. Upvalue 1 holds the function's
// index in the owner's table. The Swift dispatcher returns a result count, or -1 with an
// error value pushed; the raise happens here, in C, after every Swift frame has returned.
static inline int gh_swift_trampoline(lua_State *L) {
    gh_limits *lim = gh_limits_of(L);
    int was_host = lim->host;
    lim->host = 1;
    int n = lim->dispatch(L);
    lim->host = was_host;
    if (n < 0) return lua_error(L);
    return n;
}

static inline void gh_push_swift_function(lua_State *L, lua_Integer index) {
    lua_pushinteger(L, index);
    lua_pushcclosure(L, gh_swift_trampoline, 1);
}

static inline lua_Integer gh_swift_function_index(lua_State *L) {
    return lua_tointeger(L, lua_upvalueindex(1));
}

// MARK: - Capped library functions

// string.rep: an empty piece repeated 3e8 times runs for a second inside one C call without
// allocating; the result is "" whatever the count, so answer at once. A result larger than
// the memory cap is refused before any work.
static inline int gh_string_rep(lua_State *L) {
    size_t l, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    gh_limits *lim = gh_limits_of(L);
    double total = (double)l * (double)n + (double)lsep * (double)(n - 1);
    if (lim->cap != 0 && total > (double)lim->cap) return luaL_error(L, "resulting string too large");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// Whether byte c belongs to the Lua pattern class letter cl (%a, %d, ...).
static inline int gh_class_match(int c, int cl) {
    int res;
    switch (tolower(cl)) {
        case 'a': res = isalpha(c); break;
        case 'c': res = iscntrl(c); break;
        case 'd': res = isdigit(c); break;
        case 'g': res = isgraph(c); break;
        case 'l': res = islower(c); break;
        case 'p': res = ispunct(c); break;
        case 's': res = isspace(c); break;
        case 'u': res = isupper(c); break;
        case 'w': res = isalnum(c); break;
        case 'x': res = isxdigit(c); break;
        default: return cl == c;
    }
    if (isupper(cl)) res = !res;
    return res != 0;
}

// Whether byte c matches the single-character item p..ep-1 ('.', %x, [set] or a literal).
static inline int gh_item_match(int c, const char *p, const char *ep) {
    if (*p == '.') return 1;
    if (*p == '%') return gh_class_match(c, (unsigned char)p[1]);
    if (*p != '[') return (unsigned char)*p == c;
    const char *q = p + 1, *end = ep - 1;  // end points at the closing ']'
    int negate = 0;
    if (*q == '^') { negate = 1; q++; }
    int found = 0;
    while (q < end) {
        if (*q == '%' && q + 1 < end) {
            if (gh_class_match(c, (unsigned char)q[1])) found = 1;
            q += 2;
        } else if (q + 2 < end && q[1] == '-') {
            if ((unsigned char)q[0] <= c && c <= (unsigned char)q[2]) found = 1;
            q += 3;
        } else {
            if ((unsigned char)*q == c) found = 1;
            q++;
        }
    }
    return negate ? !found : found;
}

// The longest run of subject bytes that item p..ep-1 matches: how far one quantifier can
// stretch, and so how many ways it can backtrack at one position.
static inline double gh_longest_run(const char *s, size_t n, const char *p, const char *ep) {
    size_t best = 0, run = 0;
    for (size_t i = 0; i < n; i++) {
        if (gh_item_match((unsigned char)s[i], p, ep)) {
            if (++run > best) best = run;
        } else {
            run = 0;
        }
    }
    return (double)best;
}

// An upper bound on the backtracking work of Lua's matcher for pattern p on subject s: each
// quantified item multiplies the work by how far it can stretch. Malformed patterns get a
// bound of 1 and are left to Lua, which reports them.
static inline double gh_pattern_work(const char *s, size_t n, const char *p, size_t plen) {
    const char *end = p + plen;
    double work = 1.0;
    if (p < end && *p == '^') p++;
    else work = (double)n + 1.0;
    while (p < end) {
        const char *ep;
        if (*p == '(' || *p == ')') { p++; continue; }
        if (*p == '%') {
            if (p + 1 >= end) return 1.0;
            if (p[1] == 'b') { work *= (double)n + 1.0; p += (p + 3 < end) ? 4 : 2; continue; }
            if (p[1] == 'f') {
                p += 2;
                if (p >= end || *p != '[') return 1.0;
            } else {
                ep = p + 2;
                goto quantifier;
            }
        }
        if (*p == '[') {
            ep = p + 1;
            if (ep < end && *ep == '^') ep++;
            do {
                if (ep >= end) return 1.0;
                if (*ep == '%') ep++;
                ep++;
            } while (ep < end && *ep != ']');
            if (ep >= end) return 1.0;
            ep++;
        } else {
            ep = p + 1;
        }
    quantifier:
        if (ep < end && (*ep == '*' || *ep == '+' || *ep == '-')) {
            work *= gh_longest_run(s, n, p, ep) + 1.0;
            p = ep + 1;
        } else if (ep < end && *ep == '?') {
            work *= 2.0;
            p = ep + 1;
        } else {
            p = ep;
        }
        if (work > 1e300) return work;
    }
    return work;
}

// string.find, match, gmatch and gsub: the matcher backtracks inside one C call, out of reach
// of the count hook, so a pattern whose worst case is too much work for its subject is refused
// before it runs. Upvalue 1 is Lua's own function.
static inline int gh_string_pattern(lua_State *L) {
    size_t n, plen;
    const char *s = luaL_checklstring(L, 1, &n);
    const char *p = luaL_checklstring(L, 2, &plen);
    if (gh_pattern_work(s, n, p, plen) > GH_PATTERN_WORK_LIMIT)
        return luaL_error(L, "pattern too complex for a subject of %d bytes", (int)n);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// coroutine.close: __close handlers that close further coroutines recurse on the C stack and
// Lua 5.4.4 does not count that depth, so a long chain kills the process. Limit it here.
static inline int gh_coroutine_close(lua_State *L) {
    gh_limits *lim = gh_limits_of(L);
    if (lim->close_depth >= GH_MAX_CLOSE_DEPTH)
        return luaL_error(L, "coroutine.close nested more than %d deep", GH_MAX_CLOSE_DEPTH);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lim->close_depth++;
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    lim->close_depth--;
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

// table.move copies element by element inside one C call; a range of a billion runs for
// seconds even on an empty table.
static inline int gh_table_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    if (e >= f && (lua_Unsigned)e - (lua_Unsigned)f >= (lua_Unsigned)(1 << 24))
        return luaL_error(L, "table.move range too large");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// Replaces table[name] (the table on top of the stack) with wrapper, closing over the original.
static inline void gh_wrap_field(lua_State *L, const char *name, lua_CFunction wrapper) {
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, wrapper, 1);
    lua_setfield(L, -2, name);
}

// Opens exactly the safe libraries into the global table and caps their long-running
// functions. What base may not offer (file loading, binary chunks, the collector) is removed
// from base alone; io, os, debug and package are never opened.
static inline void gh_open_safe_libraries(lua_State *L) {
    luaL_requiref(L, "_G", luaopen_base, 1);
    lua_pushnil(L); lua_setfield(L, -2, "dofile");
    lua_pushnil(L); lua_setfield(L, -2, "loadfile");
    lua_pushnil(L); lua_setfield(L, -2, "collectgarbage");
    lua_pop(L, 1);
    luaL_requiref(L, "string", luaopen_string, 1);
    lua_pushnil(L); lua_setfield(L, -2, "dump");
    gh_wrap_field(L, "rep", gh_string_rep);
    gh_wrap_field(L, "find", gh_string_pattern);
    gh_wrap_field(L, "match", gh_string_pattern);
    gh_wrap_field(L, "gmatch", gh_string_pattern);
    gh_wrap_field(L, "gsub", gh_string_pattern);
    lua_pop(L, 1);
    luaL_requiref(L, "table", luaopen_table, 1);
    gh_wrap_field(L, "move", gh_table_move);
    lua_pop(L, 1);
    luaL_requiref(L, "math", luaopen_math, 1);
    lua_pop(L, 1);
    luaL_requiref(L, "utf8", luaopen_utf8, 1);
    lua_pop(L, 1);
    luaL_requiref(L, "coroutine", luaopen_coroutine, 1);
    gh_wrap_field(L, "close", gh_coroutine_close);
    lua_pop(L, 1);
}

#endif
