"""Tests of canfield_solver.cli."""
