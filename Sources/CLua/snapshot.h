// Snapshots for all-or-nothing moves. Before every move the host saves the rule's state as
// bytes in a C buffer (no Lua allocation: a step late in a long game must stay cheap); after a
// refused or failed move it asks whether the state is exactly as saved (the same tables, the
// same contents: the usual case, as rules refuse before they change anything) and only
// otherwise rebuilds the state from the bytes.
#ifndef GAMEHOST_CLUA_SNAPSHOT_H
#define GAMEHOST_CLUA_SNAPSHOT_H

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "budget.h"

#define GH_COPY_DEPTH_LIMIT 200

// Tags of the saved stream. A table is 'T' pointer id narr nrec metatable, its fields (key,
// value) and 'E'; a table seen before is 'R' id; a function, thread, light userdata,
// metatable or copied host object is 'A' anchor pointer (kept alive in the anchors table).
enum { GH_NIL = 'n', GH_FALSE = 'f', GH_TRUE = 't', GH_INT = 'i', GH_FLOAT = 'd', GH_STRING = 's',
       GH_TABLE = 'T', GH_END = 'E', GH_REF = 'R', GH_ANCHOR = 'A' };

typedef struct gh_snapshot {
    unsigned char *data;
    size_t len, cap, limit;  // `limit`: the most bytes a saved state may take
    // Pointer -> id (tables, from 1) or -anchor (host objects), open addressing.
    const void **keys;
    int *values;
    size_t slots, used;
    int tables, anchors;
    int has_objects;  // host objects (userdata) were copied: a comparison cannot vouch for them
} gh_snapshot;

static inline gh_snapshot *gh_snapshot_new(size_t limit) {
    gh_snapshot *s = (gh_snapshot *)calloc(1, sizeof(gh_snapshot));
    if (s) s->limit = limit;
    return s;
}

static inline void gh_snapshot_free(gh_snapshot *s) {
    if (!s) return;
    free(s->data);
    free(s->keys);
    free(s->values);
    free(s);
}

// MARK: - The pointer map

static void gh_map_reset(lua_State *L, gh_snapshot *s) {
    if (s->slots == 0) {
        s->slots = 256;
        s->keys = (const void **)calloc(s->slots, sizeof(void *));
        s->values = (int *)calloc(s->slots, sizeof(int));
        if (!s->keys || !s->values) luaL_error(L, "not enough memory to save the state");
    } else {
        memset(s->keys, 0, s->slots * sizeof(void *));
    }
    s->used = 0;
    s->tables = 0;
    s->anchors = 0;
}

static inline size_t gh_map_slot(gh_snapshot *s, const void *p) {
    uintptr_t h = (uintptr_t)p;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 7) & (s->slots - 1);
}

// The value stored for `p`, or 0.
static int gh_map_find(gh_snapshot *s, const void *p) {
    size_t i = gh_map_slot(s, p);
    while (s->keys[i] != NULL) {
        if (s->keys[i] == p) return s->values[i];
        i = (i + 1) & (s->slots - 1);
    }
    return 0;
}

static void gh_map_insert(lua_State *L, gh_snapshot *s, const void *p, int value) {
    if ((s->used + 1) * 2 > s->slots) {
        size_t old = s->slots;
        const void **keys = s->keys;
        int *values = s->values;
        s->slots = old * 2;
        s->keys = (const void **)calloc(s->slots, sizeof(void *));
        s->values = (int *)calloc(s->slots, sizeof(int));
        if (!s->keys || !s->values) {
            free(s->keys);
            free(s->values);
            s->keys = keys;
            s->values = values;
            s->slots = old;
            luaL_error(L, "not enough memory to save the state");
        }
        for (size_t i = 0; i < old; i++) {
            if (keys[i] == NULL) continue;
            size_t j = gh_map_slot(s, keys[i]);
            while (s->keys[j] != NULL) j = (j + 1) & (s->slots - 1);
            s->keys[j] = keys[i];
            s->values[j] = values[i];
        }
        free(keys);
        free(values);
    }
    size_t i = gh_map_slot(s, p);
    while (s->keys[i] != NULL) i = (i + 1) & (s->slots - 1);
    s->keys[i] = p;
    s->values[i] = value;
    s->used++;
}

// MARK: - Saving

// Makes room for n more bytes (rarely: the buffer is kept from move to move).
static __attribute__((noinline)) void gh_grow(lua_State *L, gh_snapshot *s, size_t n) {
    size_t cap = s->cap ? s->cap : 4096;
    while (cap < s->len + n) cap *= 2;
    if (cap > s->limit) {
        if (s->len + n > s->limit) {
            luaL_error(L, "the state is too large to save before a move (more than %d MB)", (int)(s->limit >> 20));
        }
        cap = s->limit;
    }
    unsigned char *data = (unsigned char *)realloc(s->data, cap);
    if (!data) luaL_error(L, "not enough memory to save the state");
    s->data = data;
    s->cap = cap;
}

static inline __attribute__((always_inline)) void gh_put(lua_State *L, gh_snapshot *s, const void *bytes, size_t n) {
    if (s->len + n > s->cap) gh_grow(L, s, n);
    memcpy(s->data + s->len, bytes, n);
    s->len += n;
}

static inline void gh_put_tag(lua_State *L, gh_snapshot *s, unsigned char tag) { gh_put(L, s, &tag, 1); }
static inline void gh_put_int(lua_State *L, gh_snapshot *s, int v) { gh_put(L, s, &v, sizeof v); }

// Keeps the value at v in the anchors table (at absolute index `anchors`) and writes 'A'.
static void gh_put_anchor(lua_State *L, gh_snapshot *s, int v, int anchors, const void *original) {
    lua_pushvalue(L, v);
    lua_rawseti(L, anchors, ++s->anchors);
    gh_put_tag(L, s, GH_ANCHOR);
    gh_put_int(L, s, s->anchors);
    gh_put(L, s, &original, sizeof original);
}

static void gh_save_value(lua_State *L, gh_snapshot *s, int v, int anchors, int copy_object, int depth) {
    switch (lua_type(L, v)) {
    case LUA_TNIL: gh_put_tag(L, s, GH_NIL); return;
    case LUA_TBOOLEAN: gh_put_tag(L, s, lua_toboolean(L, v) ? GH_TRUE : GH_FALSE); return;
    case LUA_TNUMBER:
        if (lua_isinteger(L, v)) {
            lua_Integer i = lua_tointeger(L, v);
            gh_put_tag(L, s, GH_INT);
            gh_put(L, s, &i, sizeof i);
        } else {
            lua_Number d = lua_tonumber(L, v);
            gh_put_tag(L, s, GH_FLOAT);
            gh_put(L, s, &d, sizeof d);
        }
        return;
    case LUA_TSTRING: {
        size_t n;
        const char *text = lua_tolstring(L, v, &n);
        gh_put_tag(L, s, GH_STRING);
        gh_put(L, s, &n, sizeof n);
        gh_put(L, s, text, n);
        if (n > 64) gh_charge_bytes(L, (double)n);
        return;
    }
    case LUA_TUSERDATA:
        if (lua_type(L, copy_object) == LUA_TFUNCTION) {
            // A host object is saved as a copy of itself, once however often it appears.
            const void *p = lua_topointer(L, v);
            int known = gh_map_find(s, p);
            s->has_objects = 1;
            if (known < 0) {
                lua_rawgeti(L, anchors, -known);
                gh_put_tag(L, s, GH_ANCHOR);
                gh_put_int(L, s, -known);
                gh_put(L, s, &p, sizeof p);
                lua_pop(L, 1);
                return;
            }
            lua_pushvalue(L, copy_object);
            lua_pushvalue(L, v);
            lua_call(L, 1, 1);
            gh_put_anchor(L, s, lua_gettop(L), anchors, p);
            gh_map_insert(L, s, p, -s->anchors);
            lua_pop(L, 1);
            return;
        }
        gh_put_anchor(L, s, v, anchors, lua_topointer(L, v));
        return;
    case LUA_TTABLE: break;
    default:
        gh_put_anchor(L, s, v, anchors, lua_topointer(L, v));
        return;
    }
    const void *p = lua_topointer(L, v);
    int id = gh_map_find(s, p);
    if (id > 0) {
        gh_put_tag(L, s, GH_REF);
        gh_put_int(L, s, id);
        return;
    }
    if (depth >= GH_COPY_DEPTH_LIMIT) luaL_error(L, "tables nested more than %d deep cannot be saved", GH_COPY_DEPTH_LIMIT);
    luaL_checkstack(L, 8, "tables nested too deep to save");
    id = ++s->tables;
    gh_map_insert(L, s, p, id);
    lua_Integer narr = (lua_Integer)lua_rawlen(L, v);
    int mt = 0;
    if (lua_getmetatable(L, v)) {
        lua_rawseti(L, anchors, ++s->anchors);
        mt = s->anchors;
    }
    gh_put_tag(L, s, GH_TABLE);
    gh_put(L, s, &p, sizeof p);
    gh_put_int(L, s, id);
    gh_put(L, s, &narr, sizeof narr);
    size_t nrec_at = s->len;
    gh_put_int(L, s, 0);  // the number of fields, filled in below
    gh_put_int(L, s, mt);
    int fields = 0, total = 0;
    lua_pushnil(L);
    while (lua_next(L, v) != 0) {
        int k = lua_gettop(L) - 1;
        gh_save_value(L, s, k, anchors, copy_object, depth + 1);
        gh_save_value(L, s, k + 1, anchors, copy_object, depth + 1);
        lua_pop(L, 1);
        total++;
        if (++fields == 64) {
            gh_charge(L, 64);
            fields = 0;
        }
    }
    memcpy(s->data + nrec_at, &total, sizeof total);
    gh_put_tag(L, s, GH_END);
    gh_charge(L, fields + 1);
}

// save(value) -> anchors. Upvalue 1: the snapshot (light userdata); 2: the host's copier of
// userdata objects.
static inline int gh_snapshot_save(lua_State *L) {
    gh_snapshot *s = (gh_snapshot *)lua_touserdata(L, lua_upvalueindex(1));
    lua_settop(L, 1);
    lua_newtable(L);  // 2: anchors
    lua_pushvalue(L, lua_upvalueindex(2));  // 3: copy_object
    s->len = 0;
    s->has_objects = 0;
    gh_map_reset(L, s);
    gh_save_value(L, s, 1, 2, 3, 0);
    lua_settop(L, 2);
    return 1;
}

// MARK: - Comparing

static inline int gh_get(gh_snapshot *s, size_t *pos, void *out, size_t n) {
    if (*pos + n > s->len) return 0;
    memcpy(out, s->data + *pos, n);
    *pos += n;
    return 1;
}

// Whether the value at v is exactly what the stream holds at *pos (the same tables by
// identity, the same contents and metatables), reading past it.
static int gh_same_value(lua_State *L, gh_snapshot *s, int v, size_t *pos, int anchors, int depth) {
    unsigned char tag;
    if (!gh_get(s, pos, &tag, 1)) return 0;
    switch (lua_type(L, v)) {
    case LUA_TNIL: return tag == GH_NIL;
    case LUA_TBOOLEAN: return tag == (lua_toboolean(L, v) ? GH_TRUE : GH_FALSE);
    case LUA_TNUMBER:
        if (lua_isinteger(L, v)) {
            lua_Integer i, now = lua_tointeger(L, v);
            return tag == GH_INT && gh_get(s, pos, &i, sizeof i) && i == now;
        } else {
            lua_Number d, now = lua_tonumber(L, v);
            return tag == GH_FLOAT && gh_get(s, pos, &d, sizeof d) && memcmp(&d, &now, sizeof d) == 0;
        }
    case LUA_TSTRING: {
        size_t n, now;
        const char *text = lua_tolstring(L, v, &now);
        if (tag != GH_STRING || !gh_get(s, pos, &n, sizeof n) || n != now || *pos + n > s->len) return 0;
        int same = memcmp(s->data + *pos, text, n) == 0;
        *pos += n;
        return same;
    }
    case LUA_TTABLE: break;
    default: {
        int a;
        const void *p;
        return tag == GH_ANCHOR && gh_get(s, pos, &a, sizeof a) && gh_get(s, pos, &p, sizeof p) && p == lua_topointer(L, v);
    }
    }
    const void *p = lua_topointer(L, v);
    if (tag == GH_REF) {
        int id;
        return gh_get(s, pos, &id, sizeof id) && id > 0 && gh_map_find(s, p) == id;
    }
    const void *saved;
    int id, nrec, mt;
    lua_Integer narr;
    if (tag != GH_TABLE || !gh_get(s, pos, &saved, sizeof saved) || saved != p || !gh_get(s, pos, &id, sizeof id)
        || !gh_get(s, pos, &narr, sizeof narr) || !gh_get(s, pos, &nrec, sizeof nrec) || !gh_get(s, pos, &mt, sizeof mt)) return 0;
    if (depth >= GH_COPY_DEPTH_LIMIT || gh_map_find(s, p) != 0) return 0;
    luaL_checkstack(L, 8, "tables nested too deep to compare");
    gh_map_insert(L, s, p, id);
    int top = lua_gettop(L);
    if (lua_getmetatable(L, v)) {
        if (mt == 0) { lua_settop(L, top); return 0; }
        lua_rawgeti(L, anchors, mt);
        int same = lua_rawequal(L, -1, -2);
        lua_settop(L, top);
        if (!same) return 0;
    } else if (mt != 0) {
        return 0;
    }
    int fields = 0;
    lua_pushnil(L);
    while (lua_next(L, v) != 0) {
        int k = lua_gettop(L) - 1;
        if (!gh_same_value(L, s, k, pos, anchors, depth + 1) || !gh_same_value(L, s, k + 1, pos, anchors, depth + 1)) {
            lua_settop(L, top);
            return 0;
        }
        lua_pop(L, 1);
        if (++fields == 64) {
            gh_charge(L, 64);
            fields = 0;
        }
    }
    unsigned char end;
    return gh_get(s, pos, &end, 1) && end == GH_END;
}

// unchanged(value, anchors) -> whether value is exactly the saved state.
static inline int gh_snapshot_unchanged(lua_State *L) {
    gh_snapshot *s = (gh_snapshot *)lua_touserdata(L, lua_upvalueindex(1));
    lua_settop(L, 2);
    if (s->has_objects) {
        lua_pushboolean(L, 0);
        return 1;
    }
    size_t pos = 0;
    gh_map_reset(L, s);
    int same = gh_same_value(L, s, 1, &pos, 2, 0) && pos == s->len;
    lua_pushboolean(L, same);
    return 1;
}

// MARK: - Rebuilding

static void gh_rebuild_value(lua_State *L, gh_snapshot *s, size_t *pos, int anchors, int tables) {
    unsigned char tag;
    if (!gh_get(s, pos, &tag, 1)) luaL_error(L, "the saved state is damaged");
    switch (tag) {
    case GH_NIL: lua_pushnil(L); return;
    case GH_FALSE: lua_pushboolean(L, 0); return;
    case GH_TRUE: lua_pushboolean(L, 1); return;
    case GH_INT: {
        lua_Integer i;
        gh_get(s, pos, &i, sizeof i);
        lua_pushinteger(L, i);
        return;
    }
    case GH_FLOAT: {
        lua_Number d;
        gh_get(s, pos, &d, sizeof d);
        lua_pushnumber(L, d);
        return;
    }
    case GH_STRING: {
        size_t n;
        gh_get(s, pos, &n, sizeof n);
        if (*pos + n > s->len) luaL_error(L, "the saved state is damaged");
        lua_pushlstring(L, (const char *)s->data + *pos, n);
        *pos += n;
        return;
    }
    case GH_ANCHOR: {
        int a;
        const void *p;
        gh_get(s, pos, &a, sizeof a);
        gh_get(s, pos, &p, sizeof p);
        lua_rawgeti(L, anchors, a);
        return;
    }
    case GH_REF: {
        int id;
        gh_get(s, pos, &id, sizeof id);
        lua_rawgeti(L, tables, id);
        return;
    }
    case GH_TABLE: break;
    default: luaL_error(L, "the saved state is damaged");
    }
    const void *p;
    int id, nrec, mt;
    lua_Integer narr;
    gh_get(s, pos, &p, sizeof p);
    gh_get(s, pos, &id, sizeof id);
    gh_get(s, pos, &narr, sizeof narr);
    gh_get(s, pos, &nrec, sizeof nrec);
    gh_get(s, pos, &mt, sizeof mt);
    luaL_checkstack(L, 8, "tables nested too deep to rebuild");
    int rec = nrec > narr ? nrec - (int)narr : 0;
    lua_createtable(L, narr > INT_MAX ? INT_MAX : (int)narr, rec);
    int t = lua_gettop(L);
    lua_pushvalue(L, t);
    lua_rawseti(L, tables, id);
    for (;;) {
        if (*pos < s->len && s->data[*pos] == GH_END) {
            (*pos)++;
            break;
        }
        gh_rebuild_value(L, s, pos, anchors, tables);
        gh_rebuild_value(L, s, pos, anchors, tables);
        if (lua_isinteger(L, -2)) {
            lua_Integer i = lua_tointeger(L, -2);
            if (i >= 1 && i <= narr) {
                lua_rawseti(L, t, i);
                lua_pop(L, 1);
                continue;
            }
        }
        lua_rawset(L, t);
    }
    if (mt != 0) {
        lua_rawgeti(L, anchors, mt);
        lua_setmetatable(L, t);
    }
}

// restore(anchors) -> the saved state, rebuilt.
static inline int gh_snapshot_restore(lua_State *L) {
    gh_snapshot *s = (gh_snapshot *)lua_touserdata(L, lua_upvalueindex(1));
    lua_settop(L, 1);
    lua_createtable(L, s->tables, 0);  // 2: the rebuilt tables by id
    size_t pos = 0;
    gh_rebuild_value(L, s, &pos, 1, 2);
    return 1;
}

// Pushes the three functions, each with the snapshot; save also with the copier of userdata
// objects, which is on top of the stack and is replaced.
static inline void gh_push_snapshot_functions(lua_State *L, gh_snapshot *s) {
    lua_pushlightuserdata(L, s);
    lua_insert(L, -2);
    lua_pushcclosure(L, gh_snapshot_save, 2);
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, gh_snapshot_unchanged, 1);
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, gh_snapshot_restore, 1);
}

#endif
