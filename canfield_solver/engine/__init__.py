"""The numba engine: array-encoded positions, move generation with make/unmake, hashing, search.

Modules, each with one job:

- ``kernel``: the numba decorator of the search's kernels (no reference counting);
- ``layout``: where each part of a position lives in the one ``int32`` state array;
- ``bridge``: ``Position``/``Rules`` to arrays and back, engine moves to referee ``Move`` lists;
- ``zobrist``: the Zobrist tables and the canonical 64-bit key of a state;
- ``movegen``: legal move generation (stock as reachable cards), make and unmake;
- ``table``: the transposition table of keys (and a prefetch of a key's slot);
- ``search``: the resumable depth-first search with dominances and move ordering;
- ``bounded``: the depth-first search within a bound of printed moves (shortest wins, best-score lists);
- ``shortcut``: shorten a move path by jumps of one or two moves to later states of it;
- ``cache``, ``loading``: where the compiled kernels are kept, and their loading from there;
- ``driver``: the one way in for the rest of the package: it runs a search within ``Limits``
  (the table and its growth, the keys, the drive loop) and returns an ``EngineOutcome``.

Kernels only take numpy arrays and integers, so ``bounded`` and ``shortcut`` build on ``movegen``
and ``zobrist`` as they are.
"""
