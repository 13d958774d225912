"""Work for a first run's interpreted child in tests: functions it can import by name."""

from __future__ import annotations

import os
import time


def niceness_after(seconds: float) -> int:
    """The calling process's CPU niceness once ``seconds`` have passed."""
    time.sleep(seconds)
    return os.nice(0)
