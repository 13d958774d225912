"""Shared test helpers: positions from card names, the RULES.md worked example, random play, the CLI."""

from __future__ import annotations

import copy
import random
import sys
from dataclasses import dataclass

import pytest
from click.testing import CliRunner

from canfield_solver.cards import RANKS_PER_SUIT, parse_card, rank_of, suit_of
from canfield_solver.cli import main
from canfield_solver.codes import position_from_number
from canfield_solver.deal import Position, position_from_dict, validate
from canfield_solver.rules import FOUNDATION, RESERVE, Rules, apply, crosses_base, legal_moves


def has_a_build_across_the_base(position: Position) -> bool:
    """Some column of ``position`` holds a card on one that only the cyclic order lets it go on:
    the position is not legal under tableau order "base" (``rules.check_tableau_order``)."""
    return any(crosses_base(upper, lower, position.base_rank)
               for column in position.tableau for lower, upper in zip(column, column[1:]))


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


# RULES.md, "Worked example": base 7♥, reserve top Q♣ with 8♥, Q♠, J♠ under it, columns 6♣ K♥ Q♥ A♠.
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


@pytest.fixture
def make_position():
    """``build_position``: a validated position from card names."""
    return build_position


@pytest.fixture
def worked_example_data() -> dict:
    """The deal file of RULES.md's worked example (a fresh copy)."""
    return copy.deepcopy(WORKED_EXAMPLE)


@pytest.fixture
def worked_example() -> Position:
    """The start of RULES.md's worked example as a position."""
    return position_from_dict(WORKED_EXAMPLE)[0]


@pytest.fixture
def worked_example_moves() -> list[str]:
    """Its first three moves in our notation."""
    return list(WORKED_EXAMPLE_MOVES)


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


@pytest.fixture(scope="session")
def played_positions() -> list[tuple[Rules, Position]]:
    """Every 5th position of 24 random games: reserves emptied, returns, recycles, empty columns."""
    return list(random_play(24))[::5]


@dataclass
class CliResult:
    status: int
    out: str
    err: str


@pytest.fixture
def run_cli():
    """Run ``canfield-solver ARGS`` in-process through ``cli.main``: status, stdout, stderr."""

    def run(*args: str, input: str | None = None) -> CliResult:
        runner = CliRunner()
        with runner.isolation(input=input) as (out, err, _):
            try:
                main(list(args))
            except SystemExit as exit_:
                status = exit_.code if isinstance(exit_.code, int) else 1
            else:
                status = 0
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
        return CliResult(status, out.getvalue().decode(), err.getvalue().decode())

    return run


@pytest.fixture
def made_tests(monkeypatch) -> list:
    """Every ``easier.EasierTests`` made while the test runs, in order, to read their tallies."""
    from canfield_solver.engine import easier

    made = []
    make = easier.EasierTests.__init__

    def kept(self, z, memory):
        make(self, z, memory)
        made.append(self)

    monkeypatch.setattr(easier.EasierTests, "__init__", kept)
    return made
