"""``kernel``: the decorator of the search's numba kernels (nopython, cached, no reference counts).

These kernels only read and write arrays made in Python and never allocate, so numba's
reference counting of arrays (atomic increments and decrements where arrays are passed to
functions or sliced, which its pruning pass leaves in branchy code) has nothing to do for them.
It cost a quarter of the search's time: perf put 27% of the samples of a solve of CF1-D3-AAAAAAM
in ``NRT_incref``/``NRT_decref``. ``_nrt=False`` is numba's switch to leave it out; a kernel that
allocates then fails to compile (the "NRT required" error), so leaving it out cannot go wrong
silently. Kernels that allocate (``shortest``, ``shortcut``) use ``allocating``, plain ``njit``.

Both cache their machine code in a per-user folder (``cache.py``), set before numba is imported.
"""

from .cache import use_cache_folder

CACHED = use_cache_folder()

from numba import njit  # noqa: E402 (after the cache folder is set)

kernel = njit(cache=CACHED, _nrt=False)
inlined = njit(cache=CACHED, _nrt=False, inline="always")
allocating = njit(cache=CACHED)
