"""The relaxed game of ``engine/deadlock.reserve_stuck``, written again over the referee's own
notions (``builds_on``, ``crosses_base``, ``Position``) with plain sets, to check the kernel.

``buried=False`` gives the weaker game without the clear-above rule (every column card a
possible top, a column emptied whenever its bottom card may leave). ``refills``, ``chains`` and
``returns`` switch off one part of the rule each, giving the looser games that docs/dominances.md
(section 5) shows to be wrong: no escape by the refill of an emptied column; only the column
cards that may become tops (and those that have left the reserve) as column tops, not the cards
that can be built onto them; cards on the foundations up for good even with foundation returns.
"""

from __future__ import annotations

from canfield_solver.core.cards import RANKS_PER_SUIT, rank_of, suit_of
from canfield_solver.core.position import Position, builds_on
from canfield_solver.core.rules import Rules, crosses_base


def goes_on(card: int, onto: int, position: Position, rules: Rules) -> bool:
    """``card`` may be put on ``onto`` in the tableau under ``rules``."""
    return builds_on(card, onto) and not (rules.tableau_order == "base"
                                          and crosses_base(card, onto, position.base_rank))


def relative_rank(card: int, position: Position) -> int:
    return (rank_of(card) - position.base_rank) % RANKS_PER_SUIT


def may_go_up(card: int, position: Position, held: set[int] | tuple[int, ...]) -> bool:
    """No card of ``held`` of ``card``'s suit lies between its foundation's top and it."""
    below = range(position.foundations[suit_of(card)], relative_rank(card, position))
    return not any(suit_of(h) == suit_of(card) and relative_rank(h, position) in below for h in held)


def stuck(position: Position, rules: Rules, refills: bool = True, chains: bool = True, returns: bool = True,
          buried: bool = True) -> bool:
    """The relaxed game cannot empty the reserve (so, by docs/dominances.md section 5, the
    position is lost)."""
    if not position.reserve:
        return False
    up = {card for card in range(52) if relative_rank(card, position) < position.foundations[suit_of(card)]}
    held = set(position.reserve)
    columns = [list(column) for column in position.tableau if column]
    refilled: list[int | None] = [None] * len(columns)  # the reserve card that refilled each column
    tops: set[int] = set()

    def on_a_top(card: int) -> bool:
        return any(goes_on(card, onto, position, rules) for onto in tops)

    def may_leave(card: int) -> bool:
        return on_a_top(card) or may_go_up(card, position, held)

    def clear_above(column: list[int]) -> list[bool]:
        """For each card, whether the cards above it in ``column`` may all leave."""
        clear = [True] * len(column)
        if not buried:
            return clear
        for i in range(len(column) - 2, -1, -1):
            above = column[i + 1]
            # ``above`` has a card under it: under moves "whole" it moves only as the top, under "pile" never.
            moved = on_a_top(above) and (rules.moves == "any" or (rules.moves == "whole" and clear[i + 1]))
            clear[i] = moved or (may_go_up(above, position, held) and clear[i + 1])
        return clear

    def may_empty(i: int) -> bool:
        if refilled[i] is not None:
            return may_leave(refilled[i])
        column = columns[i]
        return on_a_top(column[0]) or (may_go_up(column[0], position, held) and clear_above(column)[0])

    def grow() -> None:
        allowed = set(range(52)) - held - (up if not (rules.worry_back and returns) else set())
        while True:
            more = {card for column in columns for card, clear in zip(column, clear_above(column), strict=True) if clear}
            if chains:
                more |= {card for card in allowed if on_a_top(card)}
            if more <= tops:
                return
            tops.update(more)

    grow()
    for card in reversed(position.reserve):
        if not may_leave(card):
            leaving = [i for i in range(len(columns)) if may_empty(i)] if refills else []
            if not leaving:
                return True
            refilled[leaving[0]] = card
        held.discard(card)
        tops.add(card)
        grow()
    return False
