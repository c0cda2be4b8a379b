// The board's zoom (#zoom, a range in percent): scales the board's picture from half to twice its
// fitted size; the board panel scrolls when the picture outgrows it. Kept for this browser.

import { $ } from "./api.js";

const ZOOM_KEY = "gridsolve-zoom";

function apply(percent) {
  $("board").style.setProperty("--zoom", String(percent / 100));
  $("board").dataset.zoom = String(percent);
  $("zoom-label").textContent = `${percent}%`;
}

export function wireZoom() {
  const input = $("zoom");
  const kept = Number(localStorage.getItem(ZOOM_KEY));
  if (kept >= Number(input.min) && kept <= Number(input.max)) input.value = String(kept);
  apply(Number(input.value));
  input.addEventListener("input", () => {
    apply(Number(input.value));
    localStorage.setItem(ZOOM_KEY, input.value);
  });
}
