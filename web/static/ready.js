// The header's "warming up..." -> "ready": gridsolve serve loads and compiles, in the background,
// what the first clicks run (docs/serve.md, "Speed"); the page works meanwhile. Polls
// GET /api/ready until the server says so, then shows how long it took.

const POLL_MS = 500;

async function poll() {
  const badge = document.getElementById("ready");
  if (!badge) return;
  let answer = null;
  try {
    const response = await fetch("/api/ready");
    answer = response.ok ? await response.json() : null;
  } catch {
    answer = null;  // the server restarting: ask again
  }
  if (answer && answer.ready) {
    badge.dataset.state = "ready";
    badge.textContent = "ready";
    badge.title = answer.warming ? `warmed up in ${answer.seconds.toFixed(1)} s` : "ready";
    return;
  }
  if (answer) badge.title = `warming up: ${answer.warm} of ${answer.workers} workers warm`;
  setTimeout(poll, POLL_MS);
}

poll();
