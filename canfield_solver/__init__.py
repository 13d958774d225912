"""canfield-solver: solve and analyse Canfield solitaire deals.

    >>> from canfield_solver import solve
    >>> result = solve("CF1-D3-AAAAAAC")
    >>> result.verdict
    'winnable'

``solve`` is loaded on first use, so commands that do not solve never import numba.
"""

__version__ = "0.1.0"

__all__ = ["solve", "__version__"]


def __getattr__(name: str):
    if name == "solve":
        from .solver import solve

        return solve
    raise AttributeError(f"module 'canfield_solver' has no attribute {name!r}")
