// The snapshot: save, unchanged and restore in place, string sharing, metatables as state,
// finalizers never attached, limits, and every allocation failure of the snapshot's own memory;
// the saves before a move by table copies.

// Allocation of the snapshot's own memory fails at the chosen call when `t_fail_at` is set.
#include <stddef.h>
#include <stdlib.h>
static long t_alloc_calls = 0, t_fail_at = -1;
static void *t_realloc(void *p, size_t n) {
    if (t_fail_at >= 0 && t_alloc_calls++ == t_fail_at) return NULL;
    return realloc(p, n);
}
static void *t_calloc(size_t c, size_t n) {
    if (t_fail_at >= 0 && t_alloc_calls++ == t_fail_at) return NULL;
    return calloc(c, n);
}
#define GH_SNAPSHOT_REALLOC t_realloc
#define GH_SNAPSHOT_CALLOC t_calloc

#include "snapshot_util.h"
#include <signal.h>

// Whether saving global `state` (canonical or not) with a budget of `steps` runs out of steps.
static int t_save_runs_out(t_state *t, t_snap *sn, long long steps, int canonical) {
    lua_rawgeti(t->L, LUA_REGISTRYINDEX, sn->save);
    lua_getglobal(t->L, "state");
    lua_pushboolean(t->L, canonical);
    gh_begin_call(t->lim, steps, 1);
    int status = lua_pcall(t->L, 2, 1, 0);
    gh_end_call(t->lim, 1);
    int ran_out = status != LUA_OK && t_contains(lua_tostring(t->L, -1), "step budget");
    if (!ran_out) fprintf(stderr, "    the save said: %s\n", status == LUA_OK ? "ok" : lua_tostring(t->L, -1));
    lua_pop(t->L, 1);
    return ran_out;
}

static const char *make_state =
    "shared = {1, 2}\n"
    "counter = 0\n"
    "local function f() counter = counter + 1 return counter end\n"
    "state = {a = shared, b = shared, list = {1, 2, {x = 'y'}}, n = 2.5, s = 'text', f = f,\n"
    "  sub = setmetatable({}, {__index = {n = 0}}), [1.5] = 'float key', [true] = false}\n"
    "state.self = state\n"
    "state[shared] = 'a table as a key'\n"
    "state[f] = 'a function as a key'\n"
    "keep = state.list\n"
    "original = state\n";

static void restores(const char *change, const char *check) {
    t_state *t = t_open(256 << 20);
    t_install_dump(t);
    t_snap sn = t_snap_open(t, 64 << 20);
    CHECK(t_host(t, make_state) == LUA_OK, "%s", t->error);
    char *before = t_dump(t, "state");
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s: save: %s", change, t->error);
    size_t n1;
    unsigned char *b1 = t_bytes(&sn, &n1);
    CHECK(t_unchanged(t, &sn, "state") == 1, "%s: unchanged before the change", change);
    CHECK(t_call(t, change, 0, 0, 1LL << 40) == LUA_OK, "%s: %s", change, t->error);
    char *changed = t_dump(t, "state");
    int same = strcmp(before, changed) == 0;
    CHECK(t_unchanged(t, &sn, "state") == same, "%s: unchanged says %d, the dumps say %d", change, !same, same);
    CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s: restore: %s", change, t->error);
    char *after = t_dump(t, "state");
    CHECK(strcmp(before, after) == 0, "%s: restored differs:\n%s\n---\n%s", change, before, after);
    CHECK(t_unchanged(t, &sn, "state") == 1, "%s: unchanged after restore", change);
    CHECK(t_host(t, "assert(rawequal(state, original), 'the root is the same table') "
                    "assert(rawequal(keep, state.list), 'keep still points into the state')") == LUA_OK,
          "%s: %s", change, t->error);
    if (check) CHECK(t_host(t, check) == LUA_OK, "%s: %s", change, t->error);
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s: save again: %s", change, t->error);
    size_t n2;
    unsigned char *b2 = t_bytes(&sn, &n2);
    CHECK(n1 == n2 && memcmp(b1, b2, n1) == 0, "%s: bytes differ after restore (%zu, %zu)", change, n1, n2);
    free(b1);
    free(b2);
    free(before);
    free(changed);
    free(after);
    t_snap_close(t, &sn);
    t_close(t);
}

static void in_place(void) {
    const char *changes[] = {
        "state.n = 2.5000001", "state.n = 2", "state.list[3] = {x = 'y'}", "state.list[4] = 1", "state.s = nil",
        "setmetatable(state.list, {})", "state.list[3].x = 'z'", "state.extra = {}", "state.a[1] = 99",
        "state.a = {1, 2}", "state.self = nil", "for i = 1, 1000 do state[i] = i end",
        "for i = 1, 1000 do state['k' .. i] = i end for i = 1, 1000 do state['k' .. i] = nil end",
        "state[1.5] = nil state[2.5] = 'x'", "state[true] = true", "state[shared] = nil",
        "setmetatable(state.sub, nil)", "getmetatable(state.sub).__index = {n = 5}",
        "getmetatable(state.sub).__index.n = getmetatable(state.sub).__index.n + 1",
        "getmetatable(state.sub).extra = 'x'", "state.list = nil keep[1] = 99 keep.more = true",
        "state.s = string.rep('y', 100)", "state.s = 'te' .. 'xt'", "local x = state.list state.list = state.a state.a = x",
        "state.f()", "", "table.insert(state.list, 1, 'first')", "table.remove(state.list)",
        "state.list[3].x = nil state.list[3][1] = 'y'", "shared[3] = shared", "state.n = 0/0",
    };
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) restores(changes[i], NULL);
    restores("getmetatable(state.sub).__index.n = getmetatable(state.sub).__index.n + 1",
             "assert(getmetatable(state.sub).__index.n == 0 and state.sub.n == 0)");
    restores("state.list = nil keep[1] = 99 keep.extra = true",
             "assert(state.list == keep and keep[1] == 1 and keep.extra == nil)");
    // A closure's upvalues are outside the move: the function is the same, its count goes on.
    restores("state.f() state.f()", "assert(state.f() == 3)");
    restores("state.n = 3 state.list[1] = 1.0", "assert(math.type(state.list[1]) == 'integer' and state.n == 2.5)");
}

// Each distinct string is written once and restored as one Lua string.
static void shared_strings(void) {
    t_state *t = t_open(512 << 20);
    t_snap sn = t_snap_open(t, 256 << 20);
    size_t big = 28u << 20;
    CHECK(t_host(t, "big = string.rep('x', 28 << 20) state = {} for i = 1, 8 do state[i] = big end "
                    "state.other = big .. '' state.copy = string.sub(big, 1) "
                    "state.key = {[big] = true}") == LUA_OK, "%s", t->error);
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s", t->error);
    size_t n;
    gh_snapshot_bytes(sn.s, &n);
    CHECK(n > big && n < big + 4096, "one 28 MB string referenced 10 times takes %zu bytes", n);
    // Unchanged fields keep their string; a field that lost it shares one new string.
    CHECK(t_host(t, "for i = 1, 4 do state[i] = i end big = nil state.other = nil state.copy = nil "
                    "state.key = nil collectgarbage() collectgarbage()") == LUA_OK, "%s", t->error);
    size_t used = t->lim->used;
    CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t->lim->used < used + (1u << 20), "restoring while the state still holds the string made a copy: %zu -> %zu",
          used, t->lim->used);
    CHECK(t_host(t, "for i = 1, 8 do assert(#state[i] == 28 << 20) end assert(state.other == state[1]) "
                    "assert(next(state.key) == state[1])") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "for i = 1, 8 do state[i] = i end state.other = nil state.copy = nil state.key = nil "
                    "collectgarbage() collectgarbage()") == LUA_OK, "%s", t->error);
    used = t->lim->used;
    CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t->lim->used < used + big + (4u << 20), "restore made more than one string: %zu -> %zu", used, t->lim->used);
    CHECK(t_host(t, "for i = 1, 8 do assert(#state[i] == 28 << 20) end") == LUA_OK, "%s", t->error);
    t_snap_close(t, &sn);
    t_close(t);
}

static void stuck(int sig) {
    (void)sig;
    static const char msg[] = "lua_close ran a finalizer that restore attached\n";
    if (write(2, msg, sizeof msg - 1) < 0) _exit(3);
    _exit(3);
}

// A metatable that gained __gc after it was set never brings a finalizer back into the state.
static void no_finalizers(void) {
    const char *changes[] = {"setmetatable(state.t, nil)", "setmetatable(state.t, {})", "state.t = nil",
                             "state.t = {} setmetatable(state.u, nil)"};
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
        t_state *t = t_open(64 << 20);
        t_snap sn = t_snap_open(t, 64 << 20);
        CHECK(t_call(t, "local mt = {} state = {t = setmetatable({}, mt), u = setmetatable({}, mt)} "
                        "mt.__gc = function() while true do end end", 0, 0, 1LL << 40) == LUA_OK, "%s", t->error);
        CHECK(t_save(t, &sn, "state") == LUA_OK, "%s", t->error);
        CHECK(t_call(t, changes[i], 0, 0, 1LL << 40) == LUA_OK, "%s", t->error);
        CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s", t->error);
        CHECK(t_host(t, "assert(getmetatable(state.t).__gc and getmetatable(state.t) == getmetatable(state.u))") == LUA_OK,
              "%s", t->error);
        t_snap_close(t, &sn);
        signal(SIGALRM, stuck);
        alarm(5);
        t_close(t);
        alarm(0);
    }
}

static void limits(void) {
    t_state *t = t_open(64 << 20);
    t_snap sn = t_snap_open(t, 1 << 20);
    CHECK(t_host(t, "state = {s = string.rep('x', 2 << 20)}") == LUA_OK, "%s", t->error);
    CHECK(t_save(t, &sn, "state") != LUA_OK && t_contains(t->error, "too large to save"), "%s", t->error);
    CHECK(gh_snapshot_bytes(sn.s, NULL) == NULL, "a failed save leaves no bytes");
    CHECK(t_unchanged(t, &sn, "state") == 0, "unchanged after a failed save");
    CHECK(t_restore(t, &sn, "state") != LUA_OK, "restore after a failed save");
    CHECK(t_host(t, "state = {s = 'small'}") == LUA_OK, "%s", t->error);
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "state = {} local t = state for i = 1, 199 do t.next = {} t = t.next end") == LUA_OK, "%s", t->error);
    CHECK(t_save(t, &sn, "state") == LUA_OK, "200 deep: %s", t->error);
    CHECK(t_host(t, "state = {} local t = state for i = 1, 200 do t.next = {} t = t.next end") == LUA_OK, "%s", t->error);
    CHECK(t_save(t, &sn, "state") != LUA_OK && t_contains(t->error, "nested more than 200 deep"), "%s", t->error);
    // A cycle is not depth.
    CHECK(t_host(t, "state = {} local t = state for i = 1, 150 do t.next = {} t = t.next end t.next = state") == LUA_OK,
          "%s", t->error);
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s", t->error);
    // Saving is charged: a large state does not fit a small budget.
    CHECK(t_host(t, "state = {} for i = 1, 100000 do state[i] = {i} end") == LUA_OK, "%s", t->error);
    CHECK(t_save_runs_out(t, &sn, 10000, 1), "a canonical save of 100,000 tables within 10,000 steps");
    // The anchors of another save are refused.
    CHECK(t_host(t, "state = {1}") == LUA_OK, "%s", t->error);
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s", t->error);
    int old = sn.anchors;
    sn.anchors = LUA_NOREF;
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s", t->error);
    int now = sn.anchors;
    sn.anchors = old;
    CHECK(t_unchanged(t, &sn, "state") == 0, "old anchors compare");
    CHECK(t_restore(t, &sn, "state") != LUA_OK && t_contains(t->error, "anchors"), "old anchors restore: %s", t->error);
    sn.anchors = now;
    luaL_unref(t->L, LUA_REGISTRYINDEX, old);
    // A root that is not a table.
    CHECK(t_host(t, "state = 'just a string'") == LUA_OK, "%s", t->error);
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "state = 42") == LUA_OK, "%s", t->error);
    CHECK(t_unchanged(t, &sn, "state") == 0, "a scalar root changed");
    CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "assert(state == 'just a string')") == LUA_OK, "%s", t->error);
    t_snap_close(t, &sn);
    t_close(t);
}

// The host copies its own objects: a comparison cannot vouch for them, and restore puts the
// saved copy back.
static int copy_box(lua_State *L) {
    if (lua_type(L, 1) != LUA_TUSERDATA) { lua_settop(L, 1); return 1; }
    int *old = (int *)lua_touserdata(L, 1);
    int *box = (int *)lua_newuserdatauv(L, sizeof(int), 0);
    *box = *old;
    return 1;
}

static int new_box(lua_State *L) {
    int *box = (int *)lua_newuserdatauv(L, sizeof(int), 0);
    *box = (int)luaL_checkinteger(L, 1);
    return 1;
}

static int box_value(lua_State *L) {
    lua_pushinteger(L, *(int *)lua_touserdata(L, 1));
    return 1;
}

static int box_add(lua_State *L) {
    *(int *)lua_touserdata(L, 1) += (int)luaL_checkinteger(L, 2);
    return 0;
}

static void host_objects(void) {
    t_state *t = t_open(64 << 20);
    t_snap sn;
    sn.s = gh_snapshot_new(1 << 20);
    lua_pushcfunction(t->L, copy_box);
    gh_push_snapshot_functions(t->L, sn.s);
    sn.restore = luaL_ref(t->L, LUA_REGISTRYINDEX);
    sn.unchanged = luaL_ref(t->L, LUA_REGISTRYINDEX);
    sn.save = luaL_ref(t->L, LUA_REGISTRYINDEX);
    sn.anchors = LUA_NOREF;
    lua_register(t->L, "box", new_box);
    lua_register(t->L, "value", box_value);
    lua_register(t->L, "add", box_add);
    CHECK(t_host(t, "b = box(5) state = {b = b, again = b}") == LUA_OK, "%s", t->error);
    CHECK(t_save(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_unchanged(t, &sn, "state") == 0, "a comparison cannot vouch for a host object");
    CHECK(t_host(t, "add(state.b, 10)") == LUA_OK, "%s", t->error);
    CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "assert(value(state.b) == 5, value(state.b)) assert(state.b == state.again) assert(value(b) == 15, value(b))") == LUA_OK, "%s", t->error);
    // Saved before a move, a state with a host object is the stream's too (tablecopy.h).
    CHECK(sn.s->tc_on == 1, "copies are on before a host object is met");
    CHECK(t_host(t, "b = box(5) state = {b = b, again = b}") == LUA_OK, "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(sn.s->tc_on == 0 && sn.s->tc_valid == 0, "a host object left to the copies");
    CHECK(t_host(t, "add(state.b, 10)") == LUA_OK, "%s", t->error);
    CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "assert(value(state.b) == 5, value(state.b)) assert(state.b == state.again)") == LUA_OK, "%s", t->error);
    t_snap_close(t, &sn);
    t_close(t);
}

// Every allocation of the snapshot's own memory can fail: the save raises "not enough memory
// to save the state", and the snapshot works again at the next call.
static void allocation_failures(void) {
    const char *setup = "big = string.rep('b', 100) state = {list = {}, name = 'x', big = big, again = big} "
                        "for i = 1, 300 do state.list[i] = {i, tostring(i), {}} state['k' .. i] = i end "
                        "setmetatable(state.list, {__index = {n = 1}})";
    t_state *t = t_open(64 << 20);
    t_install_dump(t);
    CHECK(t_host(t, setup) == LUA_OK, "%s", t->error);
    t_snap ref = t_snap_open(t, 64 << 20);
    CHECK(t_save(t, &ref, "state") == LUA_OK, "%s", t->error);
    size_t nref;
    unsigned char *bref = t_bytes(&ref, &nref);
    char *dref = t_dump(t, "state");
    int failures = 0;
    for (int reuse = 0; reuse < 2; reuse++) {
        t_snap sn = t_snap_open(t, 64 << 20);
        for (long at = 0;; at++) {
            if (!reuse) {
                t_snap_close(t, &sn);
                sn = t_snap_open(t, 64 << 20);
            }
            t_alloc_calls = 0;
            t_fail_at = at;
            int status = t_save(t, &sn, "state");
            int failed = t_alloc_calls > at;
            t_fail_at = -1;
            if (!failed) {
                CHECK(status == LUA_OK, "save with no failure: %s", t->error);
                break;
            }
            failures++;
            CHECK(status != LUA_OK && t_contains(t->error, "not enough memory to save the state"), "failing at %ld: %s", at,
                  t->error);
            CHECK(t_save(t, &sn, "state") == LUA_OK, "save after a failure at %ld: %s", at, t->error);
            size_t n;
            unsigned char *b = t_bytes(&sn, &n);
            CHECK(n == nref && memcmp(b, bref, n) == 0, "bytes after a failure at %ld", at);
            free(b);
        }
        // Comparing and restoring under failures: no crash, and a later call works.
        for (long at = 0;; at++) {
            CHECK(t_host(t, "state.list[1][1] = 'changed' state.extra = {}") == LUA_OK, "%s", t->error);
            t_alloc_calls = 0;
            t_fail_at = at;
            int same = t_unchanged(t, &sn, "state");
            int status = t_restore(t, &sn, "state");
            int failed = t_alloc_calls > at;
            t_fail_at = -1;
            if (failed) {
                failures++;
                CHECK(same == 0 || same == -1, "unchanged under a failure at %ld says the state is unchanged", at);
            }
            if (status != LUA_OK) CHECK(t_restore(t, &sn, "state") == LUA_OK, "restore after a failure: %s", t->error);
            char *d = t_dump(t, "state");
            CHECK(strcmp(d, dref) == 0, "restored state after a failure at %ld", at);
            free(d);
            CHECK(t_unchanged(t, &sn, "state") == 1, "unchanged after a failure at %ld", at);
            if (!failed) break;
        }
        t_snap_close(t, &sn);
    }
    CHECK(failures > 20, "only %d allocation failures were tried", failures);
    free(bref);
    free(dref);
    t_snap_close(t, &ref);
    t_close(t);
}

// Tables read from their own arrays (tablelayout.h) give the very bytes lua_next gives, for
// states of every shape a rule makes: lists grown and shrunk, holes, lengths taken, records,
// removed keys, every kind of key and value, and tables the direct reading leaves to the API
// (a function inside, a metatable).
static const char *random_state =
    "local seed = ...\n"
    "local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648 return seed % n + 1 end\n"
    "local function value(depth)\n"
    "  local k = rnd(10)\n"
    "  if k == 1 then return rnd(1000) - 500 elseif k == 2 then return rnd(1000) / 7\n"
    "  elseif k == 3 then return ({'rock', 'paper', 'scissors'})[rnd(3)]\n"
    "  elseif k == 4 then return string.rep('long ', rnd(20))\n"
    "  elseif k == 5 then return rnd(2) == 1\n"
    "  elseif k == 6 and depth < 4 then local t = {} for i = 1, rnd(12) do t[i] = value(depth + 1) end return t\n"
    "  elseif k == 7 and depth < 4 then return {player = value(9), computer = value(9), outcome = rnd(3)}\n"
    "  elseif k == 8 and depth < 3 then\n"
    "    local t = {} for i = 1, rnd(40) do t[rnd(60) - 10] = value(depth + 1) end\n"
    "    for i = 1, rnd(10) do t[rnd(60) - 10] = nil end if rnd(2) == 1 then local _ = #t end return t\n"
    "  elseif k == 9 and depth < 3 then\n"
    "    local t = {} for i = 1, rnd(30) do t['key' .. rnd(50)] = value(depth + 1) end\n"
    "    for i = 1, rnd(10) do t['key' .. rnd(50)] = nil end t[rnd(3) / 4] = 'float key' t[rnd(2) == 1] = 'boolean key'\n"
    "    return t\n"
    "  elseif k == 10 then local r = rnd(20) if r == 1 then return print elseif r == 2 then return setmetatable({}, {}) end end\n"
    "  return 'leaf'\n"
    "end\n"
    "state = {}\n"
    "for i = 1, rnd(30) do state[#state + 1] = value(0) end\n"
    "for i = 1, rnd(10) do state['f' .. i] = value(0) end\n"
    "for i = 1, rnd(5) do table.remove(state, rnd(#state + 1) - 1 > 0 and rnd(#state) or nil) end\n"
    "local _ = #state\n";

static void direct_reading(void) {
    t_state *t = t_open(256 << 20);
    t_snap sn = t_snap_open(t, 64 << 20);
    CHECK(sn.s->direct == 1, "this Lua library's tables do not read as tablelayout.h says");
    CHECK(gh_table_layout_verified(t->L), "the layout does not verify on this library");
    int compared = 0;
    for (int seed = 1; seed <= 300; seed++) {
        CHECK(luaL_loadstring(t->L, random_state) == LUA_OK, "%s", lua_tostring(t->L, -1));
        lua_pushinteger(t->L, seed);
        CHECK(lua_pcall(t->L, 1, 0, 0) == LUA_OK, "state %d: %s", seed, lua_tostring(t->L, -1));
        sn.s->tc_on = 0;  // the stream's bytes, read both ways
        for (int canonical = 0; canonical <= 1; canonical++) {
            sn.s->direct = 1;
            CHECK(t_save_as(t, &sn, "state", canonical) == LUA_OK, "state %d: %s", seed, t->error);
            size_t n1, n2;
            unsigned char *direct = t_bytes(&sn, &n1);
            sn.s->direct = 0;
            CHECK(t_save_as(t, &sn, "state", canonical) == LUA_OK, "state %d: %s", seed, t->error);
            unsigned char *api = t_bytes(&sn, &n2);
            CHECK(n1 == n2 && memcmp(direct, api, n1) == 0, "state %d (canonical %d): the bytes differ (%zu, %zu)", seed,
                  canonical, n1, n2);
            compared++;
            free(direct);
            free(api);
        }
        // What was saved reading directly (by the stream, then by table copies) is what the
        // comparison and restore read back. (A table restored in place may hold its fields in
        // another order: canonical saves compare.)
        sn.s->direct = 1;
        sn.s->tc_on = seed % 2;
        CHECK(t_save(t, &sn, "state") == LUA_OK, "state %d: %s", seed, t->error);
        size_t nb, na;
        unsigned char *before = t_bytes(&sn, &nb);
        CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "state %d: %s", seed, t->error);
        CHECK(sn.s->tc_valid == seed % 2, "state %d: saved by copies %d", seed, sn.s->tc_valid);
        CHECK(t_unchanged(t, &sn, "state") == 1, "state %d: not unchanged right after the save", seed);
        CHECK(t_host(t, "state.extra = {1, 2, 3} state[1] = 'changed'") == LUA_OK, "%s", t->error);
        CHECK(t_unchanged(t, &sn, "state") == 0, "state %d: a change went unseen", seed);
        CHECK(t_restore(t, &sn, "state") == LUA_OK, "state %d: restore: %s", seed, t->error);
        CHECK(t_save(t, &sn, "state") == LUA_OK, "state %d: %s", seed, t->error);
        unsigned char *after = t_bytes(&sn, &na);
        CHECK(nb == na && memcmp(before, after, nb) == 0, "state %d: not as saved after the restore", seed);
        free(before);
        free(after);
    }
    CHECK(compared == 600, "compared %d saves", compared);
    t_snap_close(t, &sn);
    t_close(t);
}

// The saves before a move by table copies (tablecopy.h): a save after a move copies only the
// tables the move changed, a comparison finds any change, a restore gives it back; their limits,
// their failures, and the memory they let go.
static void table_copies(void) {
    t_state *t = t_open(256 << 20);
    t_install_dump(t);
    t_snap sn = t_snap_open(t, 1 << 20);
    CHECK(sn.s->tc_on == 1, "table copies are off on this library");
    CHECK(t_host(t, "state = {history = {}, score = 0, seen = setmetatable({}, {__mode = 'k'})}\n"
                    "for i = 1, 500 do state.history[i] = {player = 'rock', computer = 'paper', outcome = 'lose'} end\n"
                    "state.seen[state.history[1]] = true") == LUA_OK, "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(sn.s->tc_valid && sn.s->tc_copied == 504, "the first save copied %d tables", sn.s->tc_copied);
    // A move that adds a record copies the list, the root and the record.
    CHECK(t_call(t, "state.history[#state.history + 1] = {player = 'paper', computer = 'rock', outcome = 'win'} "
                    "state.score = state.score + 1", 0, 0, 1LL << 40) == LUA_OK, "%s", t->error);
    char *kept = t_dump(t, "state");
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(sn.s->tc_copied == 3, "a save after one record was added copied %d tables", sn.s->tc_copied);
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(sn.s->tc_copied == 0, "a save of an unchanged state copied %d tables", sn.s->tc_copied);
    // A change deep inside is found, whatever its kind, and taken back in place.
    const char *changes[] = {
        "state.history[250].outcome = 'tie'",
        "state.history[250].extra = 1",
        "state.history[250].player = nil",
        "state.history[250] = {player = 'rock', computer = 'paper', outcome = 'lose'}",
        "state.history[#state.history + 1] = 1",
        "state.history[#state.history] = nil",
        "state.score = 1.0",
        "setmetatable(state.history[3], {__index = state.history[4]})",
        "setmetatable(state.seen, nil)",
        "state.seen[state.history[2]] = true",
        "for i = 1, 100 do state.history[1]['k' .. i] = i end for i = 1, 100 do state.history[1]['k' .. i] = nil end",
        "state.history[2][string.rep('a long key ', 9)] = {}",
    };
    for (size_t i = 0; i < sizeof changes / sizeof *changes; i++) {
        CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
        CHECK(t_call(t, changes[i], 0, 0, 1LL << 40) == LUA_OK, "%s: %s", changes[i], t->error);
        CHECK(t_unchanged(t, &sn, "state") == 0, "%s: the change went unseen", changes[i]);
        CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s: restore: %s", changes[i], t->error);
        char *after = t_dump(t, "state");
        CHECK(strcmp(kept, after) == 0, "%s: restored differs:\n%s\n---\n%s", changes[i], kept, after);
        free(after);
        CHECK(t_unchanged(t, &sn, "state") == 1, "%s: not unchanged after the restore", changes[i]);
        CHECK(t_host(t, "assert(getmetatable(state.seen).__mode == 'k') assert(getmetatable(state.history[3]) == nil)") == LUA_OK,
              "%s: %s", changes[i], t->error);
    }
    // The collector marks removed keys dead at any time: a state is still unchanged.
    CHECK(t_host(t, "for i = 1, 50 do state.history[5]['gone' .. i] = {} end for i = 1, 50 do state.history[5]['gone' .. i] = nil end") == LUA_OK,
          "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "collectgarbage() collectgarbage()") == LUA_OK, "%s", t->error);
    CHECK(t_unchanged(t, &sn, "state") == 1, "a collection made the state look changed");
    // Nor does the length operator, which moves an array's limit.
    CHECK(t_host(t, "state.holes = {1, 2, 3, 4, 5, 6, 7, 8, 9, nil, 11, nil, nil, nil, nil, nil}") == LUA_OK, "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_call(t, "assert(#state.holes == 9 or #state.holes == 11)", 0, 0, 1LL << 40) == LUA_OK, "%s", t->error);
    CHECK(t_unchanged(t, &sn, "state") == 1, "the length operator made the state look changed");
    CHECK(t_host(t, "state.holes = nil") == LUA_OK, "%s", t->error);
    free(kept);
    // Limits: depth, the copies' size, the budget.
    CHECK(t_host(t, "state = {} local t = state for i = 1, 199 do t.next = {} t = t.next end") == LUA_OK, "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "200 deep: %s", t->error);
    CHECK(t_host(t, "state = {} local t = state for i = 1, 200 do t.next = {} t = t.next end") == LUA_OK, "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") != LUA_OK && t_contains(t->error, "nested more than 200 deep"), "%s", t->error);
    CHECK(t_unchanged(t, &sn, "state") == 0 && t_restore(t, &sn, "state") != LUA_OK, "a failed save can be restored");
    CHECK(t_host(t, "state = {} for i = 1, 70000 do state[i] = i end") == LUA_OK, "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") != LUA_OK && t_contains(t->error, "too large to save"), "%s", t->error);
    CHECK(t_host(t, "state = {} for i = 1, 20000 do state[i] = {i} end") == LUA_OK, "%s", t->error);
    CHECK(t_save_runs_out(t, &sn, 2000, 0), "a save by copies of 20,000 tables within 2,000 steps");
    // A root that is not a table is the stream's, that save only.
    CHECK(t_host(t, "state = 'just a string'") == LUA_OK, "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK && !sn.s->tc_valid && sn.s->tc_on, "%s", t->error);
    CHECK(t_host(t, "state = 42") == LUA_OK, "%s", t->error);
    CHECK(t_restore(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "assert(state == 'just a string')") == LUA_OK, "%s", t->error);
    // What the copies anchor is let go when they are forgotten (a new game).
    CHECK(t_host(t, "state = {} for i = 1, 3000 do state[i] = {string.rep('x', 100) .. i} end") == LUA_OK, "%s", t->error);
    CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
    CHECK(t_host(t, "state = {} collectgarbage()") == LUA_OK, "%s", t->error);
    size_t held = t->lim->used;
    gh_tc_forget(t->L, sn.s);
    CHECK(t_host(t, "collectgarbage()") == LUA_OK, "%s", t->error);
    CHECK(t->lim->used + 300000 < held, "forgetting the copies freed %zu -> %zu", held, t->lim->used);
    CHECK(sn.s->tc_live == 0 && sn.s->tc_bytes == 0, "%d objects and %zu bytes left", sn.s->tc_live, sn.s->tc_bytes);
    // What no copy names any more is let go by the next save: a state that replaces a large
    // string (or a function holding a large table) each move holds one of each.
    CHECK(t_host(t, "state = {}") == LUA_OK, "%s", t->error);
    size_t base = 0;
    for (int i = 0; i < 200; i++) {
        CHECK(t_call(t, "local big = {} for i = 1, 1000 do big[i] = i end "
                        "state.last = string.rep('x', 1 << 20) .. math.random(1e9) state.f = function() return big end",
                     0, 0, 1LL << 40) == LUA_OK, "%s", t->error);
        CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
        CHECK(t_host(t, "collectgarbage() collectgarbage()") == LUA_OK, "%s", t->error);
        if (i == 10) base = t->lim->used;
    }
    CHECK(sn.s->tc_others <= 4, "%d objects anchored for a state naming two (and their keys)", sn.s->tc_others);
    CHECK(t->lim->used < base + (2u << 20), "memory grew from %zu to %zu while the state held one of each", base, t->lim->used);
    t_snap_close(t, &sn);
    t_close(t);
}

// A weak table's new fields, held by nothing else, may go while the save before a move anchors
// others (anchoring allocates, and the collector runs): the save takes what is there.
static void weak_tables(void) {
    t_state *t = t_open(256 << 20);
    t_snap weak = t_snap_open(t, 64 << 20);
    CHECK(t_host(t, "state = {n = 0, w = setmetatable({}, {__mode = 'v'})} collectgarbage('generational')") == LUA_OK,
          "%s", t->error);
    for (int i = 0; i < 15; i++) {
        CHECK(t_call(t, "state.n = state.n + 1 for i = 1, 20000 do state.w['k' .. state.n .. '_' .. i] = {} end", 0, 0, 1LL << 40)
                  == LUA_OK, "%s", t->error);
        CHECK(t_save_in_order(t, &weak, "state") == LUA_OK, "a weak table: %s", t->error);
        CHECK(t_unchanged(t, &weak, "state") == 1, "a weak table: not unchanged after the save");
    }
    CHECK(t_host(t, "collectgarbage('incremental', 200, 100)") == LUA_OK, "%s", t->error);
    t_snap_close(t, &weak);
    t_close(t);
}

// Every allocation of the copies' own memory can fail: the save raises "not enough memory to
// save the state", the last save's copies stay whole, and the next save works.
static void table_copy_failures(void) {
    t_state *t = t_open(64 << 20);
    t_install_dump(t);
    CHECK(t_host(t, "state = {list = {}, name = 'x'} for i = 1, 60 do state.list[i] = {i, tostring(i), {}} state['k' .. i] = i end")
              == LUA_OK, "%s", t->error);
    int failures = 0;
    for (long at = 0;; at++) {
        t_snap sn = t_snap_open(t, 64 << 20);
        CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "%s", t->error);
        char *saved = t_dump(t, "state");
        CHECK(t_call(t, "state.list[61] = {'new'} state.list[1][1] = 'changed' state.name = 'y' state.extra = {} "
                        "for i = 1, 300 do state.extra[i] = {i, 'e' .. i} end", 0, 0, 1LL << 40) == LUA_OK,
              "%s", t->error);
        char *moved = t_dump(t, "state");
        t_alloc_calls = 0;
        t_fail_at = at;
        int status = t_save_in_order(t, &sn, "state");
        int failed = t_alloc_calls > at;
        t_fail_at = -1;
        if (failed) {
            failures++;
            CHECK(status != LUA_OK && t_contains(t->error, "not enough memory to save the state"), "failing at %ld: %s", at, t->error);
            CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "save after a failure at %ld: %s", at, t->error);
        }
        CHECK(t_unchanged(t, &sn, "state") == 1, "unchanged after a failure at %ld", at);
        CHECK(t_call(t, "state.list[2] = nil state.more = {1}", 0, 0, 1LL << 40) == LUA_OK, "%s", t->error);
        CHECK(t_restore(t, &sn, "state") == LUA_OK, "restore after a failure at %ld: %s", at, t->error);
        char *d = t_dump(t, "state");
        CHECK(strcmp(d, moved) == 0, "restored state after a failure at %ld", at);
        free(d);
        // Back to the first state for the next round.
        CHECK(t_host(t, "state.list[61] = nil state.list[1][1] = 1 state.name = 'x' state.extra = nil collectgarbage()") == LUA_OK, "%s", t->error);
        d = t_dump(t, "state");
        CHECK(strcmp(d, saved) == 0, "the state is not back at %ld", at);
        free(d);
        free(saved);
        free(moved);
        t_snap_close(t, &sn);
        if (!failed) break;
    }
    CHECK(failures >= 6, "only %d allocation failures were tried", failures);
    t_close(t);
}

int main(void) {
    in_place();
    shared_strings();
    no_finalizers();
    limits();
    host_objects();
    allocation_failures();
    direct_reading();
    table_copies();
    weak_tables();
    table_copy_failures();
    return t_report("snapshot");
}
