// The kaboom playground page: no framework, no build step. The server
// keeps nothing; the page keeps the variant (a library id, or the edited
// text), the start FEN and the moves, and asks the server for the rest.
// The static playground (web/, no server) shares this script: there
// `window.kaboomTransport` answers the same requests from WebAssembly.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  id: null,          // library index of the chosen variant
  original: "",      // its text as loaded
  text: null,        // the edited text, when it differs from the original
  valid: true,       // whether the editor's text loads
  fen: "",           // start position ("" = the variant's)
  moves: [],         // the line played
  redo: [],          // moves undone, newest last
  position: null,    // the server's answer for the line
  selected: null,    // the selected square
};

// Timings of every API call, for people and for the browser test.
window.kaboomTimings = [];

// A request to the server: `{ ok, status, data }`.
async function fetchTransport(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  return { ok: response.ok, status: response.status, data };
}

async function api(path, body) {
  const started = performance.now();
  const answer = await (window.kaboomTransport || fetchTransport)(path, body);
  const ms = performance.now() - started;
  window.kaboomTimings.push({ path, ms });
  $("status").textContent = `${path.replace("/api/", "")}: ${ms.toFixed(1)} ms`;
  return answer;
}

function variantRef() {
  return state.text === null ? { id: state.id } : { text: state.text };
}

function lineBody(extra) {
  return Object.assign({ variant: variantRef(), fen: state.fen, moves: state.moves }, extra || {});
}

// ---- editor -------------------------------------------------------------

function renderGutter(badLines) {
  const lines = $("editor").value.split("\n").length;
  const gutter = $("gutter");
  gutter.textContent = "";
  for (let i = 1; i <= lines; i++) {
    const span = document.createElement("span");
    span.textContent = i + "\n";
    if (badLines.has(i)) span.className = "bad";
    gutter.appendChild(span);
  }
  $("editor").style.height = (lines * 16 + 12) + "px";
}

function showDiagnostics(result) {
  const list = $("diagnostics");
  list.textContent = "";
  const bad = new Set();
  for (const d of result.diagnostics || []) {
    const li = document.createElement("li");
    li.className = d.severity;
    const where = d.location ? `${d.location.file}:${d.location.line}:${d.location.column}: ` : "";
    li.textContent = `${where}${d.severity}: ${d.message}` + (d.help ? `\n  help: ${d.help}` : "");
    if (d.location) {
      li.dataset.line = d.location.line;
      li.dataset.column = d.location.column;
      if (d.location.file === "playground.ron" || state.text === null) bad.add(d.location.line);
      li.addEventListener("click", () => selectAt(d.location.line, d.location.column));
    }
    list.appendChild(li);
  }
  if (result.valid) {
    const li = document.createElement("li");
    li.className = "ok";
    li.textContent = `ok: ${result.name}`;
    list.appendChild(li);
  }
  renderGutter(bad);
}

function selectAt(line, column) {
  const editor = $("editor");
  const lines = editor.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  editor.focus();
  editor.setSelectionRange(offset, offset + 1);
}

let validateTimer = null;
function onEdit() {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validateNow, 250);
}

async function validateNow() {
  const text = $("editor").value;
  const { data } = await api("/api/validate", { text });
  if ($("editor").value !== text) return; // typed on meanwhile
  showDiagnostics(data);
  state.valid = !!data.valid;
  const edited = text === state.original ? null : text;
  $("editor-state").textContent = !data.valid
    ? "(does not load: the board shows the last text that did)"
    : edited === null ? "" : "(edited: the board plays this text)";
  if (data.valid) {
    if (edited !== state.text) {
      state.text = edited;
      await refresh(true);
    }
  }
}

// ---- board ----------------------------------------------------------------

function squareRects() {
  return $("board").querySelectorAll("rect[data-square]");
}

function markSquares() {
  const p = state.position;
  if (!p) return;
  const dests = new Set();
  if (state.selected) {
    for (const m of p.moves) if (m.from === state.selected) dests.add(m.to);
  }
  const touched = new Set(p.last ? p.last.touched : []);
  for (const r of squareRects()) {
    const sq = r.dataset.square;
    r.classList.toggle("selected", sq === state.selected);
    r.classList.toggle("dest", dests.has(sq) && sq !== state.selected);
    r.classList.toggle("touched", touched.has(sq) && !dests.has(sq) && sq !== state.selected);
  }
}

function showChooser(moves) {
  const box = $("choices");
  box.textContent = "";
  if (moves.length === 0) { $("chooser").hidden = true; return; }
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${m.san}  (${m.uci})`;
    b.dataset.uci = m.uci;
    b.addEventListener("click", () => play(m.uci));
    box.appendChild(b);
  }
  $("chooser").hidden = false;
}

function onBoardClick(event) {
  const rect = event.target.closest("rect[data-square]");
  const p = state.position;
  if (!rect || !p) return;
  const sq = rect.dataset.square;
  if (state.selected) {
    const candidates = p.moves.filter((m) => m.from === state.selected && m.to === sq);
    if (candidates.length === 1 && sq !== state.selected) { play(candidates[0].uci); return; }
    if (candidates.length > 0) { showChooser(candidates); return; }
  }
  const from = p.moves.filter((m) => m.from === sq);
  state.selected = from.length > 0 ? sq : null;
  // Moves that stay on the square (an action in place) are offered at once.
  showChooser(from.filter((m) => m.to === sq));
  markSquares();
}

function render() {
  const p = state.position;
  $("board").innerHTML = p.svg;
  $("fen").value = p.fen;
  state.selected = null;
  $("chooser").hidden = true;
  markSquares();
  const last = $("last-move");
  last.textContent = "";
  if (p.last) {
    const h = document.createElement("div");
    h.textContent = `${p.last.san} (${p.last.uci})`;
    h.style.fontWeight = "bold";
    last.appendChild(h);
    for (const w of p.last.words) {
      const d = document.createElement("div");
      d.textContent = w;
      last.appendChild(d);
    }
    const t = document.createElement("div");
    t.className = "trace";
    t.textContent = "trace: " + p.last.trace;
    last.appendChild(t);
  }
  $("result").textContent = p.result ? `Result: ${p.result.score} (${p.result.reason})` : `${p.side === "white" ? "White" : "Black"} to move`;
  const list = $("move-list");
  list.textContent = "";
  for (const m of state.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    list.appendChild(li);
  }
  const legal = $("legal-moves");
  legal.textContent = "";
  $("legal-count").textContent = `(${p.moves.length})`;
  for (const m of p.moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.san;
    b.title = m.uci;
    b.dataset.uci = m.uci;
    b.addEventListener("click", () => play(m.uci));
    legal.appendChild(b);
  }
  $("undo").disabled = state.moves.length === 0;
  $("redo").disabled = state.redo.length === 0;
}

function showError(message) {
  $("result").textContent = message;
}

// Asks the server for the line's position. With `keepGoing`, a line that no
// longer replays (the rules changed) restarts from the start position.
async function refresh(keepGoing) {
  let { ok, data } = await api("/api/position", lineBody());
  if (!ok && keepGoing) {
    state.moves = [];
    state.redo = [];
    state.fen = "";
    ({ ok, data } = await api("/api/position", lineBody()));
  }
  if (!ok) { showError(data.error + (data.diagnostics ? ": " + data.diagnostics.map((d) => d.message).join("; ") : "")); return false; }
  state.position = data;
  render();
  return true;
}

async function play(text) {
  state.moves.push(text);
  const saved = state.redo;
  state.redo = [];
  const { ok, data } = await api("/api/position", lineBody());
  if (!ok) {
    state.moves.pop();
    state.redo = saved;
    showError(data.error);
    return;
  }
  state.position = data;
  render();
  maybeEngine();
}

async function maybeEngine() {
  const side = $("engine-side").value;
  const p = state.position;
  if (side === "none" || !p || p.result || p.side !== side) return;
  await engineMove();
}

async function engineMove() {
  const movetime = Math.max(1, Math.min(10000, parseInt($("movetime").value, 10) || 500));
  $("status").textContent = "engine thinking…";
  // The strength field is the served page's (the static page has none:
  // its engine always plays at full strength).
  const skillField = $("skill");
  const skill = skillField ? Math.max(0, Math.min(20, parseInt(skillField.value, 10))) : 20;
  const { ok, data } = await api("/api/engine", lineBody({ movetime, skill: Number.isNaN(skill) ? 20 : skill }));
  if (!ok) { showError(data.error); return; }
  if (data.best) {
    state.moves.push(data.best);
    state.redo = [];
    await refresh(false);
  }
}

async function loadVariant(id) {
  const { ok, data } = await api(`/api/source?id=${id}`);
  if (!ok) { showError(data.error); return; }
  state.id = id;
  state.original = data.text;
  state.text = null;
  state.fen = "";
  state.moves = [];
  state.redo = [];
  $("editor").value = data.text;
  await validateNow();
  await refresh(false);
}

async function saveScenario() {
  const { ok, data } = await api("/api/scenario", lineBody());
  if (!ok) { showError(data.error); return; }
  const blob = new Blob([data.text], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "scenario.ron";
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.kaboomLastScenario = data.text;
}

// ---- links ------------------------------------------------------------------
// A link carries the variant's text (deflate-raw, base64url), the start
// FEN and the moves in its fragment: `#ron=...&fen=...&moves=e2e4+e7e5`.
// The fragment never reaches a server.

function toBase64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
  return bytes;
}

async function squeeze(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

// The link to the editor's text, the start FEN and the moves played.
async function shareLink() {
  const packed = await squeeze(new TextEncoder().encode($("editor").value), new CompressionStream("deflate-raw"));
  const params = new URLSearchParams();
  params.set("ron", toBase64url(packed));
  if (state.fen) params.set("fen", state.fen);
  if (state.moves.length) params.set("moves", state.moves.join(" "));
  return location.href.split("#")[0] + "#" + params.toString();
}

// What the page's fragment shares, or null: { text, fen, moves }.
async function readLink() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const packed = params.get("ron");
  if (!packed) return null;
  const bytes = await squeeze(fromBase64url(packed), new DecompressionStream("deflate-raw"));
  const moves = (params.get("moves") || "").split(" ").filter((m) => m);
  return { text: new TextDecoder().decode(bytes), fen: params.get("fen") || "", moves };
}

async function loadLink() {
  let shared;
  try {
    shared = await readLink();
  } catch (e) {
    showError(`the link does not read: ${e.message || e}`);
    return false;
  }
  if (!shared) return false;
  state.id = null;
  state.original = null;   // the shared text is always the one played
  state.text = null;
  state.fen = shared.fen;
  state.moves = [];
  state.redo = [];
  $("variant-select").value = "";
  $("editor").value = shared.text;
  await validateNow();
  if (state.text !== null) {
    state.moves = shared.moves;
    await refresh(true);
  }
  return true;
}

async function share() {
  const link = await shareLink();
  $("share-link").value = link;
  $("share-link").hidden = false;
  $("share-link").select();
  try { history.replaceState(null, "", link); } catch (_) { /* not here (file://, say) */ }
  try { await navigator.clipboard.writeText(link); $("status").textContent = "link copied"; } catch (_) { /* no clipboard here */ }
  window.kaboomLastLink = link;
}

async function start() {
  $("editor").addEventListener("input", onEdit);
  $("board").addEventListener("click", onBoardClick);
  $("undo").addEventListener("click", async () => {
    if (state.moves.length === 0) return;
    state.redo.push(state.moves.pop());
    await refresh(false);
  });
  $("redo").addEventListener("click", async () => {
    if (state.redo.length === 0) return;
    state.moves.push(state.redo.pop());
    await refresh(false);
  });
  $("restart").addEventListener("click", async () => {
    state.moves = [];
    state.redo = [];
    await refresh(false);
  });
  $("move-play").addEventListener("click", () => {
    const text = $("move-input").value.trim();
    if (text) play(text);
  });
  $("move-input").addEventListener("keydown", (e) => {
    if (e.key === "Enter") $("move-play").click();
  });
  $("fen-set").addEventListener("click", async () => {
    const previous = [state.fen, state.moves, state.redo];
    state.fen = $("fen").value.trim();
    state.moves = [];
    state.redo = [];
    if (!(await refresh(false))) [state.fen, state.moves, state.redo] = previous;
  });
  $("engine-move").addEventListener("click", engineMove);
  $("save-scenario").addEventListener("click", saveScenario);
  if ($("share")) $("share").addEventListener("click", share);
  window.addEventListener("hashchange", () => { if (location.href !== window.kaboomLastLink) loadLink(); });
  $("variant-select").addEventListener("change", (e) => loadVariant(parseInt(e.target.value, 10)));
  const { data } = await api("/api/variants");
  const select = $("variant-select");
  for (const v of data.variants) {
    const o = document.createElement("option");
    o.value = v.id;
    o.textContent = v.label;
    select.appendChild(o);
  }
  if (!(await loadLink())) {
    const wanted = new URLSearchParams(location.search).get("variant");
    const first = data.variants.find((v) => v.label === wanted) || data.variants.find((v) => v.label === "chess") || data.variants[0];
    select.value = first.id;
    await loadVariant(first.id);
  }
  window.kaboomReady = true;
}

start();
