"""The stuck set of ``engine/lost/buried_cards.buried_for_good``, written again as the greatest fixpoint of
docs/dominances.md (section 6) over the referee's own notions, with plain sets, to check the
kernel (which peels each column from its top instead).

``whole_only=False`` gives the looser rule that section 6 shows to be wrong: the same test under
moves "any", where a run can carry a stuck card off the cards under it. Under moves "pile" a
stuck card goes onto no card, so the condition on the other card it builds on is dropped there.
"""

from __future__ import annotations

from canfield_solver.core.cards import suit_of
from canfield_solver.core.position import Position
from canfield_solver.core.rules import Rules
from tests.oracles.relaxed_reserve import goes_on, relative_rank


def stuck_cards(position: Position, rules: Rules, whole_only: bool = True) -> set[int]:
    """The cards above another in a column that can never leave it (empty: none, or the rule is
    off under ``rules``); any such card means the position is lost."""
    if rules.spaces == "any" or rules.worry_back or (whole_only and rules.moves == "any"):
        return set()
    up = {card for card in range(52) if relative_rank(card, position) < position.foundations[suit_of(card)]}
    under = {column[i]: set(column[:i]) for column in position.tableau for i in range(1, len(column))}
    stuck = set(under)
    changed = True
    while changed:
        changed = False
        covered = set().union(*(under[card] for card in stuck))
        for card in sorted(stuck):
            lower = {other for other in range(52) if suit_of(other) == suit_of(card) and other not in up
                     and relative_rank(other, position) < relative_rank(card, position)}
            parents = {other for other in range(52) if goes_on(card, other, position, rules)}
            if not (lower & covered and (rules.moves == "pile" or parents <= up | covered)):
                stuck.discard(card)
                changed = True
                break
    return stuck
