/* The analysis search below the root: the exact twin of engine/agents/analysis.py's
 * PyMarginSearcher (same tree, same node counts, same values).
 *
 * Negamax alpha-beta on the final margin, in seeds, for the player to move: a finished game is
 * worth its store difference; at the horizon a position is worth its store difference plus
 * ``share`` of its row difference.  A transposition table (the table's best move searched
 * first, then moves that keep the turn) takes at most ``table_limit`` keys; a value whose
 * subtree met no horizon is stored with depth SOLVED and answers every later probe.  The
 * search stops (longjmp) once ``limit`` nodes are spent, or, checked every 4096 nodes, once the
 * wall-time guard ``deadline`` has passed. */
#ifndef MANCALA_MARGIN_H
#define MANCALA_MARGIN_H

#include <math.h>
#include <setjmp.h>
#include "clock.h"
#include "cutoff.h"
#include "rules.h"
#include "table.h"

#define SOLVED (1 << 20) /* engine/agents/analysis.py's SOLVED */
#define GUARD_EVERY 4096 /* nodes between two looks at the clock (a power of two) */
#define STOP_SPENT 1
#define STOP_MEMORY 2

typedef struct {
    Rules r;
    double share;
    Table table;
    long long table_limit, nodes, limit;
    double deadline; /* the wall-time guard, on the monotonic clock (time.perf_counter) */
    int horizon;     /* the current search met the horizon */
    int capped;      /* the guard stopped a search */
    jmp_buf stop;
} Margin;

/* A finished game's margin for ``player``: their store minus the opponent's. */
static inline double final_margin(const Margin *m, const u8 *b, int player) {
    double v = (double)(b[m->r.store0] - b[m->r.store1]);
    return player ? -v : v;
}

/* The horizon's estimate for ``player``: the store difference plus ``share`` of the row
 * difference (as the pure twin sums it). */
static inline double estimate_margin(const Margin *m, const u8 *b, int player) {
    const Rules *r = &m->r;
    int rows = row_sum(r, b, 0) - row_sum(r, b, 1);
    double v = (double)(b[r->store0] - b[r->store1]) + m->share * rows;
    return player ? -v : v;
}

static double margin_search(Margin *m, const u8 *node, int player, int depth, double alpha,
                            double beta) {
    const Rules *r = &m->r;
    if (++m->nodes >= m->limit) longjmp(m->stop, STOP_SPENT);
    if (!(m->nodes & (GUARD_EVERY - 1)) && monotonic() > m->deadline) {
        m->capped = 1;
        longjmp(m->stop, STOP_SPENT);
    }
    uint64_t key[3];
    make_key(key, node, r->size, player);
    Entry *e = table_find(&m->table, key);
    int first = -1;
    if (e) {
        first = e->move;
        if (entry_answers(e->depth, e->value, e->flag, depth, alpha, beta)) {
            if (e->depth < SOLVED) m->horizon = 1;
            return e->value;
        }
    }
    if (depth <= 0) {
        m->horizon = 1;
        return estimate_margin(m, node, player);
    }
    int outer = m->horizon;
    m->horizon = 0;
    int moves[MAX_PITS], nxts[MAX_PITS], order[MAX_PITS];
    u8 boards[MAX_PITS][MAX_SIZE];
    int count = gen_moves(r, node, player, moves);
    for (int k = 0; k < count; k++) {
        copy_board(boards[k], node);
        nxts[k] = apply_move(r, boards[k], player, moves[k]);
    }
    order_children(moves, nxts, count, first, player, order);
    double alpha0 = alpha, best = -INFINITY, value;
    int best_move = -1;
    for (int j = 0; j < count; j++) {
        int k = order[j], nxt = nxts[k];
        if (nxt < 0)
            value = final_margin(m, boards[k], player);
        else if (nxt == player)
            value = margin_search(m, boards[k], nxt, depth - 1, alpha, beta);
        else
            value = -margin_search(m, boards[k], nxt, depth - 1, -beta, -alpha);
        if (raise_best(value, moves[k], &best, &best_move, &alpha, beta)) break;
    }
    if (m->table.count < (size_t)m->table_limit || table_find(&m->table, key)) {
        int32_t stored = m->horizon ? depth : SOLVED;
        if (table_store(&m->table, key, stored, best, flag_of(best, alpha0, beta), best_move))
            longjmp(m->stop, STOP_MEMORY);
    }
    m->horizon = m->horizon || outer;
    return best;
}

#endif
