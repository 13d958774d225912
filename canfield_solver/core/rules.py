"""The rule options of a game (``Rules``): draw mode, foundation returns, column moves, passes,
what fills an empty column, and where building down wraps; docs/rules.md gives the rules.

Each option's values are named here once, as constants and ``Literal`` types::

    >>> Rules(draw=1, moves=MOVES_WHOLE).label
    'worry-back moves-whole passes-unlimited'
    >>> Rules(spaces="everywhere")
    Traceback (most recent call last):
    ...
    ValueError: spaces must be one of any, waste, waste-first, not 'everywhere'

The referee (``referee``) plays by them; presets (``presets``) name whole sets of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Final, Literal

from .cards import RANKS_PER_SUIT, card_name, rank_of
from .errors import InputError
from .position import Position

Moves = Literal["any", "whole", "pile"]
MOVES_ANY: Final = "any"
MOVES_WHOLE: Final = "whole"
MOVES_PILE: Final = "pile"
MOVES: tuple[Moves, ...] = (MOVES_ANY, MOVES_WHOLE, MOVES_PILE)

Spaces = Literal["any", "waste", "waste-first"]
SPACES_ANY: Final = "any"
SPACES_WASTE: Final = "waste"
SPACES_WASTE_FIRST: Final = "waste-first"
SPACES: tuple[Spaces, ...] = (SPACES_ANY, SPACES_WASTE, SPACES_WASTE_FIRST)

TableauOrder = Literal["cyclic", "base"]
TABLEAU_CYCLIC: Final = "cyclic"
TABLEAU_BASE: Final = "base"
TABLEAU_ORDERS: tuple[TableauOrder, ...] = (TABLEAU_CYCLIC, TABLEAU_BASE)

Draw = Literal[1, 3]
DRAWS: tuple[Draw, ...] = (1, 3)
MAX_PASSES = 10**6  # the engine counts passes in 32 bits; no game needs more


@dataclass(frozen=True)
class Rules:
    """The rule options every command that plays or solves takes.

    ``passes`` counts passes through the stock (None: unlimited), so a game may
    recycle the waste ``passes - 1`` times. ``moves`` says what of a column moves onto another
    column: ``"any"`` (any tail run), ``"whole"`` (the top card alone or the whole column: PySolFC)
    or ``"pile"`` (only the whole column: the Hoyle texts, Solvitaire's "whole-pile"); a column's
    top card plays to a foundation under all three.
    ``spaces`` says what fills an empty column once the reserve is empty: ``"any"`` (the app: any
    card or movable run), ``"waste"`` (Hoyle: only the waste top card; the column may stay empty
    as long as the player likes) or ``"waste-first"`` (Solvitaire's ``auto-reserve-then-waste``:
    only the waste top card, and while a column is empty no other card moves onto a column).
    ``tableau_order`` says where building down wraps: ``"cyclic"`` (the app: all the way round,
    a K goes on an A) or ``"base"`` (Solvitaire: ranks count from the base rank, so the last card
    of a foundation never goes on a card of the base rank; see ``crosses_base``).
    """

    draw: Draw = 3
    worry_back: bool = True
    moves: Moves = MOVES_ANY
    passes: int | None = None
    spaces: Spaces = SPACES_ANY
    tableau_order: TableauOrder = TABLEAU_CYCLIC

    def __post_init__(self) -> None:
        if self.draw not in DRAWS:
            raise ValueError(f"draw must be 1 or 3, not {self.draw!r}")
        if self.moves not in MOVES:
            raise ValueError(f"moves must be one of {', '.join(MOVES)}, not {self.moves!r}")
        if self.passes is not None and not 1 <= self.passes <= MAX_PASSES:
            raise ValueError(f"passes must be from 1 to {MAX_PASSES}, not {self.passes!r}")
        if self.spaces not in SPACES:
            raise ValueError(f"spaces must be one of {', '.join(SPACES)}, not {self.spaces!r}")
        if self.tableau_order not in TABLEAU_ORDERS:
            raise ValueError(
                f"tableau_order must be one of {', '.join(TABLEAU_ORDERS)}, not {self.tableau_order!r}"
            )

    @property
    def label(self) -> str:
        """The options other than draw, as one word list, e.g. ``worry-back moves-any passes-unlimited``.

        ``spaces-...`` and ``tableau-order-...`` are added only when not the default, so labels of the
        default rules (results files, CSV keys) stay as they were.
        """
        back = "worry-back" if self.worry_back else "no-worry-back"
        spaces = "" if self.spaces == SPACES_ANY else f" spaces-{self.spaces}"
        order = "" if self.tableau_order == TABLEAU_CYCLIC else f" tableau-order-{self.tableau_order}"
        return f"{back} moves-{self.moves} passes-{self.passes or 'unlimited'}{spaces}{order}"


def crosses_base(card: int, onto: int, base_rank: int) -> bool:
    """True when ``card`` on ``onto`` would build across the base: the one build that
    ``--tableau-order base`` forbids and ``cyclic`` allows.

    Relative ranks count from the base rank (base rank 0, the last card of a foundation 12);
    under ``base`` a card of relative rank 12 goes on nothing, as in Solvitaire, so among the
    cyclic builds (one rank down) only relative 12 onto relative 0 is lost. Base 7: a 6 never goes
    on a 7, a K on an A is fine. The engine's ``movegen.builders`` has the same test.
    """
    last = (base_rank - 1) % RANKS_PER_SUIT
    return rank_of(card) == last and rank_of(onto) == base_rank


def check_tableau_order(position: Position, rules: Rules) -> None:
    """Raise ``InputError`` when a column of ``position`` is not a run under ``rules.tableau_order``.

    Deal files and game codes are checked against the cyclic rule (``position.validate``); a column
    may hold a build across the base that ``--tableau-order base`` would never have made, and the
    engine counts on every column being a run. Fresh deals (one card a column) always pass.
    """
    if rules.tableau_order == TABLEAU_CYCLIC:
        return
    for number, column in enumerate(position.tableau, start=1):
        for lower, upper in pairwise(column):
            if crosses_base(upper, lower, position.base_rank):
                raise InputError(
                    f"column {number} holds {card_name(upper)} on {card_name(lower)}, which --tableau-order "
                    f"{rules.tableau_order} does not allow ({card_name(upper)} is the last card of its "
                    "foundation); play this position with --tableau-order cyclic"
                )
