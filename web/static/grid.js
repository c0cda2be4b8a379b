// What the kinds' drawing code shares: points in grid units (cell (r, c) spans [c, c+1) x [r, r+1)),
// the cell under a point, the edge nearest to it, and the mark cycle of a click.

// left click: unknown -> line/wall -> cross/dot -> unknown; right click: the other way round
export const NEXT = { left: { 0: 1, 1: -1, "-1": 0 }, right: { 0: -1, "-1": 1, 1: 0 } };

export const same = (a, b) => a[0] === b[0] && a[1] === b[1];
export const adjacent = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;

/** A line state ({h, v}: Slitherlink's edges, Masyu's links) with every segment cleared. */
export const clearedLines = ({ h, v }) => ({ h: h.map((r) => r.map(() => 0)), v: v.map((r) => r.map(() => 0)) });

/** The segment ["h"|"v", r, c] joining two points one step apart in a row or column (two dots of
 *  Slitherlink, two cells of Masyu): "h" joins (r, c)-(r, c+1), "v" (r, c)-(r+1, c). */
export function segmentBetween(a, b) {
  return a[0] === b[0] ? ["h", a[0], Math.min(a[1], b[1])] : ["v", Math.min(a[0], b[0]), a[1]];
}

/** A line kind's click: the segment `nearest(point, doc)` finds cycles line, cross, clear (right
 *  click: the other way round); null when the click hits no segment. */
export function lineClick(nearest) {
  return (point, button, { doc, state }) => {
    const segment = nearest(point, doc);
    if (!segment) return null;
    const [dir, r, c] = segment;
    const next = structuredClone(state);
    next[dir][r][c] = NEXT[button][next[dir][r][c]];
    return next;
  };
}

/** What a kind drawing lines on a lattice takes from here: `move` (a click on the segment
 *  `nearest(point, doc)` finds) and `empty` (every segment cleared). */
export const lineKind = (nearest) => ({ move: lineClick(nearest), empty: ({ state }) => clearedLines(state) });

/** Edit mode for a kind whose clues sit in cells: a click cycles `values` (from `valueAt(doc,
 *  cell)`), a key sets `keyValue(key)` when it names one, Backspace / Delete / space clear. */
export function cellClueEditor({ help, values, valueAt, keyValue }) {
  return {
    help,
    click: (cell, button, { doc }) => ({ op: "clue", cell, value: cycle(values, valueAt(doc, cell), button) }),
    key(key, cell) {
      const value = keyValue(key);
      if (value !== undefined) return { op: "clue", cell, value };
      if (key === "Backspace" || key === "Delete" || key === " ") return { op: "clue", cell, value: null };
      return null;
    },
  };
}

/** The value after `current` in `values`, round (a right click: the one before). */
export function cycle(values, current, button) {
  const i = values.indexOf(current);
  return values[(i + (button === "right" ? values.length - 1 : 1)) % values.length];
}

/** The cell [r, c] under a point of the doc's board, or null off the grid. */
export function cellAt({ x, y }, doc) {
  const r = Math.floor(y), c = Math.floor(x);
  return r >= 0 && r < doc.rows && c >= 0 && c < doc.cols ? [r, c] : null;
}

/** The edge ["h"|"v", r, c] of a lattice of `rows` x `cols` unit squares nearest to the point,
 *  or null when none is within 0.45: "h" edges join (r, c)-(r, c+1), "v" edges (r, c)-(r+1, c). */
export function nearestEdge({ x, y }, rows, cols) {
  const candidates = [];
  const hr = Math.round(y), hc = Math.floor(x);
  if (hr >= 0 && hr <= rows && hc >= 0 && hc < cols) candidates.push({ d: Math.abs(y - hr), edge: ["h", hr, hc] });
  const vr = Math.floor(y), vc = Math.round(x);
  if (vr >= 0 && vr < rows && vc >= 0 && vc <= cols) candidates.push({ d: Math.abs(x - vc), edge: ["v", vr, vc] });
  candidates.sort((a, b) => a.d - b.d);
  return candidates.length && candidates[0].d < 0.45 ? candidates[0].edge : null;
}

/** The token of cell [r, c] in the doc's canonical text. */
export const cellToken = (doc, [r, c]) => gridLines(doc)[r].trim().split(/\s+/)[c];

/** The doc's grid lines after its header line `kind RxC` (its canonical text), comments left out. */
export function gridLines(doc) {
  const lines = doc.puzzle.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  const start = lines.findIndex((l) => l.startsWith(doc.kind));
  return lines.slice(start + 1, start + 1 + doc.rows);
}
