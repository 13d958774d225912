"""The rows of a results file of ``play``: how the honest player's game of each deal went.

The file is a ``results`` file like ``batch``'s (the same writing, resume and torn-line safety);
only its columns differ::

    code, draw, rules   the deal and its rule set (with ``method``, the row's key)
    won                 1 when the honest player won, else 0
    end                 how the game ended: won, lost, stuck, cycle or turns (see ``play``)
    cards, best_cards   cards on the foundations at the end and at best, the base card included
    moves               moves played
    samples             the hints' samples per move (``--samples``)
    solves, unknown     positions solved to choose the moves, and how many hit a limit
    seconds             seconds the game took
    verdict             the solver's verdict on the same deal with every card known
    method              how the player ranked its moves: plan or hindsight (``--method``)
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence
from typing import NamedTuple

from canfield_solver.core.errors import quote
from canfield_solver.core.play_methods import HINDSIGHT, METHODS
from canfield_solver.core.verdict import Verdict
from canfield_solver.solving.honest_player import CYCLE, LOST, STUCK, TURNS, WON

from .results import ResultsKind, check_draw, check_names, check_verdict, number

ENDS = (WON, LOST, STUCK, CYCLE, TURNS)


class PlayRow(NamedTuple):
    """One honest game (see the module docstring for the columns)."""

    code: str
    draw: int
    rules: str
    won: int
    end: str
    cards: int
    best_cards: int
    moves: int
    samples: int
    solves: int
    unknown: int
    seconds: float
    verdict: Verdict
    method: str

    @property
    def key(self) -> tuple[str, int, str, str]:
        return (self.code, self.draw, self.rules, self.method)


def _play_row(values: Sequence) -> PlayRow:
    code, draw, rules, won, end, cards, best_cards, moves, samples, solves, unknown, seconds, verdict, method = values
    check_names(code, rules)
    if method not in METHODS:
        raise ValueError(f"method {quote(method)} is not one of {', '.join(METHODS)}")
    if end not in ENDS:
        raise ValueError(f"end {quote(end)} is not one of {', '.join(ENDS)}")
    verdict = check_verdict(verdict)
    row = PlayRow(code, number(draw, int, "draw"), rules, number(won, int, "won"), end, number(cards, int, "cards"),
                  number(best_cards, int, "best_cards"), number(moves, int, "moves"), number(samples, int, "samples"),
                  number(solves, int, "solves"), number(unknown, int, "unknown"), number(seconds, float, "seconds"),
                  verdict, method)
    check_draw(row.draw)
    if row.won != (end == WON):
        raise ValueError("won must be 1 exactly when the game ended won")
    # With foundation returns a game may end with fewer cards there than it began with, even none.
    if not 0 <= row.cards <= row.best_cards <= 52 or (row.cards == 52) != (end == WON):
        raise ValueError("cards must be from 0 to best_cards, at most 52, and 52 exactly for a won game")
    if row.unknown > row.solves:
        raise ValueError("unknown must be at most solves")
    return row


PLAY = ResultsKind("play", PlayRow, _play_row, lambda row: row.won == 1)


# A row of a play file written before ``--method``: the columns of ``PlayRow`` but the last.
RowBeforeMethods = namedtuple("RowBeforeMethods", PlayRow._fields[:-1])  # type: ignore[misc]

# Every game of such a file was played by hindsight: ``stats`` reads it as such (a resume, which
# appends rows, needs a file of today's columns).
PLAY_BEFORE_METHODS = ResultsKind("play", RowBeforeMethods, lambda values: _play_row([*values, HINDSIGHT]),
                                  lambda row: row.won == 1)
