"""Work for a first run's interpreted child in tests: functions it can import by name."""

from __future__ import annotations

import os
import time


def niceness_after(seconds: float) -> int:
    """The calling process's CPU niceness once ``seconds`` have passed."""
    time.sleep(seconds)
    return os.nice(0)


def pid_then_sleep(path: str, seconds: float) -> None:
    """Write the calling process's id to ``path`` (whole: written apart, then renamed), then sleep ``seconds``."""
    with open(path + ".part", "w") as file:
        file.write(str(os.getpid()))
    os.replace(path + ".part", path)
    time.sleep(seconds)
