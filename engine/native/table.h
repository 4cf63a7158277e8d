/* The transposition table: (board, player to move) -> (depth, value, bound flag, best move).
 * It behaves as a Python dict does in the pure search (every store replaces the entry for its
 * key, nothing is ever evicted, ``count`` is its length, no new key once it is full), so both
 * cores search the same tree. */
#ifndef MANCALA_TABLE_H
#define MANCALA_TABLE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* The most entries a table holds (4M slots of 40 bytes: 160 MB): one iteration of a long search
 * on a big board stops adding keys there (engine/agents/alphabeta.py's TABLE_MAX_ENTRIES). */
#define TABLE_MAX_ENTRIES (3u << 20)

typedef struct {
    uint64_t key[3]; /* board bytes then the player, zero-padded; key[2] bit 63 marks use */
    double value;
    int32_t depth;
    int8_t flag, move;
} Entry;

typedef struct {
    Entry *slots;
    size_t cap, count;
    size_t max_entries; /* the most entries it takes (0: TABLE_MAX_ENTRIES) */
} Table;

static inline void make_key(uint64_t key[3], const u8 *b, int size, int player) {
    u8 buf[24] = {0};
    memcpy(buf, b, (size_t)size);
    buf[size] = (u8)(player + 1);
    memcpy(key, buf, 24);
    key[2] |= (uint64_t)1 << 63;
}

static inline size_t key_hash(const uint64_t key[3]) {
    uint64_t h = key[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (key[1] + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
    h ^= (key[2] + (h >> 29)) * 0x94D049BB133111EBULL;
    return (size_t)(h ^ (h >> 32));
}

static inline Entry *table_find(const Table *t, const uint64_t key[3]) {
    if (!t->cap) return NULL;
    size_t mask = t->cap - 1, i = key_hash(key) & mask;
    for (;;) {
        Entry *e = &t->slots[i];
        if (!e->key[2]) return NULL;
        if (e->key[0] == key[0] && e->key[1] == key[1] && e->key[2] == key[2]) return e;
        i = (i + 1) & mask;
    }
}

static int table_grow(Table *t) {
    size_t cap = t->cap ? 2 * t->cap : 1 << 16;
    Entry *slots = calloc(cap, sizeof(Entry));
    if (!slots) return -1;
    for (size_t j = 0; j < t->cap; j++) {
        Entry *e = &t->slots[j];
        if (!e->key[2]) continue;
        size_t i = key_hash(e->key) & (cap - 1);
        while (slots[i].key[2]) i = (i + 1) & (cap - 1);
        slots[i] = *e;
    }
    free(t->slots);
    t->slots = slots;
    t->cap = cap;
    return 0;
}

/* Store (or replace) the entry for ``key``; -1 when out of memory.  A full table (its max_entries,
 * else TABLE_MAX_ENTRIES) still replaces entries but takes no new key, as the pure search's dict
 * does. */
static inline int table_store(Table *t, const uint64_t key[3], int32_t depth, double value,
                              int flag, int move) {
    Entry *e = table_find(t, key);
    if (!e) {
        if (t->count >= (t->max_entries ? t->max_entries : TABLE_MAX_ENTRIES)) return 0;
        if (4 * (t->count + 1) > 3 * t->cap && table_grow(t)) return -1;
        size_t mask = t->cap - 1, i = key_hash(key) & mask;
        while (t->slots[i].key[2]) i = (i + 1) & mask;
        e = &t->slots[i];
        memcpy(e->key, key, sizeof(e->key));
        t->count++;
    }
    e->depth = depth;
    e->value = value;
    e->flag = (int8_t)flag;
    e->move = (int8_t)move;
    return 0;
}

static void table_clear(Table *t) {
    if (t->slots) memset(t->slots, 0, t->cap * sizeof(Entry));
    t->count = 0;
}

static void table_free(Table *t) {
    free(t->slots);
    t->slots = NULL;
    t->cap = t->count = 0;
}

#endif
