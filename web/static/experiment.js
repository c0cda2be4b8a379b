// Experiments: a small batch (shipped samples or generated puzzles) against the chosen backends,
// polled for a live progress bar, then the report's plots drawn by the project's plot code.

import { $, api, el, guarded, showSvg, track, untrack } from "./api.js";
import { backend } from "./store.js";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function table(rows) {
  const box = $("exp-rows");
  box.replaceChildren();
  if (!rows.length) return;
  const columns = Object.keys(rows[0]).filter((k) => typeof rows[0][k] !== "object");
  box.append(el("tr", {}, columns.map((c) => el("th", {}, c))));
  for (const row of rows.slice(-12)) {
    box.append(el("tr", {}, columns.map((c) => el("td", {},
      typeof row[c] === "number" && !Number.isInteger(row[c]) ? row[c].toFixed(3) : String(row[c])))));
  }
}

async function run() {
  const kind = $("kind").value;
  const backends = [...$("exp-backends").querySelectorAll("input:checked")].map((i) => i.value);
  if (!backends.length) throw new Error("tick at least one backend");
  const { job } = await api("/api/experiment", {
    kind, source: $("exp-source").value, n: Number($("exp-n").value), backends,
    timeout: Number($("exp-timeout").value),
  });
  const bar = $("exp-progress");
  bar.hidden = false;
  $("exp-plots").replaceChildren();
  track(job, "experiment");
  try {
    await follow(job, bar);
  } finally {
    untrack(job);
  }
}

async function follow(job, bar) {
  for (;;) {
    const status = await api(`/api/experiment/${job}`);
    bar.max = Math.max(status.total, 1);
    bar.value = status.done;
    $("exp-label").textContent = `${status.done} / ${status.total}`;
    table(status.rows || []);
    if (status.state === "cancelled") throw new Error("cancelled: the experiment was stopped");
    if (status.error) throw new Error(`the experiment failed: ${status.error}`);
    if (status.finished) {
      for (const plot of status.plots || []) {
        const box = el("div", { class: "picture", title: "click to enlarge", onclick: () => box.classList.toggle("zoom") });
        showSvg($("exp-plots").appendChild(box), plot);
      }
      $("exp-label").textContent = `done: ${status.done} runs`;
      return;
    }
    await sleep(400);
  }
}

export function wireExperiment() {
  document.addEventListener("kind", (e) => {
    const box = $("exp-backends");
    box.replaceChildren();
    if (!e.detail) return;
    for (const b of e.detail.backends.map(backend).filter((x) => x.available)) {
      box.append(el("label", { title: b.description || "" }, el("input", { type: "checkbox", value: b.name,
        checked: b.name === e.detail.default_backend ? "checked" : null }), b.name));
    }
  });
  $("exp-run").addEventListener("click", (e) => guarded(e.target, run));
}
