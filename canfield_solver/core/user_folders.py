"""Where this program keeps its files for a user, as each platform keeps such files: the compiled
kernels (a cache: deleting it costs a compile) and the sessions of ``follow`` (data: a game to go
on with).

    >>> str(user_folder("data", {"HOME": "/home/ann"}, "linux")), str(user_folder("cache", {"HOME": "/home/ann"}, "linux"))
    ('/home/ann/.local/share/canfield-solver', '/home/ann/.cache/canfield-solver')
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

APP = "canfield-solver"
Kind = Literal["cache", "data"]


def user_folder(kind: Kind, environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Path:
    """The per-user folder of ``kind``: on Linux ``$XDG_CACHE_HOME`` (``~/.cache``) or
    ``$XDG_DATA_HOME`` (``~/.local/share``), on macOS ``~/Library/Caches`` or ``~/Library/Application
    Support``, on Windows ``%LOCALAPPDATA%``; ``canfield-solver`` in it."""
    home = Path(environ.get("HOME") or home_of_user())
    if platform == "win32":
        return Path(environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / APP / kind.title()
    if platform == "darwin":
        return home / "Library" / ("Caches" if kind == "cache" else "Application Support") / APP
    xdg, default = ("XDG_CACHE_HOME", home / ".cache") if kind == "cache" else ("XDG_DATA_HOME", home / ".local" / "share")
    return Path(environ.get(xdg) or default) / APP


def home_of_user() -> str:
    """The home folder the system names for this user (for a ``HOME`` that is empty or unset),
    else a folder in the temporary folder: never the root folder or the current one."""
    try:
        import pwd

        home = pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError, OSError):
        home = ""
    return home if home and home != "/" else os.path.join(tempfile.gettempdir(), f"{APP}-home")
