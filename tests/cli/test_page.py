"""The step-through page: the referee's positions in it, escaping, self-containment; in a real
browser (headless Chromium and Firefox, tests/support/browsers.py) the board shown after N presses of the
right arrow.

A browser test is skipped when its browser is not found, unless ``CANFIELD_REQUIRE_BROWSER=1`` (set
by ``.ci/run``, which installs Debian's chromium and firefox-esr), where it fails instead.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from canfield_solver.cli.page import page_data, render_page
from canfield_solver.core.cards import card_name
from canfield_solver.core.referee import RECYCLE, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.formats.deal_file import position_to_dict
from canfield_solver.formats.position_line import foundation_suits
from canfield_solver.formats.step_text import replay_lines
from canfield_solver.solving.solver import solve
from tests.support import browsers

CODE = "CF1-D3-AAAAAAC"
RULES = Rules(draw=3, worry_back=False)


@pytest.fixture(scope="module")
def game():
    start = setup_game(CODE).position
    moves = solve(start, RULES).moves
    return start, moves, positions_after(start, moves, RULES)


def embedded(page: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S).group(1))


def test_the_page_holds_the_referees_positions(game):
    start, moves, positions = game
    data = embedded(render_page(CODE, start, moves, RULES))
    assert len(data["boards"]) == len(moves) + 1 and data["boards"][-1]["foundations"][0]["count"] == 13
    for board, position in zip(data["boards"], positions, strict=True):
        assert board["tableau"] == position_to_dict(position, ascii=False)["tableau"]
        assert (board["stock"], board["score"]) == (len(position.stock), position.score)
    draw = next(i for i, move in enumerate(moves) if move.kind == "draw")
    assert (data["moves"][draw]["from"], data["moves"][draw]["to"]) == ("stock", "waste")
    begins = 0
    for step in data["steps"]:  # each step's text plays its moves, to the score it shows
        played = replay_lines([step["text"]], positions[begins], RULES)
        assert played.illegal is None and played.moves == moves[begins:step["last"]]
        assert played.positions[-1] == positions[step["last"]] and step["score"] == positions[step["last"]].score
        begins = step["last"]
    assert begins == len(moves)


def test_the_page_is_self_contained_and_escapes_its_text(game):
    start, moves, _ = game
    title = '</script><script>alert(1)</script> & <b>'
    page = render_page(title, start, moves, RULES)
    assert "<script>alert(1)" not in page and "<b>" not in page
    assert embedded(page)["title"] == title  # the JSON block gives the exact text back
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;" in page  # the heading
    assert not re.search(r"""(src|href)\s*=|https?://|@import|url\(""", page)  # nothing loaded from elsewhere


def test_solve_and_replay_write_the_page(run_cli, tmp_path, game):
    path = tmp_path / "game.html"
    result = run_cli("solve", CODE, "--no-worry-back", "--html", str(path))
    assert result.status == 0 and embedded(path.read_text(encoding="utf-8"))["boards"] == page_data(
        CODE, *game[:2], RULES)["boards"]
    again = run_cli("solve", CODE, "--no-worry-back", "--html", str(path))
    assert again.status == 2 and "exists already" in again.err and again.out == ""
    replayed = tmp_path / "replay.html"
    moves = tmp_path / "moves.txt"
    moves.write_text(result.out, encoding="utf-8")
    assert run_cli("replay", CODE, str(moves), "--no-worry-back", "--html", str(replayed)).status == 0
    assert replayed.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


def shown_board(browser) -> dict:
    """What the page shows, read from its elements."""
    return browser.evaluate("""(() => {
        const cards = id => [...document.querySelectorAll('#' + id + ' .card')].map(c => c.dataset.card);
        const text = id => document.getElementById(id).textContent;
        return {
            foundations: [...document.querySelectorAll('#foundations .pile')].map(p => [p.id, cards(p.id), text(p.id + '-count')]),
            reserve: [cards('reserve'), text('reserve-count')], stock: [cards('stock'), text('stock-count')],
            waste: [cards('waste'), text('waste-count')],
            columns: [1, 2, 3, 4].map(i => cards('column-' + i)),
            counter: text('counter'), score: text('score'),
            from: [...document.querySelectorAll('.pile.from')].map(p => p.id),
            to: [...document.querySelectorAll('.pile.to')].map(p => p.id)};
    })()""")


def expected_board(position, draw: int, at: int, total: int) -> dict:
    """The same, from the referee's position."""
    def cards(count: int) -> str:
        return f"{count} card" + ("" if count == 1 else "s")

    foundations = []
    for suit in foundation_suits(position):
        top = position.foundation_top(suit)
        foundations.append([f"foundation-{'CDHS'[suit]}", [] if top is None else [card_name(top)],
                            f"{position.foundations[suit]} of 13"])
    recycles = f" · recycles {position.recycles}" if position.recycles else ""
    return {
        "foundations": foundations,
        "reserve": [[card_name(c) for c in position.reserve[-1:]], cards(len(position.reserve))],
        "stock": [["??"] if position.stock else [], cards(len(position.stock))],
        "waste": [[card_name(c) for c in position.waste[-draw:]], cards(len(position.waste))],
        "columns": [[card_name(c) for c in column] for column in position.tableau],
        "counter": f"Move {at} of {total}", "score": f"· score {position.score}{recycles}",
    }


@pytest.fixture(scope="module", params=["chromium", "firefox"])
def browser(request):
    instance, missing = browsers.start(request.param)
    if instance is None:
        if os.environ.get("CANFIELD_REQUIRE_BROWSER") == "1":
            pytest.fail(f"CANFIELD_REQUIRE_BROWSER=1 but {missing}")
        pytest.skip(missing)
    yield instance
    instance.close()


def test_stepping_through_in_a_browser(browser, game, tmp_path):
    start, moves, positions = game
    path = tmp_path / "game.html"
    path.write_text(render_page(CODE, start, moves, RULES), encoding="utf-8")
    first_recycle = moves.index(next(m for m in moves if m.kind == RECYCLE)) + 1
    empties = next(n for n in range(1, len(positions)) if not all(positions[n].tableau)
                   and all(positions[n - 1].tableau))  # a move that leaves a column empty
    stops = sorted({0, 1, first_recycle, empties, len(moves) // 2, len(moves)})
    browser.open(path.as_uri(), 1000, 800)
    at = 0
    for stop in stops:
        for _ in range(stop - at):
            browser.press("ArrowRight")
        at = stop
        shown = shown_board(browser)
        assert {key: shown[key] for key in expected_board(positions[at], 3, at, len(moves))} == \
            expected_board(positions[at], 3, at, len(moves)), f"after {at} moves"
        if at == first_recycle:
            assert (shown["from"], shown["to"]) == (["waste"], ["stock"])
        if at == empties:
            column = next(i for i, cards in enumerate(positions[at].tableau) if not cards)
            assert shown["columns"][column] == [] and shown["from"] == [f"column-{column + 1}"]
    browser.press("ArrowRight")  # at the end: nothing further
    assert shown_board(browser)["counter"] == f"Move {len(moves)} of {len(moves)}"
    for _ in range(3):
        browser.press("ArrowLeft")
    assert shown_board(browser)["columns"] == expected_board(positions[-4], 3, 0, 0)["columns"]
    browser.click("#first")
    assert shown_board(browser)["counter"] == f"Move 0 of {len(moves)}"
    assert browser.page_errors() == []


def test_no_horizontal_overflow_on_a_phone(browser, game, tmp_path):
    start, moves, positions = game
    path = tmp_path / "game.html"
    path.write_text(render_page(CODE, start, moves, RULES), encoding="utf-8")
    browser.open(path.as_uri() + "#120", 375, 740)
    assert shown_board(browser)["columns"] == expected_board(positions[120], 3, 0, 0)["columns"]
    scrolled, shown, viewport = browser.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth, window.innerWidth]")
    assert scrolled <= shown and viewport == 375  # shown: the viewport less Firefox's classic scrollbar
    board, listing = (browser.evaluate(f"document.getElementById('{name}').getBoundingClientRect().top")
                      for name in ("board", "list"))
    assert listing > board  # stacked: the move list under the board
    assert browser.page_errors() == []
