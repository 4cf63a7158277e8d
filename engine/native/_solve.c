/* Exact Kalah values: endgame tables and an alpha-beta solver (the native twin of engine/solver).
 *
 * A position is the board without stores, seen by the player to move: their P pits first, then
 * the opponent's P pits (pit i faces opponent pit P-1-i).  Its value is the best final margin the
 * mover can force from here on, counting only seeds still on the board: Kalah's end (either row
 * empty, each side banks its row) and its moves never look at the stores, so the value of the
 * whole game is the store difference plus this value.
 *
 * Rules implemented (Kalah, engine/variants/kalah.py with end=either_row_empty,
 * leftovers=owner): sow one seed a pit counter-clockwise into the mover's own store but never the
 * opponent's, the origin pit included on later laps; last seed in the own store: move again; last
 * seed in an own empty pit captures it and the pit opposite if that holds seeds (always with
 * empty_capture, never without capture); when either row is empty the game ends and each side
 * banks its own row.
 *
 * Module functions: build_table(pits, capture, empty_capture, max_seeds) -> bytes (the value of
 * every position with at most max_seeds seeds, int8, in rank order), fill_table(pits, capture,
 * empty_capture, buffer, start, stop) (the same, in place, for the ranks start..stop-1 of a
 * writable buffer whose unknown values are -128: a build that can stop and resume) and
 * rank(board).  Type
 * Solver(pits, capture, empty_capture, table, table_seeds, tt_bits, shared=None):
 * search(board, alpha, beta, seconds=None, callback=None, every=1<<22) -> fail-soft alpha-beta
 * value; nodes; clear(); tt_bytes.  A table is any contiguous byte buffer (bytes, or a table
 * file mapped with mmap).  `shared`, a writable buffer of 24 * 2**tt_bits zeroed bytes (shared
 * memory, say), holds the transposition table in place of the solver's own, so solvers in
 * several processes (same rules, same endgame table) share their work without locks.
 *
 * Positions of up to MAXP pits a row and MAX_SEEDS seeds on the board are searched: the
 * transposition key is the board's bytes (two 64-bit words, exact for every such board), and a
 * pit never overflows its byte because the whole board holds at most 255 seeds.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "endgame.h"

#define MAXP 8
#define MAXM (2 * MAXP)
#define MAXN ENDGAME_MAX_SEEDS
#define UNKNOWN (-128)
#define CHECK_EVERY 1024 /* positions between two looks at the clock (under 1 ms, cold pages too) */
#define MAX_SEEDS 255 /* seeds on a board the solver searches (a pit is a byte) */

typedef struct {
    int pits, capture, empty_capture;
} Rules;

/* One move of pit i: child board (mover first unless `swap`), seeds gained by the mover (store
 * and captures), and what follows: 0 the opponent moves (child swapped to their view), 1 the
 * mover moves again, 2 the game is over (the child's rows are banked into *gain). */
enum { NEXT_OPPONENT = 0, NEXT_SAME = 1, NEXT_OVER = 2 };

static int play(const Rules *R, const uint8_t *b, int i, uint8_t *out, int *gain, int *left) {
    int P = R->pits, m = 2 * P, L = m + 1;
    uint8_t c[MAXM];
    memcpy(c, b, m);
    int n = c[i];
    c[i] = 0;
    int q = n / L, r = n % L, g = q;
    if (q)
        for (int k = 0; k < m; k++) c[k] += q;
    /* ring position t: 0..P-1 own pits, P own store, P+1..2P opponent pits (board t-1) */
    int t = i;
    for (int k = 0; k < r; k++) {
        t = t + 1 == L ? 0 : t + 1;
        if (t == P)
            g++;
        else
            c[t < P ? t : t - 1]++;
    }
    int last = (i + n) % L;
    if (last < P && c[last] == 1 && R->capture) {
        int opp = m - 1 - last;
        if (c[opp] || R->empty_capture) {
            g += c[opp] + 1;
            c[opp] = 0;
            c[last] = 0;
        }
    }
    int own = 0, theirs = 0;
    for (int k = 0; k < P; k++) own += c[k];
    for (int k = P; k < m; k++) theirs += c[k];
    *left = own + theirs;
    if (own == 0 || theirs == 0) {
        *gain = g + own - theirs;
        memcpy(out, c, m);
        return NEXT_OVER;
    }
    *gain = g;
    if (last == P) {
        memcpy(out, c, m);
        return NEXT_SAME;
    }
    memcpy(out, c + P, P);
    memcpy(out + P, c, P);
    return NEXT_OPPONENT;
}

/* ---- endgame tables ------------------------------------------------------------------------ */

typedef struct {
    const Rules *R;
    int8_t *v;
} Builder;

static int table_value(Builder *B, const uint8_t *b, int s);

/* The exact value of a position that has s seeds, from its children. */
static int solve_small(Builder *B, const uint8_t *b) {
    const Rules *R = B->R;
    int P = R->pits, best = -1000;
    uint8_t child[MAXM];
    for (int i = 0; i < P; i++) {
        if (!b[i]) continue;
        int gain, left, v;
        int kind = play(R, b, i, child, &gain, &left);
        if (kind == NEXT_OVER)
            v = gain;
        else if (kind == NEXT_SAME)
            v = gain + table_value(B, child, left);
        else
            v = gain - table_value(B, child, left);
        if (v > best) best = v;
    }
    return best;
}

static int table_value(Builder *B, const uint8_t *b, int s) {
    int m = 2 * B->R->pits;
    uint64_t r = endgame_rank(b, m, s);
    if (B->v[r] == UNKNOWN) B->v[r] = (int8_t)solve_small(B, b);
    return B->v[r];
}

/* The composition of rank r among views of m pits (the inverse of endgame_rank): its seeds. */
static int unrank(uint64_t r, int m, uint8_t *a) {
    if (m < 2 || m > MAXM) return -1;
    int s = 0;
    while (endgame_count(s, m) <= r) s++;
    r -= endgame_count(s - 1, m);
    int rem = s;
    for (int i = 0; i < m - 1; i++) {
        int k = m - 1 - i, x = 0;
        /* views with a[i] <= x given the prefix: C(rem + k, k) - C(rem - x - 1 + k, k) */
        while (x < rem && r >= endgame_binom[rem + k][k] - endgame_binom[rem - x - 1 + k][k]) x++;
        r -= endgame_binom[rem + k][k] - endgame_binom[rem - x + k][k];
        a[i] = (uint8_t)x;
        rem -= x;
    }
    a[m - 1] = (uint8_t)rem;
    return s;
}

/* The value of every position of rank start..stop-1 still UNKNOWN in v (and of any position
 * below them it needs); a position with an empty row is worth its banking.  Every byte of v is
 * UNKNOWN or a position's final value at every instant, so a fill stopped anywhere (a killed
 * build mapped from a file) resumes by filling again. */
static void fill(const Rules *R, int8_t *v, uint64_t start, uint64_t stop) {
    int P = R->pits, m = 2 * P;
    Builder B = {R, v};
    uint8_t a[MAXM];
    int s = start < stop ? unrank(start, m, a) : -1;
    if (s < 0) return;
    for (uint64_t r = start;;) {
        if (v[r] == UNKNOWN) {
            int own = 0;
            for (int k = 0; k < P; k++) own += a[k];
            int theirs = s - own;
            v[r] = (int8_t)(own == 0 || theirs == 0 ? own - theirs : solve_small(&B, a));
        }
        if (++r == stop) return;
        /* next composition of s in lexicographic order, else the first of s + 1 */
        if (a[m - 1]) {
            a[m - 2]++;
            a[m - 1]--;
            continue;
        }
        int k = m - 2;
        while (k >= 0 && !a[k]) k--;
        if (k <= 0) {
            s++;
            memset(a, 0, m);
            a[m - 1] = (uint8_t)s;
            continue;
        }
        a[k - 1]++;
        a[m - 1] = a[k] - 1;
        a[k] = 0;
    }
}

/* Values of every position with 0..N seeds. */
static void build(const Rules *R, int N, int8_t *v) {
    uint64_t total = endgame_count(N, 2 * R->pits);
    memset(v, UNKNOWN, total);
    fill(R, v, 0, total);
}

/* ---- the solver ---------------------------------------------------------------------------- */

/* A transposition entry: three words, so that searches in several processes may share one
 * table without locks (a table handed in as a shared buffer).  `data` packs the bounds on the
 * value (int16 each, up to +-MAX_SEEDS), the best move + 1 (0 none) and `work` (log2 of the
 * nodes searched below, 0 for an empty slot); the key words hold the board's bytes (pits 0-7,
 * pits 8-15, zero-padded: exact) each XORed with `data`, so an entry torn by two writers at
 * once no longer matches its board and reads as absent: a search reads only whole entries. */
typedef struct {
    uint64_t klo, khi, data;
} Entry;

typedef struct {
    int lower, upper, move, work;
} Bounds;

#define WAYS 4

static uint64_t pack(int lower, int upper, int move, int work) {
    return (uint64_t)(uint16_t)(int16_t)lower | (uint64_t)(uint16_t)(int16_t)upper << 16 |
           (uint64_t)(uint8_t)move << 32 | (uint64_t)(uint8_t)work << 40;
}

/* Whether slot e holds board (lo, hi); its fields in *out if so (one read of each word). */
static int entry_read(const Entry *e, uint64_t lo, uint64_t hi, Bounds *out) {
    uint64_t d = __atomic_load_n(&e->data, __ATOMIC_RELAXED);
    uint64_t klo = __atomic_load_n(&e->klo, __ATOMIC_RELAXED);
    uint64_t khi = __atomic_load_n(&e->khi, __ATOMIC_RELAXED);
    int work = (int)(uint8_t)(d >> 40);
    if (!work || (klo ^ d) != lo || (khi ^ d) != hi) return 0;
    out->lower = (int16_t)(uint16_t)d;
    out->upper = (int16_t)(uint16_t)(d >> 16);
    out->move = (int)(uint8_t)(d >> 32);
    out->work = work;
    return 1;
}

/* The work an entry slot holds (0: empty, or torn: free to take). */
static int entry_work(const Entry *e) {
    return (int)(uint8_t)(__atomic_load_n(&e->data, __ATOMIC_RELAXED) >> 40);
}

static void entry_write(Entry *e, uint64_t lo, uint64_t hi, int lower, int upper, int move,
                        int work) {
    uint64_t d = pack(lower, upper, move, work);
    __atomic_store_n(&e->klo, lo ^ d, __ATOMIC_RELAXED);
    __atomic_store_n(&e->khi, hi ^ d, __ATOMIC_RELAXED);
    __atomic_store_n(&e->data, d, __ATOMIC_RELAXED);
}

typedef struct {
    PyObject_HEAD Rules R;
    Entry *tt;
    uint64_t mask;        /* buckets - 1 */
    PyObject *shared_obj; /* a memoryview of a shared table's buffer (tt points into it) */
    const int8_t *table;
    int table_seeds;
    PyObject *table_obj; /* a memoryview of the table's buffer */
    uint64_t nodes;
    /* stopping */
    int stop;
    double deadline;
    uint64_t next_check, every, next_callback;
    PyObject *callback;
} Solver;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The board's m (<= 16) pit bytes as two words, zero-padded: distinct boards, distinct keys. */
static void key_of(const uint8_t *b, int m, uint64_t *lo, uint64_t *hi) {
    uint8_t k[MAXM] = {0};
    memcpy(k, b, m);
    memcpy(lo, k, 8);
    memcpy(hi, k + 8, 8);
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

static int check_stop(Solver *S) {
    if (S->stop) return 1;
    if (S->nodes < S->next_check) return 0;
    S->next_check = S->nodes + CHECK_EVERY;
    if (S->deadline > 0 && now() >= S->deadline) {
        S->stop = 1;
        PyErr_SetString(PyExc_TimeoutError, "the solver ran out of time");
        return 1;
    }
    if (S->callback && S->nodes >= S->next_callback) {
        S->next_callback = S->nodes + S->every;
        PyObject *res = PyObject_CallFunction(S->callback, "K", (unsigned long long)S->nodes);
        if (!res) {
            S->stop = 1;
            return 1;
        }
        Py_DECREF(res);
    }
    return 0;
}

typedef struct {
    uint8_t b[MAXM];
    int gain, kind, left, move, order;
} Child;

static int search(Solver *S, const uint8_t *b, int s, int alpha, int beta) {
    const Rules *R = &S->R;
    int P = R->pits, m = 2 * P;
    S->nodes++;
    if (s <= S->table_seeds) return S->table[endgame_rank(b, m, s)];
    if (alpha >= s) return s;
    if (beta <= -s) return -s;
    if (check_stop(S)) return 0;

    uint64_t lo, hi;
    key_of(b, m, &lo, &hi);
    Entry *bucket = S->tt + (mix(lo ^ mix(hi)) & S->mask) * WAYS;
    int lower = -s, upper = s, hint = -1;
    Bounds got;
    for (int w = 0; w < WAYS; w++)
        if (entry_read(&bucket[w], lo, hi, &got)) {
            lower = got.lower;
            upper = got.upper;
            hint = got.move - 1;
            if (lower >= beta) return lower;
            if (upper <= alpha) return upper;
            if (lower == upper) return lower;
            break;
        }
    if (lower > alpha) alpha = lower;
    if (upper < beta) beta = upper;

    Child kids[MAXP];
    int n = 0;
    for (int i = 0; i < P; i++) {
        if (!b[i]) continue;
        Child *c = &kids[n++];
        c->move = i;
        c->kind = play(R, b, i, c->b, &c->gain, &c->left);
        /* order: table move, finished games, extra turns nearest the store first, then by gain */
        if (i == hint)
            c->order = 1000;
        else if (c->kind == NEXT_SAME)
            c->order = 500 + i;
        else
            c->order = c->gain * 8 + i;
    }
    for (int i = 1; i < n; i++) { /* insertion sort, best first */
        Child tmp = kids[i];
        int j = i;
        while (j > 0 && kids[j - 1].order < tmp.order) {
            kids[j] = kids[j - 1];
            j--;
        }
        kids[j] = tmp;
    }

    uint64_t start = S->nodes;
    int a0 = alpha, best = -1000, best_move = -1;
    for (int k = 0; k < n; k++) {
        Child *c = &kids[k];
        int v;
        if (c->kind == NEXT_OVER)
            v = c->gain;
        else if (c->kind == NEXT_SAME)
            v = c->gain + search(S, c->b, c->left, alpha - c->gain, beta - c->gain);
        else
            v = c->gain - search(S, c->b, c->left, c->gain - beta, c->gain - alpha);
        if (S->stop) return 0;
        if (v > best) {
            best = v;
            best_move = c->move;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) break;
            }
        }
    }

    /* store: a fail-low gives an upper bound, a fail-high a lower bound, else the exact value */
    int new_lower = lower, new_upper = upper;
    if (best <= a0) {
        if (best < new_upper) new_upper = best;
    } else if (best >= beta) {
        if (best > new_lower) new_lower = best;
    } else {
        new_lower = new_upper = best;
    }
    uint64_t done = S->nodes - start + 1;
    int work = 1;
    while (done > 1 && work < 63) {
        done >>= 1;
        work++;
    }
    /* the search below may have moved this position's entry: look for it again */
    Entry *e = NULL;
    for (int w = 0; w < WAYS; w++)
        if (entry_read(&bucket[w], lo, hi, &got)) {
            e = &bucket[w];
            /* bounds from an earlier search that the entry still holds stay true */
            if (got.lower > new_lower) new_lower = got.lower;
            if (got.upper < new_upper) new_upper = got.upper;
            if (got.work > work) work = got.work;
        }
    if (!e) {
        e = &bucket[0];
        for (int w = 1; w < WAYS; w++)
            if (entry_work(&bucket[w]) < entry_work(e)) e = &bucket[w];
    }
    entry_write(e, lo, hi, new_lower, new_upper, best_move + 1, work);
    return best;
}

/* ---- Python glue --------------------------------------------------------------------------- */

static int read_board(PyObject *seq, int m, uint8_t *b, int *s) {
    PyObject *fast = PySequence_Fast(seq, "board must be a sequence of ints");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != m) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "board must have %d pits", m);
        return -1;
    }
    int total = 0;
    for (int i = 0; i < m; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (x < 0 || x > 255) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "pit counts must be 0..255");
            return -1;
        }
        b[i] = (uint8_t)x;
        total += (int)x;
    }
    Py_DECREF(fast);
    *s = total;
    return 0;
}

static int check_rules(int pits) {
    if (pits < 1 || pits > MAXP) {
        PyErr_Format(PyExc_ValueError, "pits must be 1..%d", MAXP);
        return -1;
    }
    return 0;
}

static PyObject *py_build_table(PyObject *self, PyObject *args) {
    int pits, capture, empty_capture, N;
    if (!PyArg_ParseTuple(args, "ippi", &pits, &capture, &empty_capture, &N)) return NULL;
    if (check_rules(pits) < 0) return NULL;
    if (N < 0 || N > MAXN || endgame_count(N, 2 * pits) > ((uint64_t)1 << 34)) {
        PyErr_SetString(PyExc_ValueError, "table too large");
        return NULL;
    }
    Rules R = {pits, capture, empty_capture};
    uint64_t total = endgame_count(N, 2 * pits);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)total);
    if (!out) return NULL;
    int8_t *v = (int8_t *)PyBytes_AS_STRING(out);
    Py_BEGIN_ALLOW_THREADS build(&R, N, v);
    Py_END_ALLOW_THREADS return out;
}

static PyObject *py_fill_table(PyObject *self, PyObject *args) {
    int pits, capture, empty_capture;
    Py_buffer buf;
    unsigned long long start, stop;
    if (!PyArg_ParseTuple(args, "ippw*KK", &pits, &capture, &empty_capture, &buf, &start, &stop))
        return NULL;
    int m = 2 * pits;
    if (check_rules(pits) < 0) goto fail;
    /* the buffer must hold whole seed layers: every position below stop and all it reaches */
    int top = 0;
    while (top <= MAXN && endgame_count(top, m) < (uint64_t)buf.len) top++;
    if (top > MAXN || endgame_count(top, m) != (uint64_t)buf.len) {
        PyErr_SetString(PyExc_ValueError, "the buffer must hold a whole table (C(N + m, m) bytes)");
        goto fail;
    }
    if (start > stop || stop > (uint64_t)buf.len) {
        PyErr_SetString(PyExc_ValueError, "need 0 <= start <= stop <= the table's length");
        goto fail;
    }
    Rules R = {pits, capture, empty_capture};
    int8_t *v = (int8_t *)buf.buf;
    Py_BEGIN_ALLOW_THREADS fill(&R, v, start, stop);
    Py_END_ALLOW_THREADS PyBuffer_Release(&buf);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&buf);
    return NULL;
}

static PyObject *py_rank(PyObject *self, PyObject *args) {
    PyObject *board;
    if (!PyArg_ParseTuple(args, "O", &board)) return NULL;
    Py_ssize_t m = PySequence_Size(board);
    if (m < 0) return NULL;
    if (m < 2 || m > MAXM || m % 2) {
        PyErr_SetString(PyExc_ValueError, "board must have 2..16 pits");
        return NULL;
    }
    uint8_t b[MAXM];
    int s;
    if (read_board(board, (int)m, b, &s) < 0) return NULL;
    if (s > MAXN) {
        PyErr_SetString(PyExc_ValueError, "too many seeds to rank");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(endgame_rank(b, (int)m, s));
}

/* A zeroed transposition table of `bytes` bytes; one of 2 MB or more on 2 MB pages where the
 * system gives them (transparent huge pages on request): a probe into 96 MB then misses the
 * TLB far less often (measured: the same nodes in 16% less CPU). */
static Entry *new_table(size_t bytes) {
    size_t page = (size_t)2 << 20, rounded = (bytes + page - 1) / page * page;
    if (bytes < page) return calloc(1, bytes); /* a small table: no page of its own */
    Entry *tt = aligned_alloc(page, rounded);
    if (!tt) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(tt, rounded, MADV_HUGEPAGE);
#endif
    memset(tt, 0, bytes);
    return tt;
}

static int Solver_init(Solver *S, PyObject *args, PyObject *kw) {
    static char *names[] = {"pits",    "capture", "empty_capture", "table", "table_seeds",
                            "tt_bits", "shared",  NULL};
    int pits, capture, empty_capture, table_seeds = -1, tt_bits = 20;
    PyObject *table = Py_None, *shared = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ipp|OiiO", names, &pits, &capture, &empty_capture,
                                     &table, &table_seeds, &tt_bits, &shared))
        return -1;
    if (check_rules(pits) < 0) return -1;
    if (tt_bits < 4 || tt_bits > 30) {
        PyErr_SetString(PyExc_ValueError, "tt_bits must be 4..30");
        return -1;
    }
    S->R.pits = pits;
    S->R.capture = capture;
    S->R.empty_capture = empty_capture;
    Py_CLEAR(S->table_obj);
    S->table = NULL;
    S->table_seeds = -1;
    if (table != Py_None) {
        PyObject *view = PyMemoryView_FromObject(table);
        if (!view) return -1;
        Py_buffer *buf = PyMemoryView_GET_BUFFER(view);
        if (!PyBuffer_IsContiguous(buf, 'C') || buf->itemsize != 1) {
            Py_DECREF(view);
            PyErr_SetString(PyExc_TypeError, "table must be a contiguous byte buffer");
            return -1;
        }
        if (table_seeds < 0 || table_seeds > MAXN ||
            (uint64_t)buf->len != endgame_count(table_seeds, 2 * pits)) {
            Py_DECREF(view);
            PyErr_SetString(PyExc_ValueError, "table size does not match table_seeds");
            return -1;
        }
        S->table_obj = view;
        S->table = (const int8_t *)buf->buf;
        S->table_seeds = table_seeds;
    }
    if (S->shared_obj)
        Py_CLEAR(S->shared_obj);
    else
        free(S->tt);
    S->tt = NULL;
    uint64_t buckets = (uint64_t)1 << (tt_bits > 2 ? tt_bits - 2 : 0);
    if (shared != Py_None) {
        /* a transposition table in a writable buffer (shared memory, say) that other solvers
         * of the same rules and endgame table use at once: 2**tt_bits entries, zeroed = empty */
        PyObject *view = PyMemoryView_FromObject(shared);
        if (!view) return -1;
        Py_buffer *buf = PyMemoryView_GET_BUFFER(view);
        if (buf->readonly || !PyBuffer_IsContiguous(buf, 'C') ||
            (uint64_t)buf->len != buckets * WAYS * sizeof(Entry) || (uintptr_t)buf->buf % 8) {
            Py_DECREF(view);
            PyErr_SetString(PyExc_ValueError,
                            "shared must be a writable buffer of 24 * 2**tt_bits aligned bytes");
            return -1;
        }
        S->shared_obj = view;
        S->tt = (Entry *)buf->buf;
    } else {
        S->tt = new_table(buckets * WAYS * sizeof(Entry));
        if (!S->tt) {
            PyErr_NoMemory();
            return -1;
        }
    }
    S->mask = buckets - 1;
    S->nodes = 0;
    return 0;
}

static void Solver_dealloc(Solver *S) {
    if (S->shared_obj)
        Py_CLEAR(S->shared_obj);
    else
        free(S->tt);
    Py_CLEAR(S->table_obj);
    Py_TYPE(S)->tp_free((PyObject *)S);
}

static PyObject *Solver_search(Solver *S, PyObject *args, PyObject *kw) {
    static char *names[] = {"board", "alpha", "beta", "seconds", "callback", "every", NULL};
    PyObject *board, *seconds = Py_None, *callback = Py_None;
    int alpha, beta;
    unsigned long long every = 1ULL << 22;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oii|OOK", names, &board, &alpha, &beta, &seconds,
                                     &callback, &every))
        return NULL;
    int m = 2 * S->R.pits, s;
    uint8_t b[MAXM];
    if (read_board(board, m, b, &s) < 0) return NULL;
    if (s > MAX_SEEDS) {
        PyErr_Format(PyExc_ValueError, "the solver searches boards of at most %d seeds", MAX_SEEDS);
        return NULL;
    }
    S->stop = 0;
    S->deadline = 0;
    if (seconds != Py_None) {
        double sec = PyFloat_AsDouble(seconds);
        if (sec == -1.0 && PyErr_Occurred()) return NULL;
        S->deadline = now() + sec;
    }
    S->callback = callback == Py_None ? NULL : callback;
    S->every = every ? every : 1;
    S->next_check = S->nodes;
    S->next_callback = S->nodes + S->every;
    int own = 0;
    for (int i = 0; i < S->R.pits; i++) own += b[i];
    int v;
    if (own == 0 || own == s)
        v = own - (s - own);
    else
        v = search(S, b, s, alpha, beta);
    S->callback = NULL;
    if (S->stop) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "solver stopped");
        return NULL;
    }
    return PyLong_FromLong(v);
}

static PyObject *Solver_clear(Solver *S, PyObject *unused) {
    memset(S->tt, 0, (S->mask + 1) * WAYS * sizeof(Entry));
    Py_RETURN_NONE;
}

static PyObject *Solver_get_nodes(Solver *S, void *closure) {
    return PyLong_FromUnsignedLongLong(S->nodes);
}

static PyObject *Solver_get_tt_bytes(Solver *S, void *closure) {
    return PyLong_FromUnsignedLongLong((S->mask + 1) * WAYS * sizeof(Entry));
}

static PyMethodDef Solver_methods[] = {
    {"search", (PyCFunction)(void (*)(void))Solver_search, METH_VARARGS | METH_KEYWORDS,
     "search(board, alpha, beta, seconds=None, callback=None, every=4194304): fail-soft value"},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Forget the transposition table."},
    {NULL}};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_get_nodes, NULL, "positions searched so far", NULL},
    {"tt_bytes", (getter)Solver_get_tt_bytes, NULL, "bytes of the transposition table", NULL},
    {NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.native._solve.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Alpha-beta over store-independent Kalah values with a transposition table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static PyMethodDef module_methods[] = {
    {"build_table", py_build_table, METH_VARARGS,
     "build_table(pits, capture, empty_capture, max_seeds) -> bytes of int8 values"},
    {"fill_table", py_fill_table, METH_VARARGS,
     "fill_table(pits, capture, empty_capture, buffer, start, stop): fill the UNKNOWN (-128) "
     "values of ranks start..stop-1 of a writable table buffer"},
    {"rank", py_rank, METH_VARARGS, "rank(board) -> index of the position in a table"},
    {NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_solve",
    .m_doc = "Exact Kalah values (see engine/solver).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__solve(void) {
    endgame_init();
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
