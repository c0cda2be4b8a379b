// The server's JSON API and the page's message bar. Every call goes through `api`, which turns an
// HTTP error into an Error carrying the server's one-line `error` text.

export async function api(path, body) {
  const init = body === undefined
    ? { method: "GET" }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new Error(`the server does not answer (${err.message})`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const why = data && data.error ? data.error : `HTTP ${response.status}`;
    throw new Error(why);
  }
  return data;
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
    say(err.message, "error");
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
