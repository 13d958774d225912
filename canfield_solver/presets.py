"""Rule presets: the app's rules (the default) and those of other programs.

A preset fixes every rule option; single options given beside it override it
(``--rules pysolfc --draw 1``)::

    >>> resolve_rules("pysolfc", draw=1)
    Rules(draw=1, worry_back=False, moves='whole', passes=None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import InputError
from .rules import MOVES_ANY, MOVES_WHOLE, Rules


@dataclass(frozen=True)
class Preset:
    """A named rule set. ``first_turn``: the program turns the first draw onto the waste before play."""

    name: str
    rules: Rules
    first_turn: bool = False


PRESETS = {
    "app": Preset("app", Rules(draw=3, worry_back=True, moves=MOVES_ANY)),
    "pysolfc": Preset("pysolfc", Rules(draw=3, worry_back=False, moves=MOVES_WHOLE), first_turn=True),
    "solvitaire": Preset("solvitaire", Rules(draw=3, worry_back=False, moves=MOVES_ANY)),
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
) -> Rules:
    """The rules in force: explicit options, else the preset, else the source's draw mode, else the app's.

    ``source_draw`` is the draw mode a game code or deal file names; a preset
    given by name overrides it (every preset fixes a draw mode).
    """
    if preset is not None:
        rules = get_preset(preset).rules
    else:
        rules = replace(PRESETS["app"].rules, draw=source_draw or PRESETS["app"].rules.draw)
    changes = {"draw": draw, "worry_back": worry_back, "moves": moves, "passes": passes}
    try:
        return replace(rules, **{key: value for key, value in changes.items() if value is not None})
    except ValueError as error:
        raise InputError(str(error)) from None
