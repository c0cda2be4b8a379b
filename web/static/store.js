// The page's one state: the open puzzle (`doc`), the player's state, its undo / redo history,
// and the board's picture. Every move goes through `commit` and every edit of the puzzle through
// `replacePuzzle`; both record a {doc, state} snapshot, so undo and redo walk edits and moves
// alike, and ask the server for the new picture and the checker's verdict.

import { $, api, say, showSvg } from "./api.js";
import { kindView } from "./kinds/index.js";

export const store = {
  kinds: [],          // GET /api/kinds
  doc: null,          // the open puzzle (contract: doc)
  state: null,        // what the player has drawn
  past: [],           // undo stack of snapshots {doc, state (JSON text)}
  future: [],         // redo stack
  selected: null,     // edge matching: the tray piece in hand {piece, rotation}
  seq: 0,             // /api/state answers older than the newest request are dropped
  opened: 0,          // counts openDoc calls: a new puzzle (a browser-history entry), not an edit
};

const listeners = [];

/** Call `fn(info)` when the open puzzle's kind changes (info: its /api/kinds entry). */
export function onDocKind(fn) {
  let last = null;
  onChange(() => {
    const kind = store.doc && store.doc.kind;
    if (kind !== last) fn(kindInfo(kind));
    last = kind;
  });
}

/** Call `fn()` after every doc or state change (panels refresh themselves). */
export function onChange(fn) {
  listeners.push(fn);
}

const painters = [];

/** Call `fn(board)` after every paint of the board (the editor's cursor is drawn on it). */
export function onPaint(fn) {
  painters.push(fn);
}

function changed() {
  for (const fn of listeners) fn();
}

export const clone = (x) => JSON.parse(JSON.stringify(x));

/** A backend entry of /api/kinds as {name, available, description, why} (a bare name too). */
export function backend(b) {
  return typeof b === "string" ? { name: b, available: true } : b;
}

export function kindInfo(kind = store.doc && store.doc.kind) {
  return store.kinds.find((k) => k.kind === kind) || null;
}

/** A freshly opened / generated puzzle: reset history, draw what the server sent. */
export function openDoc(doc) {
  kindView(doc.kind);  // a kind the page has no drawing code for: one clear error, nothing opened
  store.opened += 1;  // share.js tells an open (a new history entry) from an edit by this
  store.past = [];
  store.future = [];
  store.selected = null;
  show(doc);
  store.state = clone(doc.state);
  paint(doc.svg, doc.verdict);
  changed();
}

/** The open puzzle edited (an /api/edit answer): one undo step, no new puzzle opened. */
export function replacePuzzle(doc) {
  kindView(doc.kind);
  recordStep();
  show(doc);
  store.state = clone(doc.state);
  paint(doc.svg, doc.verdict);
  changed();
}

/** Make `doc` the open puzzle: its geometry on the board, its name in the header. */
function show(doc) {
  store.doc = doc;
  $("board").dataset.geometry = JSON.stringify(doc.geometry);
  document.body.dataset.doc = doc.kind;
  $("puzzle-name").textContent =
    `${doc.kind} ${doc.rows}x${doc.cols}${doc.name ? " -- " + doc.name : ""}`;
  const kindSelect = $("kind");
  if (kindSelect.value !== doc.kind) {
    kindSelect.value = doc.kind;
    kindSelect.dispatchEvent(new Event("change"));
  }
}

const snapshot = () => ({ doc: store.doc, state: JSON.stringify(store.state) });

/** Push the open puzzle and state on the undo stack (a new step: the redo stack is dropped). */
function recordStep() {
  store.past.push(snapshot());
  store.future = [];
}

/** Paint the board picture and the verdict. */
export function paint(svgText, verdict) {
  const board = $("board");
  showSvg(board, svgText);
  for (const fn of painters) fn(board);
  board.dataset.revision = String((Number(board.dataset.revision) || 0) + 1);
  showVerdict(verdict);
}

function showVerdict(verdict) {
  const box = $("verdict");
  const list = $("violations");
  list.replaceChildren();
  if (!verdict) {
    box.textContent = "";
    box.dataset.status = "";
    return;
  }
  box.dataset.status = verdict.status;
  box.textContent = { solved: "Solved", incomplete: "Not finished yet", violated: "A rule is broken" }[verdict.status]
    || verdict.status;
  for (const v of verdict.violations || []) {
    const li = document.createElement("li");
    li.textContent = v.rule ? `${v.rule}: ${v.message}` : v.message;
    list.append(li);
  }
}

/** Replace the player's state (a move, a hint, a solution): record it and re-render. */
export async function commit(state, { record = true, svg = null, verdict = null } = {}) {
  if (!store.doc) return;
  if (record) recordStep();
  store.state = state;
  changed();
  if (svg) {
    paint(svg, verdict);
    return;
  }
  await rerender();
}

/** Ask the server for the picture and the verdict of the current state. */
async function rerender() {
  const seq = ++store.seq;
  const { doc, state } = store;
  try {
    const answer = await api("/api/state", { kind: doc.kind, puzzle: doc.puzzle, state });
    if (seq === store.seq) paint(answer.svg, answer.verdict);
  } catch (err) {
    say(err.message, "error");
  }
}

/** Go back to a snapshot: its puzzle (when an edit changed it) and its state. */
async function restore(snap) {
  if (snap.doc !== store.doc) show(snap.doc);
  store.state = JSON.parse(snap.state);
  changed();
  if (snap.state === JSON.stringify(snap.doc.state)) {  // the doc's own picture is the state's
    ++store.seq;
    paint(snap.doc.svg, snap.doc.verdict);
    return;
  }
  await rerender();
}

/** Undo the last move or edit (Ctrl+Z). */
export async function undo() {
  if (!store.past.length) return;
  store.future.push(snapshot());
  await restore(store.past.pop());
}

/** Redo what undo took back (Ctrl+Y, Ctrl+Shift+Z). */
export async function redo() {
  if (!store.future.length) return;
  store.past.push(snapshot());
  await restore(store.future.pop());
}

/** The empty state of the open puzzle (the seed's "clear the edges", for every kind). */
export function emptyState() {
  return kindView(store.doc.kind).empty({ doc: store.doc, state: store.state, store, say });
}
