"""Same searches? The verdicts, states and move lists of one install on a fixed set of deals and rule
sets, written to a folder, so that two versions can be compared file by file (``diff -r``).

Run by hand (not a test), once per install, after a change that should not change any search::

    python benchmarks/same_searches.py /tmp/after                                   # this install
    python benchmarks/same_searches.py /tmp/before --command /old/venv/bin/canfield-solver
    diff -r /tmp/before /tmp/after && echo same

Nothing timed is kept: every search runs on one thread within a number of states, so each file
depends only on the searches. The set: 150 deals (CF1-D3-AAAAAAA on) under each of the seven rule
sets of the 10,000-deal table (``batch --max-nodes 1000000``: verdict, moves and states of each),
the printed move lists of eight deals under the app's draw 3 and Hoyle's rules with draw 1, three
``solve --shortest`` and two ``analyse`` reports within a node limit, a ``hint`` with a fixed seed
and six games of ``play``. Each install compiles into a kernel cache of its own inside the folder.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
from pathlib import Path

SETS = {"app3": [], "app1": ["--draw", "1"], "app3-no-return": ["--no-worry-back"],
        "app1-no-return": ["--draw", "1", "--no-worry-back"], "solvitaire": ["--rules", "solvitaire"],
        "pysolfc": ["--rules", "pysolfc"], "hoyle": ["--rules", "hoyle"]}
SOLVED = ["AAAAAAB", "AAAAAAC", "AAAAAAD", "AAAAAAF", "AAAAACL", "AAAABCD", "AAAAAZZ", "AAAABBB"]
SHORTEST = ["AAAAAAB", "AAAAAAD", "AAAAACL"]
ANALYSED = ["AAAAAAA", "AAAAAAE"]


def run(command: list[str], env: dict[str, str], cwd: Path) -> str:
    """What ``command`` prints on stdout; it must succeed."""
    return subprocess.run(command, env=env, cwd=cwd, check=True, capture_output=True, text=True).stdout


def rows(path: Path, keep: int, drop: int | None = None) -> str:
    """The rows of a results file, sorted, without the columns from ``keep`` on (except ``drop`` past them)."""
    with path.open(newline="") as handle:
        table = list(csv.reader(handle))
    kept = [row[:keep] + (row[drop:] if drop is not None else []) for row in table[1:]]
    return "".join(",".join(row) + "\n" for row in sorted(kept))


def without_seconds(text: str) -> str:
    """A solve's output without the seconds of its first line."""
    first, _, rest = text.partition("\n")
    return first.rsplit(" in ", 1)[0] + "\n" + rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where to write the files (made anew)")
    parser.add_argument("--command", default=shutil.which("canfield-solver") or "canfield-solver",
                        help="the canfield-solver to run (default: the one on PATH)")
    args = parser.parse_args()
    folder: Path = args.folder
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CANFIELD_SOLVER_CACHE=str(folder / "kernel-cache"))
    solver = [args.command]
    for name, flags in SETS.items():
        out = folder / f"{name}.csv"
        out.unlink(missing_ok=True)
        run([*solver, "batch", "--start", "CF1-D3-AAAAAAA", "--count", "150", "--max-nodes", "1000000", "--jobs", "2",
             "-q", "--out", str(out), *flags], env, folder)
        (folder / f"{name}.rows").write_text(rows(out, keep=6))  # code, draw, rules, verdict, moves, states
        out.unlink()
    for letters in SOLVED:
        for name, code, flags in (("app3", f"CF1-D3-{letters}", []), ("hoyle1", f"CF1-D1-{letters}", ["--rules", "hoyle", "--draw", "1"])):
            text = run([*solver, "solve", code, "--threads", "1", "--max-nodes", "3000000", *flags], env, folder)
            (folder / f"solve-{name}-{letters}.txt").write_text(without_seconds(text))
    for letters in SHORTEST:
        text = run([*solver, "solve", f"CF1-D3-{letters}", "--threads", "1", "--shortest", "--max-nodes", "300000"], env, folder)
        (folder / f"shortest-{letters}.txt").write_text(without_seconds(text))
    for letters in ANALYSED:
        report = json.loads(run([*solver, "analyse", f"CF1-D3-{letters}", "--max-nodes", "300000", "--json"], env, folder))
        for cell in report["cells"]:
            cell.pop("seconds")
            if cell["best"]:
                cell["best"].pop("seconds")
        (folder / f"analyse-{letters}.json").write_text(json.dumps(report, indent=1) + "\n")
    deal = json.loads(run([*solver, "show", "CF1-D3-AAAAACL", "--json"], env, folder))
    deal["reserve"], deal["stock"] = ["??"] * 12 + deal["reserve"][-1:], ["??"] * 34
    (folder / "hidden.json").write_text(json.dumps(deal))
    (folder / "hint.json").write_text(run([*solver, "hint", "hidden.json", "--samples", "20", "--seed", "7", "--jobs", "1",
                                           "--json", "-q"], env, folder))
    games = folder / "play.csv"
    games.unlink(missing_ok=True)
    run([*solver, "play", "--start", "CF1-D3-AAAAAAA", "--count", "6", "--jobs", "2", "-q", "--out", str(games)], env, folder)
    (folder / "play.rows").write_text(rows(games, keep=11, drop=12))  # all but the seconds
    games.unlink()
    shutil.rmtree(folder / "kernel-cache")
    print(f"written to {folder}: compare with another install's folder by diff -r")


if __name__ == "__main__":
    main()
