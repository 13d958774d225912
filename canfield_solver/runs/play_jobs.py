"""The ``play`` command's runs: the honest player (``honest_player.play``) on many deals, each game a row
of a results file (``play_results``), with ``batch``'s deal choice, worker pool and resume.

Each game's hint samples are drawn from a seed made of the deal's code, so a deal played again
(with the same options) is the same game. The full-information verdict of each deal (the
solver's, seeing every card) is recorded next to it, for comparison.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import replace

from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.solving.honest_player import game_seed, play
from canfield_solver.solving.workers import run_each

from .jobs import default_solve, warm_up, worker_limits
from .play_results import PlayRow
from .tasks import Task


def play_task(task: Task, options: RuleOptions, limits: Limits, samples: int, verdict_nodes: int | None,
              method: str) -> PlayRow:
    """Play one deal as the honest player, then solve it with every card known."""
    from canfield_solver.solving.solver import solve

    setup = setup_game(task.source, options)
    began = time.perf_counter()
    game = play(setup.position, setup.rules, samples=samples, seed=game_seed(task.code), limits=limits, method=method)
    seconds = time.perf_counter() - began
    verdict = solve(setup, limits=replace(limits, max_nodes=verdict_nodes)).verdict
    return PlayRow(task.code, task.draw, task.rules, int(game.won), game.end, game.cards, game.best_cards,
                   len(game.moves), samples, game.samples, game.unknown, round(seconds, 6), verdict, method)


def _play_worker(options: RuleOptions, limits: Limits, samples: int, verdict_nodes: int | None,
                 method: str) -> Callable[[Task], PlayRow]:
    warm_up(default_solve(), options)  # of several workers starting at once, one compiles the kernels
    return functools.partial(play_task, options=options, limits=limits, samples=samples, verdict_nodes=verdict_nodes,
                             method=method)


def play_tasks(options: RuleOptions, limits: Limits, samples: int, verdict_nodes: int | None,
               jobs: int | None, method: str) -> Callable[[list[Task]], Iterable[PlayRow]]:
    """How the ``play`` command plays its deals: one game per worker, on ``jobs`` processes
    (default: all cores), each worker's solves within ``worker_limits``."""
    jobs = jobs or os.cpu_count() or 1
    return lambda todo: run_each(todo, jobs, _play_worker, (options, worker_limits(limits, jobs), samples,
                                                           verdict_nodes, method))
