"""``module_command``: how a first run starts its Python processes, so that they run this very package.

``python -m`` puts the working folder first on the new process's import path. README's quick start
installs the project from its clone (``pip install .``) and runs it there, so the processes a first
run starts (the interpreted child, the compile in the background and its helper) imported the
clone's modules, not the installed ones this process runs. numba keys its cache by the source
file, so the kernels they compiled were ones this process never loads: every later run found the
cache empty and was a first run again. A process started by ``module_command`` gets this
process's import path instead, as ``multiprocessing`` gives the processes it spawns.
"""

from __future__ import annotations

import sys


def module_command(module: str, *args: str) -> list[str]:
    """The command that runs ``module`` as ``__main__`` with ``args``, importing as this process does."""
    path = [entry for entry in sys.path if isinstance(entry, str)]  # Python's import skips any other
    code = f"import runpy, sys\nsys.path[:] = {path!r}\nrunpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    return [sys.executable, "-c", code, *args]
