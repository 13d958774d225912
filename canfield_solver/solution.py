"""The winning move list ``solve`` prints for a person to follow: one place for the CLI and
``benchmarks/bench_lengths.py`` to get it from."""

from __future__ import annotations

from .deal import Position
from .rules import Rules
from .solver import SolveResult, solve


def solve_for_people(start: Position, rules: Rules, *, time_limit: float | None = None,
                     max_nodes: int | None = None, memory: int | None = None) -> SolveResult:
    """``solver.solve`` of ``start`` under ``rules``: its list with the detours cut out."""
    return solve(start, rules, time_limit=time_limit, max_nodes=max_nodes, memory=memory)
