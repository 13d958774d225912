"""``kernel``: the decorator of the search's numba kernels (nopython, cached, no reference counts).

These kernels only read and write arrays made in Python and never allocate, so numba's
reference counting of arrays (atomic increments and decrements where arrays are passed to
functions or sliced, which its pruning pass leaves in branchy code) has nothing to do for them.
It cost a quarter of the search's time: perf put 27% of the samples of a solve of CF1-D3-AAAAAAM
in ``NRT_incref``/``NRT_decref``. ``_nrt=False`` is numba's switch to leave it out; a kernel that
allocates then fails to compile (the "NRT required" error), so leaving it out cannot go wrong
silently. Kernels that allocate (``bounded``, ``shortcut``) use ``allocating``, plain ``njit``.
Kernels touch no Python object, so they let go of the GIL (``nogil``): the parallel search
(``parallel.py``) runs one ``search.run`` per thread at once.

All cache their machine code in a per-user folder (``cache.py``), set before numba is imported,
and load it from there without numba's compiler set-up (``cache_load.py``). Small kernels (a
move's fields, a card's suit) stay plain kernels: numba compiles one copy for each combination of
constant arguments its callers pass (``encode_move`` has seven), and LLVM inlines them into their
callers all the same. Inlined by numba instead, each call site copied and typed the kernel anew:
the search's first compile took 14.0 s instead of 11.7 s, for the same speed. The larger kernels
that ``search.run`` calls for every state or move (``make``, ``unmake``, ``insert``,
``child_key``, ``expand_node``, ...) are ``in_search_loop``: inlined by numba into ``run`` alone.
A call from one kernel to another passes each array as seven machine arguments, and LLVM left
such calls in place: inlined, the search spends about a sixth less per state. Inlined everywhere
(``shortcut`` alone makes nine calls of ``make`` and ``unmake``) they made the first compile
twice as long.

Where numba's compiler is off (``NUMBA_DISABLE_JIT``: only a first run's child, which searches
while the kernels compile, ``cli/first_solve.py``) the decorators leave the functions as they are
and Python runs them: the same code, the same searches, a few thousand states a second.
``interpreted_as`` gives each intrinsic (code numba generates, which Python cannot run) its Python
twin for that case; ``tests/engine/test_interpreted.py`` checks the two ways give the same answers.
"""

from collections.abc import Callable
from typing import Any

from .cache import use_cache_folder

CACHED = use_cache_folder()

from numba import config, njit  # noqa: E402 (after the cache folder is set)

from .cache_load import load_without_refresh  # noqa: E402


def _cached(**options: Any) -> Callable:
    decorate = njit(cache=CACHED, **options)
    return lambda function: load_without_refresh(decorate(function))


def _into_the_search_loop(call: Any, caller: Any, callee: Any) -> bool:
    """Numba's inlining choice for ``in_search_loop``: inline into ``search.run`` alone."""
    return caller.func_id.func_qualname == "run" and caller.func_id.modname.endswith(".engine.search")


COMPILED = not config.DISABLE_JIT  # type: ignore[attr-defined]  # False: the kernels run as Python (a first run's child)


def interpreted_as(twin: Callable) -> Callable:
    """Decorate an intrinsic: it stays when the kernels are compiled, ``twin`` replaces it when Python runs them."""
    return lambda intrinsic: intrinsic if COMPILED else twin


kernel = _cached(_nrt=False, nogil=True)
in_search_loop = _cached(_nrt=False, nogil=True, inline=_into_the_search_loop)
allocating = _cached()
