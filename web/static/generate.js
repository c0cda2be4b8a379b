// Generate: a form built from the kind's generator options (GET /api/kinds), and for Slitherlink
// the loop's growth shown step by step (a slider and a play button), as the seed's program did,
// at the board's size under the board while the generated puzzle is open.

import { $, api, el, guarded, say, showSvg } from "./api.js";
import { onChange, openDoc, store } from "./store.js";

let steps = [];        // the growth pictures sent
let numbers = [];      // the growth step each picture shows
let growthRules = [];  // the growth rule of every step
let timer = null;
let grown = -1;        // store.opened of the generated puzzle the growth belongs to

/** One form field from an option's description: a number, a flag, a choice list or
 *  {"default", "choices" | "min" | "max" | "step" | "help"}. */
function field(name, spec) {
  const desc = spec !== null && typeof spec === "object" && !Array.isArray(spec) ? spec : { default: spec };
  const value = desc.default;
  let input;
  const choices = Array.isArray(spec) ? spec : desc.choices;
  if (choices) {
    input = el("select", { name }, choices.map((c) => el("option", { value: c === null ? "" : String(c) },
      c === null ? "any" : String(c))));
    if (value !== undefined && !Array.isArray(spec)) input.value = value === null ? "" : String(value);
  } else if (typeof value === "boolean") {
    input = el("input", { name, type: "checkbox", checked: value ? "checked" : null });
  } else if (typeof value === "number") {
    input = el("input", { name, type: "number", value: String(value), class: "narrow",
      min: desc.min, max: desc.max, step: desc.step ?? (Number.isInteger(value) ? 1 : "any") });
  } else {
    input = el("input", { name, type: "text", value: value ?? "", placeholder: value === null ? "default" : null,
      class: value === null || String(value).length < 8 ? "narrow" : null });
  }
  input.dataset.kind = Array.isArray(spec) || choices ? "choice" : typeof value;
  return el("label", { title: desc.help || "" }, name.replaceAll("_", " "), " ", input);
}

function options() {
  const out = {};
  for (const input of $("generate-options").querySelectorAll("[name]")) {
    const kind = input.dataset.kind;
    if (kind === "boolean") out[input.name] = input.checked;
    else if (input.value === "") out[input.name] = null;
    else if (kind === "number" || (kind !== "string" && !Number.isNaN(Number(input.value)))) out[input.name] = Number(input.value);
    else out[input.name] = input.value;
  }
  return out;
}

function showStep(i) {
  $("growth-step").value = String(i);
  const at = numbers[i] ?? i;
  const rule = at > 0 && growthRules[at - 1] ? `, by growth rule ${growthRules[at - 1]}` : "";
  $("growth-label").textContent = `step ${at} of ${numbers[numbers.length - 1] ?? steps.length - 1}${rule}`;
  showSvg($("growth-view"), steps[i]);
  $("growth-view").dataset.step = String(i);
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("growth-play").textContent = "Play";
}

function play() {
  if (timer) return stop();
  let i = Number($("growth-step").value);
  if (i >= steps.length - 1) i = -1;
  $("growth-play").textContent = "Pause";
  timer = setInterval(() => {
    i += 1;
    showStep(i);
    if (i >= steps.length - 1) stop();
  }, 350);
}

export function wireGenerate() {
  document.addEventListener("kind", (e) => {
    const form = $("generate-options");
    form.replaceChildren();
    const opts = (e.detail && e.detail.generate_options) || {};
    for (const [name, spec] of Object.entries(opts)) form.append(field(name, spec));
    $("generate-panel").querySelector("h2").textContent = e.detail ? `Generate ${e.detail.kind}` : "Generate";
    const able = Boolean(e.detail && (e.detail.features || []).includes("generate"));
    $("generate").hidden = !able;  // a kind without a generator (Masyu)
    if (!able && e.detail) form.append(el("span", { class: "muted" }, `no generator for ${e.detail.kind} puzzles`));
  });
  $("generate").addEventListener("click", (e) => guarded(e.target, async () => {
    stop();
    const kind = $("kind").value;
    say(`generating a ${kind} puzzle...`, "info");
    const doc = await api("/api/generate", { kind, options: options() });
    openDoc(doc);
    grown = store.opened;
    steps = doc.steps || [];
    numbers = doc.step_numbers || [];
    growthRules = doc.growth_rules || [];
    $("growth").hidden = !steps.length;
    if (steps.length) {
      $("growth-step").max = String(steps.length - 1);
      showStep(steps.length - 1);
    }
    say(`generated ${doc.kind} ${doc.rows}x${doc.cols}${steps.length ? `, ${steps.length} growth steps` : ""}`, "ok");
  }));
  $("growth-step").addEventListener("input", (e) => {
    stop();
    showStep(Number(e.target.value));
  });
  $("growth-play").addEventListener("click", play);
  onChange(() => {  // another puzzle opened: the growth was the generated one's
    if (store.opened !== grown && !$("growth").hidden) {
      stop();
      $("growth").hidden = true;
    }
  });
}
