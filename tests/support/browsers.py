"""Headless browsers for the page tests, behind one small interface (open a page, press a key,
click, evaluate an expression, the page's uncaught errors): Debian's chromium through Playwright,
and Debian's firefox-esr through puppeteer-core over WebDriver BiDi (tests/support/browser/firefox_page.mjs,
run by node), since Playwright drives only its own builds of Firefox.

``start(name)`` returns ``(browser, None)``, or ``(None, why)`` when the browser or its driver is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

FIREFOX_DRIVER = Path(__file__).parent / "browser" / "firefox_page.mjs"


def find(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name) or (name if os.path.exists(name) else None)
        if found:
            return found
    return None


class Chromium:
    """Debian's chromium through Playwright."""

    def __init__(self, executable: str):
        from playwright.sync_api import sync_playwright
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=executable, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-dev-shm-usage", "--no-first-run"])
        self.page = None
        self.errors: list[str] = []

    def open(self, url: str, width: int, height: int) -> None:
        if self.page is not None:
            self.page.close()
        self.errors = []
        self.page = self.browser.new_page(viewport={"width": width, "height": height})
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(url)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def evaluate(self, expression: str):
        return self.page.evaluate(expression)

    def page_errors(self) -> list[str]:
        return self.errors

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()


class Firefox:
    """Debian's firefox-esr through puppeteer-core, one JSON request and answer a line."""

    def __init__(self, node: str, executable: str):
        self.process = subprocess.Popen([node, str(FIREFOX_DRIVER), executable], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8")
        ready = self.process.stdout.readline()
        if not ready:
            raise RuntimeError(f"{FIREFOX_DRIVER.name} did not start firefox (exit {self.process.wait()})")

    def request(self, op: str, **arguments):
        self.process.stdin.write(json.dumps({"op": op, **arguments}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"firefox: {answer['error']}")
        return answer["value"]

    def open(self, url: str, width: int, height: int) -> None:
        self.request("open", url=url, width=width, height=height)

    def press(self, key: str) -> None:
        self.request("press", key=key)

    def click(self, selector: str) -> None:
        self.request("click", selector=selector)

    def evaluate(self, expression: str):
        return self.request("evaluate", script=expression)

    def page_errors(self) -> list[str]:
        return self.request("errors")

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def start(name: str):
    if name == "chromium":
        executable = find("/usr/bin/chromium", "chromium", "chromium-browser")
        if executable is None:
            return None, "no chromium was found (apt-get install chromium)"
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            return None, "playwright is not installed (pip install -e '.[test]')"
        return Chromium(executable), None
    executable, node = find("/usr/bin/firefox-esr", "firefox-esr", "firefox"), find("node")
    if executable is None:
        return None, "no firefox was found (apt-get install firefox-esr)"
    if node is None:
        return None, "node is not installed (apt-get install nodejs npm)"
    if not (FIREFOX_DRIVER.parent / "node_modules" / "puppeteer-core").is_dir():
        return None, "puppeteer-core is not installed (npm ci --prefix tests/support/browser)"
    return Firefox(node, executable), None
