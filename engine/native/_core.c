/* engine.native._core: the native search core (see docs/engine.md, "Native core").
 *
 * A rule set is passed as a spec tuple (family, pits, seeds, flags) made by
 * engine.agents.kernels.kernel_spec.  Boards are lists (or bytes) of ints in the canonical
 * layout.  Everything here has a pure-Python twin that gives identical results: Searcher
 * (engine/agents/alphabeta.py), MarginSearcher (engine/agents/analysis.py), Tree
 * (engine/agents/tree.py). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "margin.h"
#include "mcts.h"
#include "rules.h"
#include "search.h"
#include "table.h"

static int parse_spec(PyObject *spec, Rules *r) {
    int family, pits, seeds, flags[8], nflags;
    PyObject *flag_tuple;
    if (!PyArg_ParseTuple(spec, "iiiO!", &family, &pits, &seeds, &PyTuple_Type, &flag_tuple))
        return -1;
    nflags = (int)PyTuple_GET_SIZE(flag_tuple);
    if (nflags > 8) nflags = 9;
    for (int k = 0; k < nflags && k < 8; k++) {
        flags[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(flag_tuple, k));
        if (flags[k] == -1 && PyErr_Occurred()) return -1;
    }
    if (rules_init(r, family, pits, seeds, flags, nflags)) {
        PyErr_SetString(PyExc_ValueError, "the native core does not know this rule set");
        return -1;
    }
    return 0;
}

static int parse_board(const Rules *r, PyObject *obj, u8 *b) {
    PyObject *seq = PySequence_Fast(obj, "a board is a sequence of ints");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != r->size) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "wrong board size");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int i = 0; i < r->size; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v < 0 || v > 255) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad seed count");
            return -1;
        }
        b[i] = (u8)v;
    }
    Py_DECREF(seq);
    return 0;
}

static PyObject *board_list(const Rules *r, const u8 *b) {
    PyObject *list = PyList_New(r->size);
    if (!list) return NULL;
    for (int i = 0; i < r->size; i++) PyList_SET_ITEM(list, i, PyLong_FromLong(b[i]));
    return list;
}

static PyObject *player_obj(int player) {
    if (player < 0) Py_RETURN_NONE;
    return PyLong_FromLong(player);
}

static PyObject *children_of(const Rules *r, const u8 *b, int player) {
    int moves[MAX_PITS], count = gen_moves(r, b, player, moves);
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (int k = 0; k < count; k++) {
        u8 c[MAX_SIZE];
        copy_board(c, b);
        int nxt = apply_move(r, c, player, moves[k]);
        PyObject *item = Py_BuildValue("(iNN)", moves[k], board_list(r, c), player_obj(nxt));
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, item);
    }
    return out;
}

/* children(spec, board, player) -> [(move, child board, next player or None), ...] */
static PyObject *py_children(PyObject *self, PyObject *args) {
    PyObject *spec, *board;
    int player;
    Rules r;
    u8 b[MAX_SIZE];
    if (!PyArg_ParseTuple(args, "OOi", &spec, &board, &player)) return NULL;
    if (parse_spec(spec, &r) || parse_board(&r, board, b)) return NULL;
    return children_of(&r, b, player);
}

/* -- perft ---------------------------------------------------------------------------------- */

typedef struct {
    const Rules *r;
    int history; /* track Oware's repetition rule */
    uint64_t (*keys)[3];
} Perft;

/* Move sequences of exactly ``depth`` plies; a repeated position (Oware: same board and mover
 * since the last capture, the keys in [lo, hi)) ends the game as State.play does. */
static unsigned long long perft_rec(Perft *p, const u8 *b, int player, int depth, int lo, int hi) {
    const Rules *r = p->r;
    int moves[MAX_PITS], count = gen_moves(r, b, player, moves);
    if (depth == 1) return (unsigned long long)count;
    unsigned long long total = 0;
    for (int k = 0; k < count; k++) {
        u8 c[MAX_SIZE];
        copy_board(c, b);
        int nxt = apply_move(r, c, player, moves[k]);
        if (nxt < 0) continue; /* over: no moves at any further depth */
        if (depth == 2) {
            int m[MAX_PITS];
            if (p->history) {
                uint64_t key[3];
                make_key(key, c, r->size, nxt);
                int captured = c[6] + c[13] != b[6] + b[13], seen = 0;
                for (int j = lo; j < hi && !captured && !seen; j++)
                    seen = !memcmp(p->keys[j], key, sizeof(key));
                if (seen) continue;
            }
            total += (unsigned long long)gen_moves(r, c, nxt, m);
            continue;
        }
        int clo = lo, chi = hi;
        if (p->history) {
            uint64_t key[3];
            make_key(key, c, r->size, nxt);
            int captured = c[6] + c[13] != b[6] + b[13], seen = 0;
            for (int j = lo; j < hi && !captured && !seen; j++)
                seen = !memcmp(p->keys[j], key, sizeof(key));
            if (seen) continue;
            memcpy(p->keys[hi], key, sizeof(key));
            if (captured) clo = hi;
            chi = hi + 1;
        }
        total += perft_rec(p, c, nxt, depth - 1, clo, chi);
    }
    return total;
}

/* perft(spec, board, player, depth, history) -> count; history: the (board, player) keys seen
 * since the last capture, as (board list, player) pairs (Oware), else empty. */
static PyObject *py_perft(PyObject *self, PyObject *args) {
    PyObject *spec, *board, *history;
    int player, depth;
    Rules r;
    u8 b[MAX_SIZE];
    if (!PyArg_ParseTuple(args, "OOiiO", &spec, &board, &player, &depth, &history)) return NULL;
    if (parse_spec(spec, &r) || parse_board(&r, board, b)) return NULL;
    if (depth <= 0) return PyLong_FromLong(1);
    if (player < 0) return PyLong_FromLong(0);
    PyObject *seq = PySequence_Fast(history, "history is a sequence of (board, player)");
    if (!seq) return NULL;
    Py_ssize_t nh = PySequence_Fast_GET_SIZE(seq);
    Perft p = {&r, r.family == FAMILY_OWARE, NULL};
    p.keys = malloc(sizeof(uint64_t[3]) * (size_t)(nh + depth + 2));
    if (!p.keys) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t j = 0; j < nh; j++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(seq, j);
        PyObject *hb;
        int hp;
        u8 hboard[MAX_SIZE];
        if (!PyArg_ParseTuple(pair, "Oi", &hb, &hp) || parse_board(&r, hb, hboard)) {
            free(p.keys);
            Py_DECREF(seq);
            return NULL;
        }
        make_key(p.keys[j], hboard, r.size, hp);
    }
    Py_DECREF(seq);
    unsigned long long count;
    Py_BEGIN_ALLOW_THREADS
    count = perft_rec(&p, b, player, depth, 0, (int)nh);
    Py_END_ALLOW_THREADS
    free(p.keys);
    return PyLong_FromUnsignedLongLong(count);
}

/* Take the Kalah endgame table given to a search (engine/solver/table.py: int8 values of every
 * view of up to ``seeds`` seeds of ``pits``-pit rows, as bytes or a mapped file; or None):
 * check it, point *values at it (NULL for None), set *most, and keep a memoryview of it in
 * *owner (the one held before is released).  0, or -1 with an exception if it is bad. */
static int take_endgame(PyObject *table, int seeds, int pits, PyObject **owner,
                        const int8_t **values, int *most) {
    int m = 2 * pits;
    Py_CLEAR(*owner);
    *values = NULL;
    *most = -1;
    if (table == Py_None) return 0;
    /* any read-only contiguous buffer: bytes, or a table file mapped with mmap */
    PyObject *view = PyMemoryView_FromObject(table);
    if (!view) return -1;
    Py_buffer *buf = PyMemoryView_GET_BUFFER(view);
    if (!PyBuffer_IsContiguous(buf, 'C') || buf->itemsize != 1) {
        Py_DECREF(view);
        PyErr_SetString(PyExc_TypeError, "endgame must be a contiguous byte buffer");
        return -1;
    }
    if (seeds < 0 || seeds > ENDGAME_MAX_SEEDS || m > ENDGAME_MAX_PITS ||
        (uint64_t)buf->len != endgame_count(seeds, m)) {
        Py_DECREF(view);
        PyErr_SetString(PyExc_ValueError, "endgame size does not match endgame_seeds");
        return -1;
    }
    *owner = view;
    *values = (const int8_t *)buf->buf;
    *most = seeds;
    return 0;
}

/* Take the Oware table given to a search (engine/solver/oware_table.py: four bytes a view of
 * up to ``seeds`` seeds on 12 houses, L and U first, as bytes or a mapped file; or None) for
 * the rules ``r`` (Oware on 6 pits only): as take_endgame. */
static int take_oware(PyObject *table, int seeds, const Rules *r, PyObject **owner,
                      const int8_t **values, int *most) {
    Py_CLEAR(*owner);
    *values = NULL;
    *most = -1;
    if (table == Py_None) return 0;
    if (r->family != FAMILY_OWARE || r->pits != 6) {
        PyErr_SetString(PyExc_ValueError, "an Oware table is for Oware's 6-pit rules only");
        return -1;
    }
    PyObject *view = PyMemoryView_FromObject(table);
    if (!view) return -1;
    Py_buffer *buf = PyMemoryView_GET_BUFFER(view);
    if (!PyBuffer_IsContiguous(buf, 'C') || buf->itemsize != 1) {
        Py_DECREF(view);
        PyErr_SetString(PyExc_TypeError, "oware must be a contiguous byte buffer");
        return -1;
    }
    if (seeds < 0 || seeds > ENDGAME_MAX_SEEDS ||
        (uint64_t)buf->len != 4 * endgame_count(seeds, 12)) {
        Py_DECREF(view);
        PyErr_SetString(PyExc_ValueError, "oware size does not match oware_seeds");
        return -1;
    }
    *owner = view;
    *values = (const int8_t *)buf->buf;
    *most = seeds;
    return 0;
}

/* -- Searcher ------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD Search s;
    PyObject *endgame; /* a view of the buffer the search's endgame table points into */
    PyObject *oware;   /* the same for its Oware table */
} SearcherObject;

/* Searcher(spec, me, win, eval_kind, weights, distance, ordering, table, endgame=None,
 * endgame_seeds=-1, table_limit=0, oware=None, oware_seeds=-1): ``endgame`` is a Kalah endgame
 * table (engine/solver/table.py, int8 values of every view of up to ``endgame_seeds`` seeds);
 * ``table_limit`` the most entries its transposition table takes (0: TABLE_MAX_ENTRIES);
 * ``oware`` an Oware table of up to ``oware_seeds`` seeds (search.h's oware_bounds). */
static int Searcher_init(SearcherObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"spec",     "me",       "win",   "eval_kind",     "weights",
                             "distance", "ordering", "table", "endgame",       "endgame_seeds",
                             "table_limit", "oware", "oware_seeds", NULL};
    PyObject *spec, *endgame = Py_None, *oware = Py_None;
    Search *s = &self->s;
    int endgame_seeds = -1, oware_seeds = -1;
    unsigned long long table_limit = 0;
    table_free(&s->table);
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Oidi(dddd)ppp|OiKOi", kwlist, &spec, &s->me,
                                     &s->win, &s->eval_kind, &s->w[0], &s->w[1], &s->w[2],
                                     &s->w[3], &s->distance, &s->ordering, &s->use_table,
                                     &endgame, &endgame_seeds, &table_limit, &oware,
                                     &oware_seeds))
        return -1;
    s->table.max_entries = (size_t)table_limit;
    if (parse_spec(spec, &s->r) ||
        take_endgame(endgame, endgame_seeds, s->r.pits, &self->endgame, &s->endgame,
                     &s->endgame_seeds) ||
        take_oware(oware, oware_seeds, &s->r, &self->oware, &s->oware, &s->oware_seeds))
        return -1;
    s->pvs = s->ordering && s->use_table;
    search_prepare(s);
    s->nodes = s->horizon = 0;
    s->next_check = 1024;
    s->deadline = -1;
    return 0;
}

static void Searcher_dealloc(SearcherObject *self) {
    table_free(&self->s.table);
    Py_CLEAR(self->endgame);
    Py_CLEAR(self->oware);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* One search under the timeout's jump point; returns nonzero if it jumped out. */
static int guarded_search(Search *s, const u8 *b, int player, int depth, double alpha,
                          double beta, double *value) {
    if (setjmp(s->timeout)) return 1;
    *value = alphabeta(s, b, player, depth, alpha, beta);
    return 0;
}

/* alphabeta(board, player, depth, alpha, beta, deadline) -> value, or None when the deadline
 * (a time.perf_counter() reading, or None) passed first. */
static PyObject *Searcher_alphabeta(SearcherObject *self, PyObject *args) {
    PyObject *board, *deadline;
    int player, depth;
    double alpha, beta;
    u8 b[MAX_SIZE];
    Search *s = &self->s;
    if (!PyArg_ParseTuple(args, "OiiddO", &board, &player, &depth, &alpha, &beta, &deadline))
        return NULL;
    if (parse_board(&s->r, board, b)) return NULL;
    s->deadline = deadline == Py_None ? -1.0 : PyFloat_AsDouble(deadline);
    if (PyErr_Occurred()) return NULL;
    s->oom = 0;
    double value;
    int jumped;
    Py_BEGIN_ALLOW_THREADS
    jumped = guarded_search(s, b, player, depth, alpha, beta, &value);
    Py_END_ALLOW_THREADS
    if (s->oom) return PyErr_NoMemory();
    if (jumped) Py_RETURN_NONE;
    return PyFloat_FromDouble(value);
}

static PyObject *Searcher_table_move(SearcherObject *self, PyObject *args) {
    PyObject *board;
    int player;
    u8 b[MAX_SIZE];
    uint64_t key[3];
    if (!PyArg_ParseTuple(args, "Oi", &board, &player)) return NULL;
    if (parse_board(&self->s.r, board, b)) return NULL;
    make_key(key, b, self->s.r.size, player);
    Entry *e = table_find(&self->s.table, key);
    if (!e) Py_RETURN_NONE;
    return PyLong_FromLong(e->move);
}

static PyObject *Searcher_table_size(SearcherObject *self, PyObject *unused) {
    return PyLong_FromSize_t(self->s.table.count);
}

static PyObject *Searcher_clear_table(SearcherObject *self, PyObject *unused) {
    table_clear(&self->s.table);
    Py_RETURN_NONE;
}

static PyObject *Searcher_children(SearcherObject *self, PyObject *args) {
    PyObject *board;
    int player;
    u8 b[MAX_SIZE];
    if (!PyArg_ParseTuple(args, "Oi", &board, &player)) return NULL;
    if (parse_board(&self->s.r, board, b)) return NULL;
    return children_of(&self->s.r, b, player);
}

static PyMethodDef Searcher_methods[] = {
    {"alphabeta", (PyCFunction)Searcher_alphabeta, METH_VARARGS, "one alpha-beta search"},
    {"table_move", (PyCFunction)Searcher_table_move, METH_VARARGS, "the table's best move"},
    {"table_size", (PyCFunction)Searcher_table_size, METH_NOARGS, "entries in the table"},
    {"clear_table", (PyCFunction)Searcher_clear_table, METH_NOARGS, "empty the table"},
    {"children", (PyCFunction)Searcher_children, METH_VARARGS, "every child of a board"},
    {NULL}};

static PyMemberDef Searcher_members[] = {
    {"nodes", T_LONGLONG, offsetof(SearcherObject, s.nodes), 0, "positions searched"},
    {"horizon", T_LONGLONG, offsetof(SearcherObject, s.horizon), 0, "heuristic leaves used"},
    {NULL}};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.native._core.Searcher",
    .tp_basicsize = sizeof(SearcherObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Alpha-beta with a transposition table over one rule set, for one player.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_dealloc = (destructor)Searcher_dealloc,
    .tp_methods = Searcher_methods,
    .tp_members = Searcher_members,
};

/* -- MarginSearcher (the analysis search) --------------------------------------------------- */

typedef struct {
    PyObject_HEAD Margin m;
} MarginObject;

/* MarginSearcher(spec, share, table_limit) */
static int Margin_init(MarginObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"spec", "share", "table_limit", NULL};
    PyObject *spec;
    Margin *m = &self->m;
    table_free(&m->table);
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OdL", kwlist, &spec, &m->share,
                                     &m->table_limit))
        return -1;
    if (parse_spec(spec, &m->r)) return -1;
    m->nodes = m->limit = 0;
    m->deadline = INFINITY;
    m->horizon = m->capped = 0;
    return 0;
}

static void Margin_dealloc(MarginObject *self) {
    table_free(&self->m.table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* start(limit, deadline): a new evaluation: an empty table, no nodes spent, at most ``limit``
 * nodes, and the wall-time guard at ``deadline`` (a time.perf_counter() reading). */
static PyObject *Margin_start(MarginObject *self, PyObject *args) {
    Margin *m = &self->m;
    long long limit;
    double deadline;
    if (!PyArg_ParseTuple(args, "Ld", &limit, &deadline)) return NULL;
    table_clear(&m->table);
    m->nodes = 0;
    m->limit = limit;
    m->deadline = deadline;
    m->capped = m->horizon = 0;
    Py_RETURN_NONE;
}

/* One search under the stop's jump point; returns 0, or why it jumped out. */
static int guarded_margin(Margin *m, const u8 *b, int player, int depth, double alpha,
                          double beta, double *value) {
    int why = setjmp(m->stop);
    if (why) return why;
    *value = margin_search(m, b, player, depth, alpha, beta);
    return 0;
}

/* search(board, player, depth, alpha, beta) -> the value for ``player`` (to move), or None once
 * the node budget or the guard is spent; ``horizon`` then says whether it met the horizon. */
static PyObject *Margin_search(MarginObject *self, PyObject *args) {
    PyObject *board;
    int player, depth, why;
    double alpha, beta, value = 0.0;
    u8 b[MAX_SIZE];
    Margin *m = &self->m;
    if (!PyArg_ParseTuple(args, "Oiidd", &board, &player, &depth, &alpha, &beta)) return NULL;
    if (parse_board(&m->r, board, b)) return NULL;
    m->horizon = 0;
    Py_BEGIN_ALLOW_THREADS
    why = guarded_margin(m, b, player, depth, alpha, beta, &value);
    Py_END_ALLOW_THREADS
    if (why == STOP_MEMORY) return PyErr_NoMemory();
    if (why) Py_RETURN_NONE;
    return PyFloat_FromDouble(value);
}

static PyObject *Margin_table_size(MarginObject *self, PyObject *unused) {
    return PyLong_FromSize_t(self->m.table.count);
}

static PyObject *Margin_nodes(MarginObject *self, void *unused) {
    return PyLong_FromLongLong(self->m.nodes);
}

static PyObject *Margin_horizon(MarginObject *self, void *unused) {
    return PyBool_FromLong(self->m.horizon);
}

static PyObject *Margin_capped(MarginObject *self, void *unused) {
    return PyBool_FromLong(self->m.capped);
}

static PyMethodDef Margin_methods[] = {
    {"start", (PyCFunction)Margin_start, METH_VARARGS, "a new evaluation"},
    {"search", (PyCFunction)Margin_search, METH_VARARGS, "one alpha-beta search"},
    {"table_size", (PyCFunction)Margin_table_size, METH_NOARGS, "entries in the table"},
    {NULL}};

static PyGetSetDef Margin_getset[] = {
    {"nodes", (getter)Margin_nodes, NULL, "positions searched since start()", NULL},
    {"horizon", (getter)Margin_horizon, NULL, "the last search met the horizon", NULL},
    {"capped", (getter)Margin_capped, NULL, "the wall-time guard stopped a search", NULL},
    {NULL}};

static PyTypeObject MarginType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.native._core.MarginSearcher",
    .tp_basicsize = sizeof(MarginObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The analysis search: alpha-beta on the final margin with a node budget.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Margin_init,
    .tp_dealloc = (destructor)Margin_dealloc,
    .tp_methods = Margin_methods,
    .tp_getset = Margin_getset,
};

/* -- Tree (MCTS) ---------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD Tree t;
    PyObject *endgame; /* a view of the buffer the tree's endgame table points into */
} TreeObject;

/* Tree(spec, c, greedy, node_limit, rng_state, endgame=None, endgame_seeds=-1) */
static int TreeObj_init(TreeObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"spec",      "c",       "greedy",        "node_limit",
                             "rng_state", "endgame", "endgame_seeds", NULL};
    PyObject *spec, *endgame = Py_None;
    unsigned long long state;
    int endgame_seeds = -1;
    Tree *t = &self->t;
    free(t->nodes);
    memset(t, 0, sizeof(*t));
    t->root = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OdpLK|Oi", kwlist, &spec, &t->c, &t->greedy,
                                     &t->node_limit, &state, &endgame, &endgame_seeds))
        return -1;
    t->rng = state;
    if (parse_spec(spec, &t->r)) return -1;
    return take_endgame(endgame, endgame_seeds, t->r.pits, &self->endgame, &t->endgame,
                        &t->endgame_seeds);
}

static void TreeObj_dealloc(TreeObject *self) {
    free(self->t.nodes);
    Py_CLEAR(self->endgame);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* start(board, to_move, reuse) -> visits kept at the root (0 for a new root); a kept root keeps
 * only its subtree. */
static PyObject *TreeObj_start(TreeObject *self, PyObject *args) {
    PyObject *board;
    int to_move, reuse;
    u8 b[MAX_SIZE];
    if (!PyArg_ParseTuple(args, "Oip", &board, &to_move, &reuse)) return NULL;
    if (parse_board(&self->t.r, board, b)) return NULL;
    long long kept = tree_start(&self->t, b, to_move, reuse, 4);
    if (kept < 0) return PyErr_NoMemory();
    return PyLong_FromLongLong(kept);
}

/* run(iterations or None, deadline or None) -> (iterations done, deepest node). */
static PyObject *TreeObj_run(TreeObject *self, PyObject *args) {
    PyObject *iterations, *deadline;
    if (!PyArg_ParseTuple(args, "OO", &iterations, &deadline)) return NULL;
    long long cap = iterations == Py_None ? -1 : PyLong_AsLongLong(iterations);
    double end = deadline == Py_None ? -1.0 : PyFloat_AsDouble(deadline);
    if (PyErr_Occurred()) return NULL;
    if (self->t.root < 0) {
        PyErr_SetString(PyExc_RuntimeError, "start() the tree first");
        return NULL;
    }
    long long done;
    int depth;
    Py_BEGIN_ALLOW_THREADS
    done = tree_run(&self->t, cap, end, &depth);
    Py_END_ALLOW_THREADS
    if (done < 0) return PyErr_NoMemory();
    return Py_BuildValue("(Li)", done, depth);
}

/* root_stats() -> [(move, visits, wins), ...] for the root's children, in the tree's order. */
static PyObject *TreeObj_root_stats(TreeObject *self, PyObject *unused) {
    Tree *t = &self->t;
    if (t->root < 0) return PyList_New(0);
    Node *root = &t->nodes[t->root];
    PyObject *out = PyList_New(root->nchildren);
    if (!out) return NULL;
    for (int k = 0; k < root->nchildren; k++) {
        Node *ch = &t->nodes[root->children[k]];
        PyList_SET_ITEM(out, k, Py_BuildValue("(iLd)", ch->move, (long long)ch->visits, ch->wins));
    }
    return out;
}

/* best_path(limit) -> the most visited child's move at each node from the root down. */
static PyObject *TreeObj_best_path(TreeObject *self, PyObject *args) {
    int limit;
    Tree *t = &self->t;
    if (!PyArg_ParseTuple(args, "i", &limit)) return NULL;
    PyObject *out = PyList_New(0);
    if (!out || t->root < 0) return out;
    int32_t id = t->root;
    while (t->nodes[id].nchildren && PyList_GET_SIZE(out) < limit) {
        Node *n = &t->nodes[id];
        int32_t best = n->children[0];
        for (int k = 1; k < n->nchildren; k++)
            if (t->nodes[n->children[k]].visits > t->nodes[best].visits) best = n->children[k];
        id = best;
        PyObject *move = PyLong_FromLong(t->nodes[id].move);
        if (!move || PyList_Append(out, move)) {
            Py_XDECREF(move);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(move);
    }
    return out;
}

static PyObject *TreeObj_forget(TreeObject *self, PyObject *unused) {
    self->t.root = -1;
    self->t.len = 0;
    Py_RETURN_NONE;
}

static PyMethodDef TreeObj_methods[] = {
    {"start", (PyCFunction)TreeObj_start, METH_VARARGS, "set the root"},
    {"run", (PyCFunction)TreeObj_run, METH_VARARGS, "run UCT iterations"},
    {"root_stats", (PyCFunction)TreeObj_root_stats, METH_NOARGS, "the root's children"},
    {"best_path", (PyCFunction)TreeObj_best_path, METH_VARARGS, "the most visited line"},
    {"forget", (PyCFunction)TreeObj_forget, METH_NOARGS, "drop the tree"},
    {NULL}};

static PyMemberDef TreeObj_members[] = {
    {"rng_state", T_ULONGLONG, offsetof(TreeObject, t.rng), 0, "SplitMix64 state"},
    {"nodes", T_LONGLONG, offsetof(TreeObject, t.len), READONLY, "nodes in the tree"},
    {NULL}};

static PyTypeObject TreeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.native._core.Tree",
    .tp_basicsize = sizeof(TreeObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A UCT search tree over one rule set.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)TreeObj_init,
    .tp_dealloc = (destructor)TreeObj_dealloc,
    .tp_methods = TreeObj_methods,
    .tp_members = TreeObj_members,
};

static PyMethodDef module_methods[] = {
    {"children", py_children, METH_VARARGS, "every child of a board"},
    {"perft", py_perft, METH_VARARGS, "count move sequences"},
    {NULL}};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_core",
    .m_doc = "The native search core of the engine.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__core(void) {
    endgame_init();
    if (PyType_Ready(&SearcherType) < 0 || PyType_Ready(&MarginType) < 0 ||
        PyType_Ready(&TreeType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SearcherType);
    Py_INCREF(&MarginType);
    Py_INCREF(&TreeType);
    if (PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) ||
        PyModule_AddObject(m, "MarginSearcher", (PyObject *)&MarginType) ||
        PyModule_AddObject(m, "Tree", (PyObject *)&TreeType)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
