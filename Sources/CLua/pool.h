// Small blocks a Lua state freed, kept for its next allocations of the same size.
//
// A game's state makes and drops some 100 small blocks a game of Rock · Paper · Scissors
// (tables, strings, closures), most of them freed together by a collection. The C library's
// per-thread cache holds only 7 blocks of a size, so most of those frees and the allocations
// after them take its slow paths: some 150 instructions a block, an eighth of a simulated game.
// A list per size class makes each one a few instructions. The classes are the sizes the C
// library's blocks have anyway (glibc adds 8 bytes to a request and rounds to 16, so 24, 40,
// 56, ... bytes): a block taken for its class holds no more memory than `malloc(size)` would.
//
// The rules that keep it safe:
// - A block taken for a small size is always the whole of its class (`gh_pool_class_bytes`),
//   so any block on a class's list holds any size of that class. A block may be larger than
//   its class (a shrink that kept its block), never smaller.
// - What the lists hold is bounded by GH_POOL_BYTES a state, whatever the rule does; past it,
//   blocks go back to the C library. The rule's memory cap and the shared account count live
//   blocks only, as before: a block on a list is no rule's.
// - Only the thread running the state uses it (as every allocation of the state).
// - In a program AddressSanitizer runs in, there are no lists, so a use after free is still
//   found. Its runtime is linked into the program, so a weak reference to it says so, however
//   the code that includes this header was compiled (as for ThreadSanitizer in budget.h).
#ifndef GAMEHOST_CLUA_POOL_H
#define GAMEHOST_CLUA_POOL_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define GH_POOL_GRAIN 16                                 // bytes between two classes
#define GH_POOL_SMALLEST 24                              // the first class's blocks
#define GH_POOL_CLASSES 32                               // so blocks of up to 520 bytes
#define GH_POOL_LARGEST (GH_POOL_SMALLEST + GH_POOL_GRAIN * (GH_POOL_CLASSES - 1))
#define GH_POOL_BYTES (64 << 10)                         // the most a state's lists hold

typedef struct gh_pool {
    void *free[GH_POOL_CLASSES];  // each class's blocks, linked through their first word
    size_t bytes;                 // what the lists hold
    int on;                       // 0: every block comes from and goes back to the C library
} gh_pool;

extern void __asan_init(void) __attribute__((weak));

// Turns the lists on, unless AddressSanitizer runs. A zeroed pool has them off.
static inline void gh_pool_init(gh_pool *pool) {
    memset(pool, 0, sizeof *pool);
    pool->on = &__asan_init == NULL;
}

// The class of a size from 1 to GH_POOL_LARGEST, and the bytes of a class's blocks.
static inline size_t gh_pool_class(size_t size) {
    return size <= GH_POOL_SMALLEST ? 0 : (size - GH_POOL_SMALLEST + GH_POOL_GRAIN - 1) / GH_POOL_GRAIN;
}
static inline size_t gh_pool_bytes_of_class(size_t c) { return GH_POOL_SMALLEST + c * GH_POOL_GRAIN; }
static inline size_t gh_pool_class_bytes(size_t size) { return gh_pool_bytes_of_class(gh_pool_class(size)); }

// A block of at least `size` (> 0) bytes, or NULL.
static inline void *gh_pool_take(gh_pool *pool, size_t size) {
    if (!pool->on || size > GH_POOL_LARGEST) return malloc(size);
    size_t c = gh_pool_class(size);
    void *block = pool->free[c];
    if (block == NULL) return malloc(gh_pool_bytes_of_class(c));
    memcpy(&pool->free[c], block, sizeof(void *));
    pool->bytes -= gh_pool_bytes_of_class(c);
    return block;
}

// Gives back a block taken for `size` bytes.
static inline void gh_pool_give(gh_pool *pool, void *block, size_t size) {
    if (!pool->on || size > GH_POOL_LARGEST || pool->bytes + GH_POOL_LARGEST > GH_POOL_BYTES) {
        free(block);
        return;
    }
    size_t c = gh_pool_class(size);
    memcpy(block, &pool->free[c], sizeof(void *));
    pool->free[c] = block;
    pool->bytes += gh_pool_bytes_of_class(c);
}

// The block taken for `old` bytes, now holding `size` (> 0): the same block while it is large
// enough for `size`'s class, else a new one with the old bytes. NULL (the old block untouched)
// when no memory could be had.
static inline void *gh_pool_resize(gh_pool *pool, void *block, size_t old, size_t size) {
    if (!pool->on || (old > GH_POOL_LARGEST && size > GH_POOL_LARGEST)) return realloc(block, size);
    if (old <= GH_POOL_LARGEST && size <= GH_POOL_LARGEST && gh_pool_class(old) == gh_pool_class(size)) return block;
    void *moved = gh_pool_take(pool, size);
    if (moved == NULL) {
        // A shrink keeps its block: being larger than its new class is safe.
        return size < old ? block : NULL;
    }
    memcpy(moved, block, old < size ? old : size);
    gh_pool_give(pool, block, old);
    return moved;
}

// Gives every kept block back to the C library.
static inline void gh_pool_drain(gh_pool *pool) {
    for (int c = 0; c < GH_POOL_CLASSES; c++) {
        void *block = pool->free[c];
        while (block != NULL) {
            void *next;
            memcpy(&next, block, sizeof next);
            free(block);
            block = next;
        }
        pool->free[c] = NULL;
    }
    pool->bytes = 0;
}

#endif
