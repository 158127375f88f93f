// The save before a move, in time that grows with what moves change rather than with the state
// (snapshot.h uses it when it can; its stream remains for everything else).
//
// Why: the stream writes every table of the state before every move, so a step late in a long
// game, whose state holds a table for each turn so far, cost a quarter more than an early one,
// though most of a state is the same from one move to the next.
//
// How: for each table the last save reached, the host keeps a copy of the table's own memory
// (its metatable, array part and hash part, as tablelayout.h reads them), and it anchors the
// table and every object the copy names in one table of its own, kept from save to save. A save
// walks the state from the root, breadth first, comparing each table's fields with its copy's,
// in place: the same tag and value bits are the same field, because every object a copy names is
// anchored, so no address in it can have come to mean another object. A table that differs is
// copied again, and what is new in it anchored. Tables the walk no longer reaches are let go at
// its end, and other objects (a string, a function) that no copy names any more: each copy
// counts what it names, so this costs what changed, and what the last save named is all that is
// kept alive (a rule that replaces a large string each move holds one, not dozens). Whether the state is unchanged is the same walk, comparing only; a
// restore gives each saved table that differs its saved fields and metatable again, in place.
//
// Only the fields are compared: the collector marks the key of an empty node dead at any time,
// and the length operator moves the array's limit. A table with the same fields in another
// layout (one that grew and shrank) counts as changed: it is copied again, or restored to what it
// holds, which costs time and never changes a field.
//
// A weak table is safe: its fields are anchored as lua_next gives them, live (anchoring
// allocates, and the collector may clear a field not anchored yet: it is then empty, and not
// named), before its copy is taken; and anchored they stay, as the stream's anchors keep what
// the last save named.
//
// What it leaves to the stream: a root that is not a table (that save only); a full userdata, or
// a kind of value tablelayout.h does not know (every save after: the copies are let go). Check's
// canonical saves are the stream's. The copies' memory is the C allocator's, within the
// snapshot's limit, like the stream's.
#ifndef GAMEHOST_CLUA_TABLECOPY_H
#define GAMEHOST_CLUA_TABLECOPY_H

// One anchored object: a table and its copy, or another object a copy names.
typedef struct gh_tc_object {
    const void *p;          // its address, as a table's field holds it (NULL: a free entry)
    int slot;               // its slot in the anchors table
    int depth;              // a table's distance from the root in the walk that reached it
    unsigned int mark;      // a table: the walk that last reached it
    int names;              // another object: how many fields of copies name it (as key or value)
    unsigned char queued;   // another object: in the list of those that may be named by none
    unsigned char tag;      // its variant tag (tablelayout.h)
    size_t len, cap;        // a table's copy: bytes used (0: none yet) and allocated
    unsigned char *raw;
} gh_tc_object;

// The start of a copy: what of the table's header decides what its arrays mean. (Not the
// array's limit: the length operator moves it, and it changes no field.)
typedef struct gh_tc_header {
    const void *metatable;
    unsigned int asize;
    unsigned int lsizenode;
} gh_tc_header;

// Outcomes of a save by copies.
enum { GH_TC_SAVED = 1, GH_TC_STREAM_ONCE = 0, GH_TC_STREAM_ALWAYS = -1 };

#define GH_TC_COLLECTABLE(tt) (((tt) & 0x40) != 0)

static inline size_t gh_tc_hash(const void *p) {
    uint64_t h = (uint64_t)(uintptr_t)p;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return (size_t)h;
}

// The object number of address p, or -1.
static inline int gh_tc_find(const gh_snapshot *s, const void *p) {
    if (s->tc_index_slots == 0) return -1;
    size_t mask = s->tc_index_slots - 1, i = gh_tc_hash(p) & mask;
    for (;;) {
        int n = s->tc_index[i];
        if (n == 0) return -1;
        if (s->tc_objects[n - 1].p == p) return n - 1;
        i = (i + 1) & mask;
    }
}

static void gh_tc_index_put(gh_snapshot *s, int number) {
    size_t mask = s->tc_index_slots - 1, i = gh_tc_hash(s->tc_objects[number].p) & mask;
    while (s->tc_index[i] != 0) i = (i + 1) & mask;
    s->tc_index[i] = number + 1;
}

// Takes object `number` out of the index (linear probing: the entries after it move back).
static void gh_tc_index_remove(gh_snapshot *s, int number) {
    size_t mask = s->tc_index_slots - 1, i = gh_tc_hash(s->tc_objects[number].p) & mask;
    while (s->tc_index[i] != number + 1) i = (i + 1) & mask;
    size_t j = i;
    for (;;) {
        s->tc_index[i] = 0;
        for (;;) {
            j = (j + 1) & mask;
            if (s->tc_index[j] == 0) return;
            size_t home = gh_tc_hash(s->tc_objects[s->tc_index[j] - 1].p) & mask;
            int stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (!stays) break;
        }
        s->tc_index[i] = s->tc_index[j];
        i = j;
    }
}

// Room for one more object: its entry, the index, a slot, and the lists a release or a count
// pushes onto (kept as large as what they list, so that neither ever allocates).
static void gh_tc_reserve_one(lua_State *L, gh_snapshot *s) {
    if (s->tc_free_objects == 0 && s->tc_count == s->tc_cap) {
        size_t cap = (size_t)s->tc_cap, free_cap = (size_t)s->tc_cap;
        size_t unnamed_cap = (size_t)s->tc_cap;
        gh_reserve(L, (void **)&s->tc_objects, &cap, (size_t)s->tc_count + 1, sizeof(gh_tc_object));
        gh_reserve(L, (void **)&s->tc_free_object_list, &free_cap, cap, sizeof(int));
        gh_reserve(L, (void **)&s->tc_unnamed_list, &unnamed_cap, cap, sizeof(int));
        s->tc_cap = cap > INT_MAX / 2 ? INT_MAX / 2 : (int)cap;
    }
    if (s->tc_free_slots == 0) {
        size_t cap = (size_t)s->tc_free_slot_cap;
        gh_reserve(L, (void **)&s->tc_free_slot_list, &cap, (size_t)s->tc_slots + 1, sizeof(int));
        s->tc_free_slot_cap = cap > INT_MAX / 2 ? INT_MAX / 2 : (int)cap;
    }
    if ((size_t)(s->tc_live + 1) * 2 > s->tc_index_slots) {
        size_t slots = s->tc_index_slots ? s->tc_index_slots * 2 : 256;
        int *index = slots > SIZE_MAX / sizeof(int) ? NULL : (int *)GH_SNAPSHOT_CALLOC(slots, sizeof(int));
        if (index == NULL) gh_snapshot_no_memory(L);
        free(s->tc_index);
        s->tc_index = index;
        s->tc_index_slots = slots;
        for (int n = 0; n < s->tc_count; n++)
            if (s->tc_objects[n].p != NULL) gh_tc_index_put(s, n);
    }
}

// Anchors the value on the stack's top (popped) as object p; returns its number.
static int gh_tc_add(lua_State *L, gh_snapshot *s, const void *p, unsigned char tag, int anchors) {
    if ((s->tc_live & 15) == 0) gh_charge(L, 16);
    gh_tc_reserve_one(L, s);
    if (s->tc_free_slots == 0 && s->tc_slots == INT_MAX - 1) gh_snapshot_no_memory(L);
    int slot = s->tc_free_slots > 0 ? s->tc_free_slot_list[s->tc_free_slots - 1] : s->tc_slots + 1;
    lua_rawseti(L, anchors, slot);  // may raise for memory: nothing above has changed yet
    if (s->tc_free_slots > 0) s->tc_free_slots--;
    else s->tc_slots = slot;
    int number = s->tc_free_objects > 0 ? s->tc_free_object_list[--s->tc_free_objects] : s->tc_count++;
    gh_tc_object *o = &s->tc_objects[number];
    memset(o, 0, sizeof *o);
    o->p = p;
    o->tag = tag;
    o->slot = slot;
    gh_tc_index_put(s, number);
    s->tc_live++;
    if (tag != GH_LUA_VTABLE) {
        s->tc_others++;
        o->queued = 1;  // named by no copy yet
        s->tc_unnamed_list[s->tc_unnamed++] = number;
    }
    return number;
}

// Counts the objects other than tables that table object `t`'s copy names (the keys and values
// of its fields): `by` is 1 when the copy is taken, -1 when it is let go. An object named by no
// copy any more is listed, to be let go at the end of the save (`gh_tc_let_go_unnamed`).
// Allocates nothing.
static void gh_tc_count_names(gh_snapshot *s, const gh_tc_object *t, int by) {
    if (t->len == 0) return;
    gh_tc_header h;
    memcpy(&h, t->raw, sizeof h);
    const gh_lua_tvalue *array = (const gh_lua_tvalue *)(t->raw + sizeof h);
    const gh_lua_node *node = (const gh_lua_node *)(t->raw + sizeof h + (size_t)h.asize * sizeof(gh_lua_tvalue));
    size_t nodes = (size_t)1 << h.lsizenode;
    for (size_t i = 0; i < (size_t)h.asize + 2 * nodes; i++) {
        unsigned char tt;
        const void *p;
        if (i < h.asize) {
            tt = array[i].tt_;
            p = array[i].value_.gc;
        } else {
            const gh_lua_node *n = &node[(i - h.asize) / 2];
            if (gh_lua_empty(n->tt_)) continue;
            int key = (i - h.asize) % 2 == 0;
            tt = key ? n->key_tt : n->tt_;
            p = key ? n->key_val.gc : n->value_.gc;
        }
        if (!GH_TC_COLLECTABLE(tt) || tt == GH_LUA_VTABLE) continue;
        int m = gh_tc_find(s, p);
        if (m < 0) continue;
        gh_tc_object *o = &s->tc_objects[m];
        o->names += by;
        if (o->names == 0 && !o->queued) {
            o->queued = 1;
            s->tc_unnamed_list[s->tc_unnamed++] = m;
        }
    }
}

// Lets object `number` go. Allocates nothing and cannot raise (the slot holds a value, so
// clearing it only writes; the lists have room).
static void gh_tc_release(lua_State *L, gh_snapshot *s, int number, int anchors) {
    gh_tc_object *o = &s->tc_objects[number];
    if (o->tag == GH_LUA_VTABLE) gh_tc_count_names(s, o, -1);
    lua_pushnil(L);
    lua_rawseti(L, anchors, o->slot);
    s->tc_free_slot_list[s->tc_free_slots++] = o->slot;
    gh_tc_index_remove(s, number);
    s->tc_bytes -= o->cap;
    free(o->raw);
    if (o->tag != GH_LUA_VTABLE) s->tc_others--;
    memset(o, 0, sizeof *o);
    s->tc_free_object_list[s->tc_free_objects++] = number;
    s->tc_live--;
}

static inline void gh_tc_header_of(const gh_lua_table *t, gh_tc_header *h) {
    memset(h, 0, sizeof *h);
    h->metatable = t->metatable;
    h->asize = gh_lua_array_size(t);
    h->lsizenode = t->lsizenode;
}

static inline size_t gh_tc_size_of(const gh_tc_header *h) {
    return sizeof *h + (size_t)h->asize * sizeof(gh_lua_tvalue) + ((size_t)1 << h->lsizenode) * sizeof(gh_lua_node);
}

// Whether a value's bytes say what the copy's say: the same tag and, but for nil and the
// booleans (whose value bytes are left as they were), the same value bytes.
static inline int gh_tc_same_value(unsigned char tt, const gh_lua_value *a, const gh_lua_value *b) {
    if (gh_lua_empty(tt) || tt == GH_LUA_VFALSE || tt == GH_LUA_VTRUE) return 1;
    return memcmp(a, b, sizeof *a) == 0;
}

// Whether table t holds the fields its copy holds, in the same places (padding and the keys of
// empty nodes are not compared).
static inline int gh_tc_same(const gh_tc_object *o, const gh_lua_table *t) {
    if (o->len == 0) return 0;
    gh_tc_header h;
    gh_tc_header_of(t, &h);
    if (memcmp(&h, o->raw, sizeof h) != 0) return 0;
    const gh_lua_tvalue *array = (const gh_lua_tvalue *)(o->raw + sizeof h);
    for (unsigned int i = 0; i < h.asize; i++) {
        unsigned char tt = t->array[i].tt_;
        if (tt != array[i].tt_ || !gh_tc_same_value(tt, &t->array[i].value_, &array[i].value_)) return 0;
    }
    const gh_lua_node *node = (const gh_lua_node *)(o->raw + sizeof h + (size_t)h.asize * sizeof(gh_lua_tvalue));
    size_t nodes = (size_t)1 << h.lsizenode;
    for (size_t i = 0; i < nodes; i++) {
        const gh_lua_node *a = &t->node[i], *b = &node[i];
        if (a->tt_ != b->tt_) return 0;
        if (gh_lua_empty(a->tt_)) continue;
        if (!gh_tc_same_value(a->tt_, &a->value_, &b->value_) || a->key_tt != b->key_tt ||
            !gh_tc_same_value(a->key_tt, &a->key_val, &b->key_val))
            return 0;
    }
    return 1;
}

// Copies table t's memory into its object's copy.
static void gh_tc_copy(lua_State *L, gh_snapshot *s, gh_tc_object *o, const gh_lua_table *t) {
    gh_tc_header h;
    gh_tc_header_of(t, &h);
    size_t n = gh_tc_size_of(&h);
    if (n > o->cap) {
        size_t cap = n < 64 ? 64 : n + n / 4;
        if (cap > s->limit || s->tc_bytes - o->cap > s->limit - cap)
            luaL_error(L, "the state is too large to save before a move (more than %d MB)", (int)(s->limit >> 20));
        unsigned char *raw = (unsigned char *)GH_SNAPSHOT_REALLOC(o->raw, cap);
        if (raw == NULL) gh_snapshot_no_memory(L);
        s->tc_bytes = s->tc_bytes - o->cap + cap;
        o->raw = raw;
        o->cap = cap;
    }
    // (Nothing below can fail: the counts of what the copy names follow it exactly.)
    gh_tc_count_names(s, o, -1);
    size_t array = (size_t)h.asize * sizeof(gh_lua_tvalue);
    memcpy(o->raw, &h, sizeof h);
    if (array > 0) memcpy(o->raw + sizeof h, t->array, array);  // (an empty array part may be NULL)
    memcpy(o->raw + sizeof h + array, t->node, n - sizeof h - array);
    o->len = n;
    gh_tc_count_names(s, o, 1);
}

// Whether a field's key or value of tag tt is a kind handled here; for the others the copies
// give way to the stream.
static inline int gh_tc_known(unsigned char tt) {
    switch (tt) {
    case GH_LUA_VFALSE: case GH_LUA_VTRUE: case GH_LUA_VNUMINT: case GH_LUA_VNUMFLT:
    case GH_LUA_VSHRSTR: case GH_LUA_VLNGSTR: case GH_LUA_VTABLE:
    case 0x02:              // light userdata
    case 0x16:              // light C function
    case 0x46: case 0x66:   // Lua closure, C closure
    case 0x48:              // thread
        return 1;
    default: return 0;
    }
}

// Whether the value on the stack's top is object p (for every collectable kind above,
// lua_topointer gives the address a table's field holds).
static inline int gh_tc_is(lua_State *L, const void *p) { return lua_topointer(L, -1) == p; }

// Pushes the value a copy's field holds: by value, or the anchored object.
static void gh_tc_push(lua_State *L, gh_snapshot *s, unsigned char tt, const gh_lua_value *v, int anchors) {
    switch (tt) {
    case GH_LUA_VFALSE: case GH_LUA_VTRUE: lua_pushboolean(L, tt == GH_LUA_VTRUE); return;
    case GH_LUA_VNUMINT: lua_pushinteger(L, v->i); return;
    case GH_LUA_VNUMFLT: lua_pushnumber(L, v->n); return;
    case 0x02: lua_pushlightuserdata(L, v->p); return;
    case 0x16: {
        lua_CFunction f;
        memcpy(&f, &v->p, sizeof f);
        lua_pushcfunction(L, f);
        return;
    }
    default: {
        int number = gh_tc_find(s, v->gc);
        if (number < 0) luaL_error(L, "the saved state is damaged");
        lua_rawgeti(L, anchors, s->tc_objects[number].slot);
        return;
    }
    }
}

// Anchors the key and value of node n of the table at index t, where not anchored yet.
// Returns 0 when the value cannot be fetched by its key (a new key other than a short string):
// the caller then anchors through lua_next.
static int gh_tc_anchor_node(lua_State *L, gh_snapshot *s, int t, const gh_lua_node *n, int anchors) {
    int key_new = GH_TC_COLLECTABLE(n->key_tt) && gh_tc_find(s, n->key_val.gc) < 0;
    int value_new = GH_TC_COLLECTABLE(n->tt_) && gh_tc_find(s, n->value_.gc) < 0;
    if (!key_new && !value_new) return 1;
    if (!key_new) {
        gh_tc_push(L, s, n->key_tt, &n->key_val, anchors);
    } else if (n->key_tt == GH_LUA_VSHRSTR) {
        // Lua keeps one copy of a short string: pushing its bytes pushes the key itself.
        const gh_lua_string *ts = (const gh_lua_string *)n->key_val.gc;
        lua_pushlstring(L, ts->contents, ts->shrlen);
        if (!gh_tc_is(L, n->key_val.gc)) {
            lua_pop(L, 1);
            return 0;
        }
        lua_pushvalue(L, -1);
        gh_tc_add(L, s, n->key_val.gc, n->key_tt, anchors);
    } else {
        return 0;
    }
    if (value_new) {
        lua_rawget(L, t);
        if (!gh_tc_is(L, n->value_.gc)) luaL_error(L, "the saved state is damaged");
        gh_tc_add(L, s, n->value_.gc, n->tt_, anchors);
    } else {
        lua_pop(L, 1);
    }
    return 1;
}

// Anchors whatever the table at index t holds that is not anchored yet, through lua_next.
static void gh_tc_anchor_by_next(lua_State *L, gh_snapshot *s, int t, int anchors) {
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        for (int i = -2; i <= -1; i++) {
            // (A light C function is anchored too, harmlessly: it is never looked for, and the
            // next look lets it go.)
            int type = lua_type(L, i);
            if (type < LUA_TSTRING) continue;
            const void *p = lua_topointer(L, i);
            if (gh_tc_find(s, p) >= 0) continue;
            lua_pushvalue(L, i);
            gh_tc_add(L, s, p, type == LUA_TTABLE ? GH_LUA_VTABLE : 0x40, anchors);
        }
        lua_pop(L, 1);
    }
}

// Copies table object `number` again: anchors what is new in it, then takes its memory.
// Returns GH_TC_STREAM_ALWAYS for a field of a kind left to the stream.
static int gh_tc_recopy(lua_State *L, gh_snapshot *s, int number, int anchors) {
    const gh_lua_table *t = (const gh_lua_table *)s->tc_objects[number].p;
    unsigned int asize = gh_lua_array_size(t);
    size_t nodes = (size_t)1 << t->lsizenode;
    gh_charge(L, (double)(asize + nodes) / 8);  // the reading below; each object anchored counts too
    int pending = 0;
    for (unsigned int i = 0; i < asize; i++) {
        unsigned char tt = t->array[i].tt_;
        if (gh_lua_empty(tt)) continue;
        if (!gh_tc_known(tt)) return GH_TC_STREAM_ALWAYS;
        if (GH_TC_COLLECTABLE(tt) && gh_tc_find(s, t->array[i].value_.gc) < 0) pending = 1;
    }
    for (size_t i = 0; i < nodes; i++) {
        const gh_lua_node *n = &t->node[i];
        if (gh_lua_empty(n->tt_)) continue;
        if (!gh_tc_known(n->tt_) || !gh_tc_known(n->key_tt)) return GH_TC_STREAM_ALWAYS;
        if ((GH_TC_COLLECTABLE(n->tt_) && gh_tc_find(s, n->value_.gc) < 0) ||
            (GH_TC_COLLECTABLE(n->key_tt) && gh_tc_find(s, n->key_val.gc) < 0))
            pending = 1;
    }
    if (t->metatable != NULL && gh_tc_find(s, t->metatable) < 0) pending = 1;
    if (pending) {
        lua_rawgeti(L, anchors, s->tc_objects[number].slot);
        int ti = lua_gettop(L);
        if (!gh_tc_is(L, t)) luaL_error(L, "the saved state is damaged");
        if (t->metatable != NULL && gh_tc_find(s, t->metatable) < 0) {
            lua_getmetatable(L, ti);
            gh_tc_add(L, s, t->metatable, GH_LUA_VTABLE, anchors);
        }
        // Anchoring allocates, which may run the collector. It frees nothing a table with no
        // metatable holds (such a table is not weak), so its fields stay as read; a table with
        // a metatable may be weak, and is anchored through lua_next, live.
        int by_next = t->metatable != NULL;
        for (unsigned int i = 0; i < asize && !by_next; i++) {
            unsigned char tt = t->array[i].tt_;
            if (!GH_TC_COLLECTABLE(tt) || gh_tc_find(s, t->array[i].value_.gc) >= 0) continue;
            lua_rawgeti(L, ti, (lua_Integer)i + 1);
            if (!gh_tc_is(L, t->array[i].value_.gc)) luaL_error(L, "the saved state is damaged");
            gh_tc_add(L, s, t->array[i].value_.gc, tt, anchors);
        }
        for (size_t i = 0; i < nodes && !by_next; i++) {
            if (gh_lua_empty(t->node[i].tt_)) continue;
            by_next = !gh_tc_anchor_node(L, s, ti, &t->node[i], anchors);
        }
        if (by_next) gh_tc_anchor_by_next(L, s, ti, anchors);
        lua_settop(L, ti - 1);
        // The copy below must name only anchored objects: the table is read again.
        if (t->metatable != NULL && gh_tc_find(s, t->metatable) < 0) luaL_error(L, "the saved state is damaged");
        asize = gh_lua_array_size(t);
        nodes = (size_t)1 << t->lsizenode;
        for (unsigned int i = 0; i < asize; i++)
            if (GH_TC_COLLECTABLE(t->array[i].tt_) && gh_tc_find(s, t->array[i].value_.gc) < 0) luaL_error(L, "the saved state is damaged");
        for (size_t i = 0; i < nodes; i++) {
            const gh_lua_node *n = &t->node[i];
            if (gh_lua_empty(n->tt_)) continue;
            if ((GH_TC_COLLECTABLE(n->tt_) && gh_tc_find(s, n->value_.gc) < 0) ||
                (GH_TC_COLLECTABLE(n->key_tt) && gh_tc_find(s, n->key_val.gc) < 0))
                luaL_error(L, "the saved state is damaged");
        }
    }
    gh_tc_copy(L, s, &s->tc_objects[number], t);
    gh_charge_bytes(L, (double)s->tc_objects[number].len);
    s->tc_copied++;
    return GH_TC_SAVED;
}

// Puts the table at address p in the walk's queue unless this walk has reached it. Returns 0
// when it has no object (only a comparison meets one: the state has changed).
static int gh_tc_reach(lua_State *L, gh_snapshot *s, const void *p, int depth, int comparing) {
    int number = gh_tc_find(s, p);
    if (number < 0) {
        if (comparing) return 0;
        luaL_error(L, "the saved state is damaged");
    }
    gh_tc_object *o = &s->tc_objects[number];
    if (o->mark == s->tc_mark) return 1;
    if (!comparing && depth >= GH_COPY_DEPTH_LIMIT)
        luaL_error(L, "tables nested more than %d deep cannot be saved", GH_COPY_DEPTH_LIMIT);
    o->mark = s->tc_mark;
    o->depth = depth;
    if (s->tc_queued == s->tc_queue_cap) {
        size_t cap = (size_t)s->tc_queue_cap;
        gh_reserve(L, (void **)&s->tc_queue, &cap, (size_t)s->tc_queued + 1, sizeof(int));
        s->tc_queue_cap = cap > INT_MAX ? INT_MAX : (int)cap;
    }
    s->tc_queue[s->tc_queued++] = number;
    return 1;
}

// Queues the tables table t names (its metatable, keys, values) that this walk has not reached.
static int gh_tc_reach_fields(lua_State *L, gh_snapshot *s, const gh_lua_table *t, int depth, int comparing) {
    if (t->metatable != NULL && !gh_tc_reach(L, s, t->metatable, depth, comparing)) return 0;
    unsigned int asize = gh_lua_array_size(t);
    for (unsigned int i = 0; i < asize; i++)
        if (t->array[i].tt_ == GH_LUA_VTABLE && !gh_tc_reach(L, s, t->array[i].value_.gc, depth, comparing)) return 0;
    size_t nodes = (size_t)1 << t->lsizenode;
    for (size_t i = 0; i < nodes; i++) {
        const gh_lua_node *n = &t->node[i];
        if (gh_lua_empty(n->tt_)) continue;
        if (n->tt_ == GH_LUA_VTABLE && !gh_tc_reach(L, s, n->value_.gc, depth, comparing)) return 0;
        if (n->key_tt == GH_LUA_VTABLE && !gh_tc_reach(L, s, n->key_val.gc, depth, comparing)) return 0;
    }
    return 1;
}

// Lets every copy go, and the anchors with them (a new game, or the stream from now on).
// Allocates nothing and cannot raise.
static inline void gh_tc_forget(lua_State *L, gh_snapshot *s) {
    s->tc_valid = 0;
    if (s->tc_ref == LUA_NOREF || s->tc_live == 0) return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->tc_ref);
    int anchors = lua_gettop(L);
    for (int n = 0; n < s->tc_count; n++)
        if (s->tc_objects[n].p != NULL) gh_tc_release(L, s, n, anchors);
    s->tc_unnamed = 0;
    lua_settop(L, anchors - 1);
}

// Lets go of the tables this walk did not reach, then of the other objects no copy names.
static void gh_tc_sweep(lua_State *L, gh_snapshot *s, int anchors) {
    for (int n = 0; n < s->tc_count; n++) {
        gh_tc_object *o = &s->tc_objects[n];
        if (o->p != NULL && o->tag == GH_LUA_VTABLE && o->mark != s->tc_mark) gh_tc_release(L, s, n, anchors);
    }
    for (int i = 0; i < s->tc_unnamed; i++) {
        int n = s->tc_unnamed_list[i];
        gh_tc_object *o = &s->tc_objects[n];
        o->queued = 0;
        if (o->p != NULL && o->tag != GH_LUA_VTABLE && o->names == 0) gh_tc_release(L, s, n, anchors);
    }
    s->tc_unnamed = 0;
}

// The save before a move by copies, of the table at index root; on GH_TC_SAVED the anchors
// table is on the stack's top.
static int gh_tc_save(lua_State *L, gh_snapshot *s, int root) {
    s->tc_valid = 0;
    if (lua_type(L, root) != LUA_TTABLE) return GH_TC_STREAM_ONCE;
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->tc_ref);
    int anchors = lua_gettop(L);
    const void *rp = lua_topointer(L, root);
    if (gh_tc_find(s, rp) < 0) {
        lua_pushvalue(L, root);
        gh_tc_add(L, s, rp, GH_LUA_VTABLE, anchors);
    }
    if (++s->tc_mark == 0) s->tc_mark = 1;
    s->tc_queued = 0;
    s->tc_copied = 0;
    gh_tc_reach(L, s, rp, 0, 0);
    double work = 0;
    for (int q = 0; q < s->tc_queued; q++) {
        int number = s->tc_queue[q];
        const gh_lua_table *t = (const gh_lua_table *)s->tc_objects[number].p;
        if (!gh_tc_same(&s->tc_objects[number], t) && gh_tc_recopy(L, s, number, anchors) != GH_TC_SAVED)
            return GH_TC_STREAM_ALWAYS;
        gh_tc_reach_fields(L, s, t, s->tc_objects[number].depth + 1, 0);
        work += 1 + (double)s->tc_objects[number].len / (4 * GH_BYTES_PER_STEP);
        if (work >= 64) {
            gh_charge(L, work);
            work = 0;
        }
    }
    gh_charge(L, work);
    gh_tc_sweep(L, s, anchors);
    s->tc_root = rp;
    s->tc_reached = s->tc_queued;
    s->tc_valid = 1;
    return GH_TC_SAVED;
}

// Whether the table at index root reaches exactly what the last save by copies saved.
static int gh_tc_unchanged(lua_State *L, gh_snapshot *s, int root) {
    if (!s->tc_valid || lua_type(L, root) != LUA_TTABLE || lua_topointer(L, root) != s->tc_root) return 0;
    if (++s->tc_mark == 0) s->tc_mark = 1;
    s->tc_queued = 0;
    gh_tc_reach(L, s, s->tc_root, 0, 1);
    for (int q = 0; q < s->tc_queued; q++) {
        int number = s->tc_queue[q];
        const gh_lua_table *t = (const gh_lua_table *)s->tc_objects[number].p;
        if (!gh_tc_same(&s->tc_objects[number], t) || !gh_tc_reach_fields(L, s, t, 0, 1)) return 0;
    }
    return s->tc_queued == s->tc_reached;
}

static void gh_attach_metatable(lua_State *L, int t);  // snapshot.h

// Clears every field of the table at index t (Lua allows clearing fields during a traversal).
static void gh_clear_fields(lua_State *L, int t) {
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
}

// Gives table object `number` its saved fields and metatable back.
static void gh_tc_restore_table(lua_State *L, gh_snapshot *s, int number, int anchors) {
    gh_tc_object *o = &s->tc_objects[number];
    lua_rawgeti(L, anchors, o->slot);
    int t = lua_gettop(L);
    if (!gh_tc_is(L, o->p)) luaL_error(L, "the saved state is damaged");
    gh_tc_header h;
    memcpy(&h, o->raw, sizeof h);
    const void *have = NULL;
    if (lua_getmetatable(L, t)) {
        have = lua_topointer(L, -1);
        lua_pop(L, 1);
    }
    if (have != h.metatable) {
        if (h.metatable == NULL) {
            lua_pushnil(L);
            lua_setmetatable(L, t);
        } else {
            gh_tc_push(L, s, GH_LUA_VTABLE, (const gh_lua_value *)&h.metatable, anchors);
            gh_attach_metatable(L, t);
        }
    }
    // Every field goes, then the saved ones come back: a key cleared keeps its node, so this
    // rarely allocates.
    gh_clear_fields(L, t);
    // (Setting fields may allocate, and run the collector: it frees nothing anchored.)
    const gh_lua_tvalue *array = (const gh_lua_tvalue *)(o->raw + sizeof h);
    const gh_lua_node *node = (const gh_lua_node *)(o->raw + sizeof h + (size_t)h.asize * sizeof(gh_lua_tvalue));
    for (unsigned int i = 0; i < h.asize; i++) {
        if (gh_lua_empty(array[i].tt_)) continue;
        gh_tc_push(L, s, array[i].tt_, &array[i].value_, anchors);
        lua_rawseti(L, t, (lua_Integer)i + 1);
    }
    for (size_t i = 0; i < ((size_t)1 << h.lsizenode); i++) {
        if (gh_lua_empty(node[i].tt_)) continue;
        gh_tc_push(L, s, node[i].key_tt, &node[i].key_val, anchors);
        gh_tc_push(L, s, node[i].tt_, &node[i].value_, anchors);
        lua_rawset(L, t);
    }
    lua_settop(L, t - 1);
}

// Restores every table the last save by copies reached whose memory is no longer its copy's;
// pushes the saved root. Each restored table is copied again as it now lies (the same fields),
// so that the next save and comparison find it unchanged.
static void gh_tc_restore(lua_State *L, gh_snapshot *s, int anchors) {
    if (!s->tc_valid) luaL_error(L, "no saved state to restore");
    for (int n = 0; n < s->tc_count; n++) {
        gh_tc_object *o = &s->tc_objects[n];
        if (o->p == NULL || o->tag != GH_LUA_VTABLE || o->len == 0) continue;
        const gh_lua_table *t = (const gh_lua_table *)o->p;
        if (gh_tc_same(o, t)) continue;
        gh_tc_restore_table(L, s, n, anchors);
        // The saved fields, perhaps in another layout: the copy reads them anew.
        if (!gh_tc_same(o, t)) gh_tc_copy(L, s, o, t);
    }
    int root = gh_tc_find(s, s->tc_root);
    if (root < 0) luaL_error(L, "the saved state is damaged");
    lua_rawgeti(L, anchors, s->tc_objects[root].slot);
}

static inline void gh_tc_free(gh_snapshot *s) {
    for (int n = 0; n < s->tc_count; n++) free(s->tc_objects[n].raw);
    free(s->tc_objects);
    free(s->tc_free_object_list);
    free(s->tc_free_slot_list);
    free(s->tc_unnamed_list);
    free(s->tc_index);
    free(s->tc_queue);
}

#endif
