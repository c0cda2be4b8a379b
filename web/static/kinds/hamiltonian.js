// The one-way labyrinth: click a neighbour of the walk's end to step there, a walked cell to go back.
// Edit mode: blocked cells, the start and the end.

import { adjacent, cellAt, gridLines, same } from "../grid.js";

/** The start cell: the doc's, else the 'S' of its canonical text. */
function start(doc) {
  if (Array.isArray(doc.start)) return doc.start;
  const grid = gridLines(doc);
  for (let r = 0; r < grid.length; r++) {
    const c = grid[r].trim().split(/\s+/).indexOf("S");
    if (c >= 0) return [r, c];
  }
  return [0, 0];
}

/** The walk after a click on `cell`: a step forward, or back to a cell already walked. */
function walk(path, cell, first) {
  const head = path.length ? path[path.length - 1] : null;
  if (!head) {
    if (same(cell, first)) return [first];
    return adjacent(cell, first) ? [first, cell] : null;
  }
  const at = path.findIndex((p) => same(p, cell));
  if (at >= 0) return path.slice(0, at === path.length - 1 ? at : at + 1);  // the head: one step back
  return adjacent(cell, head) ? [...path, cell] : null;
}

export default {
  help: "click a neighbour of the line's end to walk; click a walked cell to go back",

  move(point, button, { doc, state, say }) {
    const cell = cellAt(point, doc);
    if (!cell) return null;
    const path = walk(state.path, cell, start(doc));
    if (!path) {
      say("walk to a neighbouring cell of the end of the line (or click a walked cell to go back)", "info");
      return null;
    }
    return { ...structuredClone(state), path };
  },

  /** Back to the walk the puzzle came with (its numbered cells; the start alone without). */
  empty({ doc }) {
    const steps = [];
    gridLines(doc).forEach((line, r) => line.trim().split(/\s+/).forEach((tok, c) => {
      if (/^\d+$/.test(tok)) steps[Number(tok) - 1] = [r, c];
    }));
    return { path: steps.length ? steps : [start(doc)] };
  },

  edit: {
    help: "edit: arrows move the cursor, x or space blocks / frees the cell, s puts the start there, e the end; a click blocks / frees",

    click(cell, button, { doc }) {
      return { op: "block", cell, value: !blocked(doc, cell) };
    },

    key(key, cell, { doc }) {
      const k = key.toLowerCase();
      if (k === "x" || k === " ") return { op: "block", cell, value: !blocked(doc, cell) };
      if (k === "backspace" || k === "delete") return { op: "block", cell, value: false };
      if (k === "s") return { op: "start", cell };
      if (k === "e") return { op: "end", cell };
      return null;
    },
  },
};

function blocked(doc, cell) {
  return (doc.blocked || []).some((b) => same(b, cell));
}
