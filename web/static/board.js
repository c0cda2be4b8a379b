// Playing on the board: a click on the server's SVG becomes a point in grid units (through the doc's
// geometry), which the kind's module (web/static/kinds/) turns into the next state, and the move is
// committed. A drag from cell to cell goes to the kind's `drag` where it has one (Masyu's lines).

import { $, say } from "./api.js";
import { cellAt, same } from "./grid.js";
import { kindView } from "./kinds/index.js";
import { commit, store } from "./store.js";

/** The event's position in grid units: {x, y} with cell (r, c) spanning [c, c+1) x [r, r+1). */
function gridPoint(event, svg) {
  const g = store.doc.geometry;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return { x: (p.x - g.margin) / g.cell, y: (p.y - g.margin) / g.cell };
}

const context = () => ({ doc: store.doc, state: store.state, store, say });

/** Drags from cell to cell, for kinds that draw that way: each step committed, one undo for all. */
function wireDrag(board) {
  let last = null;      // the cell the drag is in
  let dragged = false;  // the drag drew: the click that ends it is not a move
  board.addEventListener("pointerdown", (e) => {
    const svg = board.querySelector("svg");
    dragged = false;
    last = svg && store.doc && e.button === 0 && kindView(store.doc.kind).drag ? cellAt(gridPoint(e, svg), store.doc) : null;
  });
  board.addEventListener("pointermove", (e) => {
    const svg = board.querySelector("svg");
    if (!last || !svg || !(e.buttons & 1)) return;
    const cell = cellAt(gridPoint(e, svg), store.doc);
    if (!cell || same(cell, last)) return;
    const state = kindView(store.doc.kind).drag(last, cell, context());
    if (state) {
      commit(state, { record: !dragged });
      dragged = true;
    }
    last = cell;
  });
  board.addEventListener("pointerup", () => { last = null; });
  board.addEventListener("click", (e) => {
    if (dragged) {
      e.stopImmediatePropagation();
      dragged = false;
    }
  }, { capture: true });
}

/** Wire the board: clicks become moves. */
export function wireBoard() {
  const board = $("board");
  const handle = (event, button) => {
    const svg = board.querySelector("svg");
    if (!svg || !store.doc) return;
    event.preventDefault();
    try {
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
