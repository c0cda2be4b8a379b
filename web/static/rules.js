// Watch the rules: the next hint (its rule named, the step highlighted by the server), the rule
// cascade or a loaded rule file run to its end with a log of every firing (the seed's debug
// window), and for the labyrinth the rules' moves beside the exact oracle's.

import { api, el, guarded, say } from "./api.js";
import { commit, onChange, store } from "./store.js";

const $ = (id) => document.getElementById(id);
let ruleText = null;

function where(step) {
  const cells = (step.cells || []).map(([r, c]) => `(${r},${c})`);
  const edges = (step.edges || []).map(([d, r, c]) => `${d}(${r},${c})`);
  return [...cells, ...edges].slice(0, 6).join(" ") + (cells.length + edges.length > 6 ? " ..." : "");
}

function log(steps) {
  const list = $("log");
  for (const step of steps) {
    list.append(el("li", {}, el("b", {}, step.rule || "step"), " ", step.message || "", " ",
      el("span", { class: "muted" }, where(step))));
  }
  list.scrollTop = list.scrollHeight;
}

function need() {
  if (!store.doc) throw new Error("open a puzzle first");
  return { kind: store.doc.kind, puzzle: store.doc.puzzle, state: store.state };
}

async function hint() {
  const answer = await api("/api/hint", need());
  if (!answer.rule && !answer.state) {
    say(answer.message || "no rule applies here", "info");
    return;
  }
  $("hint-text").replaceChildren(el("b", {}, answer.rule || "hint"), " ", answer.message || "");
  log([answer]);
  await commit(answer.state, { svg: answer.svg, verdict: answer.verdict });
}

async function cascade(rules) {
  const body = need();
  if (rules) body.rules = rules;
  const answer = await api("/api/rules", body);
  log(answer.log || []);
  const fired = (answer.log || []).length;
  $("hint-text").textContent = `${fired} firing${fired === 1 ? "" : "s"}${rules ? " of the rule file" : " of the cascade"}`;
  await commit(answer.state, { svg: answer.svg, verdict: answer.verdict });
}

function chips(list, cells, other) {
  list.replaceChildren();
  const key = ([r, c]) => `${r},${c}`;
  const others = new Set(other.map(key));
  for (const cell of cells) {
    list.append(el("li", { class: others.has(key(cell)) ? "chip" : "chip only", title: others.has(key(cell))
      ? "both agree" : "only this side" }, `(${cell[0]},${cell[1]})`));
  }
  if (!cells.length) list.append(el("li", { class: "muted" }, "none"));
}

async function moves() {
  if (!store.doc || store.doc.kind !== "hamiltonian") return;
  const answer = await api("/api/moves", { puzzle: store.doc.puzzle, state: store.state });
  chips($("moves-rules"), answer.rules || [], answer.oracle || []);
  chips($("moves-oracle"), answer.oracle || [], answer.rules || []);
}

export function wireRules() {
  $("hint").addEventListener("click", (e) => guarded(e.target, hint));
  $("cascade").addEventListener("click", (e) => guarded(e.target, () => cascade(null)));
  $("run-rules").addEventListener("click", (e) => guarded(e.target, () => cascade(ruleText)));
  $("clear-log").addEventListener("click", () => $("log").replaceChildren());
  $("rules-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    ruleText = file ? await file.text() : null;
    $("run-rules").disabled = !ruleText;
    $("rules-name").textContent = file ? file.name : "";
  });
  $("moves").addEventListener("click", (e) => guarded(e.target, moves));
  let last = null;
  onChange(() => {
    const lab = store.doc && store.doc.kind === "hamiltonian";
    $("moves-panel").hidden = !lab;
    const now = lab ? JSON.stringify([store.doc.puzzle, store.state]) : null;
    if (lab && now !== last) guarded(null, moves);  // the side-by-side follows every step
    last = now;
  });
}
