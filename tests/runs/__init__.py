"""Tests of canfield_solver.runs."""
