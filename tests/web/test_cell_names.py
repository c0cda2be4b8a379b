"""One coordinate style wherever the page speaks: every message the server's answers carry (hints,
rule-run logs, the seed's rule trace, the labyrinth's oracle and rules, the verdict's violations)
names cells as the command line's hints do, ``r4c3`` (row and column from 1), never as 0-based
tuples ``(3, 2)``; Slitherlink's dots by a cell they are a corner of."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for another HTTP client in its test client
    from fastapi.testclient import TestClient

from gridsolve.puzzles import grid
from gridsolve.web import create_app

TOKEN = "test-token"
PAGE = {"Origin": "http://testserver", "X-Gridsolve-Token": TOKEN}  # what the server's own page sends
SAMPLES = {"slitherlink": "pzprjs-5x5", "nurikabe": "pzprjs-5x5", "hamiltonian": "blocked-5x6",
           "edgematching": "seed-5x5-c4-norot", "masyu": "gridsolve-6x6"}
TUPLE = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)|\[\s*\d+\s*,\s*\d+\s*\]")  # (3, 2) or [3, 2]
CELL = re.compile(r"\br\d+c\d+\b")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(Path(tmp_path_factory.mktemp("served")), allow_hosts=["testserver"], token=TOKEN)
    with TestClient(app, headers=PAGE) as c:
        yield c


def post(client, endpoint: str, **body) -> dict:
    r = client.post(f"/api/{endpoint}", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def spoken(answer: dict) -> list[str]:
    """The messages of an answer the page shows: a hint's, a log's, the verdict's, the moves'."""
    out = [answer["message"]] if answer.get("message") else []
    out += [e["message"] for e in answer.get("log", [])]
    out += [v["message"] for v in (answer.get("verdict") or {}).get("violations", [])]
    out += [f["rule"] for f in answer.get("forbidden", [])]
    return out


def assert_cell_names(messages: list[str]) -> None:
    assert messages, "nothing was said"
    for m in messages:
        assert not TUPLE.search(m), f"a 0-based coordinate in {m!r}"
    assert any(CELL.search(m) for m in messages), f"no cell named r<row>c<col> in {messages}"


@pytest.mark.parametrize("kind", list(SAMPLES))
def test_hints_and_rule_runs_name_cells_from_1(client, kind):
    doc = post(client, "open", source=f"sample:{kind}/{SAMPLES[kind]}")
    body = {"kind": kind, "puzzle": doc["puzzle"], "state": doc["state"]}
    messages = spoken(post(client, "hint", **body)) + spoken(post(client, "rules", **body, timeout=20))
    assert_cell_names(messages)


def test_the_seed_rule_trace_names_cells_and_edges_from_1(client):
    doc = post(client, "open", source="sample:slitherlink/pzprjs-5x5")
    answer = post(client, "rules", kind="slitherlink", puzzle=doc["puzzle"], state=doc["state"], by="seed")
    assert_cell_names(spoken(answer))
    first = answer["log"][0]["message"]  # the seed wrote "rule #1 at entry (4,1) ...: cross (10,3)"
    assert first.startswith("rule #1 at r5c2 ") and "cross on the bottom edge of r5c2" in first, first


def test_the_labyrinth_oracle_and_rules_name_cells_from_1(client):
    doc = post(client, "open", source="sample:hamiltonian/square-5")
    answer = post(client, "moves", puzzle=doc["puzzle"], state=doc["state"])
    hint = post(client, "hint", kind="hamiltonian", puzzle=doc["puzzle"], state=doc["state"])
    assert_cell_names(spoken(answer) + spoken(hint))
    assert "r2c1" in hint["message"] and "r1c2" in hint["message"], hint["message"]


def test_slitherlink_dots_are_named_by_a_cell_corner(client):
    doc = post(client, "open", source="sample:slitherlink/pzprjs-5x5")
    h = [[0] * 5 for _ in range(6)]
    v = [[0] * 6 for _ in range(5)]
    h[1][0] = h[1][1] = v[0][1] = 1  # three lines meet at the dot between r1c1, r1c2, r2c1, r2c2
    answer = post(client, "state", kind="slitherlink", puzzle=doc["puzzle"], state={"h": h, "v": v})
    messages = spoken(answer)
    assert_cell_names(messages)
    assert "3 lines meet at the top-left corner of r2c2" in messages, messages


def test_corner_names():
    assert grid.corner_name(5, 5, (0, 0)) == "the top-left corner of r1c1"
    assert grid.corner_name(5, 5, (5, 5)) == "the bottom-right corner of r5c5"
    assert grid.corner_name(5, 4, (2, 4)) == "the top-right corner of r3c4"
