// The lists of small blocks a state keeps (pool.h): a block comes back for its class only, is
// always large enough for any size of its class, keeps its bytes when it moves, and the lists
// stay within their bound whatever a rule frees. Under AddressSanitizer they are off.
#include "harness.h"
#include <malloc.h>

static void off_under_address_sanitizer(void) {
    gh_pool pool;
    gh_pool_init(&pool);
    if (getenv("GH_ASAN")) {
        CHECK(pool.on == 0, "the lists are on under AddressSanitizer: a use after free would go unseen");
        void *a = gh_pool_take(&pool, 40);
        gh_pool_give(&pool, a, 40);
        CHECK(pool.bytes == 0 && pool.free[gh_pool_class(40)] == NULL, "a block was kept under AddressSanitizer");
    } else {
        CHECK(pool.on == 1, "the lists are off in a plain build");
    }
    gh_pool zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    void *b = gh_pool_take(&zeroed, 40);
    gh_pool_give(&zeroed, b, 40);
    CHECK(zeroed.bytes == 0, "a zeroed pool kept a block");
    gh_pool_drain(&pool);
}

static void classes(void) {
    gh_pool pool;
    gh_pool_init(&pool);
    if (!pool.on) return;
    CHECK(gh_pool_class_bytes(1) == 24 && gh_pool_class_bytes(24) == 24 && gh_pool_class_bytes(25) == 40 &&
              gh_pool_class_bytes(40) == 40 && gh_pool_class_bytes(41) == 56,
          "classes: %zu %zu %zu %zu %zu", gh_pool_class_bytes(1), gh_pool_class_bytes(24), gh_pool_class_bytes(25),
          gh_pool_class_bytes(40), gh_pool_class_bytes(41));
    CHECK(gh_pool_class_bytes(GH_POOL_LARGEST) == GH_POOL_LARGEST && gh_pool_class(GH_POOL_LARGEST) == GH_POOL_CLASSES - 1,
          "the largest class");
    for (size_t size = 1; size <= GH_POOL_LARGEST; size++) {
        void *p = gh_pool_take(&pool, size);
        // Every small block is the whole of its class, so any size of the class fits it later...
        CHECK(malloc_usable_size(p) >= gh_pool_class_bytes(size), "a block for %zu bytes holds %zu", size,
              malloc_usable_size(p));
        // ...and takes no more memory than the C library's own block for that size: a rule at
        // its memory cap holds what it held without the lists.
        void *plain = malloc(size);
        CHECK(malloc_usable_size(p) == malloc_usable_size(plain), "a block for %zu bytes holds %zu, malloc's %zu", size,
              malloc_usable_size(p), malloc_usable_size(plain));
        free(plain);
        gh_pool_give(&pool, p, size);
    }
    // A block comes back for a size of its class, not of another.
    void *a = gh_pool_take(&pool, 40);
    gh_pool_give(&pool, a, 40);
    void *other = gh_pool_take(&pool, 41);
    CHECK(other != a, "a 40-byte block was given for 41 bytes");
    gh_pool_give(&pool, other, 41);
    void *again = gh_pool_take(&pool, 25);
    CHECK(again == a, "the kept block of the 25-40 class was not reused");
    memset(again, 0x5a, 40);  // the whole class is the caller's
    gh_pool_give(&pool, again, 25);
    // The lists count what they hold, and a drain gives it all back.
    CHECK(pool.bytes >= 40, "the lists hold %zu bytes", pool.bytes);
    gh_pool_drain(&pool);
    CHECK(pool.bytes == 0, "a drained pool holds %zu bytes", pool.bytes);
    for (int c = 0; c < GH_POOL_CLASSES; c++) CHECK(pool.free[c] == NULL, "class %d kept a block", c);
}

static void bounded(void) {
    gh_pool pool;
    gh_pool_init(&pool);
    if (!pool.on) return;
    // Far more freed blocks than the bound: the lists keep at most GH_POOL_BYTES.
    enum { N = 20000 };
    void **blocks = malloc(N * sizeof *blocks);
    for (int i = 0; i < N; i++) blocks[i] = gh_pool_take(&pool, 8 + (size_t)(i % GH_POOL_LARGEST));
    for (int i = 0; i < N; i++) gh_pool_give(&pool, blocks[i], 8 + (size_t)(i % GH_POOL_LARGEST));
    CHECK(pool.bytes <= GH_POOL_BYTES && pool.bytes > GH_POOL_BYTES - GH_POOL_LARGEST, "the lists hold %zu bytes",
          pool.bytes);
    size_t counted = 0;
    for (int c = 0; c < GH_POOL_CLASSES; c++)
        for (void *b = pool.free[c]; b != NULL; memcpy(&b, b, sizeof b)) counted += gh_pool_bytes_of_class((size_t)c);
    CHECK(counted == pool.bytes, "the lists hold %zu bytes, counted %zu", counted, pool.bytes);
    // A large block never goes on a list.
    void *large = gh_pool_take(&pool, GH_POOL_LARGEST + 1);
    size_t before = pool.bytes;
    gh_pool_give(&pool, large, GH_POOL_LARGEST + 1);
    CHECK(pool.bytes == before, "a large block was kept");
    gh_pool_drain(&pool);
    free(blocks);
}

static int filled(const unsigned char *p, size_t n, unsigned char byte) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != byte) return 0;
    return 1;
}

static void resizing(void) {
    gh_pool pool;
    gh_pool_init(&pool);
    // Within a class the block stays; between classes, or to and from a large block, the bytes
    // move with it (as many as both sizes hold).
    unsigned char *p = gh_pool_take(&pool, 20);
    memset(p, 7, 20);
    unsigned char *same = gh_pool_resize(&pool, p, 20, 24);
    if (pool.on) CHECK(same == p, "a resize within the class moved the block");
    CHECK(same != NULL && filled(same, 20, 7), "a resize within the class lost its bytes");
    p = gh_pool_resize(&pool, same, 24, 100);
    CHECK(p != NULL && filled(p, 20, 7), "a small block grown lost its bytes");
    memset(p, 8, 100);
    p = gh_pool_resize(&pool, p, 100, 5000);
    CHECK(p != NULL && filled(p, 100, 8), "a block grown past the lists lost its bytes");
    memset(p, 9, 5000);
    p = gh_pool_resize(&pool, p, 5000, 6000);
    CHECK(p != NULL && filled(p, 5000, 9), "a large block grown lost its bytes");
    p = gh_pool_resize(&pool, p, 6000, 24);
    CHECK(p != NULL && filled(p, 24, 9), "a large block shrunk lost its bytes");
    if (pool.on) CHECK(malloc_usable_size(p) >= gh_pool_class_bytes(24), "a shrunk block is smaller than its class");
    p = gh_pool_resize(&pool, p, 24, 3);
    CHECK(p != NULL && filled(p, 3, 9), "a small block shrunk lost its bytes");
    gh_pool_give(&pool, p, 3);
    gh_pool_drain(&pool);
}

// A rule's state: its small blocks come back from the lists, the memory cap counts live
// blocks only (a table freed and made again fits a cap it fitted before), the lists stay
// within their bound, and closing the state gives them back.
static void in_a_state(void) {
    t_state *t = t_open(4 << 20);
    const char *churn =
        "local keep = {} "
        "for round = 1, 40 do "
        "  local t = {} for i = 1, 3000 do t[i] = { i, tostring(i) } end "
        "  keep[round % 2] = t "
        "end "
        "collectgarbage() return 'ok'";
    CHECK(t_call(t, churn, 0, 1, -1) == LUA_OK, "churning tables under a 4 MB cap: %s", t->error);
    lua_settop(t->L, 0);
    CHECK(t->lim->pool.bytes <= GH_POOL_BYTES, "the lists hold %zu bytes", t->lim->pool.bytes);
    if (t->lim->pool.on) CHECK(t->lim->pool.bytes > 0, "a state freed blocks and kept none");
    // A table larger than the cap still fails, as before: the lists give no room beyond it.
    CHECK(t_call(t, "local t = {} for i = 1, 1e6 do t[i] = { i } end", 0, 0, -1) == LUA_ERRMEM,
          "a table past the cap: status %d %s", t->status, t->error);
    gh_limits *lim = t->lim;
    gh_closestate(lim, t->L);
    CHECK(lim->pool.bytes == 0, "a closed state kept %zu bytes in its lists", lim->pool.bytes);
    for (int c = 0; c < GH_POOL_CLASSES; c++) CHECK(lim->pool.free[c] == NULL, "a closed state kept class %d", c);
    pthread_mutex_destroy(&lim->running_lock);
    free(lim);
    free(t);
}

int main(void) {
    off_under_address_sanitizer();
    classes();
    bounded();
    resizing();
    in_a_state();
    return t_report("test_pool");
}
