"""Writing a file the user named (``--position``, ``--html``) without ever destroying one by accident.

An existing file is refused unless ``force``; with ``force`` it is replaced atomically (a
temporary file beside it, then a rename), so it holds either the old text or the whole new one.
"""

from __future__ import annotations

import os
import tempfile

from canfield_solver.core.errors import InputError


def refuse_existing(path: str, force: bool) -> None:
    """``InputError`` when ``path`` exists and ``force`` is not given: checked before any work, so
    that a long solve does not end in a refusal (``write_new_file`` checks again as it writes)."""
    if not force and os.path.lexists(path):
        raise _exists(path)


def _exists(path: str) -> InputError:
    return InputError(f"{path} exists already: give another file name, or --force to replace it")


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
        folder = os.path.dirname(os.path.abspath(path))
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, prefix=".tmp-", delete=False) as temporary:
            temporary.write(text)
        try:
            os.replace(temporary.name, path)
        except OSError:
            os.unlink(temporary.name)
            raise
    except FileExistsError:
        raise _exists(path) from None
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror}") from None
