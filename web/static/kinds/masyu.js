// Masyu: lines between cell centres, as in pzprjs. A click between two neighbouring cells cycles
// line, cross, clear on their link (right click: the other way round); a drag from cell to cell
// draws the links it crosses, or takes away those already drawn. Edit mode: the pearls.

import { adjacent, cellClueEditor, cellToken, lineKind, nearestEdge, segmentBetween } from "../grid.js";

const PEARLS = [null, "white", "black"];  // a click's cycle in edit mode
const KEYS = { w: "white", 1: "white", b: "black", 2: "black" };

/** The pearl of a cell in the doc's canonical text: null, "white" or "black". */
function pearlAt(doc, cell) {
  const token = cellToken(doc, cell);
  return token === "w" ? "white" : token === "b" ? "black" : null;
}

/** The link ["h"|"v", r, c] of the point: "h" joins cells (r, c)-(r, c+1), "v" (r, c)-(r+1, c). */
function nearestLink({ x, y }, doc) {
  // the cell centres form a lattice of (rows-1) x (cols-1) squares, shifted by half a cell
  return nearestEdge({ x: x - 0.5, y: y - 0.5 }, doc.rows - 1, doc.cols - 1);
}

export default {
  ...lineKind(nearestLink),
  help: "click between two cells: line, cross, clear (right click: the other way round); drag through cells to draw",

  /** A drag from cell `from` into its neighbour `to`: the link drawn, or taken away if drawn. */
  drag(from, to, { state }) {
    if (!adjacent(from, to)) return null;
    const [dir, r, c] = segmentBetween(from, to);
    const next = structuredClone(state);
    next[dir][r][c] = next[dir][r][c] === 1 ? 0 : 1;
    return next;
  },

  edit: cellClueEditor({ values: PEARLS, valueAt: pearlAt, keyValue: (key) => KEYS[key.toLowerCase()],
    help: "edit: arrows move the cursor, w or 1 a white pearl, b or 2 a black one, Backspace clears; a click cycles blank, white, black" }),
};
