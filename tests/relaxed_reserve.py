"""The relaxed game of ``engine/deadlock.reserve_stuck``, written again over the referee's own
notions (``builds_on``, ``crosses_base``, ``Position``) with plain sets, to check the kernel.

``refills``, ``chains`` and ``returns`` switch off one part of the rule each, giving the looser
games that docs/dominances.md (section 5) shows to be wrong: no escape by the refill of an
emptied column; only the cards already in columns (and those that have left the reserve) as
column tops, not the cards that can be built onto them; cards on the foundations up for good
even with foundation returns.
"""

from __future__ import annotations

from canfield_solver.cards import RANKS_PER_SUIT, rank_of, suit_of
from canfield_solver.deal import Position, builds_on
from canfield_solver.rules import Rules, crosses_base


def goes_on(card: int, onto: int, position: Position, rules: Rules) -> bool:
    """``card`` may be put on ``onto`` in the tableau under ``rules``."""
    return builds_on(card, onto) and not (rules.tableau_order == "base"
                                          and crosses_base(card, onto, position.base_rank))


def relative_rank(card: int, position: Position) -> int:
    return (rank_of(card) - position.base_rank) % RANKS_PER_SUIT


def stuck(position: Position, rules: Rules, refills: bool = True, chains: bool = True, returns: bool = True) -> bool:
    """The relaxed game cannot empty the reserve (so, by docs/dominances.md section 5, the
    position is lost)."""
    if not position.reserve:
        return False
    up = {card for card in range(52) if relative_rank(card, position) < position.foundations[suit_of(card)]}
    held = set(position.reserve)
    tops = {card for column in position.tableau for card in column}
    bottoms = [column[0] for column in position.tableau if column]

    def grow() -> None:
        allowed = set(range(52)) - held - (up if not (rules.worry_back and returns) else set())
        while chains:
            more = {card for card in allowed - tops if any(goes_on(card, onto, position, rules) for onto in tops)}
            if not more:
                return
            tops.update(more)

    def may_leave(card: int) -> bool:
        if any(goes_on(card, onto, position, rules) for onto in tops):
            return True
        suit = suit_of(card)
        below = range(position.foundations[suit], relative_rank(card, position))
        return not any((suit, rank) in {(suit_of(h), relative_rank(h, position)) for h in held} for rank in below)

    grow()
    for card in reversed(position.reserve):
        if not may_leave(card):
            leaving = [bottom for bottom in bottoms if may_leave(bottom)] if refills else []
            if not leaving:
                return True
            bottoms[bottoms.index(leaving[0])] = card
        held.discard(card)
        tops.add(card)
        grow()
    return False
