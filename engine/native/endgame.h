/* Kalah endgame tables' index: the rank of a store-less view (engine/solver/table.py's rank).
 *
 * A view is the mover's pits then the opponent's; views are ranked by seed count, then
 * lexicographically, so the table for N seeds is a prefix of the table for N + 1.  Shared by
 * the solver (_solve.c) and the searches that read a table at their leaves (search.h, mcts.h). */
#ifndef MANCALA_ENDGAME_H
#define MANCALA_ENDGAME_H

#include <stdint.h>

#define ENDGAME_MAX_SEEDS 64 /* the largest seed count a table may hold */
#define ENDGAME_MAX_PITS 16  /* pits of a view (both rows) */

static uint64_t endgame_binom[ENDGAME_MAX_SEEDS + ENDGAME_MAX_PITS + 2][ENDGAME_MAX_PITS + 1];

static void endgame_init(void) {
    for (int n = 0; n < ENDGAME_MAX_SEEDS + ENDGAME_MAX_PITS + 2; n++) {
        endgame_binom[n][0] = 1;
        for (int k = 1; k <= ENDGAME_MAX_PITS; k++)
            endgame_binom[n][k] =
                n == 0 ? 0 : endgame_binom[n - 1][k - 1] + endgame_binom[n - 1][k];
    }
}

/* Views of m pits holding at most s seeds: C(s + m, m). */
static inline uint64_t endgame_count(int s, int m) {
    return s < 0 ? 0 : endgame_binom[s + m][m];
}

/* The index of view b (m pits, s seeds) in a table. */
static inline uint64_t endgame_rank(const uint8_t *b, int m, int s) {
    uint64_t r = endgame_count(s - 1, m);
    int rem = s;
    for (int i = 0; i < m - 1 && rem; i++) {
        int k = m - 1 - i, a = b[i];
        r += endgame_binom[rem + k][k] - endgame_binom[rem - a + k][k];
        rem -= a;
    }
    return r;
}

/* The final margin of a Kalah board (the core's layout: player 0's pits, their store, player
 * 1's pits, their store) for ``player`` to move, both sides playing perfectly, from a table of
 * every view of up to ``most`` seeds: 1 and *margin set, or 0 if the pits hold more seeds. */
static inline int endgame_margin(const int8_t *table, int most, const uint8_t *b, int pits,
                                 int player, int *margin) {
    int own = (pits + 1) * player, other = (pits + 1) * (1 - player), seeds = 0;
    uint8_t v[ENDGAME_MAX_PITS];
    if (2 * pits > ENDGAME_MAX_PITS) return 0;
    for (int i = 0; i < pits; i++) {
        v[i] = b[own + i];
        v[pits + i] = b[other + i];
        seeds += v[i] + v[pits + i];
    }
    if (seeds > most) return 0;
    *margin = b[own + pits] - b[other + pits] + table[endgame_rank(v, 2 * pits, seeds)];
    return 1;
}

#endif
