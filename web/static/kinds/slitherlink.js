// Slitherlink: a click on an edge between two dots cycles line, cross, clear; a drag across the
// dots draws the edges between them (or erases them, when the first was drawn), as pzprjs does.
// Edit mode: the numbers 0-3 and "?" in the cells.

import { NEXT, clearedLines, cycle, gridLines, nearestEdge } from "../grid.js";

const CLUES = [null, 0, 1, 2, 3, "?"];  // a click's cycle in edit mode

/** The clue of a cell in the doc's canonical text: null, 0-4 or "?". */
function clueAt(doc, [r, c]) {
  const token = gridLines(doc)[r].trim().split(/\s+/)[c];
  return token === "." ? null : token === "?" ? "?" : Number(token);
}

/** The edge ["h"|"v", r, c] between two dots in one row or column, one step apart. */
function edgeBetween(a, b) {
  return a[0] === b[0] ? ["h", a[0], Math.min(a[1], b[1])] : ["v", Math.min(a[0], b[0]), a[1]];
}

export default {
  help: "click an edge: line, cross, clear (right click: the other way round); drag across the dots to draw",
  dragOn: "dots",  // board.js hands `drag` the dots the pointer passes

  /** The state after a click at `point` (grid units), or null when it hits no edge. */
  move(point, button, { doc, state }) {
    const edge = nearestEdge(point, doc.rows, doc.cols);
    if (!edge) return null;
    const [dir, r, c] = edge;
    const next = structuredClone(state);
    next[dir][r][c] = NEXT[button][next[dir][r][c]];
    return next;
  },

  /** A drag from dot `from` to dot `to` (in one row or column): every edge between them drawn,
   *  or erased when the drag's first edge was drawn already. */
  drag(from, to, { state, memo }) {
    if (from[0] !== to[0] && from[1] !== to[1]) return null;
    const next = structuredClone(state);
    const step = [Math.sign(to[0] - from[0]), Math.sign(to[1] - from[1])];
    for (let at = from; at[0] !== to[0] || at[1] !== to[1];) {
      const after = [at[0] + step[0], at[1] + step[1]];
      const [dir, r, c] = edgeBetween(at, after);
      if (memo.value === undefined) memo.value = next[dir][r][c] === 1 ? 0 : 1;
      next[dir][r][c] = memo.value;
      at = after;
    }
    return next;
  },

  empty({ state }) {
    return clearedLines(state);
  },

  edit: {
    help: "edit: arrows move the cursor, 0-3 or ? (-) set the number, Backspace clears; a click cycles blank, 0-3, ?",

    click(cell, button, { doc }) {
      return { op: "clue", cell, value: cycle(CLUES, clueAt(doc, cell), button) };
    },

    key(key, cell) {
      if (/^[0-3]$/.test(key)) return { op: "clue", cell, value: Number(key) };
      if (key === "?" || key === "-") return { op: "clue", cell, value: "?" };
      if (key === "Backspace" || key === "Delete" || key === " ") return { op: "clue", cell, value: null };
      return null;
    },
  },
};
