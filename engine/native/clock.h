/* The clock deadlines are read on: CLOCK_MONOTONIC, which is what time.perf_counter() reads
 * on Linux, so a deadline computed in Python holds here. */
#ifndef MANCALA_CLOCK_H
#define MANCALA_CLOCK_H

#include <time.h>

static inline double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
