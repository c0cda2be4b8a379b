"""Peer solvers for the benchmarks: our drivers and build recipes, never the peers' code."""
