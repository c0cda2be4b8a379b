// Nurikabe: a click on a cell cycles wall, dot, clear; numbered cells stay as they are.

import { NEXT, cellAt, gridLines } from "../grid.js";

/** The clue cells of the puzzle (numbers or "?" in its canonical text), as "r,c" keys. */
function clues(doc) {
  const found = new Set();
  gridLines(doc).forEach((line, r) => line.trim().split(/\s+/).forEach((tok, c) => {
    if (/^\d+$/.test(tok) || tok === "?") found.add(`${r},${c}`);
  }));
  return found;
}

export default {
  help: "click a cell: wall, dot, clear (right click: the other way round)",

  move(point, button, { doc, state }) {
    const cell = cellAt(point, doc);
    if (!cell || clues(doc).has(`${cell[0]},${cell[1]}`)) return null;
    const next = structuredClone(state);
    next.cells[cell[0]][cell[1]] = NEXT[button][next.cells[cell[0]][cell[1]]];
    return next;
  },

  empty({ state }) {
    return { cells: state.cells.map((r) => r.map(() => 0)) };
  },
};
