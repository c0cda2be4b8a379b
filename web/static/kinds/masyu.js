// Masyu: lines between cell centres, as in pzprjs. A click between two neighbouring cells cycles
// line, cross, clear on their link (right click: the other way round); a drag from cell to cell
// draws the links it crosses, or takes away those already drawn. Edit mode: the pearls.

import { NEXT, adjacent, clearedLines, cycle, gridLines, nearestEdge } from "../grid.js";

const PEARLS = [null, "white", "black"];  // a click's cycle in edit mode
const KEYS = { w: "white", 1: "white", b: "black", 2: "black" };

/** The pearl of a cell in the doc's canonical text: null, "white" or "black". */
function pearlAt(doc, [r, c]) {
  const token = gridLines(doc)[r].trim().split(/\s+/)[c];
  return token === "w" ? "white" : token === "b" ? "black" : null;
}

/** The link ["h"|"v", r, c] of the point: "h" joins cells (r, c)-(r, c+1), "v" (r, c)-(r+1, c). */
function nearestLink({ x, y }, doc) {
  // the cell centres form a lattice of (rows-1) x (cols-1) squares, shifted by half a cell
  return nearestEdge({ x: x - 0.5, y: y - 0.5 }, doc.rows - 1, doc.cols - 1);
}

function linkBetween(a, b) {
  return a[0] === b[0] ? ["h", a[0], Math.min(a[1], b[1])] : ["v", Math.min(a[0], b[0]), a[1]];
}

export default {
  help: "click between two cells: line, cross, clear (right click: the other way round); drag through cells to draw",

  move(point, button, { doc, state }) {
    const link = nearestLink(point, doc);
    if (!link) return null;
    const [dir, r, c] = link;
    const next = structuredClone(state);
    next[dir][r][c] = NEXT[button][next[dir][r][c]];
    return next;
  },

  /** A drag from cell `from` into its neighbour `to`: the link drawn, or taken away if drawn. */
  drag(from, to, { state }) {
    if (!adjacent(from, to)) return null;
    const [dir, r, c] = linkBetween(from, to);
    const next = structuredClone(state);
    next[dir][r][c] = next[dir][r][c] === 1 ? 0 : 1;
    return next;
  },

  empty({ state }) {
    return clearedLines(state);
  },

  edit: {
    help: "edit: arrows move the cursor, w or 1 a white pearl, b or 2 a black one, Backspace clears; a click cycles blank, white, black",

    click(cell, button, { doc }) {
      return { op: "clue", cell, value: cycle(PEARLS, pearlAt(doc, cell), button) };
    },

    key(key, cell) {
      const pearl = KEYS[key.toLowerCase()];
      if (pearl) return { op: "clue", cell, value: pearl };
      if (key === "Backspace" || key === "Delete" || key === " ") return { op: "clue", cell, value: null };
      return null;
    },
  },
};
