// The author's editor: edit mode beside play mode (the #mode button, or Tab on the focused board;
// document.body.dataset.mode = "edit" | "play"), a keyboard cursor on the board (arrows; drawn as
// the element data-cursor="r,c"), keys and clicks that the kind's module (web/static/kinds/<kind>.js,
// its `edit` part) turns into an edit op, sent to POST /api/edit and applied with replacePuzzle (one
// undo step each); "New" and "Resize" of the chosen size. Edits are sent one after the other, each
// on the puzzle the previous one made.

import { $, api, guarded, say } from "./api.js";
import { cellAt } from "./grid.js";
import { kindView } from "./kinds/index.js";
import { onChange, onPaint, openDoc, replacePuzzle, store } from "./store.js";

const SVG = "http://www.w3.org/2000/svg";
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

let cursor = [0, 0];  // the cell the keys edit
let memo = {};        // what the kind remembers between keys at the cursor (Nurikabe's digits typed)
let queue = Promise.resolve();  // the edits in flight, in order

export const editing = () => document.body.dataset.mode === "edit";

/** The kind's edit part; an Error naming the module when the kind has none. */
function editView(kind) {
  const view = kindView(kind).edit;
  if (!view) throw new Error(`${kind} puzzles cannot be edited in the page (web/static/kinds/${kind}.js has no edit part)`);
  return view;
}

const context = () => ({ doc: store.doc, state: store.state, store, say, memo, cursor, apply });

/** Send one edit op of the open puzzle; the answer replaces it (after the edits before it).
 *  `op` may be a function making the op when its turn comes (a click's cycle reads the value
 *  the edits before it left). */
export function apply(op) {
  queue = queue.then(() => guarded(null, async () => {
    const edit = typeof op === "function" ? op() : op;
    if (!store.doc || !edit) return;
    const { doc, state } = store;
    replacePuzzle(await api("/api/edit", { kind: doc.kind, puzzle: doc.puzzle, state, edit }));
  }));
  return queue;
}

function setMode(mode) {
  document.body.dataset.mode = mode;
  $("mode").textContent = mode === "edit" ? "Play" : "Edit";
  $("mode").title = mode === "edit" ? "back to playing (Tab on the board)" : "edit the puzzle (Tab on the board)";
  refresh();
}

/** Put the cursor on `cell` (clamped to the board); a new cell forgets the keys typed. */
function moveCursor(cell) {
  if (!store.doc) return;
  const next = [Math.max(0, Math.min(store.doc.rows - 1, cell[0])), Math.max(0, Math.min(store.doc.cols - 1, cell[1]))];
  if (next[0] !== cursor[0] || next[1] !== cursor[1]) memo = {};
  cursor = next;
  drawCursor($("board"));
  showPanel();
}

/** The cursor as a rectangle over the board's picture, in edit mode. */
function drawCursor(board) {
  const svg = board.querySelector("svg");
  if (!svg) return;
  for (const old of svg.querySelectorAll("[data-cursor]")) old.remove();
  if (!editing() || !store.doc) return;
  const g = store.doc.geometry;
  const rect = document.createElementNS(SVG, "rect");
  rect.setAttribute("class", "cursor");
  rect.setAttribute("data-cursor", `${cursor[0]},${cursor[1]}`);
  rect.setAttribute("x", g.margin + cursor[1] * g.cell + 1.5);
  rect.setAttribute("y", g.margin + cursor[0] * g.cell + 1.5);
  rect.setAttribute("width", g.cell - 3);
  rect.setAttribute("height", g.cell - 3);
  rect.setAttribute("fill", "none");
  rect.setAttribute("stroke", "#e07000");
  rect.setAttribute("stroke-width", "3");
  rect.setAttribute("pointer-events", "none");
  svg.append(rect);
}

/** The kind's own edit form (edge matching's pieces), shown in edit mode. */
function showPanel() {
  const box = $("edit-kind");
  const view = store.doc && kindView(store.doc.kind).edit;
  box.hidden = !(editing() && view && view.panel);
  if (!box.hidden) view.panel(box, context());
}

function refresh() {
  drawCursor($("board"));
  showPanel();
  if (store.doc) {
    const view = kindView(store.doc.kind);
    $("play-help").textContent = editing() && view.edit ? view.edit.help : view.help;
  }
}

/** A click on the board in edit mode: the cursor goes there, the kind's module may edit the cell. */
export function editClick(point, button) {
  const cell = cellAt(point, store.doc);
  if (!cell) return;
  moveCursor(cell);
  const view = editView(store.doc.kind);
  apply(() => view.click(cell, button, context()));
}

function onKey(e) {
  if (!store.doc || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Tab") {
    e.preventDefault();
    setMode(editing() ? "play" : "edit");
    return;
  }
  if (!editing()) return;
  if (ARROWS[e.key]) {
    e.preventDefault();
    moveCursor([cursor[0] + ARROWS[e.key][0], cursor[1] + ARROWS[e.key][1]]);
    return;
  }
  const op = editView(store.doc.kind).key(e.key, cursor, context());
  if (op) {
    e.preventDefault();
    apply(op);
  }
}

function size() {
  const rows = Number($("new-size-rows").value), cols = Number($("new-size-cols").value);
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
    throw new Error("give the size as whole numbers of rows and columns");
  }
  return { rows, cols };
}

/** A new empty puzzle of the kind chosen in the header, opened in edit mode. */
async function newPuzzle() {
  const doc = await api("/api/edit", { kind: $("kind").value, edit: { op: "new", ...size() } });
  openDoc(doc);
  cursor = [0, 0];
  memo = {};
  setMode("edit");
  $("board").focus();
  say(`a new ${doc.kind} ${doc.rows}x${doc.cols}: type or click the clues`, "ok");
}

export function wireEdit() {
  const board = $("board");
  document.body.dataset.mode = "play";
  $("mode").addEventListener("click", () => {
    setMode(editing() ? "play" : "edit");
    board.focus();
  });
  board.addEventListener("keydown", onKey);
  $("new-puzzle").addEventListener("click", (e) => guarded(e.target, newPuzzle));
  $("resize").addEventListener("click", (e) => guarded(e.target, async () => {
    if (!store.doc) throw new Error("open a puzzle first");
    await apply({ op: "resize", ...size() });
  }));
  onPaint(drawCursor);
  let puzzle = null;
  onChange(() => {
    if (store.doc && store.doc.puzzle !== puzzle) {  // another puzzle: keep the cursor on the board
      puzzle = store.doc.puzzle;
      moveCursor(cursor);
    }
    refresh();
  });
}
