// Limits shared by every thread of one Lua state: the memory cap, the step budget and the
// wall-clock limit of the current call into rule code.
//
// Rule work is measured in steps. The count hook charges one step per VM instruction; C code
// that does work no instruction count sees (searching a string, sorting, shifting a list,
// allocating) charges steps in proportion to the bytes or elements it touches (gh_charge), so
// no single instruction can run long. A watchdog thread bounds the wall-clock time of a call
// too, and it reaches whichever thread is running: the main thread or a coroutine.
#ifndef GAMEHOST_CLUA_BUDGET_H
#define GAMEHOST_CLUA_BUDGET_H

#include <lua.h>
#include <lauxlib.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// One per lua_State, reached from any coroutine through the state's extra space (Lua copies
// the main thread's extra space into each new thread).
typedef struct gh_limits {
    size_t used;            // bytes allocated now
    size_t cap;             // what rule code may allocate; 0 means no cap
    int host;               // 1 while host (Swift) code runs: its allocations are not capped
    long long steps_left;   // steps left for the current call into rule code
    int budget_on;          // 1 during a call into rule code
    int counting;           // 1: steps are counted (play); 0: only the time limit holds (sim)
    int exhausted;          // set once the budget or the time ran out; cleared by the next call
    volatile int timed_out; // set by the watchdog: the next hook or charge raises at once
    int close_depth;        // nesting of coroutine.close
    lua_State *main;        // the main thread
    lua_State *running;     // the thread running rule code now (main or a resumed coroutine)
    pthread_mutex_t running_lock;  // guards `running` against the watchdog thread
    void *owner;            // the Swift LuaState, unretained
    int (*dispatch)(lua_State *L);  // the Swift function dispatcher
} gh_limits;

// Instructions between two looks of the count hook.
#define GH_HOOK_STEP 1000
// What one call of a host (Swift) function costs, whatever it does besides.
#define GH_HOST_CALL_STEPS 10
// Charges, in steps: one step is about one VM instruction's worth of work.
#define GH_BYTES_PER_STEP 16        // bytes a C function reads or copies
#define GH_ALLOC_BYTES_PER_STEP 32  // bytes rule code allocates
#define GH_PATTERN_UNITS_PER_STEP 4 // units of the pattern matcher's worst-case work

static inline gh_limits *gh_limits_of(lua_State *L) {
    return *(gh_limits **)lua_getextraspace(L);
}

static void gh_count_hook(lua_State *L, lua_Debug *ar);

// Makes `thread` stop at its next instruction (the hook then raises). lua_sethook is the one
// API function Lua allows from another thread or inside an allocation.
static inline void gh_stop_soon(lua_State *thread) {
    lua_sethook(thread, gh_count_hook, LUA_MASKCOUNT, 1);
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
    // that would longjmp over Swift frames; what host code pushes is bounded by the argument
    // layer and the host budget, and the rule's next allocation over the cap fails as usual.
    if (nsize > old) {
        if (!lim->host && lim->cap != 0 && lim->used - old + nsize > lim->cap) return NULL;
        // Allocating is work, the host's on the rule's behalf too: a loop of 30 MB
        // concatenations, or of host calls that build long strings, spends its budget quickly.
        if (lim->budget_on && lim->counting) {
            lim->steps_left -= (long long)((nsize - old) / GH_ALLOC_BYTES_PER_STEP);
            if (lim->steps_left < 0 && lim->running != NULL) gh_stop_soon(lim->running);
        }
    }
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
    lim->main = L;
    lim->running = L;
    pthread_mutex_init(&lim->running_lock, NULL);
    lua_atpanic(L, gh_panic);
    return L;
}

// MARK: - Raising the end of the budget

// Raises "rule exceeded its step budget" (or time limit) naming the rule's line: `level` 0 is
// the running Lua function (from a hook), 1 the caller of a C function.
static inline int gh_raise_exhausted(lua_State *L, int level) {
    gh_limits *lim = gh_limits_of(L);
    lim->exhausted = 1;
    luaL_where(L, level);
    if (lim->timed_out) lua_pushliteral(L, "rule exceeded its time limit");
    else lua_pushliteral(L, "rule exceeded its step budget");
    lua_concat(L, 2);
    return lua_error(L);
}

static inline int gh_is_over(gh_limits *lim) {
    return lim->budget_on && (lim->timed_out || (lim->counting && lim->steps_left < 0));
}

static void gh_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    gh_limits *lim = gh_limits_of(L);
    if (!lim->budget_on) return;
    if (lim->counting) lim->steps_left -= GH_HOOK_STEP;
    if (gh_is_over(lim)) gh_raise_exhausted(L, 0);
}

// Charges `steps` of work done by C code on the rule's behalf; raises when the budget or the
// time is spent. Call it before the work, from a C function called by Lua.
static inline void gh_charge(lua_State *L, double steps) {
    gh_limits *lim = gh_limits_of(L);
    if (!lim->budget_on) return;
    if (lim->counting) {
        if (steps >= (double)lim->steps_left + 1.0) lim->steps_left = -1;
        else if (steps > 0) lim->steps_left -= (long long)steps;
    }
    if (gh_is_over(lim)) gh_raise_exhausted(L, 1);
}

static inline void gh_charge_bytes(lua_State *L, double bytes) { gh_charge(L, bytes / GH_BYTES_PER_STEP); }

// For Swift: whether the current call's budget or time is spent (host functions check it
// before work they charge, and throw instead of raising).
static inline int gh_charge_from_host(gh_limits *lim, double steps) {
    if (!lim->budget_on) return 0;
    if (lim->counting) {
        if (steps >= (double)lim->steps_left + 1.0) lim->steps_left = -1;
        else if (steps > 0) lim->steps_left -= (long long)steps;
    }
    if (gh_is_over(lim)) { lim->exhausted = 1; return 1; }
    return 0;
}

// MARK: - Starting and ending a call

static inline void gh_install_budget_hook(lua_State *L) {
    lua_sethook(L, gh_count_hook, LUA_MASKCOUNT, GH_HOOK_STEP);
}

static inline void gh_remove_hook(lua_State *L) {
    lua_sethook(L, NULL, 0, 0);
}

// Before a call into rule code: a fresh budget, and the hook that counts it (play) or none
// (sims, where only the watchdog stops a call).
static inline void gh_begin_call(gh_limits *lim, long long steps, int counting) {
    lim->steps_left = steps;
    lim->exhausted = 0;
    lim->timed_out = 0;
    lim->close_depth = 0;
    lim->counting = counting;
    lim->running = lim->main;
    if (counting) gh_install_budget_hook(lim->main);
    else gh_remove_hook(lim->main);
    lim->budget_on = 1;
    lim->host = 0;
}

static inline void gh_end_call(gh_limits *lim, int was_host) {
    lim->budget_on = 0;
    lim->host = was_host;
    pthread_mutex_lock(&lim->running_lock);
    lim->running = lim->main;
    pthread_mutex_unlock(&lim->running_lock);
}

// Called by the watchdog thread on a call past its deadline: the running thread, main or
// coroutine, stops at its next instruction.
static inline void gh_fire_watchdog(gh_limits *lim) {
    lim->timed_out = 1;
    pthread_mutex_lock(&lim->running_lock);
    gh_stop_soon(lim->main);
    if (lim->running != NULL && lim->running != lim->main) gh_stop_soon(lim->running);
    pthread_mutex_unlock(&lim->running_lock);
}

// Records which thread runs rule code (coroutine.resume and wrap), so the watchdog reaches it.
static inline lua_State *gh_set_running(gh_limits *lim, lua_State *thread) {
    pthread_mutex_lock(&lim->running_lock);
    lua_State *previous = lim->running;
    lim->running = thread;
    pthread_mutex_unlock(&lim->running_lock);
    return previous;
}

#endif
