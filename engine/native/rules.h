/* Move generation for the board-only rule families the native core knows (Kalah with every
 * option, Oware with every grand-slam rule), on bare byte boards in the canonical layout.
 * Each function states the rule it implements; engine/variants/ is the reference and
 * tests/engine/test_native*.py check these against it.  Oware's repetition rule needs history
 * and is not applied here (as in the pure kernels); perft tracks it itself. */
#ifndef MANCALA_RULES_H
#define MANCALA_RULES_H

#include <stdint.h>
#include <string.h>

#define MAX_PITS 8
#define MAX_SIZE (2 * MAX_PITS + 2)
#define FAMILY_KALAH 0
#define FAMILY_OWARE 1
#define GS_NO_CAPTURE 0
#define GS_ILLEGAL 1
#define GS_CAPTURE_ALL 2

typedef unsigned char u8;

/* Every board is a buffer of MAX_SIZE bytes (those past the rule set's size unused): a row of
 * up to MAX_PITS pits, starting at index 0 or pits + 1 <= MAX_PITS + 1, is then one 8-byte
 * load inside the buffer.  Copy boards whole with copy_board. */
#if MAX_PITS > 8 || MAX_PITS + 1 + 8 > MAX_SIZE
#error "a row must fit one 8-byte load inside a board buffer"
#endif

typedef struct {
    int family, pits, size, total, store0, store1;
    int capture, empty_capture, end_either, leftovers_owner; /* Kalah options */
    int grand_slam;                                          /* Oware option */
    u8 next[2][MAX_SIZE]; /* Kalah: the index after i when player p sows (own store, never
                             the opponent's); Oware: the house after i (both stores skipped) */
    uint64_t row_mask;    /* the bytes of a row's 8-byte load that are its pits */
} Rules;

static int rules_init(Rules *r, int family, int pits, int seeds, const int *flags, int nflags) {
    if (pits < 1 || pits > MAX_PITS) return -1;
    r->family = family;
    r->pits = pits;
    r->size = 2 * pits + 2;
    r->total = 2 * pits * seeds;
    r->store0 = pits;
    r->store1 = 2 * pits + 1;
    r->capture = r->empty_capture = r->end_either = r->leftovers_owner = 0;
    r->grand_slam = 0;
    if (family == FAMILY_KALAH) {
        if (nflags != 4) return -1;
        r->capture = flags[0];
        r->empty_capture = flags[1];
        r->end_either = flags[2];
        r->leftovers_owner = flags[3];
        for (int p = 0; p < 2; p++) {
            int skip = p ? r->store0 : r->store1;
            for (int i = 0; i < r->size; i++) {
                int j = (i + 1) % r->size;
                if (j == skip) j = (j + 1) % r->size;
                r->next[p][i] = (u8)j;
            }
        }
    } else if (family == FAMILY_OWARE) {
        if (nflags != 1 || pits != 6 || flags[0] < 0 || flags[0] > 2) return -1;
        r->grand_slam = flags[0];
        for (int i = 0; i < r->size; i++) {
            int j = (i == 5 || i == 12) ? (i + 2) % 14 : (i + 1) % 14;
            r->next[0][i] = r->next[1][i] = (u8)j;
        }
    } else {
        return -1;
    }
    if (r->total > 255) return -1;
    u8 mask[8] = {0};
    memset(mask, 0xff, (size_t)pits);
    memcpy(&r->row_mask, mask, 8); /* byte order as the loads in row_bits see it */
    return 0;
}

/* A board buffer's copy (all MAX_SIZE bytes: a fixed size the compiler copies inline). */
static inline void copy_board(u8 *to, const u8 *from) { memcpy(to, from, MAX_SIZE); }

/* ``player``'s row as one word, a byte a pit (the bytes past the row cleared): zero if and
 * only if the row is empty. */
static inline uint64_t row_bits(const Rules *r, const u8 *b, int player) {
    uint64_t w;
    memcpy(&w, b + (r->pits + 1) * player, 8);
    return w & r->row_mask;
}

/* The seeds on ``player``'s row: multiplying by 0x0101...01 adds the bytes into the top one,
 * without carries since a game holds at most 255 seeds (rules_init checks it). */
static inline int row_sum(const Rules *r, const u8 *b, int player) {
    return (int)((row_bits(r, b, player) * 0x0101010101010101ULL) >> 56);
}

/* Each player banks the seeds left on their own row. */
static inline void bank_rows(const Rules *r, u8 *b) {
    int n = r->pits;
    for (int i = 0; i < n; i++) {
        b[n] += b[i];
        b[i] = 0;
        b[2 * n + 1] += b[n + 1 + i];
        b[n + 1 + i] = 0;
    }
}

/* Oware: sow from the mover's house, one seed a house, skipping the origin on later laps;
 * returns the index of the last seed. */
static inline int oware_sow(const Rules *r, u8 *b, int origin) {
    int seeds = b[origin], i = origin;
    b[origin] = 0;
    while (seeds) {
        i = r->next[0][i];
        if (i == origin) continue;
        b[i]++;
        seeds--;
    }
    return i;
}

/* Oware: the unbroken run of 2s and 3s ending at ``last`` on the row starting at ``first``;
 * returns the first index of the run (``last + 1`` when there is none) and its seeds. */
static inline int oware_run(const u8 *b, int first, int last, int *taken) {
    int i = last;
    *taken = 0;
    if (last < first || last >= first + 6) return last + 1;
    while (i >= first && (b[i] == 2 || b[i] == 3)) {
        *taken += b[i];
        i--;
    }
    return i + 1;
}

static inline int oware_would_grand_slam(const Rules *r, const u8 *board, int player, int pit) {
    u8 b[MAX_SIZE];
    copy_board(b, board);
    int last = oware_sow(r, b, 7 * player + pit), first = 7 - 7 * player, taken;
    int start = oware_run(b, first, last, &taken);
    return start <= last && taken == row_sum(r, b, 1 - player);
}

/* Oware's legal moves, ascending, into ``moves``; returns how many: non-empty houses; only
 * moves that reach the opponent when their row is empty; with grand_slam=illegal, no move
 * capturing all their seeds unless every move would. */
static int oware_moves(const Rules *r, const u8 *b, int player, int *moves) {
    int base = 7 * player, count = 0;
    int starving = row_sum(r, b, 1 - player) == 0;
    for (int i = 0; i < 6; i++) {
        int s = b[base + i];
        if (s && (!starving || s >= 6 - i)) moves[count++] = i;
    }
    if (r->grand_slam == GS_ILLEGAL && count) {
        int allowed[MAX_PITS], k = 0;
        for (int j = 0; j < count; j++)
            if (!oware_would_grand_slam(r, b, player, moves[j])) allowed[k++] = moves[j];
        if (k) {
            memcpy(moves, allowed, sizeof(int) * (size_t)k);
            count = k;
        }
    }
    return count;
}

/* Legal moves, ascending, into ``moves``; returns how many.  Kalah: every non-empty pit
 * (written without a branch a pit); Oware: see oware_moves. */
static inline int gen_moves(const Rules *r, const u8 *b, int player, int *moves) {
    if (r->family != FAMILY_KALAH) return oware_moves(r, b, player, moves);
    int base = (r->pits + 1) * player, count = 0;
    for (int i = 0; i < r->pits; i++) {
        moves[count] = i;
        count += b[base + i] != 0;
    }
    return count;
}

static inline int has_move(const Rules *r, const u8 *b, int player) {
    int moves[MAX_PITS];
    return gen_moves(r, b, player, moves) > 0;
}

/* Kalah: sow (own store, never the opponent's); last seed in an own empty pit captures it and
 * the pit opposite (if that holds seeds, or always with empty_capture); last seed in the own
 * store moves again; the game ends when either row is empty (or, with end=mover_cannot_move,
 * when the next mover has no seeds) and each banks their row (unless leftovers=none). */
static inline int kalah_apply(const Rules *r, u8 *b, int player, int pit) {
    int n = r->pits, own = (n + 1) * player, i = own + pit, seeds = b[i];
    const u8 *next = r->next[player];
    b[i] = 0;
    while (seeds--) {
        i = next[i];
        b[i]++;
    }
    int store = player ? r->store1 : r->store0;
    if (r->capture && b[i] == 1 && (unsigned)(i - own) < (unsigned)n) { /* an own pit */
        int across = 2 * n - i;
        if (b[across] || r->empty_capture) {
            b[store] += b[across] + 1;
            b[across] = 0;
            b[i] = 0;
        }
    }
    int nxt = i == store ? player : 1 - player;
    /* Not over: the next mover's row holds seeds (and so does the other, with end_either). */
    if (row_bits(r, b, nxt) && !(r->end_either && !row_bits(r, b, 1 - nxt))) return nxt;
    if (r->leftovers_owner) bank_rows(r, b);
    return -1;
}

/* Oware: sow, capture the run of 2s and 3s ending at the last seed on the opponent's row
 * (nothing if that takes all their seeds, unless grand_slam=capture_all); the game ends when
 * a player has more than half the seeds; passing: the next player moves if they can, else the
 * mover, else the game ends; at the end each banks their own row. */
static int oware_apply(const Rules *r, u8 *b, int player, int pit) {
    int last = oware_sow(r, b, 7 * player + pit), first = 7 - 7 * player, store = 7 * player + 6;
    if (b[last] == 2 || b[last] == 3) {
        int taken, start = oware_run(b, first, last, &taken);
        if (start <= last &&
            !(r->grand_slam != GS_CAPTURE_ALL && taken == row_sum(r, b, 1 - player))) {
            b[store] += (u8)taken;
            for (int k = start; k <= last; k++) b[k] = 0;
        }
    }
    int half = r->total / 2, nxt = 1 - player;
    if (!(b[6] > half || b[13] > half)) {
        if (has_move(r, b, nxt)) return nxt;
        if (has_move(r, b, player)) return player;
    }
    bank_rows(r, b);
    return -1;
}

/* Play a legal move on ``b`` in place; returns who moves next, -1 once the game is over. */
static inline int apply_move(const Rules *r, u8 *b, int player, int pit) {
    return r->family == FAMILY_KALAH ? kalah_apply(r, b, player, pit) : oware_apply(r, b, player, pit);
}

#endif
