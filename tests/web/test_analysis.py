"""The author's live analysis in ``gridsolve serve`` (``web/analysis.py``, docs/serve.md):
``/api/analyze`` counts the *puzzle* and finds its backbone as a cancellable job, ``/api/suggest``
proposes a clue that strictly lowers the count of an ambiguous puzzle (checked here on generated
puzzles of every kind with clues), ``/api/check-drawing`` judges the drawing on its own, and
``/api/solve`` no longer calls one of several solutions "solved". Bad input is one 4xx line."""

from __future__ import annotations

import dataclasses
import random
import threading
import time
import warnings

import pytest
from gridsolve.puzzles import formats

import gridsolve

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for another HTTP client in its test client
    from fastapi.testclient import TestClient

from gridsolve.web import create_app

from benchmarks.common import ROOT

TOKEN = "test-token"
PAGE = {"Origin": "http://testserver", "X-Gridsolve-Token": TOKEN}
SAMPLES = ROOT / "puzzles" / "samples"
EXACT = 2000  # the largest count the suggestion test settles exactly


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("served"), allow_hosts=["testserver"], token=TOKEN)
    with TestClient(app, headers=PAGE) as c:
        yield c


def sample(kind: str, name: str) -> str:
    return (SAMPLES / kind / f"{name}.txt").read_text()


def post(client, endpoint: str, expect: int = 200, headers: dict | None = None, **body) -> dict:
    r = client.post(f"/api/{endpoint}", json=body, headers=headers or {})
    assert r.status_code == expect, r.text
    return r.json()


def empty_slitherlink(n: int) -> str:
    return f"slitherlink {n}x{n}\n" + "\n".join(" ".join("." * n) for _ in range(n)) + "\n"


# ------------------------------------------------------------------ analyze: the puzzle's count and backbone


def test_a_unique_puzzle_is_unique_with_its_whole_solution_as_backbone_and_a_grade(client):
    text = sample("slitherlink", "pzprjs-5x5")
    a = post(client, "analyze", kind="slitherlink", puzzle=text)
    assert a["label"] == "unique" and a["count"] == 1 and a["exhausted"] and a["complete"]
    loop = gridsolve.solve(formats.parse_text(text)[0].puzzle).solutions[0]
    assert len(a["backbone"]["edges"]) == len(loop.edges)  # every edge of the one loop is shared
    assert a["differs"] == {"cells": [], "edges": []}
    assert a["grade"]  # Slitherlink grades
    assert 'class="analysis-overlay"' in a["overlay"] and 'pointer-events="none"' in a["overlay"]


def test_the_labyrinth_sample_counts_104_and_marks_where_walks_differ(client):
    a = post(client, "analyze", kind="hamiltonian", puzzle=sample("hamiltonian", "square-5"))
    assert a["label"] in ("104 solutions",) or a["label"].startswith("at least")
    assert a["count"] == 104 and a["exhausted"]
    assert a["differs"]["cells"] and "grade" not in a


@pytest.mark.parametrize(("kind", "name"), [("nurikabe", "pzprjs-5x5"), ("masyu", "gridsolve-6x6"),
                                            ("edgematching", "seed-4x4-c4-rot")])
def test_every_kind_is_analysed(client, kind, name):
    a = post(client, "analyze", kind=kind, puzzle=sample(kind, name))
    assert a["count"] >= 1 and a["label"] in ("unique", f"{a['count']} solutions")
    assert set(a["backbone"]) == {"cells", "edges"} and a["seconds"] >= 0


def test_no_solution_and_at_least_n(client):
    none = post(client, "analyze", kind="slitherlink", puzzle="slitherlink 2x2\n4 4\n4 4\n")
    assert none["label"] == "no solution" and none["count"] == 0
    many = post(client, "analyze", kind="slitherlink", puzzle=empty_slitherlink(4), limit=5)
    assert many["label"] == "at least 5" and not many["exhausted"]


def test_analysis_counts_the_puzzle_whatever_is_drawn(client):
    """The count is the puzzle's: a request carrying a drawing (the page's state) is not narrowed."""
    text = sample("hamiltonian", "square-5")
    drawn = post(client, "analyze", kind="hamiltonian", puzzle=text, state={"path": [[0, 0], [0, 1]]})
    assert drawn["count"] == 104


@pytest.mark.parametrize(("body", "fragment"), [
    ({"kind": "slitherlink", "puzzle": "slitherlink 2x2\n9 .\n. .\n"}, ""),
    ({"kind": "nosuch", "puzzle": "x"}, "unknown kind"),
    ({"kind": "slitherlink", "puzzle": "slitherlink 2x2\n. .\n. .\n", "timeout": -1}, "timeout"),
    ({"kind": "slitherlink", "puzzle": "slitherlink 2x2\n. .\n. .\n", "limit": "many"}, "limit"),
])
def test_bad_analysis_requests_are_one_line_400s(client, body, fragment):
    r = client.post("/api/analyze", json=body)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert "\n" not in error and fragment in error.lower()


def test_a_newer_job_cancels_the_stale_one(client):
    """What the page does on a newer edit: cancel the running analysis by its job id, send the new one."""
    answers = {}

    def send(job, text, limit):
        body = {"kind": "slitherlink", "puzzle": text, "limit": limit, "timeout": 30}
        answers[job] = client.post("/api/analyze", json=body, headers={"X-Gridsolve-Job": job})

    stale = threading.Thread(target=send, args=("stale-edit", empty_slitherlink(9), 1000))
    stale.start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        s = client.get("/api/jobs/stale-edit")
        if s.status_code == 200 and s.json()["state"] == "running":
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the stale analysis never ran")
    assert client.post("/api/jobs/stale-edit/cancel", json={}).json()["cancelled"] is True
    send("newer-edit", sample("slitherlink", "pzprjs-5x5"), 200)
    stale.join(10)
    assert answers["stale-edit"].status_code == 409 and "cancelled" in answers["stale-edit"].json()["error"]
    assert client.get("/api/jobs/stale-edit").json()["state"] == "cancelled"
    assert answers["newer-edit"].status_code == 200 and answers["newer-edit"].json()["label"] == "unique"


# ------------------------------------------------------------------ suggest: make it unique


def count(puzzle) -> int:
    r = gridsolve.count(puzzle, limit=EXACT, timeout=60)
    return r.count if r.exhausted else -1


def made_ambiguous(puzzle, field: str, blank, seed: int):
    """The puzzle with clues taken out (``blank`` left) in a seeded order until it has several
    solutions, a number small enough to count exactly; None when no order gives one."""
    grid = [list(row) for row in getattr(puzzle, field)]
    cells = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v not in (None, blank)]
    random.Random(seed).shuffle(cells)
    for r, c in cells:
        grid[r][c] = blank
        smaller = dataclasses.replace(puzzle, **{field: tuple(tuple(row) for row in grid)})
        n = count(smaller)
        if n >= 2:
            return smaller
        if n < 0:
            return None
    return None


def generated(client, kind: str, seed: int):
    options = {"size": "5x5", "seed": seed, **({"mode": "sat"} if kind == "slitherlink" else {})}
    doc = post(client, "generate", kind=kind, options=options)
    return formats.parse_text(doc["puzzle"])[0].puzzle


# kind -> (the clue grid's field, what a clue taken out leaves, where the unique puzzles come from);
# a Nurikabe island needs its number, so there a number is hidden as "?" (as minimize does)
CLUED = {"slitherlink": ("clues", None, "generate"), "nurikabe": ("clues", -1, "generate"),
         "masyu": ("pearls", None, "samples")}


@pytest.mark.parametrize("kind", sorted(CLUED))
def test_suggest_strictly_lowers_the_count_of_ten_ambiguous_puzzles(client, kind):
    field, blank, source = CLUED[kind]
    masyu = sorted((SAMPLES / "masyu").glob("*.txt"))
    puzzles, seed = [], 0
    while len(puzzles) < 10 and seed < 60:
        unique = (generated(client, kind, seed) if source == "generate"
                  else formats.parse_text(masyu[seed % len(masyu)].read_text())[0].puzzle)
        ambiguous = made_ambiguous(unique, field, blank, seed)
        if ambiguous is not None:
            puzzles.append(ambiguous)
        seed += 1
    assert len(puzzles) == 10
    for p in puzzles:
        before = count(p)
        s = post(client, "suggest", kind=kind, puzzle=formats.format_puzzle(p))
        after = count(formats.parse_text(s["doc"]["puzzle"])[0].puzzle)
        assert 1 <= after < before, (formats.format_puzzle(p), s["cell"], s["value"])
        assert s["edit"] == {"op": "clue", "cell": s["cell"], "value": s["value"]}
        assert s["before"] == min(before, 64) and s["after"] <= s["before"]


def test_suggest_refuses_what_it_cannot_help(client):
    def refused(kind: str, puzzle: str) -> str:
        r = client.post("/api/suggest", json={"kind": kind, "puzzle": puzzle})
        assert r.status_code == 400, r.text
        return r.json()["error"]

    assert "unique already" in refused("slitherlink", sample("slitherlink", "pzprjs-5x5"))
    assert "suggest is for" in refused("hamiltonian", sample("hamiltonian", "square-5"))
    assert "no solution" in refused("slitherlink", "slitherlink 2x2\n4 4\n4 4\n")


def test_kinds_with_clues_list_suggest_as_a_feature(client):
    kinds = {k["kind"]: k["features"] for k in client.get("/api/kinds").json()["kinds"]}
    assert {k for k, f in kinds.items() if "suggest" in f} == set(CLUED)


# ------------------------------------------------------------------ the drawing and solve, apart


def test_check_my_drawing_judges_the_drawing_not_the_puzzle(client):
    text = sample("hamiltonian", "square-5")
    good = post(client, "check-drawing", kind="hamiltonian", puzzle=text, state={"path": [[0, 0], [0, 1]]})
    assert good["verdict"]["status"] == "incomplete" and good["completable"] is True
    # along the top row and down before the corner: r1c5 is left with one way in, and it is not the end
    stuck = post(client, "check-drawing", kind="hamiltonian", puzzle=text,
                 state={"path": [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3]]})
    assert stuck["completable"] is False and stuck["label"] == "no solution"


def test_solve_says_whether_the_solution_is_the_only_one(client):
    several = post(client, "solve", kind="hamiltonian", puzzle=sample("hamiltonian", "square-5"))
    assert several["status"] == "solved" and several["unique"] is False and several["count"] == 104
    one = post(client, "solve", kind="slitherlink", puzzle=sample("slitherlink", "pzprjs-5x5"))
    assert one["unique"] is True
