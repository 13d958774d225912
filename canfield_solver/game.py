"""A position to play from, with the defaults its source implies: what ``source.load_game`` and
``pysol.load_pysol_game`` return (its own module, so that neither imports the other)."""

from __future__ import annotations

from dataclasses import dataclass

from .deal import Position


@dataclass(frozen=True)
class Game:
    """``draw``: the draw mode the source names (None: not named); ``preset``: the
    rules preset it implies (``pysolfc`` for PySolFC deals); ``fresh``: True
    when no card has been played or turned yet, so a preset's automatic first
    turn still has to be made.
    """

    name: str
    position: Position
    draw: int | None = None
    preset: str | None = None
    fresh: bool = True
