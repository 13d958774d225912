"""canfield-solver: solve and analyse Canfield solitaire deals (docs/api.md).

    >>> from canfield_solver import Limits, Verdict, solve
    >>> result = solve("CF1-D3-AAAAAAC", limits=Limits(max_nodes=100_000))
    >>> result.verdict is Verdict.WINNABLE, result.limit_hit
    (True, None)

Each name is loaded on first use, so commands that do not solve never import numba.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "solve": "solving.solver",
    "SolveResult": "solving.solver",
    "Verdict": "core.verdict",
    "LimitHit": "core.verdict",
    "Limits": "core.limits",
    "Rules": "core.rules",
    "RuleOptions": "core.presets",
    "Move": "core.referee",
    "IllegalMove": "core.referee",
    "apply": "core.referee",
    "Position": "core.position",
    "DealError": "core.position",
    "Setup": "formats.deal_argument",
    "setup_game": "formats.deal_argument",
    "format_move": "formats.move_text",
    "InputError": "core.errors",
    "SolverBug": "core.errors",
}

__all__ = [*_EXPORTS, "__version__"]


def __getattr__(name: str) -> Any:
    if name == "__version__":  # pyproject.toml's, as installed: the one place the version is written
        from importlib.metadata import version  # on demand: it costs a command's start 20 ms

        return version("canfield-solver")
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'canfield_solver' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found at once next time
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
