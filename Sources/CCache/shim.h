// What Swift cannot say about the memory cache: a prefetch, which asks for a cache line and
// goes on at once (a load would wait for it, and a word list's hash table is mostly misses).
#ifndef GAMEHOST_CCACHE_H
#define GAMEHOST_CCACHE_H

static inline void gh_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
