"""The two routes of a tiered rule engine (``native_rules.kernels.Tiered``) for the tests that
compare them: interpreted on plain Python lists, compiled on arrays, or interpreted for a budget
and then compiled in the middle of a puzzle."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from gridsolve.native_rules.kernels import Tiered

INTERPRETED, COMPILED = math.inf, 0.0


def route(monkeypatch, entries: Iterable[Callable], budget: float) -> None:
    """The tiered ``entries`` run interpreted for ``budget`` seconds each, then compiled
    (``INTERPRETED``: throughout; ``COMPILED``: at once)."""
    monkeypatch.setattr(Tiered, "off", budget == COMPILED)
    monkeypatch.setattr(Tiered, "left", dict.fromkeys(entries, budget) if budget != COMPILED else {})
    monkeypatch.setattr(Tiered, "unsettled", {})


def same_on_both_routes(monkeypatch, entries: Iterable[Callable], puzzles: list,
                        outcome: Callable[[Any], Any]) -> list:
    """``outcome(p)`` of each puzzle interpreted throughout, asserted equal to its outcome compiled
    at once; the interpreted outcomes, for the caller's checks of what the sample covers."""
    entries = list(entries)
    route(monkeypatch, entries, INTERPRETED)
    interpreted = [outcome(p) for p in puzzles]
    route(monkeypatch, entries, COMPILED)
    compiled = [outcome(p) for p in puzzles]
    for p, a, b in zip(puzzles, interpreted, compiled, strict=True):
        assert a == b, p
    return interpreted
