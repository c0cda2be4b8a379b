// Playing on the board: a click on the server's SVG becomes an element of the state (through the
// doc's geometry), and the move is committed. Left and right clicks cycle the marks in opposite
// directions; edge matching takes the piece in hand from the tray; the labyrinth walks.

import { $, say } from "./api.js";
import { clone, commit, store } from "./store.js";

// left click: unknown -> line/wall -> cross/dot -> unknown; right click: the other way round
const NEXT = { left: { 0: 1, 1: -1, "-1": 0 }, right: { 0: -1, "-1": 1, 1: 0 } };

/** The click's position in grid units: {x, y} with cell (r, c) spanning [c, c+1) x [r, r+1). */
function gridPoint(event, svg) {
  const g = store.doc.geometry;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return { x: (p.x - g.margin) / g.cell, y: (p.y - g.margin) / g.cell };
}

/** The Slitherlink edge nearest to the point, or null off the grid. */
function nearestEdge({ x, y }, rows, cols) {
  const candidates = [];
  const hr = Math.round(y), hc = Math.floor(x);
  if (hr >= 0 && hr <= rows && hc >= 0 && hc < cols) candidates.push({ d: Math.abs(y - hr), edge: ["h", hr, hc] });
  const vr = Math.floor(y), vc = Math.round(x);
  if (vr >= 0 && vr < rows && vc >= 0 && vc <= cols) candidates.push({ d: Math.abs(x - vc), edge: ["v", vr, vc] });
  candidates.sort((a, b) => a.d - b.d);
  return candidates.length && candidates[0].d < 0.45 ? candidates[0].edge : null;
}

function cellAt({ x, y }) {
  const r = Math.floor(y), c = Math.floor(x);
  const { rows, cols } = store.doc;
  return r >= 0 && r < rows && c >= 0 && c < cols ? [r, c] : null;
}

/** The clue cells of a Nurikabe puzzle (numbers in its canonical text), as "r,c" keys. */
function nurikabeClues(doc) {
  const lines = doc.puzzle.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  const start = lines.findIndex((l) => l.startsWith("nurikabe"));
  const grid = lines.slice(start + 1, start + 1 + doc.rows);
  const clues = new Set();
  grid.forEach((line, r) => line.trim().split(/\s+/).forEach((tok, c) => {
    if (/^\d+$/.test(tok) || tok === "?") clues.add(`${r},${c}`);
  }));
  return clues;
}

/** The labyrinth's start cell: the doc's, else the 'S' of its canonical text. */
function labyrinthStart(doc) {
  if (Array.isArray(doc.start)) return doc.start;
  const lines = doc.puzzle.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  const start = lines.findIndex((l) => l.startsWith("hamiltonian"));
  const grid = lines.slice(start + 1, start + 1 + doc.rows);
  for (let r = 0; r < grid.length; r++) {
    const c = grid[r].trim().split(/\s+/).indexOf("S");
    if (c >= 0) return [r, c];
  }
  return [0, 0];
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const adjacent = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;

/** The labyrinth's walk after a click on `cell`: step forward, or back to a cell already walked. */
function walk(path, cell, start) {
  const head = path.length ? path[path.length - 1] : null;
  if (!head) {
    if (same(cell, start)) return [start];
    return adjacent(cell, start) ? [start, cell] : null;
  }
  const at = path.findIndex((p) => same(p, cell));
  if (at >= 0) return path.slice(0, at === path.length - 1 ? at : at + 1);  // the head: one step back
  return adjacent(cell, head) ? [...path, cell] : null;
}

function moveSlitherlink(point, button) {
  const edge = nearestEdge(point, store.doc.rows, store.doc.cols);
  if (!edge) return null;
  const [dir, r, c] = edge;
  const state = clone(store.state);
  state[dir][r][c] = NEXT[button][state[dir][r][c]];
  return state;
}

function moveNurikabe(point, button) {
  const cell = cellAt(point);
  if (!cell || nurikabeClues(store.doc).has(`${cell[0]},${cell[1]}`)) return null;
  const state = clone(store.state);
  state.cells[cell[0]][cell[1]] = NEXT[button][state.cells[cell[0]][cell[1]]];
  return state;
}

function moveEdgematching(point, button) {
  const cell = cellAt(point);
  if (!cell) return null;
  const state = clone(store.state);
  const [r, c] = cell;
  const here = state.placements[r][c];
  if (store.selected) {
    state.placements[r][c] = [store.selected.piece, store.selected.rotation];
    store.selected = null;  // the piece that was here (if any) goes back to the tray
  } else if (!here) {
    say("pick a piece from the tray first, then click a square", "info");
    return null;
  } else if (button === "right") {
    state.placements[r][c] = null;
  } else if (store.doc.rotation === false) {
    say("this puzzle's pieces do not turn; right click puts a piece back in the tray", "info");
    return null;
  } else {
    state.placements[r][c] = [here[0], (here[1] + 1) % 4];
  }
  return state;
}

function moveLabyrinth(point) {
  const cell = cellAt(point);
  if (!cell) return null;
  const path = walk(store.state.path, cell, labyrinthStart(store.doc));
  if (!path) {
    say("walk to a neighbouring cell of the end of the line (or click a walked cell to go back)", "info");
    return null;
  }
  return { ...clone(store.state), path };
}

const MOVES = { slitherlink: moveSlitherlink, nurikabe: moveNurikabe, edgematching: moveEdgematching, hamiltonian: moveLabyrinth };

/** Wire the board: clicks become moves. */
export function wireBoard() {
  const board = $("board");
  const handle = (event, button) => {
    const svg = board.querySelector("svg");
    if (!svg || !store.doc) return;
    event.preventDefault();
    const state = MOVES[store.doc.kind](gridPoint(event, svg), button);
    if (state) commit(state);
  };
  board.addEventListener("click", (e) => handle(e, "left"));
  board.addEventListener("contextmenu", (e) => handle(e, "right"));
}
