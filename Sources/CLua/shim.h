// The C side of LuaKit: Lua's macros as functions Swift can call, plus the pieces that must be
// C because they raise Lua errors (a raise is a longjmp, and a longjmp must never cross a
// Swift frame). One concept per header:
//   budget.h   limits shared by a state's threads: memory cap, step budget, time limit, stack
//   pool.h     small blocks a state freed, kept for its next allocations (budget.h's allocator)
//   calls.h    the message handler and the Swift-function trampoline
//   source.h   the pre-scan of Lua source text that bounds the parser's work
//   sandbox.h  the safe standard libraries and the wrappers that keep them bounded
//   snapshot.h the saved state before each move, restored in place after a refused one
//   bounds.h   (comments only) every C path the step budget cannot see, and its bound
// These functions are compiled into the Swift files that call them, and SwiftPM does not see a
// change to a header: after editing one, `touch Sources/LuaKit/*.swift` before building.
#ifndef GAMEHOST_CLUA_SHIM_H
#define GAMEHOST_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Macros as functions

static inline int gh_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int gh_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void gh_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void gh_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline const char *gh_tolstring(lua_State *L, int i, size_t *len) { return lua_tolstring(L, i, len); }
static inline lua_Integer gh_tointeger(lua_State *L, int i, int *isnum) { return lua_tointegerx(L, i, isnum); }
static inline lua_Number gh_tonumber(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline int gh_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, len, name, mode);
}

// Lua's bytecode of the function on the stack's top, with its debug information (lines and
// names, for error messages), in a buffer of the C allocator (the caller frees `data`).
typedef struct gh_dump_buffer {
    unsigned char *data;
    size_t len, cap;
} gh_dump_buffer;

static int gh_dump_writer(lua_State *L, const void *p, size_t n, void *ud) {
    (void)L;
    gh_dump_buffer *b = (gh_dump_buffer *)ud;
    if (n > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len < n) {
            if (cap > SIZE_MAX / 2) return 1;
            cap *= 2;
        }
        unsigned char *data = (unsigned char *)realloc(b->data, cap);
        if (data == NULL) return 1;
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
    return 0;
}

// 0 when the function was written whole.
static inline int gh_dump_function(lua_State *L, gh_dump_buffer *b) {
    return lua_dump(L, gh_dump_writer, b, 0);
}

#include "budget.h"
#include "calls.h"
#include "source.h"
#include "sandbox.h"
#include "snapshot.h"
#include "bounds.h"

#endif
