// The static playground: the served playground's page script (app.js,
// shared with `kaboom serve`) asks `window.kaboomTransport` instead of a
// server. This file answers those requests in the browser with kaboom's
// WebAssembly build (kaboom.js), and runs the engine in a Web Worker so
// the page stays responsive while it thinks. It loads from a static file
// server (fetching kaboom.wasm) or from the file system (kaboom-wasm.js,
// the same bytes as base64, since a file:// page may not fetch); the
// worker is made from text (a Blob), which file:// pages may start.
"use strict";

// The WebAssembly module's bytes.
async function kaboomWasmBytes() {
  if (location.protocol !== "file:") {
    try {
      const response = await fetch("kaboom.wasm");
      if (response.ok) return await response.arrayBuffer();
    } catch (_) { /* fall back to the script */ }
  }
  if (!self.KABOOM_WASM_BASE64) {
    await new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = "kaboom-wasm.js";
      s.onload = resolve;
      s.onerror = () => reject(new Error("kaboom-wasm.js is missing: build the page with scripts/build-web.sh"));
      document.head.appendChild(s);
    });
  }
  const text = atob(self.KABOOM_WASM_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes.buffer;
}

// A game kept for a line of play (variant, start FEN, moves), so that the
// next request of the same line plays only what it adds (or takes back),
// and the engine keeps its table from one move to the next. Shared with
// the engine's worker (made from this function's text).
function makeLines(kaboom) {
  const variants = new Map(); // "id:N" or "text:..." -> Variant
  let kept = null;            // { key, fen, game, moves }
  // The variant a request names; throws VariantError.
  function variantOf(ref) {
    const key = ref.text !== undefined && ref.text !== null ? "text:" + ref.text : "name:" + ref.name;
    let v = variants.get(key);
    if (!v) {
      v = ref.text !== undefined && ref.text !== null
        ? kaboom.Variant.fromText(ref.text, "playground.ron")
        : kaboom.Variant.load(ref.name);
      if (variants.size >= 16) {
        // Texts typed one after the other: forget them all (a game keeps
        // its own variant alive inside the module until it is freed).
        for (const old of variants.values()) old.free();
        variants.clear();
        if (kept) kept.game.free();
        kept = null;
      }
      variants.set(key, v);
    }
    return { key, variant: v };
  }
  // A move in coordinates, or failing that in algebraic notation.
  function play(game, text) {
    try {
      return game.push(text);
    } catch (e) {
      if (!(e instanceof kaboom.MoveError)) throw e;
      try { return game.pushSan(text); } catch (_) { throw e; }
    }
  }
  // The game after `moves` from `fen`; throws FenError, or an Error
  // naming the move that is not legal.
  function follow(ref, fen, moves) {
    const { key, variant } = variantOf(ref);
    fen = fen && fen.trim() ? fen.trim() : null;
    if (!kept || kept.key !== key || kept.fen !== fen) {
      if (kept) kept.game.free();
      kept = { key, fen, game: variant.newGame(fen), moves: [] };
    }
    let same = 0;
    while (same < kept.moves.length && same < moves.length && kept.moves[same] === moves[same]) same++;
    while (kept.moves.length > same) {
      kept.game.pop();
      kept.moves.pop();
    }
    for (let i = same; i < moves.length; i++) {
      if (kept.game.isGameOver()) throw new Error(`move ${i + 1} (${moves[i]}): the game is over`);
      try {
        play(kept.game, moves[i]);
      } catch (e) {
        throw new Error(`move ${i + 1} (${moves[i]}): ${e.message}`);
      }
      kept.moves.push(moves[i]);
    }
    return { variant, game: kept.game };
  }
  return { variantOf, follow };
}

// The engine's worker: it loads its own copy of kaboom and answers
// { line, movetime } with the best move.
function engineWorker(scope) {
  let lines = null;
  scope.onmessage = async (event) => {
    const m = event.data;
    try {
      if (m.wasm) {
        await scope.kaboom.init(m.wasm);
        lines = scope.makeLines(scope.kaboom);
        scope.postMessage({ id: m.id, ok: true });
        return;
      }
      const { game } = lines.follow(m.variant, m.fen, m.moves);
      const r = game.search({ movetime: m.movetime });
      scope.postMessage({ id: m.id, ok: true, data: { best: r.best, depth: r.depth, nodes: r.nodes, movetime: m.movetime } });
    } catch (e) {
      scope.postMessage({ id: m.id, ok: false, error: String(e.message || e) });
    }
  };
}

// The engine, in a worker when the browser allows one; else on the page.
function startEngine(wasm, lines) {
  let worker = null;
  try {
    const source = `self.kaboom = (${self.kaboomFactory.toString()})();\n` +
      `self.makeLines = ${makeLines.toString()};\n(${engineWorker.toString()})(self);\n`;
    worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
  } catch (e) {
    console.warn("no Web Worker here: the engine runs on the page", e);
  }
  if (!worker) {
    return {
      inWorker: false,
      ask: async (m) => {
        const { game } = lines.follow(m.variant, m.fen, m.moves);
        const r = game.search({ movetime: m.movetime });
        return { best: r.best, depth: r.depth, nodes: r.nodes, movetime: m.movetime };
      },
    };
  }
  let next = 0;
  const waiting = new Map();
  worker.onmessage = (event) => {
    const { id, ok, data, error } = event.data;
    const w = waiting.get(id);
    waiting.delete(id);
    if (w) (ok ? w.resolve(data) : w.reject(new Error(error)));
  };
  const send = (m, transfer) => new Promise((resolve, reject) => {
    const id = ++next;
    waiting.set(id, { resolve, reject });
    worker.postMessage(Object.assign({ id }, m), transfer || []);
  });
  const started = send({ wasm: wasm.slice(0) });
  return { inWorker: true, ask: async (m) => { await started; return send(m); } };
}

// A diagnostic as the server writes it (`kaboom validate --json`).
function asServed(d) {
  return {
    severity: d.severity,
    message: d.message,
    help: d.help,
    location: d.line === null ? null : { file: d.file, line: d.line, column: d.column },
  };
}

// The requests of app.js, answered here.
function makeTransport(kaboom, lines, engine) {
  const names = kaboom.bundledNames();
  const ref = (v) => (v.text !== undefined && v.text !== null ? { text: v.text } : { name: names[v.id] });
  const reply = (status, data) => ({ ok: status === 200, status, data });
  const invalid = (e) => reply(422, { error: "the variant does not load", diagnostics: e.diagnostics.map(asServed) });

  function validate(text) {
    try {
      // Kept: the page asks for this text's position next.
      const { variant } = lines.variantOf({ text });
      return { valid: true, name: variant.name, diagnostics: variant.warnings.map(asServed) };
    } catch (e) {
      if (!(e instanceof kaboom.VariantError)) throw e;
      return { valid: false, name: null, diagnostics: e.diagnostics.map(asServed) };
    }
  }

  function position(body) {
    const { variant, game } = lines.follow(ref(body.variant), body.fen, body.moves || []);
    const st = { fen: game.fen(), start: game.startFen(), turn: game.turn };
    const ending = game.ending();
    const view = game.view();
    return {
      variant: variant.name,
      files: variant.size[0],
      ranks: variant.size[1],
      fen: st.fen,
      start_fen: st.start,
      side: st.turn === "w" ? "white" : "black",
      svg: view.svg,
      moves: ending ? [] : game.legalMovesDetailed(),
      last: view.last,
      result: ending ? { score: ending.result, reason: ending.reason } : null,
    };
  }

  // The line as a scenario file `kaboom test` reads (as the server writes it).
  function scenario(body) {
    const { variant, game } = lines.follow(ref(body.variant), body.fen, body.moves || []);
    const moves = game.moves;
    const fen = game.fen();
    const ending = game.ending();
    const traces = [];
    const done = [];
    while (game.moves.length) done.unshift(game.pop());
    const start = game.fen();
    for (const m of done) {
      game.push(m);
      traces.push(game.view().last.trace);
    }
    const q = JSON.stringify;
    const field = body.variant.text !== undefined && body.variant.text !== null ? "variant.ron" : names[body.variant.id];
    let out = "// Recorded in the kaboom playground (`kaboom serve`). Run it with `kaboom test`.\n";
    if (field === "variant.ron") out += "// The variant was edited in the page: save its text as variant.ron beside this file.\n";
    out += `(\n    variant: ${q(field)},\n    description: ${q(`A line of ${variant.name} played in the playground.`)},\n`;
    out += `    fen: ${q(start)},\n    moves: [${moves.map(q).join(", ")}],\n    expect: (\n        trace: [\n`;
    for (const t of traces) out += `            ${q(t)},\n`;
    out += `        ],\n        fen: ${q(fen)},\n        result: ${q(ending ? `${ending.result} (${ending.reason})` : "none")},\n    ),\n)\n`;
    return { text: out };
  }

  return async function transport(path, body) {
    try {
      const [route, query] = path.split("?");
      switch (route) {
        case "/api/variants":
          return reply(200, { variants: names.map((label, id) => ({ id, label, bundled: true })) });
        case "/api/source": {
          const id = parseInt(new URLSearchParams(query).get("id"), 10);
          if (!(id >= 0 && id < names.length)) return reply(404, { error: `no variant ${id}` });
          return reply(200, { id, label: names[id], text: kaboom.bundledSource(names[id]) });
        }
        case "/api/validate":
          return reply(200, validate(body.text));
        case "/api/position":
          return reply(200, position(body));
        case "/api/scenario":
          return reply(200, scenario(body));
        case "/api/engine": {
          const movetime = Math.max(1, Math.min(10000, body.movetime || 500));
          return reply(200, await engine.ask({ variant: ref(body.variant), fen: body.fen, moves: body.moves || [], movetime }));
        }
        default:
          return reply(404, { error: `no route ${route}` });
      }
    } catch (e) {
      if (e instanceof kaboom.VariantError) return invalid(e);
      return reply(400, { error: e.message || String(e) });
    }
  };
}

(async () => {
  if (document.readyState === "loading") {
    await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve));
  }
  try {
    const wasm = await kaboomWasmBytes();
    await kaboom.init(wasm);
    const lines = makeLines(kaboom);
    const engine = startEngine(wasm, lines);
    window.kaboomEngineInWorker = engine.inWorker;
    window.kaboomTransport = makeTransport(kaboom, lines, engine);
    const app = document.createElement("script");
    app.src = "app.js";
    document.head.appendChild(app);
  } catch (e) {
    const box = document.createElement("div");
    box.id = "load-error";
    box.textContent = `The playground did not start: ${e.message || e}`;
    document.body.prepend(box);
    window.kaboomLoadError = String(e.message || e);
  }
})();
