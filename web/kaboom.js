// kaboom.js: kaboom's WebAssembly build (wasm/) for JavaScript, by hand,
// with no generated glue. It runs in a page, in a Web Worker and in Node.
//
//   await kaboom.init(bytesOrResponseOrUrl);   // the .wasm, once
//   const atomic = kaboom.Variant.load("atomic");
//   const game = atomic.newGame();             // or atomic.newGame(fen)
//   game.push("e2e4");                         // what the move did, as events
//   game.legalMoves();                         // ["a7a6", ...]; legalMovesSan()
//   game.fen(); game.isCheck(); game.ending(); // null while the game goes on
//   game.search({ movetime: 100 });            // { best, score, mate, depth, nodes, pv }
//
// Every call goes through one export, `kb_call`, as a JSON request; the
// answer is JSON too (wasm/src/ops.rs lists the requests). Variants and
// games live in the instance until `free()` (or until the garbage
// collector drops their JavaScript object).
(function (root, factory) {
  const kaboom = factory();
  if (typeof module === "object" && module.exports) module.exports = kaboom;
  else root.kaboom = kaboom;
  // The factory itself, to start a copy inside a Web Worker made from text.
  root.kaboomFactory = factory;
})(typeof self !== "undefined" ? self : this, function kaboomFactory() {
  "use strict";

  /** Any error kaboom reports: `kind` says which. */
  class KaboomError extends Error {
    constructor(e) {
      super(e.message);
      this.name = "KaboomError";
      this.kind = e.kind;
    }
  }
  /** A variant that does not load: `line`, `column` and `firstMessage`
   *  of its first error, `diagnostics` for every one. */
  class VariantError extends KaboomError {
    constructor(e) {
      super(e);
      this.name = "VariantError";
      this.line = e.line === undefined ? null : e.line;
      this.column = e.column === undefined ? null : e.column;
      this.firstMessage = e.first === undefined ? null : e.first;
      this.diagnostics = e.diagnostics || [];
    }
  }
  /** A move that is not legal here, or not a move. */
  class MoveError extends KaboomError { constructor(e) { super(e); this.name = "MoveError"; } }
  /** A FEN that does not fit the variant. */
  class FenError extends KaboomError { constructor(e) { super(e); this.name = "FenError"; } }
  /** A Fairy-Stockfish ini text that cannot be read: `line`, `column`. */
  class IniError extends KaboomError {
    constructor(e) { super(e); this.name = "IniError"; this.line = e.line; this.column = e.column; }
  }
  const errorClasses = { variant: VariantError, move: MoveError, fen: FenError, ini: IniError };

  let wasm = null; // the instance's exports
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const now = typeof performance !== "undefined" ? () => performance.now() : () => Date.now();

  /** Loads the WebAssembly module once: from bytes (ArrayBuffer, typed
   *  array), a compiled WebAssembly.Module, a fetch Response (or its
   *  promise), or a URL to fetch. */
  async function init(source) {
    if (wasm) return;
    const imports = { env: { kb_now_ms: now } };
    source = await source;
    let instance;
    if (typeof WebAssembly.Module !== "undefined" && source instanceof WebAssembly.Module) {
      instance = await WebAssembly.instantiate(source, imports);
    } else {
      if (typeof source === "string" || (typeof URL !== "undefined" && source instanceof URL)) {
        source = await fetch(source);
      }
      if (typeof Response !== "undefined" && source instanceof Response) {
        if (!source.ok) throw new Error(`cannot load kaboom's WebAssembly: HTTP ${source.status}`);
        source = await source.arrayBuffer();
      }
      ({ instance } = await WebAssembly.instantiate(source, imports));
    }
    wasm = instance.exports;
  }

  /** Whether `init` has finished. */
  function ready() {
    return wasm !== null;
  }

  // One request: JSON in, JSON out; an error answer is thrown.
  function call(op, args) {
    if (!wasm) throw new Error("kaboom is not loaded: await kaboom.init(...) first");
    const bytes = encoder.encode(JSON.stringify(Object.assign({ op }, args)));
    const ptr = wasm.kb_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
    let length;
    try {
      length = wasm.kb_call(ptr, bytes.length);
    } catch (e) {
      // A trap: a bug in kaboom. The instance may not be usable any more.
      throw new KaboomError({ kind: "crash", message: `kaboom stopped on an internal error (${e.message}); reload to go on` });
    } finally {
      try { wasm.kb_free(ptr, bytes.length); } catch (_) { /* after a trap */ }
    }
    const out = new Uint8Array(wasm.memory.buffer, wasm.kb_out(), length);
    const answer = JSON.parse(decoder.decode(out));
    if (answer.error) throw new (errorClasses[answer.error.kind] || KaboomError)(answer.error);
    return answer.ok;
  }

  // Objects of the instance are freed when their JavaScript object goes.
  const registry = typeof FinalizationRegistry !== "undefined"
    ? new FinalizationRegistry((handle) => { try { call("free", { handle }); } catch (_) { /* gone */ } })
    : null;

  class Handle {
    constructor(handle) {
      this.handle = handle;
      if (registry) registry.register(this, handle, this);
    }
    /** Frees it now (a later call on it throws: its handle is never reused). */
    free() {
      if (this.freed) return;
      if (registry) registry.unregister(this);
      call("free", { handle: this.handle });
      this.freed = true;
    }
  }

  /** A loaded variant; immutable, shared by its games. */
  class Variant extends Handle {
    /** A bundled variant by name ("chess", "atomic"); a random setup is
     *  drawn from `seed`. Throws VariantError. */
    static load(name, seed) {
      return new Variant(call("load", { name, seed: seed === undefined ? null : seed }));
    }
    /** A variant from RON text; `name` is the file name diagnostics give.
     *  Throws VariantError. */
    static fromText(text, name) {
      return new Variant(call("from_text", { text, name: name === undefined ? null : name }));
    }
    constructor(handle) {
      super(handle);
      const info = call("variant_info", { variant: handle });
      /** Its name. */
      this.name = info.name;
      /** Its description. */
      this.description = info.description;
      /** The FEN of the start position. */
      this.startFen = info.start_fen;
      /** [files, ranks]. */
      this.size = [info.files, info.ranks];
      /** The warnings found while loading. */
      this.warnings = info.warnings;
      /** The piece letters, upper case. */
      this.pieceLetters = info.piece_letters;
    }
    /** A new game from the start position, or from `fen`. Throws FenError. */
    newGame(fen) {
      return new Game(this, fen);
    }
  }

  /** A game: its moves made and taken back, its end under the rules. */
  class Game extends Handle {
    constructor(variant, fen) {
      super(call("new_game", { variant: variant.handle, fen: fen === undefined || fen === null ? null : fen }));
      /** The variant played. */
      this.variant = variant;
    }
    /** The current position's FEN. */
    fen() { return call("state", { game: this.handle }).fen; }
    /** The start position's FEN. */
    startFen() { return call("state", { game: this.handle }).start_fen; }
    /** The side to move: "w" or "b". */
    get turn() { return call("state", { game: this.handle }).turn; }
    /** The moves played, in coordinates. */
    get moves() { return call("state", { game: this.handle }).moves; }
    /** The legal moves in UCI-style coordinates ("e2e4", "e7e8q", "P@e4"). */
    legalMoves() { return call("legal_moves", { game: this.handle }); }
    /** The legal moves in algebraic notation, in the order of legalMoves(). */
    legalMovesSan() { return call("legal_moves_san", { game: this.handle }); }
    /** The legal moves as { uci, san, from, to }. */
    legalMovesDetailed() { return call("legal_moves_detailed", { game: this.handle }); }
    /** The algebraic notation of a legal move given in coordinates. */
    san(move) { return call("san", { game: this.handle, move }); }
    /** The coordinates of a legal move given in algebraic notation. */
    uci(san) { return call("uci", { game: this.handle, move: san }); }
    /** Makes a legal move given in coordinates; returns what it did, a list
     *  of events ({ kind: "moved", piece: "P", from: "e2", to: "e4" }).
     *  Throws MoveError. */
    push(move) { return call("push", { game: this.handle, move }); }
    /** Makes a legal move given in algebraic notation; returns its coordinates. */
    pushSan(san) { return call("push_san", { game: this.handle, move: san }); }
    /** Takes back the last move; returns it. Throws at the start. */
    pop() { return call("pop", { game: this.handle }); }
    /** What a legal move would do, as push() reports it, without making it. */
    trace(move) { return call("trace", { game: this.handle, move }); }
    /** Whether the side to move is in check. */
    isCheck() { return call("is_check", { game: this.handle }); }
    /** How the game ended, { result: "1-0", reason: "checkmate" }, or null. */
    ending() { return call("ending", { game: this.handle }); }
    /** Whether the game has ended. */
    isGameOver() { return this.ending() !== null; }
    /** The number of move sequences of `depth` moves from here. */
    perft(depth) { return call("perft", { game: this.handle, depth }); }
    /** The board as SVG, with the last move's marks, and the last move's
     *  report { uci, san, trace, words, touched, area } (or null). */
    view() { return call("view", { game: this.handle }); }
    /** The best move within { nodes, movetime (milliseconds), depth }, at
     *  least one: { best, score (centipawns) or mate (moves), depth, nodes,
     *  pv }. Runs to its limit: call it in a Web Worker to keep a page
     *  responsive. */
    search(limits) {
      const l = limits || {};
      const opt = (x) => (x === undefined ? null : x);
      return call("search", { game: this.handle, nodes: opt(l.nodes), movetime: opt(l.movetime), depth: opt(l.depth) });
    }
  }

  /** The names of the bundled variants. */
  function bundledNames() { return call("bundled_names", {}); }
  /** A bundled variant's RON text, or null. */
  function bundledSource(name) { return call("bundled_source", { name }); }
  /** Converts every section of a Fairy-Stockfish variants.ini text:
   *  [{ name, line, ron (or null), refusals }]. Throws IniError. */
  function importIni(text) { return call("import_ini", { text }); }
  /** How many variants and games the instance holds. */
  function live() { return call("live", {}); }

  return {
    init, ready, Variant, Game, bundledNames, bundledSource, importIni, live,
    KaboomError, VariantError, MoveError, FenError, IniError,
  };
});
