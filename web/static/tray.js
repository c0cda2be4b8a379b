// Edge matching: the tray of pieces not yet on the board (pieces are numbered from 1: doc.pieces[0]
// is piece 1). Click a piece to take it in hand, turn it
// with the turn button (or a right click on it), then click a square on the board to place it.

import { $, el } from "./api.js";
import { kindView } from "./kinds/index.js";
import { onChange, store } from "./store.js";

const SVG = "http://www.w3.org/2000/svg";

/** The colour of colour number `n`: the doc's palette when it has one, else an even hue wheel. */
function colour(n) {
  const palette = store.doc.palette;
  if (Array.isArray(palette) && palette[n] !== undefined) return palette[n];
  if (palette && typeof palette === "object" && palette[n] !== undefined) return palette[n];
  return n === 0 ? "#8a8a8a" : `hsl(${(n * 137) % 360} 65% 60%)`;
}

/** A small SVG of piece [top, right, bottom, left] turned `rotation` quarter turns clockwise. */
function pieceSvg(piece, rotation, size = 44) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  const h = size / 2;
  const corners = [[0, 0], [size, 0], [size, size], [0, size]];  // top side runs corner 0 -> 1
  for (let side = 0; side < 4; side++) {
    const [a, b] = [corners[side], corners[(side + 1) % 4]];
    const poly = document.createElementNS(SVG, "polygon");
    poly.setAttribute("points", `${a[0]},${a[1]} ${b[0]},${b[1]} ${h},${h}`);
    poly.setAttribute("fill", colour(piece[(side - rotation + 4) % 4]));
    poly.setAttribute("stroke", "#333");
    poly.setAttribute("stroke-width", "0.6");
    svg.append(poly);
  }
  return svg;
}

function placed() {
  const used = new Set();
  for (const row of store.state.placements) for (const p of row) if (p) used.add(p[0]);
  return used;
}

function render() {
  const box = $("tray");
  const panel = $("tray-panel");
  const on = store.doc && kindView(store.doc.kind).tray && Array.isArray(store.doc.pieces);
  panel.hidden = !on;
  if (!on) return;
  const used = placed();
  $("turn").disabled = store.doc.rotation === false;
  box.replaceChildren();
  store.doc.pieces.forEach((piece, i) => {
    const index = i + 1;
    if (used.has(index)) return;
    const held = store.selected && store.selected.piece === index;
    const button = el("button", {
      class: held ? "piece held" : "piece", type: "button", "data-piece": String(index),
      title: `piece ${index}`,
      onclick: () => {
        store.selected = held ? null : { piece: index, rotation: 0 };
        render();
      },
      oncontextmenu: (e) => {
        e.preventDefault();
        if (store.doc.rotation === false) return;
        store.selected = { piece: index, rotation: held ? (store.selected.rotation + 1) % 4 : 1 };
        render();
      },
    });
    button.append(pieceSvg(piece, held ? store.selected.rotation : 0));
    box.append(button);
  });
  if (!box.children.length) box.append(el("span", { class: "muted" }, "every piece is on the board"));
  $("tray-hint").textContent = store.selected
    ? `piece ${store.selected.piece} in hand, turned ${store.selected.rotation * 90} degrees: click a square`
    : store.doc.rotation === false
      ? "take a piece (these do not turn); right click a placed piece to put it back"
      : "take a piece; on the board, click a placed piece to turn it, right click to put it back";
}

export function wireTray() {
  $("turn").addEventListener("click", () => {
    if (store.selected) store.selected.rotation = (store.selected.rotation + 1) % 4;
    render();
  });
  onChange(render);
}
