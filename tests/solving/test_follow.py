"""A followed game (``solving.follow``): the same game as ``play``, whether the session shows the
cards itself (practice) or is told them; undo and replay bring back the same knowledge and advice."""

from __future__ import annotations

import pytest

from canfield_solver.core.cards import HIDDEN, parse_card
from canfield_solver.core.errors import InputError
from canfield_solver.core.limits import Limits
from canfield_solver.core.position import DealError
from canfield_solver.core.referee import DRAW, IllegalMove, Move, apply
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.session_file import SessionSetup, SessionWriter, read_session
from canfield_solver.solving.follow import CARDS, END, MOVE, START_QUESTIONS, FollowSession, start_position
from canfield_solver.solving.honest_player import card_at, game_seed, play, shown_cards, view

LIMITS = Limits(max_nodes=20_000)
SAMPLES = 3


def practice(code: str, rules: Rules, seed: int | None = None) -> SessionSetup:
    deal = position_from_code(code)
    return SessionSetup(code, view(deal, shown_cards(deal)), deal, rules, False, SAMPLES,
                        game_seed(code) if seed is None else seed, LIMITS)


def asked(code: str, rules: Rules, seed: int) -> SessionSetup:
    return SessionSetup(code, None, None, rules, False, SAMPLES, seed, LIMITS)


def follow_advice(session: FollowSession, cards=None):
    """Play the advice until the game ends; the moves' texts, the cards each showed, and the end.
    ``cards``: the answers to the cards questions, in turn (None: a practice session needs none)."""
    played, shown = [], []
    answers = iter(cards or [])
    while True:
        question = session.question()
        if question.asks == END:
            return played, shown, question.end
        if question.asks == CARDS:
            session.show(next(answers))
            continue
        text, cards_shown = session.play(question.advice.move)
        played.append(text)
        shown.append(cards_shown)


def start_answers(deal):
    return [[deal.base], [deal.reserve[-1]], [column[-1] for column in deal.tableau]]


@pytest.mark.parametrize("code", ["CF1-D3-AAAAAAA", "CF1-D3-AAAAAAC", "CF1-D1-AAAAAAK"])
def test_a_practice_session_played_with_the_advice_is_the_game_play_plays(code):
    rules = Rules(draw=int(code[5]))
    deal = position_from_code(code)
    game = play(deal, rules, samples=SAMPLES, seed=game_seed(code), limits=LIMITS)
    session = FollowSession(practice(code, rules))
    played, shown, end = follow_advice(session)
    assert session.player.moves == game.moves and end == game.end
    assert any(shown), "the game showed cards the session showed itself"

    # The same game told its cards (those the practice session showed) plays the same moves.
    told = FollowSession(asked(code, rules, game_seed(code)))
    answers = start_answers(deal) + [cards for cards in shown if cards]
    told_played, _, told_end = follow_advice(told, answers)
    assert (told_played, told_end) == (played, end) and told.player.moves == game.moves


def test_the_start_questions_build_the_position_a_new_game_shows():
    deal = position_from_code("CF1-D3-AAAAAAE")
    session = FollowSession(asked("x", Rules(), 1))
    for (where, count), answer in zip(START_QUESTIONS, start_answers(deal), strict=True):
        question = session.question()
        assert (question.asks, question.count, question.where) == (CARDS, count, where)
        session.show(answer)
    start = session.view
    assert start == view(deal, shown_cards(deal))
    assert start.reserve[:-1] == (HIDDEN,) * 12 and start.stock == (HIDDEN,) * 34
    assert session.question().asks == MOVE


def test_a_game_whose_program_turns_the_first_draw_asks_for_those_cards_after_the_start():
    rules = Rules(draw=3, worry_back=False, moves="whole")
    deal = position_from_code("CF1-D3-AAAAAAE")
    session = FollowSession(SessionSetup("x", None, None, rules, True, SAMPLES, 1, LIMITS))
    for answer in start_answers(deal):
        session.show(answer)
    question = session.question()
    assert (question.asks, question.count) == (CARDS, 3)
    assert question.where == "the draw turned 3 cards: type them in the order they were turned"
    turned = apply(deal, Move(DRAW), rules).waste
    session.show(list(turned))
    assert session.view == view(apply(deal, Move(DRAW), rules), shown_cards(apply(deal, Move(DRAW), rules)))
    assert start_position(start_answers(deal), True, rules).waste == (HIDDEN,) * 3


def test_wrong_cards_are_refused_and_change_nothing():
    deal = position_from_code("CF1-D3-AAAAAAE")
    session = FollowSession(asked("x", Rules(), 1))
    session.show([deal.base])
    with pytest.raises(InputError, match="type 1 card, not 2"):
        session.show([deal.reserve[-1], deal.reserve[-2]])
    with pytest.raises(DealError, match="has been seen already"):
        session.show([deal.base])
    session.show([deal.reserve[-1]])
    with pytest.raises(DealError, match="is named twice"):
        session.show([deal.tableau[0][0]] * 2 + [deal.tableau[2][0], deal.tableau[3][0]])
    with pytest.raises(InputError, match="asks for cards, not a move"):
        session.play(Move(DRAW))
    assert session.start_answers == [[deal.base], [deal.reserve[-1]]]
    assert session.read_cards("QC, 10h 2♠") == [parse_card("QC"), parse_card("10H"), parse_card("2S")]


def test_an_illegal_move_is_refused_before_anything_changes():
    session = FollowSession(practice("CF1-D3-AAAAAAC", Rules()))
    advice = session.question().advice
    with pytest.raises(IllegalMove):
        session.play(Move("reserve", "foundation"))
    assert session.turn == 0 and session.question().advice == advice


def _knowledge(session: FollowSession):
    player = session.player
    return player.view, set(player.views), list(player.moves), list(player.line), player.rng.getstate(), session.deal


def test_undo_then_the_same_move_gives_the_same_position_knowledge_and_advice():
    session = FollowSession(practice("CF1-D3-AAAAAAC", Rules()))
    for _ in range(6):
        session.play(session.question().advice.move)
    before = _knowledge(session)
    advice = session.question().advice
    after_advice = _knowledge(session)
    session.play(advice.move)
    session.play(session.question().advice.move)
    assert session.undo() and session.undo()
    assert _knowledge(session) == before
    assert session.question().advice == advice
    assert _knowledge(session) == after_advice
    while session.undo():
        pass
    assert session.turn == 0 and session.view == view(session.deal, shown_cards(session.deal))


def test_undo_at_the_start_takes_back_the_start_answers_one_by_one():
    deal = position_from_code("CF1-D3-AAAAAAE")
    session = FollowSession(asked("x", Rules(), 1))
    for answer in start_answers(deal):
        session.show(answer)
    assert session.undo() and not session.started
    assert session.question().where == START_QUESTIONS[2][0]
    assert session.undo() and session.undo() and not session.undo()


def test_a_session_file_replayed_stands_where_the_session_stood(tmp_path):
    deal = position_from_code("CF1-D3-AAAAAAH")
    setup = asked("CF1-D3-AAAAAAH", Rules(), 7)
    path = str(tmp_path / "s.jsonl")
    session = FollowSession(setup, writer=SessionWriter(path, setup.header()))
    real = deal
    for answer in start_answers(deal):
        session.show(answer)
    for turn in range(25):
        question = session.question()
        if question.asks == CARDS:
            session.show([card_at(real, slot) for slot in session.player.to_show])
            continue
        move = question.advice.move if turn % 5 else (question.alternatives or [question.advice.move])[0]
        real = apply(real, move, Rules())
        session.play(move)
        if turn == 12:
            session.undo()
            real = _replayed(deal, session.player.moves)
    header, answers = read_session(path)
    again = FollowSession(asked("CF1-D3-AAAAAAH", Rules(), 7))
    again.replay(answers)
    assert again.view == session.view and again.turn == session.turn
    assert again.question() == session.question()


def _replayed(deal, moves):
    for move in moves:
        deal = apply(deal, move, Rules())
    return deal


def test_a_session_file_that_does_not_replay_names_its_line():
    session = FollowSession(practice("CF1-D3-AAAAAAC", Rules()))
    with pytest.raises(InputError, match="session file line 3 does not replay: .*not the playable card"):
        session.replay([{"move": "draw"}, {"move": "reserve AS -> foundation"}])
