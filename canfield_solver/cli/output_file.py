"""Writing a file the user named (``--position``, ``--html``) without ever destroying one by accident.

An existing file is refused unless ``force``; with ``force`` it is replaced atomically (a
temporary file beside it, then a rename), so it holds either the old text or the whole new one,
and keeps its permissions. A symbolic link is followed: the file it points to is replaced and the
link stays, as when a file is written through it.
"""

from __future__ import annotations

import os
import stat
import tempfile

from canfield_solver.core.errors import InputError, shown_path


def refuse_existing(path: str, force: bool) -> None:
    """``InputError`` when ``path`` exists and ``force`` is not given: checked before any work, so
    that a long solve does not end in a refusal (``write_new_file`` checks again as it writes)."""
    if not force and os.path.lexists(path):
        raise _exists(path)


def _exists(path: str) -> InputError:
    return InputError(f"{shown_path(path)} exists already: give another file name, or --force to replace it")


def write_new_file(path: str, text: str, force: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path``; ``InputError`` when it exists (without ``force``) or
    cannot be written."""
    try:
        if not force:
            handle = open(path, "x", encoding="utf-8")
            try:
                with handle:
                    handle.write(text)
            except OSError:
                os.unlink(path)  # ours, just created: no half-written file is left behind
                raise
            return
        target = os.path.realpath(path)  # through a symbolic link, to the file it names
        folder = os.path.dirname(target)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, prefix=".tmp-", delete=False) as temporary:
            temporary.write(text)
        try:
            os.chmod(temporary.name, _mode(target))
            os.replace(temporary.name, target)
        except OSError:
            os.unlink(temporary.name)
            raise
    except FileExistsError:
        raise _exists(path) from None
    except OSError as error:
        raise InputError(f"cannot write {shown_path(path)}: {error.strerror}") from None


def _mode(path: str) -> int:
    """The permissions ``path`` has, or those a new file gets (0666 less the umask)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
