"""Helpers the tests share: positions, the CLI in-process, headless browsers."""
