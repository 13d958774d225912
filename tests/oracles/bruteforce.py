"""A brute-force Canfield solver over the referee only: the plainest possible, to check the real one.

Depth-first search (with a set of every position seen) over whole ``Position`` objects with ``referee.legal_moves`` / ``referee.apply``:
no column canonicalisation, no dominances, no stock shortcut, every draw and recycle its own move.
Two things that never change what moves are legal are taken out of the state, so that the graph
is finite and no smaller than needed:

- ``score`` (legality never looks at it) is set to 0;
- ``recycles`` is set to 0 when passes are unlimited (``why_illegal`` only reads it when
  ``rules.passes`` is set; otherwise every recycle would make a "new" position forever).

``bruteforce(position, rules, max_nodes)`` returns a ``Verdict``: "winnable" with referee moves
that win, "unwinnable" when every reachable position was seen, or "unknown" when more than
``max_nodes`` positions would have to be stored.

Also: ``random_endgame``, random play through the referee down to a small position.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from canfield_solver.core.cards import suit_of
from canfield_solver.core.position import COLUMN_COUNT, Position, builds_on, validate
from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, WASTE, Move, apply, why_illegal
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_number

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"


def normal(position: Position, rules: Rules) -> Position:
    """The position as a graph node: score 0, and recycles 0 unless passes are limited."""
    recycles = position.recycles if rules.passes is not None else 0
    if position.score == 0 and position.recycles == recycles:
        return position
    p = position  # a direct constructor call: ``with_changes`` (dataclasses.replace) is slow
    return Position(p.base, p.reserve, p.tableau, p.stock, p.waste, p.foundations, 0, recycles)


# The cards that build on each card, by the referee's own ``builds_on``.
_BUILT_ON = [frozenset(card for card in range(52) if builds_on(card, onto)) for onto in range(52)]


def _may_take(position: Position, target: int, card: int) -> bool:
    column = position.tableau[target]
    return not column or card in _BUILT_ON[column[-1]]


def referee_moves(position: Position, rules: Rules) -> list[Move]:
    """``referee.legal_moves`` (as a set), faster: the referee's candidates that could possibly be
    legal, each still judged by ``referee.why_illegal``.

    ``legal_moves`` asks ``why_illegal`` about every count of every column onto every column
    (about 2 ms a position); this skips the candidates whose moved card neither fits its
    foundation nor builds on the target's top (nor goes to an empty target). The tests check
    that the result equals ``legal_moves`` on many positions.
    """
    candidates = [Move(DRAW), Move(RECYCLE)]
    for kind, pile in ((RESERVE, position.reserve), (WASTE, position.waste)):
        if pile:
            card = pile[-1]
            if position.foundation_next(suit_of(card)) == card:
                candidates.append(Move(kind, FOUNDATION))
            candidates += [Move(kind, COLUMN, target_index=t) for t in range(COLUMN_COUNT) if _may_take(position, t, card)]
    for source, column in enumerate(position.tableau):
        if not column:
            continue
        if position.foundation_next(suit_of(column[-1])) == column[-1]:
            candidates.append(Move(COLUMN, FOUNDATION, source_index=source))
        for target in range(COLUMN_COUNT):
            if target == source:
                continue
            onto = position.tableau[target]
            wanted = _BUILT_ON[onto[-1]] if onto else None
            for count in range(1, len(column) + 1):
                if wanted is None or column[-count] in wanted:
                    candidates.append(Move(COLUMN, COLUMN, source_index=source, target_index=target, count=count))
    for suit in range(4):
        top = position.foundation_top(suit)
        if top is not None:
            candidates += [
                Move(FOUNDATION, COLUMN, source_index=suit, target_index=t)
                for t in range(COLUMN_COUNT)
                if _may_take(position, t, top)
            ]
    return [move for move in candidates if why_illegal(position, move, rules) is None]


def _order(move: Move) -> int:
    """Search order only (the search is exhaustive): foundation plays first, returns last."""
    if move.target == FOUNDATION:
        return 5
    return {RESERVE: 4, WASTE: 3, COLUMN: 2, DRAW: 1, RECYCLE: 1, FOUNDATION: 0}[move.kind]


@dataclass
class Verdict:
    """What ``bruteforce`` found: the verdict, a winning move list (when winnable), positions stored."""

    verdict: str
    moves: list[Move]
    nodes: int


def bruteforce(position: Position, rules: Rules, max_nodes: int = 50_000) -> Verdict:
    """Decide ``position`` under ``rules`` by exhaustive search over the referee's moves.

    Depth-first with a set of every position seen (so each is expanded once and cycles end);
    the move order (foundation plays first, returns last) only finds wins sooner. "unknown" once more than
    ``max_nodes`` positions are stored.
    """
    start = normal(position, rules)
    if start.is_won:
        return Verdict(WINNABLE, [], 1)
    parent: dict[Position, tuple[Position, Move] | None] = {start: None}
    stack = [start]
    while stack:
        current = stack.pop()
        moves = referee_moves(current, rules)
        moves.sort(key=_order)  # popped last = tried first
        for move in moves:
            after = normal(apply(current, move, rules), rules)
            if after in parent:
                continue
            parent[after] = (current, move)
            if after.is_won:
                path = []
                node = after
                while parent[node] is not None:
                    node, step = parent[node]
                    path.append(step)
                return Verdict(WINNABLE, path[::-1], len(parent))
            if len(parent) > max_nodes:
                return Verdict(UNKNOWN, [], len(parent))
            stack.append(after)
    return Verdict(UNWINNABLE, [], len(parent))


def replays_to_win(position: Position, moves: list[Move], rules: Rules) -> bool:
    """``moves`` are all legal in turn from ``position`` and end in a won position."""
    for move in moves:
        position = apply(position, move, rules)  # raises IllegalMove when one is not legal
    return position.is_won


def _weight(move: Move) -> float:
    if move.target == FOUNDATION:
        return 30.0
    if move.kind == RESERVE:
        return 6.0
    if move.kind == FOUNDATION:
        return 0.3  # foundation returns: some, not so many that play goes backwards
    return 1.0


def random_endgame(rng: random.Random, low: int = 30, high: int = 42, tries: int = 100) -> Position:
    """A position from random play of a random deal with ``low``..``high`` cards on the foundations.

    Play uses draw 1 or 3 at random, unlimited passes, foundation returns and partial runs
    allowed; moves are picked at random with a strong bias toward foundation moves. The target
    count is drawn first; play stops when the foundations reach it. A game whose foundations
    gain nothing for 300 moves is thrown away (at most ``tries`` of them). The result has score 0
    and 0 or 1 recycles used (so passes-limited rules start with a pass used or not).
    """
    for _ in range(tries):
        rules = Rules(draw=rng.choice((1, 1, 3)), worry_back=True, moves="any", passes=None)
        position = position_from_number(rng.randrange(26**7))
        target = rng.randint(low, high)
        best, since = 0, 0
        while since < 300:
            on_foundations = sum(position.foundations)
            if on_foundations >= target:
                return position.with_changes(score=0, recycles=rng.choice((0, 0, 1)))
            if on_foundations > best:
                best, since = on_foundations, 0
            since += 1
            moves = referee_moves(position, rules)
            if not moves:
                break
            position = apply(position, rng.choices(moves, [_weight(m) for m in moves])[0], rules)
    raise RuntimeError("random play did not reach the endgame; raise tries")


def random_small_layout(rng: random.Random, in_play: int, empty_suit: bool = False, low_suits: int = 0) -> Position:
    """A random legal position with ``in_play`` cards off the foundations (not necessarily reachable
    from a deal): one card per column (sometimes a short run, sometimes none with the reserve
    empty), the rest split at random between reserve, waste and stock, 0 or 1 recycle used.
    Many are lost, unlike the endgames random play reaches. ``empty_suit``: one suit's foundation
    is empty besides (13 more cards in play), so a card of the base rank is in play, the card
    that ``--tableau-order base`` keeps the last card of a foundation off. ``low_suits``: that many
    suits, of alternating colours, hold only 0 to 2 cards on their foundations besides, so the
    lowest ranks of both colours are in play at once, as at the start of a deal."""
    base = rng.randrange(52)
    heights = [13, 13, 13, 13]
    if empty_suit:
        heights[rng.randrange(4)] = 0
    first = rng.randrange(4)  # clubs and spades (0, 3) are black, diamonds and hearts (1, 2) red
    other = rng.choice((1, 2) if first in (0, 3) else (0, 3))
    for suit in (first, other, 3 - first, 3 - other)[:low_suits]:
        heights[suit] = rng.randint(0, 2)
    for _ in range(in_play):
        suit = rng.choice([s for s in range(4) if heights[s] > 0])
        heights[suit] -= 1
    cards = [suit * 13 + (base % 13 + h) % 13 for suit in range(4) for h in range(heights[suit], 13)]
    rng.shuffle(cards)
    empty_columns = rng.random() < 0.2
    columns = []
    for _ in range(COLUMN_COUNT):
        column: list[int] = []
        if cards and not (empty_columns and rng.random() < 0.5):
            column.append(cards.pop())
            while rng.random() < 0.25:
                fits = [card for card in cards if builds_on(card, column[-1])]
                if not fits:
                    break
                column.append(fits[0])
                cards.remove(fits[0])
        columns.append(tuple(column))
    reserve: tuple[int, ...] = ()
    if all(columns):
        reserve = tuple(cards.pop() for _ in range(rng.randint(len(cards) // 3, len(cards))))
    waste = tuple(cards.pop() for _ in range(rng.randrange(len(cards) + 1)))
    position = Position(base, reserve, tuple(columns), tuple(cards), waste, tuple(heights), 0, rng.choice((0, 0, 1)))
    return validate(position)
