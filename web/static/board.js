// Playing on the board: a click on the server's SVG becomes a point in grid units (through the doc's
// geometry), which the kind's module (web/static/kinds/) turns into the next state, and the move is
// committed; in edit mode the click goes to the editor (edit.js). A drag goes to the kind's `drag`
// where it has one: from cell to cell (Masyu's lines, Nurikabe's paint) or, with `dragOn: "dots"`,
// from dot to dot (Slitherlink's lines); the whole drag is one undo step.

import { $, say } from "./api.js";
import { editClick, editing } from "./edit.js";
import { cellAt, same } from "./grid.js";
import { kindView } from "./kinds/index.js";
import { commit, store } from "./store.js";

const NEAR_DOT = 0.35;  // a drag passes a dot within this distance of it (grid units)

/** The event's position in grid units: {x, y} with cell (r, c) spanning [c, c+1) x [r, r+1). */
function gridPoint(event, svg) {
  const g = store.doc.geometry;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return { x: (p.x - g.margin) / g.cell, y: (p.y - g.margin) / g.cell };
}

/** The dot [r, c] (0 <= r <= rows, 0 <= c <= cols) the point is near, or null. */
function dotAt({ x, y }, doc) {
  const r = Math.round(y), c = Math.round(x);
  const near = Math.hypot(x - c, y - r) <= NEAR_DOT;
  return near && r >= 0 && r <= doc.rows && c >= 0 && c <= doc.cols ? [r, c] : null;
}

const context = () => ({ doc: store.doc, state: store.state, store, say });

/** Drags for kinds that draw that way: each step committed, one undo for all. */
function wireDrag(board) {
  let last = null;      // the cell (or dot) the drag is in
  let dragged = false;  // the drag drew: the click that ends it is not a move
  let memo = {};        // what the kind remembers during one drag (draw or erase, the paint)
  const at = (e, svg) => {
    const point = gridPoint(e, svg);
    return kindView(store.doc.kind).dragOn === "dots" ? dotAt(point, store.doc) : cellAt(point, store.doc);
  };
  board.addEventListener("pointerdown", (e) => {
    const svg = board.querySelector("svg");
    dragged = false;
    memo = {};
    const drags = svg && store.doc && e.button === 0 && !editing() && kindView(store.doc.kind).drag;
    last = drags ? at(e, svg) : null;
  });
  board.addEventListener("pointermove", (e) => {
    const svg = board.querySelector("svg");
    if (!svg || !store.doc || editing() || !(e.buttons & 1) || !kindView(store.doc.kind).drag) return;
    const here = at(e, svg);
    if (!here || (last && same(here, last))) return;
    if (!last) {  // a drag that began between dots starts at the first dot it reaches
      last = here;
      return;
    }
    const state = kindView(store.doc.kind).drag(last, here, { ...context(), memo });
    if (state) {
      commit(state, { record: !dragged });
      dragged = true;
    }
    last = here;
  });
  board.addEventListener("pointerup", () => { last = null; });
  board.addEventListener("click", (e) => {
    if (dragged) {
      e.stopImmediatePropagation();
      dragged = false;
    }
  }, { capture: true });
}

/** Wire the board: clicks become moves (or edits, in edit mode). */
export function wireBoard() {
  const board = $("board");
  const handle = (event, button) => {
    const svg = board.querySelector("svg");
    if (!svg || !store.doc) return;
    event.preventDefault();
    try {
      if (editing()) {
        editClick(gridPoint(event, svg), button);
        return;
      }
      const state = kindView(store.doc.kind).move(gridPoint(event, svg), button, context());
      if (state) commit(state);
    } catch (err) {
      say(err.message, "error");
    }
  };
  wireDrag(board);
  board.addEventListener("click", (e) => handle(e, "left"));
  board.addEventListener("contextmenu", (e) => handle(e, "right"));
}
