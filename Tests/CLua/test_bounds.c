// The bounds on C paths the count hook cannot see (bounds.h): each is reached from rule code
// and ends, within its time, with the error the sandbox promises.
#include "harness.h"

// Runs `code` as rule code under `steps` (counting) or none (-1); the status, error in t->error.
// A memory error that was a refused stack reads as the host reads it.
static int run(t_state *t, const char *code, long long steps, double *seconds) {
    double start = t_now();
    int status = t_call(t, code, 0, 1, steps);
    if (seconds) *seconds = t_now() - start;
    if (status == LUA_OK) {
        const char *r = lua_tostring(t->L, -1);
        snprintf(t->error, sizeof t->error, "%s", r ? r : "");
        lua_pop(t->L, 1);
    } else if (status == LUA_ERRMEM && gh_stack_overflow_message(t->lim)) {
        snprintf(t->error, sizeof t->error, "%s", gh_stack_overflow_message(t->lim));
    }
    return status;
}

#define EXPECT(t, code, steps, ok, part, max_seconds)                                                     \
    do {                                                                                                    \
        double secs_;                                                                                       \
        int st_ = run(t, code, steps, &secs_);                                                              \
        CHECK((st_ == LUA_OK) == (ok) && t_contains(t->error, part), "%s\n  -> status %d: %.300s", code, st_, \
              t->error);                                                                                    \
        CHECK(secs_ < (max_seconds), "%s\n  -> took %.2f s", code, secs_);                                 \
        if (getenv("GH_VERBOSE")) fprintf(stderr, "%.3f s  %.60s -> %.80s\n", secs_, code, t->error);      \
    } while (0)

static void stack(void) {
    t_state *t = t_open(256 << 20);
    CHECK(t->lim->stack_check == 1, "the lua_State layout was not verified: the stack bound is off");
    double slow = getenv("GH_ASAN") ? 4.0 : 1.5;
    // A __call chain through a table, at the top, in pcall, in coroutines.
    EXPECT(t, "local t = setmetatable({}, {}) getmetatable(t).__call = t t()", 1LL << 50, 0,
           "test:1: stack overflow (a sandbox limit)", slow);
    EXPECT(t, "local t = setmetatable({}, {}) getmetatable(t).__call = t local ok, e = pcall(t) return tostring(ok) .. e",
           1LL << 50, 1, "falsestack overflow (a sandbox limit)", slow);
    EXPECT(t, "local t = setmetatable({}, {}) getmetatable(t).__call = t return select(2, coroutine.resume(coroutine.create(function() t() end)))",
           1LL << 50, 1, "stack overflow (a sandbox limit)", slow);
    EXPECT(t, "local t = setmetatable({}, {}) getmetatable(t).__call = t coroutine.wrap(function() t() end)()", 1LL << 50, 0,
           "stack overflow (a sandbox limit)", slow);
    EXPECT(t, "local t = setmetatable({}, {}) getmetatable(t).__call = t return select(2, coroutine.close((function() "
              "local co = coroutine.create(function() local x <close> = setmetatable({}, {__close = function() t() end}) "
              "coroutine.yield() end) coroutine.resume(co) return co end)()))",
           1LL << 50, 1, "stack overflow (a sandbox limit)", slow);
    // Without a hook (a simulation), and with a chain of many tables.
    EXPECT(t, "local t = setmetatable({}, {}) getmetatable(t).__call = t return select(2, pcall(t))", -1, 1,
           "stack overflow (a sandbox limit)", slow);
    EXPECT(t, "local a, b = setmetatable({}, {}), setmetatable({}, {}) getmetatable(a).__call = b getmetatable(b).__call = a "
              "return select(2, pcall(a, 1, 2, 3))", 1LL << 50, 1, "stack overflow (a sandbox limit)", slow);
    // A frame already large (values unpacked), then a chain.
    EXPECT(t, "local v = {} for i = 1, 8000 do v[i] = i end local t = setmetatable({}, {}) getmetatable(t).__call = t "
              "return select(2, pcall(t, table.unpack(v)))", 1LL << 50, 1, "stack overflow", slow);
    EXPECT(t, "local v = {} for i = 1, 8000 do v[i] = i end local function deep(n) if n > 0 then return 1 + deep(n - 1) end "
              "local t = setmetatable({}, {}) getmetatable(t).__call = t return t(table.unpack(v)) end "
              "return select(2, pcall(deep, 5000))", 1LL << 50, 1, "stack overflow", slow);
    // Ordinary recursion still works: 18,000 levels of a small function, 2,500 with ten locals.
    EXPECT(t, "local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end return f(8000)", 1LL << 50, 1, "8000", 1);
    EXPECT(t, "local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end return f(18000)", 1LL << 50, 1, "18000", 1);
    EXPECT(t, "local function f(n) local a, b, c, d, e, g, h, i, j, k = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 "
              "if n == 0 then return 0 end return a + f(n - 1) end return f(2500)", 1LL << 50, 1, "2500", 1);
    // Endless recursion: a stack overflow, again and again, through pcall and xpcall, whose
    // handler runs with room to spare (a to-be-closed variable in it, as Lua's own test has).
    EXPECT(t, "local function f() return 1 + f() end local n = 0 for i = 1, 5 do local ok, e = pcall(f) "
              "if not ok and e:find('stack overflow') then n = n + 1 end end return n", 1LL << 50, 1, "5", 2);
    EXPECT(t, "local function f() return 1 + f() end "
              "local closed = false "
              "local ok, r = xpcall(f, function(m) assert(m:find('stack overflow'), m) "
              "  local x <close> = setmetatable({}, {__close = function() closed = true end}) return 'handled: ' .. m end) "
              "return tostring(ok) .. ' ' .. tostring(closed) .. ' ' .. r", 1LL << 50, 1,
           "false true handled: test:1: stack overflow (a sandbox limit)", 2);
    EXPECT(t, "local function f() return 1 + f() end return coroutine.wrap(function() return select(2, pcall(f)) end)()",
           1LL << 50, 1, "stack overflow", 2);
    EXPECT(t, "local function f() return 1 + f() end f()", 1LL << 50, 0, "stack overflow (a sandbox limit)", 2);
    // The step budget still ends a chain-free loop as usual, and the state works after all this.
    EXPECT(t, "local n = 0 for i = 1, 1000 do n = n + i end return n", 1LL << 50, 1, "500500", 1);
    t_close(t);
}

static void strings_metatable(void) {
    t_state *t = t_open(64 << 20);
    EXPECT(t, "getmetatable('').__call = 'x'", 1LL << 40, 0, "the metatable of strings cannot be changed", 1);
    EXPECT(t, "getmetatable('').__index = {}", 1LL << 40, 0, "cannot be changed", 1);
    EXPECT(t, "rawset(getmetatable(''), '__call', 'x') return select(2, pcall(function() return ('x')() end))", 1LL << 40, 1,
           "attempt to call a string value", 1);
    EXPECT(t, "return tostring(getmetatable('').__index == string) .. ('abc'):upper() .. tostring(getmetatable(getmetatable('')))",
           1LL << 40, 1, "trueABCfalse", 1);
    t_close(t);
}

static void values(void) {
    t_state *t = t_open(256 << 20);
    EXPECT(t, "return select(2, pcall(table.unpack, {}, 1, 1e6))", 1LL << 40, 1, "too many results to unpack", 1);
    EXPECT(t, "return select(2, pcall(table.unpack, {}, 1, 8001))", 1LL << 40, 1, "too many results to unpack", 1);
    EXPECT(t, "return select('#', table.unpack({}, 1, 8000))", 1LL << 40, 1, "8000", 1);
    EXPECT(t, "return select(2, pcall(string.byte, string.rep('x', 100000), 1, -1))", 1LL << 40, 1, "string slice too long", 1);
    t_close(t);
    // (A fresh state: how far a stack may still double depends on how it grew before.)
    t = t_open(256 << 20);
    EXPECT(t, "return select('#', string.byte(string.rep('x', 8000), 1, -1))", 1LL << 40, 1, "8000", 1);
    // (Either message: a stack overflow, or no room for the values.)
    EXPECT(t, "local function f(n) if n > 0 then return f(n - 1) + 0 end return select('#', table.unpack({}, 1, 8000)) end "
              "return select(2, pcall(f, 19000))", 1LL << 40, 1, "", 1);
    EXPECT(t, "return select(2, pcall(utf8.codepoint, string.rep('x', 100000), 1, -1))", 1LL << 40, 1, "string slice too long", 1);
    // Each value costs a step: unpacking in a loop spends the budget.
    EXPECT(t, "local v = {} for i = 1, 8000 do v[i] = i end for i = 1, 1e9 do local a = table.unpack(v) end", 10000000, 0,
           "step budget", 2);
    EXPECT(t, "local s = string.rep('x', 8000) for i = 1, 1e9 do local a = s:byte(1, -1) end", 10000000, 0, "step budget", 2);
    t_close(t);
}

static void scans(void) {
    t_state *t = t_open(512 << 20);
    double slow = getenv("GH_ASAN") ? 4.0 : 1.5;
    // The pattern bound's own look at the subject, once per quantifier, is charged or refused.
    EXPECT(t, "local s = string.rep('a', 1 << 20) local p = string.rep('a*', 5000) .. 'b' "
              "return select(2, pcall(string.find, s, p))", 1LL << 50, 1, "pattern too complex", slow);
    EXPECT(t, "local s = string.rep('a', 1 << 20) local p = string.rep('x*', 100) .. 'b' for i = 1, 1e9 do s:find(p) end",
           8000000, 0, "step budget", slow);
    // A set is matched by reading it: a long one costs its length at each byte.
    EXPECT(t, "local s = string.rep('a', 1 << 20) local p = '[' .. string.rep('b', 5000) .. 'a]' "
              "for i = 1, 1e9 do s:find(p .. 'c') end", 8000000, 0, "", slow);
    EXPECT(t, "local s = string.rep('a', 1 << 22) local p = '[' .. string.rep('b', 5000) .. ']' "
              "return select(2, pcall(string.find, s, p))", 1LL << 50, 1, "pattern too complex", slow);
    // A plain search's scan is charged even when it is refused.
    EXPECT(t, "local s = string.rep('a', 1 << 24) for i = 1, 1e9 do pcall(string.find, s, string.rep('a', 200) .. 'b', 1, true) end",
           8000000, 0, "step budget", slow);
    // utf8.codes' iterator, called by hand over continuation bytes; utf8.offset's walk.
    EXPECT(t, "local s = string.rep('\\x80', 1 << 23) local f = utf8.codes(s) for i = 1, 1e9 do f(s, 0) end", 8000000, 0,
           "step budget", slow);
    EXPECT(t, "local s = string.rep('a', 1 << 23) for i = 1, 1e9 do utf8.offset(s, -1) end", 8000000, 0, "step budget", slow);
    EXPECT(t, "local s = string.rep('a', 1 << 23) for i = 1, 1e9 do local x = string.format('%q', s) end", 8000000, 0,
           "step budget", slow);
    EXPECT(t, "local s = string.rep('a', 1 << 23) for i = 1, 1e9 do local x = string.unpack('s4', string.pack('s4', s)) end",
           8000000, 0, "step budget", slow);
    EXPECT(t, "for _, c in utf8.codes('h\\u{e9}llo') do end return utf8.offset('h\\u{e9}llo', 3)", 1LL << 40, 1, "4", 1);
    // Positions at the ends of the integers read as Lua reads them.
    EXPECT(t, "return select(2, pcall(utf8.codepoint, 'abc', math.mininteger))", 1LL << 40, 1, "out of bounds", 1);
    EXPECT(t, "return select(2, pcall(utf8.codepoint, 'abc', 1, math.maxinteger))", 1LL << 40, 1, "out of bounds", 1);
    EXPECT(t, "return select(2, pcall(string.unpack, 'b', 'abc', math.mininteger))", 1LL << 40, 1, "", 1);
    EXPECT(t, "return select('#', string.byte('abc', math.mininteger, math.maxinteger))", 1LL << 40, 1, "3", 1);
    EXPECT(t, "return select(2, pcall(table.unpack, {}, math.mininteger, math.maxinteger))", 1LL << 40, 1, "too many results", 1);
    EXPECT(t, "return select('#', table.unpack({}, math.maxinteger, math.maxinteger))", 1LL << 40, 1, "1", 1);
    t_close(t);
    // An allocation over the memory cap makes Lua collect the whole heap first: a loop of them
    // spends the budget.
    t = t_open(64 << 20);
    EXPECT(t, "local keep = {} for i = 1, 100000 do keep[i] = {} end local s = string.rep('x', 20 << 20) "
              "for i = 1, 1e9 do pcall(function() return s .. s end) end", 20000000, 0, "step budget", getenv("GH_ASAN") ? 8.0 : 3.0);
    t_close(t);
}

typedef struct fire_at { gh_limits *lim; double delay; double fired; } fire_at;
static void *fire_after(void *arg) {
    fire_at *f = (fire_at *)arg;
    struct timespec ts = {0, (long)(f->delay * 1e9)};
    nanosleep(&ts, NULL);
    f->fired = t_now();
    gh_fire_watchdog(f->lim);
    return NULL;
}

// Instructions whose own work grows with their operands (comparing long strings) still stop
// within one instruction of the watchdog firing, counting steps or not.
static void long_instructions(void) {
    const char *code = "local a = string.rep('a', 1 << 24) local b = a .. '' local n = 0 "
                       "while a <= b and a == b do n = n + 1 end";
    for (int counting = 0; counting < 2; counting++) {
        t_state *t = t_open(256 << 20);
        fire_at f = {t->lim, 0.3, 0};
        pthread_t th;
        pthread_create(&th, NULL, fire_after, &f);
        int status = run(t, code, counting ? 1LL << 50 : -1, NULL);
        double late = t_now() - f.fired;
        pthread_join(th, NULL);
        CHECK(status != LUA_OK && t_contains(t->error, "time limit"), "long comparisons: %s", t->error);
        CHECK(late < 0.1, "long comparisons (counting %d) stopped %.3f s after the watchdog fired", counting, late);
        t_close(t);
    }
}

static void coroutines(void) {
    t_state *t = t_open(64 << 20);
    // Failing wrapped coroutines whose __close handlers resume more failing ones, deep: Lua's
    // C-stack count ends it with an error, not a crash.
    EXPECT(t, "local function nest(n) if n == 0 then error('bottom') end "
              "local co = coroutine.wrap(function() local x <close> = setmetatable({}, {__close = function() nest(n - 1) end}) "
              "error('fail ' .. n) end) co() end return select(2, pcall(nest, 300))", 1LL << 40, 1, "", 2);
    EXPECT(t, "local function nest(n) if n == 0 then return end local co = coroutine.create(function() "
              "local x <close> = setmetatable({}, {__close = function() nest(n - 1) end}) coroutine.yield() end) "
              "coroutine.resume(co) local ok, e = coroutine.close(co) if not ok then error(e, 0) end end "
              "return select(2, pcall(nest, 100))", 1LL << 40, 1,
           "coroutine.close nested more than 40 deep", 2);
    t_close(t);
}

static void loading(void) {
    t_state *t = t_open(64 << 20);
    double slow = getenv("GH_ASAN") ? 4.0 : 1.0;
    // The parser's quadratic work is refused before the parser runs.
    EXPECT(t, "local p = {'local x = 1'} for i = 1, 8000 do p[#p + 1] = 'if x then goto l' .. i .. ' end' end "
              "for i = 1, 8000 do p[#p + 1] = '::l' .. i .. ':: x = 1' end "
              "return select(2, load(table.concat(p, '\\n'), '=gotos'))", 1LL << 50, 1,
           "gotos:8002: more than 8000 gotos, breaks, labels and loops in one function (a sandbox limit)", slow);
    EXPECT(t, "return select(2, load('local a = 1 return a' .. string.rep(' and a', 9000)))", 1LL << 50, 1,
           "more than 8000 'and'/'or' operators in one function", slow);
    EXPECT(t, "return select(2, load('local x = 1 if x == 0 then x = 1 ' .. string.rep('elseif x == 2 then x = 1 ', 9000) .. 'end'))",
           1LL << 50, 1, "more than 8000 'elseif' in one function", slow);
    EXPECT(t, "local n = 0 return select(2, load(function() n = n + 1 if n <= 9001 then return n == 1 and 'local x = 1 ' or "
              "'while x do break end ' end end, '=reader'))", 1LL << 50, 1,
           "reader:1: more than 8000 gotos, breaks, labels and loops", slow);
    // A reader's pieces are read up to a nil or an empty piece; its errors are load's result.
    EXPECT(t, "local parts = {'return ', '1 ', '+ 2', '', 'error()'} local i = 0 "
              "return load(function() i = i + 1 return parts[i] end)()", 1LL << 40, 1, "3", 1);
    EXPECT(t, "return select(2, load(function() error('hhi') end))", 1LL << 40, 1, "hhi", 1);
    EXPECT(t, "return select(2, load(function() return true end))", 1LL << 40, 1, "reader function must return a string", 1);
    EXPECT(t, "local n = 0 return select(2, load(function() n = n + 1 if n == 1 then return '\\27Lua' end end))", 1LL << 40, 1,
           "binary chunks are not allowed", 1);
    EXPECT(t, "return select(2, load('x = 1', 'name', 'b'))", 1LL << 40, 1, "attempt to load a text chunk", 1);
    EXPECT(t, "local s = string.rep(' ', 5 << 20) return select(2, load(s))", 1LL << 40, 1, "more than 4194304 (a sandbox limit)", 1);
    EXPECT(t, "local big = string.rep('x', 1 << 20) local n = 0 "
              "return select(2, load(function() n = n + 1 if n < 10 then return big end end))", 1LL << 40, 1,
           "chunk of more than 4194304 bytes", 1);
    // The reader cannot catch the end of the budget.
    EXPECT(t, "load(function() while true do end end)", 1000000, 0, "step budget", 1);
    EXPECT(t, "return load('return 1 + 1')()", 1LL << 40, 1, "2", 1);
    t_close(t);
}

int main(void) {
    stack();
    strings_metatable();
    values();
    scans();
    long_instructions();
    coroutines();
    loading();
    return t_report("bounds");
}
