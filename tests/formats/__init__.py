"""Tests of canfield_solver.formats."""
