// Shared helpers of the C tests of Sources/CLua: a sandboxed state like the host's, running Lua
// text as rule code, and checks that count failures instead of stopping at the first.
#ifndef GAMEHOST_CLUA_TEST_HARNESS_H
#define GAMEHOST_CLUA_TEST_HARNESS_H

#include "../../Sources/CLua/shim.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int t_failures = 0;
static int t_checks = 0;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        t_checks++;                                                         \
        if (!(cond)) {                                                      \
            t_failures++;                                                   \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                   \
            fprintf(stderr, "\n");                                          \
        }                                                                   \
    } while (0)

static inline double t_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

// The Swift dispatcher's stand-in: math.random's host function (the only Swift function the
// sandbox itself reaches) answers the low end of the interval, or 0.5.
static int t_dispatch(lua_State *L) {
    if (lua_gettop(L) >= 2) lua_pushvalue(L, 1);
    else lua_pushnumber(L, 0.5);
    return 1;
}

typedef struct t_state {
    gh_limits *lim;
    lua_State *L;
    char error[4096];
    int status;
} t_state;

static inline t_state *t_open(size_t cap) {
    t_state *t = (t_state *)calloc(1, sizeof *t);
    t->lim = (gh_limits *)calloc(1, sizeof(gh_limits));
    t->lim->host = 1;
    t->lim->dispatch = t_dispatch;
    t->L = gh_newstate(t->lim);
    if (t->L == NULL) { fprintf(stderr, "cannot open a state\n"); exit(2); }
    gh_open_safe_libraries(t->L);
    gh_push_math_random(t->L, 0);
    lua_getglobal(t->L, "math");
    lua_insert(t->L, -2);
    lua_setfield(t->L, -2, "random");
    lua_pop(t->L, 1);
    t->lim->cap = cap;
    return t;
}

static inline void t_close(t_state *t) {
    gh_closestate(t->lim, t->L);
    pthread_mutex_destroy(&t->lim->running_lock);
    free(t->lim);
    free(t);
}

// Loads `code` (as the host loads a rule file) and calls it with `nargs` values from the
// stack's top as rule code, under `steps` (counting) or only the time limit (steps < 0).
// Leaves `nresults` results (or nothing on error); the status is returned and kept, with the
// error message in t->error.
static inline int t_call(t_state *t, const char *code, int nargs, int nresults, long long steps) {
    lua_State *L = t->L;
    t->error[0] = 0;
    int base = lua_gettop(L) - nargs;
    if (luaL_loadbufferx(L, code, strlen(code), "=test", "t") != LUA_OK) {
        snprintf(t->error, sizeof t->error, "%s", lua_tostring(L, -1));
        lua_settop(L, base);
        return t->status = -1;
    }
    lua_insert(L, base + 1);
    lua_pushcfunction(L, gh_message_handler);
    lua_insert(L, base + 1);
    gh_clear_expired(t->lim);  // each call has a deadline of its own, as LuaState arms one
    gh_begin_call(t->lim, steps < 0 ? LLONG_MAX : steps, steps >= 0);
    int status = lua_pcall(L, nargs, nresults, base + 1);
    gh_end_call(t->lim, 1);
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        snprintf(t->error, sizeof t->error, "%s", msg ? msg : "(error object is not a string)");
        lua_settop(L, base);
    } else {
        lua_remove(L, base + 1);
    }
    return t->status = status;
}

// Runs `code` as a host helper would (no budget, no cap).
static inline int t_host(t_state *t, const char *code) {
    lua_State *L = t->L;
    t->error[0] = 0;
    int status = luaL_loadbufferx(L, code, strlen(code), "=host", "t");
    if (status == LUA_OK) status = lua_pcall(L, 0, 0, 0);
    if (status != LUA_OK) {
        snprintf(t->error, sizeof t->error, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    return status;
}

static inline int t_contains(const char *s, const char *part) { return strstr(s, part) != NULL; }

static inline int t_report(const char *name) {
    if (t_failures) fprintf(stderr, "%s: %d of %d checks failed\n", name, t_failures, t_checks);
    else fprintf(stderr, "%s: %d checks passed\n", name, t_checks);
    return t_failures ? 1 : 0;
}

#endif
