"""A kind gridsolve knows but the page has no module for (``web/kinds/<kind>.py``) is refused by
every entry point of ``gridsolve serve`` with one clear 400 naming the kind -- never read as
another kind's state, drawn as another kind's board, or answered with a 500. Here a fake kind is
added to ``puzzles.kinds.KINDS`` for the length of each test."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from gridsolve.puzzles import kinds
from gridsolve.puzzles.errors import FormatError
from gridsolve.web import api, create_app
from gridsolve.web.drawing import picture
from gridsolve.web.kinds import WebKind, playable, web_kind
from gridsolve.web.states import Drawn, read_state
from gridsolve.web.verdict import verdict

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for another HTTP client in its test client
    from fastapi.testclient import TestClient

from ..helpers import FAKE_KIND, FakePuzzle, register_fake_kind

FAKE = FAKE_KIND
TOKEN = "test-token"
PAGE = {"Origin": "http://testserver", "X-Gridsolve-Token": TOKEN}
PUZZLE = f"{FAKE} 3x3\n. . .\n. . .\n. . .\n"
STATE = {"h": [[0] * 3] * 4, "v": [[0] * 4] * 3}
# every request the page sends, with a body naming the fake kind
REQUESTS = {
    "open": {"source": "sample:slitherlink/pzprjs-5x5", "kind": FAKE},
    "state": {"kind": FAKE, "puzzle": PUZZLE, "state": STATE},
    "save": {"kind": FAKE, "puzzle": PUZZLE, "state": STATE, "format": "canonical"},
    "hint": {"kind": FAKE, "puzzle": PUZZLE, "state": STATE},
    "rules": {"kind": FAKE, "puzzle": PUZZLE, "state": STATE},
    "moves": {"kind": FAKE, "puzzle": PUZZLE, "state": STATE},
    "solve": {"kind": FAKE, "puzzle": PUZZLE},
    "explain": {"kind": FAKE, "puzzle": PUZZLE},
    "diff": {"kind": FAKE, "puzzle": PUZZLE, "a": STATE, "b": STATE},
    "minimize": {"kind": FAKE, "puzzle": PUZZLE},
    "numbers": {"kind": FAKE, "puzzle": PUZZLE, "state": STATE},
    "grade": {"kind": FAKE, "puzzle": PUZZLE},
    "generate": {"kind": FAKE, "options": {}},
    "experiment": {"kind": FAKE, "source": "samples", "n": 1},
    "edit": {"kind": FAKE, "puzzle": PUZZLE, "state": STATE,
             "edit": {"op": "clue", "cell": [0, 0], "value": 1}},
}


@pytest.fixture
def fake_kind(monkeypatch):
    register_fake_kind(monkeypatch)


@pytest.fixture
def client(fake_kind, tmp_path):
    app = create_app(tmp_path, allow_hosts=["testserver"], token=TOKEN)
    with TestClient(app, headers=PAGE) as c:
        yield c


def test_the_lookup_refuses_the_kind_by_name(fake_kind):
    assert kinds.normalize(FAKE) == FAKE  # known to the domain layer...
    with pytest.raises(FormatError, match=f"'{FAKE}'.*web/kinds/{FAKE}.py"):
        web_kind(FAKE)  # ...but not to the page
    assert FAKE not in playable() and "slitherlink" in playable()


def test_every_kind_of_gridsolve_has_a_web_module_keeping_the_contract():
    assert playable() == list(kinds.KINDS)
    for kind in playable():
        assert isinstance(web_kind(kind), WebKind), f"web/kinds/{kind}.py misses part of WebKind"


@pytest.mark.parametrize("endpoint", list(REQUESTS))
def test_every_request_naming_the_kind_is_one_clear_400(client, endpoint):
    r = client.post(f"/api/{endpoint}", json=REQUESTS[endpoint])
    assert r.status_code == 400, r.text
    message = r.json()["error"]
    assert FAKE in message and "\n" not in message
    assert "web/kinds" in message, f"{endpoint}: refused for another reason than its module: {message}"


@pytest.mark.parametrize("reader", [
    lambda p: read_state(p, None),
    lambda p: read_state(p, STATE),
    lambda p: picture(p, Drawn(FAKE)),
    lambda p: verdict(p, Drawn(FAKE)),
], ids=["empty-state", "state", "picture", "verdict"])
def test_a_puzzle_of_the_kind_is_never_read_or_drawn_as_another_kind(fake_kind, reader):
    with pytest.raises(FormatError, match=f"'{FAKE}'.*web/kinds/{FAKE}.py"):
        reader(FakePuzzle(3, 3))


def test_a_new_puzzle_of_the_kind_is_refused_before_anything_is_made(client):
    r = client.post("/api/edit", json={"kind": FAKE, "edit": {"op": "new", "rows": 3, "cols": 3}})
    assert r.status_code == 400 and r.json()["error"].count("\n") == 0
    assert FAKE in r.json()["error"] and "web/kinds" in r.json()["error"]


def test_the_list_of_kinds_leaves_it_out(fake_kind):
    listed = [k["kind"] for k in api.kinds_info()["kinds"]]
    assert FAKE not in listed and set(listed) == set(playable())


def test_a_request_only_some_kinds_answer_names_them(client):
    doc = client.post("/api/open", json={"source": "sample:hamiltonian/square-5"}).json()
    r = client.post("/api/grade", json={"kind": "hamiltonian", "puzzle": doc["puzzle"]})
    assert r.status_code == 400
    assert r.json()["error"] == "grade is for slitherlink and nurikabe puzzles, not hamiltonian"


def test_the_page_has_one_table_of_kinds_that_refuses_the_kind():
    """The page's table of drawing code (web/static/kinds/index.js) names every kind's module, and
    refuses any other kind with one message (the browser test runs it)."""
    static = Path(api.__file__).resolve().parent / "static" / "kinds"
    table = (static / "index.js").read_text(encoding="utf-8")
    for kind in playable():
        assert (static / f"{kind}.js").is_file() and f'from "./{kind}.js"' in table
    assert "the page cannot show ${kind} puzzles" in table
