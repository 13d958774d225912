"""The one exception family for bad input: the CLI turns it into one line and exit status 2."""


class SolverBug(AssertionError):
    """The engine produced a move list the referee rejects: a bug, never output."""


class InputError(ValueError):
    """Input that cannot be used (a card name, code, deal file, move text, option); the message says why."""
