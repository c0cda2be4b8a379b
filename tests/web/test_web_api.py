"""The API of ``gridsolve serve`` (docs/serve.md) through FastAPI's TestClient: every endpoint on
every kind it serves, the live verdict, hints and rule runs that change the state, bad input
answered 400 with one line while the server keeps serving, and no file read or written outside
the server's folder."""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

import gridsolve

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for another HTTP client in its test client
    from fastapi.testclient import TestClient

from gridsolve.harness.registry import DEFAULTS
from gridsolve.web import create_app
from gridsolve.web.drawing import DIFFERS, HIGHLIGHT, VIOLATED

from ..helpers import shared

SAMPLES = {"slitherlink": "pzprjs-5x5", "nurikabe": "pzprjs-5x5", "hamiltonian": "square-5",
           "edgematching": "seed-4x4-c4-rot", "masyu": "gridsolve-6x6"}
TOKEN = "test-token"
PAGE = {"Origin": "http://testserver", "X-Gridsolve-Token": TOKEN}  # what the server's own page sends
JSON = {"Content-Type": "application/json"}


def served(root: Path, **options) -> TestClient:
    """A client sending what the page sends, to an app that allows the test client's Host."""
    app = create_app(root, allow_hosts=["testserver"], token=TOKEN, **options)
    return TestClient(app, headers=PAGE)


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("served")


@pytest.fixture(scope="module")
def client(root) -> TestClient:
    with served(root) as c:  # the lifespan: the job pool is stopped at the end
        yield c


def post(client, endpoint: str, expect: int = 200, **body) -> dict:
    r = client.post(f"/api/{endpoint}", json=body)
    assert r.status_code == expect, r.text
    return r.json()


def opened(client, kind: str) -> dict:
    return post(client, "open", source=f"sample:{kind}/{SAMPLES[kind]}")


def lines_of(state: dict) -> set:
    return {("h", r, c) for r, row in enumerate(state["h"]) for c, v in enumerate(row) if v == 1} | \
           {("v", r, c) for r, row in enumerate(state["v"]) for c, v in enumerate(row) if v == 1}


def decided(doc_state: dict) -> int:
    """How many elements a state decides (any kind)."""
    if "h" in doc_state:
        return sum(v != 0 for grid in (doc_state["h"], doc_state["v"]) for row in grid for v in row)
    if "cells" in doc_state:
        return sum(v != 0 for row in doc_state["cells"] for v in row)
    if "placements" in doc_state:
        return sum(v is not None for row in doc_state["placements"] for v in row)
    return len(doc_state["path"])


# ------------------------------------------------------------------ kinds, open, state, save


def test_kinds_list_backends_defaults_samples_and_options(client):
    kinds = {k["kind"]: k for k in client.get("/api/kinds").json()["kinds"]}
    assert set(kinds) == set(gridsolve.kinds())
    for kind, info in kinds.items():
        assert info["default_backend"] == DEFAULTS[kind]
        assert DEFAULTS[kind] in [b["name"] for b in info["backends"] if b["available"]]
        assert SAMPLES[kind] in info["samples"]
        assert ("size" in info["generate_options"]) == ("generate" in info["features"])
        for spec in info["generate_options"].values():
            assert "default" in spec and spec["help"]
            assert spec["default"] in spec.get("choices", [spec["default"]])


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_open_a_sample_gives_the_document(client, kind):
    doc = opened(client, kind)
    assert doc["kind"] == kind and doc["name"]
    again = gridsolve.read(doc["puzzle"])
    assert (again.rows, again.cols) == (doc["rows"], doc["cols"])
    assert doc["verdict"]["status"] == "incomplete"
    assert doc["svg"].startswith("<svg") and 'data-cell="0,0"' in doc["svg"]
    g = doc["geometry"]
    assert g["cell"] > 0 and (g["rows"], g["cols"]) == (doc["rows"], doc["cols"])
    if kind == "slitherlink":
        assert len(doc["state"]["h"]) == doc["rows"] + 1 and len(doc["state"]["v"][0]) == doc["cols"] + 1
        assert f'data-edge="v,{doc["rows"] - 1},{doc["cols"]}"' in doc["svg"]
    if kind == "edgematching":
        assert len(doc["pieces"]) == doc["rows"] * doc["cols"] and "0" in doc["palette"]


def test_open_a_url_a_loopy_id_and_a_file_text(client):
    url = post(client, "open", source="https://puzz.link/p?slither/5/5/cbcbcddad")
    assert url["kind"] == "slitherlink" and url["rows"] == 5
    loopy = post(client, "open", source="5x5t0:2b1b2b1b2b3b3b0b3")
    assert loopy["kind"] == "slitherlink" and loopy["cols"] == 5
    text = post(client, "open", source="nurikabe 3x3\n1 . .\n. . .\n. . 2\n")
    assert text["kind"] == "nurikabe" and text["puzzle"].splitlines()[1:] == ["1 . .", ". . .", ". . 2"]


def test_open_a_file_under_the_root_with_an_id(client, root):
    (root / "two.txt").write_text("slitherlink 2x2 first\n3 .\n. .\n\nslitherlink 2x2 second\n. 2\n2 .\n")
    doc = post(client, "open", source="file:two.txt#second")
    assert doc["name"] == "second" and doc["entries"] == ["first", "second"]
    assert gridsolve.read(doc["puzzle"]).clues == ((None, 2), (2, None))
    assert post(client, "open", 400, source="file:two.txt#third")["error"]
    assert "no file" in post(client, "open", 400, source="file:missing.txt")["error"]


def test_open_a_solved_file_sends_its_state_as_given(client):
    doc = post(client, "open", source="sample:nurikabe/essay-n1")
    assert doc["given"] is not None and decided(doc["state"]) == 0
    played = post(client, "open", source="sample:nurikabe/essay-n1", use_given=True)
    assert played["state"] == doc["given"] and played["verdict"]["status"] == "solved"


@pytest.mark.parametrize(("body", "says"), [
    ({"source": "https://puzz.link/p?slither/5/5/zzzzzzzz"}, ""),
    ({"source": "https://puzz.link/p?nosuchgenre/5/5/abc"}, "unsupported"),
    ({"source": "sample:slitherlink/pzprjs-5x5", "kind": "nurikabe"}, "not nurikabe"),
    ({"source": "sample:nurikabe/nothing"}, "no sample"),
    ({"source": ""}, "source"),
    ({"source": 3}, "source"),
    ({"source": "hello there"}, "not a puzz.link URL"),
    ({"source": "slitherlink 2x2\n5 .\n. .\n"}, ""),
])
def test_bad_input_is_a_400_with_one_line_and_the_server_keeps_serving(client, body, says):
    err = post(client, "open", 400, **body)["error"]
    assert says in err and "\n" not in err and "Traceback" not in err
    assert opened(client, "slitherlink")["kind"] == "slitherlink"


def test_a_body_that_is_not_a_json_object_is_refused(client):
    for raw in (b"not json", b"[1, 2]", b"\xff\xfe"):
        r = client.post("/api/open", content=raw, headers=JSON)
        assert r.status_code == 400 and r.json()["error"]


def test_a_bug_is_a_500_in_one_line_and_the_server_keeps_serving(client, monkeypatch):
    from gridsolve.web import api

    def broken(root, payload):
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setitem(api.ENDPOINTS, "diff", broken)  # the route calls the table's function
    local = served(Path("."))
    monkeypatch.undo()
    r = local.post("/api/diff", json={})
    assert r.status_code == 500 and r.json()["error"] == "internal error: RuntimeError: a bug over two lines"
    assert local.post("/api/open", json={"source": "sample:nurikabe/pzprjs-5x5"}).status_code == 200


def test_a_request_over_the_size_limit_is_refused(client):
    from gridsolve.web.app import MAX_BODY

    r = client.post("/api/open", content=b'{"source": "' + b"x" * (MAX_BODY + 10) + b'"}', headers=JSON)
    assert r.status_code == 413 and "larger" in r.json()["error"]


def test_paths_outside_the_root_are_refused(client, root, tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("slitherlink 1x1\n0\n")
    (root / "link.txt").symlink_to(outside)
    (root / "linkdir").symlink_to(tmp_path, target_is_directory=True)
    for source in ("file:../secret.txt", f"file:{outside}", "file:link.txt", "file:linkdir/secret.txt",
                   "file:sub/../../secret.txt"):
        r = client.post("/api/open", json={"source": source})
        assert r.status_code == 403, source
        assert "server's folder" in r.json()["error"]
    doc = opened(client, "slitherlink")
    for path in ("../out.txt", "/tmp/out.txt", "linkdir/out.txt"):
        r = client.post("/api/save", json={"kind": "slitherlink", "puzzle": doc["puzzle"],
                                           "state": doc["state"], "format": "canonical", "path": path})
        assert r.status_code == 403, path
    assert not (tmp_path / "out.txt").exists()
    assert client.get("/static/../app.py").status_code in (403, 404)


def test_state_marks_violations_red_and_reports_solved(client):
    doc = opened(client, "slitherlink")
    state = doc["state"]
    state["h"][0][0] = state["v"][0][0] = state["v"][0][1] = 1  # three lines round the clue 2 at r1c1
    v = post(client, "state", kind="slitherlink", puzzle=doc["puzzle"], state=state)
    assert v["verdict"]["status"] == "violated"
    bad = v["verdict"]["violations"][0]
    assert bad["rule"] == "clue-count" and bad["cells"] == [[0, 0]]
    assert VIOLATED in v["svg"] and VIOLATED not in doc["svg"]
    solved = post(client, "solve", kind="slitherlink", puzzle=doc["puzzle"])
    again = post(client, "state", kind="slitherlink", puzzle=doc["puzzle"], state=solved["state"])
    assert again["verdict"] == {"status": "solved", "violations": []}


@pytest.mark.parametrize(("kind", "move", "rule"), [
    ("nurikabe", lambda s: [s["cells"][3].__setitem__(c, 1) for c in (0, 1)]
     + [s["cells"][4].__setitem__(c, 1) for c in (0, 1)], "wall-2x2"),
    ("edgematching", lambda s: s["placements"][0].__setitem__(0, [2, 0]), "border"),
    ("hamiltonian", lambda s: s["path"].extend([[1, 0], [2, 0], [3, 0], [4, 0], [4, 1], [4, 2], [4, 3],
                                                [4, 4]]), "wrong-end"),
])
def test_each_kind_has_a_live_verdict(client, kind, move, rule):
    doc = opened(client, kind)
    state = doc["state"]
    move(state)
    v = post(client, "state", kind=kind, puzzle=doc["puzzle"], state=state)
    assert v["verdict"]["status"] == "violated"
    assert rule in [x["rule"] for x in v["verdict"]["violations"]]


@pytest.mark.parametrize("state", [{"h": [[0]]}, {"cells": "x"}, [], {"h": None, "v": None}])
def test_a_malformed_state_is_a_400(client, state):
    doc = opened(client, "slitherlink")
    assert post(client, "state", 400, kind="slitherlink", puzzle=doc["puzzle"], state=state)["error"]


def test_save_writes_under_the_root_and_reads_back(client, root):
    doc = opened(client, "slitherlink")
    solved = post(client, "solve", kind="slitherlink", puzzle=doc["puzzle"])
    out = post(client, "save", kind="slitherlink", puzzle=doc["puzzle"], state=solved["state"],
               format="pzprv3", path="saved/game.txt")
    assert out["path"] == "saved/game.txt" and out["text"].startswith("pzprv3")
    assert (root / "saved" / "game.txt").read_text() == out["text"] + "\n"
    back = post(client, "open", source="file:saved/game.txt", use_given=True)
    assert lines_of(back["state"]) == lines_of(solved["state"])
    url = post(client, "save", kind="slitherlink", puzzle=doc["puzzle"], state=doc["state"], format="url")
    assert url["text"] == "https://puzz.link/p?slither/5/5/cbcbcddad" and "path" not in url
    assert "written as" in post(client, "save", 400, kind="hamiltonian", puzzle=opened(client, "hamiltonian")
                                ["puzzle"], state=None, format="url")["error"]


def test_a_walk_is_saved_as_the_puzzles_given_walk(client):
    doc = opened(client, "hamiltonian")
    out = post(client, "save", kind="hamiltonian", puzzle=doc["puzzle"], state={"path": [[0, 0], [0, 1]]},
               format="canonical")
    assert gridsolve.read(out["text"]).prefix == ((0, 0), (0, 1))


# ------------------------------------------------------------------ hints, rules, moves


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_a_hint_names_its_rule_and_decides_what_it_says(client, kind):
    doc = opened(client, kind)
    state = doc["state"]
    if kind == "hamiltonian":  # from the corner both moves are open: walk into a forced one
        state = {"path": [[0, 0], [1, 0], [1, 1]]}  # r1c2 is left with one way in: forced
    h = post(client, "hint", kind=kind, puzzle=doc["puzzle"], state=state)
    assert h["rule"] and h["message"]
    assert decided(h["state"]) == decided(state) + 1
    assert h["verdict"]["status"] != "violated"
    assert HIGHLIGHT in h["svg"]
    assert h["cells"] or h["edges"]


def test_slitherlink_hints_by_the_seeds_rules(client):
    doc = opened(client, "slitherlink")
    h = post(client, "hint", kind="slitherlink", puzzle=doc["puzzle"], state=doc["state"], by="seed")
    assert h["rule"].startswith("rule #") and h["edges"]
    assert post(client, "hint", 400, kind="slitherlink", puzzle=doc["puzzle"], by="magic")["error"]
    assert post(client, "rules", 400, kind="slitherlink", puzzle=doc["puzzle"], by="magic")["error"]


def test_the_labyrinth_hint_lists_the_choice_at_the_corner(client):
    doc = opened(client, "hamiltonian")
    h = post(client, "hint", kind="hamiltonian", puzzle=doc["puzzle"], state=doc["state"])
    assert h["rule"] == "choice" and sorted(h["cells"]) == [[0, 1], [1, 0]]
    assert h["state"] == doc["state"]


def test_the_seeds_rule_loop_solves_and_logs_every_firing(client):
    doc = opened(client, "slitherlink")
    run = post(client, "rules", kind="slitherlink", puzzle=doc["puzzle"], state=doc["state"])
    assert run["verdict"]["status"] == "solved"
    assert len(run["log"]) > 3 and all(e["rule"].startswith("rule #") or e["rule"] == "loop avoidance"
                                       for e in run["log"])
    decided_by_log = {tuple(e) for entry in run["log"] for e in entry["edges"]}
    assert len(decided_by_log) == decided(run["state"])  # every decided edge was logged, once


def test_a_loaded_rule_file_runs_from_a_partial_state(client):
    text = (Path(__file__).resolve().parents[2] / "native_rules" / "slitherlink" / "rules"
            / "appendix_a.rules").read_text()
    first_rule_only = text[text.index("% #1"):text.index("\nq\n") + 3]
    doc = opened(client, "slitherlink")
    full = post(client, "rules", kind="slitherlink", puzzle=doc["puzzle"], state=doc["state"], rules=text)
    one = post(client, "rules", kind="slitherlink", puzzle=doc["puzzle"], state=doc["state"],
               rules=first_rule_only)
    assert full["verdict"]["status"] == "solved"
    assert decided(one["state"]) < decided(full["state"])
    assert {e["rule"] for e in one["log"]} <= {"rule #1", "loop avoidance"}
    partial = post(client, "rules", kind="slitherlink", puzzle=doc["puzzle"], state=one["state"])
    assert partial["verdict"]["status"] == "solved"
    bad = post(client, "rules", 400, kind="slitherlink", puzzle=doc["puzzle"], rules="nonsense")
    assert "rule" in bad["error"]


def test_the_nurikabe_cascade_runs_to_its_end(client):
    doc = opened(client, "nurikabe")
    run = post(client, "rules", kind="nurikabe", puzzle=doc["puzzle"], state=doc["state"])
    assert run["verdict"]["status"] == "solved" and run["finished"]
    assert len(run["log"]) == decided(run["state"]) and all(e["rule"] for e in run["log"])


def test_a_blocked_labyrinth_is_hinted_by_the_exact_oracle(client):
    doc = post(client, "open", source="sample:hamiltonian/blocked-5x6")
    first = post(client, "hint", kind="hamiltonian", puzzle=doc["puzzle"], state={"path": [[0, 2], [0, 1]]})
    assert first["rule"] == "oracle" and first["state"]["path"] == [[0, 2], [0, 1], [0, 0]]
    state = doc["state"]
    for _ in range(40):
        h = post(client, "hint", kind="hamiltonian", puzzle=doc["puzzle"], state=state)
        if h["rule"] != "oracle":
            break
        assert h["state"]["path"][:-1] == state["path"] and h["verdict"]["status"] != "violated"
        state = h["state"]
    assert h["rule"] in ("choice", "")  # a walk of only forced moves, then a real choice (or the end)
    m = post(client, "moves", puzzle=doc["puzzle"], state=state)
    assert m["rules"] is None and m["oracle"]
    if h["rule"] == "choice":
        assert sorted(h["cells"]) == sorted(m["oracle"]) and len(m["oracle"]) > 1


def test_labyrinth_moves_by_the_rules_and_by_the_oracle(client):
    doc = opened(client, "hamiltonian")
    m = post(client, "moves", puzzle=doc["puzzle"], state=doc["state"])
    assert sorted(m["rules"]) == sorted(m["oracle"]) == [[0, 1], [1, 0]]
    assert sum(m["counts"].values()) == gridsolve.count(gridsolve.read(doc["puzzle"])).total
    walk = {"path": [[0, 0], [1, 0], [1, 1], [0, 1], [0, 2]]}
    m2 = post(client, "moves", puzzle=doc["puzzle"], state=walk)
    exact = gridsolve.count(gridsolve.read(doc["puzzle"]).with_prefix([tuple(c) for c in walk["path"]]))
    assert sum(m2["counts"].values()) == exact.total


# ------------------------------------------------------------------ solve, explain, author's tools


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_solve_with_the_default_backend_gives_a_solved_state(client, kind):
    doc = opened(client, kind)
    r = post(client, "solve", kind=kind, puzzle=doc["puzzle"], timeout=30)
    assert r["status"] == "solved" and r["backend"] == DEFAULTS[kind]
    assert r["verdict"]["status"] == "solved"


def test_solve_refuses_an_unknown_backend_and_a_bad_timeout(client):
    doc = opened(client, "slitherlink")
    assert "unknown backend" in post(client, "solve", 400, kind="slitherlink", puzzle=doc["puzzle"],
                                     backend="nope")["error"]
    assert "timeout" in post(client, "solve", 400, kind="slitherlink", puzzle=doc["puzzle"],
                             timeout=-1)["error"]
    r = post(client, "solve", kind="slitherlink", puzzle=doc["puzzle"], backend="sat")
    assert r["backend"] == "sat" and r["verdict"]["status"] == "solved"


def test_explain_steps_through_solutions_that_differ(client):
    doc = opened(client, "edgematching")  # 8 solutions: 2 up to the board's 4 turns
    e = post(client, "explain", kind="edgematching", puzzle=doc["puzzle"], limit=10)
    assert e["count"] == 8 and e["exhausted"] and not e["unique"]
    assert len(e["solutions"]) == 8 and len({str(s) for s in e["solutions"]}) == 8
    assert e["differs"]["cells"] and e["backbone_svg"].startswith("<svg")
    a, b = e["solutions"][:2]
    d = post(client, "diff", kind="edgematching", puzzle=doc["puzzle"], a=a, b=b)
    assert d["count"] > 0 and DIFFERS in d["svg"]
    same = post(client, "diff", kind="edgematching", puzzle=doc["puzzle"], a=e["solutions"][0],
                b=e["solutions"][0])
    assert same["count"] == 0 and DIFFERS not in same["svg"]


def test_janko_random_15x15_has_two_solutions_with_differing_edges(root):
    data = shared("slitherlink", "janko-puzzlekit.json")
    client = served(data.parent)
    doc = post(client, "open", source=f"file:{data.name}#random_15x15")
    e = post(client, "explain", kind="slitherlink", puzzle=doc["puzzle"], limit=2)
    assert e["count"] == 2 and not e["unique"]
    a, b = e["solutions"]
    d = post(client, "diff", kind="slitherlink", puzzle=doc["puzzle"], a=a, b=b)
    differing = lines_of(a) ^ lines_of(b)
    assert differing and {tuple(x) for x in d["differs"]["edges"]} == differing
    for s in (a, b):
        assert post(client, "state", kind="slitherlink", puzzle=doc["puzzle"], state=s)["verdict"]["status"] \
            == "solved"


def test_explain_from_a_partial_state_finds_a_contradiction(client):
    doc = opened(client, "slitherlink")
    state = doc["state"]
    state["h"][0][0] = state["v"][0][0] = state["v"][0][1] = 1
    e = post(client, "explain", kind="slitherlink", puzzle=doc["puzzle"], state=state)
    assert e["contradiction"] and e["count"] == 0


@pytest.mark.parametrize(("kind", "gone"), [("slitherlink", None), ("nurikabe", -1)])
def test_minimize_deletes_numbers_and_keeps_the_solution_unique(client, kind, gone):
    doc = post(client, "open", source=f"sample:{kind}/tatham-10x10" if kind == "slitherlink" else
               "sample:nurikabe/pzprjs-5x5")
    m = post(client, "minimize", kind=kind, puzzle=doc["puzzle"], seconds=30)
    before, after = gridsolve.read(doc["puzzle"]), gridsolve.read(m["puzzle"])
    numbered = [sum(v not in (None, -1) for row in p.clues for v in row) for p in (before, after)]
    assert m["complete"] and m["removed"] == numbered[0] - numbered[1] > 0
    assert all(b == a or a == gone for rb, ra in zip(before.clues, after.clues, strict=True)
               for b, a in zip(rb, ra, strict=True))
    assert gridsolve.count(after).unique is True
    assert gridsolve.count(before).solutions == gridsolve.count(after).solutions


def test_numbers_of_a_drawn_loop(client):
    doc = opened(client, "slitherlink")
    loop = post(client, "solve", kind="slitherlink", puzzle=doc["puzzle"])["state"]
    n = post(client, "numbers", puzzle=doc["puzzle"], state=loop)
    p = gridsolve.read(n["puzzle"])
    assert all(v is not None for row in p.clues for v in row)
    given = gridsolve.read(doc["puzzle"])
    assert all(v is None or v == p.clues[r][c]
               for r, row in enumerate(given.clues) for c, v in enumerate(row))
    assert n["verdict"]["status"] == "solved"
    assert "one loop" in post(client, "numbers", 400, puzzle=doc["puzzle"], state=doc["state"])["error"]


def test_grade(client):
    from gridsolve.harness.slitherlink import TIERS

    g = post(client, "grade", kind="slitherlink", puzzle=opened(client, "slitherlink")["puzzle"])
    assert g["grade"] in TIERS and g["details"]["seed_grade"]
    g = post(client, "grade", kind="nurikabe", puzzle=opened(client, "nurikabe")["puzzle"])
    assert g["grade"] == g["details"]["grade"]
    assert post(client, "grade", 400, kind="hamiltonian", puzzle=opened(client, "hamiltonian")["puzzle"])


def test_generate_slitherlink_shows_the_loop_growing(client):
    g = post(client, "generate", kind="slitherlink", options={"size": "6x6", "seed": 2, "ratios": "33/33/34"})
    p = gridsolve.read(g["puzzle"])
    assert gridsolve.count(p).unique is True
    assert len(g["steps"]) >= 10 and len(set(g["steps"])) > 5
    assert g["step_numbers"][0] == 0 and g["step_numbers"][-1] == len(g["growth_rules"])
    assert set(g["growth_rules"]) <= {1, 2, 3}
    from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution

    given = {((r, c), (r, c + 1)) for r, c, in [(x[1], x[2]) for x in lines_of(g["given"]) if x[0] == "h"]}
    given |= {((r, c), (r + 1, c)) for r, c, in [(x[1], x[2]) for x in lines_of(g["given"]) if x[0] == "v"]}
    loop = SlitherlinkSolution(6, 6, frozenset(given))
    final = gridsolve.render(SlitherlinkPuzzle.empty(6, 6), loop, "svg")
    assert g["steps"][-1] == final
    again = post(client, "generate", kind="slitherlink", options={"size": "6x6", "seed": 2})
    assert again["puzzle"] == g["puzzle"]


@pytest.mark.parametrize(("kind", "options"), [
    ("nurikabe", {"size": "5x6", "seed": 1}), ("edgematching", {"size": "3x3", "style": "seed"}),
    ("hamiltonian", {"size": "5", "seed": 3}), ("slitherlink", {"size": "5", "mode": "sat"}),
])
def test_generate_each_kind(client, kind, options):
    g = post(client, "generate", kind=kind, options=options)
    p = gridsolve.read(g["puzzle"])
    assert p.kind == kind and g["given"] is not None
    solved = post(client, "state", kind=kind, puzzle=g["puzzle"], state=g["given"])
    assert solved["verdict"]["status"] == "solved"


@pytest.mark.parametrize("options", [{"size": "0"}, {"size": "big"}, {"mode": "fast"}, {"colour": 3},
                                     {"ratios": "50/50/50"}])
def test_generate_refuses_bad_options(client, options):
    assert post(client, "generate", 400, kind="slitherlink", options=options)["error"]


def test_an_experiment_runs_in_the_background_with_progress_and_plots(client):
    job = post(client, "experiment", kind="nurikabe", source="samples", n=2, backends=["sat", "cpsat"],
               timeout=10)
    assert job["total"] == 4
    t0 = time.monotonic()
    while True:
        s = client.get(f"/api/experiment/{job['job']}").json()
        if s["finished"] or time.monotonic() - t0 > 120:
            break
        assert 0 <= s["done"] <= s["total"]
        time.sleep(0.2)
    assert s["finished"] and not s["error"]
    assert s["done"] == 4 and len(s["rows"]) == 4 and {r["status"] for r in s["rows"]} == {"solved"}
    assert s["plots"] and s["plots"][0].startswith("<svg")
    assert {r["backend"] for r in s["summary"]} == {"sat", "cpsat"}
    assert client.get("/api/experiment/nosuchjob").status_code == 404
    assert post(client, "experiment", 400, kind="nurikabe", backends=["nope"])["error"]


# ------------------------------------------------------------------ speed, the page, the command


def test_a_10x10_solve_answers_well_under_a_second_once_warm(client):
    from gridsolve.web.tools import warm_up

    warm_up()
    doc = post(client, "open", source="sample:slitherlink/tatham-10x10")
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        r = post(client, "solve", kind="slitherlink", puzzle=doc["puzzle"])
        times.append(time.perf_counter() - t0)
        assert r["verdict"]["status"] == "solved"
    assert statistics.median(times) < 1.0, times


def test_the_page_is_served(client):
    r = client.get("/")
    assert r.status_code == 200 and "<" in r.text
    assert client.get("/static/nosuchfile.js").status_code == 404


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listening(port: int) -> set[str]:
    """The local addresses (hex, as /proc/net/tcp writes them) listening on ``port``."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


def test_gridsolve_serve_binds_localhost_and_answers(tmp_path):
    import httpx

    port = _free_port()
    exe = Path(sys.executable).with_name("gridsolve")
    proc = subprocess.Popen([str(exe), "serve", "--port", str(port), "--no-open", "--root", str(tmp_path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/kinds", timeout=30)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.3)
        assert r.status_code == 200 and len(r.json()["kinds"]) == len(gridsolve.kinds())
        if os.path.exists("/proc/net/tcp"):
            assert _listening(port) == {"0100007F"}  # 127.0.0.1 only
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_gridsolve_serve_refuses_a_bad_port_and_root(tmp_path):
    from gridsolve.cli.main import run

    assert run(["serve", "--port", "0", "--no-open"]) == 2
    assert run(["serve", "--root", str(tmp_path / "missing"), "--no-open"]) == 2
