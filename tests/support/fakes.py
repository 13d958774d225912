"""Fast deterministic stand-ins for the solver and the honest player, so that tests of the batch
machinery (workers, results files, kill -9 and resume) run in seconds: a hash of each deal decides
its verdict or game. ``FAKE_DELAY`` (seconds) slows every deal down; ``FAKE_HANG_FROM`` (a deal
number) makes that deal and every later one hang for ``HANG`` seconds, so that a run under test
cannot finish before the test has stopped it.
"""

from __future__ import annotations

import os
import time
import zlib
from types import SimpleNamespace

from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.formats.codes import parse_code
from canfield_solver.runs.jobs import solve_locally
from canfield_solver.runs.play_results import PlayRow

FAKE_DELAY = "CANFIELD_TEST_FAKE_DELAY"
FAKE_HANG_FROM = "CANFIELD_TEST_FAKE_HANG_FROM"
HANG = 600.0  # far beyond any bound a test waits: a run that waits for a hung deal fails the test


def _wait(code: str) -> None:
    """Sleep as the environment says for the deal ``code``."""
    hang_from = os.environ.get(FAKE_HANG_FROM)
    if hang_from is not None and code.startswith("CF1-") and parse_code(code)[1] >= int(hang_from):
        time.sleep(HANG)
    time.sleep(float(os.environ.get(FAKE_DELAY, "0")))


def fake_solve(setup, *, limits=Limits()):
    """A deterministic stand-in for ``solver.solve``: the verdict is a hash of the deal and the rules."""
    position, rules = setup.position, setup.rules
    mix = sum((i + 1) * card for i, card in enumerate(position.reserve + position.stock)) + 7 * rules.draw
    mix += 3 * rules.worry_back
    nodes = 100 + mix % 5000
    verdict = ("unknown", "unwinnable", "winnable", "winnable")[mix % 4]
    if limits.max_nodes is not None and nodes > limits.max_nodes:
        verdict, nodes = "unknown", limits.max_nodes
    _wait(setup.game.name)
    moves = [None] * (80 + mix % 40) if verdict == "winnable" else []
    return SimpleNamespace(verdict=verdict, moves=moves, nodes=nodes, seconds=0.001 * (mix % 17),
                           limit_hit=verdict == "unknown", rules=rules)


def fake_rows(tasks, options=RuleOptions(), limits=Limits(), jobs=1):
    """All rows of ``tasks`` solved by the fake on ``jobs`` workers, keyed by deal."""
    return {row.key: row for row in solve_locally(tasks, options, limits, jobs, fake_solve)}


def without_seconds(rows):
    """``rows`` (keyed by deal) with their seconds set to 0: the only field that differs from run to run."""
    return {key: row._replace(seconds=0) for key, row in rows.items()}


def fake_game(task) -> PlayRow:
    """A made-up game of ``task``, the same every time: a hash of its code decides it."""
    mix = zlib.crc32(task.code.encode())
    _wait(task.code)
    won = mix % 5 == 0
    cards = 52 if won else 1 + mix % 40
    return PlayRow(task.code, task.draw, task.rules, int(won), "won" if won else ("stuck", "cycle")[mix % 2],
                   cards, cards + (0 if won else mix % 3), 30 + mix % 200, 10, 7 + mix % 900, mix % 7, 0.5,
                   ("winnable", "unwinnable", "unknown")[mix % 3 if not won else 0], "plan")


def fake_play_worker():
    """A play worker's job function (``solving.workers.run_each``'s ``setup``): ``fake_game``."""
    return fake_game
