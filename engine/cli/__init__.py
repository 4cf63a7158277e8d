"""The engine's command-line front ends: the only modules of ``engine`` that touch the terminal.

``python -m engine play | perft | arena | bench | ladder | evolve | solve | puzzles`` (see
:mod:`engine.cli.main`).
The library they drive is the rest of ``engine``: rules in :mod:`engine.core` and
:mod:`engine.variants`, agents in :mod:`engine.agents`, games between agents in :mod:`engine.match`.
"""
