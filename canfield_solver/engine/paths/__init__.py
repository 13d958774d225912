"""Searches for short paths, used once a win or a best state is found: a path within a bound of
printed moves (``bounded``), a short win by weighted best-first search (``best_first``), and the
detours of a path cut out (``shortcut``)."""
