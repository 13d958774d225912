"""Positions for tests: from card names, the worked example of docs/rules.md, random legal play,
and the predicates the engine's tests choose positions by."""

from __future__ import annotations

import random
from itertools import pairwise

from canfield_solver.core.cards import RANKS_PER_SUIT, parse_card, rank_of, suit_of
from canfield_solver.core.position import Position, validate
from canfield_solver.core.referee import FOUNDATION, RESERVE, apply, legal_moves
from canfield_solver.core.rules import Rules, crosses_base
from canfield_solver.formats.codes import position_from_number


def has_a_build_across_the_base(position: Position) -> bool:
    """Some column of ``position`` holds a card on one that only the cyclic order lets it go on:
    the position is not legal under tableau order "base" (``rules.check_tableau_order``)."""
    return any(crosses_base(upper, lower, position.base_rank)
               for column in position.tableau for lower, upper in pairwise(column))


def in_the_middle_of_a_pass(position: Position) -> bool:
    """The talon split lies in the middle of a pass: not a multiple of 3, and not the talon's end."""
    split, talon = len(position.waste), len(position.waste) + len(position.stock)
    return split % 3 != 0 and split != talon

def build_position(base, tableau, reserve=(), waste=(), foundations=None, stock=None, score=0, recycles=0):
    """A validated position from card names (bottom to top); cards placed nowhere form the stock.

    ``foundations`` lists foundation top cards (None: only the base card is up).
    The left-over stock is in deck order, the highest card on top.
    """
    base_card = parse_card(base)
    heights = [0, 0, 0, 0]
    if foundations is None:
        heights[suit_of(base_card)] = 1
    for name in foundations or ():
        top = parse_card(name)
        heights[suit_of(top)] = (rank_of(top) - rank_of(base_card)) % RANKS_PER_SUIT + 1

    def cards(names):
        return tuple(parse_card(name) for name in names)

    position = Position(base_card, cards(reserve), tuple(cards(column) for column in tableau), (),
                        cards(waste), tuple(heights), score, recycles)
    placed = set(position.all_cards())
    rest = tuple(card for card in range(52) if card not in placed) if stock is None else cards(stock)
    return validate(position.with_changes(stock=rest))


# docs/rules.md, "Worked example": base 7♥, reserve top Q♣ with 8♥, Q♠, J♠ under it, columns 6♣ K♥ Q♥ A♠.
WORKED_EXAMPLE = {
    "base": "7H",
    "reserve": ["AC", "2C", "3C", "4C", "5C", "7C", "8C", "9C", "10C", "JS", "QS", "8H", "QC"],
    "tableau": [["6C"], ["KH"], ["QH"], ["AS"]],
    "stock": ["KS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "JH", "10H", "9H",
              "6H", "5H", "4H", "3H", "2H", "AH", "KD", "QD", "JD", "10D", "9D", "8D", "7D",
              "6D", "5D", "4D", "3D", "2D", "AD", "KC", "JC"],
    "draw": 3,
}
WORKED_EXAMPLE_MOVES = ["reserve Q♣ -> column 2", "reserve 8♥ -> foundation", "column 2 K♥..Q♣ -> column 4"]


def _weight(move) -> int:
    # Favour moves that empty the reserve and fill foundations, so play reaches late-game states.
    return 6 if move.target == FOUNDATION else 4 if move.kind == RESERVE else 1


def random_play(count: int, steps: int = 150, seed: int = 7):
    """``count`` games of random legal play under varied rules: yields (rules, position) after every move."""
    rng = random.Random(seed)
    for game in range(count):
        rules = Rules(draw=rng.choice((1, 3)), worry_back=game % 3 != 2,
                      moves="whole" if game % 4 == 3 else "any", passes=rng.choice((None, 2, 3)))
        position = position_from_number(rng.randrange(26**7))
        for _ in range(steps):
            moves = legal_moves(position, rules)
            if not moves:
                break
            position = apply(position, rng.choices(moves, [_weight(m) for m in moves])[0], rules)
            yield rules, position


# A position whose shortest win is 6 printed moves under draw 1 and draw 3 (``build_position``'s arguments).
SIX_MOVES = dict(base="AS", tableau=[["QC"], ["KC"], [], []], foundations=["KS", "KH", "KD", "9C"],
                 stock=["JC", "10C"])
