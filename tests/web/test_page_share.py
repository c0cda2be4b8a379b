"""The page's address and its fixes, in a real browser (Debian's headless Chromium, Playwright): a
shared link reopened in a new tab shows the same puzzle and moves, back / forward walk the opened
puzzles, the page at 800 px keeps the board beside the panels and zooms it, a rule run keeps the
loop dark, the save panel follows the open puzzle, edge-matching violations are outlined, and the
loop's growth is shown at the board's size."""

from __future__ import annotations

from tests.support.browser import (  # noqa: F401  (fixtures)
    TIMEOUT,
    after_repaint,
    browser_fixture,
    click_grid,
    open_sample,
    page_fixture,
    revision,
    server_fixture,
    wait_for,
)


def saved_text(pg, fmt: str) -> str:
    """The Save panel's text of the open puzzle and state in ``fmt``."""
    pg.select_option("#save-format", fmt)
    pg.evaluate("document.getElementById('saved').value = ''")
    pg.click("#save")
    wait_for(pg, "document.getElementById('saved').value !== ''")
    return pg.input_value("#saved")


def board_svg(pg) -> str:
    """The board's picture as the server drew it, without what the page draws over it (the live
    analysis's overlay, a suggestion, the editor's cursor), which comes and goes on its own time."""
    return pg.evaluate("""() => { const svg = document.querySelector('#board svg').cloneNode(true);
        svg.querySelectorAll('g.analysis-overlay, g.suggestion, [data-cursor]').forEach((e) => e.remove());
        return svg.innerHTML; }""")


def share_link(pg, moves: bool) -> str:
    pg.set_checked("#share-moves", moves)
    pg.evaluate("document.getElementById('share').removeAttribute('data-link')")
    pg.click("#share")
    wait_for(pg, "document.getElementById('share').dataset.link")
    return pg.get_attribute("#share", "data-link")


def new_tab(browser, address: str):
    """A new tab of the same browser (it shares localStorage, not sessionStorage) at ``address``."""
    tab = browser.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(address)
    tab.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    return tab, errors


def test_a_shared_link_reopens_the_puzzle_and_the_moves_in_a_new_tab(page, browser, server):
    open_sample(page, "slitherlink", "pzprjs-5x5")
    puzzle = saved_text(page, "canonical")  # the puzzle alone, nothing drawn yet
    click_grid(page, 1.5, 4.0)  # a line beside the 0 clue: the top edge of r5c2
    click_grid(page, 0.0, 0.5)  # and one on the left border of r1c1
    text, drawn, picture = saved_text(page, "canonical"), saved_text(page, "pzprv3"), board_svg(page)
    link = share_link(page, moves=True)
    assert "token" not in link and "token" not in page.url, "the token is in the address"
    assert "kind=slitherlink" in link and "p=slither/5/5/" in link and "&s=" in link, link
    assert len(link) < 200, f"the link is not compact: {len(link)} characters"

    tab, errors = new_tab(browser, link)
    try:
        assert "pzprjs-5x5" in tab.inner_text("#puzzle-name")
        assert saved_text(tab, "canonical") == text, "another puzzle opened"
        assert saved_text(tab, "pzprv3") == drawn, "the moves were not restored"
        assert board_svg(tab) == picture
        assert tab.is_checked("#share-moves")
    finally:
        tab.close()
    assert not errors, errors

    plain = share_link(page, moves=False)  # the puzzle alone: an empty board
    assert "&s=" not in plain
    tab, errors = new_tab(browser, plain)
    try:
        assert saved_text(tab, "canonical") == puzzle
        assert tab.locator("#board svg line.line").count() == 0, "moves came without being asked"
    finally:
        tab.close()
    assert not errors, errors


def test_a_link_to_a_kind_without_urls_carries_its_text(page, browser):
    open_sample(page, "hamiltonian", "square-5")
    click_grid(page, 0.5, 1.5)  # one step down from the start
    picture = board_svg(page)
    link = share_link(page, moves=True)
    assert "p=hamiltonian+5x5" in link, link
    tab, errors = new_tab(browser, link)
    try:
        assert board_svg(tab) == picture
    finally:
        tab.close()
    assert not errors, errors


def test_a_new_tab_without_a_token_says_how_to_get_one(page, browser, server):
    open_sample(page, "nurikabe", "pzprjs-5x5")
    link = share_link(page, moves=False)
    tab = browser.new_page()
    try:
        tab.goto(server.url + "/")
        tab.evaluate("localStorage.clear(); sessionStorage.clear()")
        tab.goto(link)
        tab.wait_for_selector("#message.error", timeout=TIMEOUT)
        message = tab.inner_text("#message")
        assert "token" in message and "gridsolve serve printed" in message, message
    finally:
        tab.close()
        page.goto(server.page_url)  # the printed address gives this browser its token again
        page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)


def test_back_and_forward_reopen_the_puzzles(page):
    open_sample(page, "slitherlink", "pzprjs-5x5")
    wait_for(page, "location.search.includes('kind=slitherlink')")  # written once the URL body came
    open_sample(page, "nurikabe", "essay-n1")
    wait_for(page, "location.search.includes('kind=nurikabe')")
    page.go_back()
    wait_for(page, "document.getElementById('puzzle-name').textContent.includes('slitherlink')")
    assert "kind=slitherlink" in page.url
    assert "pzprjs-5x5" in page.inner_text("#puzzle-name")
    page.go_forward()
    wait_for(page, "document.getElementById('puzzle-name').textContent.includes('essay-n1')")
    assert page.input_value("#kind") == "nurikabe"


def box(pg, selector: str) -> dict:
    found = pg.locator(selector).bounding_box()
    assert found, f"{selector} is not shown"
    return found


def test_at_800_px_the_board_stays_beside_the_panels_and_zooms(page):
    page.set_viewport_size({"width": 800, "height": 900})
    open_sample(page, "slitherlink", "tatham-10x10")
    board = box(page, "#board svg")
    assert board["x"] >= 0 and board["x"] + board["width"] <= 800, board
    assert board["width"] >= 300, f"the board is squeezed: {board}"
    assert board["y"] + board["height"] <= 900, f"the board is not fully visible: {board}"
    for section in page.locator(".column.left section:visible, .column.right section:visible").all():
        panel = section.bounding_box()
        assert panel
        beside = panel["x"] >= board["x"] + board["width"]
        below = panel["y"] >= board["y"] + board["height"]
        assert beside or below, f"a panel lies over or above the board: {panel} vs {board}"
        assert panel["x"] + panel["width"] <= 800 + 1, f"a panel is off the page: {panel}"

    def zoom(percent: int) -> float:
        page.evaluate("""(p) => { const z = document.getElementById('zoom');
            z.value = String(p); z.dispatchEvent(new Event('input')); }""", percent)
        return box(page, "#board svg")["width"]

    assert zoom(150) > board["width"] * 1.3, "zoom 150% did not enlarge the board"
    assert zoom(50) < board["width"] * 0.7, "zoom 50% did not shrink the board"
    zoom(100)


def test_a_rule_run_keeps_the_drawn_lines_dark(page):
    open_sample(page, "slitherlink", "pzprjs-5x5")
    after_repaint(page, lambda: page.click("#cascade"))
    found = page.evaluate("""() => {
        const svg = document.querySelector('#board svg');
        const at = (l) => ['x1', 'y1', 'x2', 'y2'].map((a) => l.getAttribute(a)).join(',');
        const lines = new Map([...svg.querySelectorAll('line.line')].map((l) => [at(l), l]));
        const marks = [...svg.querySelectorAll('line.mark')];
        const num = (el, name) => Number(el.getAttribute(name));
        return {
            colours: [...lines.values()].map((l) => getComputedStyle(l).stroke),
            onLines: marks.filter((m) => lines.has(at(m)))
                .map((m) => [num(m, 'stroke-width'), num(lines.get(at(m)), 'stroke-width')]),
            faint: marks.filter((m) => !lines.has(at(m))).map((m) => num(m, 'stroke-opacity')),
        };
    }""")
    assert found["colours"] and found["onLines"] and found["faint"], f"the rule run drew nothing: {found}"
    assert set(found["colours"]) == {"rgb(32, 32, 32)"}, found["colours"]
    for mark, under in found["onLines"]:
        assert mark <= under / 2, f"a deduction's mark ({mark}) hides the line under it ({under})"
    assert max(found["faint"]) <= 0.4, "the crossed edges' marks are not faint"


def test_the_save_panel_follows_the_open_puzzle(page):
    open_sample(page, "slitherlink", "pzprjs-5x5")
    saved_text(page, "url")
    page.fill("#save-path", "mine.txt")
    assert page.is_visible("#download")
    open_sample(page, "nurikabe", "pzprjs-5x5")
    assert page.input_value("#saved") == "", "the previous puzzle's text is still shown"
    assert page.input_value("#save-path") == ""
    assert not page.is_visible("#download"), "the previous puzzle's download is still offered"


def test_edge_matching_violations_are_outlined(page):
    open_sample(page, "edgematching", "seed-5x5-c4-norot")
    page.click("#tray button.piece[data-piece='1']")  # its left colour is no frame colour
    click_grid(page, 0.5, 0.5)
    wait_for(page, "document.getElementById('verdict').dataset.status === 'violated'")
    marks = page.evaluate("""() => [...document.querySelectorAll('#board svg rect.mark')].map((m) =>
        [m.getAttribute('fill'), m.getAttribute('stroke')])""")
    assert marks, "the violation is not marked"
    assert all(fill == "none" and stroke for fill, stroke in marks), marks


def test_the_growth_view_is_as_large_as_the_board(page):
    page.select_option("#kind", "slitherlink")
    page.locator("#generate-options [name='size']").fill("6")
    after_repaint(page, lambda: page.click("#generate"))
    page.wait_for_selector("#growth:not([hidden]) #growth-view svg", timeout=TIMEOUT)
    board, growth = box(page, "#board svg"), box(page, "#growth-view svg")
    assert growth["width"] >= 0.9 * board["width"], f"the growth view is small: {growth} vs the board {board}"
    open_sample(page, "slitherlink", "pzprjs-5x5")
    assert page.locator("#growth").is_hidden(), "the growth of another puzzle is still shown"
