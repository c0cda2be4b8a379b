// Edge matching: take a piece from the tray (tray.js) and click a square to place it; click a placed
// piece to turn it, right click to put it back in the tray. Edit mode: a form for the piece of
// the square under the cursor (its four colours, fixed there as a hint), the number of colours and
// whether pieces turn.

import { el } from "../api.js";
import { cellAt } from "../grid.js";

const SIDES = ["top", "right", "bottom", "left"];

/** The piece the editor shows: the one chosen in the form, else the square's hint, else the piece
 *  placed there, else piece p for square p (row-major, as a resize reads the pieces). */
function pieceOf({ doc, state, memo, cursor }) {
  if (memo.piece) return memo.piece;
  const [r, c] = cursor;
  const hint = (doc.hints || []).find((h) => h[0] === r && h[1] === c);
  if (hint) return hint[2];
  const placed = state.placements[r] && state.placements[r][c];
  return placed ? placed[0] : r * doc.cols + c + 1;
}

function numberInput(id, value, label, max) {
  return el("label", {}, `${label} `, el("input", { id, type: "number", min: "0", max: String(max), value: String(value), class: "narrow" }));
}

/** The edit form, filled for the piece under the cursor. */
function panel(box, ctx) {
  const { doc, cursor, apply, memo } = ctx;
  const piece = pieceOf(ctx);
  const colours = doc.pieces[piece - 1];
  const most = Math.max(doc.colours || 1, ...colours);
  const hint = (doc.hints || []).find((h) => h[0] === cursor[0] && h[1] === cursor[1]);
  const value = (id) => Number(box.querySelector(`#${id}`).value);
  const choose = el("select", { id: "edit-piece" }, doc.pieces.map((_, i) => el("option", { value: String(i + 1) }, `piece ${i + 1}`)));
  choose.value = String(piece);
  choose.addEventListener("change", () => {
    memo.piece = Number(choose.value);
    panel(box, ctx);
  });
  const turn = el("select", { id: "edit-rotation" }, [0, 1, 2, 3].map((k) => el("option", { value: String(k) }, `turned ${k * 90}`)));
  turn.value = String(hint && hint[2] === piece ? hint[3] : 0);
  turn.disabled = doc.rotation === false;
  const turning = el("input", { id: "edit-turning", type: "checkbox" });
  turning.checked = doc.rotation !== false;
  box.replaceChildren(
    el("h3", {}, `Square r${cursor[0] + 1}c${cursor[1] + 1}${hint ? ` (piece ${hint[2]} fixed here)` : ""}`),
    el("div", { class: "row buttons" }, choose, ...SIDES.map((s, i) => numberInput(`edit-${s}`, colours[i], s, 9999)),
      el("button", { id: "edit-piece-apply", type: "button", onclick: () =>
        apply({ op: "piece", piece: Number(choose.value), colours: SIDES.map((s) => value(`edit-${s}`)) }) }, "Set its colours")),
    el("div", { class: "row buttons" }, turn,
      el("button", { id: "edit-hint", type: "button", onclick: () =>
        apply({ op: "hint", cell: cursor, piece: Number(choose.value), rotation: Number(turn.value) }) }, "Fix it on this square"),
      el("button", { id: "edit-unhint", type: "button", disabled: hint ? null : "disabled", onclick: () =>
        apply({ op: "hint", cell: cursor, piece: null }) }, "Unfix the square")),
    el("div", { class: "row buttons" }, numberInput("edit-colours", most, "colours", 99),
      el("button", { id: "edit-colours-apply", type: "button", onclick: () => apply({ op: "colours", n: value("edit-colours") }) },
        "Set the colours"),
      el("label", {}, turning, " pieces turn")),
  );
  turning.addEventListener("change", () => apply({ op: "rotation", value: turning.checked }));
}

export default {
  help: "take a piece from the tray and click a square; click a placed piece to turn it",
  tray: true,  // the page shows the tray of pieces not yet placed

  move(point, button, { doc, state, store, say }) {
    const cell = cellAt(point, doc);
    if (!cell) return null;
    const next = structuredClone(state);
    const [r, c] = cell;
    const here = next.placements[r][c];
    if (store.selected) {
      next.placements[r][c] = [store.selected.piece, store.selected.rotation];
      store.selected = null;  // the piece that was here (if any) goes back to the tray
    } else if (!here) {
      say("pick a piece from the tray first, then click a square", "info");
      return null;
    } else if (button === "right") {
      next.placements[r][c] = null;
    } else if (doc.rotation === false) {
      say("this puzzle's pieces do not turn; right click puts a piece back in the tray", "info");
      return null;
    } else {
      next.placements[r][c] = [here[0], (here[1] + 1) % 4];
    }
    return next;
  },

  empty({ state }) {
    return { placements: state.placements.map((r) => r.map(() => null)) };
  },

  edit: {
    help: "edit: click a square (or move with the arrows) to edit its piece below; New / Resize set the board size",
    click: () => null,  // the cursor moves there: the form shows that square's piece
    key: () => null,
    panel,
  },
};
