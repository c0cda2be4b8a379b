"""The race's in-process time for gridsolve starts from the game ID, as Loopy's does: the parse
is counted with the solve."""

from __future__ import annotations

import time

from gridsolve.harness import registry
from gridsolve.puzzles.formats.slitherlink import from_id
from gridsolve.puzzles.solving import Status

from benchmarks import slitherlink_peers as peers

GAME_ID = "10x10t0:c22e32c3a221d12b3a321d2a1a233a1a0a31c22112a2a1c2e32a3b22d2a0a1c23a333a3"  # Loopy, Normal


def test_the_in_process_time_counts_the_parse(monkeypatch):
    def slow_parse(game_id):
        time.sleep(0.05)
        return from_id(game_id)

    monkeypatch.setattr(peers, "from_id", slow_parse)
    backend = registry.get("slitherlink", registry.DEFAULTS["slitherlink"])
    r = peers.solve_id(backend, GAME_ID, 10.0)
    assert r.status == Status.SOLVED and r.count == 1
    assert r.seconds >= 0.05
