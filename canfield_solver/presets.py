"""Rule presets: the app's rules (the default) and those of other programs.

A preset fixes every rule option; single options given beside it override it
(``--rules pysolfc --draw 1``)::

    >>> resolve_rules("pysolfc", draw=1)
    Rules(draw=1, worry_back=False, moves='whole', passes=None, spaces='any', tableau_order='cyclic')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import InputError
from .rules import MOVES_ANY, MOVES_WHOLE, SPACES_ANY, TABLEAU_BASE, Rules


@dataclass(frozen=True)
class Preset:
    """A named rule set. ``first_turn``: the program turns the first draw onto the waste before play.

    ``source_draw``: the draw mode a game code or deal file names applies (the
    app has both modes); other presets fix their program's draw mode.
    """

    name: str
    rules: Rules
    first_turn: bool = False
    source_draw: bool = False


PRESETS = {
    "app": Preset("app", Rules(draw=3, worry_back=True, moves=MOVES_ANY), source_draw=True),
    "pysolfc": Preset("pysolfc", Rules(draw=3, worry_back=False, moves=MOVES_WHOLE), first_turn=True),
    # Solvitaire's "canfield" preset as in the paper with the published 71.2%: its spaces policy
    # "auto-reserve-then-any" is our "any" (the reserve refills at once, then any card or run), and
    # its tableau builds count from the base rank without wrapping across it.
    "solvitaire": Preset(
        "solvitaire", Rules(draw=3, worry_back=False, moves=MOVES_ANY, spaces=SPACES_ANY, tableau_order=TABLEAU_BASE)
    ),
}


def get_preset(name: str) -> Preset:
    """The preset called ``name``; ``InputError`` lists the known ones otherwise."""
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise InputError(f"unknown rules preset {name!r}: choose one of {', '.join(PRESETS)}") from None


def resolve_rules(
    preset: str | None = None,
    *,
    source_draw: int | None = None,
    draw: int | None = None,
    worry_back: bool | None = None,
    moves: str | None = None,
    passes: int | None = None,
    spaces: str | None = None,
    tableau_order: str | None = None,
) -> Rules:
    """The rules in force: explicit options, else the preset (default: the app's).

    ``source_draw`` is the draw mode a game code or deal file names; it applies
    under the app's rules, while the other presets fix their program's draw mode.
    """
    chosen = get_preset(preset or "app")
    rules = chosen.rules
    if chosen.source_draw and source_draw is not None:
        rules = replace(rules, draw=source_draw)
    changes = {"draw": draw, "worry_back": worry_back, "moves": moves, "passes": passes, "spaces": spaces,
               "tableau_order": tableau_order}
    try:
        return replace(rules, **{key: value for key, value in changes.items() if value is not None})
    except ValueError as error:
        raise InputError(str(error)) from None
