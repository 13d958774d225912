"""The command examples of README.md and docs/*.md: each parses, and the outputs shown are printed.

test_cli_basic.py checks README's deal file, `show` board and `replay` steps; here every
`canfield-solver` command line of the pages must be one the CLI accepts (its options exist, its
values are in range), and the example outputs moved to docs/commands.md are what the program prints.
"""

from __future__ import annotations

import re
import shlex

import click
import pytest

from canfield_solver.cli.main import cli
from tests.support.docs import PROJECT, readme_block

PAGES = ["README.md", *sorted(str(path.relative_to(PROJECT)) for path in (PROJECT / "docs").glob("*.md"))]


def command_lines(page: str) -> list[list[str]]:
    """Every ``canfield-solver`` command of the page's shell blocks and ``$``-prompted lines, as arguments."""
    text = (PROJECT / page).read_text(encoding="utf-8")
    lines = [line for block in re.findall(r"```sh\n(.*?)```", text, re.S) for line in block.splitlines()]
    lines += re.findall(r"^\$ (.*)$", text, re.M)
    commands = []
    for line in lines:
        if "[--" in line:  # a synopsis (docs/hint.md), not an example
            continue
        words = shlex.shlex(re.sub(r"(^|\s)#.*", "", line), posix=True, punctuation_chars=True)  # pysol:#123 stays
        words.whitespace_split, words.commenters, command = True, "", []
        for word in [*words, ";"]:
            if word in ("&&", "|", ";", ">"):
                if command[:1] == ["canfield-solver"]:
                    commands.append(command[1:])
                command = []  # after `>` comes a file name, which starts no command
                continue
            command.append(word)
    return [args for args in commands if args]


EXAMPLE_PAGES = [page for page in PAGES if command_lines(page)]


def test_command_examples_are_found_on_the_pages_that_show_them():
    """The pages the next test reads are the pages with command examples: README's twenty and more,
    and every page whose shell blocks run the command (so no page is read for nothing)."""
    assert len(command_lines("README.md")) >= 20
    for page in PAGES:
        text = (PROJECT / page).read_text(encoding="utf-8")
        shows = any("canfield-solver " in block for block in re.findall(r"```sh\n(.*?)```", text, re.S))
        assert (page in EXAMPLE_PAGES) == shows, page


@pytest.mark.parametrize("page", EXAMPLE_PAGES)
def test_every_command_example_parses(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "moves.txt").write_text("draw\n", encoding="utf-8")  # replay opens MOVES as it parses
    commands = command_lines(page)
    assert commands, f"{page} shows no command"
    for args in commands:
        if args[0].startswith("-"):
            continue  # `canfield-solver --version` and the like
        command = cli.commands.get(args[0])
        assert command is not None, f"{page}: no command {args[0]!r} in {args}"
        parent = click.Context(cli, info_name="canfield-solver", **cli.context_settings)
        command.make_context(args[0], args[1:], parent=parent)  # a click.UsageError on any bad option or value


def test_the_analyse_example(run_cli):
    """docs/commands.md's `analyse` output, its seconds aside, is what the command prints."""
    args = command_lines("docs/commands.md")
    args = next(a for a in args if a[:2] == ["analyse", "CF1-D3-UZBSIKZ"])
    shown = readme_block("canfield-solver analyse pysol:123", "text", page="docs/commands.md").splitlines()
    assert shown[-1] == "  ..."
    result = run_cli(*args)
    assert result.status == 0, result.err
    seconds = re.compile(r"\d+\.\d\d s\b")
    assert [seconds.sub("S", line) for line in result.out.splitlines()[:len(shown) - 1]] == \
        [seconds.sub("S", line) for line in shown[:-1]]


def test_the_stats_example(run_cli, tmp_path, monkeypatch):
    """docs/commands.md's `batch` then `stats` example prints the counts and rates it shows."""
    monkeypatch.chdir(tmp_path)
    batch_args, stats_args = (next(a for a in command_lines("docs/commands.md") if a[0] == name and "results.csv" in a)
                              for name in ("batch", "stats"))
    assert batch_args[batch_args.index("--count") + 1] == "20"
    assert run_cli(*batch_args).status == 0
    shown = readme_block("canfield-solver stats results.csv\n```", "text", page="docs/commands.md").splitlines()
    printed = run_cli(*stats_args).out.splitlines()
    assert printed[:4] == shown[:4] and printed[4].startswith("  seconds per deal: median ")


def test_the_position_text_example():
    """README's position text is the app's start of the worked example, as docs/positions.md types it."""
    from canfield_solver.formats.position_text import parse_position_text

    readme = readme_block("The app's start of the worked example", "text")
    positions = (PROJECT / "docs" / "positions.md").read_text(encoding="utf-8")
    typed = re.findall(r"```text\n(.*?)```", positions, re.S)[0]  # test_position_text.py checks it
    assert parse_position_text(readme) == parse_position_text(typed)
