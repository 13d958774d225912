"""An honest player: plays a deal seeing only what the game shows, remembering every card it saw.

The player's knowledge is the set of cards it has seen: at the start the reserve's top card, the
columns and the foundations (and the waste, if the game starts with one), later every card that
comes to the reserve top or is turned onto the waste; after a pass through the stock the whole
stock is known, since a recycle keeps its order. Its view of the position names the cards it
has seen and writes ``??`` for the others (``view``). At each turn it plays

1. under the ``plan`` method (the default), while passes are unlimited and the stock hides
   cards, a draw: a pass through the stock shows its cards and costs nothing
   (``core.hidden.free_draw``), so the player makes it before any other move, which could
   change the groups later draws turn; else
2. a proven-safe foundation move when there is one (the engine's ``safe_foundation_move``,
   which needs no foundation return; only one of the reserve top, a column top or the waste top,
   so it depends on seen cards only), else
3. under the ``plan`` method, the next move of the plan it is playing, else the
   best plan of ``hint.hint`` on its view when that plan keeps the win in some sample: it then
   plays the plan's moves up to the card it shows (``solving.plan``), choosing again once that
   card is known; the samples are drawn from a seed made of the game's seed and the view;
4. else (and always under ``hindsight``) the move of ``hint.hint`` with the best hindsight
   figure, among those that do not bring back a view it has had before (a move that turns up no
   new card leads to a view known in advance; one that does brings new knowledge, so a new view).

Once every card is known (no ``??`` left in its view) it asks the solver instead: a win is
played out along the solver's line, a proven loss ends the game ("lost"); an unknown verdict
(a limit hit) goes back to hints. The real deal decides what a draw shows. The game ends when
won, when proven lost, when no move is legal ("stuck"), when every legal move would repeat a
view ("cycle"), or after ``max_turns`` moves ("turns"); all but a win count as lost.

Nothing the player does depends on a card it has not seen: its moves are the same on any deal
that agrees with what it has seen so far (the tests check this by permuting the unseen cards of
a real deal). ``HonestPlayer`` is this player one move at a time, told the cards each move shows:
``play`` tells it from the real deal, ``follow`` from the person playing (``solving.follow``).
"""

from __future__ import annotations

import copy
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canfield_solver.core.cards import HIDDEN, card_name
from canfield_solver.core.hidden import Slot, card_at, fill, has_hidden, shown_slots, shows_unseen, unseen_cards
from canfield_solver.core.limits import Limits
from canfield_solver.core.play_methods import DEFAULT_METHOD, PLAN, PLAYER_SAMPLES
from canfield_solver.core.position import DealError, Position
from canfield_solver.core.referee import DRAW, RECYCLE, Move, apply, legal_moves
from canfield_solver.core.rules import Rules
from canfield_solver.core.verdict import Verdict
from canfield_solver.engine.driver import safe_top_play

from .hint import DEFAULT_MAX_NODES, Choice, hint, progress_steps, stock_pass
from .plan import Plan
from .solver import solve

WON, LOST, STUCK, CYCLE, TURNS = "won", "lost", "stuck", "cycle", "turns"
SKIPPED = "skipped"  # ``advise(compute=False)`` where a hint would choose


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


def game_seed(name: str) -> int:
    """The seed of a deal's hint samples, made of its name (its code): the same game whenever the
    deal is played (``play``'s runs, and ``follow --practice``)."""
    return zlib.crc32(name.encode("utf-8"))


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


@dataclass
class Advice:
    """What the player plays next: ``move``, and ``choices``, the hint that chose it (best first;
    empty when a safe move, the solver's line or a plan chosen before chose it); ``plan``: the
    plan the move is part of."""

    move: Move
    choices: list[Choice]
    plan: Plan | None = None


class HonestPlayer:
    """The honest player, one move at a time: what it knows (``view``: the position with every
    card it has not seen hidden), the views it has had, and its choice of the next move
    (``advise``). ``play`` makes a move; the cards the move shows for the first time (``to_show``)
    come from outside, by ``show``: from the real deal (``play()``) or from a person following a
    game (``canfield-solver follow``), so nothing it does depends on a card it has not seen."""

    def __init__(self, start: Position, rules: Rules, *, samples: int = PLAYER_SAMPLES, seed: int = 0,
                 limits: Limits = Limits(max_nodes=DEFAULT_MAX_NODES), jobs: int = 1,
                 method: str = DEFAULT_METHOD) -> None:
        self.rules, self.samples, self.limits, self.jobs, self.method = rules, samples, limits, jobs, method
        self.seed = seed
        self.rng = random.Random(seed)
        self.view = start
        self.views: set = set()  # the views had so far (score and recycles left out), and their boards
        self.moves: list[Move] = []
        self.best = sum(start.foundations)
        self.solved = self.unknown = 0
        self.line: list[Move] = []  # the solver's win, once every card is known
        self.plan: Plan | None = None  # the plan being played (method PLAN)
        self.planned: list[Move] = []  # its moves not yet played
        self.to_show: list[Slot] = self._hidden_slots()  # shown by the last move (or the game's first turn), not yet known
        if not self.to_show:
            self._remember()

    def copy(self) -> HonestPlayer:
        """A player that knows what this one knows and will advise as it would (its seeds too)."""
        twin = copy.copy(self)
        twin.views, twin.moves, twin.line, twin.to_show = set(self.views), list(self.moves), list(self.line), list(self.to_show)
        twin.planned = list(self.planned)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def advise(self, compute: bool = True, progress: Callable[[], None] | None = None) -> Advice | str:
        """The next move, or how the game ends (WON, LOST, STUCK, CYCLE). ``compute=False``: where
        a hint would choose, skip it and return SKIPPED (its seed is drawn all the same, so later
        hints are the ones they would be: a game played again to a turn needs no hint before it).
        ``progress()`` is called once per sample a hint solves."""
        if self.to_show:
            raise ValueError("the cards the last move showed are not known yet")
        if self.view.is_won:
            return WON
        if self.line:
            return Advice(self.line[0], [])
        if not has_hidden(self.view):
            # Every card known: the solver's verdict decides, and a win is played out as found.
            result = solve(self.view, self.rules, limits=self.limits)
            self.solved += 1
            self.unknown += result.verdict == Verdict.UNKNOWN
            if result.verdict == Verdict.UNWINNABLE:
                return LOST
            if result.verdict == Verdict.WINNABLE:
                self.line = list(result.moves)
                return Advice(self.line[0], [])
        if self.planned:
            return Advice(self.planned[0], [], self.plan)
        if self.looks():
            return Advice(Move(DRAW), [])
        safe = safe_move(self.view, self.rules)
        if safe is not None:
            return Advice(safe, [])
        if not legal_moves(self.view, self.rules):
            return STUCK
        seed = self._view_seed() if self.method == PLAN else self.rng.randrange(2**32)
        if not compute:
            return SKIPPED
        ranked = hint(self.view, self.rules, samples=self.samples, seed=seed, limits=self.limits, jobs=self.jobs,
                      progress=progress, method=self.method)
        self.solved += progress_steps(self.view, ranked.samples, self.method)
        self.unknown += ranked.winnable.unknown
        best = ranked.choices[0].plan if ranked.choices else None
        if best is not None and best.tally.wins:
            self.plan, self.planned = best, list(best.moves)
            return Advice(best.moves[0], ranked.choices, best)
        move = next((choice.move for choice in ranked.choices if self._new_view(choice.move)), None)
        return CYCLE if move is None else Advice(move, ranked.choices)

    def looks(self) -> bool:
        """True when the player's next move is a draw made to see the stock (method ``plan``), free
        under unlimited passes (``hint.stock_pass``, the rule ``hint`` states too)."""
        return stock_pass(self.method, self.view, self.rules) is not None

    def play(self, move: Move) -> list[Slot]:
        """Make ``move`` (``IllegalMove`` when it is not legal); the slots whose cards it shows for
        the first time, which ``show`` must fill before the next ``advise``."""
        self.view = apply(self.view, move, self.rules)
        self.moves.append(move)
        self.best = max(self.best, sum(self.view.foundations))
        self.line = self.line[1:] if self.line[:1] == [move] else []
        self.planned = self.planned[1:] if self.planned[:1] == [move] else []
        self.to_show = self._hidden_slots()
        if not self.to_show:
            self._remember()
        return list(self.to_show)

    def show(self, cards: Sequence[int]) -> None:
        """The cards in the slots the last move showed, in their order; ``DealError`` when they are
        not that many cards not seen before."""
        if len(cards) != len(self.to_show) or len(set(cards)) != len(cards):
            raise DealError(f"{len(self.to_show)} different cards were shown, not {len(cards)}")
        unseen = set(unseen_cards(self.view))
        for card in cards:
            if card not in unseen:
                raise DealError(f"{card_name(card)} has been seen already")
        piles = {"reserve": list(self.view.reserve), "waste": list(self.view.waste)}
        for (pile, index), card in zip(self.to_show, cards, strict=True):
            piles[pile][index] = card
        self.view = self.view.with_changes(reserve=tuple(piles["reserve"]), waste=tuple(piles["waste"]))
        self.to_show = []
        self._remember()

    def game(self, end: str) -> PlayedGame:
        """The game so far, ended by ``end``."""
        return PlayedGame(end, sum(self.view.foundations), self.best, list(self.moves), self.solved, self.unknown)

    def _view_seed(self) -> int:
        """The seed of a plan's samples: made of the game's seed and the view, so that a player
        brought to a view by any history (a ``follow`` session resumed) draws the same samples."""
        return zlib.crc32(repr((self.seed, _known(self.view, self.rules))).encode("ascii"))

    def _hidden_slots(self) -> list[Slot]:
        return [slot for slot in shown_slots(self.view, self.rules.draw) if card_at(self.view, slot) == HIDDEN]

    def _remember(self) -> None:
        state = _known(self.view, self.rules)
        self.views |= {state, _board(state)}

    def _new_view(self, move: Move) -> bool:
        """True unless ``move`` leads to a view the player has had. Whether a move turns up a new
        card depends only on where the hidden cards lie, not on which they are, and a move that
        turns up none leads to a view the player can work out, so this uses nothing it has not seen."""
        after = apply(self.view, move, self.rules)
        if shows_unseen(after, self.rules.draw):
            return True
        state = _known(after, self.rules)
        return state not in self.views and (move.kind in (DRAW, RECYCLE) or _board(state) not in self.views)


def play(
    position: Position,
    rules: Rules,
    *,
    samples: int = PLAYER_SAMPLES,
    seed: int = 0,
    limits: Limits = Limits(max_nodes=DEFAULT_MAX_NODES),
    max_turns: int | None = None,
    jobs: int = 1,
    method: str = DEFAULT_METHOD,
    advised: Callable[[Position, Advice], None] | None = None,
) -> PlayedGame:
    """Play the real deal ``position`` from where it stands as the honest player choosing its
    moves by ``method``; ``seed`` makes the hints' samples, and so the game, reproducible.
    ``limits`` limit each solve. ``advised(view, advice)`` is told each move with the view it
    was chosen from, for a look at how a game went (``benchmarks/play_hints.py``)."""
    player = HonestPlayer(view(position, shown_cards(position)), rules, samples=samples, seed=seed, limits=limits,
                          jobs=jobs, method=method)
    while True:
        if not player.view.is_won and max_turns is not None and len(player.moves) >= max_turns:
            return player.game(TURNS)
        chosen_from = player.view
        advice = player.advise()
        if not isinstance(advice, Advice):
            return player.game(advice)
        if advised is not None:
            advised(chosen_from, advice)
        position = apply(position, advice.move, rules)
        slots = player.play(advice.move)
        if slots:
            player.show([card_at(position, slot) for slot in slots])


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
