/* What the native alpha-betas share (the minimax search, search.h; the analysis search,
 * margin.h): the table flags, the order children are searched in, and the step that keeps the
 * best child, raises the bound and cuts.  Their pure twins share the same pieces in
 * engine/agents/nodes.py. */
#ifndef MANCALA_CUTOFF_H
#define MANCALA_CUTOFF_H

#include "rules.h"

/* A table entry's flag: its value is exact, at least (failed high) or at most (failed low). */
#define EXACT 0
#define LOWER 1
#define UPPER 2

/* The flag of a value ``best`` searched in the window (alpha, beta). */
static inline int flag_of(double best, double alpha, double beta) {
    return best <= alpha ? UPPER : best >= beta ? LOWER : EXACT;
}

/* Whether a table entry (depth, value, flag) settles a probe ``depth`` plies deep in
 * (alpha, beta): searched at least as deep, and exact or a bound outside the window. */
static inline int entry_answers(int32_t e_depth, double value, int flag, int depth, double alpha,
                                double beta) {
    return e_depth >= depth && (flag == EXACT || (flag == LOWER && value >= beta) ||
                                (flag == UPPER && value <= alpha));
}

/* The indices of ``count`` children into ``order``: the table's best move ``first``, then
 * moves that keep the turn (``nxts[k] == player``), then the rest, each group in pit order. */
static inline void order_children(const int *moves, const int *nxts, int count, int first,
                                  int player, int *order) {
    int m = 0;
    for (int k = 0; k < count; k++)
        if (moves[k] == first) order[m++] = k;
    for (int k = 0; k < count; k++)
        if (moves[k] != first && nxts[k] == player) order[m++] = k;
    for (int k = 0; k < count; k++)
        if (moves[k] != first && nxts[k] != player) order[m++] = k;
}

/* One child's ``value`` (for the side that maximises): keep it if it beats ``best``, raise
 * ``alpha`` with it; returns 1 when the window closed (a cut: skip the other children). */
static inline int raise_best(double value, int move, double *best, int *best_move, double *alpha,
                             double beta) {
    if (value > *best) {
        *best = value;
        *best_move = move;
        if (value > *alpha) {
            *alpha = value;
            return *alpha >= beta;
        }
    }
    return 0;
}

/* The same for the side that minimises (``value`` lowers ``best`` and ``beta``): raise_best on
 * the negated values, which is exact. */
static inline int lower_best(double value, int move, double *best, int *best_move, double *beta,
                             double alpha) {
    double worst = -*best, bound = -*beta;
    int cut = raise_best(-value, move, &worst, best_move, &bound, -alpha);
    *best = -worst;
    *beta = -bound;
    return cut;
}

#endif
