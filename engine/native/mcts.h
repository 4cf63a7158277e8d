/* Monte-Carlo tree search (UCT) on bare boards: the exact twin of engine/agents/tree.py's pure
 * tree (same SplitMix64 random numbers, same selection, expansion, playouts and backup), so
 * both cores build the same tree and choose the same move. */
#ifndef MANCALA_MCTS_H
#define MANCALA_MCTS_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "clock.h"
#include "endgame.h"
#include "rules.h"

#define MAX_PLAYOUT_PLIES 400

typedef struct {
    u8 board[MAX_SIZE];
    int8_t to_move, move, nchildren, nuntried, expanded;
    int8_t untried[MAX_PITS];
    int32_t children[MAX_PITS];
    int32_t parent;
    int64_t visits;
    double wins; /* for the player who moved into this node */
} Node;

typedef struct {
    Rules r;
    double c;
    int greedy;
    long long node_limit;
    uint64_t rng;
    Node *nodes;
    long long len, cap; /* arena length (every node in it is in the tree) and size */
    int32_t root;
    const int8_t *endgame; /* Kalah endgame table (views of up to endgame_seeds seeds) or NULL */
    int endgame_seeds;
} Tree;

/* SplitMix64: the random numbers both cores share. */
static inline uint64_t rng_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int rng_below(uint64_t *state, int n) { return (int)(rng_next(state) % (uint64_t)n); }

static inline double rng_random(uint64_t *state) {
    return (double)(rng_next(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* Append a node to the arena (grown by doubling, to at most node_limit + MAX_PITS: past the
 * limit only the root, which has at most MAX_PITS children, still grows).  Returns its index,
 * or -1 when out of memory. */
static int32_t tree_add(Tree *t, const u8 *board, int to_move, int move, int32_t parent) {
    if (t->len == t->cap) {
        long long cap = t->cap ? 2 * t->cap : 4096, most = t->node_limit + MAX_PITS;
        if (cap > most) cap = most > t->len ? most : t->len + 1;
        Node *nodes = realloc(t->nodes, (size_t)cap * sizeof(Node));
        if (!nodes) return -1;
        t->nodes = nodes;
        t->cap = cap;
    }
    Node *n = &t->nodes[t->len];
    copy_board(n->board, board);
    n->to_move = (int8_t)to_move;
    n->move = (int8_t)move;
    n->nchildren = n->nuntried = n->expanded = 0;
    n->parent = parent;
    n->visits = 0;
    n->wins = 0.0;
    return (int32_t)t->len++;
}

/* Make node ``keep`` the root and drop every node outside its subtree, compacting the arena in
 * place.  A parent always sits before its children in the arena, so one forward pass numbers
 * the kept nodes (``keep`` first, then each node whose parent is kept) and a second moves each
 * to its new index, never above its old one, keeping the order of every node's children.
 * Returns 0, or -1 when out of memory. */
static int tree_keep(Tree *t, int32_t keep) {
    int32_t *index = malloc(sizeof(int32_t) * (size_t)t->len);
    int32_t kept = 0;
    if (!index) return -1;
    for (long long i = 0; i < t->len; i++) {
        int32_t p = t->nodes[i].parent;
        index[i] = i == keep || (i > keep && p >= 0 && index[p] >= 0) ? kept++ : -1;
    }
    for (long long i = keep; i < t->len; i++) {
        if (index[i] < 0) continue;
        Node *n = &t->nodes[index[i]];
        *n = t->nodes[i];
        n->parent = i == keep ? -1 : index[n->parent];
        for (int k = 0; k < n->nchildren; k++) n->children[k] = index[n->children[k]];
    }
    free(index);
    t->len = kept;
    t->root = 0;
    return 0;
}

/* The root for a position: found a few plies down the kept tree when ``reuse``, else new.
 * Returns the root's visits kept, or -1 when out of memory. */
static long long tree_start(Tree *t, const u8 *board, int to_move, int reuse, int max_plies) {
    if (reuse && t->root >= 0) {
        int32_t *frontier = malloc(sizeof(int32_t) * (size_t)(t->len + 1));
        int32_t *next = malloc(sizeof(int32_t) * (size_t)(t->len + 1));
        long long nf = 1, found = -1;
        if (!frontier || !next) {
            free(frontier);
            free(next);
            return -1;
        }
        frontier[0] = t->root;
        for (int ply = 0; ply <= max_plies && found < 0 && nf; ply++) {
            long long nn = 0;
            for (long long k = 0; k < nf && found < 0; k++) {
                Node *n = &t->nodes[frontier[k]];
                if (n->to_move == to_move && !memcmp(n->board, board, (size_t)t->r.size)) {
                    found = frontier[k];
                    break;
                }
                for (int j = 0; j < n->nchildren; j++) next[nn++] = n->children[j];
            }
            int32_t *swap = frontier;
            frontier = next;
            next = swap;
            nf = nn;
        }
        free(frontier);
        free(next);
        if (found >= 0) return tree_keep(t, (int32_t)found) < 0 ? -1 : t->nodes[0].visits;
    }
    t->len = 0;
    t->root = tree_add(t, board, to_move, -1, -1);
    return t->root < 0 ? -1 : 0;
}

/* Play the game out from ``board`` (``player`` to move, -1: over) by the playout policy:
 * random moves, or greedy (one time in five a random move, else the move leaving the most in
 * the mover's store, a kept turn counting one more).  After MAX_PLAYOUT_PLIES each banks their
 * row.  A Kalah board the endgame table holds ends the playout with its exact result. */
static void playout(Tree *t, const u8 *start, int player, int scores[2]) {
    const Rules *r = &t->r;
    u8 b[MAX_SIZE];
    int moves[MAX_PITS], plies = 0, margin;
    copy_board(b, start);
    while (player >= 0 && plies < MAX_PLAYOUT_PLIES) {
        if (t->endgame &&
            endgame_margin(t->endgame, t->endgame_seeds, b, r->pits, player, &margin)) {
            scores[player] = margin; /* only the difference counts */
            scores[1 - player] = 0;
            return;
        }
        plies++;
        int count = gen_moves(r, b, player, moves);
        if (!t->greedy) {
            player = apply_move(r, b, player, moves[rng_below(&t->rng, count)]);
            continue;
        }
        u8 boards[MAX_PITS][MAX_SIZE];
        int nxts[MAX_PITS];
        for (int k = 0; k < count; k++) {
            copy_board(boards[k], b);
            nxts[k] = apply_move(r, boards[k], player, moves[k]);
        }
        int pick;
        if (rng_random(&t->rng) < 0.2) {
            pick = rng_below(&t->rng, count);
        } else {
            int store = player ? r->store1 : r->store0, best = -1;
            pick = 0;
            for (int k = 0; k < count; k++) {
                int key = boards[k][store] + (nxts[k] == player);
                if (key > best) {
                    best = key;
                    pick = k;
                }
            }
        }
        copy_board(b, boards[pick]);
        player = nxts[pick];
    }
    scores[0] = b[r->store0];
    scores[1] = b[r->store1];
    if (player >= 0) {
        scores[0] += row_sum(r, b, 0);
        scores[1] += row_sum(r, b, 1);
    }
}

/* Run UCT iterations until ``iterations`` (< 0: no cap) or the deadline (< 0: none, checked
 * every 16 iterations); returns the iterations done (-1: out of memory), ``max_depth`` the
 * deepest node reached. */
static long long tree_run(Tree *t, long long iterations, double deadline, int *max_depth) {
    const Rules *r = &t->r;
    long long done = 0;
    *max_depth = 0;
    while (iterations < 0 || done < iterations) {
        if (deadline >= 0 && done && !(done & 15) && monotonic() >= deadline) break;
        int32_t id = t->root;
        int depth = 0;
        /* Selection: UCB1 while the node is fully expanded. */
        for (;;) {
            Node *n = &t->nodes[id];
            if (!(n->expanded && n->nuntried == 0 && n->nchildren)) break;
            double log_n = log((double)n->visits), best_score = -1.0;
            int32_t best = n->children[0];
            for (int k = 0; k < n->nchildren; k++) {
                Node *ch = &t->nodes[n->children[k]];
                double score = ch->wins / (double)ch->visits +
                               t->c * sqrt(log_n / (double)ch->visits);
                if (score > best_score) {
                    best = n->children[k];
                    best_score = score;
                }
            }
            id = best;
            depth++;
        }
        /* Expansion: one new child, while the tree may grow (the root always may). */
        if (t->nodes[id].to_move >= 0 && (t->len < t->node_limit || id == t->root)) {
            Node *n = &t->nodes[id];
            if (!n->expanded) {
                int moves[MAX_PITS];
                int count = gen_moves(r, n->board, n->to_move, moves);
                for (int i = count - 1; i > 0; i--) {
                    int j = rng_below(&t->rng, i + 1), swap = moves[i];
                    moves[i] = moves[j];
                    moves[j] = swap;
                }
                for (int k = 0; k < count; k++) n->untried[k] = (int8_t)moves[k];
                n->nuntried = (int8_t)count;
                n->expanded = 1;
            }
            if (n->nuntried) {
                int move = n->untried[--n->nuntried];
                u8 b[MAX_SIZE];
                copy_board(b, n->board);
                int nxt = apply_move(r, b, n->to_move, move);
                int32_t child = tree_add(t, b, nxt, move, id);
                if (child < 0) return -1;
                n = &t->nodes[id]; /* the arena may have moved */
                n->children[n->nchildren++] = child;
                id = child;
                depth++;
            }
        }
        if (depth > *max_depth) *max_depth = depth;
        /* Playout, then back up the result (win 1, draw 1/2, loss 0 for each node's mover). */
        int scores[2];
        playout(t, t->nodes[id].board, t->nodes[id].to_move, scores);
        while (t->nodes[id].parent >= 0) {
            Node *n = &t->nodes[id];
            int mover = t->nodes[n->parent].to_move;
            n->visits++;
            n->wins += scores[mover] > scores[1 - mover] ? 1.0 : scores[0] == scores[1] ? 0.5 : 0.0;
            id = n->parent;
        }
        t->nodes[id].visits++;
        done++;
    }
    return done;
}

#endif
