"""Positions with hidden cards: what a player sees, checked, and completed at random.

A slot the player has not seen holds ``cards.HIDDEN`` (written ``??``). The app shows the
reserve's top card, every column and foundation card and the waste's fanned cards (its top 3
under draw 3, its top one under draw 1); hidden slots may only be elsewhere: the reserve below
its top, the stock, the waste below the fan. The hidden cards are exactly the cards the position
does not name, so a completion puts those cards into the hidden slots in some order::

    >>> from canfield_solver.formats.codes import position_from_code
    >>> seen = hide(position_from_code("CF1-D3-AAAAACL"), draw=3)
    >>> hidden_count(seen), len(unseen_cards(seen))
    (46, 46)
    >>> import random
    >>> full = complete(seen, random.Random(1))
    >>> hidden_count(full), full.reserve[-1] == seen.reserve[-1]
    (0, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import DECK_SIZE, HIDDEN, HIDDEN_NAME, card_name
from .position import DealError, Position, validate


def hidden_count(position: Position) -> int:
    """How many slots of ``position`` are hidden."""
    return sum(pile.count(HIDDEN) for pile in (position.reserve, position.stock, position.waste))


def has_hidden(position: Position) -> bool:
    """True when some card of ``position`` is not seen."""
    return hidden_count(position) > 0


def unseen_cards(position: Position) -> list[int]:
    """The cards ``position`` does not name, in deck order: those that fill its hidden slots."""
    named = set(position.all_cards())
    return [card for card in range(DECK_SIZE) if card not in named]


def fill(position: Position, cards: Sequence[int]) -> Position:
    """``position`` with its hidden slots filled by ``cards`` in order: the reserve's slots bottom
    to top, then the stock's, then the waste's."""
    supply = iter(cards)

    def filled(pile: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(next(supply) if card == HIDDEN else card for card in pile)

    return position.with_changes(reserve=filled(position.reserve), stock=filled(position.stock),
                                 waste=filled(position.waste))


def complete(position: Position, rng: random.Random) -> Position:
    """One completion of ``position``, uniform over all that agree with what is seen: a uniformly
    random permutation of the unseen cards into the hidden slots."""
    cards = unseen_cards(position)
    rng.shuffle(cards)
    return fill(position, cards)


def hide(position: Position, draw: int) -> Position:
    """What the app shows of ``position``: the reserve below its top, the stock and the waste
    below its ``draw`` fanned cards hidden."""
    fanned = min(draw, len(position.waste))
    return position.with_changes(
        reserve=(HIDDEN,) * (len(position.reserve) - 1) + position.reserve[-1:],
        stock=(HIDDEN,) * len(position.stock),
        waste=(HIDDEN,) * (len(position.waste) - fanned) + position.waste[len(position.waste) - fanned:],
    )


_WHERE = ("'??' (a card not seen) may stand only in the reserve below its top card, in the stock and in "
          "the waste below the cards shown fanned")


def validate_seen(position: Position) -> Position:
    """Raise ``DealError`` unless ``position`` (with hidden slots) is what a player can see of a
    legal position; return it unchanged.

    The fanned waste cards depend on the draw mode; ``check_fanned`` checks them once it is known.
    """
    if any(HIDDEN in column for column in position.tableau):
        raise DealError(f"{_WHERE}; column cards are always seen")
    if position.reserve[-1:] == (HIDDEN,):
        raise DealError(f"{_WHERE}; the reserve's top card is always seen")
    if position.waste[-1:] == (HIDDEN,):  # shown under every draw mode
        raise DealError(f"{_WHERE}; the waste's top card is always shown")
    named = [card for card in position.all_cards() if card != HIDDEN]
    twice = sorted({card for card in named if named.count(card) > 1})
    if twice:
        raise DealError("card named twice: " + ", ".join(map(card_name, twice)))
    hidden, unseen = hidden_count(position), DECK_SIZE - len(named)
    if hidden != unseen:
        raise DealError(
            f"{hidden} '{HIDDEN_NAME}' but {unseen} card(s) not named: the hidden cards are exactly the cards "
            f"the position does not name, so it needs one '{HIDDEN_NAME}' for each of them"
        )
    validate(fill(position, unseen_cards(position)))  # the columns, the score, an empty column: as for any position
    return position


def check_fanned(position: Position, draw: int) -> None:
    """Raise ``DealError`` when a waste card that the game shows fanned under ``draw`` is hidden."""
    fanned = position.waste[len(position.waste) - min(draw, len(position.waste)):]
    if HIDDEN in fanned:
        shown = "top card is" if draw == 1 else f"top {draw} cards are"
        raise DealError(f"{_WHERE}; under draw {draw} the waste's {shown} shown")


Slot = tuple[str, int]  # a pile ("reserve" or "waste") and the index of a card in it


def card_at(position: Position, slot: Slot) -> int:
    """The card (or ``HIDDEN``) in ``slot`` of ``position``."""
    pile, index = slot
    return (position.reserve if pile == "reserve" else position.waste)[index]


def shown_slots(position: Position, draw: int) -> list[Slot]:
    """Where the game shows a card that may not have been seen: the reserve's top, and the waste's
    fanned cards (its top ``draw``), these bottom to top, the order a draw turns them."""
    fanned = range(max(0, len(position.waste) - draw), len(position.waste))
    return [("waste", index) for index in fanned] + [("reserve", len(position.reserve) - 1)] * bool(position.reserve)


def shows_unseen(position: Position, draw: int) -> bool:
    """True when the game shows, in ``position``, a card the position hides: the move that led
    here turned up a card not seen before."""
    return any(card_at(position, slot) == HIDDEN for slot in shown_slots(position, draw))


def free_draw(position: Position, draw: int, passes: int | None) -> bool:
    """True when a draw is information for nothing: passes are unlimited (``passes`` None), the
    stock hides cards and the waste holds a whole number of draws. Drawing to the end of the
    stock, recycling and drawing as many times again as the waste holds draws brings back the
    same position (the talon keeps its order, a recycle costs nothing), every stock card seen."""
    return passes is None and HIDDEN in position.stock and len(position.waste) % draw == 0
