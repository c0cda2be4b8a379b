// Slitherlink: a click on an edge between two dots cycles line, cross, clear; a drag across the
// dots draws the edges between them (or erases them, when the first was drawn), as pzprjs does.
// Edit mode: the numbers 0-3 and "?" in the cells.

import { cellClueEditor, cellToken, lineKind, nearestEdge, segmentBetween } from "../grid.js";

const CLUES = [null, 0, 1, 2, 3, "?"];  // a click's cycle in edit mode
const CLUE_KEYS = { 0: 0, 1: 1, 2: 2, 3: 3, "?": "?", "-": "?" };

/** The clue of a cell in the doc's canonical text: null, 0-4 or "?". */
function clueAt(doc, cell) {
  const token = cellToken(doc, cell);
  return token === "." ? null : token === "?" ? "?" : Number(token);
}

export default {
  ...lineKind((point, doc) => nearestEdge(point, doc.rows, doc.cols)),  // a click: the nearest edge
  help: "click an edge: line, cross, clear (right click: the other way round); drag across the dots to draw",
  dragOn: "dots",  // board.js hands `drag` the dots the pointer passes

  /** A drag from dot `from` to dot `to` (in one row or column): every edge between them drawn,
   *  or erased when the drag's first edge was drawn already. */
  drag(from, to, { state, memo }) {
    if (from[0] !== to[0] && from[1] !== to[1]) return null;
    const next = structuredClone(state);
    const step = [Math.sign(to[0] - from[0]), Math.sign(to[1] - from[1])];
    for (let at = from; at[0] !== to[0] || at[1] !== to[1];) {
      const after = [at[0] + step[0], at[1] + step[1]];
      const [dir, r, c] = segmentBetween(at, after);
      if (memo.value === undefined) memo.value = next[dir][r][c] === 1 ? 0 : 1;
      next[dir][r][c] = memo.value;
      at = after;
    }
    return next;
  },

  edit: cellClueEditor({ values: CLUES, valueAt: clueAt, keyValue: (key) => CLUE_KEYS[key],
    help: "edit: arrows move the cursor, 0-3 or ? (-) set the number, Backspace clears; a click cycles blank, 0-3, ?" }),
};
