// Edge matching: take a piece from the tray (tray.js) and click a square to place it; click a placed
// piece to turn it, right click to put it back in the tray.

import { cellAt } from "../grid.js";

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
};
