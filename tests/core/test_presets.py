"""Rule presets end to end: what each fixes, single overrides, defaults per source, the CLI."""

import pytest

from canfield_solver.core.errors import InputError
from canfield_solver.core.presets import RuleOptions, resolve_rules
from canfield_solver.core.referee import COLUMN, Move, why_illegal
from canfield_solver.core.rules import Rules
from canfield_solver.formats.codes import position_from_code
from canfield_solver.formats.deal_argument import load_game, setup_game


@pytest.mark.parametrize(
    "preset, rules",
    [
        ("app", Rules(draw=3, worry_back=True, moves="any", passes=None)),
        ("pysolfc", Rules(draw=3, worry_back=False, moves="whole", passes=None)),
        ("solvitaire", Rules(draw=3, worry_back=False, moves="any", passes=None, spaces="any", tableau_order="base")),
        ("hoyle", Rules(draw=3, worry_back=False, moves="pile", passes=None, spaces="waste", tableau_order="cyclic")),
    ],
)
def test_each_preset_fixes_its_rules(preset, rules):
    assert resolve_rules(RuleOptions(preset)) == rules


def test_a_single_option_overrides_a_preset():
    def rules(preset, **options):
        return resolve_rules(RuleOptions(preset, **options))

    assert rules("pysolfc", draw=1) == Rules(draw=1, worry_back=False, moves="whole")
    assert rules("solvitaire", worry_back=True) == Rules(draw=3, worry_back=True, tableau_order="base")
    assert rules("solvitaire", spaces="waste") == Rules(worry_back=False, spaces="waste", tableau_order="base")
    assert rules("solvitaire", tableau_order="cyclic") == Rules(draw=3, worry_back=False, moves="any")
    assert rules("app", spaces="waste") == Rules(spaces="waste")
    assert rules("app", tableau_order="base") == Rules(tableau_order="base")
    assert rules("pysolfc").spaces == "any" and resolve_rules().spaces == "any"
    assert rules("pysolfc").tableau_order == "cyclic" and resolve_rules().tableau_order == "cyclic"
    assert rules("app", moves="whole", passes=2) == Rules(draw=3, worry_back=True, moves="whole", passes=2)


def test_the_app_plays_the_draw_mode_of_the_code_other_presets_fix_theirs():
    assert setup_game("CF1-D1-AAAAACL").rules.draw == 1
    assert setup_game("CF1-D1-AAAAACL", RuleOptions("app")).rules.draw == 1
    assert setup_game("CF1-D1-AAAAACL", RuleOptions("solvitaire")).rules.draw == 3
    assert setup_game("CF1-D1-AAAAACL", RuleOptions("pysolfc")).rules.draw == 3
    assert setup_game("CF1-D3-AAAAACL", RuleOptions("app", draw=1)).rules.draw == 1


def test_bad_preset_name_is_an_input_error():
    with pytest.raises(InputError, match="unknown rules preset 'casino': choose one of app, pysolfc, solvitaire, hoyle"):
        resolve_rules(RuleOptions("casino"))


def test_pysolfc_turns_the_first_three_cards_of_a_fresh_deal():
    start = position_from_code("CF1-D3-AAAAACL")
    setup = setup_game("CF1-D3-AAAAACL", RuleOptions("pysolfc"))
    assert setup.position.waste == tuple(reversed(start.stock[-3:]))
    assert setup.position.stock == start.stock[:-3]
    assert setup.position.reserve == start.reserve and setup.position.tableau == start.tableau
    # The other presets start from the deal itself.
    assert setup_game("CF1-D3-AAAAACL", RuleOptions("solvitaire")).position == start
    assert setup_game("CF1-D3-AAAAACL").position == start


def test_first_turn_with_a_draw_override_turns_that_many():
    setup = setup_game("CF1-D3-AAAAACL", RuleOptions("pysolfc", draw=1))
    assert (len(setup.position.waste), len(setup.position.stock)) == (1, 33)


def test_pysol_deals_default_to_pysolfc_and_are_not_turned_again():
    setup = setup_game("pysol:123")
    assert setup.rules == Rules(draw=3, worry_back=False, moves="whole")
    assert setup.position == load_game("pysol:123").position
    assert len(setup.position.waste) == 3
    app = setup_game("pysol:123", RuleOptions("app"))
    assert app.rules == Rules(draw=3, worry_back=True, moves="any")
    assert app.position == setup.position


def test_pysolfc_moves_only_a_top_card_or_a_whole_column(make_position):
    # Column 1 holds the run 9♣ 8♥ 7♣; column 2 ends in 9♠, column 3 in 8♦.
    position = make_position("KS", [["9C", "8H", "7C"], ["9S"], ["8D"], ["5S"]], ["2C", "3C", "4C"])
    two_cards = Move(COLUMN, COLUMN, source_index=0, target_index=1, count=2)  # 8♥ 7♣ onto 9♠
    top_card = Move(COLUMN, COLUMN, source_index=0, target_index=2, count=1)  # 7♣ onto 8♦
    assert why_illegal(position, two_cards, resolve_rules(RuleOptions("pysolfc"))) == (
        "with --moves whole a column moves only its top card or all of its cards"
    )
    assert why_illegal(position, two_cards, resolve_rules(RuleOptions("solvitaire"))) is None
    assert why_illegal(position, top_card, resolve_rules(RuleOptions("pysolfc"))) is None


def test_cli_show_with_pysolfc_shows_the_three_card_waste(run_cli):
    result = run_cli("show", "--rules", "pysolfc", "CF1-D3-AAAAACL", "--ascii", "--line")
    assert result.status == 0
    assert result.out == (
        "Deal CF1-D3-AAAAACL, draw 3. CF1 codes are this program's own deals, not the app's."
        " PySolFC's rules: no foundation return, top card or whole column.\n"
        "Stock: 31 cards; waste: 3 cards, top: AC; reserve: 13 cards, top: 10C. Foundations, starting rank 2: "
        "clubs up to 2C (1), hearts empty, spades empty, diamonds empty. "
        "Column 1: 9C; column 2: 7S; column 3: AH; column 4: 6H.\n"
    )


def test_cli_preset_plus_one_override(run_cli):
    result = run_cli("show", "--rules", "PYSOLFC", "--draw", "1", "CF1-D3-AAAAACL", "--ascii", "--line")
    assert result.status == 0
    first, second = result.out.splitlines()[:2]
    assert first.startswith("Deal CF1-D3-AAAAACL, draw 1. ")
    assert second.startswith("Stock: 33 cards; waste: 1 card, top: KC;")


def test_cli_bad_rules_value_is_one_line_exit_2(run_cli):
    result = run_cli("show", "--rules", "casino", "CF1-D3-AAAAACL")
    assert result.status == 2 and result.out == ""
    assert result.err.count("\n") == 1
    assert result.err.startswith(
        "error: Invalid value for '--rules': 'casino' is not one of 'app', 'hoyle', 'pysolfc', 'solvitaire'."
    )


def test_cli_pysol_replay_uses_pysolfc_rules_unless_told_otherwise(run_cli, tmp_path):
    # pysol:123 has 7♣ (the base card) on its foundation and 8♦ in column 4: a foundation return.
    moves = tmp_path / "moves.txt"
    moves.write_text("foundation 7C -> column 4\n")
    result = run_cli("replay", "pysol:123", str(moves))
    assert result.status == 1
    assert result.err == (
        "move 1 is illegal: foundation 7C -> column 4: foundation returns are off (--no-worry-back)\n"
    )
    result = run_cli("replay", "pysol:123", str(moves), "--rules", "app", "--ascii")
    assert result.status == 0
    assert "1. foundation 7C -> column 4  score 0" in result.out
    result = run_cli("replay", "pysol:123", str(moves), "--worry-back")
    assert result.status == 0
