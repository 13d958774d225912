"""Independent checks of the solver: solvers and tests written again over the referee alone, and Solvitaire's verdicts."""
