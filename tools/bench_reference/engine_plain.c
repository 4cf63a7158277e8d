/* The native core's plain alpha-beta (engine/native/search.h) driven from C as the bench runs
 * it: Kalah(6,4) start, the store difference for player 0, no ordering, no table, no endgame
 * table, margin-only end values, each root move searched below the root with the best value so
 * far as alpha (engine/agents/minimax.py's root loop).  For profiling the search line by line
 * without Python (callgrind's count is within 1% of the module's):
 *
 *   gcc -O3 -std=gnu11 -ffp-contract=off -fno-fast-math -g -Iengine/native \
 *       tools/bench_reference/engine_plain.c -o /tmp/engine_plain -lm
 *   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out /tmp/engine_plain 12
 *   callgrind_annotate --auto=yes /tmp/cg.out
 *
 * Prints "nodes seconds best_move value" as alphabeta.c does (CPU seconds). */
#include <stdio.h>
#include <stdlib.h>

#include "search.h"

int main(int argc, char **argv) {
    int depth = argc > 1 ? atoi(argv[1]) : 12;
    static Search s; /* zeroed: no table, no endgame table */
    int flags[4] = {1, 0, 1, 1}; /* capture, no empty capture, either row ends, rows banked */
    if (depth < 1 || rules_init(&s.r, FAMILY_KALAH, 6, 4, flags, 4)) return 2;
    s.me = 0;
    s.win = 0.0;
    s.eval_kind = EVAL_LINEAR;
    s.w[0] = 1.0;
    s.w[1] = -1.0;
    s.distance = 1;
    s.next_check = 1024;
    s.deadline = -1;
    search_prepare(&s);
    u8 b[MAX_SIZE] = {4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    s.nodes = 1;
    double alpha = -INFINITY;
    int best = -1;
    if (setjmp(s.timeout)) return 1; /* no deadline: never taken */
    for (int pit = 0; pit < 6; pit++) {
        u8 c[MAX_SIZE];
        copy_board(c, b);
        int nxt = apply_move(&s.r, c, 0, pit);
        double v;
        if (nxt < 0) {
            s.nodes++;
            v = final_value(&s, c);
        } else {
            v = alphabeta(&s, c, nxt, depth - 1, alpha, INFINITY);
        }
        if (v > alpha) {
            alpha = v;
            best = pit;
        }
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("%lld %.6f %d %g\n", s.nodes, seconds, best, alpha);
    return 0;
}
