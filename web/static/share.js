// Shareable state: the page's address carries the open puzzle, `?kind=K&p=BODY` (the puzz.link URL
// body where the kind has a URL writer, `&n=` its name; the canonical text otherwise) and, when
// "with my moves" is ticked, the play state (`&s=`: the state's JSON, deflated, base64url).
// Opening such an address restores both. A newly opened puzzle (store's openDoc) is a new entry
// in the browser's history, an edit of the open one (its text changed) replaces the entry, and
// back / forward re-open the puzzles. #share copies the link. The token is never in the address:
// api.js keeps it in this browser's storage for the origin (docs/serve.md, Security).

import { $, api, guarded, say } from "./api.js";
import { commit, kindInfo, onChange, openDoc, store } from "./store.js";

const PUZZ_LINK = "https://puzz.link/p?";
const bodies = new Map();  // canonical text -> its address part {p, n} (one /api/save per puzzle)
let restoring = false;     // opening from the address (load, back / forward): no new history entry
let pending = Promise.resolve();  // address writes, in the order of the changes
let stateTimer = null;

// ------------------------------------------------------------------ the compact state: deflate + base64url

async function squeeze(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** The state's JSON, deflated (raw) and written in base64url: compact for the mostly-empty grids of play. */
export async function packState(state) {
  const bytes = await squeeze(new TextEncoder().encode(JSON.stringify(state)), new CompressionStream("deflate-raw"));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The state `packState` wrote; an Error naming the parameter when it is not one. */
export async function unpackState(text) {
  try {
    const b64 = text.replaceAll("-", "+").replaceAll("_", "/");
    const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(await squeeze(bytes, new DecompressionStream("deflate-raw"))));
  } catch {
    throw new Error("the address's play state (s=...) is damaged; the puzzle opens without it");
  }
}

// ------------------------------------------------------------------ the address of the open puzzle

/** A query value, percent-encoded but keeping the characters a query may hold as they are. */
const encode = (value) => encodeURIComponent(value).replace(/%20/g, "+").replace(/%2F/gi, "/")
  .replace(/%3A/gi, ":").replace(/%2C/gi, ",");

/** The address part of a doc's puzzle: its puzz.link body where the kind writes URLs, else its text. */
async function puzzlePart(doc) {
  if (bodies.has(doc.puzzle)) return bodies.get(doc.puzzle);
  let part = { p: doc.puzzle, n: "" };
  const info = kindInfo(doc.kind);
  if (info && (info.save_formats || []).includes("url")) {
    try {
      const { text } = await api("/api/save", { kind: doc.kind, puzzle: doc.puzzle, format: "url" });
      if (text.startsWith(PUZZ_LINK)) part = { p: text.slice(PUZZ_LINK.length), n: doc.name || "" };
    } catch {
      // the text serves: a longer address, the same puzzle
    }
  }
  bodies.set(doc.puzzle, part);
  return part;
}

const withMoves = () => $("share-moves").checked;

/** The page's address for the open puzzle (and its play state when asked), without the token. */
export async function shareAddress() {
  const doc = store.doc;
  if (!doc) return window.location.pathname;
  const { p, n } = await puzzlePart(doc);
  let query = `?kind=${encode(doc.kind)}&p=${encode(p)}`;
  if (n) query += `&n=${encode(n)}`;
  if (withMoves()) query += `&s=${await packState(store.state)}`;
  return window.location.pathname + query;
}

/** Write the address: "push" a new history entry (a newly opened puzzle) or "replace" the current. */
function writeAddress(mode) {
  pending = pending.then(async () => {
    const address = await shareAddress();
    if (address === window.location.pathname + window.location.search) return;
    if (mode === "push") window.history.pushState({ gridsolve: 1 }, "", address);
    else window.history.replaceState({ gridsolve: 1 }, "", address);
  }).catch((err) => say(err.message, "error"));
  return pending;
}

// ------------------------------------------------------------------ opening an address

/** Open the puzzle (and state) the address names; false when it names none. */
async function openAddress() {
  const params = new URLSearchParams(window.location.search);
  const kind = params.get("kind"), p = params.get("p");
  if (!kind || !p) return false;
  const text = p.includes("\n");  // a canonical text has a header line; a puzz.link body has none
  let doc = await api("/api/open", { source: text ? p : PUZZ_LINK + p, kind });
  const name = params.get("n");
  if (!text && name && doc.name !== name) {  // the URL has no name: put it back on the header line
    const [head, ...rest] = doc.puzzle.split("\n");
    const named = await api("/api/open", { source: [`${head.split(" ").slice(0, 2).join(" ")} ${name}`, ...rest].join("\n"), kind });
    if (named.puzzle.split("\n").slice(1).join("\n") === doc.puzzle.split("\n").slice(1).join("\n")) doc = named;
  }
  bodies.set(doc.puzzle, { p, n: text ? "" : name || "" });
  restoring = true;
  try {
    openDoc(doc);
  } finally {
    restoring = false;
  }
  const s = params.get("s");
  $("share-moves").checked = Boolean(s);
  if (s) {
    try {
      await commit(await unpackState(s), { record: false });
    } catch (err) {
      say(err.message, "error");
      return true;
    }
  }
  say(`opened ${doc.kind} ${doc.rows}x${doc.cols}${doc.name ? " " + doc.name : ""} from the address`
    + (s ? " with the moves" : ""), "ok");
  return true;
}

/** Wire the address: follow the open puzzle, back / forward, the #share button. Opens the puzzle
 * the page's address names (a shared link), before the page says it is ready. */
export async function wireShare() {
  let opened = store.opened;
  let puzzle = null;
  let state = null;
  onChange(() => {
    if (!store.doc) return;
    if (store.opened !== opened) {  // a newly opened or generated puzzle
      opened = store.opened;
      puzzle = store.doc.puzzle;
      state = JSON.stringify(store.state);
      writeAddress(restoring ? "replace" : "push");
    } else if (store.doc.puzzle !== puzzle) {  // the open puzzle edited
      puzzle = store.doc.puzzle;
      writeAddress("replace");
    } else if (withMoves() && JSON.stringify(store.state) !== state) {  // a move, shared with the link
      state = JSON.stringify(store.state);
      clearTimeout(stateTimer);
      stateTimer = setTimeout(() => writeAddress("replace"), 250);
    }
  });
  $("share-moves").addEventListener("change", () => store.doc && writeAddress("replace"));
  window.addEventListener("popstate", () => guarded(null, openAddress));
  $("share").addEventListener("click", (e) => guarded(e.target, async () => {
    if (!store.doc) throw new Error("open a puzzle first");
    await writeAddress("replace");
    const link = new URL(await shareAddress(), window.location.origin).href;
    $("share").dataset.link = link;
    try {
      await navigator.clipboard.writeText(link);
      say(`link copied${withMoves() ? " (with your moves)" : ""}: ${link}`, "ok");
    } catch {
      say(`copy this link${withMoves() ? " (with your moves)" : ""}: ${link}`, "info");
    }
  }));
  await guarded(null, openAddress);
}
