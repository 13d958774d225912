"""Offsets of the parts of a position inside the one ``int32`` state array the kernels work on.

Piles are stored bottom to top with a length cell. The talon is one card
sequence: ``talon[0:k]`` is the waste (bottom to top) and ``talon[k:n]`` the
stock in turning order, so recycling only sets ``k`` back to 0 and playing the
waste top deletes ``talon[k-1]``. Every column is one run (cards only ever go
onto a card they build on), and runs wrap K on A, so a column may hold all 52
cards (13 at most under tableau order "base"). The rule options follow and never
change during a search; the last three cells belong to the search (docs/dominances.md,
section 4, and the move order).
"""

from canfield_solver.core.cards import DECK_SIZE

PILE = DECK_SIZE  # room for a whole deck in every pile

RESERVE_CARDS = 0
RESERVE_N = RESERVE_CARDS + PILE
TALON = RESERVE_N + 1
TALON_N = TALON + PILE
TALON_K = TALON_N + 1
FOUNDATION_HEIGHTS = TALON_K + 1  # 4 heights, one per suit
COLUMN_CARDS = FOUNDATION_HEIGHTS + 4  # 4 columns of PILE cells
COLUMN_N = COLUMN_CARDS + 4 * PILE  # 4 lengths
RECYCLES = COLUMN_N + 4
# Rule options and the deal's base rank (constant during a search).
BASE_RANK = RECYCLES + 1
DRAW_COUNT = BASE_RANK + 1
PASSES = DRAW_COUNT + 1  # the passes allowed, or UNLIMITED
WORRY_BACK = PASSES + 1  # 1: foundation returns allowed
# What of a column moves onto another column: MOVES_ANY any tail run; MOVES_WHOLE its top card or all
# its cards; MOVES_PILE all its cards only (the option ``moves``: "any", "whole", "pile").
COLUMN_MOVES = WORRY_BACK + 1
# Once the reserve is empty, an empty column takes: ANY_CARD any card or run; WASTE_CARD only the
# waste top; WASTE_CARD_FIRST only the waste top, and while a column is empty only the waste top
# moves onto columns (the option ``spaces``: "any", "waste", "waste-first").
SPACES = COLUMN_MOVES + 1
# Tableau order: 0 cyclic (a K goes on an A); 1 base (the last rank of a foundation goes on nothing).
TABLEAU_BASE = SPACES + 1
# Set by the search: 1 when a talon play onto a column must be built on by the next move.
TALON_WAITS = TABLEAU_BASE + 1
# The card the next move must build on, plus 1 (0: none): set by such a talon play.
BUILD_ON = TALON_WAITS + 1
# Set by the search: 1 when foundation moves of low cards come late in the move order.
LOW_CARDS_LATE = BUILD_ON + 1
# Set by the easier game's tests (``engine/lost/easier_game.py``): 1 when a state with an empty reserve
# counts as won, which it is under draw 1 with unlimited passes and tableau order "base".
RESERVE_GOAL = LOW_CARDS_LATE + 1
STATE_SIZE = RESERVE_GOAL + 1

# Values of the PASSES cell beside a number of passes, of the COLUMN_MOVES cell and of the SPACES cell.
UNLIMITED = 0
MOVES_ANY, MOVES_WHOLE, MOVES_PILE = 0, 1, 2
ANY_CARD, WASTE_CARD, WASTE_CARD_FIRST = 0, 1, 2
