// Reading a table's fields without the C API, for the snapshot a move takes (snapshot.h).
//
// Why: a snapshot walks every field of the state before every move. Through the API each field
// costs a lua_next, which finds the key again by hashing it, and a call per key and value to
// learn its type and contents: about 570 instructions a field, so that a step late in a long
// game (a state of a hundred small tables) cost a third more than an early one. Read from the
// table's own arrays a field costs a few dozen.
//
// How it stays safe: the layout below is Lua 5.4.4's (lobject.h: TValue, Node, Table, TString;
// ltable.c: the real size of the array part), and the snapshot uses it only after
// gh_table_layout_verified has compared it, on the running library, with what lua_next and the
// API say of tables built to exercise every case it reads (the array part with holes and a
// limit that is not its size, the hash part, every kind of key and value it reads). If the
// library differs, the snapshot keeps using the API. Nothing here ever writes to Lua's memory,
// and a field of a kind it does not read (a function, userdata, a thread) sends that table
// back to the API too.
//
// The reading must stay in step with lua_next's order (the array part by index, then the hash
// part by node), so that either way of reading gives the same fields in the same order.
#ifndef GAMEHOST_CLUA_TABLELAYOUT_H
#define GAMEHOST_CLUA_TABLELAYOUT_H

#include <stddef.h>
#include <string.h>

typedef union gh_lua_value {
    void *gc;
    void *p;
    lua_Integer i;
    lua_Number n;
} gh_lua_value;

typedef struct gh_lua_tvalue {
    gh_lua_value value_;
    unsigned char tt_;
} gh_lua_tvalue;

typedef struct gh_lua_node {
    gh_lua_value value_;
    unsigned char tt_;
    unsigned char key_tt;
    int next;
    gh_lua_value key_val;
} gh_lua_node;

typedef struct gh_lua_table {
    void *next;
    unsigned char tt, marked;
    unsigned char flags;
    unsigned char lsizenode;
    unsigned int alimit;
    gh_lua_tvalue *array;
    gh_lua_node *node;
    gh_lua_node *lastfree;
    struct gh_lua_table *metatable;
    void *gclist;
} gh_lua_table;

typedef struct gh_lua_string {
    void *next;
    unsigned char tt, marked;
    unsigned char extra;
    unsigned char shrlen;
    unsigned int hash;
    union {
        size_t lnglen;
        void *hnext;
    } u;
    char contents[1];
} gh_lua_string;

// Variant tags (lobject.h): the type in the low four bits, the variant above, and bit 6 for a
// collectable value.
enum {
    GH_LUA_VFALSE = 0x01, GH_LUA_VTRUE = 0x11,
    GH_LUA_VNUMINT = 0x03, GH_LUA_VNUMFLT = 0x13,
    GH_LUA_VSHRSTR = 0x44, GH_LUA_VLNGSTR = 0x54,
    GH_LUA_VTABLE = 0x45,
};

// The size of the array part (luaH_realasize): `alimit` is the size unless bit 7 of `flags`
// says it is only a limit and it is not a power of two; then the size is the next power of two.
static inline unsigned int gh_lua_array_size(const gh_lua_table *t) {
    unsigned int size = t->alimit;
    if (!(t->flags & (1u << 7)) || (size & (size - 1)) == 0) return size;
    size |= size >> 1;
    size |= size >> 2;
    size |= size >> 4;
    size |= size >> 8;
    size |= size >> 16;
    return size + 1;
}

static inline int gh_lua_empty(unsigned char tt) { return (tt & 0x0F) == LUA_TNIL; }

// A key or value read from a table: its Lua type, and for the kinds read here its contents.
typedef struct gh_lua_read {
    int type;             // the Lua type; -1 for a kind not read here
    int boolean;
    int is_integer;
    lua_Integer i;
    lua_Number n;
    const void *p;        // a table's address (lua_topointer), a string's bytes (lua_tolstring)
    size_t len;           // a string's length
} gh_lua_read;

static inline void gh_lua_read_value(unsigned char tt, const gh_lua_value *v, gh_lua_read *out) {
    out->type = -1;
    switch (tt) {
    case GH_LUA_VFALSE: out->type = LUA_TBOOLEAN; out->boolean = 0; return;
    case GH_LUA_VTRUE: out->type = LUA_TBOOLEAN; out->boolean = 1; return;
    case GH_LUA_VNUMINT: out->type = LUA_TNUMBER; out->is_integer = 1; out->i = v->i; return;
    case GH_LUA_VNUMFLT: out->type = LUA_TNUMBER; out->is_integer = 0; out->n = v->n; return;
    case GH_LUA_VSHRSTR: case GH_LUA_VLNGSTR: {
        const gh_lua_string *ts = (const gh_lua_string *)v->gc;
        out->type = LUA_TSTRING;
        out->p = ts->contents;
        out->len = tt == GH_LUA_VSHRSTR ? ts->shrlen : ts->u.lnglen;
        return;
    }
    case GH_LUA_VTABLE: out->type = LUA_TTABLE; out->p = v->gc; return;
    default: return;
    }
}

// The same, read through the API from the value at index `idx`.
static inline void gh_lua_read_api(lua_State *L, int idx, gh_lua_read *out) {
    memset(out, 0, sizeof *out);
    out->type = lua_type(L, idx);
    switch (out->type) {
    case LUA_TBOOLEAN: out->boolean = lua_toboolean(L, idx); return;
    case LUA_TNUMBER:
        out->is_integer = lua_isinteger(L, idx);
        if (out->is_integer) out->i = lua_tointeger(L, idx); else out->n = lua_tonumber(L, idx);
        return;
    case LUA_TSTRING: out->p = lua_tolstring(L, idx, &out->len); return;
    case LUA_TTABLE: out->p = lua_topointer(L, idx); return;
    default: out->type = -1; return;
    }
}

static inline int gh_lua_read_same(const gh_lua_read *a, const gh_lua_read *b) {
    if (a->type != b->type) return 0;
    switch (a->type) {
    case LUA_TBOOLEAN: return a->boolean == b->boolean;
    case LUA_TNUMBER:
        return a->is_integer == b->is_integer && (a->is_integer ? a->i == b->i : memcmp(&a->n, &b->n, sizeof a->n) == 0);
    case LUA_TSTRING: return a->p == b->p && a->len == b->len;
    case LUA_TTABLE: return a->p == b->p;
    default: return 1;
    }
}

// Visits the fields of the table at address `table` in lua_next's order: visit(key, value, ctx)
// for each, stopping when it returns nonzero (which is then returned). Returns -1 when it meets
// a key or value of a kind not read here, or a table with a metatable (which may make it weak,
// so that a field read here could be gone by the time it is used); the fields visited before
// stay visited, and the caller reads the table through the API instead.
typedef int (*gh_lua_field_visit)(const gh_lua_read *key, const gh_lua_read *value, void *ctx);

static inline int gh_lua_table_fields(const void *table, gh_lua_field_visit visit, void *ctx) {
    const gh_lua_table *t = (const gh_lua_table *)table;
    if (t->metatable != NULL) return -1;
    unsigned int asize = gh_lua_array_size(t);
    gh_lua_read k, v;
    memset(&k, 0, sizeof k);
    k.type = LUA_TNUMBER;
    k.is_integer = 1;
    for (unsigned int i = 0; i < asize; i++) {
        unsigned char tt = t->array[i].tt_;
        if (gh_lua_empty(tt)) continue;
        k.i = (lua_Integer)i + 1;
        gh_lua_read_value(tt, &t->array[i].value_, &v);
        if (v.type < 0) return -1;
        int stop = visit(&k, &v, ctx);
        if (stop) return stop;
    }
    size_t nodes = (size_t)1 << t->lsizenode;
    for (size_t i = 0; i < nodes; i++) {
        const gh_lua_node *n = &t->node[i];
        if (gh_lua_empty(n->tt_)) continue;
        gh_lua_read_value(n->key_tt, &n->key_val, &k);
        gh_lua_read_value(n->tt_, &n->value_, &v);
        if (k.type < 0 || v.type < 0) return -1;
        int stop = visit(&k, &v, ctx);
        if (stop) return stop;
    }
    return 0;
}

// MARK: - Verifying the layout on the running library

static int gh_lua_verify_none(lua_State *L) {
    (void)L;
    return 0;
}

static int gh_lua_verify_nothing(const gh_lua_read *key, const gh_lua_read *value, void *ctx) {
    (void)key, (void)value, (void)ctx;
    return 0;
}

typedef struct gh_lua_verify {
    lua_State *L;
    int t;        // the table's stack index
    int ok;
    int count;
} gh_lua_verify;

// One field read directly must be the field lua_next gives next.
static int gh_lua_verify_field(const gh_lua_read *key, const gh_lua_read *value, void *ctx) {
    gh_lua_verify *c = (gh_lua_verify *)ctx;
    lua_State *L = c->L;
    if (lua_next(L, c->t) == 0) { c->ok = 0; return 1; }
    gh_lua_read k, v;
    gh_lua_read_api(L, -2, &k);
    gh_lua_read_api(L, -1, &v);
    lua_pop(L, 1);
    c->count++;
    if (!gh_lua_read_same(key, &k) || !gh_lua_read_same(value, &v)) { c->ok = 0; return 1; }
    return 0;
}

static int gh_lua_verify_table(lua_State *L, int t) {
    gh_lua_verify c = { L, t, 1, 0 };
    lua_pushnil(L);
    int read = gh_lua_table_fields(lua_topointer(L, t), gh_lua_verify_field, &c);
    if (read != 0 || !c.ok) {
        lua_settop(L, t);
        return 0;
    }
    int more = lua_next(L, t) != 0;  // lua_next must have no field left
    lua_settop(L, t);
    return !more && c.count > 0;
}

// Whether this library's tables read as the layout above says. Builds tables with each kind of
// key and value read here, a hole in the array part, an array limit that is not its size (set
// by the length operator), and a hash part with removed keys; compares each field read directly
// with lua_next's. Leaves the stack as it was.
static inline int gh_table_layout_verified(lua_State *L) {
#if LUA_VERSION_NUM != 504
    (void)L;
    return 0;
#else
    if (!lua_checkstack(L, 8)) return 0;
    int top = lua_gettop(L);
    int ok = 1;
    lua_createtable(L, 16, 8);
    int t = lua_gettop(L);
    for (int i = 1; i <= 11; i++) {
        if (i == 10) continue;
        if (i == 11) lua_pushnumber(L, 2.5); else lua_pushinteger(L, (lua_Integer)i * 1000003);
        lua_rawseti(L, t, i);
    }
    // The length operator finds the border 9 and makes it the array's limit: t[11] lies past
    // the limit, inside the array part of 16.
    ok = ok && lua_rawlen(L, t) == 9;
    lua_pushliteral(L, "short");
    lua_setfield(L, t, "s");
    lua_pushliteral(L, "a string longer than forty bytes, which Lua keeps apart");
    lua_setfield(L, t, "a string longer than forty bytes, used as a key, too");
    lua_pushboolean(L, 1);
    lua_setfield(L, t, "yes");
    lua_pushboolean(L, 0);
    lua_rawseti(L, t, -4);
    lua_pushnumber(L, 0.25);
    lua_pushinteger(L, -9);
    lua_rawset(L, t);
    lua_pushboolean(L, 1);
    lua_pushliteral(L, "true is a key");
    lua_rawset(L, t);
    lua_createtable(L, 0, 0);
    lua_setfield(L, t, "inner");
    lua_pushliteral(L, "gone");
    lua_setfield(L, t, "removed");
    lua_pushnil(L);
    lua_setfield(L, t, "removed");
    ok = ok && gh_lua_verify_table(L, t);
    lua_settop(L, top);
    // A table grown one element at a time, as rules build lists, with its limit read again.
    lua_createtable(L, 0, 0);
    t = lua_gettop(L);
    for (int i = 1; i <= 19; i++) {
        lua_pushinteger(L, i);
        lua_rawseti(L, t, i);
    }
    lua_pushnil(L);
    lua_rawseti(L, t, 19);
    lua_rawlen(L, t);
    ok = ok && gh_lua_verify_table(L, t);
    lua_settop(L, top);
    // A function value is not read directly: the table must be refused, not misread.
    lua_createtable(L, 0, 1);
    t = lua_gettop(L);
    lua_pushcfunction(L, gh_lua_verify_none);
    lua_setfield(L, t, "f");
    ok = ok && gh_lua_table_fields(lua_topointer(L, t), gh_lua_verify_nothing, NULL) == -1;
    lua_settop(L, top);
    // Nor is a table with a metatable.
    lua_createtable(L, 0, 1);
    t = lua_gettop(L);
    lua_pushinteger(L, 1);
    lua_setfield(L, t, "x");
    lua_createtable(L, 0, 0);
    lua_setmetatable(L, t);
    ok = ok && gh_lua_table_fields(lua_topointer(L, t), gh_lua_verify_nothing, NULL) == -1;
    lua_settop(L, top);
    return ok;
#endif
}

#endif
