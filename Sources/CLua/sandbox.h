// The standard libraries a rule file gets, and the wrappers that keep them bounded without
// changing what valid Lua means.
//
// Four kinds of change:
// - functions whose work inside one C call grows with their input (searching, patterns,
//   repeating, sorting, shifting, unpacking, formatting, number parsing, UTF-8 scans) charge
//   that work to the step budget first (budget.h), or refuse past a bound, then run Lua's own
//   code (gh_delegate) or a copy of it written here;
// - pcall, xpcall, coroutine.resume and coroutine.wrap are written here in full, so that a
//   rule cannot catch the end of its own budget, an xpcall message handler never runs after
//   it, the watchdog knows which coroutine is running, and a refused stack growth reads as the
//   stack overflow it is;
// - setmetatable refuses __gc (hooks do not run in finalizers) and load refuses binary chunks
//   and text past the parser's bounds (source.h); both are written here in full so that every
//   other error is Lua's own;
// - the string metatable is read-only to rule code.
// Every wrapper checks its arguments as Lua does, with Lua's messages, so the Lua 5.4 manual
// holds for every function the sandbox keeps; only a bound adds a message of its own, ending
// "(a sandbox limit)". bounds.h lists every bound.
#ifndef GAMEHOST_CLUA_SANDBOX_H
#define GAMEHOST_CLUA_SANDBOX_H

#include "budget.h"
#include "calls.h"
#include <ctype.h>
#include <math.h>
#include <string.h>

#define GH_MAX_CLOSE_DEPTH 40
// A pattern whose worst-case work on its subject exceeds this is refused before it runs, and
// so is a plain search with more byte comparisons than the second: bounds that hold even where
// no step budget counts (simulations), since the watchdog cannot stop a C call.
#define GH_PATTERN_WORK_LIMIT 200000000.0
#define GH_PLAIN_FIND_LIMIT 2000000000.0
// Bounding a pattern's work looks at the subject once per quantifier: past this many bytes
// looked at (a fifth of a second), the pattern is refused before it runs.
#define GH_PATTERN_LOOK_LIMIT 50000000.0

// MARK: - Delegating to Lua's own function

// Runs Lua's own function (upvalue 1) in this C frame, so its errors name the function and
// the rule's line exactly as they would without the wrapper. (Lua's library functions use no
// upvalues of their own, so the wrapper's closure serves them.)
static inline int gh_delegate(lua_State *L) {
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// The elements a table really holds in its list part (no metamethods): what sorting or
// joining it touches. 0 for anything else.
static inline double gh_list_length(lua_State *L, int i) {
    return lua_type(L, i) == LUA_TTABLE ? (double)lua_rawlen(L, i) : 0;
}

// MARK: - Strings

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

// The longest run of bytes matching item p..ep-1 that starts at a position in [lo, hi]: how
// far one quantifier can stretch there, and so how many ways it can backtrack. Adds the work
// of looking (bytes times the item's length) to *scanned.
static inline size_t gh_longest_run(const char *s, size_t n, size_t lo, size_t hi, const char *p, const char *ep,
                                    double *scanned) {
    size_t best = 0, run = 0, i;
    for (i = lo; i < n; i++) {
        if (gh_item_match((unsigned char)s[i], p, ep)) {
            if (++run > best) best = run;
        } else {
            run = 0;
            if (i >= hi) break;  // no run that starts in the window goes on
        }
    }
    *scanned += (double)(i - lo + 1) * (double)(ep - p);
    return best;
}

static inline size_t gh_min(size_t a, size_t b) { return a < b ? a : b; }

// Just past the set `[...]` that starts at p (as Lua reads it: `]` first in the set, or after
// `%`, is a member), or NULL when it is not closed.
static inline const char *gh_set_end(const char *p, const char *end) {
    const char *ep = p + 1;
    if (ep < end && *ep == '^') ep++;
    do {
        if (ep >= end) return NULL;
        if (*ep == '%') ep++;
        ep++;
    } while (ep < end && *ep != ']');
    if (ep >= end) return NULL;
    return ep + 1;
}

// An upper bound on the backtracking work of Lua's matcher for pattern p on subject s from
// byte `init`: each quantified item multiplies the work by how far it can stretch from where
// it may start, a back-reference or %b by the length left, and matching one byte against a set
// costs the set's length. `anchors` is 0 for gmatch, where Lua reads a leading '^' as a plain
// character. An anchored pattern looks only as far as it can reach, so a tokenizer loop stays
// linear. Malformed patterns get a bound of 1 and are left to Lua, which reports them. The
// bound's own work is added to *scanned, and it stops early (returning a work past any limit)
// once that passes `scan_limit`: a pattern of many quantifiers on a long subject.
static inline double gh_pattern_work(const char *s, size_t n, size_t init, const char *p, size_t plen, int anchors,
                                     double *scanned, double scan_limit) {
    const char *end = p + plen;
    if (init > n) return 1.0;
    int anchored = anchors && p < end && *p == '^';
    if (anchored) p++;
    size_t lo = init, hi = anchored ? init : n;  // where the next item may start
    double work = anchored ? 1.0 : (double)(n - init) + 1.0;
    double item_cost = 1.0;  // the longest set's length
    while (p < end) {
        const char *ep;
        *scanned += 1;
        if (*scanned > scan_limit) return HUGE_VAL;
        if (*p == '(' || *p == ')') { p++; continue; }
        if (*p == '%') {
            if (p + 1 >= end) return 1.0;
            if (p[1] == 'b' || isdigit((unsigned char)p[1])) {
                work *= (double)(n - lo) + 1.0;
                hi = n;
                p += (p[1] == 'b') ? ((p + 3 < end) ? 4 : 2) : 2;
                continue;
            }
            if (p[1] == 'f') {
                p += 2;
                if (p >= end || *p != '[') return 1.0;
                // A frontier reads a set and consumes nothing.
                ep = gh_set_end(p, end);
                if (ep == NULL) return 1.0;
                if ((double)(ep - p) > item_cost) item_cost = (double)(ep - p);
                p = ep;
                continue;
            }
            ep = p + 2;
            goto quantifier;
        }
        if (*p == '[') {
            ep = gh_set_end(p, end);
            if (ep == NULL) return 1.0;
            if ((double)(ep - p) > item_cost) item_cost = (double)(ep - p);
        } else {
            ep = p + 1;
        }
    quantifier:
        if (ep < end && (*ep == '*' || *ep == '+' || *ep == '-')) {
            size_t run = gh_longest_run(s, n, lo, hi, p, ep, scanned);
            // With nothing after it but closing captures, a quantifier never backtracks: the
            // match succeeds as soon as it stops.
            const char *rest = ep + 1;
            while (rest < end && *rest == ')') rest++;
            if (rest < end) work *= (double)run + 1.0;
            hi = gh_min(n, hi + run);
            p = ep + 1;
        } else if (ep < end && *ep == '?') {
            work *= 2.0;
            hi = gh_min(n, hi + 1);
            p = ep + 1;
        } else {
            lo = gh_min(n, lo + 1);
            hi = gh_min(n, hi + 1);
            p = ep;
        }
        if (work > 1e300) return work;
    }
    return work * item_cost;
}

// The work of a plain search (string.find with `plain`, or a pattern with no magic
// characters) beyond its scan: a comparison at every place the needle's first byte occurs.
// Counted in one pass over the subject (no call per occurrence: a subject of one byte
// repeated has as many occurrences as bytes).
static inline double gh_plain_find_work(const char *s, size_t n, size_t init, const char *p, size_t m) {
    if (m == 0 || init > n || m > n - init) return 0;
    const unsigned char *at = (const unsigned char *)s + init, *last = (const unsigned char *)s + (n - m);
    unsigned char first = (unsigned char)p[0];
    size_t starts = 0;
    for (; at <= last; at++) starts += *at == first;
    return (double)starts * (double)m;
}

static inline int gh_has_magic(const char *p, size_t m) {
    for (size_t i = 0; i < m; i++)
        if (strchr("^$*+?.([%-", p[i]) != NULL) return 1;
    return 0;
}

// Lua's reading of a start position: negative counts from the end; 0-based result.
static inline size_t gh_start_offset(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos - 1;
    if (pos == 0) return 0;
    if (pos < -(lua_Integer)len) return 0;
    return len + (size_t)pos;
}

// string.find, match, gmatch and gsub. The matcher backtracks inside one C call, out of reach
// of the count hook. Before it runs, its worst-case work on this subject is bounded: refused
// past a limit, and charged when it is more than a scan. After it, the bytes it scanned are
// charged (up to the end of the match). Upvalue 2 names the function.
static inline int gh_string_pattern(lua_State *L) {
    size_t n, plen;
    const char *which = lua_tostring(L, lua_upvalueindex(2));
    const char *s = luaL_checklstring(L, 1, &n);
    const char *p = luaL_checklstring(L, 2, &plen);
    int is_find = strcmp(which, "find") == 0, is_match = strcmp(which, "match") == 0;
    size_t init = 0;
    if (strcmp(which, "gsub") == 0) {
        int tr = lua_type(L, 3);
        luaL_optinteger(L, 4, 0);
        luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                         "string/function/table");
    } else {
        init = gh_start_offset(luaL_optinteger(L, 3, 1), n);
    }
    double scan = init > n ? 0 : (double)(n - init);
    // Bounding the work is work too (a scan of the subject, or of it per quantifier): charged
    // whether the search then runs or is refused.
    gh_charge_bytes(L, (double)plen);
    if (is_find && (lua_toboolean(L, 4) || !gh_has_magic(p, plen))) {
        gh_charge_bytes(L, scan);
        double work = gh_plain_find_work(s, n, init, p, plen);
        if (work > GH_PLAIN_FIND_LIMIT)
            return luaL_error(L, "search too long for a subject of %I bytes (a sandbox limit)", (lua_Integer)n);
        gh_charge_bytes(L, work);
    } else {
        double scanned = 0;
        double work = gh_pattern_work(s, n, init, p, plen, strcmp(which, "gmatch") != 0, &scanned, GH_PATTERN_LOOK_LIMIT);
        gh_charge(L, scanned);  // a byte looked at is a few nanoseconds here: a step
        if (work > GH_PATTERN_WORK_LIMIT)
            return luaL_error(L, "pattern too complex for a subject of %I bytes (a sandbox limit)", (lua_Integer)n);
        if (work > scan * GH_BYTES_PER_STEP) gh_charge(L, work / GH_PATTERN_UNITS_PER_STEP);
    }
    int results = gh_delegate(L);
    int first = lua_gettop(L) - results + 1;
    if (is_find && results >= 2 && lua_type(L, first) == LUA_TNUMBER) {
        lua_Integer last = lua_tointeger(L, first + 1);  // where the match ended
        scan = last > (lua_Integer)init ? (double)(last - (lua_Integer)init) : 0;
    } else if (is_match && results > 0 && !lua_isnil(L, first)) {
        scan = 0;  // where it ended is not known; allocating the captures is charged
    }
    gh_charge_bytes(L, scan);
    return results;
}

// utf8.len scans the bytes between its positions.
static inline int gh_utf8_len(lua_State *L) {
    size_t n;
    luaL_checklstring(L, 1, &n);
    size_t i = gh_start_offset(luaL_optinteger(L, 2, 1), n);
    lua_Integer jpos = luaL_optinteger(L, 3, -1);
    size_t j = jpos == 0 ? 0 : gh_start_offset(jpos, n) + 1;
    if (j > i) gh_charge_bytes(L, (double)(j - i));
    return gh_delegate(L);
}

// tonumber reads every byte of a string argument.
static inline int gh_tonumber_lib(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING) gh_charge_bytes(L, (double)lua_rawlen(L, 1));
    return gh_delegate(L);
}

// string.rep: an empty piece repeated 3e8 times runs for a second inside one C call without
// allocating; the result is "" whatever the count, so answer at once. A result larger than
// the memory cap is refused before any work; a smaller one is charged by its size.
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
    if (lim->cap != 0 && total > (double)lim->cap)
        return luaL_error(L, "resulting string too large (over the rule's memory limit)");
    gh_charge_bytes(L, total);
    return gh_delegate(L);
}

// The most values one call of table.unpack, string.byte or utf8.codepoint pushes: each is a
// stack slot, and a stack grown by that much at once doubles past GH_STACK_SLOTS sooner.
#define GH_MAX_RESULTS 8000

// Lua's reading of a string position (string.byte's posrelatI and getendpos): 1-based, negative
// from the end, clipped to the string.
static inline size_t gh_string_start(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static inline size_t gh_string_end(lua_Integer pos, size_t len) {
    if (pos > (lua_Integer)len) return len;
    if (pos >= 0) return (size_t)pos;
    if (pos < -(lua_Integer)len) return 0;
    return len + (size_t)pos + 1;
}

// string.byte: one value a byte.
static inline int gh_string_byte(lua_State *L) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer pi = luaL_optinteger(L, 2, 1);
    size_t posi = gh_string_start(pi, l);
    size_t pose = gh_string_end(luaL_optinteger(L, 3, pi), l);
    if (posi <= pose) {
        if (pose - posi >= GH_MAX_RESULTS) return luaL_error(L, "string slice too long (more than %d values, a sandbox limit)", GH_MAX_RESULTS);
        gh_charge(L, (double)(pose - posi + 1));
    }
    return gh_delegate(L);
}

// Lua's utf8 reading of a position: negative from the end.
static inline lua_Integer gh_utf8_position(lua_Integer pos, size_t len) {
    if (pos >= 0) return pos;
    if (0u - (lua_Unsigned)pos > len) return 0;
    return (lua_Integer)len + pos + 1;
}

// utf8.codepoint: at most one value a byte, each decoded.
static inline int gh_utf8_codepoint(lua_State *L) {
    size_t len;
    luaL_checklstring(L, 1, &len);
    lua_Integer posi = gh_utf8_position(luaL_optinteger(L, 2, 1), len);
    lua_Integer pose = gh_utf8_position(luaL_optinteger(L, 3, posi), len);
    if (posi >= 1 && pose <= (lua_Integer)len && posi <= pose) {
        if (pose - posi >= GH_MAX_RESULTS) return luaL_error(L, "string slice too long (more than %d values, a sandbox limit)", GH_MAX_RESULTS);
        gh_charge_bytes(L, (double)(pose - posi + 1) * GH_BYTES_PER_STEP);
    }
    return gh_delegate(L);
}

// utf8.offset walks the string from its position, byte by byte, to the n-th character.
static inline int gh_utf8_offset(lua_State *L) {
    size_t len;
    luaL_checklstring(L, 1, &len);
    gh_charge_bytes(L, (double)len);
    return gh_delegate(L);
}

// The iterator utf8.codes returns skips the continuation bytes after its position before it
// decodes: charged here, as the rule may call it with any position, over and over.
static inline int gh_utf8_codes_step(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Unsigned n = (lua_Unsigned)lua_tointeger(L, 2);
    lua_Unsigned k = n;
    while (k < len && ((unsigned char)s[k] & 0xC0) == 0x80) k++;
    gh_charge_bytes(L, (double)(k - n));
    return gh_delegate(L);
}

static inline int gh_utf8_codes(lua_State *L) {
    int n = gh_delegate(L);  // iterator, string, 0
    int first = lua_gettop(L) - n + 1;
    lua_pushvalue(L, first);
    lua_pushcclosure(L, gh_utf8_codes_step, 1);
    lua_replace(L, first);
    return n;
}

// string.format, pack, unpack and packsize read their format string and copy their string
// arguments (what they make is charged as it is allocated).
static inline double gh_string_argument_bytes(lua_State *L, int from) {
    double bytes = 0;
    for (int i = from; i <= lua_gettop(L); i++)
        if (lua_type(L, i) == LUA_TSTRING) bytes += (double)lua_rawlen(L, i);
    return bytes;
}

static inline int gh_string_format(lua_State *L) {
    gh_charge_bytes(L, gh_string_argument_bytes(L, 1));
    return gh_delegate(L);
}

// string.unpack also charges the bytes it read (its last result is where it stopped).
static inline int gh_string_unpack(lua_State *L) {
    size_t fl, dl;
    luaL_checklstring(L, 1, &fl);
    luaL_checklstring(L, 2, &dl);
    lua_Integer from = gh_utf8_position(luaL_optinteger(L, 3, 1), dl);
    gh_charge_bytes(L, (double)fl);
    int n = gh_delegate(L);
    if (n > 0 && lua_isinteger(L, -1)) {
        lua_Integer to = lua_tointeger(L, -1);
        if (to > from) gh_charge_bytes(L, (double)(to - from));
    }
    return n;
}

// table.unpack, written out (as Lua's) with a bound on the values and a step a value.
static inline int gh_table_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;  // values minus one
    if (n >= GH_MAX_RESULTS || !lua_checkstack(L, (int)(++n))) {
        gh_limits_of(L)->stack_refused = 0;  // reported here, as Lua reports a full stack
        return luaL_error(L, "too many results to unpack (more than %d, a sandbox limit)", GH_MAX_RESULTS);
    }
    gh_charge(L, (double)n);
    for (; i < e; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

// MARK: - Tables

#define GH_TAB_R 1
#define GH_TAB_W 2
#define GH_TAB_L 4
#define GH_TAB_RW (GH_TAB_R | GH_TAB_W)

static inline int gh_meta_has(lua_State *L, const char *key, int *pushed) {
    (*pushed)++;
    return lua_getfield(L, -(*pushed), key) != LUA_TNIL;
}

// A table, or a value whose metatable has what the operation needs (as Lua's table library
// accepts), else Lua's "table expected" error.
static inline void gh_check_table(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int pushed = 0;
    if (lua_getmetatable(L, arg)) {
        pushed = 1;
        int ok = (!(what & GH_TAB_R) || gh_meta_has(L, "__index", &pushed)) &&
                 (!(what & GH_TAB_W) || gh_meta_has(L, "__newindex", &pushed)) &&
                 (!(what & GH_TAB_L) || gh_meta_has(L, "__len", &pushed));
        lua_pop(L, pushed);
        if (ok) return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

// table.insert, written out so that shifting a long list is charged (one step an element).
static inline int gh_table_insert(lua_State *L) {
    gh_check_table(L, 1, GH_TAB_RW | GH_TAB_L);
    lua_Integer e = luaL_len(L, 1);
    e = (lua_Integer)((lua_Unsigned)e + 1u);  // the first empty slot
    lua_Integer pos;
    switch (lua_gettop(L)) {
        case 2: pos = e; break;
        case 3:
            pos = luaL_checkinteger(L, 2);
            luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
            gh_charge(L, (double)((lua_Unsigned)e - (lua_Unsigned)pos));
            for (lua_Integer i = e; i > pos; i--) {
                lua_geti(L, 1, i - 1);
                lua_seti(L, 1, i);
            }
            break;
        default: return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

// table.remove, written out for the same reason.
static inline int gh_table_remove(lua_State *L) {
    gh_check_table(L, 1, GH_TAB_RW | GH_TAB_L);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");  // #1, as Lua 5.4.4 says
    if (pos < size) gh_charge(L, (double)((lua_Unsigned)size - (lua_Unsigned)pos));
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

// table.move, written out so that a long move is charged as it goes (an element a step): a
// huge range stops at the budget, and a metamethod that raises ends it early, as in Lua.
static inline int gh_table_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;
    gh_check_table(L, 1, GH_TAB_R);
    gh_check_table(L, tt, GH_TAB_W);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                if ((i & 1023) == 0) gh_charge(L, 1024);
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                if (((n - 1 - i) & 1023) == 0) gh_charge(L, 1024);
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

// table.sort: about n log n comparisons inside one C call. table.concat: n pieces.
static inline int gh_table_sort(lua_State *L) {
    double n = gh_list_length(L, 1);
    if (n > 1) gh_charge(L, n * log2(n) / 2);
    return gh_delegate(L);
}

static inline int gh_table_concat(lua_State *L) {
    gh_charge(L, gh_list_length(L, 1));
    return gh_delegate(L);
}

// MARK: - Protected calls and coroutines

// Whether the error now propagating is the end of the budget or time, which no rule may catch.
static inline int gh_budget_spent(lua_State *L) {
    gh_limits *lim = gh_limits_of(L);
    return lim->budget_on && lim->exhausted;
}

// Whether an error with `status` is a stack growth the sandbox refused (Lua raises it as a
// memory error); if so, the error object on top becomes the "stack overflow" message.
static inline int gh_stack_error(lua_State *L, int status) {
    gh_limits *lim = gh_limits_of(L);
    if (status != LUA_ERRMEM || !lim->stack_refused) return 0;
    lim->stack_refused = 0;
    lua_pop(L, 1);
    lua_pushstring(L, lim->stack_message);
    return 1;
}

static int gh_finish_pcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        if (gh_budget_spent(L)) return lua_error(L);  // the error object is on top
        if (gh_stack_error(L, status) && extra == 2) {
            // Lua runs no message handler for a memory error: xpcall's runs now, the stack
            // unwound (so it has room), as it would have for Lua's own stack overflow.
            lua_getupvalue(L, 2, 1);
            lua_insert(L, -2);
            int handled = lua_pcall(L, 1, 1, 0);
            if (handled != LUA_OK && gh_budget_spent(L)) return lua_error(L);
        }
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static inline int gh_pcall_lib(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, gh_finish_pcall);
    return gh_finish_pcall(L, status, 0);
}

// The message handler xpcall installs in place of the rule's: the rule's handler (upvalue 1)
// runs for the rule's own errors, never for the end of the budget (Lua runs a handler with
// hooks off after an error raised by a hook, so a looping handler would never be stopped).
static inline int gh_xpcall_handler(lua_State *L) {
    if (gh_budget_spent(L)) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static inline int gh_xpcall_lib(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, gh_xpcall_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, gh_finish_pcall);
    return gh_finish_pcall(L, status, 2);
}

// Resumes `co` with `narg` values from L's top; returns the number of results moved to L, or
// -1 with the error value on L's top. The watchdog is told which thread runs meanwhile.
static inline int gh_resume(lua_State *L, lua_State *co, int narg) {
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    gh_limits *lim = gh_limits_of(L);
    lua_State *previous = gh_set_running(lim, co);
    int nres;
    int status = lua_resume(co, L, narg, &nres);
    gh_set_running(lim, previous);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    return -1;
}

static inline lua_State *gh_check_coroutine(lua_State *L, int i) {
    lua_State *co = lua_tothread(L, i);
    luaL_argexpected(L, co, i, "thread");
    return co;
}

static inline int gh_coroutine_resume(lua_State *L) {
    lua_State *co = gh_check_coroutine(L, 1);
    int r = gh_resume(L, co, lua_gettop(L) - 1);
    if (r < 0) {
        if (gh_budget_spent(L)) return lua_error(L);
        gh_stack_error(L, lua_status(co));
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

static inline int gh_wrapped_coroutine(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int r = gh_resume(L, co, lua_gettop(L));
    if (r < 0) {
        int status = lua_status(co);
        if (status != LUA_OK && status != LUA_YIELD) {  // the coroutine died: close it
            // Its __close handlers run on its own stack: the watchdog must reach it there.
            gh_limits *lim = gh_limits_of(L);
            int refused = status == LUA_ERRMEM && lim->stack_refused;
            lua_State *previous = gh_set_running(lim, co);
            status = lua_resetthread(co);
            gh_set_running(lim, previous);
            lua_xmove(co, L, 1);
            if (refused && gh_stack_error(L, status)) status = LUA_ERRRUN;
        }
        if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING && !gh_budget_spent(L)) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return r;
}

static inline int gh_coroutine_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, gh_wrapped_coroutine, 1);
    return 1;
}

// coroutine.close: __close handlers that close further coroutines recurse on the C stack and
// Lua 5.4.4 does not count that depth, so a long chain kills the process. Limit it here.
static inline int gh_coroutine_close(lua_State *L) {
    lua_State *co = gh_check_coroutine(L, 1);
    gh_limits *lim = gh_limits_of(L);
    if (lim->close_depth >= GH_MAX_CLOSE_DEPTH)
        return luaL_error(L, "coroutine.close nested more than %d deep (a sandbox limit)", GH_MAX_CLOSE_DEPTH);
    // A running or normal coroutine cannot be closed: Lua's own function says so. Any other
    // is closed on its own stack, where its __close handlers run: the watchdog must reach it
    // there, so it is the running thread meanwhile (closing never raises once it has begun).
    lua_Debug ar;
    int busy = co == L || (lua_status(co) == LUA_OK && lua_getstack(co, 0, &ar));
    if (busy) return gh_delegate(L);
    lim->close_depth++;
    lua_State *previous = gh_set_running(lim, co);
    int n = gh_delegate(L);
    gh_set_running(lim, previous);
    lim->close_depth--;
    // Closing reports a memory error as (false, "not enough memory"): a refused stack is the
    // stack overflow it is.
    if (n == 2 && !lua_toboolean(L, -2) && lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "not enough memory") == 0)
        gh_stack_error(L, LUA_ERRMEM);
    return n;
}

// MARK: - Metatables and loading

// setmetatable as Lua has it, but a metatable with __gc is refused: the count hook does not
// run inside finalizers, so a looping one would hang the host.
static inline int gh_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int has_gc = lua_rawget(L, 2) != LUA_TNIL;
        lua_pop(L, 1);
        if (has_gc) return luaL_error(L, "__gc metamethods are not allowed in rule files (a sandbox limit)");
    }
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

// The most bytes of source text load takes (text, or what a reader function gives): Lua's
// parser runs inside one C call, at some 30 MB a second on plain code.
#define GH_LOAD_SIZE_LIMIT ((size_t)4 << 20)

static inline int gh_load_result(lua_State *L, int status, int env) {
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env != 0) {
        lua_pushvalue(L, env);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

static inline int gh_load_refused(lua_State *L, const char *why) {
    luaL_pushfail(L);
    lua_pushstring(L, why);
    return 2;
}

// Reads a whole chunk from load's reader function (argument 1) into one string, as Lua's load
// would read it: up to a nil or an empty piece; anything but a string is an error. Runs
// protected (lua_pcall), so an error in the reader is load's result, as in Lua.
static int gh_load_read_all(lua_State *L) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);  // from here, slot 2 may hold the buffer's box
    size_t total = 0;
    for (;;) {
        luaL_checkstack(L, 3, "too many nested functions");
        lua_pushvalue(L, 1);
        lua_call(L, 0, 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            break;
        }
        if (!lua_isstring(L, -1)) {
            // Where load was called from rule code, as Lua's own message has it (this runs
            // inside load, one call or more deeper).
            lua_Debug ar;
            int level = 1;
            while (lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline <= 0) level++;
            luaL_where(L, level);
            lua_pushliteral(L, "reader function must return a string");
            lua_concat(L, 2);
            lua_error(L);
        }
        size_t n;
        lua_tolstring(L, -1, &n);
        if (n == 0) {
            lua_pop(L, 1);
            break;
        }
        total += n;
        if (total > GH_LOAD_SIZE_LIMIT)
            luaL_error(L, "chunk of more than %d bytes (a sandbox limit)", (int)GH_LOAD_SIZE_LIMIT);
        gh_charge_bytes(L, (double)n);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    return 1;
}

// A chunk name as Lua's messages show it (luaO_chunkid): "=name" as is, "@file" as the file,
// else [string "first line..."].
static void gh_chunk_id(char *out, size_t size, const char *name) {
    if (*name == '=' || *name == '@') {
        snprintf(out, size, "%s", name + 1);
        return;
    }
    size_t line = strcspn(name, "\n\r");
    if (line > 40 || name[line] != 0) snprintf(out, size, "[string \"%.*s...\"]", (int)(line > 40 ? 40 : line), name);
    else snprintf(out, size, "[string \"%s\"]", name);
}

// Loads text `s` (n bytes) unless it is binary or past a bound of the parser's work (the
// pre-scan in source.h); the message names the chunk and line, as a syntax error would.
static int gh_load_text(lua_State *L, const char *s, size_t n, const char *name, const char *mode, int env) {
    if (n > 0 && s[0] == LUA_SIGNATURE[0])
        return gh_load_refused(L, "binary chunks are not allowed in rule files (a sandbox limit)");
    char problem[256], id[80];
    int line = gh_source_problem(s, n, GH_LOAD_SIZE_LIMIT, problem, sizeof problem);
    if (line != 0) {
        gh_chunk_id(id, sizeof id, name);
        if (line > 0) lua_pushfstring(L, "%s:%d: %s", id, line, problem);
        else lua_pushfstring(L, "%s: %s", id, problem);
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    gh_charge_bytes(L, (double)n);
    return gh_load_result(L, luaL_loadbufferx(L, s, n, name, mode), env);
}

// load as Lua has it (a string or a reader function, chunk name, mode, environment), but a
// binary chunk is refused whatever the mode (it could break the VM), and so is text past the
// parser's bounds. A reader's pieces are read first, whole, then checked and loaded as text.
static inline int gh_load(lua_State *L) {
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = !lua_isnone(L, 4) ? 4 : 0;
    if (s != NULL) return gh_load_text(L, s, len, luaL_optstring(L, 2, s), mode, env);
    const char *name = luaL_optstring(L, 2, "=(load)");
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_pushcfunction(L, gh_load_read_all);
    lua_pushvalue(L, 1);
    int status = lua_pcall(L, 1, 1, 0);
    if (status != LUA_OK) {
        if (gh_budget_spent(L)) return lua_error(L);
        gh_stack_error(L, status);
        return gh_load_result(L, status, env);
    }
    s = lua_tolstring(L, -1, &len);  // stays on the stack while it loads
    return gh_load_text(L, s, len, name, mode, env);
}

// collectgarbage: a full collection is work in proportion to the heap; the rest is cheap.
static inline int gh_collectgarbage(lua_State *L) {
    const char *option = luaL_optstring(L, 1, "collect");
    if (strcmp(option, "collect") == 0 || strcmp(option, "step") == 0)
        gh_charge_bytes(L, (double)gh_limits_of(L)->used);
    return gh_delegate(L);
}

// MARK: - math.random

// math.random with Lua's argument rules and messages, backed by the host's chance: the
// trampoline's Swift function (upvalue 1, as gh_swift_trampoline reads it) receives no
// argument for a float in [0, 1), else the interval as two integers; random(0) is the whole
// integer range, as in Lua.
static inline int gh_math_random(lua_State *L) {
    lua_Integer low, up;
    switch (lua_gettop(L)) {
        case 0: return gh_swift_trampoline(L);
        case 1:
            low = 1;
            up = luaL_checkinteger(L, 1);
            if (up == 0) { low = LUA_MININTEGER; up = LUA_MAXINTEGER; }
            break;
        case 2:
            low = luaL_checkinteger(L, 1);
            up = luaL_checkinteger(L, 2);
            break;
        default: return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, low <= up, 1, "interval is empty");
    lua_settop(L, 0);
    lua_pushinteger(L, low);
    lua_pushinteger(L, up);
    return gh_swift_trampoline(L);
}

static inline void gh_push_math_random(lua_State *L, lua_Integer swift_index) {
    lua_pushinteger(L, swift_index);
    lua_pushcclosure(L, gh_math_random, 1);
}

// MARK: - Opening the libraries

// What the sandbox changes in a library: a function removed, replaced by one written here,
// or wrapped (the wrapper closes over Lua's own function and its name).
enum gh_change_kind { GH_REMOVE, GH_REPLACE, GH_WRAP };

typedef struct gh_change {
    const char *library;
    const char *name;
    enum gh_change_kind kind;
    lua_CFunction function;
} gh_change;

static const gh_change gh_changes[] = {
    {"_G", "dofile", GH_REMOVE, NULL},
    {"_G", "loadfile", GH_REMOVE, NULL},
    {"_G", "collectgarbage", GH_WRAP, gh_collectgarbage},
    {"_G", "tonumber", GH_WRAP, gh_tonumber_lib},
    {"_G", "pcall", GH_REPLACE, gh_pcall_lib},
    {"_G", "xpcall", GH_REPLACE, gh_xpcall_lib},
    {"_G", "setmetatable", GH_REPLACE, gh_setmetatable},
    {"_G", "load", GH_REPLACE, gh_load},
    {"string", "dump", GH_REMOVE, NULL},
    {"string", "rep", GH_WRAP, gh_string_rep},
    {"string", "find", GH_WRAP, gh_string_pattern},
    {"string", "match", GH_WRAP, gh_string_pattern},
    {"string", "gmatch", GH_WRAP, gh_string_pattern},
    {"string", "gsub", GH_WRAP, gh_string_pattern},
    {"string", "byte", GH_WRAP, gh_string_byte},
    {"string", "format", GH_WRAP, gh_string_format},
    {"string", "pack", GH_WRAP, gh_string_format},
    {"string", "packsize", GH_WRAP, gh_string_format},
    {"string", "unpack", GH_WRAP, gh_string_unpack},
    {"table", "unpack", GH_REPLACE, gh_table_unpack},
    {"table", "insert", GH_REPLACE, gh_table_insert},
    {"table", "remove", GH_REPLACE, gh_table_remove},
    {"table", "move", GH_REPLACE, gh_table_move},
    {"table", "sort", GH_WRAP, gh_table_sort},
    {"table", "concat", GH_WRAP, gh_table_concat},
    {"utf8", "len", GH_WRAP, gh_utf8_len},
    {"utf8", "codepoint", GH_WRAP, gh_utf8_codepoint},
    {"utf8", "offset", GH_WRAP, gh_utf8_offset},
    {"utf8", "codes", GH_WRAP, gh_utf8_codes},
    {"coroutine", "resume", GH_REPLACE, gh_coroutine_resume},
    {"coroutine", "wrap", GH_REPLACE, gh_coroutine_wrap},
    {"coroutine", "close", GH_WRAP, gh_coroutine_close},
};

static inline int gh_string_metatable_write(lua_State *L) {
    return luaL_error(L, "the metatable of strings cannot be changed (a sandbox limit)");
}

// Every string in the state shares one metatable, the host's own Lua code's strings too; a
// rule that could write to it could make every string callable (a __call chain that Lua runs
// without ever reaching the count hook) or change what s:sub() means for the host. getmetatable
// gives rule code a read-only view instead: reads reach the real metatable, writes are refused.
static inline void gh_protect_string_metatable(lua_State *L) {
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    int mt = lua_gettop(L);
    lua_newtable(L);                    // the view
    lua_createtable(L, 0, 3);           // its metatable
    lua_pushvalue(L, mt);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, gh_string_metatable_write);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_setfield(L, mt, "__metatable");
    lua_pop(L, 2);
}

// Opens exactly the safe libraries into the global table and applies `gh_changes` to them.
// io, os, debug and package are never opened.
static inline void gh_open_safe_libraries(lua_State *L) {
    static const luaL_Reg libraries[] = {
        {"_G", luaopen_base}, {"string", luaopen_string}, {"table", luaopen_table},
        {"math", luaopen_math}, {"utf8", luaopen_utf8}, {"coroutine", luaopen_coroutine},
    };
    for (size_t l = 0; l < sizeof libraries / sizeof libraries[0]; l++) {
        luaL_requiref(L, libraries[l].name, libraries[l].func, 1);
        for (size_t c = 0; c < sizeof gh_changes / sizeof gh_changes[0]; c++) {
            const gh_change *change = &gh_changes[c];
            if (strcmp(change->library, libraries[l].name) != 0) continue;
            switch (change->kind) {
                case GH_REMOVE: lua_pushnil(L); break;
                case GH_REPLACE: lua_pushcfunction(L, change->function); break;
                case GH_WRAP:
                    lua_getfield(L, -1, change->name);
                    lua_pushstring(L, change->name);
                    lua_pushcclosure(L, change->function, 2);
                    break;
            }
            lua_setfield(L, -2, change->name);
        }
        lua_pop(L, 1);
    }
    gh_protect_string_metatable(L);
}

#endif
