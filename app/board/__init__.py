"""The analysis board: any position (set up by hand, from a review, from a record) played freely.

* :mod:`app.board.position`: a position as a client sends it, checked by the engine, and the
  answer: the legal moves, the board after each and its sowing path;
* :mod:`app.board.service`: the use case: the values of a position's moves, from the
  computer's fair queue;
* :mod:`app.board.routes`: ``POST /api/board`` and the ``/analysis`` page.
"""
