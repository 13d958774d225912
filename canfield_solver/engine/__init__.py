"""The numba engine: array-encoded positions, move generation with make/unmake, hashing, search.

Imports only ``core``; the rest of the package comes in through ``driver`` alone. Modules, each
with one job, in the order they build on each other:

- ``cache``: the per-user folder of the compiled kernels, in a subfolder per engine version;
- ``cache_load``: loading a kernel's machine code from there without numba's compiler set-up;
- ``link_only``: the kernels' build for other kernels kept as the LLVM code its callers link in;
- ``kernel``: the numba decorators of the kernels (cached, no reference counting, no GIL);
- ``first_run/``: a machine's first run: ``compile_ahead`` (a helper process that compiles the
  kernels a solve calls last, ``shortcut`` and ``rewind``, while the solve compiles the search's
  own; the lock of a compile in the background), ``compile_split`` (the share of the kernels
  both call that each compiles first) and ``same_package`` (the command that starts such a
  process on this process's import path);
- ``layout``: where each part of a position lives in the one ``int32`` state array;
- ``table``: the transposition table of keys, grown in place (and a prefetch of a key's slot);
- ``zobrist``: the Zobrist numbers and the canonical 64-bit key of a state;
- ``movegen``: legal move generation (the stock as reachable cards), make and unmake;
- ``child_keys``: the key of the state a move leads to, without making the move;
- ``codec``: ``Position``/``Rules`` to arrays and back, engine moves to referee ``Move`` lists;
- ``lost/``: cheap proofs that a state is lost: ``stuck_reserve`` and ``buried_cards`` (asked by
  the search), ``easier_game`` (a search of the easier game, run on the states entered);
- ``search``: the resumable depth-first win search with dominances and move ordering;
- ``parallel``: the win search as several searches sharing one table, on one thread or several;
- ``side_searches``: a search with a side search taking turns (the other move order, the easier game);
- ``paths/``: short paths: ``bounded`` (within a bound of printed moves: shortest wins,
  best-score lists), ``best_first`` (a short win, weighted best-first), ``shortcut`` (a path's
  detours cut out);
- ``driver``: the one way in: it runs a search within ``Limits`` (the table and its growth, the
  keys, the drive loop) and returns an ``EngineOutcome``.

Kernels only take numpy arrays and integers, so the searches of ``paths/`` build on ``movegen``
and ``zobrist`` as they are. docs/engine.md describes the engine; docs/dominances.md proves its
prunings.
"""

from .cache import check_environment

check_environment()  # before numba is imported anywhere in the engine
