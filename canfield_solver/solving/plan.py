"""Plans: one line of moves for every sample of the hidden cards, up to the next card shown.

Hindsight (``hint``'s figure) solves each sample with every card known: a move counts as won in
a sample when some continuation wins it, and the continuation may differ from sample to sample,
each chosen knowing the order of the reserve's hidden cards. A player who cannot see them
cannot do that ("strategy fusion", Frank & Basin 1998), so hindsight rates too highly the moves
that leave the choice to later, when the player will still not know. Until the next move that
shows an unseen card, though, the player knows every card it will touch: its moves up to then
can be the same in every sample, and the choice among such lines needs no hindsight.

A plan is such a line: moves from the player's view that end with the first move showing a card
not seen before (a draw turning one up, the reserve's next card coming up). Its tally counts the
samples in which the position after the whole line is winnable, all samples following the same
line: the first level of α-μ search (Cazenave & Ventos, 2019), with hindsight below the reveal.
The candidate lines are the solver's wins of the samples themselves, each cut after its first
reveal: ``samples`` solves with move lists, then each sample solved again after each candidate
(at most ``MAX_PLANS`` of them, those most samples' wins begin with) but its own: its win goes on
from there. A move that shows a card
itself is a whole line, valued by its hindsight tally at no cost (``shown_at_once``): the
solver's wins need not begin with it even when it keeps the win in more samples than any line
they give. See docs/hint.md.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from canfield_solver.core.hidden import shows_unseen
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import Move, apply
from canfield_solver.core.rules import Rules

from .sampling import Tally, solve_samples, tally_lines, verdicts_task
from .solver import win_moves
from .verdict_only import VerdictSolver

MAX_PLANS = 10


@dataclass(frozen=True)
class Plan:
    """A line of moves up to and including the first that shows an unseen card (the whole line
    when none does), and its tally: the samples winnable after all of it."""

    moves: tuple[Move, ...]
    tally: Tally


def to_reveal(view: Position, moves: Iterable[Move], rules: Rules) -> tuple[Move, ...]:
    """``moves``, played from ``view``, up to and including the first that shows a card ``view``
    hides."""
    line = []
    for move in moves:
        line.append(move)
        view = apply(view, move, rules)
        if shows_unseen(view, rules.draw):
            break
    return tuple(line)


def _winning_line(sample: Position, solver: VerdictSolver, view: Position) -> tuple[Move, ...] | None:
    """The solver's win of ``sample`` up to its first reveal in ``view`` (``to_reveal``; None: no
    win found): the rest of the win is neither expanded nor replayed."""
    moves = win_moves(sample, solver.rules, solver.limits)
    return None if moves is None else to_reveal(view, moves, solver.rules)


def candidates(lines: Sequence[tuple[Move, ...] | None], most: int = MAX_PLANS) -> list[tuple[Move, ...]]:
    """The lines to compare: of the samples' wins, each cut after its first reveal, those that more
    wins begin with first (then in the order of the samples), at most ``most``."""
    counted = Counter(line for line in lines if line is not None)
    return [line for line, _ in counted.most_common(most)]


def plans(view: Position, samples: list[Position], rules: Rules, limits: Limits, jobs: int = 1,
          progress: Callable[[], None] | None = None) -> list[Plan]:
    """The candidate plans of ``view`` (which hides cards) over ``samples``, its completions, best
    first: most wins, then fewer undecided, then fewer moves (the sooner the next card is seen,
    the sooner the player chooses again), then more samples' wins beginning with them.
    ``progress()`` is called once per sample solved (twice in all for each)."""
    own = list(solve_samples(samples, functools.partial(_winning_line, view=view), rules, limits, jobs, progress))
    lines = candidates(own)
    if not lines:
        for _ in samples:
            if progress:
                progress()
        return []
    # A sample's own line keeps its win, which goes on from there: no search needed.
    won = {sample: lines.index(line) for sample, line in zip(samples, own, strict=True) if line in lines}
    verdicts = solve_samples(samples, verdicts_task(lines, won), rules, limits, jobs, progress)
    tallies = tally_lines(verdicts, len(lines), len(samples))
    order = sorted(range(len(lines)), key=lambda i: (-tallies[i].wins, tallies[i].unknown, len(lines[i]), i))
    return [Plan(lines[i], tallies[i]) for i in order]


def shown_at_once(view: Position, moves: Sequence[Move], tallies: Sequence[Tally], rules: Rules) -> list[Plan]:
    """The plans of one move: each of ``moves`` that shows a card ``view`` hides, with its tally,
    ``tallies`` being the moves' hindsight tallies over the same samples. Such a line ends at once,
    and the tally of a line is the samples winnable after it: the move's own."""
    return [Plan((move,), tally) for move, tally in zip(moves, tallies, strict=True)
            if tally.wins and shows_unseen(apply(view, move, rules), rules.draw)]
