"""Hints for a position with hidden cards: every legal move, ranked by how often it keeps the win.

Each of ``samples`` completions of the hidden cards (uniform over the assignments that agree
with what is seen, ``hidden.complete``) is played out for every legal move and the position after
it solved as if every card were known ("hindsight"); the same completions serve every move
(common random numbers), so the differences between moves are not sampling noise of separate
draws. A player who cannot see the hidden cards does no better than that, so each figure is an
upper bound on the move's real chance: the hindsight optimisation of Yan, Diaconis, Rusmevichientong
and Van Roy (NIPS 2005) and Bjarnason, Fern and Tadepalli (ICAPS 2009), both for Klondike, who
play the move with the best such figure.

A position with no hidden card has one completion, itself: the figures are then the solver's
exact verdicts (see ``Tally.exact``). See docs/hint.md for the output and the tie-break.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import NamedTuple

from canfield_solver.core.hidden import complete, has_hidden, hidden_count
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, WASTE, Move, apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict

from .intervals import wilson_interval
from .verdict_only import VerdictSolver
from .workers import WorkerPool, start_worker

DEFAULT_SAMPLES = 100
DEFAULT_MAX_NODES = 200_000


@dataclass(frozen=True)
class Tally:
    """In how many of ``samples`` completions a position was winnable (``wins``) or undecided
    because a solve hit a limit (``unknown``, counted as not won). ``exact``: there was nothing
    to sample, so the interval is the verdict itself."""

    wins: int
    unknown: int
    samples: int
    exact: bool = False

    @property
    def rate(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of ``rate``; when exact, the rate itself, or 0-1 for an unknown."""
        if self.exact:
            return (0.0, 1.0) if self.unknown else (self.rate, self.rate)
        return wilson_interval(self.wins, self.samples)

    def as_json(self) -> dict:
        low, high = self.interval
        return {"wins": self.wins, "unknown": self.unknown, "rate": self.rate, "low": low, "high": high}


class Choice(NamedTuple):
    """A legal move and its tally."""

    move: Move
    tally: Tally


@dataclass(frozen=True)
class Hint:
    """What ``hint`` found: the tally of the position itself and its moves, best first."""

    samples: int
    seed: int
    hidden: int
    winnable: Tally
    choices: list[Choice]


# Ties in wins go to the move with more undecided samples (each may still be a win), then by the
# kind of move: a card to a foundation first, then reserve, tableau and waste plays, then draw
# and recycle, foundation returns last; then the referee's order of moves.
_KIND_ORDER = (RESERVE, COLUMN, WASTE, DRAW, RECYCLE, FOUNDATION)


def _rank_key(index: int, choice: Choice) -> tuple:
    move = choice.move
    return (-choice.tally.wins, -choice.tally.unknown, move.target != FOUNDATION, _KIND_ORDER.index(move.kind), index)


def rank(choices: list[Choice]) -> list[Choice]:
    """``choices`` best first (see the tie-break above)."""
    return [choice for _, choice in sorted(enumerate(choices), key=lambda item: _rank_key(*item))]


def sample_verdicts(sample: Position, moves: list[Move], rules: Rules, solver: VerdictSolver) -> list[Verdict]:
    """The verdict after each of ``moves`` in the full position ``sample``."""
    return [result.verdict for result in solver.verdicts([apply(sample, move, rules) for move in moves])]


_worker: tuple | None = None  # (moves, rules, solver) of a pool worker


def _init_worker(parent: int, moves: list[Move], rules: Rules, limits: Limits) -> None:
    global _worker
    start_worker(parent)
    _worker = (moves, rules, VerdictSolver(rules, limits))


def _in_worker(sample: Position) -> list[Verdict]:
    assert _worker is not None, "the pool's initializer sets it"
    moves, rules, solver = _worker
    return sample_verdicts(sample, moves, rules, solver)


def _solve_samples(samples: list[Position], moves: list[Move], rules: Rules, limits: Limits,
                   jobs: int) -> Iterator[list[Verdict]]:
    """The verdicts of each sample, as the samples finish (a tally does not depend on the order)."""
    if jobs == 1 or len(samples) == 1:
        solver = VerdictSolver(rules, limits)
        for sample in samples:
            yield sample_verdicts(sample, moves, rules, solver)
        return
    # Load the search's kernels here (two states: start and run), so that forked workers have them.
    sample_verdicts(samples[0], moves[:1], rules, VerdictSolver(rules, replace(limits, max_nodes=2)))
    # Elsewhere than on Linux workers are spawned and load the kernels themselves.
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    pool = WorkerPool(max_workers=min(jobs, len(samples)), mp_context=context,
                                                  initializer=_init_worker,
                                                  initargs=(os.getpid(), moves, rules, limits))
    try:
        futures = [pool.submit(_in_worker, sample) for sample in samples]
        for future in concurrent.futures.as_completed(futures):
            yield future.result()
    except BaseException:  # Ctrl-C or a failed solve: end the workers now
        pool.terminate()
        raise
    pool.shutdown()


def hint(
    position: Position,
    rules: Rules,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    limits: Limits = Limits(max_nodes=DEFAULT_MAX_NODES),
    jobs: int = 1,
    progress: Callable[[], None] | None = None,
) -> Hint:
    """Tally every legal move of ``position`` (which may hold hidden cards) over ``samples``
    completions drawn with ``seed`` (None: a random seed, reported in the result), solved on
    ``jobs`` processes, each solve within ``limits``; ``progress()`` is called once per sample solved.
    """
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    exact = not has_hidden(position)
    count = 1 if exact else samples
    rng = random.Random(seed)
    completions = [complete(position, rng) for _ in range(count)]
    moves = legal_moves(position, rules)
    wins, unknown = [0] * len(moves), [0] * len(moves)
    won_now = unknown_now = 0
    for verdicts in _solve_samples(completions, moves, rules, limits, jobs):
        for i, verdict in enumerate(verdicts):
            wins[i] += verdict == Verdict.WINNABLE
            unknown[i] += verdict == Verdict.UNKNOWN
        # The position is winnable exactly when it is won or some move keeps the win.
        if position.is_won or Verdict.WINNABLE in verdicts:
            won_now += 1
        elif Verdict.UNKNOWN in verdicts:
            unknown_now += 1
        if progress:
            progress()
    choices = [Choice(move, Tally(wins[i], unknown[i], count, exact)) for i, move in enumerate(moves)]
    return Hint(count, seed, hidden_count(position), Tally(won_now, unknown_now, count, exact), rank(choices))


def _verdict_word(tally: Tally) -> str:
    if tally.wins:
        return Verdict.WINNABLE.value
    return f"{Verdict.UNKNOWN} (limit hit)" if tally.unknown else Verdict.UNWINNABLE.value


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def choices_json(choices: list[Choice], position: Position, ascii: bool = True) -> list[dict]:
    """``choices`` as ``--json`` lists them: each move's text and its tally."""
    from canfield_solver.formats.move_text import format_move

    return [{"move": format_move(choice.move, position, ascii), **choice.tally.as_json()} for choice in choices]


def report_json(result: Hint, position: Position, ascii: bool = True) -> dict:
    """The ``--json`` object: samples, seed, the position's tally and the choices, best first."""
    return {
        "samples": result.samples,
        "seed": result.seed,
        "winnable": result.winnable.as_json(),
        "choices": choices_json(result.choices, position, ascii),
    }


def report_text(result: Hint, position: Position, heading: str, limits: str, ascii: bool = False) -> list[str]:
    """The lines ``hint`` prints: what was measured, the position's chance, then every move best first."""
    from canfield_solver.formats.move_text import format_move

    texts = [format_move(choice.move, position, ascii) for choice in result.choices]
    if result.winnable.exact:
        lines = [f"# {heading}; no hidden card: the solver's verdict after each move ({limits})",
                 f"position: {_verdict_word(result.winnable)}"]
        lines += [f"{number:>3}. {text}: {_verdict_word(choice.tally)}"
                  for number, (text, choice) in enumerate(zip(texts, result.choices, strict=True), start=1)]
        return lines
    low, high = result.winnable.interval
    lines = [
        f"# {heading}; {result.samples} samples (seed {result.seed}) of the {result.hidden} hidden cards, "
        f"the same for every move",
        f"# each sample solved as if every card were known ({limits}): hindsight, so each figure is an upper bound",
        "# on the chance for a player who cannot see the hidden cards (docs/hint.md)",
        f"position: winnable in {result.winnable.wins} of {result.samples} ({_percent(result.winnable.rate)}, "
        f"95% {_percent(low)}-{_percent(high)}), {result.winnable.unknown} hit a limit",
        f"{'':>3}  {'wins':>5} {'rate':>6}  {'95% interval':>13}  {'limit':>5}  move",
    ]
    for number, (text, choice) in enumerate(zip(texts, result.choices, strict=True), start=1):
        tally = choice.tally
        low, high = tally.interval
        lines.append(f"{number:>3}. {tally.wins:>5} {_percent(tally.rate):>6}  "
                     f"{_percent(low) + '-' + _percent(high):>13}  {tally.unknown:>5}  {text}")
    if not result.choices:
        lines.append("no legal move")
    return lines
