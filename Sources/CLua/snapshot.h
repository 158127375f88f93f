// Snapshots for all-or-nothing moves. Before every move the host saves the rule's state; after
// a refused or failed move it asks whether the state is exactly as saved (the usual case, as
// rules refuse before they change anything) and only otherwise puts every saved table back as
// it was, in place. The save before a move is by table copies when it can (tablecopy.h: a copy
// of each table kept from save to save, so that a save costs what the move changed); this file
// is the other way, the stream: the state written as bytes in a C buffer (no Lua allocation but
// one anchor a table), which check's canonical saves and the states tablecopy.h leaves use.
//
// Three functions, made by gh_push_snapshot_functions:
//   save(root, canonical) -> anchors saves what root reaches; anchors keeps it alive
//   unchanged(root, anchors) -> bool whether root reaches exactly what was saved
//   restore(root, anchors) -> root   gives every saved table back its saved contents and
//                                    metatable, and returns the saved root
//
// What is saved: tables are traversed, with their metatables (a metatable is a table like any
// other, and so is what it reaches); strings, numbers and booleans are saved by value;
// functions, coroutines and (light) userdata are kept by identity, not traversed (a closure's
// upvalues are outside the move, like a rule's file-level variables), except the host's
// objects, which the host copies (save's copier). Restoring in place keeps every table's
// identity: a variable that pointed into the state still points to the right table.
//
// A canonical save's bytes are a deterministic function of the state (check compares them
// around calls that must only look): tables are written breadth first, each table's fields in a
// fixed order of their keys (booleans, integers, floats, strings by length then bytes, tables
// and other objects by address); each distinct string is written once, at its first use in that
// order, and named by number after. So saving, changing, restoring and saving again gives the
// same bytes. The stream's save before a move (when tablecopy.h leaves it one) is not canonical: it takes each table's fields in the
// order the table holds them, as sorting them cost about a sixth of the save. The comparison is
// a second save that reads instead of writes, in the order of the save it compares with: a table
// the move did not touch is read in the same order, and one it changed and changed back may
// read in another and count as changed, which costs a restore that changes nothing.
//
// The stream: the root item, then one record a table in the order tables are first met: its
// field count (u32), its metatable item ('n' or a table), then its fields' key and value items.
// An item is 'n', 'f', 't', 'i' int64, 'd' double, 'S' u64 length and bytes (a string's first
// use), 's' u32 (a string used before), 'T' u32 (a table, by number), 'A' u8 type u32 (an
// anchored object, by number).
#ifndef GAMEHOST_CLUA_SNAPSHOT_H
#define GAMEHOST_CLUA_SNAPSHOT_H

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "budget.h"
#include "tablelayout.h"

// The snapshot's own memory comes from the C allocator (tests put a failing one in its place).
#ifndef GH_SNAPSHOT_REALLOC
#define GH_SNAPSHOT_REALLOC realloc
#define GH_SNAPSHOT_CALLOC calloc
#endif

#define GH_COPY_DEPTH_LIMIT 200
// Lua interns strings up to this length (LUAI_MAXSHORTLEN): for them the same bytes are the
// same string object.
#define GH_SHORT_STRING 40

enum { GH_NIL = 'n', GH_FALSE = 'f', GH_TRUE = 't', GH_INT = 'i', GH_FLOAT = 'd', GH_STRING = 'S', GH_STRING_REF = 's',
       GH_TABLE = 'T', GH_ANCHOR = 'A' };

// A key or value: read from a table before it is written (`u.p` a table's or object's address,
// a string's bytes), or read back from the stream (`u.i` a table's, object's or string's number).
typedef struct gh_item {
    unsigned char tag;    // GH_NIL ... GH_ANCHOR (GH_STRING for any string)
    unsigned char type;   // the Lua type
    union {
        lua_Integer i;
        lua_Number d;
        const void *p;
    } u;
    size_t n;             // a string's length
} gh_item;

typedef struct gh_field {
    gh_item key, value;
    unsigned char same;   // restoring: the table holds the saved value already
} gh_field;

// Where a pointer was met: a table or object (`slot` in the anchors table, `id` its number in
// the stream once written, 0 before), or a string's bytes (`id` its number).
typedef struct gh_ref {
    const void *p;
    int kind;             // the Lua type
    int id;
    int slot;
} gh_ref;

// A string met in this walk, by the address of its bytes, and its number: in front of `refs`,
// as most fields of a state are the same few short strings (keys, and values such as "rock").
typedef struct gh_string_seen {
    const void *p;
    int id;
} gh_string_seen;
#define GH_STRINGS_SEEN 256

typedef struct gh_tc_object gh_tc_object;  // tablecopy.h

typedef struct gh_snapshot {
    unsigned char *data;
    size_t len, cap, limit;   // `limit`: the most bytes a saved state may take
    int valid;                // 1 once a save completed; 0 while one runs and after one failed
    lua_Integer generation;   // numbers each save; its anchors table carries it at [0]
    int has_objects;          // host objects were copied: a comparison cannot vouch for them
    int canonical;            // the last save sorted each table's fields (see above)
    int direct;               // tables are read from their own arrays (tablelayout.h), not by lua_next

    // What the last save found, by number: each table's and object's address and slot in the
    // anchors table (an object's slot holds its copy when the host copied it).
    const void **table_ptr;
    int *table_slot;
    int *depth;               // distance from the root (while saving)
    int tables, table_cap;
    const void **anchor_ptr;
    int *anchor_slot;
    unsigned char *anchor_type;
    int anchors, anchor_cap;
    int strings;
    int slots;                // anchors table slots used

    // Scratch of one save, comparison or restore; its memory is kept from call to call.
    gh_ref *refs;             // (pointer, type) -> gh_ref, open addressing
    size_t ref_slots, ref_used;
    const char **str_ptr;     // string number -> its bytes (in Lua while saving, in `data` restoring)
    size_t *str_len;
    uint64_t *str_hash;
    int str_count, str_cap;
    int *long_ids;            // long strings by their bytes' hash -> string number
    size_t long_slots, long_used;
    gh_string_seen seen[GH_STRINGS_SEEN];  // the last string at each place (see gh_string_seen)
    gh_field *fields;         // the fields of the table being written or restored
    size_t field_cap;
    int walk_tables, walk_anchors;  // numbers given so far in this walk
    int comparing;            // 1: the walk reads the stream at `pos` instead of writing it
    int differs;              // comparing: the state no longer matches the stream
    size_t pos;

    // The saves before a move by table copies (tablecopy.h).
    int tc_on;                // 1 while saves before a move are by copies
    int tc_valid;             // the last save was by copies, and it completed
    int tc_ref;               // the registry's reference to the copies' anchors table
    const void *tc_anchors;   // that table's address
    gh_tc_object *tc_objects; // the anchored objects, by number (p NULL: a free entry)
    int tc_count, tc_cap, tc_live;
    int *tc_free_object_list, tc_free_objects;
    int *tc_free_slot_list, tc_free_slots, tc_free_slot_cap, tc_slots;
    int *tc_index;            // address -> object number + 1, open addressing
    size_t tc_index_slots;
    int *tc_queue, tc_queued, tc_queue_cap;  // a walk's tables, in the order met
    int tc_reached;           // how many tables the last save reached
    int tc_copied;            // and copied again (the host's tests read it)
    const void *tc_root;      // and from which
    unsigned int tc_mark;
    int tc_others;            // objects other than tables anchored
    int *tc_unnamed_list, tc_unnamed;  // other objects that may be named by no copy any more
    size_t tc_bytes;          // the copies' memory
} gh_snapshot;

static inline gh_snapshot *gh_snapshot_new(size_t limit) {
    gh_snapshot *s = (gh_snapshot *)GH_SNAPSHOT_CALLOC(1, sizeof(gh_snapshot));
    if (s) {
        s->limit = limit;
        s->tc_ref = LUA_NOREF;
    }
    return s;
}

static inline void gh_tc_free(gh_snapshot *s);

static inline void gh_snapshot_free(gh_snapshot *s) {
    if (!s) return;
    gh_tc_free(s);
    free(s->data);
    free(s->table_ptr);
    free(s->table_slot);
    free(s->depth);
    free(s->anchor_ptr);
    free(s->anchor_slot);
    free(s->anchor_type);
    free(s->refs);
    free(s->str_ptr);
    free(s->str_len);
    free(s->str_hash);
    free(s->long_ids);
    free(s->fields);
    free(s);
}

// The bytes of the last complete save (the host's tests compare them), or NULL.
static inline const unsigned char *gh_snapshot_bytes(gh_snapshot *s, size_t *len) {
    if (len) *len = s->valid ? s->len : 0;
    return s->valid ? s->data : NULL;
}

static inline int gh_snapshot_no_memory(lua_State *L) {
    return luaL_error(L, "not enough memory to save the state");
}

// Makes *array hold at least `need` elements of `size` bytes, keeping its contents; raises
// with *array and its capacity unchanged when memory is short.
static void gh_reserve(lua_State *L, void **array, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return;
    size_t n = *cap ? *cap : 64;
    while (n < need) {
        if (n > SIZE_MAX / 2) gh_snapshot_no_memory(L);
        n *= 2;
    }
    if (n > SIZE_MAX / size) gh_snapshot_no_memory(L);
    void *grown = GH_SNAPSHOT_REALLOC(*array, n * size);
    if (grown == NULL) gh_snapshot_no_memory(L);
    *array = grown;
    *cap = n;
}

// Room for number `id` in the arrays by table number (and in those by object number).
static void gh_reserve_tables(lua_State *L, gh_snapshot *s, int id) {
    if (id < s->table_cap) return;
    size_t a = (size_t)s->table_cap, b = a, c = a;
    gh_reserve(L, (void **)&s->table_ptr, &a, (size_t)id + 1, sizeof(const void *));
    gh_reserve(L, (void **)&s->table_slot, &b, (size_t)id + 1, sizeof(int));
    gh_reserve(L, (void **)&s->depth, &c, (size_t)id + 1, sizeof(int));
    size_t m = a < b ? (a < c ? a : c) : (b < c ? b : c);
    s->table_cap = m > INT_MAX ? INT_MAX : (int)m;
}

static void gh_reserve_anchors(lua_State *L, gh_snapshot *s, int id) {
    if (id < s->anchor_cap) return;
    size_t a = (size_t)s->anchor_cap, b = a, c = a;
    gh_reserve(L, (void **)&s->anchor_ptr, &a, (size_t)id + 1, sizeof(const void *));
    gh_reserve(L, (void **)&s->anchor_slot, &b, (size_t)id + 1, sizeof(int));
    gh_reserve(L, (void **)&s->anchor_type, &c, (size_t)id + 1, 1);
    size_t m = a < b ? (a < c ? a : c) : (b < c ? b : c);
    s->anchor_cap = m > INT_MAX ? INT_MAX : (int)m;
}

static void gh_reserve_strings(lua_State *L, gh_snapshot *s, int id) {
    if (id < s->str_cap) return;
    size_t a = (size_t)s->str_cap, b = a, c = a;
    gh_reserve(L, (void **)&s->str_ptr, &a, (size_t)id + 1, sizeof(const char *));
    gh_reserve(L, (void **)&s->str_len, &b, (size_t)id + 1, sizeof(size_t));
    gh_reserve(L, (void **)&s->str_hash, &c, (size_t)id + 1, sizeof(uint64_t));
    size_t m = a < b ? (a < c ? a : c) : (b < c ? b : c);
    s->str_cap = m > INT_MAX ? INT_MAX : (int)m;
}

// MARK: - Pointers and strings met

static inline size_t gh_hash_pointer(const void *p, int kind) {
    uint64_t h = (uint64_t)(uintptr_t)p ^ ((uint64_t)(unsigned)kind << 56);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return (size_t)h;
}

// Empties the scratch maps.
static void gh_scratch_reset(lua_State *L, gh_snapshot *s) {
    if (s->ref_slots == 0) {
        gh_ref *refs = (gh_ref *)GH_SNAPSHOT_CALLOC(256, sizeof(gh_ref));
        if (refs == NULL) gh_snapshot_no_memory(L);
        s->refs = refs;
        s->ref_slots = 256;
    } else if (s->ref_used > 0) {
        memset(s->refs, 0, s->ref_slots * sizeof(gh_ref));
    }
    s->ref_used = 0;
    memset(s->seen, 0, sizeof s->seen);
    if (s->long_used > 0) memset(s->long_ids, 0, s->long_slots * sizeof(int));
    s->long_used = 0;
    s->str_count = 0;
    s->walk_tables = 0;
    s->walk_anchors = 0;
}

static gh_ref *gh_ref_find(gh_snapshot *s, const void *p, int kind) {
    size_t mask = s->ref_slots - 1, i = gh_hash_pointer(p, kind) & mask;
    while (s->refs[i].p != NULL) {
        if (s->refs[i].p == p && s->refs[i].kind == kind) return &s->refs[i];
        i = (i + 1) & mask;
    }
    return NULL;
}

static gh_ref *gh_ref_add(lua_State *L, gh_snapshot *s, const void *p, int kind) {
    if ((s->ref_used + 1) * 2 > s->ref_slots) {
        size_t slots = s->ref_slots * 2;
        gh_ref *refs = slots > SIZE_MAX / sizeof(gh_ref) ? NULL : (gh_ref *)GH_SNAPSHOT_CALLOC(slots, sizeof(gh_ref));
        if (refs == NULL) gh_snapshot_no_memory(L);
        for (size_t i = 0; i < s->ref_slots; i++) {
            if (s->refs[i].p == NULL) continue;
            size_t j = gh_hash_pointer(s->refs[i].p, s->refs[i].kind) & (slots - 1);
            while (refs[j].p != NULL) j = (j + 1) & (slots - 1);
            refs[j] = s->refs[i];
        }
        free(s->refs);
        s->refs = refs;
        s->ref_slots = slots;
    }
    size_t mask = s->ref_slots - 1, i = gh_hash_pointer(p, kind) & mask;
    while (s->refs[i].p != NULL) i = (i + 1) & mask;
    s->refs[i].p = p;
    s->refs[i].kind = kind;
    s->refs[i].id = 0;
    s->refs[i].slot = 0;
    s->ref_used++;
    return &s->refs[i];
}

static inline uint64_t gh_hash_bytes(const char *b, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 31;
    }
    for (; i < n; i++) h = (h ^ (unsigned char)b[i]) * 0x100000001B3ull;
    h ^= h >> 33;
    return h;
}

// Gives the next string number to bytes b..b+n; with `by_bytes`, a long string can be found
// by its bytes afterwards.
static int gh_string_add(lua_State *L, gh_snapshot *s, const char *b, size_t n, uint64_t hash, int by_bytes) {
    if (s->str_count == INT_MAX) gh_snapshot_no_memory(L);
    int id = s->str_count + 1;
    gh_reserve_strings(L, s, id);
    by_bytes = by_bytes && n > GH_SHORT_STRING;
    if (by_bytes && (s->long_used + 1) * 2 > s->long_slots) {
        size_t slots = s->long_slots ? s->long_slots * 2 : 64;
        int *ids = slots > SIZE_MAX / sizeof(int) ? NULL : (int *)GH_SNAPSHOT_CALLOC(slots, sizeof(int));
        if (ids == NULL) gh_snapshot_no_memory(L);
        for (size_t i = 0; i < s->long_slots; i++) {
            int other = s->long_ids[i];
            if (other == 0) continue;
            size_t j = (size_t)s->str_hash[other] & (slots - 1);
            while (ids[j] != 0) j = (j + 1) & (slots - 1);
            ids[j] = other;
        }
        free(s->long_ids);
        s->long_ids = ids;
        s->long_slots = slots;
    }
    s->str_ptr[id] = b;
    s->str_len[id] = n;
    s->str_hash[id] = hash;
    s->str_count = id;
    if (by_bytes) {
        size_t j = (size_t)hash & (s->long_slots - 1);
        while (s->long_ids[j] != 0) j = (j + 1) & (s->long_slots - 1);
        s->long_ids[j] = id;
        s->long_used++;
    }
    return id;
}

// The number of the long string with bytes b..b+n met before, or 0.
static int gh_string_find_long(gh_snapshot *s, const char *b, size_t n, uint64_t hash) {
    if (s->long_slots == 0) return 0;
    size_t j = (size_t)hash & (s->long_slots - 1);
    while (s->long_ids[j] != 0) {
        int id = s->long_ids[j];
        if (s->str_hash[id] == hash && s->str_len[id] == n && memcmp(s->str_ptr[id], b, n) == 0) return id;
        j = (j + 1) & (s->long_slots - 1);
    }
    return 0;
}

#include "tablecopy.h"

// MARK: - Writing the stream (or, comparing, reading it and matching)

// Makes room for n more bytes (rarely: the buffer is kept from move to move).
static __attribute__((noinline)) void gh_grow(lua_State *L, gh_snapshot *s, size_t n) {
    if (n > s->limit || s->len > s->limit - n)
        luaL_error(L, "the state is too large to save before a move (more than %d MB)", (int)(s->limit >> 20));
    size_t cap = s->cap ? s->cap : 4096;
    while (cap < s->len + n) cap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
    if (cap > s->limit) cap = s->limit;
    unsigned char *data = (unsigned char *)GH_SNAPSHOT_REALLOC(s->data, cap);
    if (data == NULL) gh_snapshot_no_memory(L);
    s->data = data;
    s->cap = cap;
}

static inline __attribute__((always_inline)) void gh_put(lua_State *L, gh_snapshot *s, const void *bytes, size_t n) {
    if (s->comparing) {
        if (s->differs) return;
        if (n > s->len - s->pos || memcmp(s->data + s->pos, bytes, n) != 0) s->differs = 1;
        else s->pos += n;
        return;
    }
    if (n > s->cap - s->len) gh_grow(L, s, n);
    memcpy(s->data + s->len, bytes, n);
    s->len += n;
}

static inline void gh_put_tag(lua_State *L, gh_snapshot *s, unsigned char tag) { gh_put(L, s, &tag, 1); }
static inline void gh_put_u32(lua_State *L, gh_snapshot *s, uint32_t v) { gh_put(L, s, &v, sizeof v); }
// A tag and a number, in one write (most items of a state are references to strings met before).
static inline void gh_put_tagged_u32(lua_State *L, gh_snapshot *s, unsigned char tag, uint32_t v) {
    unsigned char b[5];
    b[0] = tag;
    memcpy(b + 1, &v, sizeof v);
    gh_put(L, s, b, sizeof b);
}

// Reads the value at index v into *item. Saving, a table or object met for the first time is
// anchored now, while it is on the stack; a host object is anchored as the host's copy.
static void gh_describe(lua_State *L, gh_snapshot *s, int v, gh_item *item, int anchors, int copier) {
    int type = lua_type(L, v);
    item->type = (unsigned char)type;
    item->n = 0;
    item->u.i = 0;
    switch (type) {
    case LUA_TNIL: item->tag = GH_NIL; return;
    case LUA_TBOOLEAN: item->tag = lua_toboolean(L, v) ? GH_TRUE : GH_FALSE; item->u.i = item->tag == GH_TRUE; return;
    case LUA_TNUMBER:
        if (lua_isinteger(L, v)) {
            item->tag = GH_INT;
            item->u.i = lua_tointeger(L, v);
        } else {
            item->tag = GH_FLOAT;
            item->u.d = lua_tonumber(L, v);
        }
        return;
    case LUA_TSTRING:
        item->tag = GH_STRING;
        item->u.p = lua_tolstring(L, v, &item->n);
        return;
    default: break;
    }
    item->tag = type == LUA_TTABLE ? GH_TABLE : GH_ANCHOR;
    item->u.p = lua_topointer(L, v);
    if (s->comparing || gh_ref_find(s, item->u.p, type) != NULL) return;
    int top = lua_gettop(L);
    if (type == LUA_TUSERDATA && lua_type(L, copier) == LUA_TFUNCTION) {
        lua_pushvalue(L, copier);
        lua_pushvalue(L, v);
        lua_call(L, 1, 1);
        if (!lua_rawequal(L, -1, v)) s->has_objects = 1;
    } else {
        lua_pushvalue(L, v);
    }
    if (s->slots == INT_MAX) gh_snapshot_no_memory(L);
    gh_ref *ref = gh_ref_add(L, s, item->u.p, type);  // before the anchor: a failure leaves no stray slot
    lua_rawseti(L, anchors, (lua_Integer)s->slots + 1);
    ref->slot = ++s->slots;
    lua_settop(L, top);
}

// The fixed order of keys: by kind, then by value (strings by length, then bytes; tables and
// other objects by address).
static inline int gh_item_rank(const gh_item *a) {
    switch (a->tag) {
    case GH_FALSE: case GH_TRUE: return 1;
    case GH_INT: return 2;
    case GH_FLOAT: return 3;
    case GH_STRING: return 4;
    case GH_TABLE: return 5;
    default: return 6 + a->type;
    }
}

static int gh_item_order(const gh_item *a, const gh_item *b) {
    int ra = gh_item_rank(a), rb = gh_item_rank(b);
    if (ra != rb) return ra < rb ? -1 : 1;
    switch (a->tag) {
    case GH_FALSE: case GH_TRUE: case GH_INT:
        return a->u.i < b->u.i ? -1 : a->u.i > b->u.i;
    case GH_FLOAT:
        return a->u.d < b->u.d ? -1 : a->u.d > b->u.d;
    case GH_STRING:
        if (a->n != b->n) return a->n < b->n ? -1 : 1;
        return memcmp(a->u.p, b->u.p, a->n);
    default:
        return (uintptr_t)a->u.p < (uintptr_t)b->u.p ? -1 : (uintptr_t)a->u.p > (uintptr_t)b->u.p;
    }
}

static int gh_field_order(const void *a, const void *b) {
    return gh_item_order(&((const gh_field *)a)->key, &((const gh_field *)b)->key);
}

// Writes an item: a string's bytes at its first use, else its number; a table's or object's
// number, given here the first time it is written. Comparing, a table or object first met must
// be the very one the save numbered so. `depth` is the distance of the table the item is in.
static void gh_put_item(lua_State *L, gh_snapshot *s, const gh_item *item, int depth) {
    switch (item->tag) {
    case GH_NIL: case GH_FALSE: case GH_TRUE: gh_put_tag(L, s, item->tag); return;
    case GH_INT: gh_put_tag(L, s, GH_INT); gh_put(L, s, &item->u.i, sizeof item->u.i); return;
    case GH_FLOAT: gh_put_tag(L, s, GH_FLOAT); gh_put(L, s, &item->u.d, sizeof item->u.d); return;
    case GH_STRING: {
        const char *b = (const char *)item->u.p;
        size_t n = item->n;
        gh_string_seen *seen = &s->seen[(((uintptr_t)b >> 4) ^ ((uintptr_t)b >> 12)) & (GH_STRINGS_SEEN - 1)];
        if (seen->p == b) {
            gh_put_tagged_u32(L, s, GH_STRING_REF, (uint32_t)seen->id);
            return;
        }
        gh_ref *ref = gh_ref_find(s, b, LUA_TSTRING);
        int id = ref ? ref->id : 0;
        uint64_t hash = 0;
        if (id == 0 && n > GH_SHORT_STRING) {
            gh_charge_bytes(L, (double)n);
            hash = gh_hash_bytes(b, n);
            id = gh_string_find_long(s, b, n, hash);
        }
        if (id == 0) {
            uint64_t n64 = n;
            gh_put_tag(L, s, GH_STRING);
            gh_put(L, s, &n64, sizeof n64);
            gh_put(L, s, b, n);
            if (n > 64) gh_charge_bytes(L, (double)n);
            id = gh_string_add(L, s, b, n, hash, 1);
        } else {
            gh_put_tagged_u32(L, s, GH_STRING_REF, (uint32_t)id);
        }
        if (ref == NULL) gh_ref_add(L, s, b, LUA_TSTRING)->id = id;
        seen->p = b;
        seen->id = id;
        return;
    }
    default: break;
    }
    gh_ref *ref = gh_ref_find(s, item->u.p, item->type);
    if (ref == NULL) {
        if (!s->comparing) luaL_error(L, "the saved state is damaged");  // described, so anchored
        ref = gh_ref_add(L, s, item->u.p, item->type);
    }
    if (item->tag == GH_TABLE) {
        if (ref->id == 0) {
            if (s->walk_tables == INT_MAX - 1) gh_snapshot_no_memory(L);
            int id = s->walk_tables + 1;
            if (s->comparing) {
                if (id > s->tables || s->table_ptr[id] != item->u.p) {
                    s->differs = 1;
                    return;
                }
            } else {
                if (depth + 1 >= GH_COPY_DEPTH_LIMIT)
                    luaL_error(L, "tables nested more than %d deep cannot be saved", GH_COPY_DEPTH_LIMIT);
                gh_reserve_tables(L, s, id);
                s->table_ptr[id] = item->u.p;
                s->table_slot[id] = ref->slot;
                s->depth[id] = depth + 1;
            }
            s->walk_tables = id;
            ref->id = id;
        }
        gh_put_tagged_u32(L, s, GH_TABLE, (uint32_t)ref->id);
        return;
    }
    if (ref->id == 0) {
        if (s->walk_anchors == INT_MAX - 1) gh_snapshot_no_memory(L);
        int id = s->walk_anchors + 1;
        if (s->comparing) {
            if (id > s->anchors || s->anchor_ptr[id] != item->u.p || s->anchor_type[id] != item->type) {
                s->differs = 1;
                return;
            }
        } else {
            gh_reserve_anchors(L, s, id);
            s->anchor_ptr[id] = item->u.p;
            s->anchor_slot[id] = ref->slot;
            s->anchor_type[id] = item->type;
        }
        s->walk_anchors = id;
        ref->id = id;
    }
    gh_put_tag(L, s, GH_ANCHOR);
    gh_put_tag(L, s, item->type);
    gh_put_u32(L, s, (uint32_t)ref->id);
}

static inline int gh_fields_sorted(const gh_field *f, size_t n) {
    for (size_t i = 1; i < n; i++)
        if (gh_item_order(&f[i - 1].key, &f[i].key) > 0) return 0;
    return 1;
}

// Reads the fields of the table at index t into s->fields through the API (lua_next); returns
// how many.
static size_t gh_api_fields(lua_State *L, gh_snapshot *s, int t, int anchors, int copier) {
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        if (n == s->field_cap) gh_reserve(L, (void **)&s->fields, &s->field_cap, n + 1, sizeof(gh_field));
        gh_describe(L, s, t + 1, &s->fields[n].key, anchors, copier);
        gh_describe(L, s, t + 2, &s->fields[n].value, anchors, copier);
        n++;
        lua_pop(L, 1);
        if ((n & 63) == 0) gh_charge(L, 64);
    }
    return n;
}

typedef struct gh_direct_walk {
    lua_State *L;
    gh_snapshot *s;
    size_t n;
} gh_direct_walk;

static void gh_item_of_read(const gh_lua_read *r, gh_item *item) {
    item->type = (unsigned char)r->type;
    item->n = 0;
    item->u.i = 0;
    switch (r->type) {
    case LUA_TBOOLEAN: item->tag = r->boolean ? GH_TRUE : GH_FALSE; item->u.i = r->boolean; return;
    case LUA_TNUMBER:
        if (r->is_integer) { item->tag = GH_INT; item->u.i = r->i; } else { item->tag = GH_FLOAT; item->u.d = r->n; }
        return;
    case LUA_TSTRING: item->tag = GH_STRING; item->u.p = r->p; item->n = r->len; return;
    default: item->tag = GH_TABLE; item->u.p = r->p; return;  // only tables are read directly
    }
}

static int gh_direct_field(const gh_lua_read *key, const gh_lua_read *value, void *ctx) {
    gh_direct_walk *w = (gh_direct_walk *)ctx;
    gh_snapshot *s = w->s;
    if (key->type == LUA_TTABLE) return -1;  // anchored only from the stack: read through the API
    if (w->n == s->field_cap) gh_reserve(w->L, (void **)&s->fields, &s->field_cap, w->n + 1, sizeof(gh_field));
    gh_item_of_read(key, &s->fields[w->n].key);
    gh_item_of_read(value, &s->fields[w->n].value);
    w->n++;
    return 0;
}

// Reads the fields of the table at index t into s->fields from the table's own arrays
// (tablelayout.h), in lua_next's order, so that the bytes are those gh_api_fields gives; then
// anchors each table met for the first time as a value, fetched by its key (as gh_describe does
// for lua_next's). Returns 0, having anchored nothing, for a table that must be read through the
// API: one with a metatable, a table as a key, or a kind of key or value tablelayout.h leaves.
static int gh_direct_fields(lua_State *L, gh_snapshot *s, int t, size_t *count, int anchors, int copier) {
    gh_direct_walk w = { L, s, 0 };
    if (gh_lua_table_fields(lua_topointer(L, t), gh_direct_field, &w) != 0) return 0;
    size_t n = w.n;
    gh_charge(L, (double)(n & ~(size_t)63));
    for (size_t i = 0; i < n && !s->comparing; i++) {
        const gh_item *value = &s->fields[i].value;
        if (value->tag != GH_TABLE || gh_ref_find(s, value->u.p, LUA_TTABLE) != NULL) continue;
        const gh_item *key = &s->fields[i].key;
        switch (key->tag) {
        case GH_INT: lua_rawgeti(L, t, key->u.i); break;
        case GH_FLOAT: lua_pushnumber(L, key->u.d); lua_rawget(L, t); break;
        case GH_TRUE: case GH_FALSE: lua_pushboolean(L, key->tag == GH_TRUE); lua_rawget(L, t); break;
        default: lua_pushlstring(L, (const char *)key->u.p, key->n); lua_rawget(L, t); break;
        }
        if (lua_type(L, -1) != LUA_TTABLE || lua_topointer(L, -1) != value->u.p) luaL_error(L, "the saved state is damaged");
        gh_item anchored;
        gh_describe(L, s, lua_gettop(L), &anchored, anchors, copier);
        lua_pop(L, 1);
    }
    *count = n;
    return 1;
}

// Writes table number k's record: its field count, its metatable, its fields in key order.
static void gh_put_table(lua_State *L, gh_snapshot *s, int k, int anchors, int copier) {
    lua_rawgeti(L, anchors, s->table_slot[k]);
    int t = lua_gettop(L);
    if (lua_type(L, t) != LUA_TTABLE || lua_topointer(L, t) != s->table_ptr[k]) {
        if (s->comparing) { s->differs = 1; lua_settop(L, t - 1); return; }
        luaL_error(L, "the saved state is damaged");
    }
    int depth = s->comparing ? 0 : s->depth[k];
    gh_item mt;
    if (lua_getmetatable(L, t)) {
        gh_describe(L, s, t + 1, &mt, anchors, copier);
        lua_settop(L, t);
    } else {
        mt.tag = GH_NIL;
    }
    size_t n = 0;
    if (!(s->direct && mt.tag == GH_NIL && gh_direct_fields(L, s, t, &n, anchors, copier))) n = gh_api_fields(L, s, t, anchors, copier);
    if (n > UINT32_MAX) luaL_error(L, "a table has too many fields to save");
    if (s->canonical && n > 1 && !gh_fields_sorted(s->fields, n)) {
        double log2n = 1;
        for (size_t m = n; m > 1; m >>= 1) log2n += 1;
        gh_charge(L, (double)n * log2n / 2);
        if (n <= 16) {  // most tables of a state are small records: no call per comparison
            for (size_t i = 1; i < n; i++) {
                gh_field f = s->fields[i];
                size_t j = i;
                for (; j > 0 && gh_item_order(&s->fields[j - 1].key, &f.key) > 0; j--) s->fields[j] = s->fields[j - 1];
                s->fields[j] = f;
            }
        } else {
            qsort(s->fields, n, sizeof(gh_field), gh_field_order);
        }
    }
    gh_put_u32(L, s, (uint32_t)n);
    gh_put_item(L, s, &mt, depth);
    for (size_t i = 0; i < n && !s->differs; i++) {
        gh_put_item(L, s, &s->fields[i].key, depth);
        gh_put_item(L, s, &s->fields[i].value, depth);
    }
    gh_charge(L, (double)(n & 63) + 1);
    lua_settop(L, t - 1);
}

// Walks what the value at `root` reaches, breadth first, writing (or comparing) the stream.
static void gh_walk(lua_State *L, gh_snapshot *s, int root, int anchors, int copier) {
    luaL_checkstack(L, 16, "no room to save the state");
    gh_scratch_reset(L, s);
    gh_item item;
    gh_describe(L, s, root, &item, anchors, copier);
    gh_put_item(L, s, &item, -1);
    for (int k = 1; k <= s->walk_tables && !s->differs; k++) gh_put_table(L, s, k, anchors, copier);
}

// save(root, canonical) -> anchors. Upvalue 1: the snapshot (light userdata); 2: the host's
// copier of userdata objects. Runs as rule work: charged, and refused past the size and depth
// limits.
static inline int gh_snapshot_save(lua_State *L) {
    gh_snapshot *s = (gh_snapshot *)lua_touserdata(L, lua_upvalueindex(1));
    s->canonical = lua_toboolean(L, 2);
    lua_settop(L, 1);
    if (!s->canonical && s->tc_on) {
        int done = gh_tc_save(L, s, 1);
        if (done == GH_TC_SAVED) {
            s->valid = 0;  // the stream's last save is no longer the last
            return 1;
        }
        if (done == GH_TC_STREAM_ALWAYS) {
            s->tc_on = 0;
            gh_tc_forget(L, s);
        }
        lua_settop(L, 1);
    }
    s->tc_valid = 0;
    int hint = s->slots;
    s->valid = 0;  // until this save completes
    s->comparing = 0;
    s->differs = 0;
    s->len = 0;
    s->has_objects = 0;
    s->tables = s->anchors = s->strings = s->slots = 0;
    lua_createtable(L, hint, 1);             // 2: anchors
    lua_pushvalue(L, lua_upvalueindex(2));   // 3: copier
    gh_walk(L, s, 1, 2, 3);
    s->tables = s->walk_tables;
    s->anchors = s->walk_anchors;
    s->strings = s->str_count;
    s->generation++;
    lua_pushinteger(L, s->generation);
    lua_rawseti(L, 2, 0);
    s->valid = 1;
    lua_settop(L, 2);
    return 1;
}

// Whether the value at index a is the anchors table of the last complete save.
static int gh_anchors_match(lua_State *L, gh_snapshot *s, int a) {
    if (!s->valid || lua_type(L, a) != LUA_TTABLE) return 0;
    int same = lua_rawgeti(L, a, 0) == LUA_TNUMBER && lua_isinteger(L, -1) && lua_tointeger(L, -1) == s->generation;
    lua_pop(L, 1);
    return same;
}

// unchanged(root, anchors) -> whether root reaches exactly what was saved: the same tables
// with the same contents and metatables. A second save that reads the stream instead of
// writing it, stopping at the first difference.
static inline int gh_snapshot_unchanged(lua_State *L) {
    gh_snapshot *s = (gh_snapshot *)lua_touserdata(L, lua_upvalueindex(1));
    lua_settop(L, 2);
    if (s->tc_anchors != NULL && lua_topointer(L, 2) == s->tc_anchors) {
        lua_pushboolean(L, gh_tc_unchanged(L, s, 1));
        return 1;
    }
    if (s->has_objects || !gh_anchors_match(L, s, 2)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    s->comparing = 1;
    s->differs = 0;
    s->pos = 0;
    gh_walk(L, s, 1, 2, 0);
    int same = !s->differs && s->pos == s->len && s->walk_tables == s->tables;
    s->comparing = 0;
    lua_pushboolean(L, same);
    return 1;
}

// MARK: - Restoring in place

static inline void gh_get(lua_State *L, gh_snapshot *s, size_t *pos, void *out, size_t n) {
    if (n > s->len - *pos) luaL_error(L, "the saved state is damaged");
    memcpy(out, s->data + *pos, n);
    *pos += n;
}

// Reads an item back: numbers of tables, objects and strings in u.i (a string's first use
// gives it its number, its bytes staying in the stream).
static void gh_read_item(lua_State *L, gh_snapshot *s, size_t *pos, gh_item *item) {
    unsigned char tag;
    uint32_t id = 0;
    gh_get(L, s, pos, &tag, 1);
    item->tag = tag;
    item->u.i = 0;
    item->n = 0;
    switch (tag) {
    case GH_NIL: case GH_FALSE: case GH_TRUE: return;
    case GH_INT: gh_get(L, s, pos, &item->u.i, sizeof item->u.i); return;
    case GH_FLOAT: gh_get(L, s, pos, &item->u.d, sizeof item->u.d); return;
    case GH_STRING: {
        uint64_t n;
        gh_get(L, s, pos, &n, sizeof n);
        if (n > s->len - *pos) luaL_error(L, "the saved state is damaged");
        item->u.i = gh_string_add(L, s, (const char *)s->data + *pos, (size_t)n, 0, 0);
        item->n = (size_t)n;
        *pos += (size_t)n;
        return;
    }
    case GH_STRING_REF:
        gh_get(L, s, pos, &id, sizeof id);
        if (id < 1 || (int)id > s->str_count) break;
        item->tag = GH_STRING;
        item->u.i = id;
        item->n = s->str_len[id];
        return;
    case GH_TABLE:
        gh_get(L, s, pos, &id, sizeof id);
        if (id < 1 || (int)id > s->tables) break;
        item->u.i = id;
        return;
    case GH_ANCHOR:
        gh_get(L, s, pos, &item->type, 1);
        gh_get(L, s, pos, &id, sizeof id);
        if (id < 1 || (int)id > s->anchors) break;
        item->u.i = id;
        return;
    default: break;
    }
    luaL_error(L, "the saved state is damaged");
}

// Pushes the saved value of an item: the saved table or object itself, or one Lua string per
// saved string (made once, from the stream, unless the state still holds one with its bytes).
static void gh_push_item(lua_State *L, gh_snapshot *s, const gh_item *item, int anchors, int strings) {
    switch (item->tag) {
    case GH_NIL: lua_pushnil(L); return;
    case GH_FALSE: lua_pushboolean(L, 0); return;
    case GH_TRUE: lua_pushboolean(L, 1); return;
    case GH_INT: lua_pushinteger(L, item->u.i); return;
    case GH_FLOAT: lua_pushnumber(L, item->u.d); return;
    case GH_STRING: {
        int id = (int)item->u.i;
        if (lua_rawgeti(L, strings, id) != LUA_TNIL) return;
        lua_pop(L, 1);
        lua_pushlstring(L, s->str_ptr[id], s->str_len[id]);
        lua_pushvalue(L, -1);
        lua_rawseti(L, strings, id);
        return;
    }
    case GH_TABLE: lua_rawgeti(L, anchors, s->table_slot[item->u.i]); return;
    default: lua_rawgeti(L, anchors, s->anchor_slot[item->u.i]); return;
    }
}

// Whether the value at index v is exactly the item's saved value (the same number subtype and
// bits, the same bytes, the same table or object).
static int gh_is_item(lua_State *L, gh_snapshot *s, int v, const gh_item *item, int anchors, int strings) {
    v = lua_absindex(L, v);
    switch (item->tag) {
    case GH_NIL: return lua_isnil(L, v);
    case GH_FALSE: case GH_TRUE:
        return lua_type(L, v) == LUA_TBOOLEAN && lua_toboolean(L, v) == (item->tag == GH_TRUE);
    case GH_INT: return lua_type(L, v) == LUA_TNUMBER && lua_isinteger(L, v) && lua_tointeger(L, v) == item->u.i;
    case GH_FLOAT: {
        if (lua_type(L, v) != LUA_TNUMBER || lua_isinteger(L, v)) return 0;
        lua_Number d = lua_tonumber(L, v);
        return memcmp(&d, &item->u.d, sizeof d) == 0;
    }
    case GH_STRING: {
        int id = (int)item->u.i;
        if (lua_type(L, v) != LUA_TSTRING) return 0;
        int known = lua_rawgeti(L, strings, id) != LUA_TNIL;
        int same = known && lua_rawequal(L, -1, v);
        lua_pop(L, 1);
        if (known || same) return same;
        size_t n;
        const char *b = lua_tolstring(L, v, &n);
        if (n != s->str_len[id] || memcmp(b, s->str_ptr[id], n) != 0) return 0;
        // The state still holds this string: it serves every other use too.
        lua_pushvalue(L, v);
        lua_rawseti(L, strings, id);
        return 1;
    }
    case GH_TABLE:
        return lua_type(L, v) == LUA_TTABLE && lua_topointer(L, v) == s->table_ptr[item->u.i];
    default: {
        lua_rawgeti(L, anchors, s->anchor_slot[item->u.i]);
        int same = lua_rawequal(L, -1, v);
        lua_pop(L, 1);
        return same;
    }
    }
}

// Gives table t the metatable on the stack's top (popped) without marking t for finalization:
// Lua marks a table only if its metatable has __gc when it is set, and no finalizer may ever
// run (the count hook does not reach finalizers).
static void gh_attach_metatable(lua_State *L, int t) {
    int mt = lua_gettop(L);
    lua_pushliteral(L, "__gc");
    int has_gc = lua_rawget(L, mt) != LUA_TNIL;  // mt+1: the finalizer
    if (has_gc) {
        lua_pushliteral(L, "__gc");
        lua_pushnil(L);
        lua_rawset(L, mt);
    }
    lua_pushvalue(L, mt);
    lua_setmetatable(L, t);
    if (has_gc) {
        lua_pushliteral(L, "__gc");
        lua_pushvalue(L, mt + 1);
        lua_rawset(L, mt);
    }
    lua_settop(L, mt - 1);
}

// Gives table number k back its saved fields and metatable.
static void gh_restore_table(lua_State *L, gh_snapshot *s, int k, size_t *pos, int anchors, int strings) {
    lua_rawgeti(L, anchors, s->table_slot[k]);
    int t = lua_gettop(L);
    if (lua_type(L, t) != LUA_TTABLE || lua_topointer(L, t) != s->table_ptr[k]) luaL_error(L, "the saved state is damaged");
    uint32_t n;
    gh_get(L, s, pos, &n, sizeof n);
    gh_item mt;
    gh_read_item(L, s, pos, &mt);
    if (mt.tag != GH_NIL && mt.tag != GH_TABLE) luaL_error(L, "the saved state is damaged");
    gh_reserve(L, (void **)&s->fields, &s->field_cap, (size_t)n + 1, sizeof(gh_field));
    for (uint32_t i = 0; i < n; i++) {
        gh_read_item(L, s, pos, &s->fields[i].key);
        gh_read_item(L, s, pos, &s->fields[i].value);
    }
    // Find the saved fields whose value differs, then set them: a string the table still holds
    // elsewhere is found first and serves them all.
    for (uint32_t i = 0; i < n; i++) {
        gh_push_item(L, s, &s->fields[i].key, anchors, strings);
        lua_rawget(L, t);
        s->fields[i].same = (unsigned char)gh_is_item(L, s, -1, &s->fields[i].value, anchors, strings);
        lua_pop(L, 1);
    }
    for (uint32_t i = 0; i < n; i++) {
        if (s->fields[i].same) continue;
        gh_push_item(L, s, &s->fields[i].key, anchors, strings);
        gh_push_item(L, s, &s->fields[i].value, anchors, strings);
        lua_rawset(L, t);
    }
    // Every saved field is there: any more are fields added since. Clear them all and set the
    // saved ones again.
    uint32_t now = 0;
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        lua_pop(L, 1);
        now++;
    }
    if (now != n) {
        gh_clear_fields(L, t);
        for (uint32_t i = 0; i < n; i++) {
            gh_push_item(L, s, &s->fields[i].key, anchors, strings);
            gh_push_item(L, s, &s->fields[i].value, anchors, strings);
            lua_rawset(L, t);
        }
    }
    const void *want = mt.tag == GH_TABLE ? s->table_ptr[mt.u.i] : NULL;
    const void *have = NULL;
    if (lua_getmetatable(L, t)) {
        have = lua_topointer(L, -1);
        lua_pop(L, 1);
    }
    if (have != want) {
        if (want == NULL) {
            lua_pushnil(L);
            lua_setmetatable(L, t);
        } else {
            gh_push_item(L, s, &mt, anchors, strings);
            gh_attach_metatable(L, t);
        }
    }
    lua_settop(L, t - 1);
}

// restore(root, anchors) -> the saved root. Every saved table gets back exactly its saved
// fields and metatable, in place; tables the move made and no saved table reaches are left to
// the collector. Host work: no budget.
static inline int gh_snapshot_restore(lua_State *L) {
    gh_snapshot *s = (gh_snapshot *)lua_touserdata(L, lua_upvalueindex(1));
    lua_settop(L, 2);
    if (s->tc_anchors != NULL && lua_topointer(L, 2) == s->tc_anchors) {
        gh_tc_restore(L, s, 2);
        return 1;
    }
    if (!s->valid) return luaL_error(L, "no saved state to restore");
    if (!gh_anchors_match(L, s, 2)) return luaL_error(L, "the saved state does not match its anchors");
    luaL_checkstack(L, 16, "no room to restore the state");
    s->comparing = 0;
    gh_scratch_reset(L, s);
    lua_createtable(L, s->strings, 0);  // 3: the Lua string of each saved string, as needed
    size_t pos = 0;
    gh_item root;
    gh_read_item(L, s, &pos, &root);
    for (int k = 1; k <= s->tables; k++) gh_restore_table(L, s, k, &pos, 2, 3);
    if (pos != s->len) return luaL_error(L, "the saved state is damaged");
    gh_push_item(L, s, &root, 2, 3);
    return 1;
}

// Pushes the three functions, each with the snapshot; save also with the copier of userdata
// objects, which is on top of the stack and is replaced.
static inline void gh_push_snapshot_functions(lua_State *L, gh_snapshot *s) {
    s->direct = gh_table_layout_verified(L);
    // The copies' anchors table, kept from save to save (a save by copies returns it).
    lua_createtable(L, 0, 0);
    s->tc_anchors = lua_topointer(L, -1);
    s->tc_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    s->tc_on = s->direct;
    lua_pushlightuserdata(L, s);
    lua_insert(L, -2);
    lua_pushcclosure(L, gh_snapshot_save, 2);
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, gh_snapshot_unchanged, 1);
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, gh_snapshot_restore, 1);
}

#endif
