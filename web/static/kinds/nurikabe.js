// Nurikabe: a click on a cell cycles wall, dot, clear; numbered cells stay as they are; a drag
// paints every cell it passes the colour the first cell takes. Edit mode: numbers of any size
// (digits typed in sequence) and "?".

import { NEXT, cellAt, gridLines } from "../grid.js";

/** The clue cells of the puzzle (numbers or "?" in its canonical text), as "r,c" -> token. */
function clues(doc) {
  const found = new Map();
  gridLines(doc).forEach((line, r) => line.trim().split(/\s+/).forEach((tok, c) => {
    if (/^\d+$/.test(tok) || tok === "?") found.set(`${r},${c}`, tok);
  }));
  return found;
}

/** The cells of a straight run from `from` to `to` (just `to` when they share no row or column). */
function run(from, to) {
  if (from[0] !== to[0] && from[1] !== to[1]) return [to];
  const out = [];
  const step = [Math.sign(to[0] - from[0]), Math.sign(to[1] - from[1])];
  for (let at = from; at[0] !== to[0] || at[1] !== to[1];) {
    at = [at[0] + step[0], at[1] + step[1]];
    out.push(at);
  }
  return out;
}

export default {
  help: "click a cell: wall, dot, clear (right click: the other way round); drag to paint",

  move(point, button, { doc, state }) {
    const cell = cellAt(point, doc);
    if (!cell || clues(doc).has(`${cell[0]},${cell[1]}`)) return null;
    const next = structuredClone(state);
    next.cells[cell[0]][cell[1]] = NEXT[button][next.cells[cell[0]][cell[1]]];
    return next;
  },

  /** A drag from cell `from` to `to`: the first cell's new value (a click's) painted on both and
   *  on every cell after; numbered cells are left alone. */
  drag(from, to, { doc, state, memo }) {
    const numbered = clues(doc);
    const free = ([r, c]) => !numbered.has(`${r},${c}`);
    const next = structuredClone(state);
    const cells = memo.value === undefined ? [from, ...run(from, to)] : run(from, to);
    if (memo.value === undefined) {
      const first = cells.find(free);
      if (!first) return null;
      memo.value = NEXT.left[next.cells[first[0]][first[1]]];
    }
    for (const [r, c] of cells.filter(free)) next.cells[r][c] = memo.value;
    return next;
  },

  empty({ state }) {
    return { cells: state.cells.map((r) => r.map(() => 0)) };
  },

  edit: {
    help: "edit: arrows move the cursor, digits type a number (12 = 1 then 2), ? an unknown one, Backspace clears; a click adds 1 (right click: takes 1 away)",

    click(cell, button, { doc }) {
      const token = clues(doc).get(`${cell[0]},${cell[1]}`);
      const n = token === undefined || token === "?" ? 0 : Number(token);
      const next = button === "right" ? n - 1 : n + 1;
      if (next > doc.rows * doc.cols) return null;
      return { op: "clue", cell, value: next >= 1 ? next : null };
    },

    key(key, cell, { doc, memo }) {
      if (/^[0-9]$/.test(key)) {
        let typed = (memo.digits || "") + key;
        if (Number(typed) > doc.rows * doc.cols) typed = key;  // too large: a new number
        memo.digits = typed;
        return Number(typed) >= 1 ? { op: "clue", cell, value: Number(typed) } : null;
      }
      memo.digits = "";
      if (key === "?" || key === "-") return { op: "clue", cell, value: "?" };
      if (key === "Backspace" || key === "Delete" || key === " ") return { op: "clue", cell, value: null };
      return null;
    },
  },
};
