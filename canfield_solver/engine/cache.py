"""Where numba keeps the compiled kernels: a per-user cache folder, never the installed package.

numba's default writes its cache next to the source, into ``site-packages``: pip does not own
those files, so an uninstall leaves the package folder behind (which then hides a later editable
install), and a read-only installation cannot be written at all. numba reads ``NUMBA_CACHE_DIR``
when it is imported and again before each compile (``numba.core.config.reload_config``), and a
function's cache folder is fixed when it is decorated, so ``use_cache_folder`` runs before the
first kernel is decorated (``kernel.py`` calls it).

Inside that folder the kernels live in a subfolder named after a fingerprint of the engine's
sources (``engine_fingerprint``; numba itself drops a cache written by another numba version).
numba checks a cached kernel only against its own file's time stamp, so a change elsewhere (a kernel it calls, compiled into it, or the
options of the ``kernel`` decorator, such as letting go of the GIL) would otherwise leave stale
machine code in use; a new fingerprint starts a fresh subfolder instead.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path

from canfield_solver.core.errors import InputError, shorten
from canfield_solver.core.user_folders import APP, user_folder

ENV = "CANFIELD_SOLVER_CACHE"
INTERPRETED = "CANFIELD_SOLVER_INTERPRETED"  # "1" in a first run's child, which runs the kernels as Python


def cache_folder(environ: dict[str, str] | os._Environ = os.environ, platform: str = sys.platform) -> Path:
    """``$CANFIELD_SOLVER_CACHE``, else ``$NUMBA_CACHE_DIR``, else the platform's per-user cache folder."""
    for name in (ENV, "NUMBA_CACHE_DIR"):
        if environ.get(name):
            return Path(environ[name]).expanduser()
    return user_folder("cache", environ, platform)


def check_environment(environ: dict[str, str] | os._Environ = os.environ) -> None:
    """``InputError`` when the environment keeps numba from compiling the kernels, in one line,
    rather than numba's traceback: ``NUMBA_DISABLE_JIT`` set (except in a first run's child, which
    asks for it: ``cli/first_solve.py``), ``NUMBA_NUM_THREADS`` no count."""
    disabled = environ.get("NUMBA_DISABLE_JIT", "").strip()
    if disabled not in ("", "0") and environ.get(INTERPRETED) != "1":
        raise InputError(f"NUMBA_DISABLE_JIT={shorten(disabled)} turns off numba's compiler, which the solver needs: "
                         "unset it")
    threads = environ.get("NUMBA_NUM_THREADS", "").strip()
    count = int(threads) if threads.isascii() and threads.isdigit() and len(threads) <= 6 else 0
    if threads and count < 1:
        raise InputError(f"NUMBA_NUM_THREADS={shorten(threads)} is not a number of threads from 1 up: "
                         "unset it or give one")


def engine_fingerprint(engine: Path = Path(__file__).parent) -> str:
    """16 hex digits that change with any source file of ``engine``, its sub-folders' included."""
    digest = hashlib.sha256()
    for source in sorted(engine.rglob("*.py")):
        digest.update(source.relative_to(engine).as_posix().encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]


def writable(folder: Path) -> str | None:
    """None when files can be made in ``folder`` (created if missing), else why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as error:
        return error.strerror or str(error)
    return None


def use_cache_folder() -> bool:
    """Point numba's cache at ``cache_folder()``; False (compile in memory only) when it cannot be written.

    Without a writable folder numba would fall back to the package's own folder, so kernels are
    then not cached at all, and one line on stderr says how to fix it. The folder is also set as
    ``CANFIELD_SOLVER_CACHE`` for the processes this one starts (a first run's child, compile and
    helper), which would otherwise take ``NUMBA_CACHE_DIR``, the engine's subfolder, for the
    folder and cache their kernels in a subfolder of it that this process never reads.
    """
    folder = cache_folder() / f"engine-{engine_fingerprint()}"
    problem = writable(folder)
    if problem is not None:
        print(f"{APP}: cannot write the compiled-kernel cache {folder} ({problem}): compiling for this run only;"
              f" set {ENV} to a writable folder to keep them", file=sys.stderr)
        return False
    os.environ[ENV] = str(folder.parent)  # the processes a first run starts: else they take numba's, below, for it
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    if "numba.core.config" in sys.modules:  # numba was imported before us: make it read the folder again
        sys.modules["numba.core.config"].reload_config()
    return True
