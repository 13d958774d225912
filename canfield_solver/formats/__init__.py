"""Text and files in and out: game codes, PySolFC deals, deal files and position text, move text
and compact steps, and what a DEAL argument names.

Imports only ``core`` (docs/architecture.md).
"""
