"""The author's editor in a real browser (Debian's headless Chromium, Playwright): a new empty
6x6 Slitherlink and Nurikabe with clues entered by keyboard and by mouse, read back from the
puzzle's text; labyrinth cells blocked and its start and end moved; an edge-matching piece edited
and fixed; undo and redo across an edit and a move (Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z); Tab switching
edit and play mode; a Slitherlink drag drawing several edges in one undo step, a Nurikabe drag
painting. Screenshots of the editor go to docs/screenshots/."""

from __future__ import annotations

import statistics
import time

from tests.support.browser import (  # noqa: F401  (fixtures)
    GENERATE,
    TIMEOUT,
    after_repaint,
    browser_fixture,
    click_grid,
    grid_point,
    page_fixture,
    revision,
    server_fixture,
    shot,
    wait_for,
)


def store(pg, expression: str):
    """``expression`` evaluated on the page's store (store.js: ``store.doc``, ``store.state``)."""
    module = "const { store } = await import('/static/store.js')"
    return pg.evaluate(f"async () => {{ {module}; return {expression}; }}")


def grid_rows(pg) -> list[list[str]]:
    """The tokens of the open puzzle's canonical text, row by row (after its header)."""
    lines = [ln for ln in store(pg, "store.doc.puzzle").splitlines() if ln.strip() and not ln.startswith("#")]
    return [ln.split() for ln in lines[1:]]


def press(pg, *keys: str) -> None:
    """Press keys on the focused board, each an edit or a move: wait for its repaint."""
    for key in keys:
        after_repaint(pg, lambda k=key: pg.keyboard.press(k))


def arrows(pg, *keys: str) -> None:
    """Move the cursor (no repaint: the cursor moves on the picture)."""
    for key in keys:
        pg.keyboard.press(key)


def new_puzzle(pg, kind: str, rows: int, cols: int) -> None:
    pg.select_option("#kind", kind)
    pg.fill("#new-size-rows", str(rows))
    pg.fill("#new-size-cols", str(cols))
    after_repaint(pg, lambda: pg.click("#new-puzzle"))
    assert f"{kind} {rows}x{cols}" in pg.inner_text("#puzzle-name")
    assert pg.evaluate("document.body.dataset.mode") == "edit"
    assert pg.evaluate("document.activeElement.id") == "board"


def cursor(pg) -> str | None:
    """The cell the editor's cursor is drawn on ("r,c"), None when none is drawn."""
    found = pg.locator("#board [data-cursor]")
    return found.get_attribute("data-cursor") if found.count() else None


def test_slitherlink_clues_by_keyboard_and_mouse_on_a_new_6x6(page):
    new_puzzle(page, "slitherlink", 6, 6)
    assert grid_rows(page) == [["."] * 6] * 6
    assert cursor(page) == "0,0"
    press(page, "3")
    arrows(page, "ArrowRight", "ArrowRight")
    assert cursor(page) == "0,2"
    press(page, "?")
    arrows(page, "ArrowDown")
    press(page, "0", "1")  # the second number replaces the first
    arrows(page, "ArrowDown", "ArrowLeft")
    press(page, "-", "Backspace")  # "?" then cleared
    click_grid(page, 4.5, 3.5)  # blank -> 0
    click_grid(page, 4.5, 3.5)  # 0 -> 1
    click_grid(page, 5.5, 5.5)
    click_grid(page, 5.5, 5.5, "right")  # 0 -> blank
    click_grid(page, 0.5, 5.5, "right")  # blank -> ?
    rows = grid_rows(page)
    assert rows[0][:3] == ["3", ".", "?"] and rows[1][2] == "1" and rows[2][1] == "."
    assert rows[3][4] == "1" and rows[5][5] == "." and rows[5][0] == "?"
    assert cursor(page) == "5,0"
    shot(page, "edit-slitherlink")


def test_nurikabe_numbers_of_two_digits_by_keyboard_and_mouse_on_a_new_6x6(page):
    new_puzzle(page, "nurikabe", 6, 6)
    press(page, "1", "2")  # twelve
    arrows(page, "ArrowRight", "ArrowRight", "ArrowRight")
    press(page, "?")
    arrows(page, "ArrowDown")
    press(page, "4", "Delete")
    click_grid(page, 3.5, 3.5)  # blank -> 1
    click_grid(page, 3.5, 3.5)  # 1 -> 2
    click_grid(page, 3.5, 3.5)  # 2 -> 3
    click_grid(page, 3.5, 3.5, "right")  # 3 -> 2
    rows = grid_rows(page)
    assert rows[0][0] == "12" and rows[0][3] == "?" and rows[1][3] == "." and rows[3][3] == "2"
    assert sum(t != "." for row in rows for t in row) == 3
    shot(page, "edit-nurikabe")


def test_masyu_pearls_by_keyboard_and_mouse(page):
    new_puzzle(page, "masyu", 6, 6)
    press(page, "w")
    arrows(page, "ArrowRight")
    press(page, "2")
    arrows(page, "ArrowDown")
    press(page, "b", "Backspace")
    click_grid(page, 3.5, 4.5)  # blank -> white
    click_grid(page, 3.5, 4.5)  # white -> black
    click_grid(page, 5.5, 5.5, "right")  # blank -> black
    rows = grid_rows(page)
    assert rows[0][:2] == ["w", "b"] and rows[1][1] == "." and rows[4][3] == "b" and rows[5][5] == "b"
    shot(page, "edit-masyu")


def test_labyrinth_cells_blocked_and_start_and_end_moved(page):
    new_puzzle(page, "hamiltonian", 5, 5)
    click_grid(page, 2.5, 2.5)  # a click blocks r3c3 and puts the cursor there
    assert cursor(page) == "2,2"
    arrows(page, "ArrowUp", "ArrowRight", "ArrowRight")  # r2c5
    press(page, "x")
    arrows(page, "ArrowUp", "ArrowLeft", "ArrowLeft")  # r1c3
    press(page, "s")
    arrows(page, *["ArrowDown"] * 6)  # r5c3: the cursor stops at the edge
    press(page, "e")
    doc = store(page, "store.doc")
    assert sorted(doc["blocked"]) == [[1, 4], [2, 2]] and doc["start"] == [0, 2] and doc["end"] == [4, 2]
    assert grid_rows(page)[0] == [".", ".", "S", ".", "."]
    click_grid(page, 2.5, 2.5)  # a second click frees it
    assert store(page, "store.doc.blocked") == [[1, 4]]
    shot(page, "edit-hamiltonian")


def test_edge_matching_piece_edited_and_fixed_as_a_hint(page):
    new_puzzle(page, "edgematching", 3, 3)
    page.mouse.click(*grid_point(page, 1.5, 1.5))  # the middle square: piece 5 in the form
    page.wait_for_selector("#edit-kind:not([hidden]) #edit-piece", timeout=TIMEOUT)
    assert page.input_value("#edit-piece") == "5" and page.input_value("#edit-top") == "1"
    for side, colour in zip(("top", "right", "bottom", "left"), (2, 3, 2, 4), strict=True):
        page.fill(f"#edit-{side}", str(colour))
    after_repaint(page, lambda: page.click("#edit-piece-apply"))
    assert store(page, "store.doc.pieces[4]") == [2, 3, 2, 4]
    page.select_option("#edit-rotation", "1")
    after_repaint(page, lambda: page.click("#edit-hint"))
    assert store(page, "store.doc.hints") == [[1, 1, 5, 1]]
    assert "fixed here" in page.inner_text("#edit-kind")
    page.fill("#edit-colours", "3")
    after_repaint(page, lambda: page.click("#edit-colours-apply"))
    assert store(page, "store.doc.pieces[4]") == [2, 3, 2, 1]
    shot(page, "edit-edgematching")


def test_tab_switches_mode_and_undo_redo_walk_edits_and_moves(page):
    new_puzzle(page, "slitherlink", 3, 3)
    press(page, "2")
    page.keyboard.press("Tab")
    assert page.evaluate("document.body.dataset.mode") == "play"
    assert cursor(page) is None, "the cursor shows in play mode"
    click_grid(page, 0.5, 0.0)  # the top edge of r1c1: a line
    assert store(page, "store.state.h[0][0]") == 1
    press(page, "Control+z")  # the move undone, the clue kept
    assert store(page, "store.state.h[0][0]") == 0 and grid_rows(page)[0][0] == "2"
    press(page, "Control+z")  # the edit undone
    assert grid_rows(page)[0][0] == "."
    press(page, "Control+Shift+Z")  # the edit redone
    assert grid_rows(page)[0][0] == "2"
    press(page, "Control+y")  # the move redone
    assert store(page, "store.state.h[0][0]") == 1 and grid_rows(page)[0][0] == "2"
    page.keyboard.press("Tab")
    assert page.evaluate("document.body.dataset.mode") == "edit" and cursor(page) == "0,0"
    page.click("#mode")
    assert page.evaluate("document.body.dataset.mode") == "play"


def drag(pg, points: list[tuple[float, float]]) -> None:
    """A left-button drag through the grid points, waiting for the board's repaint at the end."""
    pg.mouse.move(*grid_point(pg, *points[0]))
    pg.mouse.down()
    for p in points[1:-1]:
        pg.mouse.move(*grid_point(pg, *p), steps=4)
    after_repaint(pg, lambda: pg.mouse.move(*grid_point(pg, *points[-1]), steps=4))
    pg.mouse.up()


def test_a_slitherlink_drag_draws_several_edges_in_one_undo_step(page):
    new_puzzle(page, "slitherlink", 5, 5)
    page.click("#mode")  # play
    drag(page, [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)])  # along the top, then down one edge
    wait_for(page, "document.querySelectorAll('#board svg line.line').length === 4")
    assert store(page, "store.state.h[0].slice(0, 3)") == [1, 1, 1]
    assert store(page, "store.state.v[0][3]") == 1
    after_repaint(page, lambda: page.click("#undo"))
    assert store(page, "store.state.h[0].slice(0, 3)") == [0, 0, 0]
    assert store(page, "store.state.v[0][3]") == 0
    press(page, "Control+Shift+Z")
    assert store(page, "store.state.h[0].slice(0, 3)") == [1, 1, 1]


def test_a_nurikabe_drag_paints_the_first_cells_new_colour(page):
    new_puzzle(page, "nurikabe", 5, 5)
    press(page, "3")  # a number at r1c1: the drag leaves it alone
    page.click("#mode")  # play
    drag(page, [(0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (2.5, 1.5)])
    wait_for(page, "document.querySelectorAll('#board svg circle, #board svg rect').length > 0")
    cells = store(page, "store.state.cells")
    assert cells[0][:3] == [0, 1, 1] and cells[1][2] == 1, cells  # walls, the first free cell's click


def test_an_edit_of_a_10x10_is_painted_in_well_under_a_second(page, capsys):
    new_puzzle(page, "slitherlink", 10, 10)
    times = []
    for i in range(10):  # key press to the repainted board, each an /api/edit round trip
        start = time.perf_counter()
        press(page, str(i % 4))
        times.append((time.perf_counter() - start) * 1000)
        arrows(page, "ArrowRight")
    with capsys.disabled():  # the figure shows in every run's output
        print(f"\nan edit of a 10x10 Slitherlink, key to painted board: median "
              f"{statistics.median(times):.0f} ms, max {max(times):.0f} ms ({[round(t) for t in times]})")
    assert grid_rows(page)[0] == ["0", "1", "2", "3", "0", "1", "2", "3", "0", "1"]
    assert statistics.median(times) < 1000


# ------------------------------------------------------------------ the editor with the live analysis


def analysed(pg) -> dict:
    """Wait until the Analysis panel shows the open puzzle's own analysis (not a stale one's), with
    its overlay on the board; the panel's data (``label`` on ``#analysis-count``)."""
    puzzle = store(pg, "store.doc.puzzle")
    pg.wait_for_function("""(puzzle) => { const d = document.getElementById('analysis-panel').dataset;
        return d.state === 'done' && d.analyzed === puzzle
            && document.querySelector('#board svg g.analysis-overlay') !== null; }""", arg=puzzle,
                         timeout=TIMEOUT)
    return {"label": pg.get_attribute("#analysis-count", "data-label") or "",
            "backbone": pg.locator("#board svg g.analysis-overlay .backbone").count()}


def go_to(pg, r: int, c: int) -> None:
    """Move the editor's cursor to (r, c) with the arrow keys."""
    at = cursor(pg)
    r0, c0 = (int(x) for x in at.split(",")) if at else (0, 0)
    arrows(pg, *(["ArrowDown"] * (r - r0) + ["ArrowUp"] * (r0 - r) + ["ArrowRight"] * (c - c0)
                 + ["ArrowLeft"] * (c0 - c)))
    assert cursor(pg) == f"{r},{c}"


def clues_of(doc: dict) -> dict[tuple[int, int], int]:
    from gridsolve.puzzles import formats

    puzzle = formats.parse_text(doc["puzzle"])[0].puzzle
    return {(r, c): v for r, row in enumerate(puzzle.clues) for c, v in enumerate(row) if v is not None}


def ambiguous(label: str) -> bool:
    return label.startswith("at least") or label.endswith(" solutions")


def enter_and_watch(pg, kind: str, options: dict, clicks_for) -> None:
    """A unique puzzle made by the generator, entered into a new empty one while the live analysis
    goes from several solutions to "unique", its backbone growing: first every other clue by
    mouse (``clicks_for(v)`` clicks make the value v) and a ``?`` by keyboard on the others --
    several solutions --, then the others' numbers by keyboard -- unique."""
    target = pg.evaluate(GENERATE, {"kind": kind, "options": options})
    clues = sorted(clues_of(target).items())
    new_puzzle(pg, kind, target["rows"], target["cols"])
    empty = analysed(pg)
    for i, ((r, c), v) in enumerate(clues):
        if i % 2:
            for _ in range(clicks_for(v)):
                click_grid(pg, c + 0.5, r + 0.5)
        else:
            go_to(pg, r, c)
            press(pg, "?")
    half = analysed(pg)
    assert ambiguous(half["label"]), half
    for (r, c), v in clues[::2]:
        go_to(pg, r, c)
        press(pg, *str(v))
    assert sorted(clues_of(store(pg, "store.doc")).items()) == clues
    last = analysed(pg)
    assert last["label"] == "unique", last
    assert last["backbone"] > max(empty["backbone"], half["backbone"]), (empty, half, last)


def test_slitherlink_from_an_empty_6x6_to_unique_as_the_clues_go_in(page):
    enter_and_watch(page, "slitherlink", {"size": "6x6", "seed": 3, "mode": "sat"},
                    lambda v: v + 1)  # a click cycles blank, 0, 1, 2, 3


def test_nurikabe_from_an_empty_6x6_to_unique_as_the_clues_go_in(page):
    enter_and_watch(page, "nurikabe", {"size": "6x6", "seed": 2}, lambda v: v)  # a click adds 1


def test_the_labyrinths_count_changes_as_a_cell_is_blocked(page):
    new_puzzle(page, "hamiltonian", 5, 5)
    assert analysed(page)["label"].startswith("at least")  # 104 walks corner to corner
    click_grid(page, 2.5, 2.5)  # 24 free cells, both ends on one colour: no walk left
    assert analysed(page)["label"] == "no solution"


def test_edge_matchings_count_changes_as_a_piece_is_edited(page):
    new_puzzle(page, "edgematching", 3, 3)
    before = analysed(page)["label"]
    assert before != "no solution", before
    page.mouse.click(*grid_point(page, 1.5, 1.5))  # the middle square's piece in the form
    page.wait_for_selector("#edit-kind:not([hidden]) #edit-piece", timeout=TIMEOUT)
    for side, colour in zip(("top", "right", "bottom", "left"), (2, 3, 2, 4), strict=True):
        page.fill(f"#edit-{side}", str(colour))
    after_repaint(page, lambda: page.click("#edit-piece-apply"))
    assert analysed(page)["label"] == "no solution"  # its colours meet no neighbour's
