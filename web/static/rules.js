// Watch the rules: the next hint (its rule named, the step highlighted by the server), the rule
// cascade or a loaded rule file run to its end with a log of every firing (the seed's debug
// window), and for the labyrinth the rules' moves beside the exact oracle's.

import { $, api, el, guarded, say } from "./api.js";
import { commit, kindInfo, onChange, onDocKind, paint, store } from "./store.js";

let ruleText = null;

/** Does the kind (its /api/kinds entry) have the optional feature `name` (moves, rule_file...)? */
const has = (info, name) => Boolean(info && (info.features || []).includes(name));

/** A cell as the server's messages name it: r1c1 is the top-left cell. */
const cellName = ([r, c]) => `r${r + 1}c${c + 1}`;

function log(steps) {
  const list = $("log");
  for (const step of steps) list.append(el("li", {}, el("b", {}, step.rule || "step"), " ", step.message || ""));
  list.scrollTop = list.scrollHeight;
}

/** A step's answer on the board: a new state is recorded, an unchanged one only repainted. */
async function show(answer) {
  if (JSON.stringify(answer.state) === JSON.stringify(store.state)) paint(answer.svg, answer.verdict);
  else await commit(answer.state, { svg: answer.svg, verdict: answer.verdict });
}

function need() {
  if (!store.doc) throw new Error("open a puzzle first");
  const body = { kind: store.doc.kind, puzzle: store.doc.puzzle, state: store.state };
  if ($("hint-by").value) body.by = $("hint-by").value;
  if (has(kindInfo(), "rule_groups") && $("rule-group").value.trim()) body.group = $("rule-group").value.trim();
  return body;
}

async function hint() {
  const answer = await api("/api/hint", need());
  if (!answer.rule) {  // nothing deduced: say why, the board stays
    $("hint-text").textContent = answer.message || "no rule applies here";
    say(answer.message || "no rule applies here", "info");
    return;
  }
  $("hint-text").replaceChildren(el("b", {}, answer.rule || "hint"), " ", answer.message || "");
  log([answer]);
  await show(answer);
}

async function cascade(rules) {
  const body = need();
  if (rules) {
    body.rules = rules;
    body.by = "seed";  // a rule file is the seed's rules
  }
  const answer = await api("/api/rules", body);
  log(answer.log || []);
  const fired = (answer.log || []).length;
  $("hint-text").textContent = `${fired} firing${fired === 1 ? "" : "s"}${rules ? " of the rule file" : ""}`
    + (answer.finished === false ? " (stopped by the time limit)" : "");
  await show(answer);
}

const key = ([r, c]) => `${r},${c}`;

function chips(list, cells, other, counts = {}) {
  list.replaceChildren();
  const others = new Set(other.map(key));
  for (const cell of cells) {
    const n = counts[key(cell)];
    list.append(el("li", { class: others.has(key(cell)) ? "chip" : "chip only", "data-cell": key(cell),
      title: `${others.has(key(cell)) ? "both sides" : "only this side"}; click to walk there`,
      onclick: () => commit({ ...store.state, path: [...store.state.path, cell] }) },
    `${cellName(cell)}${n !== undefined ? `: ${n} completion${n === 1 ? "" : "s"}` : ""}`));
  }
  if (!cells.length) list.append(el("li", { class: "muted" }, "none"));
}

async function moves() {
  if (!store.doc || !has(kindInfo(), "moves")) return;
  const body = { puzzle: store.doc.puzzle, state: store.state };
  if ($("rule-group").value.trim()) body.group = $("rule-group").value.trim();
  const answer = await api("/api/moves", body);
  const oracle = answer.oracle || [];
  if (answer.rules === null) {  // not the author's board: his rules do not apply
    $("moves-rules").replaceChildren(el("li", { class: "muted" }, "the author's rules do not apply here"));
  } else {
    chips($("moves-rules"), answer.rules, oracle);
  }
  chips($("moves-oracle"), oracle, answer.rules || oracle, answer.counts || {});
  $("moves-forbidden").replaceChildren(...(answer.forbidden || []).map((f) =>
    el("li", {}, f.cell ? `${cellName(f.cell)} forbidden by ${f.rule}` : f.rule)));
  $("moves-method").textContent = answer.method ? `by ${answer.method}` : "";
}

export function wireRules() {
  const follow = (info) => {
    const by = info ? info.hint_by || [] : [];
    $("hint-by").replaceChildren(...by.map((b) => el("option", { value: b }, b)));
    $("hint-by").parentElement.hidden = by.length < 2;
    $("group-label").hidden = !has(info, "rule_groups");
    $("rule-file-box").hidden = !has(info, "rule_file");
    $("cascade").textContent = has(info, "rule_file") ? "Run the rules" : "Run the cascade";
  };
  follow(null);
  onDocKind(follow);
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
  let puzzle = null;
  onChange(() => {
    if (store.doc && store.doc.puzzle !== puzzle) {  // a new puzzle: a fresh log
      puzzle = store.doc.puzzle;
      $("log").replaceChildren();
      $("hint-text").textContent = "";
    }
    const lab = Boolean(store.doc) && has(kindInfo(), "moves");
    $("moves-panel").hidden = !lab;
    const now = lab ? JSON.stringify([store.doc.puzzle, store.state]) : null;
    if (lab && now !== last) guarded(null, moves);  // the side-by-side follows every step
    last = now;
  });
}
