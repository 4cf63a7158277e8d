/* Alpha-beta with a transposition table, move ordering and principal variation search: the
 * exact twin of engine/agents/minimax.py's pure search (same tree, same node counts, same
 * floating-point values).  A value whose subtree reached no depth-limited leaf is proven and
 * is stored with depth PROVEN, so it answers any later probe.  In Kalah, a position with few
 * enough seeds on the board for the endgame table given is valued exactly from it; in Oware,
 * one within the Oware table given (engine/solver/oware_table.py) whose bounds decide the
 * result is valued by the margin ``me`` forces there (L where ``me`` moves, -U elsewhere), and
 * a depth-limited one whose bounds don't by the heuristic held within them. */
#ifndef MANCALA_SEARCH_H
#define MANCALA_SEARCH_H

#include <math.h>
#include <setjmp.h>
#include "clock.h"
#include "cutoff.h"
#include "endgame.h"
#include "rules.h"
#include "table.h"

#define PROVEN 1000000
#define NULL_WINDOW 1e-6
#define EVAL_LINEAR 0
#define EVAL_WEIGHTED 1

typedef struct {
    Rules r;
    int me, ordering, use_table, pvs;
    double win;
    int eval_kind, distance;
    double w[4];
    int stores_only; /* linear, the row weights +0.0: see search_prepare */
    Table table;
    const int8_t *endgame; /* Kalah endgame table (views of up to endgame_seeds seeds) or NULL */
    int endgame_seeds;
    const int8_t *oware; /* Oware table (4 bytes a view: L, U, their sweeps) or NULL */
    int oware_seeds;
    long long nodes, horizon, next_check;
    double deadline; /* on the monotonic clock (time.perf_counter), < 0: none */
    jmp_buf timeout;
    int oom;
} Search;

/* Settle what the fields set by the caller imply; call once they are all set. */
static inline void search_prepare(Search *s) {
    /* With row weights of +0.0, c * own row + d * their row is +0.0 + +0.0 (rows hold >= 0
     * seeds), so the linear sum is a * own store + b * their store + 0.0, to the last bit. */
    s->stores_only = s->eval_kind == EVAL_LINEAR && s->w[2] == 0.0 && !signbit(s->w[2]) &&
                     s->w[3] == 0.0 && !signbit(s->w[3]);
}

/* The heuristic for ``me``: a * own store + b * their store + c * own row + d * their row, or
 * the weighted features (store difference, row difference, pits ending in the own store,
 * empty pits), summed in the same order as engine/agents/heuristics.py. */
static inline double evaluate(const Search *s, const u8 *b) {
    const Rules *r = &s->r;
    int me = s->me, ms = me ? r->store1 : r->store0, ts = me ? r->store0 : r->store1;
    if (s->stores_only) return s->w[0] * b[ms] + s->w[1] * b[ts] + 0.0;
    int rm = row_sum(r, b, me), rt = row_sum(r, b, 1 - me);
    if (s->eval_kind == EVAL_LINEAR)
        return s->w[0] * b[ms] + s->w[1] * b[ts] + s->w[2] * rm + s->w[3] * rt;
    double value = s->w[0] * (b[ms] - b[ts]);
    if (s->w[1] != 0.0) value += s->w[1] * (rm - rt);
    int n = r->pits, mine = (n + 1) * me, theirs = (n + 1) * (1 - me);
    if (s->w[2] != 0.0 && s->distance) {
        int a = 0, c = 0;
        for (int k = 0; k < n; k++) {
            a += b[mine + k] == n - k;
            c += b[theirs + k] == n - k;
        }
        value += s->w[2] * (a - c);
    }
    if (s->w[3] != 0.0) {
        int a = 0, c = 0;
        for (int k = 0; k < n; k++) {
            a += !b[mine + k];
            c += !b[theirs + k];
        }
        value += s->w[3] * (a - c);
    }
    return value;
}

/* A finished game's value for ``me`` from ``player``'s final margin: ``win`` plus the margin,
 * minus ``win`` plus it, or 0. */
static inline double margin_value(const Search *s, int player, int margin) {
    if (player != s->me) margin = -margin;
    if (margin > 0) return s->win + margin;
    if (margin < 0) return -s->win + margin;
    return 0.0;
}

/* A finished game for ``me``, from the stores. */
static inline double final_value(const Search *s, const u8 *b) {
    return margin_value(s, 0, b[s->r.store0] - b[s->r.store1]);
}

/* The bounds of the final margin for ``me`` of an Oware board (``player`` to move) whose houses
 * hold at most ``oware_seeds`` seeds, from the Oware table: the stores' difference plus the
 * mover's [L, U], turned round where the opponent moves.  1 and *lo, *hi set, or 0 beyond the
 * table. */
static inline int oware_bounds(const Search *s, const u8 *b, int player, int *lo, int *hi) {
    int own = 7 * player, other = 7 - own, seeds = 0;
    uint8_t v[12];
    for (int i = 0; i < 6; i++) {
        v[i] = b[own + i];
        v[6 + i] = b[other + i];
        seeds += v[i] + v[6 + i];
    }
    if (seeds > s->oware_seeds) return 0;
    const int8_t *e = s->oware + 4 * endgame_rank(v, 12, seeds);
    int stores = b[own + 6] - b[other + 6];
    *lo = player == s->me ? stores + e[0] : -(stores + e[1]);
    *hi = player == s->me ? stores + e[1] : -(stores + e[0]);
    return 1;
}

/* Whether Oware bounds decide the game's result: both a win, both a draw or both a loss for
 * ``me`` (then the history can't change who wins, only, where they are apart, the margin). */
static inline int oware_decided(int lo, int hi) {
    return (lo > 0) - (lo < 0) == (hi > 0) - (hi < 0);
}

/* A depth-limited leaf within the Oware table whose result it doesn't decide: the heuristic,
 * held within the bounds (the same units: seeds of margin). */
static inline double oware_held(const Search *s, const u8 *b, int lo, int hi) {
    double value = evaluate(s, b);
    if (value < lo) value = lo;
    if (value > hi) value = hi;
    return value;
}

static double alphabeta(Search *s, const u8 *node, int player, int depth, double alpha,
                        double beta) {
    const Rules *r = &s->r;
    if (++s->nodes >= s->next_check) {
        s->next_check = s->nodes + 1024;
        if (s->deadline >= 0 && monotonic() >= s->deadline) longjmp(s->timeout, 1);
    }
    int margin;
    if (s->endgame && endgame_margin(s->endgame, s->endgame_seeds, node, r->pits, player, &margin))
        return margin_value(s, player, margin);
    int lo, hi, bounded = s->oware && oware_bounds(s, node, player, &lo, &hi);
    if (bounded && oware_decided(lo, hi)) return margin_value(s, s->me, lo);
    if (depth == 0) {
        s->horizon++;
        return bounded ? oware_held(s, node, lo, hi) : evaluate(s, node);
    }
    int first = -1;
    uint64_t key[3];
    if (s->use_table) {
        make_key(key, node, r->size, player);
        Entry *e = table_find(&s->table, key);
        if (e) {
            first = e->move;
            if (entry_answers(e->depth, e->value, e->flag, depth, alpha, beta)) {
                if (e->depth < PROVEN) s->horizon++;
                return e->value;
            }
        }
    }
    long long h0 = s->horizon;
    int moves[MAX_PITS], nxts[MAX_PITS], order[MAX_PITS];
    u8 boards[MAX_PITS][MAX_SIZE];
    int count = gen_moves(r, node, player, moves);
    /* Ordered nodes make every child first; others make each child when they reach it. */
    int eager = s->ordering && depth > 1;
    if (eager) {
        for (int k = 0; k < count; k++) {
            copy_board(boards[k], node);
            nxts[k] = apply_move(r, boards[k], player, moves[k]);
        }
        order_children(moves, nxts, count, first, player, order);
    }
    double alpha0 = alpha, beta0 = beta, best, value;
    int best_move = -1, maximising = player == s->me;
    best = maximising ? -INFINITY : INFINITY;
    for (int j = 0; j < count; j++) {
        int k = eager ? order[j] : j;
        if (!eager) {
            copy_board(boards[k], node);
            nxts[k] = apply_move(r, boards[k], player, moves[k]);
        }
        int nxt = nxts[k];
        const u8 *child = boards[k];
        if (nxt < 0) {
            s->nodes++;
            value = final_value(s, child);
        } else if (depth == 1) {
            s->nodes++;
            if (s->oware && oware_bounds(s, child, nxt, &lo, &hi)) {
                if (oware_decided(lo, hi)) {
                    value = margin_value(s, s->me, lo);
                } else {
                    s->horizon++;
                    value = oware_held(s, child, lo, hi);
                }
            } else {
                s->horizon++;
                value = evaluate(s, child);
            }
        } else if (maximising) {
            if (s->pvs && best > -INFINITY) {
                value = alphabeta(s, child, nxt, depth - 1, alpha, alpha + NULL_WINDOW);
                if (alpha < value && value < beta)
                    value = alphabeta(s, child, nxt, depth - 1, value, beta);
            } else {
                value = alphabeta(s, child, nxt, depth - 1, alpha, beta);
            }
        } else {
            if (s->pvs && best < INFINITY) {
                value = alphabeta(s, child, nxt, depth - 1, beta - NULL_WINDOW, beta);
                if (alpha < value && value < beta)
                    value = alphabeta(s, child, nxt, depth - 1, alpha, value);
            } else {
                value = alphabeta(s, child, nxt, depth - 1, alpha, beta);
            }
        }
        if (maximising ? raise_best(value, moves[k], &best, &best_move, &alpha, beta)
                       : lower_best(value, moves[k], &best, &best_move, &beta, alpha))
            break;
    }
    if (s->use_table) {
        int flag = flag_of(best, alpha0, beta0);
        if (table_store(&s->table, key, s->horizon == h0 ? PROVEN : depth, best, flag, best_move)) {
            s->oom = 1;
            longjmp(s->timeout, 2);
        }
    }
    return best;
}

#endif
