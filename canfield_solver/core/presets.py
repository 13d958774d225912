"""Rule presets (the app's rules, the default, and those of other programs) and the rule options a
user gives, which this module resolves into ``rules.Rules``.

A preset fixes every rule option; single options given beside it override it
(``--rules pysolfc --draw 1``)::

    >>> resolve_rules(RuleOptions("pysolfc", draw=1))
    Rules(draw=1, worry_back=False, moves='whole', passes=None, spaces='any', tableau_order='cyclic')
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .errors import InputError, quote
from .rules import MOVES_ANY, MOVES_PILE, MOVES_WHOLE, SPACES_ANY, SPACES_WASTE, TABLEAU_BASE, Draw, Moves, Rules, Spaces, TableauOrder


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
    # The casino game of the Hoyle texts (seeds 003/004): a column goes onto another only as a whole
    # pile, an empty column takes the waste top when the player likes; the texts do not say whether
    # building wraps, and this preset wraps as the app and PySolFC do.
    "hoyle": Preset("hoyle", Rules(draw=3, worry_back=False, moves=MOVES_PILE, spaces=SPACES_WASTE)),
}


def get_preset(name: str) -> Preset:
    """The preset called ``name``; ``InputError`` lists the known ones otherwise."""
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise InputError(f"unknown rules preset {quote(name)}: choose one of {', '.join(PRESETS)}") from None


@dataclass(frozen=True)
class RuleOptions:
    """The rule options a user gave (``--rules``, ``--draw``, ...), None where not given.

    Kept unresolved because what a missing option means depends on the deal (the
    draw mode its code names, the preset a PySolFC deal implies); ``resolve_rules``
    settles it per deal. It is the one carrier of these options from the command
    line through ``setup_game``, ``analyse`` and the batch workers (frozen and
    picklable, for process pools and Dask), so a new rule option needs only its
    ``Rules`` field, a field here of the same name and its click option; every
    field but ``preset`` overrides the ``Rules`` field of its name.
    """

    preset: str | None = None
    draw: Draw | None = None
    worry_back: bool | None = None
    moves: Moves | None = None
    passes: int | None = None
    spaces: Spaces | None = None
    tableau_order: TableauOrder | None = None


def resolve_rules(options: RuleOptions = RuleOptions(), *, source_draw: Draw | None = None) -> Rules:
    """The rules in force: the options given, else their preset (default: the app's).

    ``source_draw`` is the draw mode a game code or deal file names; it applies
    under the app's rules, while the other presets fix their program's draw mode.
    A bad option value is an ``InputError``.
    """
    chosen = get_preset(options.preset or "app")
    rules = chosen.rules
    if chosen.source_draw and source_draw is not None:
        rules = replace(rules, draw=source_draw)
    given = {field.name: getattr(options, field.name) for field in fields(options) if field.name != "preset"}
    try:
        return replace(rules, **{name: value for name, value in given.items() if value is not None})
    except ValueError as error:
        raise InputError(str(error)) from None
