"""The Analysis panel in a real browser (tests/support/browser.py): after each change of the
puzzle the page paints the count and the backbone (the latency printed, loose bounds asserted);
a burst of changes runs at most two analyses to the end; "Suggest a clue" marks a clue on the
board and Apply lowers the count; "Count / explain" and "Solve" speak of the puzzle, not the
drawing, and "Check my drawing" judges the drawing apart."""

from __future__ import annotations

import dataclasses
import statistics

from gridsolve.puzzles import formats

import gridsolve
from benchmarks.common import ROOT
from tests.support.browser import GENERATE, browser_fixture, page_fixture, server_fixture  # noqa: F401  (fixtures)

SAMPLES = ROOT / "puzzles" / "samples"
TIMEOUT = 60_000  # ms for one answer seen in the page (a loaded machine)
CHANGES = 8  # puzzle changes timed per kind

# in the page: the store's puzzle replacement and the API client, the very modules the page runs
REPLACE = """async (doc) => { const m = await import('/static/store.js'); m.replacePuzzle(doc); }"""
OPEN = """async (source) => { const a = await import('/static/api.js');
    return await a.api('/api/open', {source}); }"""


def panel(pg) -> dict:
    return pg.evaluate("({...document.getElementById('analysis-panel').dataset})")


def finished(pg) -> int:
    return int(panel(pg).get("finished") or 0)


def wait_analysed(pg, after: int) -> dict:
    """Wait until the page has painted an analysis newer than ``after`` finished ones."""
    pg.wait_for_function(f"""() => {{ const d = document.getElementById('analysis-panel').dataset;
        return Number(d.finished || 0) > {after} && d.state === 'done'
            && document.querySelector('#board svg g.analysis-overlay') !== null; }}""", timeout=TIMEOUT)
    return panel(pg)


def variants(text: str, blank, n: int) -> list[str]:
    """``n`` puzzles each with one more number taken out (``blank`` left) than the one before."""
    puzzle = formats.parse_text(text)[0].puzzle
    clues = [list(row) for row in puzzle.clues]
    cells = [(r, c) for r, row in enumerate(clues) for c, v in enumerate(row) if v not in (None, blank)]
    out = []
    for r, c in cells[:n]:
        clues[r][c] = blank
        out.append(formats.format_puzzle(dataclasses.replace(puzzle, clues=tuple(tuple(x) for x in clues))))
    return out


def docs_of(pg, texts: list[str]) -> list[dict]:
    return [pg.evaluate(OPEN, t) for t in texts]


def timed_changes(pg, docs: list[dict]) -> list[float]:
    """Replace the puzzle by each doc in turn, waiting for its analysis; the page's latencies (ms)
    from the change to the count and backbone painted."""
    out = []
    for doc in docs:
        before = finished(pg)
        pg.evaluate(REPLACE, doc)
        d = wait_analysed(pg, before)
        assert d["analyzed"] == doc["puzzle"], "the panel shows another puzzle's analysis"
        out.append(float(d["latency"]))
        SERVER_MS.append(float(d["serverMs"]))
    return out


SERVER_MS: list[float] = []  # the analyses' own time (the answer's seconds), for the printout


def report(kind: str, ms: list[float]) -> None:
    print(f"\n{kind} 10x10: change -> count + backbone painted over {len(ms)} changes: "
          f"median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms (target 300 / 1000); the analyses "
          f"themselves: median {statistics.median(SERVER_MS):.0f} ms, max {max(SERVER_MS):.0f} ms")
    SERVER_MS.clear()


def test_each_change_of_a_10x10_puzzle_is_analysed_and_painted(page):
    slitherlink = (SAMPLES / "slitherlink" / "tatham-10x10.txt").read_text()
    first = page.evaluate(OPEN, slitherlink)
    page.evaluate(REPLACE, first)
    wait_analysed(page, 0)
    assert page.inner_text("#analysis-count").startswith("unique")
    assert page.locator("#board svg g.analysis-overlay .backbone").count() > 0
    page.wait_for_function("document.getElementById('analysis-grade').textContent.startsWith('grade: ')",
                           timeout=TIMEOUT)  # graded once unique, after the count is painted
    ms = timed_changes(page, docs_of(page, variants(slitherlink, None, CHANGES)))
    report("slitherlink", ms)
    assert statistics.median(ms) < 5000 and max(ms) < 20000  # loose: the figures are printed

    nurikabe = page.evaluate(GENERATE, {"kind": "nurikabe", "options": {"size": "10x10", "seed": 1}})
    before = finished(page)
    page.evaluate(REPLACE, nurikabe)
    wait_analysed(page, before)
    assert page.inner_text("#analysis-count").startswith("unique")
    ms = timed_changes(page, docs_of(page, variants(nurikabe["puzzle"], -1, CHANGES)))
    report("nurikabe", ms)
    assert statistics.median(ms) < 5000 and max(ms) < 20000


def test_a_burst_of_five_changes_runs_at_most_two_analyses_to_the_end(page):
    slitherlink = (SAMPLES / "slitherlink" / "tatham-10x10.txt").read_text()
    docs = docs_of(page, [slitherlink, *variants(slitherlink, None, 5)])
    page.evaluate(REPLACE, docs[0])
    wait_analysed(page, 0)
    start = panel(page)
    page.evaluate("""async (docs) => { const m = await import('/static/store.js');
        for (const doc of docs) { m.replacePuzzle(doc); await new Promise((r) => setTimeout(r, 60)); }
    }""", docs[1:])
    d = wait_analysed(page, int(start["finished"]))
    page.wait_for_timeout(1500)  # anything still running would finish meanwhile
    d = panel(page)
    def answered(x: dict) -> int:  # shown, or answered after a newer change (dropped)
        return int(x.get("finished") or 0) + int(x.get("dropped") or 0)

    ran = answered(d) - answered(start)
    started = int(d["started"]) - int(start.get("started") or 0)
    print(f"\nfive changes 60 ms apart: {started} analyses started, {ran} ran to the end")
    assert 1 <= ran <= 2 and started <= 5
    assert d["analyzed"] == docs[-1]["puzzle"]  # the last change's analysis is the one shown


def test_suggest_a_clue_marks_it_and_apply_lowers_the_count(page):
    text = (SAMPLES / "slitherlink" / "tatham-10x10.txt").read_text()
    counted = ((t, gridsolve.count(formats.parse_text(t)[0].puzzle, limit=200))
               for t in variants(text, None, 20))
    ambiguous, n = next((t, r.count) for t, r in counted if r.exhausted and 2 <= r.count <= 100)
    page.evaluate(REPLACE, page.evaluate(OPEN, ambiguous))
    wait_analysed(page, 0)
    page.click("#suggest")
    page.wait_for_selector("#board svg g.suggestion", timeout=TIMEOUT)
    assert "->" in page.inner_text("#suggest-text")
    before = finished(page)
    page.click("#suggest-apply")
    d = wait_analysed(page, before)
    after = page.inner_text("#analysis-count")
    count_after = 1 if after.startswith("unique") else int(after.split()[0])  # exact: fewer than 200
    assert 1 <= count_after < n, (after, n)
    assert d["analyzed"] != ambiguous


def test_count_and_solve_speak_of_the_puzzle_and_check_my_drawing_of_the_drawing(page):
    """The issue's bugs: on square-5 (104 walks) "Solve" said "solved" and "Count / explain" after
    solving said "unique -- 1 solution" (it counted the drawing)."""
    page.evaluate(REPLACE, page.evaluate(OPEN, "sample:hamiltonian/square-5"))
    wait_analysed(page, 0)
    assert page.inner_text("#analysis-count").startswith("at least 50")  # the page counts to 50
    page.click("#solve")
    page.wait_for_function("document.getElementById('solve-result').dataset.unique !== undefined",
                           timeout=TIMEOUT)
    assert "not unique" in page.inner_text("#solve-result")
    assert not page.inner_text("#solve-result").startswith("solved")
    page.click("#explain")
    page.wait_for_function("document.getElementById('explain-box').dataset.count", timeout=TIMEOUT)
    page.wait_for_function("document.getElementById('solve-result').textContent.includes('solution')",
                           timeout=TIMEOUT)
    result = page.inner_text("#solve-result")
    assert result.startswith("not unique"), result  # "10 or more": the page lists ten
    page.click("#check-drawing")
    page.wait_for_function("document.getElementById('check-drawing-result').textContent !== ''",
                           timeout=TIMEOUT)
    assert "solution" in page.inner_text("#check-drawing-result")  # the drawn walk is one
