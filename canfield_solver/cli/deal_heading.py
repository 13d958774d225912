"""The first line of ``show``: the deal, whose deal a code names, its draw mode, and the rules in
force where they are not the app's (a PySolFC deal implies PySolFC's rules, which a player of the
app would not expect).

    >>> from canfield_solver.formats.deal_argument import setup_game
    >>> headline(setup_game("pysol:123"), None)
    "Deal pysol:123, draw 3. PySolFC's rules: no foundation return, top card or whole column."
"""

from __future__ import annotations

from dataclasses import replace

from canfield_solver.core.presets import PRESETS
from canfield_solver.core.rules import MOVES_PILE, MOVES_WHOLE, SPACES_WASTE, SPACES_WASTE_FIRST, TABLEAU_BASE, Rules
from canfield_solver.formats.codes import is_code
from canfield_solver.formats.deal_argument import Setup

PRESET_TITLES = {"pysolfc": "PySolFC's rules", "solvitaire": "Solvitaire's rules", "hoyle": "Hoyle's rules"}
CODE_NOTE = "CF1 codes are this program's own deals, not the app's."


def rule_differences(rules: Rules) -> list[str]:
    """How ``rules`` differ from the app's, in words (the draw mode aside)."""
    words = []
    if not rules.worry_back:
        words.append("no foundation return")
    if rules.moves == MOVES_WHOLE:
        words.append("top card or whole column")
    elif rules.moves == MOVES_PILE:
        words.append("whole columns only")
    if rules.passes is not None:
        words.append(f"{rules.passes} pass{'' if rules.passes == 1 else 'es'} through the stock")
    if rules.spaces == SPACES_WASTE:
        words.append("spaces take only the waste card")
    elif rules.spaces == SPACES_WASTE_FIRST:
        words.append("spaces take the waste card first")
    if rules.tableau_order == TABLEAU_BASE:
        words.append("building down stops at the base rank")
    return words


def headline(setup: Setup, preset: str | None) -> str:
    """``Deal NAME, draw N.``, then a note on CF1 codes and the rules where not the app's.

    ``preset`` is the one given (None: the one the deal implies, if any); it is named only when
    the rules in force are exactly its rules.
    """
    line = f"Deal {setup.game.name}, draw {setup.rules.draw}."
    if is_code(setup.game.name):  # not a file named like one
        line += " " + CODE_NOTE
    differences = rule_differences(setup.rules)
    if differences:
        preset = (preset or setup.game.preset or "").lower()
        exact = preset in PRESET_TITLES and replace(PRESETS[preset].rules, draw=setup.rules.draw) == setup.rules
        line += f" {PRESET_TITLES[preset] if exact else 'Rules'}: {', '.join(differences)}."
    return line
