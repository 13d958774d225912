"""canfield-solver: solve and analyse Canfield solitaire deals (docs/api.md).

    >>> from canfield_solver import Limits, Verdict, solve
    >>> result = solve("CF1-D3-AAAAAAC", limits=Limits(max_nodes=100_000))
    >>> result.verdict is Verdict.WINNABLE, result.limit_hit
    (True, None)

Each name is loaded on first use, so commands that do not solve never import numba.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

_EXPORTS = {
    "solve": "solver",
    "SolveResult": "solver",
    "Verdict": "outcomes",
    "LimitHit": "outcomes",
    "Limits": "limits",
    "Rules": "rules",
    "Move": "rules",
    "IllegalMove": "rules",
    "Position": "deal",
    "DealError": "deal",
    "Setup": "source",
    "setup_game": "source",
    "InputError": "errors",
    "SolverBug": "errors",
}

__all__ = [*_EXPORTS, "__version__"]


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'canfield_solver' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found at once next time
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
