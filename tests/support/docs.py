"""The project's documents as tests read them."""

from __future__ import annotations

from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]


def readme_block(after: str, language: str = "", page: str = "README.md") -> str:
    """The first fenced block of ``page`` (README.md, or a docs/ page) after the text ``after``."""
    text = (PROJECT / page).read_text(encoding="utf-8")
    start = text.index(f"```{language}\n", text.index(after)) + len(language) + 4
    return text[start:text.index("```", start)]
