// Snapshots for all-or-nothing moves: a deep copy of a rule's state, made in C because it runs
// before every move and its cost is the cost of a step late in a long game.
#ifndef GAMEHOST_CLUA_SNAPSHOT_H
#define GAMEHOST_CLUA_SNAPSHOT_H

#include "budget.h"

#define GH_COPY_DEPTH_LIMIT 200

// Pushes a copy of the value at absolute index v: tables deeply, keeping sharing and cycles
// (`seen`, at absolute index `seen`, maps each original table to its copy) and sharing
// metatables; userdata through `copy_object` (absolute index) when it is a function; anything
// else as it is. Each table and field is charged a step, so a huge state spends the budget.
static void gh_copy_value(lua_State *L, int v, int seen, int copy_object, int depth) {
    int type = lua_type(L, v);
    if (type == LUA_TUSERDATA && lua_type(L, copy_object) == LUA_TFUNCTION) {
        lua_pushvalue(L, v);
        if (lua_rawget(L, seen) != LUA_TNIL) return;
        lua_pop(L, 1);
        lua_pushvalue(L, copy_object);
        lua_pushvalue(L, v);
        lua_call(L, 1, 1);
        lua_pushvalue(L, v);
        lua_pushvalue(L, -2);
        lua_rawset(L, seen);
        return;
    }
    if (type != LUA_TTABLE) {
        lua_pushvalue(L, v);
        return;
    }
    lua_pushvalue(L, v);
    if (lua_rawget(L, seen) != LUA_TNIL) return;  // copied already: the same copy again
    lua_pop(L, 1);
    if (depth >= GH_COPY_DEPTH_LIMIT) luaL_error(L, "tables nested more than %d deep cannot be copied", GH_COPY_DEPTH_LIMIT);
    luaL_checkstack(L, 8, "tables nested too deep to copy");
    lua_createtable(L, (int)lua_rawlen(L, v), 0);
    int c = lua_gettop(L);
    lua_pushvalue(L, v);
    lua_pushvalue(L, c);
    lua_rawset(L, seen);
    int fields = 0;
    lua_pushnil(L);
    while (lua_next(L, v) != 0) {
        int k = lua_gettop(L) - 1;
        gh_copy_value(L, k, seen, copy_object, depth + 1);
        gh_copy_value(L, k + 1, seen, copy_object, depth + 1);
        lua_rawset(L, c);
        lua_pop(L, 1);
        if (++fields == 64) {
            gh_charge(L, 64);
            fields = 0;
        }
    }
    gh_charge(L, fields + 1);
    if (lua_getmetatable(L, v)) lua_setmetatable(L, c);
}

// The snapshot function: copy(value), with upvalue 1 the host's copier of userdata objects.
static inline int gh_deep_copy(lua_State *L) {
    lua_settop(L, 1);
    lua_newtable(L);  // 2: seen
    lua_pushvalue(L, lua_upvalueindex(1));  // 3: copy_object
    gh_copy_value(L, 1, 2, 3, 0);
    return 1;
}

static inline void gh_push_deep_copy(lua_State *L) {
    lua_pushcclosure(L, gh_deep_copy, 1);  // the copier of userdata is on top
}

#endif
