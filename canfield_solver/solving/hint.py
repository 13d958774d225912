"""Hints for a position with hidden cards: every legal move, ranked by how often it keeps the win.

Each of ``samples`` completions of the hidden cards (uniform over the assignments that agree
with what is seen, ``hidden.complete``) is played out for every legal move and the position after
it solved as if every card were known ("hindsight"); the same completions serve every move
(common random numbers), so the differences between moves are not sampling noise of separate
draws. A player who cannot see the hidden cards does no better than that, so each figure is an
upper bound on the move's real chance: the hindsight optimisation of Yan, Diaconis, Rusmevichientong
and Van Roy (NIPS 2005) and Bjarnason, Fern and Tadepalli (ICAPS 2009), both for Klondike, who
play the move with the best such figure.

Under the ``plan`` method (the default) the moves are ranked first by their plans: the best line
beginning with each move that is the same for every sample up to the next card shown, valued by
the samples it keeps winnable (``plan``); the hindsight figures are still shown, as the upper
bounds they are. A position with no hidden card has one completion, itself: the figures are then
the solver's exact verdicts (see ``Tally.exact``). See docs/hint.md for the output and the tie-break.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from canfield_solver.core.cards import HIDDEN
from canfield_solver.core.hidden import free_draw, has_hidden, hidden_count
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import DEFAULT_METHOD, HINDSIGHT, PLAN
from canfield_solver.core.position import Position
from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, WASTE, Move, legal_moves, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict

from .plan import Plan, plans, shown_at_once
from .sampling import Tally, sample_all, solve_samples, tally_lines, verdicts_task

DEFAULT_SAMPLES = 100
DEFAULT_MAX_NODES = 200_000


class Choice(NamedTuple):
    """A legal move, its hindsight tally, and under the plan method the best plan beginning with
    it (None: no sample's win begins with it, and it shows no card that wins a sample)."""

    move: Move
    tally: Tally
    plan: Plan | None = None


@dataclass(frozen=True)
class Hint:
    """What ``hint`` found: the tally of the position itself and its moves, best first."""

    samples: int
    seed: int
    hidden: int
    winnable: Tally
    choices: list[Choice]
    method: str = HINDSIGHT


# Ties in wins go to the move with more undecided samples (each may still be a win), then by the
# kind of move: a card to a foundation first, then reserve, tableau and waste plays, then draw
# and recycle, foundation returns last; then the referee's order of moves.
_KIND_ORDER = (RESERVE, COLUMN, WASTE, DRAW, RECYCLE, FOUNDATION)


def _rank_key(index: int, choice: Choice) -> tuple:
    move, plan = choice.move, choice.plan
    by_plan = (0, -plan.tally.wins, plan.tally.unknown, len(plan.moves)) if plan and plan.tally.wins else (1,)
    return (*by_plan, -choice.tally.wins, -choice.tally.unknown, move.target != FOUNDATION,
            _KIND_ORDER.index(move.kind), index)


def rank(choices: list[Choice]) -> list[Choice]:
    """``choices`` best first: those whose plan wins some sample by their plan (most wins, fewer
    undecided, fewer moves), then by hindsight (see the tie-break above)."""
    return [choice for _, choice in sorted(enumerate(choices), key=lambda item: _rank_key(*item))]


def hint(
    position: Position,
    rules: Rules,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    limits: Limits = Limits(max_nodes=DEFAULT_MAX_NODES),
    jobs: int = 1,
    progress: Callable[[], None] | None = None,
    method: str = DEFAULT_METHOD,
) -> Hint:
    """Tally every legal move of ``position`` (which may hold hidden cards) over ``samples``
    completions drawn with ``seed`` (None: a random seed, reported in the result), solved on
    ``jobs`` processes, each solve within ``limits``; under ``method`` PLAN also the best plan
    beginning with each move (``plan.plans``, on the same completions). ``progress()`` is called
    once per sample solved (three times for each under PLAN: ``progress_steps``).
    """
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    exact = not has_hidden(position)
    count = 1 if exact else samples
    completions = sample_all(position, count, seed)
    moves = legal_moves(position, rules)
    won_now = unknown_now = 0

    def tallied(verdicts: Iterator[list[Verdict]]) -> Iterator[list[Verdict]]:
        nonlocal won_now, unknown_now
        for each in verdicts:
            # The position is winnable exactly when it is won or some move keeps the win.
            if position.is_won or Verdict.WINNABLE in each:
                won_now += 1
            elif Verdict.UNKNOWN in each:
                unknown_now += 1
            yield each

    tallies = tally_lines(tallied(solve_samples(completions, verdicts_task([(move,) for move in moves]), rules,
                                                limits, jobs, progress)), len(moves), count, exact)
    best: dict[Move, Plan] = {}
    if method == PLAN and not exact and moves:
        found = plans(position, completions, rules, limits, jobs, progress)
        for plan in found + shown_at_once(position, moves, tallies, rules):
            best.setdefault(plan.moves[0], plan)
    choices = [Choice(move, tallies[i], best.get(move)) for i, move in enumerate(moves)]
    return Hint(count, seed, hidden_count(position), Tally(won_now, unknown_now, count, exact), rank(choices), method)


def progress_steps(position: Position, samples: int, method: str) -> int:
    """How many times ``hint`` calls ``progress``."""
    if not has_hidden(position):
        return 1
    return samples * (3 if method == PLAN else 1)


def _verdict_word(tally: Tally) -> str:
    if tally.wins:
        return Verdict.WINNABLE.value
    return f"{Verdict.UNKNOWN} (limit hit)" if tally.unknown else Verdict.UNWINNABLE.value


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def plan_texts(plan: Plan, position: Position, rules: Rules, ascii: bool = True) -> list[str]:
    """The moves of ``plan``, played from ``position``, as text."""
    from canfield_solver.formats.move_text import format_move

    before = positions_after(position, list(plan.moves), rules)
    return [format_move(move, where, ascii) for move, where in zip(plan.moves, before, strict=False)]


def choices_json(choices: list[Choice], position: Position, rules: Rules, method: str, ascii: bool = True) -> list[dict]:
    """``choices`` as ``--json`` lists them: each move's text and its hindsight tally, and under
    the plan method its plan (``plan``: its moves and tally, or None)."""
    from canfield_solver.formats.move_text import format_move

    def plan_json(plan: Plan | None) -> dict | None:
        return None if plan is None else {"moves": plan_texts(plan, position, rules, ascii), **plan.tally.as_json()}

    return [{"move": format_move(choice.move, position, ascii), **choice.tally.as_json(),
             **({"plan": plan_json(choice.plan)} if method == PLAN else {})}
            for choice in choices]


def stock_pass(method: str, position: Position, rules: Rules) -> int | None:
    """Under the plan method, the stock's hidden cards when drawing it through first costs nothing
    (``core.hidden.free_draw``: the honest player makes that pass before any other move), else None."""
    if method != PLAN or not free_draw(position, rules.draw, rules.passes):
        return None
    return position.stock.count(HIDDEN)


def report_json(result: Hint, position: Position, rules: Rules, ascii: bool = True) -> dict:
    """The ``--json`` object: samples, seed, method, the position's tally and the choices, best
    first; under the plan method also ``stock_pass`` (see ``stock_pass``)."""
    return {
        "samples": result.samples,
        "seed": result.seed,
        "method": result.method,
        "winnable": result.winnable.as_json(),
        "choices": choices_json(result.choices, position, rules, result.method, ascii),
        **({"stock_pass": stock_pass(result.method, position, rules)} if result.method == PLAN else {}),
    }


def report_text(result: Hint, position: Position, rules: Rules, heading: str, limits: str,
                ascii: bool = False) -> list[str]:
    """The lines ``hint`` prints: what was measured, the position's chance, then every move best
    first, and the plan of the first."""
    from canfield_solver.formats.move_text import format_move

    texts = [format_move(choice.move, position, ascii) for choice in result.choices]
    if result.winnable.exact:
        lines = [f"# {heading}; no hidden card: the solver's verdict after each move ({limits})",
                 f"position: {_verdict_word(result.winnable)}"]
        lines += [f"{number:>3}. {text}: {_verdict_word(choice.tally)}"
                  for number, (text, choice) in enumerate(zip(texts, result.choices, strict=True), start=1)]
        return lines
    low, high = result.winnable.interval
    by_plan = result.method == PLAN
    plan_head = f"{'plan':>5} " if by_plan else ""
    lines = [
        f"# {heading}; {result.samples} samples (seed {result.seed}) of the {result.hidden} hidden cards, "
        f"the same for every move",
        f"# each sample solved as if every card were known ({limits}): hindsight, so each figure is an upper bound",
        "# on the chance for a player who cannot see the hidden cards (docs/hint.md)",
    ]
    if by_plan:
        lines += ["# ranked by plan: the samples won after the best line beginning with the move that plays the",
                  "# same moves in every sample up to the next card shown ('-': no such line wins a sample)"]
    lines += [
        f"position: winnable in {result.winnable.wins} of {result.samples} ({_percent(result.winnable.rate)}, "
        f"95% {_percent(low)}-{_percent(high)}), {result.winnable.unknown} hit a limit",
        f"{'':>3}  {plan_head}{'wins':>5} {'rate':>6}  {'95% interval':>13}  {'limit':>5}  move",
    ]
    for number, (text, choice) in enumerate(zip(texts, result.choices, strict=True), start=1):
        tally = choice.tally
        low, high = tally.interval
        plan = (f"{choice.plan.tally.wins if choice.plan else '-':>5} " if by_plan else "")
        lines.append(f"{number:>3}. {plan}{tally.wins:>5} {_percent(tally.rate):>6}  "
                     f"{_percent(low) + '-' + _percent(high):>13}  {tally.unknown:>5}  {text}")
    if not result.choices:
        lines.append("no legal move")
    best = result.choices[0].plan if result.choices else None
    if best is not None:
        lines.append(f"plan of move 1, up to the next card shown: {'; '.join(plan_texts(best, position, rules, ascii))}")
    hidden = stock_pass(result.method, position, rules)
    if hidden is not None:
        lines.append(f"first, draw the stock through: it hides {hidden} card{'s' * (hidden > 1)}, and a whole pass "
                     "brings this position back, so seeing the stock costs nothing ('play' and 'follow' do so)")
    return lines
