"""Tests of canfield_solver.solving."""
