// Helpers of the snapshot tests: the three snapshot functions kept in the registry, called as
// the host calls them (save as rule code, the others as host work).
#ifndef GAMEHOST_CLUA_TEST_SNAPSHOT_UTIL_H
#define GAMEHOST_CLUA_TEST_SNAPSHOT_UTIL_H

#include "harness.h"

typedef struct t_snap {
    gh_snapshot *s;
    int save, unchanged, restore;  // registry references
    int anchors;                   // the last save's anchors, or LUA_NOREF
} t_snap;

// The host's copier stand-in: userdata are returned as they are (kept by identity).
static int t_copier(lua_State *L) {
    lua_settop(L, 1);
    return 1;
}

static inline t_snap t_snap_open(t_state *t, size_t limit) {
    t_snap sn;
    sn.s = gh_snapshot_new(limit);
    lua_pushcfunction(t->L, t_copier);
    gh_push_snapshot_functions(t->L, sn.s);
    sn.restore = luaL_ref(t->L, LUA_REGISTRYINDEX);
    sn.unchanged = luaL_ref(t->L, LUA_REGISTRYINDEX);
    sn.save = luaL_ref(t->L, LUA_REGISTRYINDEX);
    sn.anchors = LUA_NOREF;
    return sn;
}

static inline void t_snap_close(t_state *t, t_snap *sn) {
    luaL_unref(t->L, LUA_REGISTRYINDEX, sn->save);
    luaL_unref(t->L, LUA_REGISTRYINDEX, sn->unchanged);
    luaL_unref(t->L, LUA_REGISTRYINDEX, sn->restore);
    luaL_unref(t->L, LUA_REGISTRYINDEX, sn->anchors);
    gh_tc_forget(t->L, sn->s);
    luaL_unref(t->L, LUA_REGISTRYINDEX, sn->s->tc_ref);
    gh_snapshot_free(sn->s);
}

// Saves global `root` as rule code under a budget, canonical (each table's fields in a fixed
// order) or in the order the tables hold them (as before a move); the status, with the message
// in t->error.
static inline int t_save_as(t_state *t, t_snap *sn, const char *root, int canonical) {
    lua_State *L = t->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, sn->save);
    lua_getglobal(L, root);
    lua_pushboolean(L, canonical);
    lua_pushcfunction(L, gh_message_handler);
    lua_insert(L, -4);
    int base = lua_gettop(L) - 4;
    gh_begin_call(t->lim, 1LL << 40, 1);
    int status = lua_pcall(L, 2, 1, base + 1);
    gh_end_call(t->lim, 1);
    t->error[0] = 0;
    if (status != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        snprintf(t->error, sizeof t->error, "%s", m ? m : "?");
        lua_settop(L, base);
        return status;
    }
    luaL_unref(L, LUA_REGISTRYINDEX, sn->anchors);
    sn->anchors = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, base);
    return status;
}

static inline int t_save(t_state *t, t_snap *sn, const char *root) { return t_save_as(t, sn, root, 1); }
static inline int t_save_in_order(t_state *t, t_snap *sn, const char *root) { return t_save_as(t, sn, root, 0); }

// Calls unchanged(root, anchors) or restore(root, anchors) as host work; restore's result
// becomes global `root` again. Returns unchanged's answer (or restore's status).
static inline int t_host_snap(t_state *t, t_snap *sn, int which, const char *root) {
    lua_State *L = t->L;
    int base = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, which);
    lua_getglobal(L, root);
    lua_rawgeti(L, LUA_REGISTRYINDEX, sn->anchors);
    int status = lua_pcall(L, 2, 1, 0);
    t->error[0] = 0;
    if (status != LUA_OK) {
        snprintf(t->error, sizeof t->error, "%s", lua_tostring(L, -1));
        lua_settop(L, base);
        return which == sn->unchanged ? -1 : status;
    }
    int result = status;
    if (which == sn->unchanged) result = lua_toboolean(L, -1);
    else lua_setglobal(L, root);
    lua_settop(L, base);
    return result;
}

static inline int t_unchanged(t_state *t, t_snap *sn, const char *root) { return t_host_snap(t, sn, sn->unchanged, root); }
static inline int t_restore(t_state *t, t_snap *sn, const char *root) { return t_host_snap(t, sn, sn->restore, root); }

// A copy of the last save's bytes (free it).
static inline unsigned char *t_bytes(t_snap *sn, size_t *len) {
    const unsigned char *b = gh_snapshot_bytes(sn->s, len);
    unsigned char *copy = (unsigned char *)malloc(*len ? *len : 1);
    if (*len) memcpy(copy, b, *len);
    return copy;
}

// A dump of what global `root` reaches, in plain Lua: every table in the order first met with
// keys in a fixed order, its metatable, its fields; tables and functions named by identity.
static const char *t_dump_code =
    "local rawgetmetatable = ...\n"
    "return function(root)\n"
    "  local ids, order, out = {}, {}, {}\n"
    "  local function kind(v) local t = type(v) if t == 'number' then return math.type(v) end return t end\n"
    "  local rank = {boolean = 1, integer = 2, float = 3, string = 4, table = 5}\n"
    "  local function less(a, b)\n"
    "    local ra, rb = rank[kind(a)] or 6, rank[kind(b)] or 6\n"
    "    if ra ~= rb then return ra < rb end\n"
    "    if ra == 1 then return (a and 1 or 0) < (b and 1 or 0) end\n"
    "    if ra <= 4 then return a < b end\n"
    "    return tostring(a) < tostring(b)\n"
    "  end\n"
    "  local function name(v)\n"
    "    local k = kind(v)\n"
    "    if k == 'table' then\n"
    "      if not ids[v] then order[#order + 1] = v ids[v] = #order end\n"
    "      return 'T' .. ids[v] .. '@' .. tostring(v)\n"
    "    elseif k == 'string' then return string.format('%q', v)\n"
    "    elseif k == 'float' then return string.format('%a', v)\n"
    "    elseif k == 'integer' then return 'i' .. v\n"
    "    else return tostring(v) end\n"
    "  end\n"
    "  out[1] = name(root)\n"
    "  local i = 1\n"
    "  while order[i] do\n"
    "    local t = order[i]\n"
    "    local keys = {}\n"
    "    for k in next, t do keys[#keys + 1] = k end\n"
    "    table.sort(keys, less)\n"
    "    local mt = rawgetmetatable(t)\n"
    "    out[#out + 1] = '\\n' .. name(t) .. ' mt=' .. (mt and name(mt) or 'nil')\n"
    "    for _, k in ipairs(keys) do out[#out + 1] = ' ' .. name(k) .. '=' .. name(rawget(t, k)) end\n"
    "    i = i + 1\n"
    "  end\n"
    "  return table.concat(out)\n"
    "end\n";

static int t_rawgetmetatable(lua_State *L) {
    if (!lua_getmetatable(L, 1)) lua_pushnil(L);
    return 1;
}

// Installs global `dump`.
static inline void t_install_dump(t_state *t) {
    lua_State *L = t->L;
    if (luaL_loadstring(L, t_dump_code) != LUA_OK) { fprintf(stderr, "%s\n", lua_tostring(L, -1)); exit(2); }
    lua_pushcfunction(L, t_rawgetmetatable);
    lua_call(L, 1, 1);
    lua_setglobal(L, "dump");
}

// The dump of global `root` (free it).
static inline char *t_dump(t_state *t, const char *root) {
    lua_State *L = t->L;
    lua_getglobal(L, "dump");
    lua_getglobal(L, root);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) { fprintf(stderr, "dump: %s\n", lua_tostring(L, -1)); exit(2); }
    size_t n;
    const char *d = lua_tolstring(L, -1, &n);
    char *copy = (char *)malloc(n + 1);
    memcpy(copy, d, n + 1);
    lua_pop(L, 1);
    return copy;
}

#endif
