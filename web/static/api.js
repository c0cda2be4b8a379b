// The server's JSON API, the page's jobs and its message bar. Every call goes through `api`, which
// sends the per-launch token and turns an HTTP error into an Error carrying the server's one-line
// `error` text. Calls that run a solver, the rules or a generator are jobs of the server: named by
// the page (a header), shown with their place in the queue, and cancelled by the Cancel button.

const TOKEN_KEY = "gridsolve-token";
// the work endpoints (docs/serve.md): queued as jobs by the server
const JOBS = new Set(["solve", "explain", "hint", "rules", "moves", "minimize", "grade", "generate",
  "analyze", "suggest", "check-drawing"]);
const jobs = new Map();  // job id -> what it is, for the job bar

/** The per-launch token: taken once from the address gridsolve serve opened (?token=...), kept
 * for this tab in sessionStorage and for this origin in localStorage (so that a shared link opened
 * in a new tab of the same browser works: docs/serve.md, Security), and dropped from the address
 * bar. A tab keeps the token it was given; a new tab takes the origin's latest one. */
function takeToken() {
  const url = new URL(window.location.href);
  const given = url.searchParams.get("token");
  if (given) {
    sessionStorage.setItem(TOKEN_KEY, given);
    localStorage.setItem(TOKEN_KEY, given);
    url.searchParams.delete("token");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
  const kept = sessionStorage.getItem(TOKEN_KEY) || localStorage.getItem(TOKEN_KEY);
  if (kept) sessionStorage.setItem(TOKEN_KEY, kept);
  return kept;
}

/** What to do when the server refuses the page's token (none, or another launch's). */
const NO_TOKEN = "this browser has no token for this server: open the address gridsolve serve printed "
  + "(it carries ?token=...) once, then shared links work in any tab of this browser";

const token = takeToken();

export function newJobId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function post(body, job) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Gridsolve-Token"] = token;
  if (job) headers["X-Gridsolve-Job"] = job;
  return { method: "POST", headers, body: JSON.stringify(body) };
}

/** Call the API. A work endpoint is a job of the server, shown in the job bar; `options.job`
 * names it (to cancel it later with `cancelJob`), `options.quiet` keeps it out of the bar (the
 * live analysis, which runs after every edit). */
export async function api(path, body, options = {}) {
  const name = path.replace(/^\/api\//, "");
  const job = body !== undefined && JOBS.has(name) ? options.job || newJobId() : null;
  const init = body === undefined ? { method: "GET" } : post(body, job);
  const shown = job && !options.quiet;
  if (shown) track(job, name);
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new Error(`the server does not answer (${err.message})`);
  } finally {
    if (shown) untrack(job);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const why = data && data.error ? data.error : `HTTP ${response.status}`;
    if (response.status === 403 && why.includes("token")) {  // none in this browser, or another launch's
      throw new Error(token ? `${why}; a link opened in this browser then works in any of its tabs` : NO_TOKEN);
    }
    throw new Error(why);
  }
  return data;
}

// ------------------------------------------------------------------ the job bar: place in the queue, Cancel

/** Show a job (an experiment's, say) in the job bar until `untrack`. */
export function track(job, what) {
  jobs.set(job, { what, text: `${what}: sent` });
  showJobs();
  if (jobs.size === 1) setTimeout(pollJobs, 300);
}

export function untrack(job) {
  jobs.delete(job);
  showJobs();
}

function showJobs() {
  const bar = $("jobs");
  if (!bar) return;
  bar.hidden = jobs.size === 0;
  $("job-status").textContent = [...jobs.values()].map((j) => j.text).join("; ");
}

async function pollJobs() {
  for (const [id, job] of jobs) {
    try {
      const response = await fetch(`/api/jobs/${id}`);
      if (!response.ok) continue;
      const s = await response.json();
      if (!jobs.has(id)) continue;
      job.text = s.state === "queued" ? `${job.what}: queued, ${s.position === 1 ? "next" : `place ${s.position}`} in line`
        : s.state === "running" ? `${job.what}: running ${Math.round(s.seconds || 0)} s` : `${job.what}: ${s.state}`;
      const bar = $("jobs");
      if (bar) bar.dataset.state = s.state;
    } catch {
      // the answer will say what happened
    }
  }
  showJobs();
  if (jobs.size) setTimeout(pollJobs, 500);
}

/** Cancel one job of the page (a stale analysis); its caller gets a "cancelled" error. */
export async function cancelJob(id) {
  try {
    await fetch(`/api/jobs/${id}/cancel`, post({}, null));
  } catch {
    // the server is gone: the job's own call says so
  }
}

/** Cancel every job of the page (the Cancel button). */
export async function cancelJobs() {
  await Promise.all([...jobs.keys()].map((id) => fetch(`/api/jobs/${id}/cancel`, post({}, null))));
}

/** The element of an id. */
export const $ = (id) => document.getElementById(id);

const bar = () => $("message");

/** Show a message in the bar: kind "error", "info" or "ok". */
export function say(text, kind = "info") {
  const el = bar();
  el.textContent = text;
  el.className = `message ${kind}`;
  el.hidden = !text;
}

/** Run an async action with its button disabled; any error lands in the message bar. */
export async function guarded(button, action) {
  if (button) button.disabled = true;
  document.body.classList.add("busy");
  try {
    return await action();
  } catch (err) {
    say(err.message, err.message.startsWith("cancelled") ? "info" : "error");
    return undefined;
  } finally {
    if (button) button.disabled = false;
    document.body.classList.remove("busy");
  }
}

/** An element from a tag, attributes and children (strings become text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** Put server SVG text into a container (the project's renderers draw every picture). */
export function showSvg(container, svgText) {
  container.innerHTML = svgText || "";
  const svg = container.querySelector("svg");
  if (svg) {
    // scale to the container; keep the drawing's own coordinates for hit testing
    if (!svg.getAttribute("viewBox")) {
      const w = parseFloat(svg.getAttribute("width")), h = parseFloat(svg.getAttribute("height"));
      if (w && h) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    }
    svg.removeAttribute("width");
    svg.removeAttribute("height");
  }
  return svg;
}
