// Solve and explain: a backend and a timeout, solve (timed end to end in the page; "solved" only
// for a unique puzzle), count and explain the puzzle -- never the drawing (the Analysis panel's
// "Check my drawing" judges that) -- with the backbone and several solutions stepped through with
// their differences highlighted by /api/diff, minimize the numbers, retrieve the numbers of the
// drawn loop, grade.

import { $, api, el, guarded, say, showSvg } from "./api.js";
import { backend, clone, commit, kindInfo, onChange, onDocKind, openDoc, store } from "./store.js";

let explained = null;  // the last /api/explain answer
let shown = 0;         // the solution shown

function need() {
  if (!store.doc) throw new Error("open a puzzle first");
  return { kind: store.doc.kind, puzzle: store.doc.puzzle };
}

function result(...parts) {
  $("solve-result").replaceChildren(...parts);
}

async function solve() {
  const body = need();
  body.backend = $("backend").value || undefined;
  body.timeout = Number($("timeout").value) || undefined;
  const t0 = performance.now();
  const answer = await api("/api/solve", body);
  if (answer.state) await commit(answer.state, { svg: answer.svg, verdict: answer.verdict });
  const ms = performance.now() - t0;  // click to painted board, in the browser
  if (answer.status !== "solved") say(`${answer.backend}: ${answer.status}${answer.message ? " -- " + answer.message : ""}`, "info");
  const box = $("solve-result");
  box.dataset.ms = ms.toFixed(1);
  box.dataset.unique = String(answer.unique);
  result(el("b", {}, solvedLabel(answer)), ` by ${answer.backend}: solver ${(answer.seconds * 1000).toFixed(0)} ms, `,
    `in the page ${ms.toFixed(0)} ms`, answer.message ? el("div", { class: "muted" }, answer.message) : "");
}

/** What a solve found, said of the puzzle: "solved" only when its solution is the only one. */
function solvedLabel(answer) {
  if (answer.status !== "solved") return answer.status;
  if (answer.unique === true) return "solved -- the unique solution";
  if (answer.unique === false) return "one solution of several (not unique)";
  return "a solution (uniqueness not settled in time)";
}

async function showSolution(i) {
  const sols = explained.solutions;
  shown = (i + sols.length) % sols.length;
  const listed = sols.length < explained.count || !explained.exhausted ? " listed" : "";
  $("sol-label").textContent = `solution ${shown + 1} of ${sols.length}${listed}`;
  if (sols.length < 2) {
    $("explain-caption").textContent = "the only solution";
    showSvg($("explain-view"), (await api("/api/diff", { ...need(), a: sols[0], b: sols[0] })).svg);
    return;
  }
  const other = shown === 0 ? 1 : shown - 1;
  const answer = await api("/api/diff", { ...need(), a: sols[shown], b: sols[other] });
  $("explain-caption").textContent = `solution ${shown + 1}; highlighted: where it differs from solution ${other + 1}`;
  showSvg($("explain-view"), answer.svg);
  const differs = (answer.differs.cells || []).length + (answer.differs.edges || []).length;
  $("explain-caption").textContent += ` (${differs} element${differs === 1 ? "" : "s"})`;
  $("explain-view").dataset.differs = String(differs);
  $("explain-view").dataset.shown = String(shown);
}

async function explain() {
  const body = { ...need(), limit: 10 };  // the puzzle's solutions: the drawing has "Check my drawing"
  explained = await api("/api/explain", body);
  const n = explained.count;
  result(el("b", {}, explained.unique ? "unique" : n === 0 ? "no solution" : "not unique"),
    ` -- ${n}${explained.exhausted ? "" : " or more"} solution${n === 1 ? "" : "s"}`);
  $("explain-box").hidden = !explained.solutions || !explained.solutions.length;
  $("explain-box").dataset.count = String((explained.solutions || []).length);
  if (explained.solutions && explained.solutions.length) await showSolution(0);
}

function backbone() {
  if (!explained) return;
  $("explain-caption").textContent = "the backbone: what every solution shares; the rest is marked";
  showSvg($("explain-view"), explained.backbone_svg);
  $("explain-view").dataset.shown = "backbone";
}

async function minimize() {
  const answer = await api("/api/minimize", { ...need(), seconds: Number($("timeout").value) || undefined });
  openDoc(answer.doc);
  say(`removed ${answer.removed} numbers, kept ${answer.kept}; the solution stays unique`
    + (answer.complete === false ? " (stopped at the time limit)" : ""), "ok");
}

async function numbers() {
  const doc = await api("/api/numbers", { ...need(), state: store.state });
  const state = clone(store.state);
  openDoc(doc);
  await commit(state, { record: false });
  say("the numbers of the drawn loop are on the board", "ok");
}

async function grade() {
  const answer = await api("/api/grade", need());
  const details = answer.details && typeof answer.details === "object"
    ? Object.entries(answer.details).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ")
    : answer.details || "";
  result(el("b", {}, `grade ${answer.grade}`), " ", el("span", { class: "muted" }, details));
}

function fillBackends(info) {
  const select = $("backend");
  select.replaceChildren();
  if (!info) return;
  for (const b of info.backends.map(backend)) {
    select.append(el("option", { value: b.name, disabled: b.available ? null : "disabled", title: b.description || b.why },
      b.name === info.default_backend ? `${b.name} (default)` : b.name));
  }
  select.value = info.default_backend;
}

export function wireSolve() {
  onDocKind(fillBackends);
  $("solve").addEventListener("click", (e) => guarded(e.target, solve));
  $("explain").addEventListener("click", (e) => guarded(e.target, explain));
  $("grade").addEventListener("click", (e) => guarded(e.target, grade));
  $("minimize").addEventListener("click", (e) => guarded(e.target, minimize));
  $("numbers").addEventListener("click", (e) => guarded(e.target, numbers));
  $("show-backbone").addEventListener("click", backbone);
  $("sol-prev").addEventListener("click", (e) => guarded(e.target, () => showSolution(shown - 1)));
  $("sol-next").addEventListener("click", (e) => guarded(e.target, () => showSolution(shown + 1)));
  $("given").addEventListener("click", () => store.doc && store.doc.given && commit(clone(store.doc.given)));
  $("sol-use").addEventListener("click", () => explained && commit(clone(explained.solutions[shown])));
  let puzzle = null;
  onChange(() => {
    const has = new Set((store.doc && (kindInfo() || {}).features) || []);  // the kind's optional requests
    $("minimize").hidden = !has.has("minimize");
    $("numbers").hidden = !has.has("numbers");
    $("given").hidden = !(store.doc && store.doc.given);
    $("grade").hidden = !has.has("grade");
    if (store.doc && store.doc.puzzle !== puzzle) {  // a new puzzle: forget the old explanation
      puzzle = store.doc.puzzle;
      explained = null;
      $("explain-box").hidden = true;
      result();
    }
  });
}
