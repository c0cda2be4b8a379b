"""The author's edits, ``POST /api/edit`` (docs/serve.md), through FastAPI's TestClient: every op
of every kind gives the doc of a puzzle of the domain whose canonical text reads back as the same
puzzle, the state drawn is kept where it still fits, bad ops are one clear 400 and sizes are held
to the page's limits."""

from __future__ import annotations

import warnings

import pytest
from gridsolve.puzzles import formats
from gridsolve.puzzles.edgematching import EdgeMatchingPuzzle
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
from gridsolve.puzzles.masyu import MasyuPuzzle
from gridsolve.puzzles.nurikabe import QUESTION, NurikabePuzzle
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle
from gridsolve.web import create_app
from gridsolve.web.kinds import features, playable

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for another HTTP client in its test client
    from fastapi.testclient import TestClient

TOKEN = "test-token"
PAGE = {"Origin": "http://testserver", "X-Gridsolve-Token": TOKEN}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("served"), allow_hosts=["testserver"], token=TOKEN)
    with TestClient(app, headers=PAGE) as c:
        yield c


def edit(client, doc: dict | None, op: dict, kind: str | None = None, state=None, expect: int = 200) -> dict:
    """The answer of one edit of the doc's puzzle (``doc`` None: a ``new`` of ``kind``)."""
    body: dict = {"kind": kind or doc["kind"], "edit": op}
    if doc is not None:
        body["puzzle"] = doc["puzzle"]
        body["state"] = doc["state"] if state is None else state
    r = client.post("/api/edit", json=body)
    assert r.status_code == expect, r.text
    return r.json()


def read_back(doc: dict):
    """The puzzle the doc's canonical text holds; the text must be what the format writes for it."""
    (entry,) = formats.parse_text(doc["puzzle"], "<puzzle>", doc["kind"])
    assert entry.error is None, entry.error
    assert formats.format_puzzle(entry.puzzle, doc["name"] or None) == doc["puzzle"]
    assert (entry.puzzle.rows, entry.puzzle.cols) == (doc["rows"], doc["cols"])
    return entry.puzzle


def refused(client, doc, op, fragment: str, expect: int = 400, kind: str | None = None) -> None:
    body = {"kind": kind or doc["kind"], "puzzle": doc and doc["puzzle"], "edit": op}
    r = client.post("/api/edit", json=body)
    assert r.status_code == expect, r.text
    message = r.json()["error"]
    assert fragment in message and "\n" not in message and "Traceback" not in message, message


def test_every_kind_the_page_shows_can_be_edited():
    for kind in playable():
        assert "edit" in features(kind), kind


# ------------------------------------------------------------------ Slitherlink


def test_slitherlink_new_clues_and_question_marks_round_trip(client):
    doc = edit(client, None, {"op": "new", "rows": 6, "cols": 6}, "slitherlink")
    assert read_back(doc) == SlitherlinkPuzzle.empty(6, 6)
    assert doc["state"]["h"] == [[0] * 6] * 7 and doc["verdict"]["status"] == "incomplete"
    for cell, value in (([0, 0], 3), ([2, 5], 0), ([5, 1], "?"), ([4, 4], 2)):
        doc = edit(client, doc, {"op": "clue", "cell": cell, "value": value})
    puzzle = read_back(doc)
    assert puzzle.clue((0, 0)) == 3 and puzzle.clue((2, 5)) == 0 and puzzle.clue((4, 4)) == 2
    assert doc["puzzle"].splitlines()[6].split()[1] == "?"
    doc = edit(client, doc, {"op": "clue", "cell": [4, 4], "value": None})
    assert read_back(doc).clue((4, 4)) is None


def test_slitherlink_keeps_the_lines_through_a_clue_and_what_fits_through_a_resize(client):
    doc = edit(client, None, {"op": "new", "rows": 5, "cols": 5}, "slitherlink")
    doc = edit(client, doc, {"op": "clue", "cell": [1, 1], "value": 1})
    state = doc["state"]
    state["h"][0][0] = 1   # the top edge of r1c1
    state["h"][5][4] = -1  # the bottom edge of r5c5, crossed
    doc = edit(client, doc, {"op": "clue", "cell": [0, 0], "value": 2}, state=state)
    assert doc["state"]["h"][0][0] == 1 and doc["state"]["h"][5][4] == -1
    doc = edit(client, doc, {"op": "resize", "rows": 3, "cols": 7})
    puzzle = read_back(doc)
    assert (puzzle.rows, puzzle.cols) == (3, 7) and puzzle.clue((0, 0)) == 2 and puzzle.clue((1, 1)) == 1
    assert doc["state"]["h"][0][0] == 1 and len(doc["state"]["h"]) == 4 and len(doc["state"]["h"][0]) == 7
    assert sum(v != 0 for row in doc["state"]["h"] for v in row) == 1  # the crossed edge fell off the grid


def test_slitherlink_refuses_a_clue_it_cannot_hold(client):
    doc = edit(client, None, {"op": "new", "rows": 3, "cols": 3}, "slitherlink")
    refused(client, doc, {"op": "clue", "cell": [0, 0], "value": 5}, "0-4")
    refused(client, doc, {"op": "clue", "cell": [0, 0], "value": True}, "0-4")
    refused(client, doc, {"op": "clue", "cell": [3, 0], "value": 1}, "[row, col] of the 3x3 grid")
    refused(client, doc, {"op": "clue", "cell": "a1", "value": 1}, "[row, col]")
    refused(client, doc, {"op": "block", "cell": [0, 0], "value": True},
            "slitherlink puzzles take new, resize, clue")


# ------------------------------------------------------------------ Nurikabe


def test_nurikabe_numbers_of_any_size_and_question_marks_round_trip(client):
    doc = edit(client, None, {"op": "new", "rows": 6, "cols": 6}, "nurikabe")
    assert read_back(doc) == NurikabePuzzle(6, 6, ((None,) * 6,) * 6)
    doc = edit(client, doc, {"op": "clue", "cell": [0, 0], "value": 12})
    doc = edit(client, doc, {"op": "clue", "cell": [5, 5], "value": "?"})
    doc = edit(client, doc, {"op": "clue", "cell": [3, 2], "value": 36})
    puzzle = read_back(doc)
    assert puzzle.clue((0, 0)) == 12 and puzzle.clue((5, 5)) == QUESTION and puzzle.clue((3, 2)) == 36
    refused(client, doc, {"op": "clue", "cell": [1, 1], "value": 37}, "1-36")
    refused(client, doc, {"op": "clue", "cell": [1, 1], "value": 0}, "1-36")
    doc = edit(client, doc, {"op": "clue", "cell": [0, 0], "value": None})
    assert read_back(doc).clue((0, 0)) is None


def test_nurikabe_keeps_walls_and_dots_off_the_numbered_cells(client):
    doc = edit(client, None, {"op": "new", "rows": 4, "cols": 4}, "nurikabe")
    state = {"cells": [[1, 1, -1, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]}
    doc = edit(client, doc, {"op": "clue", "cell": [0, 1], "value": 2}, state=state)
    assert doc["state"]["cells"][0] == [1, 0, -1, 0]  # the wall under the new number is gone
    doc = edit(client, doc, {"op": "resize", "rows": 3, "cols": 5})
    assert read_back(doc).clue((0, 1)) == 2
    assert doc["state"]["cells"] == [[1, 0, -1, 0, 0], [0] * 5, [0] * 5]


# ------------------------------------------------------------------ Masyu


def test_masyu_pearls_round_trip(client):
    doc = edit(client, None, {"op": "new", "rows": 6, "cols": 6}, "masyu")
    doc = edit(client, doc, {"op": "clue", "cell": [1, 1], "value": "white"})
    doc = edit(client, doc, {"op": "clue", "cell": [4, 2], "value": "black"})
    puzzle = read_back(doc)
    assert isinstance(puzzle, MasyuPuzzle)
    assert puzzle.pearl_cells("white") == [(1, 1)] and puzzle.pearl_cells("black") == [(4, 2)]
    doc = edit(client, doc, {"op": "clue", "cell": [1, 1], "value": None})
    assert read_back(doc).pearl_cells() == [(4, 2)]
    refused(client, doc, {"op": "clue", "cell": [0, 0], "value": "grey"}, "white")
    doc = edit(client, doc, {"op": "resize", "rows": 4, "cols": 3})
    assert read_back(doc).pearl_cells() == []  # the black pearl at r5c3 fell off


# ------------------------------------------------------------------ the labyrinth


def test_labyrinth_blocks_moves_start_and_end_and_resizes(client):
    doc = edit(client, None, {"op": "new", "rows": 5, "cols": 5}, "hamiltonian")
    assert read_back(doc) == HamiltonianPuzzle.rect(5, 5)
    doc = edit(client, doc, {"op": "block", "cell": [2, 2], "value": True})
    doc = edit(client, doc, {"op": "block", "cell": [1, 3], "value": True})
    doc = edit(client, doc, {"op": "start", "cell": [0, 2]})
    doc = edit(client, doc, {"op": "end", "cell": [1, 3]})  # a blocked cell made the end is freed
    puzzle = read_back(doc)
    assert puzzle.blocked == {(2, 2)} and puzzle.start == (0, 2) and puzzle.end == (1, 3)
    assert doc["blocked"] == [[2, 2]] and doc["start"] == [0, 2] and doc["end"] == [1, 3]
    assert doc["state"] == {"path": [[0, 2]]}
    refused(client, doc, {"op": "block", "cell": [0, 2], "value": True}, "is the start")
    refused(client, doc, {"op": "block", "cell": [0, 0], "value": 1}, "true blocks")
    refused(client, doc, {"op": "start", "cell": [1, 3]}, "start and end are the same cell")
    doc = edit(client, doc, {"op": "block", "cell": [2, 2], "value": False})
    assert read_back(doc).blocked == frozenset()
    doc = edit(client, doc, {"op": "block", "cell": [3, 3], "value": True})
    doc = edit(client, doc, {"op": "resize", "rows": 3, "cols": 4})
    puzzle = read_back(doc)
    assert (puzzle.rows, puzzle.cols, puzzle.start, puzzle.end) == (3, 4, (0, 2), (1, 3))
    assert puzzle.blocked == frozenset()  # r4c4 fell off the board


def test_labyrinth_keeps_the_walk_while_it_fits(client):
    doc = edit(client, None, {"op": "new", "rows": 4, "cols": 4}, "hamiltonian")
    walk = {"path": [[0, 0], [0, 1], [0, 2]]}
    doc = edit(client, doc, {"op": "block", "cell": [3, 1], "value": True}, state=walk)
    assert doc["state"] == walk
    doc = edit(client, doc, {"op": "block", "cell": [0, 2], "value": True})
    assert doc["state"] == {"path": [[0, 0]]}  # the walk crossed the cell now blocked


def test_labyrinth_blocks_a_cell_of_the_first_column(client):
    # the row then starts with the blocked cell, written X: "#" would start a comment line
    doc = edit(client, None, {"op": "new", "rows": 4, "cols": 4}, "hamiltonian")
    doc = edit(client, doc, {"op": "block", "cell": [3, 0], "value": True})
    assert read_back(doc).blocked == {(3, 0)}


def test_an_edit_whose_text_would_not_read_back_is_refused_not_sent(client, monkeypatch):
    doc = edit(client, None, {"op": "new", "rows": 4, "cols": 4}, "hamiltonian")
    writer = formats.format_puzzle
    # a writer that loses the blocked cells stands for any text that reads as another puzzle
    monkeypatch.setattr(formats, "format_puzzle",
                        lambda puzzle, name=None: writer(type(puzzle)(puzzle.rows, puzzle.cols, puzzle.start,
                                                                       puzzle.end), name))
    refused(client, doc, {"op": "block", "cell": [2, 1], "value": True}, "would not read back")


# ------------------------------------------------------------------ edge matching


def test_edge_matching_new_board_is_one_colour_inside_the_frame(client):
    doc = edit(client, None, {"op": "new", "rows": 3, "cols": 4}, "edgematching")
    puzzle = read_back(doc)
    assert isinstance(puzzle, EdgeMatchingPuzzle) and puzzle.n == 12 and puzzle.rotation
    assert puzzle.tiles[0] == (0, 1, 1, 0) and puzzle.tiles[5] == (1, 1, 1, 1) and doc["colours"] == 1


def test_edge_matching_pieces_colours_hints_and_turning(client):
    doc = edit(client, None, {"op": "new", "rows": 3, "cols": 3}, "edgematching")
    doc = edit(client, doc, {"op": "piece", "piece": 5, "colours": [2, 3, 4, 5]})
    assert read_back(doc).tiles[4] == (2, 3, 4, 5) and doc["pieces"][4] == [2, 3, 4, 5]
    assert doc["colours"] == 5
    doc = edit(client, doc, {"op": "hint", "cell": [1, 1], "piece": 5, "rotation": 1})
    assert read_back(doc).hints == ((1, 1, 5, 1),) and doc["hints"] == [[1, 1, 5, 1]]
    assert ">5/1</text>" in doc["svg"], "the fixed piece is not drawn on its square"
    doc = edit(client, doc, {"op": "hint", "cell": [0, 0], "piece": 5, "rotation": 0})  # the piece moves
    assert read_back(doc).hints == ((0, 0, 5, 0),)
    doc = edit(client, doc, {"op": "hint", "cell": [0, 0], "piece": None})
    assert read_back(doc).hints == ()
    doc = edit(client, doc, {"op": "colours", "n": 3})
    assert read_back(doc).tiles[4] == (2, 3, 1, 2)  # 4 and 5 folded into 1..3
    doc = edit(client, doc, {"op": "rotation", "value": False})
    assert read_back(doc).rotation is False and "rotation no" in doc["puzzle"]
    refused(client, doc, {"op": "hint", "cell": [1, 1], "piece": 5, "rotation": 1}, "rotation not allowed")
    refused(client, doc, {"op": "piece", "piece": 10, "colours": [1, 1, 1, 1]}, "1 to 9")
    refused(client, doc, {"op": "piece", "piece": 1, "colours": [1, 1, 1]}, "[top, right, bottom, left]")
    refused(client, doc, {"op": "colours", "n": 0}, "1 to 99")


def test_edge_matching_resize_keeps_the_pieces_hints_and_placements_that_fit(client):
    doc = edit(client, None, {"op": "new", "rows": 3, "cols": 3}, "edgematching")
    doc = edit(client, doc, {"op": "piece", "piece": 2, "colours": [0, 7, 7, 7]})
    doc = edit(client, doc, {"op": "hint", "cell": [0, 1], "piece": 2, "rotation": 0})
    state = {"placements": [[[1, 0], None, None], [None, None, None], [None, None, [9, 0]]]}
    doc = edit(client, doc, {"op": "resize", "rows": 2, "cols": 4}, state=state)
    puzzle = read_back(doc)
    assert puzzle.n == 8 and puzzle.tiles[1] == (0, 7, 7, 7) and puzzle.hints == ((0, 1, 2, 0),)
    assert doc["state"]["placements"] == [[[1, 0], None, None, None], [None, None, None, None]]
    assert puzzle.tiles[3] == (0, 0, 1, 1)  # the new top-right corner square's piece: frame on top and right


# ------------------------------------------------------------------ bad requests and limits


def test_bad_requests_are_one_clear_400(client):
    doc = edit(client, None, {"op": "new", "rows": 3, "cols": 3}, "slitherlink")
    refused(client, doc, {"op": "paint"}, "slitherlink puzzles take new, resize, clue")
    refused(client, doc, {"op": "new", "rows": 0, "cols": 3}, "rows: expected a whole number")
    refused(client, doc, {"op": "new", "rows": "6", "cols": 3}, "rows: expected a whole number")
    refused(client, None, {"op": "new", "rows": 2, "cols": 2}, "unknown kind 'loopy2'", kind="loopy2")
    r = client.post("/api/edit", json={"kind": "slitherlink", "puzzle": doc["puzzle"], "edit": "clue"})
    assert r.status_code == 400 and '"op"' in r.json()["error"]
    r = client.post("/api/edit", json={"puzzle": doc["puzzle"], "edit": {"op": "clue"}})
    assert r.status_code == 400 and "kind" in r.json()["error"]
    r = client.post("/api/edit", json={"kind": "slitherlink", "edit": {"op": "clue", "cell": [0, 0]}})
    assert r.status_code == 400 and "puzzle" in r.json()["error"]
    refused(client, None, {"op": "new", "rows": 1, "cols": 3}, "2 to 1000", kind="edgematching")


@pytest.mark.parametrize("kind, rows, cols", [("slitherlink", 65, 64), ("nurikabe", 100, 41),
                                              ("hamiltonian", 33, 32), ("edgematching", 21, 20),
                                              ("masyu", 64, 65)])
def test_sizes_are_held_to_the_page_limits(client, kind, rows, cols):
    refused(client, None, {"op": "new", "rows": rows, "cols": cols}, "harness.limits", expect=413, kind=kind)
    doc = edit(client, None, {"op": "new", "rows": 4, "cols": 4}, kind)
    refused(client, doc, {"op": "resize", "rows": rows, "cols": cols}, "harness.limits", expect=413)
