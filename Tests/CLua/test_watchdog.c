// The watchdog stops rule code from another thread without touching a lua_State there: a busy
// loop in a simulation (no hook) or under a step budget, on the main thread or in coroutines,
// stops soon after gh_fire_watchdog; firing after a call has ended does nothing.
#include "harness.h"

typedef struct firing {
    gh_limits *lim;
    double delay;      // seconds before firing
    double fired_at;
    pthread_t thread;
} firing;

static void *fire_later(void *arg) {
    firing *f = (firing *)arg;
    struct timespec ts = {(time_t)f->delay, (long)((f->delay - (double)(time_t)f->delay) * 1e9)};
    nanosleep(&ts, NULL);
    f->fired_at = t_now();
    gh_fire_watchdog(f->lim);
    return NULL;
}

static void start_firing(firing *f, gh_limits *lim, double delay) {
    f->lim = lim;
    f->delay = delay;
    f->fired_at = 0;
    pthread_create(&f->thread, NULL, fire_later, f);
}

typedef struct storm {
    gh_limits *lim;
    _Atomic int stop;
    int fired;
} storm;

// Fires at random moments, 0 to 200 microseconds apart, until told to stop.
static void *run_storm(void *arg) {
    storm *s = (storm *)arg;
    unsigned seed = 12345;
    while (!atomic_load(&s->stop)) {
        seed = seed * 1103515245u + 12345u;
        struct timespec ts = {0, (long)(seed % 200000)};
        nanosleep(&ts, NULL);
        gh_fire_watchdog(s->lim);
        s->fired++;
    }
    return NULL;
}

// Runs `code`, fired at after 50 ms; checks it stops with the time limit within 50 ms.
static void stops(const char *what, const char *code, long long steps) {
    t_state *t = t_open(64 << 20);
    firing f;
    start_firing(&f, t->lim, 0.05);
    int status = t_call(t, code, 0, 0, steps);
    double ended = t_now();
    pthread_join(f.thread, NULL);
    double late = ended - f.fired_at;
    CHECK(status == LUA_ERRRUN, "%s: status %d (%s)", what, status, t->error);
    CHECK(t_contains(t->error, "time limit"), "%s: %s", what, t->error);
    CHECK(f.fired_at > 0 && late < 0.05, "%s: stopped %.3f s after firing", what, late);
    CHECK(t->lim->exhausted, "%s: not marked exhausted", what);
    // The state is usable afterwards, and the next call is not stopped by the old firing.
    CHECK(t_call(t, "local n = 0 for i = 1, 100000 do n = n + i end return n", 0, 1, steps) == LUA_OK, "%s: next call: %s",
          what, t->error);
    CHECK(lua_tointeger(t->L, -1) == 5000050000LL, "%s: next call's result", what);
    lua_pop(t->L, 1);
    t_close(t);
}

static const char *busy_loop = "while true do end";
// A loop that calls into libc now and then: under ThreadSanitizer a signal is handled only when
// the thread next enters an intercepted function (Lua itself is not instrumented).
static const char *busy_strings = "local i = 0 while true do i = i + 1 local s = 'x' .. i end";

int main(void) {
    const char *loop = getenv("GH_TSAN") ? busy_strings : busy_loop;
    char code[1024];
    stops("main thread, no hook", loop, -1);
    stops("main thread, counting", loop, 1LL << 60);
    snprintf(code, sizeof code, "local co = coroutine.wrap(function() %s end) co()", loop);
    stops("wrapped coroutine, no hook", code, -1);
    snprintf(code, sizeof code, "local co = coroutine.create(function() %s end) return coroutine.resume(co)", loop);
    stops("resumed coroutine, no hook", code, -1);
    snprintf(code, sizeof code,
             "local inner = coroutine.wrap(function() %s end)\n"
             "local outer = coroutine.wrap(function() coroutine.yield(1) inner() end)\n"
             "outer() outer()", loop);
    stops("nested coroutines, no hook", code, -1);
    snprintf(code, sizeof code, "while true do pcall(function() %s end) end", loop);
    stops("inside pcall, no hook", code, -1);
    // A coroutine that yields and is resumed over and over: the signal may come while any of
    // the threads runs, or in between.
    snprintf(code, sizeof code,
             "local co = coroutine.wrap(function() local i = 0 while true do i = i + 1 coroutine.yield(i) end end)\n"
             "while true do co() end");
    stops("ping-pong with a coroutine, no hook", code, -1);
    snprintf(code, sizeof code,
             "local co = coroutine.wrap(function() local i = 0 while true do i = i + 1 coroutine.yield(i) end end)\n"
             "while true do co() end");
    stops("ping-pong with a coroutine, counting", code, 1LL << 60);
    // A coroutine whose __close handler loops, run when coroutine.close closes it.
    snprintf(code, sizeof code,
             "local co = coroutine.create(function()\n"
             "  local x <close> = setmetatable({}, {__close = function() %s end})\n"
             "  coroutine.yield() end)\n"
             "coroutine.resume(co) coroutine.close(co)", loop);
    stops("__close run by coroutine.close, no hook", code, -1);

    // A coroutine made in a simulation (no hook) and resumed under a step budget is counted.
    {
        t_state *t = t_open(64 << 20);
        CHECK(t_call(t, "co = coroutine.wrap(function() while true do coroutine.yield() end end) co()", 0, 0, -1) == LUA_OK,
              "%s", t->error);
        CHECK(t_call(t, "co = coroutine.wrap(function() while true do end end)", 0, 0, -1) == LUA_OK, "%s", t->error);
        int status = t_call(t, "co()", 0, 0, 100000);
        CHECK(status == LUA_ERRRUN && t_contains(t->error, "step budget"), "coroutine from a sim: %d %s", status, t->error);
        t_close(t);
    }

    // Firing after a call has ended does nothing, and neither does firing a state that never
    // started a call; neither affects the next call.
    {
        t_state *t = t_open(64 << 20);
        gh_fire_watchdog(t->lim);
        CHECK(t_call(t, "return 1", 0, 1, -1) == LUA_OK, "%s", t->error);
        lua_pop(t->L, 1);
        gh_fire_watchdog(t->lim);
        gh_fire_watchdog(t->lim);
        CHECK(atomic_load(&t->lim->timed_out) == 0, "fired after the end");
        CHECK(t_call(t, "local n = 0 for i = 1, 3000000 do n = n + 1 end return n", 0, 1, -1) == LUA_OK, "%s", t->error);
        CHECK(lua_tointeger(t->L, -1) == 3000000, "the loop ran whole");
        lua_pop(t->L, 1);
        t_close(t);
    }

    // Many short calls while another thread fires at random moments, in and out of calls: no
    // crash, no race, and each call either completes or ends with the time limit.
    {
        t_state *t = t_open(64 << 20);
        int calls = getenv("GH_TSAN") ? 300 : 2000;
        storm s;
        s.lim = t->lim;
        atomic_store(&s.stop, 0);
        s.fired = 0;
        pthread_t storm_thread;
        pthread_create(&storm_thread, NULL, run_storm, &s);
        int ok = 0, stopped = 0, other = 0;
        for (int i = 0; i < calls; i++) {
            int status = t_call(t, "local n = 0 for i = 1, 20000 do n = n + i end return n", 0, 1, (i & 1) ? -1 : 1LL << 40);
            if (status == LUA_OK) { ok++; lua_pop(t->L, 1); }
            else if (t_contains(t->error, "time limit")) stopped++;
            else { other++; fprintf(stderr, "storm: %s\n", t->error); }
        }
        atomic_store(&s.stop, 1);
        pthread_join(storm_thread, NULL);
        CHECK(other == 0, "storm: %d other errors", other);
        CHECK(ok + stopped == calls, "storm: %d ok, %d stopped", ok, stopped);
        CHECK(atomic_load(&t->lim->signals_sent) == atomic_load(&t->lim->signals_handled), "storm: %u sent, %u handled",
              atomic_load(&t->lim->signals_sent), atomic_load(&t->lim->signals_handled));
        fprintf(stderr, "storm: %d calls completed, %d stopped, %d firings\n", ok, stopped, s.fired);
        t_close(t);
    }
    return t_report("watchdog");
}

