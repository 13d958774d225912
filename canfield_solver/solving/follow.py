"""A game followed as it is played (``canfield-solver follow``): each turn the honest player's advice,
the move the person plays, and the cards that move shows for the first time.

The person plays a real game (the app's, say) and answers two kinds of question: which move was
played (the advice, an alternative, or any legal move), and which cards the game showed that
were hidden, in the order it turned them. Without a start position the session first asks for
the six cards a new game shows (the base card, the reserve's top, the four columns). In practice
(``deal`` given) the session knows the whole deal and shows each card itself, as the game would.

Every accepted answer goes to the session file (``formats.session_file``) before the next
question; ``replay`` plays the answers of a file again, to the same turn with the same knowledge
and the same advice. The advice is ``honest_player.HonestPlayer``'s, as ``play`` gives it, so a
practice session answered with the advice each turn plays the game ``play`` plays. ``undo``
takes back the last answer; the player is restored as it was before that turn's advice, seeds
included, so the advice after an undo is the one given before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from canfield_solver.core.cards import HIDDEN, card_name, parse_card, suit_of
from canfield_solver.core.errors import InputError
from canfield_solver.core.hidden import card_at, hidden_count
from canfield_solver.core.play_methods import PLAN
from canfield_solver.core.position import COLUMN_COUNT, DealError, Position
from canfield_solver.core.referee import DRAW, Move, apply
from canfield_solver.core.rules import Rules
from canfield_solver.formats.move_text import format_move, parse_move
from canfield_solver.formats.session_file import SessionSetup, SessionWriter

from .honest_player import SKIPPED, Advice, HonestPlayer

ALTERNATIVES = 5  # the moves after the advice a turn offers, numbered
RESERVE_SIZE, STOCK_SIZE = 13, 34
# What a new game shows, asked for one question at a time when no start is given.
START_QUESTIONS = (("type the base card (the first card on the foundations)", 1), ("type the reserve's top card", 1),
                   ("type the four column cards, left to right", COLUMN_COUNT))
MOVE, CARDS, END = "move", "cards", "end"


@dataclass
class Question:
    """What the session asks now: ``asks`` MOVE (with ``advice`` and the numbered
    ``alternatives``), CARDS (``count`` cards, ``where`` says which and in what order), or END
    (``end``: how the game ended)."""

    asks: str
    advice: Advice | None = None
    alternatives: list[Move] = field(default_factory=list)
    count: int = 0
    where: str = ""
    end: str | None = None


def start_position(answers: list[list[int]], first_turn: bool, rules: Rules) -> Position:
    """The position a new game shows: the answers to ``START_QUESTIONS``, every other card hidden;
    with ``first_turn`` the game has turned its first draw (its cards not yet known)."""
    (base,), (top,), columns = answers
    foundations = tuple(int(suit == suit_of(base)) for suit in range(4))
    start = Position(base, (HIDDEN,) * (RESERVE_SIZE - 1) + (top,), tuple((card,) for card in columns),
                     (HIDDEN,) * STOCK_SIZE, foundations=foundations)
    return apply(start, Move(DRAW), rules) if first_turn else start


class FollowSession:
    """A followed game: its honest player (once the start is known), the deal in practice, the
    players before each move (for ``undo``), and the session file the answers go to."""

    def __init__(self, setup: SessionSetup, *, jobs: int = 1, writer: SessionWriter | None = None) -> None:
        """The session of ``setup`` (its hints solved on ``jobs`` processes), its answers saved by
        ``writer`` (None: not saved)."""
        self.setup, self.rules, self.deal, self.jobs, self.writer = setup, setup.rules, setup.deal, jobs, writer
        self.start_answers: list[list[int]] = []
        self._player: HonestPlayer | None = None
        self.advice: Advice | str | None = None  # this turn's, once worked out
        self.before: HonestPlayer | None = None  # the player before this turn's advice
        self.history: list[tuple[HonestPlayer, Position | None]] = []  # the player and the deal before each move
        if setup.start is not None:
            self._begin(setup.start)

    @property
    def player(self) -> HonestPlayer:
        assert self._player is not None, "the start is known"
        return self._player

    @property
    def started(self) -> bool:
        """True once the start position is known."""
        return self._player is not None

    @property
    def turn(self) -> int:
        """Moves played so far."""
        return len(self.player.moves) if self.started else 0

    @property
    def view(self) -> Position:
        """The position as the person knows it."""
        return self.player.view

    def question(self, progress: Callable[[], None] | None = None) -> Question:
        """What is asked now; a turn's advice is worked out once (``progress()`` per sample solved)."""
        if not self.started:
            where, count = START_QUESTIONS[len(self.start_answers)]
            return Question(CARDS, count=count, where=where)
        if self.player.to_show:
            return Question(CARDS, count=len(self.player.to_show), where=self._where())
        advice = self._advise(True, progress)
        if not isinstance(advice, Advice):
            return Question(END, end=advice)
        alternatives = [choice.move for choice in advice.choices if choice.move != advice.move]
        return Question(MOVE, advice=advice, alternatives=alternatives[:ALTERNATIVES])

    def play(self, move: Move) -> tuple[str, list[int]]:
        """Play ``move`` (``IllegalMove`` when it is not legal), the answer to a MOVE question: the
        move's text, and the cards it showed for the first time when the session shows them."""
        if not self.started or self.player.to_show:
            raise InputError("the session asks for cards, not a move")
        advice = self._advise(False)
        if not isinstance(advice, Advice) and advice != SKIPPED:
            raise InputError(f"the game has ended ({advice})")
        text = format_move(move, self.view, ascii=True)
        before, deal = self.before, self.deal
        slots = self.player.play(move)  # refused here, before anything changes
        assert before is not None
        self.history.append((before, deal))
        self.advice = self.before = None
        self._save({"move": text})
        shown: list[int] = []
        if self.deal is not None:
            self.deal = apply(self.deal, move, self.rules)
            shown = [card_at(self.deal, slot) for slot in slots]
            if shown:
                self.player.show(shown)
        return text, shown

    def show(self, cards: list[int]) -> None:
        """The cards asked for, in order: the answer to a CARDS question (``DealError`` when one
        has been seen already)."""
        if self.started and not self.player.to_show:
            raise InputError("the session asks for a move, not cards")
        count = len(self.player.to_show) if self.started else START_QUESTIONS[len(self.start_answers)][1]
        if len(cards) != count:
            raise InputError(f"type {_cards(count)}, not {len(cards)}")
        seen = set(self._seen())
        for card in cards:
            if card in seen or cards.count(card) > 1:
                raise DealError(f"{card_name(card)} has been seen already" if card in seen
                                else f"{card_name(card)} is named twice")
        if self.started:
            self.player.show(cards)
        else:
            self.start_answers.append(list(cards))
            if len(self.start_answers) == len(START_QUESTIONS):
                self._begin(start_position(self.start_answers, self.setup.first_turn, self.rules))
        self._save({"cards": [card_name(card, ascii=True) for card in cards]})

    def read_cards(self, line: str) -> list[int]:
        """The cards a CARDS answer names, separated by spaces or commas (``CardError`` for a name
        that is not a card); ``show`` checks them."""
        return [parse_card(name) for name in line.replace(",", " ").split()]

    def undo(self) -> bool:
        """Take back the last move with the cards it showed (before the first move, the last
        answer about the start); False when there is nothing to take back."""
        if self.started and self.history:
            player, self.deal = self.history.pop()
            self._player = player.copy()
            self._restore_plan()
        elif self.start_answers:
            self._player = None  # the start is asked again from its last question
            self.start_answers.pop()
        else:
            return False
        self.advice = self.before = None
        self._save({"undo": True})
        return True

    def replay(self, answers: list[dict[str, Any]]) -> None:
        """Give the answers of a session file again, without saving them: the session stands where
        it stood after the last. The hints of the turns passed are not worked out."""
        writer, self.writer = self.writer, None
        try:
            for number, answer in enumerate(answers, 2):
                try:
                    if "move" in answer:
                        if not self.started:
                            raise InputError("a move before the start is known")
                        self.play(parse_move(str(answer["move"]), self.view))
                    elif "cards" in answer:
                        names = answer["cards"]
                        self.show([parse_card(name) for name in (names if isinstance(names, list) else [names])])
                    elif not self.undo():
                        raise InputError("nothing to undo")
                except (InputError, ValueError) as error:
                    raise InputError(f"session file line {number} does not replay: {error}") from None
            if self.started:
                self._restore_plan()
        finally:
            self.writer = writer

    def _restore_plan(self) -> None:
        """The plan the player is playing at this turn, worked out again (a replay works out no
        advice, and a player kept for ``undo`` may have been made by one). A plan ends with a move
        that shows cards, so only the moves since the last such move matter: the player as it
        was after it advises again at each of them, as it did in the session, and plays them."""
        if self.player.method != PLAN or self.player.to_show:
            return
        views = [before.view for before, _ in self.history] + [self.view]
        start = next((turn + 1 for turn in range(len(self.history) - 1, -1, -1)
                      if hidden_count(views[turn + 1]) < hidden_count(views[turn])), 0)
        player = self.history[start][0].copy() if start < len(self.history) else self.player
        for move in self.player.moves[start:]:
            player.advise()
            player.play(move)
        self._player, self.advice, self.before = player, None, None

    def _begin(self, start: Position) -> None:
        setup = self.setup
        self._player = HonestPlayer(start, self.rules, samples=setup.samples, seed=setup.seed, limits=setup.limits,
                                    jobs=self.jobs, method=setup.method)

    def _advise(self, compute: bool, progress: Callable[[], None] | None = None) -> Advice | str:
        """This turn's advice, worked out once; a hint skipped while replaying is worked out when
        asked for, from the player as it was before it."""
        if self.advice == SKIPPED and compute:
            assert self.before is not None
            self._player, self.advice = self.before.copy(), None
        if self.advice is None:
            self.before = self.player.copy()
            self.advice = self.player.advise(compute, progress)
        return self.advice

    def _seen(self) -> list[int]:
        if not self.started:
            return [card for answer in self.start_answers for card in answer]
        return [card for card in self.view.all_cards() if card != HIDDEN]

    def _where(self) -> str:
        """Which cards a CARDS question after a move asks for, and in what order."""
        slots = self.player.to_show
        waste = sum(pile == "waste" for pile, _ in slots)
        them = "them" if waste > 1 else "it"
        parts = []
        if waste and (self.player.moves[-1:] == [Move(DRAW)] or not self.player.moves):
            parts.append(f"the draw turned {_cards(waste)}: type {them}"
                         + (" in the order they were turned" if waste > 1 else ""))
        elif waste:
            parts.append(f"the waste shows {_cards(waste)} not seen before: type {them}"
                         + (" bottom to top" if waste > 1 else ""))
        if waste < len(slots):
            parts.append("the reserve's new top card" if parts else "the reserve shows a new top card: type it")
        return ", then ".join(parts)

    def _save(self, answer: dict[str, Any]) -> None:
        if self.writer is not None:
            self.writer.write(answer)


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"

