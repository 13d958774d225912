"""What a command-line DEAL argument names: a game code, a PySolFC deal, or a deal file.

    >>> game = load_game("CF1-D1-AAAAACL")
    >>> game.name, game.draw, game.preset, len(game.position.stock)
    ('CF1-D1-AAAAACL', 1, None, 34)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from canfield_solver.core.errors import InputError, quote
from canfield_solver.core.hidden import check_fanned, has_hidden, hidden_count
from canfield_solver.core.position import Position
from canfield_solver.core.presets import RuleOptions, get_preset, resolve_rules
from canfield_solver.core.referee import DRAW, Move, apply
from canfield_solver.core.rules import Draw, Rules, check_tableau_order

from .codes import parse_code, position_from_number
from .position_text import read_position_file

PYSOL_PREFIX = "pysol:"


@dataclass(frozen=True)
class Game:
    """A loaded DEAL argument: ``name`` as the user wrote it (a code in capitals, ``pysol:N``, a
    file's path) and its ``position``; ``draw``: the draw mode the source names (None: not named);
    ``preset``: the rules preset it implies (``pysolfc`` for PySolFC deals); ``fresh``: True when
    no card has been played or turned yet, so a preset's automatic first turn still has to be made.
    """

    name: str
    position: Position
    draw: Draw | None = None
    preset: str | None = None
    fresh: bool = True


def load_game(source: str) -> Game:
    """Resolve ``source``: a game code or a PySolFC deal when it reads as one, else the path of a
    deal file (so an existing file named like a code, ``CF1-D3-AAAAACL.json``, needs no ``./``;
    docs/formats.md); raise ``InputError`` with what is wrong and how to fix it."""
    text = source.strip()
    try:
        if text.lower().startswith(PYSOL_PREFIX):
            from .pysol import read_pysol_deal  # pysol-cards, loaded only for its deals

            name, position = read_pysol_deal(text[len(PYSOL_PREFIX):])
            return Game(name, position, draw=3, preset="pysolfc", fresh=False)
        if text.upper().startswith("CF1-"):
            code_draw, number = parse_code(text)
            return Game(text.upper(), position_from_number(number), draw=code_draw)
    except InputError:
        if not os.path.exists(source):
            raise
    if not (os.path.exists(source) or text.lower().endswith(".json")):
        raise InputError(
            f"{quote(source)} is neither a game code (like CF1-D3-AAAAACL), "
            "a PySolFC deal (like pysol:123) nor an existing deal file"
        )
    position, draw = read_position_file(source if os.path.exists(source) else text)
    # A position with hidden cards is taken as the player sees it: no automatic first turn.
    fresh = (not position.waste and position.score == 0 and position.recycles == 0 and len(position.stock) == 34
             and not has_hidden(position))
    return Game(text, position, draw=draw, fresh=fresh)


@dataclass(frozen=True)
class Setup:
    """A game with the rules in force and the position play starts from."""

    game: Game
    rules: Rules
    position: Position


def setup_game(source: str | Game, options: RuleOptions = RuleOptions(), hidden_ok: bool = False) -> Setup:
    """Load ``source`` and settle the rules: ``options``, else their preset, else the source's defaults
    (its draw mode, the preset it implies).

    A preset whose program turns the first cards by itself (PySolFC) gets that
    turn made here when the game is fresh. A column that is not a run under the
    tableau order in force is an ``InputError`` here, before any play. So is a position with
    hidden cards (``??``) unless ``hidden_ok`` (``show``, ``hint``), or one that hides a waste card
    the draw mode in force shows fanned.
    """
    game = load_game(source) if isinstance(source, str) else source
    options = replace(options, preset=options.preset or game.preset)
    rules = resolve_rules(options, source_draw=game.draw)
    if has_hidden(game.position):
        if not hidden_ok:
            raise InputError(f"{game.name} has {hidden_count(game.position)} hidden cards ('??'): solving needs "
                             f"every card; 'canfield-solver hint {game.name}' ranks the moves over samples of them")
        try:
            check_fanned(game.position, rules.draw)
        except InputError as error:
            raise InputError(f"{game.name}: {error}") from None
    check_tableau_order(game.position, rules)
    position = game.position
    if options.preset is not None and get_preset(options.preset).first_turn and game.fresh:
        position = apply(position, Move(DRAW), rules)
    return Setup(game, rules, position)
