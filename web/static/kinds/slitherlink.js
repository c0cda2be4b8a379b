// Slitherlink: a click on an edge between two dots cycles line, cross, clear.

import { NEXT, nearestEdge } from "../grid.js";

export default {
  help: "click an edge: line, cross, clear (right click: the other way round)",

  /** The state after a click at `point` (grid units), or null when it hits no edge. */
  move(point, button, { doc, state }) {
    const edge = nearestEdge(point, doc.rows, doc.cols);
    if (!edge) return null;
    const [dir, r, c] = edge;
    const next = structuredClone(state);
    next[dir][r][c] = NEXT[button][next[dir][r][c]];
    return next;
  },

  empty({ state }) {
    return { h: state.h.map((r) => r.map(() => 0)), v: state.v.map((r) => r.map(() => 0)) };
  },
};
