"""Make README's pictures of the step-through page (run by hand after changing the page)::

    python docs/screenshots.py          # writes docs/page-start.png and docs/page-step.png

Needs the test extras (Playwright) and Debian's chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from canfield_solver.cli.page import render_page
from canfield_solver.core.rules import Rules
from canfield_solver.formats.deal_argument import setup_game
from canfield_solver.solving.solver import solve

CODE, RULES = "CF1-D3-AAAAAAC", Rules(draw=3, worry_back=False)
HERE = Path(__file__).resolve().parent


def main() -> None:
    start = setup_game(CODE).position
    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "game.html"
        page_file.write_text(render_page(CODE, start, solve(start, RULES).moves, RULES), encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--headless", "--no-sandbox", "--disable-gpu"])
            for name, size, moves in (("page-start.png", (900, 620), 0), ("page-step.png", (375, 1000), 120)):
                page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                page.goto(page_file.as_uri())
                for _ in range(moves):
                    page.keyboard.press("ArrowRight")
                page.screenshot(path=str(HERE / name))
                print(HERE / name)
            browser.close()


if __name__ == "__main__":
    main()
