// The pre-scan of Lua source (source.h): every normal program passes (Lua's test files, the
// rule files), tokens inside comments and strings do not count, each quadratic construct of
// Lua's parser is refused past its bound with the right line, quickly, and what passes parses
// quickly.
#include "harness.h"
#include <dirent.h>

static char *read_all(const char *path, size_t *n) {
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

static double worst_ratio = 0;

static void passes_directory(const char *dir) {
    DIR *d = opendir(dir);
    CHECK(d != NULL, "cannot open %s", dir);
    if (!d) return;
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0) continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t n;
        char *text = read_all(path, &n);
        if (!text) continue;
        char msg[256];
        double work;
        int line = gh_source_scan(text, n, 1 << 20, msg, sizeof msg, &work);
        CHECK(line == 0, "%s:%d: %s", path, line, msg);
        if (work / GH_SOURCE_WORK_LIMIT > worst_ratio) worst_ratio = work / GH_SOURCE_WORK_LIMIT;
        files++;
        free(text);
    }
    closedir(d);
    CHECK(files > 0, "no Lua files in %s", dir);
}

// A growable text.
typedef struct text { char *b; size_t n, cap; } text;
static void add(text *t, const char *fmt, ...) {
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(t->b + t->n, t->cap - t->n, fmt, ap);
        va_end(ap);
        if (k >= 0 && (size_t)k < t->cap - t->n) { t->n += (size_t)k; return; }
        t->cap = t->cap ? t->cap * 2 : 4096;
        t->b = (char *)realloc(t->b, t->cap);
    }
}

// Refused at `line` with `part` in the message, quickly; `name` for the report.
static void refused(const char *name, text *t, int line, const char *part) {
    char msg[256];
    double start = t_now();
    int at = gh_source_problem(t->b, t->n, 0, msg, sizeof msg);
    double secs = t_now() - start;
    CHECK(at == line && t_contains(msg, part), "%s: refused at %d (wanted %d): %s", name, at, line, msg);
    CHECK(secs < 0.1, "%s: the scan took %.3f s", name, secs);
    free(t->b);
    t->b = NULL;
    t->n = t->cap = 0;
}

// Passes the scan, and Lua's parser takes it quickly.
static void accepted(const char *name, text *t, double max_seconds) {
    char msg[256];
    int at = gh_source_problem(t->b, t->n, 0, msg, sizeof msg);
    CHECK(at == 0, "%s: refused at %d: %s", name, at, msg);
    lua_State *L = luaL_newstate();
    double start = t_now();
    int status = luaL_loadbuffer(L, t->b, t->n, "=text");
    double secs = t_now() - start;
    CHECK(status == LUA_OK, "%s: %s", name, lua_tostring(L, -1));
    CHECK(secs < max_seconds, "%s: parsed in %.3f s", name, secs);
    if (getenv("GH_VERBOSE")) fprintf(stderr, "%-40s parsed in %.3f s\n", name, secs);
    lua_close(L);
    free(t->b);
    t->b = NULL;
    t->n = t->cap = 0;
}

int main(void) {
    char msg[256];
    // Every program of Lua's test suite and every rule file passes, far from the bounds.
    passes_directory("../lua-5.4.4-tests");
    passes_directory("../../rules");
    passes_directory("../../rules/lib");
    CHECK(worst_ratio < 0.01, "a normal file uses %.1f%% of the work bound", worst_ratio * 100);
    fprintf(stderr, "the largest work of a normal file: %.3f%% of the bound\n", worst_ratio * 100);

    double slow = getenv("GH_ASAN") ? 2.0 : 0.5;
    text t = {NULL, 0, 0};
    int limit = GH_SOURCE_FUNCTION_LIMIT;

    // Words in comments and strings are not tokens.
    add(&t, "local s = 'it\\'s'\n");
    for (int i = 0; i < 3 * limit; i++) {
        switch (i % 8) {
        case 0: add(&t, "-- goto x and y or z elseif\n"); break;
        case 1: add(&t, "s = \"goto \\\" and \\\\\" .. 'or \\' elseif'\n"); break;
        case 2: add(&t, "s = [[ goto ]] .. [==[ ]] and ]=] or ]==]\n"); break;
        case 3: add(&t, "--[[ goto\nand ]] s = 1\n"); break;
        case 4: add(&t, "--[==[ ]] goto ]=] ]==] s = 2\n"); break;
        case 5: add(&t, "s = 'a\\z\n   goto' -- and\n"); break;
        case 6: add(&t, "s = \"line\\\nbreak goto\"\n"); break;
        default: add(&t, "s = 0x1p-4 + 3e+2 + 0xA.8 -- or\n"); break;
        }
    }
    accepted("keywords in comments and strings", &t, slow);

    // Gotos, labels, breaks and loops: past the bound in one function, at the line it passes.
    add(&t, "local x = 1\n");
    for (int i = 0; i < limit; i++) add(&t, "if x then goto l%d end\n", i);
    for (int i = 0; i < limit; i++) add(&t, "::l%d:: x = 1\n", i);
    refused("gotos then labels", &t, limit + 2, "more than 8000 gotos, breaks, labels and loops in one function");
    add(&t, "local x = 1\nwhile x do\n");
    for (int i = 0; i < limit; i++) add(&t, "if x then break end\n");
    add(&t, "end\n");
    refused("breaks", &t, limit + 2, "gotos, breaks, labels and loops");
    add(&t, "local x = 1\n");
    for (int i = 0; i < limit + 1; i++) add(&t, "goto l%d ::l%d::\n", i, i);
    refused("goto chain", &t, limit / 2 + 2, "gotos, breaks, labels and loops");
    // The brief's case: 8 functions of 32,000 forward gotos each.
    for (int f = 0; f < 8; f++) {
        add(&t, "local function f%d()\n  local x = 1\n", f);
        for (int i = 0; i < 32000; i++) add(&t, "  if x then goto l%d end\n", i);
        for (int i = 0; i < 32000; i++) add(&t, "  ::l%d:: x = 1\n", i);
        add(&t, "end\n");
    }
    refused("8 functions of 32,000 gotos", &t, limit + 3, "gotos, breaks, labels and loops");
    // Many functions, each under the bound, add up.
    for (int f = 0; f < 20; f++) {
        add(&t, "local function f%d()\n  local x = 1\n", f);
        for (int i = 0; i < 3000; i++) add(&t, "  if x then goto l%d end\n", i);
        add(&t, "  ::l0::\nend\n");
    }
    {
        int at = gh_source_problem(t.b, t.n, 0, msg, sizeof msg);
        CHECK(at > 10 * 3004 && at < 12 * 3004 && t_contains(msg, "too much for the parser"), "20 functions: %d %s", at, msg);
        free(t.b);
        t.b = NULL;
        t.n = t.cap = 0;
    }

    // Chains of and/or, and of elseif.
    add(&t, "local a = 1\nlocal x = a");
    for (int i = 0; i < limit + 1; i++) add(&t, i % 100 == 99 ? "\n and a" : " and a");
    add(&t, "\n");
    refused("and chain", &t, 2 + limit / 100, "more than 8000 'and'/'or' operators in one function");
    add(&t, "local a = 1\nif a == 0 then a = 1\n");
    for (int i = 0; i < limit + 1; i++) add(&t, "elseif a == %d then a = 1\n", i);
    add(&t, "end\n");
    refused("elseif chain", &t, limit + 3, "more than 8000 'elseif' in one function");

    // Names in deep nests of functions with many locals.
    {
        text body = {NULL, 0, 0};
        for (int i = 0; i < 40; i++) {
            add(&t, "local ");
            for (int j = 0; j < 190; j++) add(&t, "%sv%d_%d", j ? ", " : "", i, j);
            add(&t, "\nreturn function()\n");
        }
        for (int i = 0; i < 50000; i++) add(&t, "g = v0_0 + v1_1 + v2_2\n");
        for (int i = 0; i < 40; i++) add(&t, "end\n");
        free(body.b);
        char msg[256];
        int at = gh_source_problem(t.b, t.n, 0, msg, sizeof msg);
        CHECK(at > 80 && at < 50080 && t_contains(msg, "names in nested functions"), "names: %d %s", at, msg);
        free(t.b);
        t.b = NULL;
        t.n = t.cap = 0;
    }

    // Lines are counted as Lua counts them: \r\n is one line break, so is \n\r.
    add(&t, "local x = 1\r\nlocal s = [[\r\n\r\n]]\n\rlocal y = 2\r");
    for (int i = 0; i < limit + 1; i++) add(&t, "goto l\r\n");
    refused("\\r\\n lines", &t, 6 + limit, "gotos");  // the first goto is on line 6, as Lua counts:
    {
        const char *s = "local x = 1\r\nlocal s = [[\r\n\r\n]]\n\rlocal y = 2\r= =";
        lua_State *L = luaL_newstate();
        CHECK(luaL_loadbuffer(L, s, strlen(s), "=t") != LUA_OK && t_contains(lua_tostring(L, -1), "t:6:"), "%s",
              lua_tostring(L, -1));
        lua_close(L);
    }

    // Just under the bounds, Lua's parser takes little time.
    add(&t, "local x = 1\n");
    for (int i = 0; i < limit / 2 - 1; i++) add(&t, "if x then goto l%d end\n", i);
    for (int i = 0; i < limit / 2 - 1; i++) add(&t, "::l%d:: x = 1\n", i);
    accepted("gotos and labels at the bound", &t, slow);
    add(&t, "local a = 1\nlocal x = a");
    for (int i = 0; i < limit - 1; i++) add(&t, " or a");
    add(&t, "\n");
    accepted("or chain at the bound", &t, slow);
    add(&t, "local a = 1\nif a == 0 then a = 1\n");
    for (int i = 0; i < limit - 1; i++) add(&t, "elseif a == %d then a = 1\n", i);
    add(&t, "end\n");
    accepted("elseif chain at the bound", &t, slow);
    for (int f = 0; f < 12; f++) {
        add(&t, "local function f%d()\n  local x = 1\n", f);
        for (int i = 0; i < 2800; i++) add(&t, "  if x then goto l end\n");
        add(&t, "  ::l::\nend\n");
    }
    accepted("12 functions of 2,800 gotos", &t, slow);
    {
        for (int i = 0; i < 40; i++) {
            add(&t, "local ");
            for (int j = 0; j < 190; j++) add(&t, "%sv%d_%d", j ? ", " : "", i, j);
            add(&t, "\nreturn function()\n");
        }
        for (int i = 0; i < 1500; i++) add(&t, "g = v0_0 + v1_1 + v2_2\n");
        for (int i = 0; i < 40; i++) add(&t, "end\n");
        accepted("names in a deep nest, under the bound", &t, slow);
    }

    // The size bound, and binary chunks (refused elsewhere) are not scanned.
    CHECK(gh_source_problem("x = 1", 5, 4, msg, sizeof msg) == -1 && t_contains(msg, "more than 4"), "size: %s", msg);
    CHECK(gh_source_problem("\x1bLua goto", 9, 0, msg, sizeof msg) == 0, "binary");
    CHECK(gh_source_problem("", 0, 0, msg, sizeof msg) == 0, "empty");
    return t_report("source pre-scan");
}
