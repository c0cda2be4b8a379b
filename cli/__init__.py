"""The gridsolve command line (typer)."""
