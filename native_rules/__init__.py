"""Faithful ports of the seed documents' hand-rule and backtracking solvers."""
