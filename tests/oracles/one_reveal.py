"""The honest player's best chance when one card shown decides everything: every line of play up to
the next card shown, each tried in every completion of the hidden cards.

With two hidden cards, the first one shown names the other (the one card still unseen), so after
the next card shown the player knows every card and wins exactly where the solver does. Its best
chance from a position is then the best, over every line of moves up to and including a move that
shows a card, of the number of completions in which the position after the line is winnable: the
lines are found by a search over the position as the player sees it (``referee`` moves only, each
position once, score and recycles left out as in ``bruteforce.normal``), the completions are all
orders of the unseen cards, and each end is solved with every card known (the solver's verdicts,
which the brute-force cross-checks stand behind). ``plan.plans`` looks only at the lines the
solver's wins of some samples begin with; this tries them all.
"""

from __future__ import annotations

import itertools

from canfield_solver.core.hidden import fill, shows_unseen, unseen_cards
from canfield_solver.core.position import Position
from canfield_solver.core.referee import Move, apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict
from canfield_solver.solving.sampling import after
from canfield_solver.solving.solver import solve

from .bruteforce import normal


def completions(view: Position) -> list[Position]:
    """Every completion of ``view``: each order of its unseen cards in its hidden slots."""
    return [fill(view, cards) for cards in itertools.permutations(unseen_cards(view))]


def best_line(view: Position, rules: Rules, max_positions: int = 5000) -> tuple[int, list[Move]]:
    """The most completions of ``view`` that one line up to the next card shown keeps winnable,
    and such a line; ``RuntimeError`` past ``max_positions`` positions seen."""
    fulls = completions(view)
    seen = {normal(view, rules)}
    frontier: list[tuple[Position, list[Move]]] = [(view, [])]
    best: tuple[int, list[Move]] = (0, [])
    while frontier:
        position, line = frontier.pop()
        for move in legal_moves(position, rules):
            next_position = apply(position, move, rules)
            if shows_unseen(next_position, rules.draw):
                wins = sum(solve(after(full, line + [move], rules), rules).verdict == Verdict.WINNABLE
                           for full in fulls)
                best = max(best, (wins, line + [move]), key=lambda found: found[0])
                continue
            key = normal(next_position, rules)
            if key not in seen:
                seen.add(key)
                if len(seen) > max_positions:
                    raise RuntimeError("too many positions before the next card shown")
                frontier.append((next_position, line + [move]))
    return best
