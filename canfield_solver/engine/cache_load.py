"""Load a kernel's machine code from numba's cache without numba's compiler set-up.

Before each load from the cache numba refreshes its target context: the first refresh imports
and registers every implementation numba has (unicode, linear algebra, typed containers,
random numbers, ...), a fifth of a second of CPU on every start of a warm ``solve``, which only
compiling uses. Loading needs numba's runtime (``rtsys``, which the cached code may call) and
nothing else; a cache miss still compiles as usual, and numba's compiler makes that refresh
itself (``numba.core.compiler.CompilerBase``). This leans on two private methods of numba's
``Cache``; where they are missing the dispatcher is left as numba made it.

A kernel whose cached files cannot be read back (cut short by a full disk or a killed write,
say) is compiled again instead: its index is removed first, since numba reads it again to save
the new code, and one line on stderr says so, once a process.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from numba.core.caching import Cache
from numba.core.dispatcher import Dispatcher
from numba.core.runtime import rtsys


def load_without_refresh(dispatcher: Dispatcher) -> Dispatcher:
    """Have ``dispatcher`` load cached machine code without refreshing the target context."""
    cache = getattr(dispatcher, "_cache", None)  # numba's own, private; a plain function (interpreted) has none
    if not (isinstance(cache, Cache) and hasattr(cache, "_load_overload")
            and hasattr(cache, "_guard_against_spurious_io_errors")):
        return dispatcher

    def load_overload(sig: Any, target_context: Any) -> Any:
        rtsys.initialize(target_context)
        try:
            with cache._guard_against_spurious_io_errors():
                return cache._load_overload(sig, target_context)
            return None  # the guard swallowed an error of the cache files: compile instead
        except Exception:  # noqa: BLE001 (whatever a damaged pickle raises: compile again)
            _forget(cache)
            return None

    cache.load_overload = load_overload  # type: ignore[method-assign]
    return dispatcher



_said: list[str] = []  # the folders of damaged caches this process has named


def _forget(cache: Cache) -> None:
    """Remove the index of ``cache``'s kernel, so that the code compiled anew is saved in its place."""
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    try:
        if index:
            os.remove(index)
    except OSError:
        pass
    folder = os.path.dirname(os.path.dirname(index)) if index else "the compiled-kernel cache"
    if folder not in _said:
        _said.append(folder)
        print(f"canfield-solver: compiled kernels in {folder} are damaged: compiling them again", file=sys.stderr)
