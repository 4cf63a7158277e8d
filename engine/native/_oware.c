/* Oware endgame tables by retrograde analysis (the native twin of engine/solver/oware_table.py).
 *
 * A position is the twelve houses seen by the player to move: their six houses in sowing order,
 * then the opponent's six.  Positions of one seed count n form a layer; a move either keeps n
 * (no capture: the same layer, so a layer has cycles) or lowers it (a capture: a smaller layer,
 * built first).  Every position has two values, int8, both the final margin (mover minus
 * opponent) of the seeds now on the board, stores left out:
 *
 *   L  what the mover forces when a game that never leaves the layer counts -n for the mover,
 *   U  what the mover can hope for when it counts +n for the mover,
 *
 * with L(p) = max over moves of (gain - U(child)) and U(p) = max over moves of (gain - L(child))
 * (gain + L / gain + U when the mover moves again after emptying the opponent's row), a terminal
 * position (no legal move) worth its banking (own row - other row).  Each layer is iterated to
 * its fixpoint from L = -n, U = +n (the least and greatest fixpoints; any order of updates
 * reaches them, so the pure twin, which sweeps in another order, finds the same bytes).  The
 * exact value of the game from a position with no history since the last capture lies in
 * [L, U] whatever a repetition scores; L == U: the value does not depend on the repetition rule.
 * The majority end is left out: it never changes who wins (engine/solver/oware_table.py).
 *
 * Beside each value the table keeps the sweep of its layer in which it last changed (0: never,
 * its starting value).  Sweeps run in rank order and update in place, so a value set at sweep s
 * read only values already final, set at an earlier sweep or earlier in sweep s (a lower rank):
 * among the moves that keep L a best move's child always has a smaller (sweep, rank) than the
 * position, so playing the smallest one makes progress and never repeats a position (see
 * engine/agents/oware_exact.py).
 *
 * A table holds every position of up to N seeds, ranked by seed count then lexicographically
 * (the Kalah table's rank on 12 houses), four bytes a position: L, U (int8; -128 marks a value
 * not built yet), then the sweeps of L and of U (uint8).  Module functions:
 * fill_layers(grand_slam, buffer, first, last) fills the layers first..last of a writable
 * buffer (layers below first must be built) and returns the sweeps it took; rank(board) -> int.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define H 12
#define MAXN 48
#define UNKNOWN (-128)
#define ENTRY 4       /* bytes a position: L, U, sweep of L, sweep of U */
#define MAX_SWEEPS 255 /* a sweep number is a byte */

enum { NO_CAPTURE = 0, ILLEGAL = 1, CAPTURE_ALL = 2 };

static uint64_t BIN[H + 1][MAXN + 2]; /* BIN[k][n] = C(n + k, k) */

static void init_binomials(void) {
    for (int k = 0; k <= H; k++)
        for (int n = 0; n <= MAXN + 1; n++) {
            if (k == 0 || n == 0)
                BIN[k][n] = 1;
            else
                BIN[k][n] = BIN[k - 1][n] + BIN[k][n - 1];
        }
}

/* Positions of 12 houses holding at most n seeds. */
static uint64_t count_upto(int n) { return n < 0 ? 0 : BIN[H][n]; }

static uint64_t rank_of(const uint8_t *b) {
    int rest = 0;
    for (int i = 0; i < H; i++) rest += b[i];
    uint64_t r = count_upto(rest - 1);
    for (int i = 0; i < H - 1 && rest; i++) {
        int k = H - 1 - i;
        r += BIN[k][rest] - BIN[k][rest - b[i]];
        rest -= b[i];
    }
    return r;
}

/* Sow house i of b into c; the last house sown. */
static int sow(const uint8_t *b, int i, uint8_t *c) {
    memcpy(c, b, H);
    int seeds = c[i], j = i;
    c[i] = 0;
    while (seeds) {
        j = j + 1 == H ? 0 : j + 1;
        if (j == i) continue;
        c[j]++;
        seeds--;
    }
    return j;
}

/* The seeds a last seed at j captures on the far row (houses 6..11), 0 if none; *all: they
 * are every seed of the far row (a grand slam). */
static int capture_run(const uint8_t *c, int j, int *lo, int *all) {
    int got = 0, k = j;
    if (j < 6) return 0;
    while (k >= 6 && (c[k] == 2 || c[k] == 3)) got += c[k--];
    *lo = k + 1;
    int far = 0;
    for (int x = 6; x < H; x++) far += c[x];
    *all = got && got == far;
    return got;
}

static int row_sum(const uint8_t *b, int from) {
    int s = 0;
    for (int x = from; x < from + 6; x++) s += b[x];
    return s;
}

/* Whether the mover of b (houses 0..5) has a legal move (the feeding rule). */
static int can_move(const uint8_t *b) {
    int far = row_sum(b, 6);
    for (int i = 0; i < 6; i++)
        if (b[i] && (far || b[i] >= 6 - i)) return 1;
    return 0;
}

/* The legal moves of b under the grand-slam rule g, as a bit set. */
static int legal(const uint8_t *b, int g) {
    int far = row_sum(b, 6), set = 0;
    for (int i = 0; i < 6; i++)
        if (b[i] && (far || b[i] >= 6 - i)) set |= 1 << i;
    if (g == ILLEGAL && set) {
        int keep = 0;
        for (int i = 0; i < 6; i++) {
            if (!(set >> i & 1)) continue;
            uint8_t c[H];
            int lo, all, j = sow(b, i, c);
            int got = (c[j] == 2 || c[j] == 3) ? capture_run(c, j, &lo, &all) : 0;
            if (!(got && all)) keep |= 1 << i;
        }
        if (keep) set = keep;
    }
    return set;
}

static int get(const int8_t *t, uint64_t r, int which) { return t[ENTRY * r + which]; }

enum { SWAP = 0, AGAIN = 1, OVER = 2 };

/* Play house i of b under g into out: SWAP (out: the opponent's view, they move), AGAIN (out:
 * the mover's view, the opponent can't move but the mover can) or OVER (both rows banked);
 * *gain: the seeds captured, plus the banking when it is OVER. */
static int play_move(const uint8_t *b, int i, int g, uint8_t *out, int *gain) {
    uint8_t c[H];
    int lo = 0, all = 0, j = sow(b, i, c);
    int got = (c[j] == 2 || c[j] == 3) ? capture_run(c, j, &lo, &all) : 0;
    *gain = 0;
    if (got && !(all && g != CAPTURE_ALL)) {
        for (int x = lo; x <= j; x++) c[x] = 0;
        *gain = got;
    }
    memcpy(out, c + 6, 6);
    memcpy(out + 6, c, 6);
    if (can_move(out)) return SWAP;
    memcpy(out, c, H);
    if (can_move(c)) return AGAIN;
    *gain += row_sum(c, 0) - row_sum(c, 6);
    return OVER;
}

/* The mover's values of b from its children's: *lo (L: children read U), *hi (U: they read L). */
static void values_of(const uint8_t *b, int g, const int8_t *t, int *lo_out, int *hi_out) {
    int set = legal(b, g);
    if (!set) {
        *lo_out = *hi_out = row_sum(b, 0) - row_sum(b, 6);
        return;
    }
    int lo_best = -1000, hi_best = -1000;
    for (int i = 0; i < 6; i++) {
        if (!(set >> i & 1)) continue;
        uint8_t d[H];
        int gain, a, z, kind = play_move(b, i, g, d, &gain);
        if (kind == SWAP) {
            uint64_t r = rank_of(d);
            a = gain - get(t, r, 1);
            z = gain - get(t, r, 0);
        } else if (kind == AGAIN) {
            uint64_t r = rank_of(d);
            a = gain + get(t, r, 0);
            z = gain + get(t, r, 1);
        } else {
            a = z = gain;
        }
        if (a > lo_best) lo_best = a;
        if (z > hi_best) hi_best = z;
    }
    *lo_out = lo_best;
    *hi_out = hi_best;
}

/* The view of layer n at offset o in it (the inverse of rank_of). */
static void unrank(uint64_t o, int n, uint8_t *b) {
    int rest = n;
    for (int i = 0; i < H - 1; i++) {
        int k = H - 1 - i, v = 0;
        while (v < rest && BIN[k][rest] - BIN[k][rest - v - 1] <= o) v++;
        o -= BIN[k][rest] - BIN[k][rest - v];
        b[i] = (uint8_t)v;
        rest -= v;
    }
    b[H - 1] = (uint8_t)rest;
}

/* Call mark(p) for every position p of q's layer with a move to q that keeps the layer (no
 * capture): un-sow each empty house of the position before the opponent's turn (q turned
 * round) or before the mover's extra turn (q), then check by playing the move forwards. */
static int predecessors(const uint8_t *q, int g, uint64_t *dirty, uint64_t start, uint64_t cur) {
    int again = 0;
    for (int kind = SWAP; kind <= AGAIN; kind++) {
        uint8_t c[H];
        if (kind == SWAP) {
            memcpy(c, q + 6, 6);
            memcpy(c + 6, q, 6);
        } else {
            memcpy(c, q, H);
        }
        for (int i = 0; i < 6; i++) {
            if (c[i]) continue;
            uint8_t p[H], out[H];
            memcpy(p, c, H);
            int j = i, s = 0;
            for (;;) {
                j = j + 1 == H ? 0 : j + 1;
                if (j == i) continue;
                if (!p[j]) break;
                p[j]--;
                p[i] = (uint8_t)++s;
                int gain;
                if ((legal(p, g) >> i & 1) && play_move(p, i, g, out, &gain) == kind && !gain &&
                    !memcmp(out, q, H)) {
                    uint64_t r = rank_of(p) - start;
                    dirty[r >> 6] |= 1ULL << (r & 63);
                    again |= r <= cur;
                }
                p[i] = 0;
            }
        }
    }
    return again;
}

/* Build layer n into t (layers below it built); the sweeps it took, -1 past MAX_SWEEPS or
 * out of memory.  Sweeps in rank order updating in place (Gauss-Seidel), but a position is
 * evaluated only when a child of it changed since its last evaluation (its dirty bit, set by
 * un-moves from the child): the others would find the same values, so the bytes, sweeps
 * included, are those of full sweeps (the pure twin's). */
static long fill_layer(int n, int g, int8_t *t) {
    uint64_t start = count_upto(n - 1), stop = count_upto(n), size = stop - start;
    uint64_t words = (size + 63) / 64;
    uint64_t *dirty = malloc(words * sizeof(uint64_t));
    if (!dirty) return -1;
    for (uint64_t r = start; r < stop; r++) {
        int8_t *e = t + ENTRY * r;
        e[0] = (int8_t)-n;
        e[1] = (int8_t)n;
        e[2] = e[3] = 0;
    }
    memset(dirty, 0xff, words * sizeof(uint64_t));
    if (size % 64) dirty[words - 1] = (1ULL << (size % 64)) - 1;
    long sweeps = 0;
    int again = 1;
    while (again) {
        again = 0;
        if (++sweeps > MAX_SWEEPS) {
            free(dirty);
            return -1;
        }
        for (uint64_t w = 0; w < words; w++) {
            int from = 0;
            uint64_t bits;
            while (from < 64 && (bits = dirty[w] & (~0ULL << from))) {
                int bit = __builtin_ctzll(bits);
                uint64_t o = w * 64 + (uint64_t)bit;
                from = bit + 1;
                dirty[w] &= ~(1ULL << bit);
                int8_t *e = t + ENTRY * (start + o);
                if (e[0] == e[1]) continue; /* L rises, U falls: met, they are final */
                uint8_t b[H];
                int lo, hi, changed = 0;
                unrank(o, n, b);
                values_of(b, g, t, &lo, &hi);
                if (lo != e[0]) {
                    e[0] = (int8_t)lo;
                    ((uint8_t *)e)[2] = (uint8_t)sweeps;
                    changed = 1;
                }
                if (hi != e[1]) {
                    e[1] = (int8_t)hi;
                    ((uint8_t *)e)[3] = (uint8_t)sweeps;
                    changed = 1;
                }
                if (changed) again |= predecessors(b, g, dirty, start, o);
            }
        }
    }
    free(dirty);
    return sweeps;
}

static PyObject *py_fill_layers(PyObject *self, PyObject *args) {
    int g, first, last;
    Py_buffer buf;
    if (!PyArg_ParseTuple(args, "iw*ii", &g, &buf, &first, &last)) return NULL;
    if (g < 0 || g > 2 || first < 0 || last > MAXN || first > last + 1 ||
        (uint64_t)buf.len < ENTRY * count_upto(last)) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "bad rule flag, layers or buffer size");
        return NULL;
    }
    long sweeps = 0, took = 0;
    int8_t *t = (int8_t *)buf.buf;
    Py_BEGIN_ALLOW_THREADS;
    for (int n = first; n <= last && took >= 0; n++) {
        took = fill_layer(n, g, t);
        sweeps += took;
    }
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&buf);
    if (took < 0) {
        PyErr_SetString(PyExc_OverflowError, "a layer took more sweeps than a byte counts");
        return NULL;
    }
    return PyLong_FromLong(sweeps);
}

static PyObject *py_rank(PyObject *self, PyObject *args) {
    PyObject *board;
    if (!PyArg_ParseTuple(args, "O", &board)) return NULL;
    PyObject *seq = PySequence_Fast(board, "a board is a sequence of 12 ints");
    if (seq == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != H) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a board has 12 houses");
        return NULL;
    }
    uint8_t b[H];
    int total = 0;
    for (int i = 0; i < H; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v < 0 || v > MAXN || (v == -1 && PyErr_Occurred())) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a house holds 0..48 seeds");
            return NULL;
        }
        b[i] = (uint8_t)v;
        total += (int)v;
    }
    Py_DECREF(seq);
    if (total > MAXN) {
        PyErr_SetString(PyExc_ValueError, "a board holds at most 48 seeds");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(rank_of(b));
}

static PyMethodDef module_methods[] = {
    {"fill_layers", py_fill_layers, METH_VARARGS,
     "fill_layers(grand_slam, buffer, first, last) -> sweeps: build layers first..last"},
    {"rank", py_rank, METH_VARARGS, "rank(board) -> the index of a 12-house view in a table"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_oware",
                                    "Oware endgame tables (retrograde analysis)", -1,
                                    module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__oware(void) {
    init_binomials();
    return PyModule_Create(&module);
}
