"""Compact move lists: the stock actions before a play joined to it, one line per step a person takes.

A *step* is the draws and recycles at the stock and the play they lead to, written on one line
with a comma between the parts, runs of draws counted::

     12. draw ×3, waste 3♣ -> foundation  score 25  tap
     13. draw ×2, recycle, draw ×1, waste 8♥ -> column 1  score 25

(``draw x3`` in ASCII). ``split_step`` reads such a line, or a one-move line, back into the
single moves it stands for, each of which ``move_text.parse_move`` reads and the referee checks;
a comma is never part of a move, so it cannot be taken for the arrow.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from canfield_solver.core.errors import quote, shorten
from canfield_solver.core.position import Position
from canfield_solver.core.referee import DRAW, RECYCLE, IllegalMove, Move, apply
from canfield_solver.core.rules import Rules
from canfield_solver.core.tap import is_tap

from .move_text import NotationError, format_move, parse_move, strip_line
from .numbers import whole_number

MAX_DRAWS = 52  # a longer run of draws in a line is a typo, not a move list
_DRAWS = re.compile(r"^draw\s*[×x*]\s*([0-9]+)$", re.IGNORECASE)


def group_steps(moves: list[Move]) -> list[range]:
    """The index ranges of ``moves`` that form one step each: stock actions and the play after them
    (stock actions at the very end form a step of their own)."""
    steps, first = [], 0
    for index, move in enumerate(moves):
        if move.kind not in (DRAW, RECYCLE):
            steps.append(range(first, index + 1))
            first = index + 1
    if first < len(moves):
        steps.append(range(first, len(moves)))
    return steps


def _stock_text(moves: list[Move], ascii: bool) -> list[str]:
    """``draw ×3``, ``recycle``, ... for a run of stock actions."""
    parts: list[str] = []
    times = "x" if ascii else "×"
    draws = 0
    for move in moves + [Move(RECYCLE)]:  # the sentinel ends the last run of draws
        if move.kind == DRAW:
            draws += 1
            continue
        if draws:
            parts.append(f"draw {times}{draws}")
            draws = 0
        parts.append(RECYCLE)
    return parts[:-1]


def format_steps(start: Position, moves: list[Move], rules: Rules, ascii: bool = False) -> list[str]:
    """Numbered step lines, each with the score after it and ``tap`` when its play is one tap.

    Applies every move through the referee, so an illegal list raises ``IllegalMove``.
    """
    lines = []
    position = start
    for number, step in enumerate(group_steps(moves), start=1):
        stock = [moves[i] for i in step if moves[i].kind in (DRAW, RECYCLE)]
        parts = _stock_text(stock, ascii)
        for index in range(step.start, step.start + len(stock)):
            position = apply(position, moves[index], rules)
        mark = ""
        if len(stock) < len(step):
            play = moves[step.stop - 1]
            parts.append(format_move(play, position, ascii))
            mark = "  tap" if is_tap(position, play, rules) else ""
            position = apply(position, play, rules)
        lines.append(f"{number:>3}. {', '.join(parts)}  score {position.score}{mark}")
    return lines


def split_step(line: str) -> list[str]:
    """The single moves a move-list line stands for, as text (``[]`` for a blank or comment line):
    ``draw ×2, recycle, waste 8H -> column 1`` gives ``draw``, ``draw``, ``recycle`` and the play."""
    text = strip_line(line)
    if not text:
        return []
    singles = []
    for part in (piece.strip() for piece in text.split(",")):
        draws = _DRAWS.match(part)
        if draws:
            count = whole_number(draws.group(1)) or 0
            if not 1 <= count <= MAX_DRAWS:
                raise NotationError(f"cannot read {quote(part)} in {quote(line)}: draw from 1 to {MAX_DRAWS} times")
            singles += [DRAW] * count
        elif part:
            singles.append(part)
        else:
            raise NotationError(f"cannot read {quote(line)}: an empty part between commas")
    return singles


@dataclass
class Replay:
    """A move list read and played through the referee: the single moves, their texts, the
    positions (``positions[0]`` is the start, ``positions[i]`` the one after ``i`` moves) and, when
    a move was illegal, why (``illegal``; the moves before it are kept)."""

    moves: list[Move] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)
    illegal: str | None = None


def replay_lines(lines: Iterable[str], start: Position, rules: Rules, upto: int | None = None,
                 ascii: bool = False) -> Replay:
    """Read and play the move lines (full or compact) from ``start``, stopping after ``upto`` single
    moves, at the first illegal move, or at the end. ``NotationError`` names the move that cannot be
    read (single moves are counted, not lines)."""
    played = Replay(positions=[start])
    for line_number, line in enumerate(lines, start=1):
        singles = split_step(line)
        for text in singles:
            if upto is not None and len(played.moves) == upto:
                return played
            position = played.positions[-1]
            number = len(played.moves) + 1
            try:
                move = parse_move(text, position)
                shown = format_move(move, position, ascii)
                after = apply(position, move, rules)
            except IllegalMove as error:
                where = f" (line {line_number})" if len(singles) > 1 else ""
                played.illegal = f"move {number}{where} is illegal: {shorten(text)}: {error}"
                return played
            except NotationError as error:
                raise NotationError(f"move {number}: {error}") from None
            played.moves.append(move)
            played.texts.append(shown)
            played.positions.append(after)
    return played
