"""An honest player: plays a deal seeing only what the game shows, remembering every card it saw.

The player's knowledge is the set of cards it has seen: at the start the reserve's top card, the
columns and the foundations (and the waste, if the game starts with one), later every card that
comes to the reserve top or is turned onto the waste; after a pass through the stock the whole
stock is known, since a recycle keeps its order. Its view of the position names the cards it
has seen and writes ``??`` for the others (``view``). At each turn it plays

1. a proven-safe foundation move when there is one (the engine's ``safe_foundation_move``,
   which needs no foundation return; only one of the reserve top, a column top or the waste top,
   so it depends on seen cards only), else
2. the best move of ``hint.hint`` on its view, among those that do not bring back a view it has
   had before (a move that turns up no new card leads to a view known in advance; one that does
   brings new knowledge, so a new view).

Once every card is known (no ``??`` left in its view) it asks the solver instead: a win is
played out along the solver's line, a proven loss ends the game ("lost"); an unknown verdict
(a limit hit) goes back to hints. The real deal decides what a draw shows. The game ends when
won, when proven lost, when no move is legal ("stuck"), when every legal move would repeat a
view ("cycle"), or after ``max_turns`` moves ("turns"); all but a win count as lost.

Nothing the player does depends on a card it has not seen: its moves are the same on any deal
that agrees with what it has seen so far (the tests check this by permuting the unseen cards of
a real deal).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from canfield_solver.core.cards import HIDDEN
from canfield_solver.core.hidden import fill, has_hidden, unseen_cards
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import Position
from canfield_solver.core.referee import DRAW, RECYCLE, Move, apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict
from canfield_solver.engine.driver import safe_top_play

from .hint import DEFAULT_MAX_NODES, hint
from .solver import solve

WON, LOST, STUCK, CYCLE, TURNS = "won", "lost", "stuck", "cycle", "turns"


@dataclass(frozen=True)
class PlayedGame:
    """How one honest game went: ``end`` (won, lost, stuck, cycle, turns), the cards on the
    foundations at the end and at best (the base card included), the moves played, and the
    positions solved to choose them (each sample of a hint, each solve once every card is
    known), with how many of them a limit left undecided (``unknown``)."""

    end: str
    cards: int
    best_cards: int
    moves: list[Move]
    samples: int = 0
    unknown: int = 0

    @property
    def won(self) -> bool:
        return self.end == WON


def shown_cards(position: Position) -> set[int]:
    """The cards the game shows in ``position``: the reserve top, the waste (each of its cards was
    shown when turned), the columns and the foundations."""
    cards = set(position.reserve[-1:]) | set(position.waste) | set(position.foundation_cards())
    for column in position.tableau:
        cards |= set(column)
    return cards


def view(position: Position, seen: set[int]) -> Position:
    """``position`` as a player who has seen ``seen`` knows it: every other card hidden."""

    def known(pile: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(card if card in seen else HIDDEN for card in pile)

    return position.with_changes(reserve=known(position.reserve), stock=known(position.stock),
                                 waste=known(position.waste))


def safe_move(shown: Position, rules: Rules) -> Move | None:
    """A foundation move of the reserve top, a column top or the waste top that keeps every win
    (see ``engine.search.safe_foundation_move``), or None."""
    if rules.worry_back:
        return None
    # Any completion will do: the moves kept here read only the foundations and seen cards. Only
    # a card on top: reaching a talon card below the waste top may depend on hidden cards.
    return safe_top_play(fill(shown, unseen_cards(shown)), rules)


def play(
    position: Position,
    rules: Rules,
    *,
    samples: int = 10,
    seed: int = 0,
    limits: Limits = Limits(max_nodes=DEFAULT_MAX_NODES),
    max_turns: int | None = None,
    jobs: int = 1,
) -> PlayedGame:
    """Play the real deal ``position`` from where it stands as the honest player; ``seed`` makes
    the hints' samples, and so the game, reproducible. ``limits`` limit each solve."""
    rng = random.Random(seed)
    seen = shown_cards(position)
    views: set = set()  # the views had so far (score and recycles left out), and their boards
    moves: list[Move] = []
    best = sum(position.foundations)
    solved = unknown = 0
    while True:
        state = _known(view(position, seen), rules)
        views |= {state, _board(state)}
        if position.is_won:
            end = WON
            break
        if max_turns is not None and len(moves) >= max_turns:
            end = TURNS
            break
        shown = view(position, seen)
        if not has_hidden(shown):
            # Every card known: the solver's verdict decides, and a win is played out as found.
            result = solve(shown, rules, limits=limits)
            solved += 1
            unknown += result.verdict == Verdict.UNKNOWN
            if result.verdict != Verdict.UNKNOWN:
                for played in result.moves[:None if max_turns is None else max_turns - len(moves)]:
                    position = apply(position, played, rules)
                    moves.append(played)
                    best = max(best, sum(position.foundations))
                end = WON if position.is_won else TURNS if result.moves else LOST
                break
        move: Move | None = safe_move(shown, rules)
        if move is None:
            if not legal_moves(shown, rules):
                end = STUCK
                break
            ranked = hint(shown, rules, samples=samples, seed=rng.randrange(2**32), limits=limits, jobs=jobs)
            solved += ranked.samples
            unknown += ranked.winnable.unknown
            move = next((choice.move for choice in ranked.choices
                         if _leads_to_new_view(position, choice.move, rules, seen, views)), None)
            if move is None:
                end = CYCLE
                break
        position = apply(position, move, rules)
        seen |= shown_cards(position)
        moves.append(move)
        best = max(best, sum(position.foundations))
    return PlayedGame(end, sum(position.foundations), best, moves, solved, unknown)


def _leads_to_new_view(position: Position, move: Move, rules: Rules, seen: set[int], views: set) -> bool:
    """True unless ``move`` leads to a view the player has had. Whether a move turns up a new
    card depends only on where the hidden cards lie, not on which they are, and a move that turns
    up none leads to a view the player can work out, so this uses nothing it has not seen."""
    after = apply(position, move, rules)
    now_seen = seen | shown_cards(after)
    if len(now_seen) > len(seen):
        return True
    state = _known(view(after, now_seen), rules)
    return state not in views and (move.kind in (DRAW, RECYCLE) or _board(state) not in views)


def _known(shown: Position, rules: Rules) -> Position:
    """A view without what does not change the play: the score, and the recycles count when
    passes are unlimited."""
    return shown.with_changes(score=0, recycles=shown.recycles if rules.passes else 0)


def _board(state: Position) -> tuple:
    """A view up to the order of the columns and the talon split: a move other than a draw or a
    recycle that only brings back such a board (a run moved back and forth, a foundation card
    returned and played again) makes no progress."""
    return (state.reserve, tuple(sorted(state.tableau)), state.waste + tuple(reversed(state.stock)),
            state.foundations, state.recycles)
