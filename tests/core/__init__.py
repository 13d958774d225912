"""Tests of canfield_solver.core."""
