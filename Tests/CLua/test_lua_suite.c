// Lua 5.4.4's own test files, run in the C sandbox as the host runs them (LuaTestSuiteTests):
// the same files, with the same blocks blanked (read from that Swift test), `_port` and
// `_soft` set, stand-ins for the host's print, os, require and chance. The sandbox's bounds
// (stack, load's pre-scan, the wrappers) must leave every file passing.
#include "harness.h"
#include <ctype.h>

#define SUITE "../lua-5.4.4-tests/"
#define SWIFT_TEST "../GameHostTests/LuaTestSuiteTests.swift"

static unsigned long long t_seed = 0x9E3779B97F4A7C15ull;
static unsigned long long t_next(void) {
    t_seed ^= t_seed << 13;
    t_seed ^= t_seed >> 7;
    t_seed ^= t_seed << 17;
    return t_seed;
}

// The host's chance behind math.random: a float in [0, 1), or an integer in [low, up].
static int suite_dispatch(lua_State *L) {
    if (lua_gettop(L) >= 2) {
        lua_Integer low = lua_tointeger(L, 1), up = lua_tointeger(L, 2);
        unsigned long long span = (unsigned long long)up - (unsigned long long)low;
        unsigned long long r = t_next();
        if (span != ~0ull) r %= span + 1;
        lua_pushinteger(L, (lua_Integer)((unsigned long long)low + r));
    } else {
        lua_pushnumber(L, (double)(t_next() >> 11) / 9007199254740992.0);
    }
    return 1;
}

// print keeps the last line it was given: each file prints "OK" (or "ok") as it ends.
static char last_print[256];
static int prints = 0;
static int suite_print(lua_State *L) {
    prints++;
    const char *s = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : "";
    snprintf(last_print, sizeof last_print, "%s", s);
    return 0;
}
static int suite_clock(lua_State *L) { lua_pushnumber(L, (double)clock() / CLOCKS_PER_SEC); return 1; }
static int suite_time(lua_State *L) { lua_pushinteger(L, (lua_Integer)time(NULL)); return 1; }
// require gives the standard libraries the sandbox has, as the host's does.
static int suite_require(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    if (lua_getglobal(L, name) == LUA_TTABLE) return 1;
    return luaL_error(L, "module '%s' not found", name);
}

typedef struct exclusion { char file[64]; int first, last; } exclusion;
static exclusion exclusions[256];
static int nexclusions = 0;

// Reads the exclusions from the Swift test: lines like ("calls.lua", 316, 317, "why").
static int read_exclusions(void) {
    FILE *f = fopen(SWIFT_TEST, "r");
    if (!f) return 0;
    char line[1024];
    int in_list = 0;
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "static let exclusions")) in_list = 1;
        if (!in_list) continue;
        exclusion e;
        if (sscanf(line, " (\"%63[^\"]\", %d, %d,", e.file, &e.first, &e.last) == 3 && nexclusions < 256)
            exclusions[nexclusions++] = e;
        if (strstr(line, "]") && strstr(line, "]") == line + strspn(line, " ")) break;
    }
    fclose(f);
    return nexclusions;
}

static char *read_file(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = (char *)malloc((size_t)size + 1);
    if (fread(b, 1, (size_t)size, f) != (size_t)size) { fclose(f); free(b); return NULL; }
    fclose(f);
    b[size] = 0;
    *n = (size_t)size;
    return b;
}

// The file's text with its excluded lines emptied (each keeps its line break), but for
// exclusion number `kept` (-1: none kept).
static char *source(const char *file, size_t *n, int kept) {
    char path[256];
    snprintf(path, sizeof path, SUITE "%s", file);
    char *text = read_file(path, n);
    if (!text) return NULL;
    char *out = (char *)malloc(*n + 1);
    size_t o = 0;
    int line = 1;
    for (size_t i = 0; i < *n; i++) {
        int skip = 0;
        for (int e = 0; e < nexclusions; e++)
            if (e != kept && strcmp(exclusions[e].file, file) == 0 && line >= exclusions[e].first && line <= exclusions[e].last) skip = 1;
        if (text[i] == '\n') { out[o++] = '\n'; line++; }
        else if (!skip) out[o++] = text[i];
    }
    out[o] = 0;
    *n = o;
    free(text);
    return out;
}

static const char *files[] = {"pm.lua", "strings.lua", "utf8.lua", "sort.lua", "tpack.lua", "vararg.lua", "nextvar.lua",
                              "math.lua", "closure.lua", "goto.lua", "calls.lua", "constructs.lua", "events.lua",
                              "literals.lua", "locals.lua", "coroutine.lua", "errors.lua"};

// Runs a file (exclusion `kept` kept) as the host does; the status, the error in *error.
static int run_file(const char *file, int kept, char *error, size_t errlen, double *seconds) {
    size_t n;
    char *text = source(file, &n, kept);
    if (!text) {
        snprintf(error, errlen, "cannot read %s", file);
        return -1;
    }
    t_state *t = t_open(64 << 20);
    t->lim->dispatch = suite_dispatch;
    lua_State *L = t->L;
    lua_register(L, "print", suite_print);
    lua_register(L, "require", suite_require);
    lua_newtable(L);
    lua_pushcfunction(L, suite_clock);
    lua_setfield(L, -2, "clock");
    lua_pushcfunction(L, suite_time);
    lua_setfield(L, -2, "time");
    lua_setglobal(L, "os");
    lua_pushboolean(L, 1);
    lua_setglobal(L, "_port");
    lua_pushboolean(L, 1);
    lua_setglobal(L, "_soft");
    char name[80];
    snprintf(name, sizeof name, "@%s", file);
    double start = t_now();
    prints = 0;
    last_print[0] = 0;
    int status = luaL_loadbufferx(L, text, n, name, "t");
    if (status == LUA_OK) {
        lua_setglobal(L, "suite_chunk");
        status = t_call(t, "return suite_chunk()", 0, 0, 4000000000LL);
        snprintf(error, errlen, "%s", t->error);
    } else {
        snprintf(error, errlen, "%s", lua_tostring(L, -1));
    }
    *seconds = t_now() - start;
    t_close(t);
    free(text);
    return status;
}

int main(void) {
    CHECK(read_exclusions() > 30, "could not read the exclusions from %s", SWIFT_TEST);
    char error[4096];
    double seconds;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t n;
        char *text = source(files[i], &n, -1);
        CHECK(text != NULL, "cannot read %s", files[i]);
        if (!text) continue;
        char problem[256];
        CHECK(gh_source_problem(text, n, 1 << 20, problem, sizeof problem) == 0, "%s: %s", files[i], problem);
        free(text);
        int status = run_file(files[i], -1, error, sizeof error, &seconds);
        CHECK(status == LUA_OK, "%s: %s", files[i], error);
        if (status == LUA_OK)
            CHECK(strcmp(last_print, "OK") == 0 || strcmp(last_print, "ok") == 0, "%s ended printing '%s'", files[i], last_print);
        fprintf(stderr, "%-16s %s %.2f s\n", files[i], status == LUA_OK ? "ok" : "FAILED", seconds);
    }
    // Only what must be skipped is: each block, kept, still fails.
    for (int e = 0; e < nexclusions; e++) {
        int status = run_file(exclusions[e].file, e, error, sizeof error, &seconds);
        CHECK(status != LUA_OK, "%s:%d-%d passes without being skipped", exclusions[e].file, exclusions[e].first,
              exclusions[e].last);
    }
    return t_report("Lua test suite in the sandbox");
}
