// kaboom's JavaScript API (web/kaboom.js over web/kaboom.wasm) in Node:
// the same checks as the Python module's tests (python/tests). Run by
// scripts/test-wasm.sh after scripts/build-web.sh: node --test wasm/tests/
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const web = path.join(__dirname, "..", "..", "web");
const kaboom = require(path.join(web, "kaboom.js"));
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

test.before(async () => {
  await kaboom.init(fs.readFileSync(path.join(web, "kaboom.wasm")));
});

test("bundled names include chess and atomic, and every one loads", () => {
  const names = kaboom.bundledNames();
  assert.ok(names.includes("chess") && names.includes("atomic"));
  for (const name of names) {
    const v = kaboom.Variant.load(name, 1);
    assert.ok(v.newGame().fen().length > 0, name);
    assert.ok(kaboom.bundledSource(name).length > 0, name);
  }
  assert.equal(kaboom.bundledSource("no-such-variant"), null);
});

test("start FEN and legal moves", () => {
  const chess = kaboom.Variant.load("chess");
  assert.equal(chess.startFen, START);
  assert.deepEqual(chess.size, [8, 8]);
  const game = chess.newGame();
  assert.equal(game.fen(), START);
  assert.equal(game.turn, "w");
  const moves = game.legalMoves();
  assert.equal(moves.length, 20);
  const san = game.legalMovesSan();
  assert.equal(san[moves.indexOf("g1f3")], "Nf3");
  const detailed = game.legalMovesDetailed();
  assert.deepEqual(detailed.find((m) => m.uci === "g1f3"), { uci: "g1f3", san: "Nf3", from: "g1", to: "f3" });
});

test("push and pop restore the position", () => {
  const game = kaboom.Variant.load("chess").newGame();
  assert.deepEqual(game.push("e2e4"), [{ kind: "moved", piece: "P", from: "e2", to: "e4" }]);
  assert.equal(game.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  assert.equal(game.pushSan("e5"), "e7e5");
  assert.deepEqual(game.moves, ["e2e4", "e7e5"]);
  assert.equal(game.pop(), "e7e5");
  assert.equal(game.pop(), "e2e4");
  assert.equal(game.fen(), START);
  assert.throws(() => game.pop(), (e) => e instanceof kaboom.KaboomError && e.kind === "index");
});

test("illegal and malformed moves throw MoveError and change nothing", () => {
  const game = kaboom.Variant.load("chess").newGame();
  for (const m of ["e2e5", "nonsense", "e7e5"]) assert.throws(() => game.push(m), kaboom.MoveError);
  assert.throws(() => game.pushSan("Qh5"), kaboom.MoveError);
  assert.equal(game.fen(), START);
});

test("FEN in and out; a bad FEN throws FenError", () => {
  const chess = kaboom.Variant.load("chess");
  const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const game = chess.newGame(fen);
  assert.equal(game.fen(), fen);
  assert.ok(game.legalMoves().includes("e1g1") && game.legalMovesSan().includes("O-O"));
  assert.throws(() => chess.newGame("not a fen"), kaboom.FenError);
});

test("fool's mate is checkmate", () => {
  const game = kaboom.Variant.load("chess").newGame();
  assert.equal(game.ending(), null);
  for (const s of ["f3", "e5", "g4"]) game.pushSan(s);
  assert.equal(game.san("d8h4"), "Qh4#");
  game.push("d8h4");
  assert.ok(game.isCheck() && game.isGameOver());
  assert.deepEqual(game.ending(), { result: "0-1", reason: "checkmate" });
  assert.deepEqual(game.legalMoves(), []);
});

test("perft", () => {
  const chess = kaboom.Variant.load("chess");
  const game = chess.newGame();
  assert.deepEqual([1, 2, 3].map((d) => game.perft(d)), [20, 400, 8902]);
  const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  assert.equal(chess.newGame(kiwipete).perft(2), 2039);
  assert.throws(() => game.perft(40), kaboom.KaboomError);
});

test("an atomic capture traces its blast; view shows it", () => {
  const game = kaboom.Variant.load("atomic").newGame("4k3/8/3p4/2nbr3/3P4/2N5/8/4K3 w - - 0 1");
  const trace = game.trace("c3d5");
  assert.deepEqual(trace.find((e) => e.kind === "captured"), { kind: "captured", piece: "b", square: "d5" });
  assert.deepEqual(game.push("c3d5"), trace);
  assert.equal(game.fen(), "4k3/8/3p4/8/3P4/8/8/4K3 b - - 0 1");
  const view = game.view();
  assert.ok(view.svg.startsWith("<svg"));
  assert.equal(view.last.san, "Nxd5");
  for (const e of ["captured b d5", "removed n c5", "removed r e5", "removed N d5"]) assert.ok(view.last.trace.includes(e), view.last.trace);
});

test("a variant from text, and the diagnostics of a broken one", () => {
  const mine = kaboom.Variant.fromText('(extends: "chess", name: "Mine")', "mine.ron");
  assert.equal(mine.name, "Mine");
  assert.equal(mine.startFen, START);
  const bad = '(extends: "chess", name: "Bad",\n pieces: [(letter: \'Z\', name: "zebra", moves: "mQ!")])';
  assert.throws(() => kaboom.Variant.fromText(bad, "bad.ron"), (e) => {
    assert.ok(e instanceof kaboom.VariantError);
    assert.equal(e.line, 2);
    assert.ok(e.column > 1);
    assert.match(e.firstMessage, /unexpected `!` in a movement template/);
    assert.equal(e.diagnostics.length, 1);
    assert.equal(e.diagnostics[0].file, "bad.ron");
    assert.match(e.message, /bad\.ron:2:/);
    return true;
  });
  assert.throws(() => kaboom.Variant.load("no-such-variant"), kaboom.VariantError);
});

test("search with a node, depth or time limit", () => {
  const game = kaboom.Variant.load("chess").newGame("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  const r = game.search({ depth: 4 });
  assert.equal(r.best, "a1a8");
  assert.equal(r.mate, 1);
  const n = game.search({ nodes: 2000 });
  assert.ok(n.best && n.nodes >= 1);
  const started = Date.now();
  const t = game.search({ movetime: 200 });
  const took = Date.now() - started;
  assert.ok(t.best, "a move within the time");
  assert.ok(took < 2000, `a 200 ms search took ${took} ms`);
  assert.throws(() => game.search({}), kaboom.KaboomError);
});

test("a Fairy-Stockfish ini section is converted; a bad ini text throws IniError", () => {
  const ini = "[blocks]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = p:mK\nstartFen = p1p1p/1p1p1/5/1P1P1/P1P1P w - - 0 1\nconnectNxN = 2\n";
  const [imported, ...rest] = kaboom.importIni(ini);
  assert.equal(rest.length, 0);
  assert.deepEqual([imported.name, imported.line, imported.refusals], ["blocks", 1, []]);
  const v = kaboom.Variant.fromText(imported.ron, "blocks.ron");
  assert.ok(v.startFen.startsWith("p1p1p/1p1p1/5/1P1P1/P1P1P w"));
  assert.ok(v.newGame().legalMoves().length > 0);
  assert.throws(() => kaboom.importIni("[unclosed\nmaxRank = 5\n"), kaboom.IniError);
});

test("freed objects are refused with a clear error", () => {
  const v = kaboom.Variant.load("chess");
  const g = v.newGame();
  g.free();
  assert.throws(() => g.fen(), (e) => e.kind === "handle");
  assert.throws(() => kaboom.Variant.fromText("x".repeat(3 << 20)), (e) => e.kind === "request");
});
