// The author's live analysis (web/analysis.py, the Analysis panel): after each change of the
// *puzzle* (debounced), a job /api/analyze counts its solutions, finds what every solution shares
// (the backbone) and where they differ, and grades it once unique; a newer change cancels the
// stale job. The backbone and the differing elements are drawn over the board after every paint
// (the server sends them as SVG in the board's coordinates). "Suggest a clue" proposes the clue
// that removes the most ambiguity, shown on the board, applied with one click; on a unique
// puzzle "Minimize" removes clues keeping it unique. "Check my drawing" judges the drawing alone.

import { $, api, cancelJob, guarded, newJobId, say } from "./api.js";
import { kindInfo, onChange, replacePuzzle, store } from "./store.js";

const DEBOUNCE_MS = 150;   // a burst of edits starts one analysis
const TIMEOUT_S = 10;      // an analysis's time budget on the server
const LIMIT = 50;          // solutions counted before "at least 50": the backbone of a very
                           // ambiguous puzzle comes three times sooner than at the server's 200
const KILL_AFTER_S = 0.6;  // a stale running job younger than this is left to finish
const SVG_NS = "http://www.w3.org/2000/svg";

let seen = null;         // the puzzle text last analysed (or being analysed)
let timer = null;        // the debounce
let running = null;      // {job, puzzle} of the analysis in flight
let shown = null;        // {puzzle, overlay} drawn over the board
let suggestion = null;   // the last /api/suggest answer, for the puzzle it was made for

/** Counters the tests read: analyses started, answered and shown (finished), answered too late
 * (dropped), cancelled (analyses and gradings). */
function count(name) {
  const panel = $("analysis-panel");
  panel.dataset[name] = String((Number(panel.dataset[name]) || 0) + 1);
}

function features() {
  return new Set((store.doc && (kindInfo() || {}).features) || []);
}

/** Draw the overlays (analysis, suggestion) over the board's SVG, whatever painted it last. */
function drawOverlay() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const old of svg.querySelectorAll(":scope > g.analysis-overlay, :scope > g.suggestion")) old.remove();
  const puzzle = store.doc && store.doc.puzzle;
  const parts = [];
  if (shown && shown.puzzle === puzzle && $("analysis-show").checked) parts.push(shown.overlay);
  if (suggestion && suggestion.puzzle === puzzle) parts.push(suggestion.answer.overlay);
  for (const text of parts) {
    const parsed = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}">${text}</svg>`, "image/svg+xml");
    for (const g of parsed.documentElement.children) svg.append(document.importNode(g, true));
  }
}

/** A newer change: the job in flight is of no use. A queued one is cancelled at once; a running
 * one is left up to KILL_AFTER_S to finish (its answer dropped), since cancelling a running job
 * kills its worker process and the next analysis would wait for a new one to start. */
function stale() {
  if (!running) return;
  const { job, what } = running;
  running = null;
  retire(job, 0, what);
}

async function retire(job, tries, what) {
  let s = null;
  try {
    const r = await fetch(`/api/jobs/${job}`);
    s = r.ok ? await r.json() : null;
  } catch {
    s = null;
  }
  if (s === null && tries < 3) {  // not at the server yet
    setTimeout(() => retire(job, tries + 1, what), 150);
    return;
  }
  if (s && (s.state === "done" || s.state === "cancelled")) {
    if (s.state === "done" && what === "analysis") count("dropped");
    return;
  }
  if (s && s.state === "running" && (s.seconds || 0) < KILL_AFTER_S) {
    setTimeout(() => retire(job, tries, what), (KILL_AFTER_S - (s.seconds || 0)) * 1000 + 20);
    return;
  }
  count("cancelled");
  await cancelJob(job);
}

function puzzleChanged() {
  const puzzle = store.doc ? store.doc.puzzle : null;
  if (puzzle === seen) return;
  seen = puzzle;
  clearTimeout(timer);
  stale();  // a newer change: the analysis of the old puzzle is of no use
  const panel = $("analysis-panel");
  panel.dataset.changedAt = String(performance.now());
  panel.dataset.state = puzzle ? "waiting" : "";
  $("analysis-count").textContent = puzzle ? "counting..." : "open a puzzle";
  $("analysis-grade").textContent = "";
  $("suggest-text").textContent = "";
  $("suggest-apply").hidden = true;
  $("analysis-minimize").hidden = true;
  $("check-drawing-result").textContent = "";
  suggestion = null;
  drawOverlay();
  const has = features();
  $("suggest").hidden = !has.has("suggest");
  $("suggest").disabled = true;  // until the count says the puzzle is ambiguous
  if (puzzle) timer = setTimeout(() => analyze(store.doc), DEBOUNCE_MS);
}

async function analyze(doc) {
  const job = newJobId();
  running = { job, puzzle: doc.puzzle, what: "analysis" };
  count("started");
  $("analysis-panel").dataset.state = "running";
  let answer;
  const body = { kind: doc.kind, puzzle: doc.puzzle, timeout: TIMEOUT_S, limit: LIMIT, grade: false };
  try {
    answer = await api("/api/analyze", body, { job, quiet: true });
  } catch (err) {
    if (!running || running.job !== job) return;  // cancelled by a newer change
    running = null;
    $("analysis-panel").dataset.state = "error";
    $("analysis-count").textContent = `not counted: ${err.message}`;
    return;
  }
  if (!running || running.job !== job) return;
  running = null;
  count("finished");
  show(doc.puzzle, answer);
  if (answer.label === "unique" && features().has("grade")) await grade(doc);
}

/** The grade of a unique puzzle, after its count and backbone are painted (grading takes longer
 * than counting); a job cancelled by a newer change like the analysis. */
async function grade(doc) {
  const job = newJobId();
  running = { job, puzzle: doc.puzzle, what: "grade" };
  $("analysis-grade").textContent = "grading...";
  try {
    const answer = await api("/api/grade", { kind: doc.kind, puzzle: doc.puzzle, timeout: TIMEOUT_S },
      { job, quiet: true });
    if (!running || running.job !== job) return;
    $("analysis-grade").textContent = `grade: ${answer.grade}`;
  } catch (err) {
    if (!running || running.job !== job) return;
    $("analysis-grade").textContent = `not graded: ${err.message}`;
  } finally {
    if (running && running.job === job) running = null;
  }
}

function show(puzzle, answer) {
  const panel = $("analysis-panel");
  const parts = [answer.label];
  if (!answer.complete) parts.push("(backbone cut short by the time limit)");
  $("analysis-count").textContent = parts.join(" ");
  $("analysis-count").dataset.label = answer.label;
  $("analysis-grade").textContent = answer.grade !== undefined ? `grade: ${answer.grade}` : "";
  const has = features();
  $("suggest").disabled = !(answer.count >= 2);
  $("analysis-minimize").hidden = !(answer.label === "unique" && has.has("minimize"));
  const fixed = answer.backbone.cells.length + answer.backbone.edges.length;
  const differs = answer.differs.cells.length + answer.differs.edges.length;
  $("analysis-detail").textContent = answer.count
    ? `${fixed} element${fixed === 1 ? "" : "s"} shared by every solution (teal), ${differs} differ (orange); ${(answer.seconds * 1000).toFixed(0)} ms`
    : "";
  shown = { puzzle, overlay: answer.overlay };
  drawOverlay();
  panel.dataset.state = "done";
  panel.dataset.analyzed = puzzle;
  panel.dataset.latency = String(performance.now() - Number(panel.dataset.changedAt));
  panel.dataset.serverMs = String(answer.seconds * 1000);  // of it, the analysis itself
}

async function suggest() {
  if (!store.doc) throw new Error("open a puzzle first");
  const { kind, puzzle } = store.doc;
  $("suggest-text").textContent = "looking for a clue...";
  let answer;
  try {
    answer = await api("/api/suggest", { kind, puzzle, timeout: TIMEOUT_S });
  } catch (err) {
    $("suggest-text").textContent = "";
    throw err;
  }
  if (!store.doc || store.doc.puzzle !== puzzle) return;  // edited meanwhile
  suggestion = { puzzle, answer };
  const [r, c] = answer.cell;
  const before = answer.before_exact ? `${answer.before}` : `at least ${answer.before}`;
  $("suggest-text").textContent =
    `${answer.value} at r${r + 1}c${c + 1}: ${before} solutions -> ${answer.after}`;
  $("suggest-apply").hidden = false;
  drawOverlay();
}

function apply() {
  if (!suggestion || !store.doc || suggestion.puzzle !== store.doc.puzzle) return;
  replacePuzzle(suggestion.answer.doc);
  say("the suggested clue is on the board", "ok");
}

async function minimize() {
  if (!store.doc) throw new Error("open a puzzle first");
  const answer = await api("/api/minimize", { kind: store.doc.kind, puzzle: store.doc.puzzle });
  replacePuzzle(answer.doc);  // the analysis of the smaller puzzle follows, with its grade
  say(`removed ${answer.removed} clues, kept ${answer.kept}; still unique`
    + (answer.complete === false ? " (stopped at the time limit)" : ""), "ok");
}

async function checkDrawing() {
  if (!store.doc) throw new Error("open a puzzle first");
  const { kind, puzzle } = store.doc;
  const answer = await api("/api/check-drawing", { kind, puzzle, state: store.state });
  const v = answer.verdict;
  const text = v.status === "solved" ? "your drawing is a solution"
    : v.status === "violated" ? `your drawing breaks a rule: ${v.violations[0].message}`
      : answer.completable === true ? "no rule broken; your drawing can still be completed"
        : answer.completable === false ? "no rule broken yet, but no solution completes your drawing"
          : "no rule broken; whether it can be completed was not settled in time";
  $("check-drawing-result").textContent = text;
  $("check-drawing-result").dataset.completable = String(answer.completable);
}

export function wireAnalysis() {
  onChange(puzzleChanged);
  new MutationObserver(drawOverlay).observe($("board"), { childList: true });
  $("analysis-show").addEventListener("change", drawOverlay);
  $("suggest").addEventListener("click", (e) => guarded(e.target, suggest));
  $("suggest-apply").addEventListener("click", apply);
  $("analysis-minimize").addEventListener("click", (e) => guarded(e.target, minimize));
  $("check-drawing").addEventListener("click", (e) => guarded(e.target, checkDrawing));
}
