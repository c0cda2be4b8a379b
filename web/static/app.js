// The page's entry point: load the kinds, wire the panels. Open, save and play live here; the
// other panels have their own modules (generate, rules, solve, experiment).

import { wireAnalysis } from "./analysis.js";
import { $, api, cancelJobs, el, guarded, say } from "./api.js";
import { wireBoard } from "./board.js";
import { wireEdit } from "./edit.js";
import { wireExperiment } from "./experiment.js";
import { wireGenerate } from "./generate.js";
import { wireRules } from "./rules.js";
import { wireShare } from "./share.js";
import { wireSolve } from "./solve.js";
import { kindView } from "./kinds/index.js";
import { emptyState, commit, kindInfo, onChange, openDoc, redo, store, undo } from "./store.js";
import { wireTray } from "./tray.js";
import { wireZoom } from "./zoom.js";

async function open(source, kind) {
  const body = { source };
  if (kind) body.kind = kind;
  const doc = await api("/api/open", body);
  openDoc(doc);
  showEntries(source, doc);
  say(`opened ${doc.kind} ${doc.rows}x${doc.cols}${doc.name ? " " + doc.name : ""}`, "ok");
}

/** A corpus file opened by file:PATH: a list of its puzzles, each opened as file:PATH#ID. */
function showEntries(source, doc) {
  const box = $("entries-box");
  const file = source.startsWith("file:") ? source.split("#")[0] : null;
  box.hidden = !file || !doc.entries || doc.entries.length < 2;
  if (box.hidden) return;
  const select = $("entries");
  select.replaceChildren(...doc.entries.map((id) => el("option", { value: `${file}#${id}` }, id)));
  select.value = `${file}#${doc.name}`;
}

function wireOpen() {
  const samples = $("samples");
  for (const k of store.kinds) {
    const group = el("optgroup", { label: k.kind });
    for (const name of k.samples || []) group.append(el("option", { value: `sample:${k.kind}/${name}` }, name));
    samples.append(group);
    $("open-kind").append(el("option", { value: k.kind }, k.kind));
  }
  $("open-sample").addEventListener("click", (e) => guarded(e.target, () => open(samples.value)));
  $("open").addEventListener("click", (e) => guarded(e.target, () => {
    const text = $("paste").value.trim() ? $("paste").value : $("source").value.trim();
    if (!text) throw new Error("type a URL, a Loopy ID or file:PATH, or paste a file's text");
    return open(text, $("open-kind").value);
  }));
  $("source").addEventListener("keydown", (e) => {
    if (e.key === "Enter") $("open").click();
  });
  $("entries").addEventListener("change", (e) => guarded(null, () => open(e.target.value)));
  $("file").addEventListener("change", (e) => guarded(null, async () => {
    const file = e.target.files[0];
    if (!file) return;
    const text = await file.text();
    try {
      await open(text, $("open-kind").value);
    } catch (err) {
      throw new Error(`${file.name}: ${err.message}`);
    } finally {
      e.target.value = "";
    }
  }));
}

/** The save panel follows the open puzzle: another puzzle (or the open one edited) clears the
 * saved text, the download link and the file name, which were the previous puzzle's. */
function followPuzzle() {
  let opened = null;
  let puzzle = null;
  onChange(() => {
    const now = store.doc ? store.doc.puzzle : null;
    if (store.opened === opened && now === puzzle) return;
    opened = store.opened;
    puzzle = now;
    $("saved").value = "";
    $("save-path").value = "";
    const link = $("download");
    if (link.href) URL.revokeObjectURL(link.href);
    link.removeAttribute("href");
    link.hidden = true;
  });
}

function wireSave() {
  followPuzzle();
  document.addEventListener("kind", (e) => {
    const formats = (e.detail && e.detail.save_formats) || ["pzprv3", "canonical", "url"];
    const select = $("save-format");
    const was = select.value;
    select.replaceChildren(...formats.map((f) => el("option", { value: f }, f === "url" ? "URL" : f)));
    if (formats.includes(was)) select.value = was;
  });
  $("save").addEventListener("click", (e) => guarded(e.target, async () => {
    if (!store.doc) throw new Error("open a puzzle first");
    const format = $("save-format").value;
    const body = { kind: store.doc.kind, puzzle: store.doc.puzzle, state: store.state, format };
    if ($("save-path").value.trim()) body.path = $("save-path").value.trim();
    let answer;
    try {
      answer = await api("/api/save", body);
    } catch (err) {  // the file exists: replace it only if the user says so
      if (!body.path || !err.message.includes("exists")) throw err;
      if (!window.confirm(`${body.path} exists in the server's folder. Replace it?`)) {
        say(`not saved: ${body.path} exists`, "info");
        return;
      }
      answer = await api("/api/save", { ...body, overwrite: true });
    }
    $("saved").value = answer.text;
    const link = $("download");
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([answer.text], { type: "text/plain" }));
    link.download = `${store.doc.name || store.doc.kind}.${format === "url" ? "url.txt" : "txt"}`;
    link.hidden = false;
    say(answer.path ? `saved to ${answer.path}` : `the ${format} text is below`, "ok");
  }));
}

function wirePlay() {
  wireBoard();
  wireTray();
  $("undo").addEventListener("click", () => undo());
  $("redo").addEventListener("click", () => redo());
  $("clear").addEventListener("click", () => store.doc && commit(emptyState()));
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || ["INPUT", "TEXTAREA"].includes(e.target.tagName)) return;
    const key = e.key.toLowerCase();  // with Shift held, the key is "Z"
    if (key === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
    if (key === "y" || (key === "z" && e.shiftKey)) { e.preventDefault(); redo(); }
  });
  onChange(() => {
    $("undo").disabled = !store.past.length;
    $("redo").disabled = !store.future.length;
    $("play-help").textContent = store.doc ? kindView(store.doc.kind).help : "";
  });
}

function wireKind() {
  const select = $("kind");
  for (const k of store.kinds) select.append(el("option", { value: k.kind }, k.kind));
  select.addEventListener("change", () => {
    document.body.dataset.kind = select.value;
    document.dispatchEvent(new CustomEvent("kind", { detail: kindInfo(select.value) }));
  });
}

async function main() {
  const answer = await guarded(null, () => api("/api/kinds"));
  if (!answer) return;
  store.kinds = answer.kinds;
  wireKind();
  wireOpen();
  wireSave();
  wirePlay();
  wireEdit();
  wireGenerate();
  wireRules();
  wireSolve();
  wireAnalysis();
  wireExperiment();
  wireZoom();
  $("cancel").addEventListener("click", () => cancelJobs());
  $("kind").dispatchEvent(new Event("change"));
  await wireShare();  // a shared link's puzzle and state open before the page says it is ready
  document.body.dataset.ready = "1";
}

main();
