/* The C reference for `python -m engine bench`: plain alpha-beta on Kalah(6,4) (standard
 * rules: sow into the own store, never the opponent's; last seed in the store moves again;
 * last seed in an own empty pit with seeds opposite captures both; when a row is empty each
 * player banks their own row), moves in pit order, no table, the store difference as the
 * heuristic and the final margin at the end.  It counts every position it visits, as the
 * engine's plain search does, and prints "nodes seconds" for a search of the given depth
 * (default 12) from the start, timed in CPU seconds.  Written the way one writes such a program by hand: a fixed
 * board array, copy-make, recursion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PITS 6
#define SIZE 14

static long long nodes;

static int play(unsigned char *b, int player, int pit) {
    int i = pit + 7 * player, seeds = b[i], skip = player ? 6 : 13, store = player ? 13 : 6;
    b[i] = 0;
    while (seeds) {
        i = (i + 1) % SIZE;
        if (i == skip) continue;
        b[i]++;
        seeds--;
    }
    if (i != store && b[i] == 1 && i >= 7 * player && i < 7 * player + PITS && b[12 - i]) {
        b[store] += b[12 - i] + 1;
        b[12 - i] = 0;
        b[i] = 0;
    }
    int row0 = 0, row1 = 0;
    for (int k = 0; k < PITS; k++) {
        row0 += b[k];
        row1 += b[7 + k];
    }
    if (!row0 || !row1) {
        for (int k = 0; k < PITS; k++) {
            b[6] += b[k];
            b[13] += b[7 + k];
            b[k] = b[7 + k] = 0;
        }
        return -1;
    }
    return i == store ? player : 1 - player;
}

static int value(const unsigned char *b, int me) { return me ? b[13] - b[6] : b[6] - b[13]; }

static int search(const unsigned char *b, int player, int me, int depth, int alpha, int beta) {
    nodes++;
    if (depth == 0) return value(b, me);
    int best = player == me ? -1000 : 1000;
    for (int pit = 0; pit < PITS; pit++) {
        if (!b[pit + 7 * player]) continue;
        unsigned char c[SIZE];
        memcpy(c, b, SIZE);
        int next = play(c, player, pit), v;
        if (next < 0 || depth == 1) {
            nodes++;
            v = value(c, me);
        } else {
            v = search(c, next, me, depth - 1, alpha, beta);
        }
        if (player == me) {
            if (v > best) best = v;
            if (best > alpha) alpha = best;
        } else {
            if (v < best) best = v;
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }
    return best;
}

int main(int argc, char **argv) {
    int depth = argc > 1 ? atoi(argv[1]) : 12;
    unsigned char b[SIZE] = {4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    nodes = 1;
    int alpha = -1000, best_move = -1;
    for (int pit = 0; pit < PITS; pit++) {
        unsigned char c[SIZE];
        memcpy(c, b, SIZE);
        int next = play(c, 0, pit), v;
        if (next < 0) {
            nodes++;
            v = value(c, 0);
        } else {
            v = search(c, next, 0, depth - 1, alpha, 1000);
        }
        if (v > alpha) {
            alpha = v;
            best_move = pit;
        }
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("%lld %.6f %d %d\n", nodes, seconds, best_move, alpha);
    return 0;
}
