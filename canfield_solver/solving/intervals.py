"""Wilson score intervals of a count of successes: the win rate of a hint's move over its
samples, of a batch over its deals, of the honest player over its games.

    >>> low, high = wilson_interval(7, 10)
    >>> round(low, 4), round(high, 4)
    (0.3968, 0.8922)
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile of 0.975


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when there are no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z / trials
    centre = (p + z2 / 2) / (1 + z2)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials)) / (1 + z2)
    return (max(0.0, centre - half), min(1.0, centre + half))
