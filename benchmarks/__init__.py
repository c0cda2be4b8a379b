"""Reproducible benchmarks: ``python -m benchmarks NAME [options]`` (``all`` runs every one).
Each writes its tables (CSV and Markdown) and plots into ``benchmarks/results/``."""
