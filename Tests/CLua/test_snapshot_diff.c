// Differential test of the snapshot: thousands of random states and random moves (from
// snapshot_diff.lua, seeded). For each: save, move, restore, save again; the two saves' bytes
// are the same, a plain-Lua dump of the state is the same before and after, `unchanged` agrees
// with the dumps, and no finalizer ever runs, even at lua_close. The saves before a move (in
// order) are by table copies (tablecopy.h): they are also made after a move kept.
#include "snapshot_util.h"

static int finalizer_runs = 0;

static int gcmark(lua_State *L) {
    (void)L;
    finalizer_runs++;
    return 0;
}

int main(void) {
    int cases = getenv("GH_ASAN") ? 1000 : 2500;
    int per_state = 25;  // moves tried on one state before a fresh one
    int refused = 0, changed = 0, same = 0, copied = 0;
    for (int base = 1; base <= cases; base += per_state) {
        t_state *t = t_open(256 << 20);
        t_install_dump(t);
        t_snap sn = t_snap_open(t, 64 << 20);
        if (luaL_loadfile(t->L, "snapshot_diff.lua") != LUA_OK) {
            fprintf(stderr, "%s\n", lua_tostring(t->L, -1));
            return 2;
        }
        lua_pushcfunction(t->L, gcmark);
        lua_call(t->L, 1, 0);
        for (int c = base; c < base + per_state && c <= cases; c++) {
            char code[128];
            snprintf(code, sizeof code, "build(%d)", c);
            CHECK(t_host(t, code) == LUA_OK, "case %d: %s", c, t->error);
            lua_getglobal(t->L, "state");
            lua_setglobal(t->L, "root");
            for (int m = 0; m < 3; m++) {
                char *before = t_dump(t, "state");
                if (t_save(t, &sn, "state") != LUA_OK) {
                    CHECK(0, "case %d: save: %s", c, t->error);
                    free(before);
                    break;
                }
                size_t n1, n2;
                unsigned char *b1 = t_bytes(&sn, &n1);
                CHECK(t_unchanged(t, &sn, "state") == 1, "case %d: unchanged right after saving", c);
                snprintf(code, sizeof code, "move(%d)", c * 7 + m);
                if (t_call(t, code, 0, 0, 1LL << 40) != LUA_OK) refused++;
                char *mid = t_dump(t, "state");
                int equal = strcmp(before, mid) == 0;
                int unchanged = t_unchanged(t, &sn, "state");
                CHECK(unchanged == equal, "case %d.%d: unchanged says %d, the dumps %s\n%s\n---\n%s", c, m, unchanged,
                      equal ? "agree" : "differ", before, mid);
                if (equal) same++;
                else changed++;
                CHECK(t_restore(t, &sn, "state") == LUA_OK, "case %d: restore: %s", c, t->error);
                char *after = t_dump(t, "state");
                CHECK(strcmp(before, after) == 0, "case %d.%d: restored state differs\n%s\n---\n%s", c, m, before, after);
                CHECK(t_host(t, "assert(rawequal(state, root))") == LUA_OK, "case %d: the root changed", c);
                CHECK(t_unchanged(t, &sn, "state") == 1, "case %d.%d: unchanged after restoring", c, m);
                // The same move again, saved as before a move (each table's fields in the order
                // it holds them): "unchanged" is only ever said of an unchanged state, and the
                // restore gives the state back as exactly.
                CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "case %d: save in order: %s", c, t->error);
                CHECK(sn.s->tc_valid, "case %d.%d: not saved by copies", c, m);
                copied += sn.s->tc_valid;
                CHECK(t_unchanged(t, &sn, "state") == 1, "case %d: unchanged right after saving in order", c);
                if (t_call(t, code, 0, 0, 1LL << 40) != LUA_OK) refused++;
                char *mid2 = t_dump(t, "state");
                int unchanged2 = t_unchanged(t, &sn, "state");
                CHECK(!unchanged2 || strcmp(before, mid2) == 0, "case %d.%d: unchanged after a change, saved in order\n%s\n---\n%s",
                      c, m, before, mid2);
                CHECK(t_restore(t, &sn, "state") == LUA_OK, "case %d: restore in order: %s", c, t->error);
                char *after2 = t_dump(t, "state");
                CHECK(strcmp(before, after2) == 0, "case %d.%d: restored in order, the state differs\n%s\n---\n%s", c, m, before,
                      after2);
                CHECK(t_host(t, "assert(rawequal(state, root))") == LUA_OK, "case %d: the root changed in order", c);
                free(mid2);
                free(after2);
                CHECK(t_save(t, &sn, "state") == LUA_OK, "case %d: save again: %s", c, t->error);
                unsigned char *b2 = t_bytes(&sn, &n2);
                CHECK(n1 == n2 && memcmp(b1, b2, n1) == 0, "case %d.%d: the bytes differ after restoring", c, m);
                free(b1);
                free(b2);
                // A move kept, then the next saved as before a move, refused or not: the saves
                // by copies keep what the last one saved, and find what the kept move changed.
                snprintf(code, sizeof code, "move(%d)", c * 11 + m);
                t_call(t, code, 0, 0, 1LL << 40);
                char *kept = t_dump(t, "state");
                CHECK(t_save_in_order(t, &sn, "state") == LUA_OK, "case %d: save after a kept move: %s", c, t->error);
                CHECK(sn.s->tc_valid, "case %d.%d: a kept move not saved by copies", c, m);
                CHECK(t_unchanged(t, &sn, "state") == 1, "case %d.%d: unchanged right after saving a kept move", c, m);
                snprintf(code, sizeof code, "move(%d)", c * 13 + m);
                if (t_call(t, code, 0, 0, 1LL << 40) != LUA_OK) refused++;
                char *mid3 = t_dump(t, "state");
                int unchanged3 = t_unchanged(t, &sn, "state");
                CHECK(!unchanged3 || strcmp(kept, mid3) == 0, "case %d.%d: unchanged after a change to a kept move\n%s\n---\n%s", c,
                      m, kept, mid3);
                CHECK(t_restore(t, &sn, "state") == LUA_OK, "case %d: restore after a kept move: %s", c, t->error);
                char *after3 = t_dump(t, "state");
                CHECK(strcmp(kept, after3) == 0, "case %d.%d: restored after a kept move, the state differs\n%s\n---\n%s", c, m,
                      kept, after3);
                CHECK(t_host(t, "assert(rawequal(state, root))") == LUA_OK, "case %d: the root changed after a kept move", c);
                free(kept);
                free(mid3);
                free(after3);
                free(before);
                free(mid);
                free(after);
                if (t_failures > 20) return t_report("snapshot differential");
            }
        }
        t_snap_close(t, &sn);
        t_close(t);
        CHECK(finalizer_runs == 0, "a finalizer ran %d times", finalizer_runs);
    }
    fprintf(stderr, "%d moves changed the state, %d left it as it was, %d were refused midway; %d saved by copies\n", changed,
            same, refused, copied);
    CHECK(changed > cases, "too few moves changed anything");
    CHECK(copied >= cases, "too few saves by copies");
    return t_report("snapshot differential");
}
