// The page's one state: the open puzzle (`doc`), the player's state, its undo / redo history,
// and the board's picture. Every change of state goes through `commit`, which records history and
// asks the server for the new picture and the checker's verdict.

import { $, api, say, showSvg } from "./api.js";
import { kindView } from "./kinds/index.js";

export const store = {
  kinds: [],          // GET /api/kinds
  doc: null,          // the open puzzle (contract: doc)
  state: null,        // what the player has drawn
  past: [],           // undo stack of JSON states
  future: [],         // redo stack
  selected: null,     // edge matching: the tray piece in hand {piece, rotation}
  seq: 0,             // /api/state answers older than the newest request are dropped
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
  store.doc = doc;
  store.state = clone(doc.state);
  store.past = [];
  store.future = [];
  store.selected = null;
  $("board").dataset.geometry = JSON.stringify(doc.geometry);
  document.body.dataset.doc = doc.kind;
  paint(doc.svg, doc.verdict);
  $("puzzle-name").textContent =
    `${doc.kind} ${doc.rows}x${doc.cols}${doc.name ? " -- " + doc.name : ""}`;
  const kindSelect = $("kind");
  if (kindSelect.value !== doc.kind) {
    kindSelect.value = doc.kind;
    kindSelect.dispatchEvent(new Event("change"));
  }
  changed();
}

/** The open puzzle edited (a suggested clue applied, a minimized puzzle): the new doc replaces
 * it without a new browser-history entry, the drawing restarts from the doc's state. */
export function replacePuzzle(doc) {
  kindView(doc.kind);
  store.doc = doc;
  store.state = clone(doc.state);
  store.past = [];
  store.future = [];
  $("board").dataset.geometry = JSON.stringify(doc.geometry);
  document.body.dataset.doc = doc.kind;
  paint(doc.svg, doc.verdict);
  $("puzzle-name").textContent = `${doc.kind} ${doc.rows}x${doc.cols}${doc.name ? " -- " + doc.name : ""}`;
  changed();
}

/** Paint the board picture and the verdict. */
export function paint(svgText, verdict) {
  const board = $("board");
  showSvg(board, svgText);
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
  if (record) {
    store.past.push(JSON.stringify(store.state));
    store.future = [];
  }
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

export async function undo() {
  if (!store.past.length) return;
  store.future.push(JSON.stringify(store.state));
  await commit(JSON.parse(store.past.pop()), { record: false });
}

export async function redo() {
  if (!store.future.length) return;
  store.past.push(JSON.stringify(store.state));
  await commit(JSON.parse(store.future.pop()), { record: false });
}

/** The empty state of the open puzzle (the seed's "clear the edges", for every kind). */
export function emptyState() {
  return kindView(store.doc.kind).empty({ doc: store.doc, state: store.state, store, say });
}
