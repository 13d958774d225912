"""Shared fixtures: positions from card names, the worked example of docs/rules.md, random play,
the CLI run in-process, the easier game's tests made during a test (helpers: ``tests.support``)."""

from __future__ import annotations

import copy

import pytest

from canfield_solver.core.position import Position
from canfield_solver.core.rules import Rules
from canfield_solver.formats.deal_file import position_from_dict
from tests.support.cli import run_cli as _run_cli
from tests.support.positions import WORKED_EXAMPLE, WORKED_EXAMPLE_MOVES, build_position, random_play


@pytest.fixture(scope="session", autouse=True)
def kernels_in_the_cache() -> None:
    """The kernels compiled (or loaded) before any test, as on every run after a machine's first:
    without it, whichever test came first would also test a first run (``cli/first_solve.py``),
    whose own tests give it an empty cache folder of its own."""
    from canfield_solver.cli.first_solve import compile_solve

    compile_solve(Rules())


@pytest.fixture
def make_position():
    """``build_position``: a validated position from card names."""
    return build_position


@pytest.fixture
def worked_example_data() -> dict:
    """The deal file of the worked example of docs/rules.md (a fresh copy)."""
    return copy.deepcopy(WORKED_EXAMPLE)


@pytest.fixture
def worked_example() -> Position:
    """The start of the worked example of docs/rules.md as a position."""
    return position_from_dict(WORKED_EXAMPLE)[0]


@pytest.fixture
def worked_example_moves() -> list[str]:
    """Its first three moves in our notation."""
    return list(WORKED_EXAMPLE_MOVES)


@pytest.fixture(scope="session")
def played_positions() -> list[tuple[Rules, Position]]:
    """Every 5th position of 24 random games: reserves emptied, returns, recycles, empty columns."""
    return list(random_play(24))[::5]


@pytest.fixture
def run_cli():
    """Run ``canfield-solver ARGS`` in-process (``tests.support.cli.run_cli``): status, stdout, stderr."""
    return _run_cli


@pytest.fixture
def made_tests(monkeypatch) -> list:
    """Every ``easier_game.EasierTests`` made while the test runs, in order, to read their tallies."""
    from canfield_solver.engine.lost import easier_game

    made = []
    make = easier_game.EasierTests.__init__

    def kept(self, z, memory):
        make(self, z, memory)
        made.append(self)

    monkeypatch.setattr(easier_game.EasierTests, "__init__", kept)
    return made
