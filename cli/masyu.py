"""Masyu on the command line. The core commands serve it as they serve every kind (``solve``,
``count``, ``check``, ``render``, ``crossval``, ``batch``, ``explain``: the backbone of its CNF
model); it has no commands of its own yet -- no generator, no hand rules for ``hint`` / ``grade``
(which say so in one line) -- so registering it adds none."""

from __future__ import annotations

import typer


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    _ = app, generate_app  # nothing of its own to add
