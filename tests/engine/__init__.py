"""Tests of canfield_solver.engine."""
