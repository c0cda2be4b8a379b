// The page's drawing and input code, one module per kind (web/static/kinds/<kind>.js), in one table.
// Each module gives: `help` (the play line), `move(point, button, context)` (the state after a click,
// or null), `empty(context)` (the cleared state), and optionally `drag(from, to, context)` (a drag
// from cell to cell, or from dot to dot with `dragOn: "dots"`; `context.memo` lasts one drag),
// `tray` (the page shows the edge-matching tray) and `edit` (edit mode, edit.js: `help`,
// `click(cell, button, context)` and `key(key, cursorCell, context)` -> an /api/edit op or null,
// optionally `panel(box, context)`: the kind's own edit form; `context.memo` lasts while the cursor
// stays on its cell, `context.apply(op)` sends an edit).
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
