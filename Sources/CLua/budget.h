// Limits shared by every thread of one Lua state: the memory cap, the step budget, the
// wall-clock limit of the current call into rule code, and the size of a rule thread's stack.
//
// Rule work is measured in steps. The count hook charges one step per VM instruction; C code
// that does work no instruction count sees (searching a string, sorting, shifting a list,
// allocating) charges steps in proportion to the bytes or elements it touches (gh_charge), so
// no single instruction can run long. bounds.h lists every such path and its bound.
//
// A watchdog thread bounds the wall-clock time of a call too. It never touches a lua_State: it
// sets an atomic flag, which the count hook and every charge read, and sends a signal to the
// OS thread running the call; the signal handler, running on that thread, installs a hook that
// stops the Lua thread running rule code (main or a coroutine) at its next instruction.
// lua_sethook is the one Lua function that may be called from a signal handler.
#ifndef GAMEHOST_CLUA_BUDGET_H
#define GAMEHOST_CLUA_BUDGET_H

#include <lua.h>
#include <lauxlib.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pool.h"

// One memory account shared by several states (a server's tables): what they hold together,
// and the most rule code may make it. Any thread's state changes it, so it is atomic.
typedef struct gh_account {
    _Atomic size_t used;
    size_t cap;
} gh_account;

// One per lua_State, reached from any coroutine through the state's extra space (Lua copies
// the main thread's extra space into each new thread).
//
// Threads: everything here belongs to the thread running the state, except what the watchdog
// uses (`timed_out`, `in_call`, `thread`, `signal`, `signals_sent`), which `running_lock`
// guards against the start and end of a call. The signal handler takes no lock: it reads only
// atomics and fields its own thread wrote; the shared account is atomic.
typedef struct gh_limits {
    size_t used;            // bytes allocated now
    size_t cap;             // what rule code may allocate; 0 means no cap
    int host;               // 1 while host (Swift) code runs: its allocations are not capped
    long long steps_left;   // steps left for the current call into rule code
    long long work;         // work counted in all calls, the same on every run of the same
                            // calls: GH_CALL_WORK a call into rule code, and the host's calls
                            // and C work for it. Not the count hook's steps (a thread's count
                            // runs on from call to call, so where its chunks of GH_HOOK_STEP
                            // fall depends on the state's history) nor allocations (whether
                            // one happens depends on when the collector last ran)
    int budget_on;          // 1 during a call into rule code
    int counting;           // 1: steps are counted (play); 0: only the time limit holds (sim)
    int exhausted;          // set once the budget or the time ran out; cleared by the next call
    _Atomic int timed_out;  // set by the watchdog: the next hook or charge raises at once
    _Atomic int expired;    // set by the watchdog, in a call or between the calls of an
                            // allowance; every later call starts timed out, until cleared
    int close_depth;        // nesting of coroutine.close
    lua_State *main;        // the main thread
    lua_State *_Atomic running;    // the thread running rule code now (main or a coroutine)
    pthread_mutex_t running_lock;  // orders gh_fire_watchdog against gh_begin_call and gh_end_call
    void *owner;            // the Swift LuaState, unretained
    int (*dispatch)(lua_State *L);  // the Swift function dispatcher

    // The watchdog's signal (see gh_fire_watchdog).
    _Atomic int in_call;    // 1 between gh_begin_call and gh_end_call
    pthread_t thread;       // the OS thread running the call
    int signal;             // the signal that reaches it, 0 when none could be had
    int unblocked;          // 1: gh_begin_call unblocked the signal, gh_end_call blocks it again
    _Atomic unsigned signals_sent, signals_handled;

    // The stack bound (see gh_alloc). `stack_check` is 1 once the lua_State layout it reads
    // has been verified. `stack_overflow` asks the hook to raise "stack overflow" at the next
    // instruction (a stack grew past the bound at once). `stack_refused` says the last memory
    // error was a stack growth refused, with `stack_message` the error rule code should see.
    int stack_check;
    int stack_overflow;
    int stack_refused;
    char stack_message[128];
    void *fresh_block;      // the latest new block and its size: a new stack, when a stack moves
    size_t fresh_size;
    // 1 once a host function left the state over its cap (gh_swift_trampoline): the call's
    // error is a memory error, whatever its status. Cleared by the next call.
    int host_over_cap;
    // Allocation failure in host code (see gh_alloc): a reserve given back to the C library
    // when an allocation outside a protected call fails, and whether it has been. A state that
    // spent its reserve runs no more rule code (LuaState fails closed).
    void *reserve;
    int host_starved;
    // For tests: the allocation (counted from the state's creation) made to fail, 0 for none,
    // and the count so far (scripts/sanitize injects a failure at every count in turn).
    long long fail_at;
    long long allocations;
    gh_account *account;    // the account the state shares with others, or NULL
    int account_refused;    // 1: the last memory error was the shared account's, not the cap's
    gh_pool pool;           // small blocks freed, for the next allocations (pool.h)
} gh_limits;

// What the reserve holds back: enough for the host to finish what it was doing when an
// allocation failed (a push, a reference, a message) and reach the point where it stops.
#define GH_HOST_RESERVE (256 << 10)

// Instructions between two looks of the count hook.
#define GH_HOOK_STEP 1000
// What a call into rule code counts in `work` (see gh_limits).
#define GH_CALL_WORK 1000
// What one call of a host (Swift) function costs, whatever it does besides.
#define GH_HOST_CALL_STEPS 10
// Charges, in steps: one step is about one VM instruction's worth of work.
#define GH_BYTES_PER_STEP 16        // bytes a C function reads or copies
#define GH_ALLOC_BYTES_PER_STEP 32  // bytes rule code allocates
#define GH_PATTERN_UNITS_PER_STEP 4 // units of the pattern matcher's worst-case work

// The most slots a rule thread's stack may have. Lua grows a stack by doubling it (from 40
// slots), and a doubling past this is refused; a stack that grows past it at once (a C
// function asking room for many values) raises "stack overflow" at the next instruction. Lua
// moves the whole frame once per link of a __call chain, so a chain costs at most about
// GH_STACK_SLOTS^2 / 2 slot moves before it stops: 0.6 s here (bounds.h). A stack that doubled
// from its start stops at 40,960 slots (some 20,000 levels of a small recursive function, 2,500
// of one with ten locals); one that grew by other steps (a large table.unpack, a collection
// that ran a finalizer as the stack filled) may stop at a quarter of this, 12,500 slots.
#define GH_STACK_SLOTS 50000

static inline gh_limits *gh_limits_of(lua_State *L) {
    return *(gh_limits **)lua_getextraspace(L);
}

static void gh_count_hook(lua_State *L, lua_Debug *ar);

// Makes `thread` stop at its next instruction (the hook then raises). Only from the thread
// that runs the state (a signal handler on it included).
static inline void gh_stop_soon(lua_State *thread) {
    lua_sethook(thread, gh_count_hook, LUA_MASKCOUNT, 1);
}

static inline lua_State *gh_running(gh_limits *lim) {
    return atomic_load_explicit(&lim->running, memory_order_relaxed);
}

// MARK: - The stack of a Lua thread

// The head of Lua 5.4.4's struct lua_State (lstate.h), read to know where a thread's stack
// block is and how large it is. gh_verify_stack_layout checks this reading against a live
// state before the stack bound relies on it.
typedef struct gh_thread_head {
    void *next;
    unsigned char tt, marked, status, allowhook;
    unsigned short nci;
    char *top;
    void *l_G;
    void *ci;
    char *stack_last;
    char *stack;
} gh_thread_head;

#define GH_STACK_VALUE_SIZE 16   // sizeof(StackValue)
#define GH_EXTRA_STACK 5         // EXTRA_STACK: slots past stack_last for metamethods and errors
#define GH_BASIC_STACK_SIZE (2 * LUA_MINSTACK)
// The bytes of a stack block at the bound: no smaller block is a stack past it.
#define GH_STACK_BOUND_BYTES ((size_t)(GH_STACK_SLOTS + GH_EXTRA_STACK) * GH_STACK_VALUE_SIZE)
#define GH_THREAD_TAG 8          // LUA_VTHREAD

static inline gh_thread_head gh_thread_head_of(lua_State *L) {
    gh_thread_head h;
    memcpy(&h, (const void *)L, sizeof h);
    return h;
}

// Slots in the thread's stack (stack_last - stack).
static inline size_t gh_stack_slots(lua_State *L) {
    gh_thread_head h = gh_thread_head_of(L);
    return (size_t)(h.stack_last - h.stack) / GH_STACK_VALUE_SIZE;
}

// Whether a new block of `nsize` bytes is the running thread's stack doubling past the bound.
// Lua 5.4.4 moves a stack to a new block of (new size + EXTRA_STACK) slots, the new size being
// twice the old one unless that passes LUAI_MAXSTACK (luaD_growstack); a request for more room
// at once than doubling gives cannot be told from other blocks here, and is caught as the old
// stack is freed (gh_note_freed_block).
static inline int gh_stack_past_limit(gh_limits *lim, size_t nsize) {
    if (nsize % GH_STACK_VALUE_SIZE != 0) return 0;
    size_t k = nsize / GH_STACK_VALUE_SIZE;
    if (k <= GH_STACK_SLOTS + GH_EXTRA_STACK) return 0;
    k -= GH_EXTRA_STACK;
    lua_State *L = gh_running(lim);
    if (L == NULL) return 0;
    size_t size = gh_stack_slots(L);
    if (k == 2 * size) return 1;
    return 2 * size > (size_t)LUAI_MAXSTACK && (k == (size_t)LUAI_MAXSTACK || k == (size_t)LUAI_MAXSTACK + 200);
}

// Notes a refused stack growth and where it happened: Lua reports it as a memory error (no
// message handler runs for those), which the sandbox's pcall, xpcall and coroutine functions,
// and the host, report as the stack overflow it is. Runs inside the allocator, so it only
// reads: lua_getinfo with "Sl" allocates nothing and pushes nothing.
static void gh_note_stack_refused(gh_limits *lim) {
    lim->stack_refused = 1;
    lua_State *L = gh_running(lim);
    lua_Debug ar;
    if (L != NULL && lua_getstack(L, 0, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
        snprintf(lim->stack_message, sizeof lim->stack_message, "%s:%d: stack overflow (a sandbox limit)", ar.short_src,
                 ar.currentline);
    else
        snprintf(lim->stack_message, sizeof lim->stack_message, "stack overflow (a sandbox limit)");
}

// Called as the block at `ptr` is freed: when it is the running thread's stack, the stack has
// just moved to the latest new block; past GH_STACK_SLOTS, the next instruction raises.
static inline void gh_note_freed_block(gh_limits *lim, void *ptr, size_t osize) {
    lua_State *L = gh_running(lim);
    if (L == NULL) return;
    char *stack;  // every free in rule code comes here: read the one field first
    memcpy(&stack, (const char *)L + offsetof(gh_thread_head, stack), sizeof stack);
    if ((char *)ptr != stack) return;
    gh_thread_head h = gh_thread_head_of(L);
    size_t slots = (size_t)(h.stack_last - h.stack) / GH_STACK_VALUE_SIZE;
    if (osize != (slots + GH_EXTRA_STACK) * GH_STACK_VALUE_SIZE) return;
    size_t now = lim->fresh_size / GH_STACK_VALUE_SIZE;
    if (now > GH_STACK_SLOTS + GH_EXTRA_STACK && now > slots + GH_EXTRA_STACK) {
        lim->stack_overflow = 1;
        gh_stop_soon(L);
    }
}

// For the host: the error a call that failed with LUA_ERRMEM really had when a stack growth
// was refused ("rules/x.lua:12: stack overflow (a sandbox limit)"), else NULL.
static inline const char *gh_stack_overflow_message(gh_limits *lim) {
    return lim->stack_refused ? lim->stack_message : NULL;
}

// MARK: - The allocator

// An allocation host code needs failed (outside any protected call, a Lua error would jump
// across Swift frames, and Lua would abort): the reserve goes back to the C library, the
// allocation is tried again, and the state is marked starved, so the host stops using it at
// its next call into rule code. NULL only if even that fails (then Lua ends the process: the
// whole machine is out of memory).
static void *gh_host_alloc_failed(gh_limits *lim, void *ptr, size_t old, size_t nsize) {
    lim->host_starved = 1;
    free(lim->reserve);
    lim->reserve = NULL;
    gh_pool_drain(&lim->pool);
    void *p = ptr != NULL ? gh_pool_resize(&lim->pool, ptr, old, nsize) : gh_pool_take(&lim->pool, nsize);
    if (p == NULL) return NULL;
    if (ptr == NULL) {
        lim->fresh_block = p;
        lim->fresh_size = nsize;
    }
    lim->used = lim->used - old + nsize;
    if (lim->account) {
        if (nsize > old) atomic_fetch_add_explicit(&lim->account->used, nsize - old, memory_order_relaxed);
        else atomic_fetch_sub_explicit(&lim->account->used, old - nsize, memory_order_relaxed);
    }
    return p;
}

// Makes `lim`'s state share `account` from now on: what it holds already is counted in it.
static inline void gh_share_account(gh_limits *lim, gh_account *account) {
    if (lim->account == account) return;
    if (lim->account) atomic_fetch_sub_explicit(&lim->account->used, lim->used, memory_order_relaxed);
    lim->account = account;
    if (account) atomic_fetch_add_explicit(&account->used, lim->used, memory_order_relaxed);
}

static inline size_t gh_account_used(gh_account *account) {
    return atomic_load_explicit(&account->used, memory_order_relaxed);
}

static inline void *gh_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    gh_limits *lim = (gh_limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        // (Only after a new block past the bound can a freed block matter to it: most frees
        // do not look further.)
        if (lim->fresh_size > GH_STACK_BOUND_BYTES && ptr != NULL && lim->stack_check && !lim->host)
            gh_note_freed_block(lim, ptr, osize);
        if (ptr != NULL) gh_pool_give(&lim->pool, ptr, osize);
        lim->used -= old;
        if (lim->account) atomic_fetch_sub_explicit(&lim->account->used, old, memory_order_relaxed);
        return NULL;
    }
    // Only rule code is capped. A failed allocation raises a Lua error, and from host code
    // that would longjmp over Swift frames; what host code pushes is bounded by the argument
    // layer and the host budget, and the rule's next allocation over the cap fails as usual.
    if (nsize > old) {
        lim->allocations++;
        if (lim->fail_at != 0 && lim->allocations == lim->fail_at) {
            // An injected failure: rule code (always inside a protected call) sees a memory
            // error; host code takes the path of a real failure below.
            if (!lim->host) return NULL;
            return gh_host_alloc_failed(lim, ptr, old, nsize);
        }
        if (!lim->host) {
            int over_account = lim->account != NULL
                && atomic_load_explicit(&lim->account->used, memory_order_relaxed) + (nsize - old) > lim->account->cap;
            if ((lim->cap != 0 && lim->used - old + nsize > lim->cap) || over_account) {
                lim->stack_refused = 0;  // the last memory error is a real one
                lim->account_refused = over_account && !(lim->cap != 0 && lim->used - old + nsize > lim->cap);
                // Lua runs a full collection before it gives up (and asks again): that work
                // grows with the heap, so a loop of failing allocations is charged for it.
                if (lim->budget_on && lim->counting) {
                    lim->steps_left -= (long long)(lim->used / GH_ALLOC_BYTES_PER_STEP);
                    lua_State *running = gh_running(lim);
                    if (lim->steps_left < 0 && running != NULL) gh_stop_soon(running);
                }
                return NULL;
            }
            if (ptr == NULL && nsize > GH_STACK_BOUND_BYTES && lim->stack_check && gh_stack_past_limit(lim, nsize)) {
                gh_note_stack_refused(lim);
                return NULL;
            }
        }
        // Allocating is work, the host's on the rule's behalf too: a loop of 30 MB
        // concatenations, or of host calls that build long strings, spends its budget quickly.
        if (lim->budget_on && lim->counting) {
            lim->steps_left -= (long long)((nsize - old) / GH_ALLOC_BYTES_PER_STEP);
            lua_State *running = gh_running(lim);
            if (lim->steps_left < 0 && running != NULL) gh_stop_soon(running);
        }
    }
    void *p = ptr != NULL ? gh_pool_resize(&lim->pool, ptr, osize, nsize) : gh_pool_take(&lim->pool, nsize);
    if (p == NULL) {
        if (!lim->host) return NULL;
        return gh_host_alloc_failed(lim, ptr, old, nsize);
    }
    if (ptr == NULL) {
        lim->fresh_block = p;
        lim->fresh_size = nsize;
    }
    lim->used = lim->used - old + nsize;
    if (lim->account) {
        if (nsize > old) atomic_fetch_add_explicit(&lim->account->used, nsize - old, memory_order_relaxed);
        else atomic_fetch_sub_explicit(&lim->account->used, old - nsize, memory_order_relaxed);
    }
    return p;
}

static inline int gh_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "gamehost: unrecoverable Lua error: %s\n", msg ? msg : "(not a string)");
    abort();
}

// Checks, on a new state, that gh_thread_head reads Lua's lua_State as it is: the tag, the
// first stack's size and place, the top moving with a push, and a grown stack being the new
// block the allocator handed out. The stack bound is on only if all of that holds.
static inline void gh_verify_stack_layout(gh_limits *lim, lua_State *L) {
    lim->stack_check = 0;
#if LUA_VERSION_NUM == 504 && defined(LUAI_MAXSTACK)
    if (lua_gettop(L) != 0) return;
    gh_thread_head h = gh_thread_head_of(L);
    if (h.tt != GH_THREAD_TAG || h.stack == NULL) return;
    if (h.stack_last - h.stack != GH_BASIC_STACK_SIZE * GH_STACK_VALUE_SIZE) return;
    if (h.top - h.stack != GH_STACK_VALUE_SIZE) return;  // the base frame's function slot
    lua_pushnil(L);
    h = gh_thread_head_of(L);
    int pushed = h.top - h.stack == 2 * GH_STACK_VALUE_SIZE;
    int room = (int)((h.stack_last - h.top) / GH_STACK_VALUE_SIZE);
    lim->fresh_block = NULL;
    int grown = lua_checkstack(L, room);  // just past the room left: the stack doubles
    gh_thread_head g = gh_thread_head_of(L);
    lua_pop(L, 1);
    if (!pushed || !grown) return;
    if ((void *)g.stack != lim->fresh_block || g.stack == h.stack) return;
    size_t slots = (size_t)(g.stack_last - g.stack) / GH_STACK_VALUE_SIZE;
    if (slots != 2 * GH_BASIC_STACK_SIZE) return;
    if (lim->fresh_size != (slots + GH_EXTRA_STACK) * GH_STACK_VALUE_SIZE) return;
    lim->stack_check = 1;
#else
    (void)L;
#endif
}

static inline lua_State *gh_newstate(gh_limits *lim) {
    int was_host = lim->host;
    lim->host = 1;
    lim->reserve = malloc(GH_HOST_RESERVE);
    gh_pool_init(&lim->pool);
    lua_State *L = lua_newstate(gh_alloc, lim);
    if (L == NULL) {
        gh_pool_drain(&lim->pool);
        lim->host = was_host;
        return NULL;
    }
    *(gh_limits **)lua_getextraspace(L) = lim;
    lim->main = L;
    atomic_store_explicit(&lim->running, L, memory_order_relaxed);
    pthread_mutex_init(&lim->running_lock, NULL);
    lua_atpanic(L, gh_panic);
    // The generational collector, as the stock interpreter (lua.c) runs: a game's state is
    // mostly young tables that die by the next move, beside a large old heap of the rule's
    // texts and functions that a minor collection does not walk again.
    lua_gc(L, LUA_GCGEN, 0, 0);
    gh_verify_stack_layout(lim, L);
    lim->host = was_host;
    return L;
}

// Closes a state made by gh_newstate: every object it holds, and its reserve.
static inline void gh_closestate(gh_limits *lim, lua_State *L) {
    lim->budget_on = 0;
    lim->host = 1;
    lua_close(L);
    gh_pool_drain(&lim->pool);
    gh_share_account(lim, NULL);  // whatever the count missed leaves the account too
    free(lim->reserve);
    lim->reserve = NULL;
}

// MARK: - Raising the end of the budget

// Raises "rule exceeded its step budget" (or time limit) naming the rule's line: `level` 0 is
// the running Lua function (from a hook), 1 the caller of a C function.
static inline int gh_raise_exhausted(lua_State *L, int level) {
    gh_limits *lim = gh_limits_of(L);
    lim->exhausted = 1;
    luaL_where(L, level);
    if (atomic_load_explicit(&lim->timed_out, memory_order_relaxed)) lua_pushliteral(L, "rule exceeded its time limit");
    else lua_pushliteral(L, "rule exceeded its step budget");
    lua_concat(L, 2);
    return lua_error(L);
}

static inline int gh_is_over(gh_limits *lim) {
    return lim->budget_on &&
           (atomic_load_explicit(&lim->timed_out, memory_order_relaxed) || (lim->counting && lim->steps_left < 0));
}

// Whether threads need the count hook in this call: to count steps, or, when no signal can
// reach the thread, to look at the watchdog's flag.
static inline int gh_needs_hook(gh_limits *lim) {
    return lim->counting || lim->signal == 0;
}

// Gives `thread` the hook this call wants: the counting hook, none (sims, stopped by the
// signal), or a stop at the next instruction when the call is already over. Called on the
// thread running the state whenever a Lua thread starts or resumes running rule code: a
// coroutine made in another call, or one a signal missed while it was suspended, is set right.
static inline void gh_prepare_thread(gh_limits *lim, lua_State *thread) {
    if (gh_is_over(lim)) {
        gh_stop_soon(thread);
        return;
    }
    if (gh_needs_hook(lim)) {
        if (lua_gethook(thread) != gh_count_hook || lua_gethookcount(thread) != GH_HOOK_STEP)
            lua_sethook(thread, gh_count_hook, LUA_MASKCOUNT, GH_HOOK_STEP);
    } else if (lua_gethook(thread) != NULL) {
        lua_sethook(thread, NULL, 0, 0);
    }
    // The watchdog's signal may have come while the hook above was being replaced.
    if (gh_is_over(lim)) gh_stop_soon(thread);
}

static inline void gh_raise_stack_overflow(lua_State *L) {
    luaL_where(L, 0);
    lua_pushliteral(L, "stack overflow (a sandbox limit)");
    lua_concat(L, 2);
    lua_error(L);
}

static void gh_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    gh_limits *lim = gh_limits_of(L);
    if (!lim->budget_on) return;
    if (gh_is_over(lim)) gh_raise_exhausted(L, 0);
    if (lim->stack_overflow) {
        lim->stack_overflow = 0;
        gh_prepare_thread(lim, L);  // back to this call's usual hook
        gh_raise_stack_overflow(L);
    }
    if (lim->counting) {
        lim->steps_left -= GH_HOOK_STEP;
    }
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
        if (steps > 0) lim->work += steps < 1e15 ? (long long)steps : (long long)1e15;
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
        if (steps > 0) lim->work += steps < 1e15 ? (long long)steps : (long long)1e15;
    }
    if (gh_is_over(lim)) { lim->exhausted = 1; return 1; }
    return 0;
}

// MARK: - The watchdog's signal

#if defined(__linux__) && defined(SIGRTMIN)
#define GH_HAVE_WATCHDOG_SIGNAL 1
// glibc declares it only under _GNU_SOURCE.
extern int pthread_sigqueue(pthread_t thread, int sig, const union sigval value);
#else
#define GH_HAVE_WATCHDOG_SIGNAL 0
#endif

#if GH_HAVE_WATCHDOG_SIGNAL
// Runs on the thread that runs the state, whatever it was doing: it takes no lock, allocates
// nothing, and touches only the hook fields of Lua threads (lua_sethook) and atomics. The
// gh_limits it names is alive: gh_end_call waits for every signal sent to be handled.
static void gh_watchdog_handler(int sig, siginfo_t *info, void *context) {
    (void)sig;
    (void)context;
    if (info == NULL || info->si_code != SI_QUEUE || info->si_pid != getpid()) return;
    gh_limits *lim = (gh_limits *)info->si_value.sival_ptr;
    if (lim == NULL) return;
    int saved = errno;
    if (atomic_load_explicit(&lim->in_call, memory_order_acquire) &&
        atomic_load_explicit(&lim->timed_out, memory_order_acquire)) {
        lua_State *running = gh_running(lim);
        // Both: in the instants around a resume, `running` may name the thread about to run
        // or just stopped while the other one still runs C code (gh_prepare_thread then sees
        // the flag when it switches back).
        if (running != NULL) gh_stop_soon(running);
        if (running != lim->main) gh_stop_soon(lim->main);
    }
    atomic_fetch_add_explicit(&lim->signals_handled, 1, memory_order_release);
    errno = saved;
}

// The process's watchdog signal: a real-time signal no one else handles, installed once.
static inline int *gh_watchdog_signal_slot(void) {
    static int slot;
    return &slot;
}

static void gh_install_watchdog_signal(void) {
    for (int s = SIGRTMIN + 6; s <= SIGRTMAX - 2; s++) {
        struct sigaction old;
        if (sigaction(s, NULL, &old) != 0) continue;
        int ours = (old.sa_flags & SA_SIGINFO) && old.sa_sigaction == gh_watchdog_handler;
        int free_signal = !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL;
        if (!ours && !free_signal) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = gh_watchdog_handler;
        sa.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&sa.sa_mask);
        if (sigaction(s, &sa, NULL) == 0) {
            *gh_watchdog_signal_slot() = s;
            return;
        }
    }
}

// ThreadSanitizer holds a signal back until its thread next calls into the C library, which a
// loop of Lua instructions never does: in a process it runs in, no signal is used, and the
// count hook looks at the watchdog's flag instead. (Its runtime is linked into the program, so
// a weak reference to it is set exactly then; a header cannot tell how Swift built it.)
extern void __tsan_init(void) __attribute__((weak));

static inline int gh_watchdog_signal(void) {
    if (&__tsan_init != NULL) return 0;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, gh_install_watchdog_signal);
    return *gh_watchdog_signal_slot();
}
#else
static inline int gh_watchdog_signal(void) { return 0; }
#endif

// MARK: - Starting and ending a call

// Whether this thread was found taking the watchdog's signal (not blocking it). The host never
// blocks that signal once a thread takes it (a thread that starts with every signal blocked,
// as the host's own do, has it opened for each call and closed after).
static inline int *gh_thread_takes_watchdog_signal(void) {
    static _Thread_local int takes;
    return &takes;
}

static inline void gh_install_budget_hook(lua_State *L) {
    lua_sethook(L, gh_count_hook, LUA_MASKCOUNT, GH_HOOK_STEP);
}

static inline void gh_remove_hook(lua_State *L) {
    lua_sethook(L, NULL, 0, 0);
}

// Before a call into rule code: a fresh budget, and the hook that counts it (play) or none
// (sims, where only the watchdog stops a call). Runs on the thread that will run the call.
static inline void gh_begin_call(gh_limits *lim, long long steps, int counting) {
    int signal = gh_watchdog_signal();
    pthread_mutex_lock(&lim->running_lock);
    lim->steps_left = steps;
    if (counting) lim->work += GH_CALL_WORK;
    lim->exhausted = 0;
    lim->host_over_cap = 0;
    // A deadline armed for a whole allowance may have passed between its calls.
    atomic_store_explicit(&lim->timed_out, atomic_load_explicit(&lim->expired, memory_order_relaxed), memory_order_relaxed);
    lim->close_depth = 0;
    lim->counting = counting;
    lim->stack_overflow = 0;
    lim->stack_refused = 0;
    atomic_store_explicit(&lim->running, lim->main, memory_order_relaxed);
    lim->thread = pthread_self();
    lim->signal = signal;
    lim->unblocked = 0;
#if GH_HAVE_WATCHDOG_SIGNAL
    if (signal != 0 && !*gh_thread_takes_watchdog_signal()) {
        // A thread that blocks the signal would never be stopped, nor see it arrive before
        // the call ends.
        sigset_t set, old;
        sigemptyset(&set);
        sigaddset(&set, signal);
        if (pthread_sigmask(SIG_UNBLOCK, &set, &old) == 0) {
            lim->unblocked = sigismember(&old, signal) == 1;
            // Found open: it stays so (nothing here blocks it again), and the next calls on
            // this thread make no system call to open it.
            if (!lim->unblocked) *gh_thread_takes_watchdog_signal() = 1;
        } else {
            lim->signal = 0;
        }
    }
#endif
    if (gh_needs_hook(lim)) gh_install_budget_hook(lim->main);
    else gh_remove_hook(lim->main);
    lim->budget_on = 1;
    lim->host = 0;
    atomic_store_explicit(&lim->in_call, 1, memory_order_release);
    pthread_mutex_unlock(&lim->running_lock);
}

// After a call into rule code, on the thread that ran gh_begin_call.
static inline void gh_end_call(gh_limits *lim, int was_host) {
    pthread_mutex_lock(&lim->running_lock);
    atomic_store_explicit(&lim->in_call, 0, memory_order_release);
    lim->budget_on = 0;
    lim->host = was_host;
    atomic_store_explicit(&lim->running, lim->main, memory_order_relaxed);
    pthread_mutex_unlock(&lim->running_lock);
    // No signal is sent from now on. One sent before may still be on its way to this thread:
    // it arrives at the next return from the kernel, so sleep a little until it has been
    // handled. After this, `lim` may be freed.
    while (atomic_load_explicit(&lim->signals_handled, memory_order_acquire) !=
           atomic_load_explicit(&lim->signals_sent, memory_order_acquire)) {
        struct timespec pause = {0, 10000};
        nanosleep(&pause, NULL);
    }
#if GH_HAVE_WATCHDOG_SIGNAL
    if (lim->unblocked) {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, lim->signal);
        pthread_sigmask(SIG_BLOCK, &set, NULL);
        lim->unblocked = 0;
    }
#endif
}

// Called by the watchdog thread on a call past its deadline: the running thread, main or
// coroutine, stops at its next instruction. It only sets the flag and signals the thread that
// runs the call (which then stops itself); after gh_end_call it does nothing. Safe from any
// thread while the gh_limits is alive.
static inline void gh_fire_watchdog(gh_limits *lim) {
    pthread_mutex_lock(&lim->running_lock);
    atomic_store_explicit(&lim->expired, 1, memory_order_relaxed);
    // One signal a call is enough, and more could merge into one on the way.
    if (atomic_load_explicit(&lim->in_call, memory_order_relaxed) &&
        !atomic_exchange_explicit(&lim->timed_out, 1, memory_order_acq_rel)) {
#if GH_HAVE_WATCHDOG_SIGNAL
        if (lim->signal != 0) {
            union sigval value;
            value.sival_ptr = lim;
            if (pthread_sigqueue(lim->thread, lim->signal, value) == 0)
                atomic_fetch_add_explicit(&lim->signals_sent, 1, memory_order_release);
        }
#endif
    }
    pthread_mutex_unlock(&lim->running_lock);
}

// A new deadline is armed (a call's, or an allowance's): nothing has expired yet.
static inline void gh_clear_expired(gh_limits *lim) {
    pthread_mutex_lock(&lim->running_lock);
    atomic_store_explicit(&lim->expired, 0, memory_order_relaxed);
    pthread_mutex_unlock(&lim->running_lock);
}

// Whether the watchdog has fired since the deadline was armed.
static inline int gh_has_expired(gh_limits *lim) {
    return atomic_load_explicit(&lim->expired, memory_order_relaxed);
}

// Records which thread runs rule code (coroutine.resume and wrap, closing a coroutine), so the
// signal reaches it, and gives it this call's hook. Returns the thread that ran before.
static inline lua_State *gh_set_running(gh_limits *lim, lua_State *thread) {
    lua_State *previous = gh_running(lim);
    atomic_store_explicit(&lim->running, thread, memory_order_relaxed);
    if (lim->budget_on) gh_prepare_thread(lim, thread);
    return previous;
}

#endif
