"""The page of `gridsolve serve` in a real browser (Debian's headless Chromium, Playwright): for
every kind open a shipped sample, move, see the verdict change, take a hint, solve; step through two
solutions of a non-unique puzzle; watch a generated loop grow; bad input; files outside the root;
the 10x10 solve time. Screenshots go to docs/screenshots/ (shown in the README)."""

from __future__ import annotations

import shutil
import statistics

import pytest

from benchmarks.common import ROOT
from tests.helpers import shared
from tests.support.browser import (  # noqa: F401  (fixtures)
    TIMEOUT,
    after_repaint,
    browser_fixture,
    click_grid,
    grid_point,
    open_sample,
    page_fixture,
    revision,
    server_fixture,
    shot,
    wait_for,
)

SAMPLES = ROOT / "puzzles" / "samples"

# kind -> (sample, a move that the checker's verdict notices: (grid x, grid y, button) clicks)
PLAYS = {
    # a line beside the 0 clue of cell (4, 1): its top edge
    "slitherlink": ("pzprjs-5x5", [(1.5, 4.0, "left")]),
    # a 2x2 block of walls: the Nurikabe pool rule
    "nurikabe": ("pzprjs-5x5", [(x, y, "left") for x, y in ((0.5, 2.5), (1.5, 2.5), (0.5, 3.5), (1.5, 3.5))]),
    # a walk down the left side and along the bottom: the end reached with cells unvisited
    "hamiltonian": ("square-5", [(0.5, y + 0.5, "left") for y in range(1, 5)]
                    + [(x + 0.5, 4.5, "left") for x in range(1, 5)]),
    # a piece on the top-left square (a tray piece is taken first, see below)
    "edgematching": ("seed-5x5-c4-norot", [(0.5, 0.5, "left")]),
    # three lines meeting at r1c2, between the centres of cells r1c1-r1c2, r1c2-r1c3, r1c2-r2c2
    "masyu": ("gridsolve-6x6", [(1.0, 0.5, "left"), (2.0, 0.5, "left"), (1.5, 1.0, "left")]),
}


def status_is(pg, status: str) -> None:
    wait_for(pg, f"document.getElementById('verdict').dataset.status === '{status}'")


def verdict(pg) -> tuple[str, str]:
    return pg.get_attribute("#verdict", "data-status"), pg.inner_text("#violations")


@pytest.mark.parametrize("kind", list(PLAYS))
def test_play_hint_solve(page, kind):
    sample, clicks = PLAYS[kind]
    open_sample(page, kind, sample)
    before = verdict(page)
    assert before[0] == "incomplete", before
    if kind == "hamiltonian":  # the author's rules' moves beside the oracle's, from the start
        wait_for(page, "document.querySelectorAll('#moves-oracle li.chip').length === 2")
        assert page.locator("#moves-rules li.chip").count() == 2
    if kind == "edgematching":
        page.click("#tray button.piece[data-piece='1']")  # piece 1: its left colour is no frame colour
    for gx, gy, button in clicks:
        click_grid(page, gx, gy, button)
    assert verdict(page) != before, f"the verdict did not change after the move: {verdict(page)}"
    page.click("#undo")
    status_is(page, "incomplete")

    after_repaint(page, lambda: page.click("#hint"))
    assert page.inner_text("#hint-text").strip(), "the hint names no rule"
    assert page.locator("#log li").count() >= 1

    after_repaint(page, lambda: page.click("#solve"))
    status_is(page, "solved")
    assert "solved" in page.inner_text("#solve-result").lower() or page.inner_text("#solve-result")
    shot(page, kind)


def test_step_through_two_solutions_of_janko_random_15x15(page, server):
    corpus = shared("slitherlink", "janko-puzzlekit.json")
    shutil.copy(corpus, server.root / corpus.name)
    page.fill("#source", f"file:{corpus.name}#random_15x15")
    after_repaint(page, lambda: page.click("#open"))
    page.click("#explain")
    page.wait_for_selector("#explain-box:not([hidden])", timeout=TIMEOUT)
    assert int(page.get_attribute("#explain-box", "data-count")) >= 2
    assert "not unique" in page.inner_text("#solve-result")
    first = page.inner_html("#explain-view")
    page.click("#sol-next")
    page.wait_for_function("document.getElementById('explain-view').dataset.shown === '1'", timeout=TIMEOUT)
    second = page.inner_html("#explain-view")
    assert first != second, "solutions 1 and 2 are drawn the same"
    assert "differs from solution 1" in page.inner_text("#explain-caption")
    assert int(page.get_attribute("#explain-view", "data-differs")) > 0, "no differing edge highlighted"
    assert page.locator("#explain-view svg .mark").count() > 0, "no differing edge marked in the picture"
    shot(page, "slitherlink-solutions")


def test_generate_slitherlink_shows_the_loop_growing(page):
    page.select_option("#kind", "slitherlink")
    size = page.locator("#generate-options [name='size']")
    if size.count():
        size.fill("6")
    after_repaint(page, lambda: page.click("#generate"))
    page.wait_for_selector("#growth:not([hidden])", timeout=TIMEOUT)
    last = int(page.get_attribute("#growth-step", "max"))
    assert last >= 2, "fewer than three growth steps"
    end = page.inner_html("#growth-view")
    page.fill("#growth-step", "0")
    page.wait_for_function("document.getElementById('growth-view').dataset.step === '0'")
    assert page.inner_html("#growth-view") != end, "the first growth step looks like the last"
    page.fill("#growth-step", str(last - 2))  # play the last two steps (one every 350 ms)
    wait_for(page, f"document.getElementById('growth-view').dataset.step === '{last - 2}'")
    page.click("#growth-play")
    wait_for(page, f"document.getElementById('growth-view').dataset.step === '{last}'")
    assert page.get_attribute("#verdict", "data-status") == "incomplete"
    page.fill("#growth-step", str(last // 2))  # the screenshot shows the loop half grown
    wait_for(page, f"document.getElementById('growth-view').dataset.step === '{last // 2}'")
    shot(page, "slitherlink-generate")


def message(pg) -> str:
    pg.wait_for_selector("#message.error", timeout=TIMEOUT)
    return pg.inner_text("#message")


def test_bad_input_gives_a_message_and_the_server_keeps_serving(page, server):
    page.fill("#source", "https://puzz.link/p?slither/5/5/zz!!")
    page.click("#open")
    assert message(page).strip()
    page.select_option("#open-kind", "nurikabe")
    page.set_input_files("#file", str(SAMPLES / "slitherlink" / "pzprjs-5x5.txt"))
    page.wait_for_function("document.getElementById('message').textContent.includes('pzprjs-5x5.txt')",
                           timeout=TIMEOUT)
    assert "error" in page.get_attribute("#message", "class")
    assert server.alive()
    open_sample(page, "nurikabe", "pzprjs-5x5")
    assert "error" not in page.get_attribute("#message", "class")


# a request as the page sends it: JSON, with the token the page took from the address it was opened at
PAGE_FETCH = """async ([path, body]) => fetch(path, {method: 'POST', body: JSON.stringify(body),
    headers: {'Content-Type': 'application/json',
              'X-Gridsolve-Token': sessionStorage.getItem('gridsolve-token')}})"""


def status_of(pg, path: str, body: dict) -> int:
    return pg.evaluate(f"async (args) => (await ({PAGE_FETCH})(args)).status", [path, body])


def test_files_outside_the_root_are_refused(page, server):
    secret = server.root.parent / "outside.txt"
    shutil.copy(SAMPLES / "slitherlink" / "pzprjs-5x5.txt", secret)
    page.fill("#source", "file:../outside.txt")
    page.click("#open")
    assert message(page).strip()
    assert status_of(page, "/api/open", {"source": "file:../outside.txt"}) == 403
    assert status_of(page, "/api/open", {"source": f"file:{secret}"}) == 403
    open_sample(page, "slitherlink", "pzprjs-5x5")
    state = page.evaluate(f"async (args) => (await ({PAGE_FETCH})(args)).json()",
                          ["/api/open", {"source": "sample:slitherlink/pzprjs-5x5"}])
    body = {"kind": "slitherlink", "puzzle": state["puzzle"], "state": state["state"], "format": "canonical",
            "path": "../escaped.txt"}
    assert status_of(page, "/api/save", body) == 403
    assert not (server.root.parent / "escaped.txt").exists()
    assert server.alive()


def test_a_10x10_solve_answers_in_under_a_second_in_the_page(page, capsys):
    open_sample(page, "slitherlink", "tatham-10x10")
    times = []
    for _ in range(4):  # the first warms the backend; the page times click -> painted board
        page.click("#clear")
        wait_for(page, "document.getElementById('verdict').dataset.status !== 'solved'")
        page.evaluate("document.getElementById('solve-result').removeAttribute('data-ms')")
        page.click("#solve")
        page.wait_for_selector("#solve-result[data-ms]", timeout=TIMEOUT)
        times.append(float(page.get_attribute("#solve-result", "data-ms")))
    warm = times[1:]
    with capsys.disabled():  # the figure shows in every run's output
        print(f"\n10x10 Slitherlink solve, click to painted board in the browser: "
              f"median {statistics.median(warm):.0f} ms, best {min(warm):.0f} ms "
              f"(warm: {[round(t) for t in warm]}; the first {times[0]:.0f} ms)")
    assert page.get_attribute("#verdict", "data-status") == "solved"
    assert statistics.median(warm) < 1000, f"10x10 solve: median {statistics.median(warm):.0f} ms in the page"


def test_a_small_experiment_shows_progress_and_the_report_plots(page):
    open_sample(page, "nurikabe", "pzprjs-5x5")
    page.fill("#exp-n", "2")
    page.click("#exp-run")
    page.wait_for_selector("#exp-progress:not([hidden])", timeout=TIMEOUT)
    wait_for(page, "document.querySelectorAll('#exp-plots svg').length > 0")
    assert page.get_attribute("#exp-progress", "value") == page.get_attribute("#exp-progress", "max")
    assert page.locator("#exp-rows td").count() > 0
    assert "error" not in page.get_attribute("#message", "class")


def test_a_rule_file_runs_on_the_board_with_a_log_of_firings(page):
    open_sample(page, "slitherlink", "pzprjs-5x5")
    rules = ROOT / "native_rules" / "slitherlink" / "rules" / "appendix_a.rules"
    page.set_input_files("#rules-file", str(rules))
    wait_for(page, "!document.getElementById('run-rules').disabled")
    after_repaint(page, lambda: page.click("#run-rules"))
    assert page.locator("#log li").count() > 1
    assert "rule #" in page.inner_text("#log")
    assert "of the rule file" in page.inner_text("#hint-text")


def test_open_a_url_and_pasted_text_then_save_as_url_and_to_a_file(page, server):
    page.fill("#source", "https://puzz.link/p?slither/5/5/cbcbcddad")
    after_repaint(page, lambda: page.click("#open"))
    assert "slitherlink 5x5" in page.inner_text("#puzzle-name")
    page.fill("#source", "")
    page.fill("#paste", (SAMPLES / "nurikabe" / "pzprjs-5x5.txt").read_text())
    after_repaint(page, lambda: page.click("#open"))
    assert "nurikabe 5x5" in page.inner_text("#puzzle-name")
    page.select_option("#save-format", "url")
    page.click("#save")
    wait_for(page, "document.getElementById('saved').value.startsWith('http')")
    assert "nurikabe" in page.input_value("#saved")
    assert page.get_attribute("#download", "href").startswith("blob:")
    page.select_option("#save-format", "canonical")
    page.fill("#save-path", "mine/saved.txt")
    page.click("#save")
    wait_for(page, "document.getElementById('message').textContent.includes('saved to')")
    assert (server.root / "mine" / "saved.txt").read_text().strip() == page.input_value("#saved").strip()


def test_saving_over_a_file_asks_first(page, server):
    open_sample(page, "nurikabe", "pzprjs-5x5")
    target = server.root / "asked.txt"
    target.write_text("my own notes\n")
    page.select_option("#save-format", "canonical")
    page.fill("#save-path", "asked.txt")
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.click("#save")
    wait_for(page, "document.getElementById('message').textContent.includes('not saved')")
    assert asked and "asked.txt" in asked[0] and target.read_text() == "my own notes\n"
    page.once("dialog", lambda d: answer(d, True))
    page.click("#save")
    wait_for(page, "document.getElementById('message').textContent.includes('saved to')")
    assert len(asked) == 2 and target.read_text().startswith("nurikabe 5x5")


def test_a_long_solve_shows_its_job_and_cancel_stops_it(page):
    from gridsolve.web import tools

    puzzle = tools.generate(None, {"kind": "edgematching", "options": {"size": "10x10", "seed": 3}})["puzzle"]
    page.fill("#source", "")
    page.fill("#paste", puzzle)
    after_repaint(page, lambda: page.click("#open"))
    page.fill("#timeout", "40")
    page.click("#solve")
    page.wait_for_selector("#jobs:not([hidden])", timeout=TIMEOUT)
    wait_for(page, "document.getElementById('job-status').textContent.includes('running')")
    page.click("#cancel")
    wait_for(page, "document.getElementById('message').textContent.startsWith('cancelled')")
    page.wait_for_selector("#jobs", state="hidden", timeout=5000)
    assert "error" not in page.get_attribute("#message", "class")
    assert page.get_attribute("#verdict", "data-status") != "solved"


MASYU_URL = "https://puzz.link/p?masyu/6/6/00016f769000"
# its one solution, as pzprjs draws lines: h[r][c] links the centres of cells (r, c)-(r, c+1),
# v[r][c] those of (r, c)-(r+1, c)
MASYU_H = [[1, 0, 0, 0, 1], [0, 0, 0, 0, 0], [0, 1, 1, 1, 0], [0, 1, 1, 1, 0], [0, 0, 0, 0, 0],
           [1, 0, 0, 0, 1]]
MASYU_V = [[1, 1, 0, 0, 1, 1], [1, 1, 0, 0, 1, 1], [1, 0, 0, 0, 0, 1], [1, 1, 0, 0, 1, 1],
           [1, 1, 0, 0, 1, 1]]


def drawn_lines(pg) -> int:
    return pg.locator("#board svg line.line").count()


def test_masyu_drawn_between_cell_centres_is_solved(page):
    page.fill("#paste", "")
    page.fill("#source", MASYU_URL)
    after_repaint(page, lambda: page.click("#open"))
    assert "masyu 6x6" in page.inner_text("#puzzle-name")
    assert page.locator("#board svg circle").count() == 8, "the pearls are not drawn"
    status_is(page, "incomplete")
    assert "drag" in page.inner_text("#play-help")

    def at(gx: float, gy: float) -> tuple[float, float]:
        return grid_point(page, gx, gy)

    # a drag from r1c1 through r1c2 to r2c2 draws two lines; one undo takes both away
    page.mouse.move(*at(0.5, 0.5))
    page.mouse.down()
    page.mouse.move(*at(1.5, 0.5), steps=4)
    after_repaint(page, lambda: page.mouse.move(*at(1.5, 1.5), steps=4))
    page.mouse.up()
    wait_for(page, "document.querySelectorAll('#board svg line.line').length === 2")
    after_repaint(page, lambda: page.click("#undo"))
    assert drawn_lines(page) == 0
    # a right click between two cells crosses their link
    click_grid(page, 1.0, 0.5, "right")
    assert page.locator("#board svg path.cross").count() == 1
    click_grid(page, 1.0, 0.5, "right")  # cross -> line
    click_grid(page, 1.0, 0.5, "right")  # line -> clear
    # the solution's lines, one click each between the two cells' centres
    for r, row in enumerate(MASYU_H):
        for c, v in enumerate(row):
            if v:
                click_grid(page, c + 1.0, r + 0.5)
    for r, row in enumerate(MASYU_V):
        for c, v in enumerate(row):
            if v:
                click_grid(page, c + 0.5, r + 1.0)
    status_is(page, "solved")
    assert drawn_lines(page) == sum(map(sum, MASYU_H)) + sum(map(sum, MASYU_V))
    shot(page, "masyu")


def test_the_page_refuses_a_kind_it_has_no_drawing_code_for(page):
    refused = page.evaluate("""async () => {
        const table = await import('/static/kinds/index.js');
        try { table.kindView('fakekind'); return ''; } catch (err) { return err.message; }
    }""")
    assert refused.startswith("the page cannot show fakekind puzzles") and "kinds/fakekind.js" in refused
