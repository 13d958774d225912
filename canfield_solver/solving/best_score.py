"""The best score of a deal: the most cards that can be on the foundations at one time.

The question Canfield's casino paid on. Score here is 5 points per card above the base card (which
starts on its foundation), so a win is 51 × 5 = 255. In the app a foundation return keeps its
points and the card may score again, so an app score can go higher; this score counts the cards
up at one time, which no returning can inflate.

The search is the engine's depth-first search (``search.run``) with ``track_best``: it remembers
the state with the most foundation cards seen (and the path to it), and stops early only when
that is all 52 cards (a win).

Why the maximum it reports is exact when the search is exhausted. Every state it enters is a
state some legal play reaches, so the best seen is reachable (a lower bound). Conversely the
search enters every reachable state, up to states sharing a key, which have the same foundation
heights (keys equate column permutations, and talon splits reachable from each other by draws
and recycles alone; draws and recycles never change the foundations):

- the moves are ``ordered_moves(..., dominance=False)``: every legal engine move, less those onto
  an empty column other than the first empty one and whole columns moved onto an empty column,
  which only lead to column permutations of states reached otherwise;
- states between engine moves (only draws and recycles made) have the foundations of the state
  before them, so no maximum hides there;
- a talon card reachable with and without a recycle is played without it: the state after differs
  only by having used fewer passes, from which every state of the other is reachable too.

The safe-foundation-move dominance of the win search is switched off here (``dominance=False``):
it is argued to keep wins, not maxima, so this search does not rely on it.

    >>> from canfield_solver.formats.deal_argument import setup_game
    >>> setup = setup_game("CF1-D3-AAAAAAC")
    >>> result = best_score(setup.position, setup.rules, Limits(max_nodes=100_000))
    >>> result.cards, result.score, result.proven
    (52, 255, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from canfield_solver.core.errors import SolverBug
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import Move
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import LimitHit, Verdict
from canfield_solver.engine.driver import search_best

from .referee_replay import replay_engine_moves, shortcut_moves
from .shortest import tighten

SHORTENING_NODES = 100_000  # the least effort spent on shortening the move list of a proven maximum


def score_of(cards: int) -> int:
    """The score of ``cards`` cards on the foundations at once: 5 per card above the base card."""
    return 5 * (cards - 1)


@dataclass
class BestResult:
    """The most foundation cards found, a move list from ``start`` that reaches them, and whether
    that is the proven maximum (the search saw every reachable state) or a lower bound.
    ``shortest``: no shorter move list reaches that many cards."""

    cards: int
    moves: list[Move]
    proven: bool
    shortest: bool
    nodes: int
    seconds: float
    limit_hit: LimitHit | None
    rules: Rules
    start: Position

    @property
    def score(self) -> int:
        return score_of(self.cards)


def best_score(start: Position, rules: Rules, limits: Limits = Limits()) -> BestResult:
    """Search every state reachable from ``start`` for the most cards on the foundations.

    Limits as in ``solver.solve``, for the whole call; when one is hit the result is the best seen
    (``proven`` False). For a proven maximum the move list is then shortened (``shortcut_moves``,
    then ``tighten`` with at most as many states again). Every move list is replayed through the
    referee and must reach exactly that many cards.
    """
    began = time.perf_counter()
    outcome = search_best(start, rules, limits, began=began)
    cards, nodes = outcome.cards, outcome.nodes
    moves, end = replay_engine_moves(start, outcome.moves, rules)
    if sum(end.foundations) != cards:
        raise SolverBug(f"best-score move list reaches {sum(end.foundations)} foundation cards, not {cards}")
    proven = outcome.verdict != Verdict.UNKNOWN
    shortest = False
    if proven:
        # The depth-first path to the best state wanders; look for a shorter one, with at most as
        # much effort again (and within the limits).
        effort = max(nodes, SHORTENING_NODES)
        if limits.max_nodes is not None:
            effort = min(effort, limits.max_nodes - nodes)
        shorter = tighten(start, rules, shortcut_moves(start, rules, moves)[0], cards,
                          replace(limits, max_nodes=effort), began=began)
        moves, shortest, nodes = shorter.moves, shorter.proven, nodes + shorter.nodes
    return BestResult(
        cards=cards,
        moves=moves,
        proven=proven,
        shortest=shortest,
        nodes=nodes,
        seconds=time.perf_counter() - began,
        limit_hit=outcome.limit_hit,
        rules=rules,
        start=start,
    )
