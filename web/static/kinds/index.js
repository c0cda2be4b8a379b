// The page's drawing and input code, one module per kind (web/static/kinds/<kind>.js), in one table.
// Each module gives: `help` (the play line), `move(point, button, context)` (the state after a click,
// or null), `empty(context)` (the cleared state), and optionally `drag(fromCell, toCell, context)`
// (a drag between neighbouring cells) and `tray` (the page shows the edge-matching tray).
// `context`: {doc, state, store, say}. A kind without a module is refused with one message.

import edgematching from "./edgematching.js";
import hamiltonian from "./hamiltonian.js";
import masyu from "./masyu.js";
import nurikabe from "./nurikabe.js";
import slitherlink from "./slitherlink.js";

const KINDS = { slitherlink, nurikabe, hamiltonian, edgematching, masyu };

/** The kind's module; an Error naming the kind when the page has none. */
export function kindView(kind) {
  const view = Object.hasOwn(KINDS, kind) ? KINDS[kind] : null;
  if (!view) throw new Error(`the page cannot show ${kind} puzzles: it has no drawing code for them (web/static/kinds/${kind}.js)`);
  return view;
}
