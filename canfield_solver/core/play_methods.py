"""The honest player's ways of ranking moves, by name (``solving.hint``, ``solving.plan``), and
its samples a hint: plain names and numbers, here so that the command line lists them without
loading the engine.
"""

PLAN, HINDSIGHT = "plan", "hindsight"
METHODS = (PLAN, HINDSIGHT)  # the first is the default
DEFAULT_METHOD = PLAN
PLAYER_SAMPLES = 40  # ``--samples``' default for ``play`` and ``follow`` (docs/play.md: 40 against 20)
