"""Masyu in ``gridsolve serve``'s API (docs/serve.md): open a puzz.link URL, its state's shape (lines
between cell centres), the live verdict and its pearl rules, solve, count and explain, a hint from
the backbone, save as pzprv3 / canonical text / URL and open it again; no generator."""

from __future__ import annotations

import warnings

import pytest

import gridsolve

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for another HTTP client in its test client
    from fastapi.testclient import TestClient

from gridsolve.web import create_app

URL = "https://puzz.link/p?masyu/6/6/00016f769000"
TOKEN = "test-token"
PAGE = {"Origin": "http://testserver", "X-Gridsolve-Token": TOKEN}
# its one solution: h[r][c] links the centres of cells (r, c)-(r, c+1), v[r][c] those of (r, c)-(r+1, c)
SOLVED = {"h": [[1, 0, 0, 0, 1], [0, 0, 0, 0, 0], [0, 1, 1, 1, 0], [0, 1, 1, 1, 0], [0, 0, 0, 0, 0],
                [1, 0, 0, 0, 1]],
          "v": [[1, 1, 0, 0, 1, 1], [1, 1, 0, 0, 1, 1], [1, 0, 0, 0, 0, 1], [1, 1, 0, 0, 1, 1],
                [1, 1, 0, 0, 1, 1]]}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("served"), allow_hosts=["testserver"], token=TOKEN)
    with TestClient(app, headers=PAGE) as c:
        yield c


def post(client, endpoint: str, expect: int = 200, **body) -> dict:
    r = client.post(f"/api/{endpoint}", json=body)
    assert r.status_code == expect, r.text
    return r.json()


@pytest.fixture(scope="module")
def doc(client) -> dict:
    return post(client, "open", source=URL)


def empty() -> dict:
    return {"h": [[0] * 5 for _ in range(6)], "v": [[0] * 6 for _ in range(5)]}


def drawn(**links) -> dict:
    """The empty state with lines at ``h=[(r, c)...]`` / ``v=[...]`` (and crosses at ``xh``, ``xv``)."""
    state = empty()
    for key, value in (("h", 1), ("v", 1), ("xh", -1), ("xv", -1)):
        for r, c in links.get(key, ()):
            state[key[-1]][r][c] = value
    return state


def judged(client, doc, state) -> dict:
    return post(client, "state", kind="masyu", puzzle=doc["puzzle"], state=state)["verdict"]


def test_masyu_is_listed_with_its_hints_and_formats_and_no_generator(client):
    info = {k["kind"]: k for k in client.get("/api/kinds").json()["kinds"]}["masyu"]
    assert info["hint_by"] == ["backbone"] and info["samples"]
    assert set(info["save_formats"]) == {"pzprv3", "canonical", "url"}
    assert "generate" not in info["features"] and info["generate_options"] == {}
    err = post(client, "generate", 400, kind="masyu", options={})["error"]
    assert err.startswith("generate is for") and err.endswith("not masyu")


def test_open_a_puzz_link_url_gives_pearls_and_lines_between_cell_centres(client, doc):
    assert doc["kind"] == "masyu" and (doc["rows"], doc["cols"]) == (6, 6)
    assert doc["state"] == empty() and doc["verdict"]["status"] == "incomplete"
    assert doc["svg"].count("<circle") == 8  # the pearls
    assert 'data-edge="h,5,4"' in doc["svg"] and 'data-edge="v,4,5"' in doc["svg"]
    assert 'data-edge="h,0,5"' not in doc["svg"]  # no link leaves the grid
    assert post(client, "open", source=doc["puzzle"])["puzzle"] == doc["puzzle"]  # its canonical text


def test_the_solution_drawn_is_solved_and_its_lines_are_drawn(client, doc):
    out = post(client, "state", kind="masyu", puzzle=doc["puzzle"], state=SOLVED)
    assert out["verdict"] == {"status": "solved", "violations": []}
    assert out["svg"].count('class="line"') == 28


@pytest.mark.parametrize(("links", "rule"), [
    ({"h": [(0, 0), (0, 1)], "v": [(0, 1)]}, "branch"),
    ({"h": [(1, 4)], "v": [(1, 5)]}, "white-turn"),  # the white pearl at r2c6
    ({"h": [(2, 0), (2, 1)]}, "black-straight"),  # the black pearl at r3c2
    ({"h": [(2, 1)], "v": [(1, 2)]}, "black-leg"),  # ... left to the right, turning at r3c3
    ({"h": [(0, 0)], "v": [(0, 0), (0, 1)], "xh": [(1, 0)], "xv": [(1, 0)]}, "dead-end"),
    ({"h": [(0, 0), (1, 0)], "v": [(0, 0), (0, 1)]}, "pearl-missed"),
])
def test_a_broken_rule_is_named_with_what_breaks_it(client, doc, links, rule):
    v = judged(client, doc, drawn(**links))
    assert v["status"] == "violated" and rule in [x["rule"] for x in v["violations"]], v


def test_a_state_of_another_shape_is_a_400(client, doc):
    bad = {"h": [[0] * 6 for _ in range(6)], "v": [[0] * 6 for _ in range(5)]}
    assert "row 0 must hold 5 values" in post(client, "state", 400, kind="masyu", puzzle=doc["puzzle"],
                                              state=bad)["error"]


def test_solve_through_the_harness(client, doc):
    solved = post(client, "solve", kind="masyu", puzzle=doc["puzzle"])
    assert solved["status"] == "solved" and solved["state"] == SOLVED
    assert solved["verdict"]["status"] == "solved"
    for backend in ("sat", "cpsat"):
        assert post(client, "solve", kind="masyu", puzzle=doc["puzzle"], backend=backend)["state"] == SOLVED


def test_count_and_explain_through_the_harness(client, doc):
    e = post(client, "explain", kind="masyu", puzzle=doc["puzzle"])
    assert e["count"] == 1 and e["unique"] and e["solutions"] == [SOLVED]


def test_a_hint_draws_or_crosses_a_link_every_solution_agrees_on(client, doc):
    out = post(client, "hint", kind="masyu", puzzle=doc["puzzle"], state=doc["state"])
    assert out["rule"] == "backbone" and len(out["edges"]) == 1
    o, r, c = out["edges"][0]
    assert out["state"][o][r][c] == (1 if SOLVED[o][r][c] else -1)
    assert sum(v != 0 for part in out["state"].values() for row in part for v in row) == 1
    assert out["verdict"]["status"] == "incomplete"


@pytest.mark.parametrize("fmt", ["pzprv3", "canonical", "url"])
def test_save_and_open_again(client, doc, fmt):
    text = post(client, "save", kind="masyu", puzzle=doc["puzzle"], state=SOLVED, format=fmt)["text"]
    again = post(client, "open", source=text, use_given=True)
    assert again["puzzle"].splitlines()[1:] == doc["puzzle"].splitlines()[1:]
    if fmt == "url":
        assert text == URL and again["given"] is None
    else:
        assert again["state"] == SOLVED and again["verdict"]["status"] == "solved"
    assert gridsolve.read(again["puzzle"]).kind == "masyu"
