#!/usr/bin/env python3
"""Plays two UCI engines against each other (two kaboom builds, or kaboom
and Fairy-Stockfish) in pairs of games: each pair starts from one opening
(seeded random legal plies, or a line of an openings file) and is played
twice, colours swapped. Games run in parallel; a referee checks every move
and ends every game: python-chess where it knows the variant (chess,
atomic, crazyhouse, three-check, antichess, horde, racing-kings), kaboom's
own rules elsewhere (`kaboom play`, `kaboom moves`). An illegal move, no
move, a crash or a timeout loses.

Stops after --games games, or earlier when an SPRT (--sprt ELO0 ELO1,
pentanomial GSPRT as fishtest computes it) accepts a hypothesis. Prints
the first engine's score, its Elo difference with a 95% interval (from the
pairs' scores: the pentanomial model) and the LLR.

Every result is reproducible from --seed: the openings come from the seed
and the pair's index; each game starts with `ucinewgame` (an empty table);
with a node or depth limit and one thread, engines that are deterministic
(kaboom, Stockfish) play the same games whatever --concurrency says. The
SPRT reads the pairs in the order of their index, never in the order they
finish, so it stops at the same pair every time (pairs that were already
being played past that one are left out of the result, and said so).

    scripts/engine_match.py --variant chess \\
        --engine cmd=target/release/kaboom name=new \\
        --engine cmd=/tmp/kaboom-old name=old \\
        --nodes 5000 --games 400 --concurrency 2 --seed 1 \\
        [--sprt 0 10 --alpha 0.05 --beta 0.05] [--log games.jsonl]

An engine is `cmd=COMMAND [name=NAME] [option.NAME=VALUE ...] [nodes=N]
[movetime=MS] [depth=D] [variant=FILE.ron]` (cutechess-cli's spelling); a
kaboom binary without arguments gets `uci`; `variant=` gives one engine
its own file of the match's variant (a tuned `evaluation`, say). docs/search.md, "Matches", says more.
"""

import argparse
import concurrent.futures
import json
import math
import os
import queue
import random
import shlex
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match_stats as stats  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_KABOOM = os.path.join(ROOT, "target", "release", "kaboom")

# kaboom's variant names that python-chess plays by the same rules, with
# python-chess's name; and Fairy-Stockfish's names where they differ.
PYTHON_CHESS = {
    "chess": "chess",
    "atomic": "atomic",
    "crazyhouse": "crazyhouse",
    "three-check": "3check",
    "antichess": "antichess",
    "horde": "horde",
    "racing-kings": "racingkings",
}
UCI_ALIASES = {"three-check": ["3check"], "five-check": ["5check"], "racing-kings": ["racingkings"]}


class EngineFailure(Exception):
    """The engine crashed, timed out or broke the protocol."""


class Engine:
    """A UCI engine in a child process, read by a thread so that every wait
    has a timeout."""

    def __init__(self, spec, variant, timeout):
        self.spec = spec
        self.timeout = timeout
        try:
            self.proc = subprocess.Popen(spec["argv"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise EngineFailure(f"{spec['name']}: cannot start {spec['argv'][0]}: {e.strerror}") from None
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        variants = None
        for line in self.until("uciok"):
            words = line.split()
            if line.startswith("option name UCI_Variant ") and "var" in words:
                variants = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "var"]
        for name, value in spec["options"].items():
            self.send(f"setoption name {name} value {value}")
        self._set_variant(spec.get("variant", variant), variants)
        self.send("isready")
        self.until("readyok")

    def _set_variant(self, variant, variants):
        if os.path.sep in variant or variant.endswith(".ron"):
            self.send(f"setoption name VariantPath value {os.path.abspath(variant)}")
            return
        if variants is None:
            if variant != "chess":
                raise EngineFailure(f"{self.spec['name']} has no UCI_Variant option: it plays chess only")
            return
        for name in [variant] + UCI_ALIASES.get(variant, []):
            if name in variants:
                self.send(f"setoption name UCI_Variant value {name}")
                return
        raise EngineFailure(f"{self.spec['name']} does not play {variant}")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineFailure(f"{self.spec['name']} stopped: {e}") from e

    def until(self, word, timeout=None):
        """The lines up to the first starting with `word`, that one included."""
        deadline = time.monotonic() + (timeout or self.timeout)
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineFailure(f"{self.spec['name']} did not answer `{word}` in time") from None
            if line is None:
                raise EngineFailure(f"{self.spec['name']} stopped")
            seen.append(line)
            if line.split()[:1] == [word]:
                return seen

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.until("readyok")

    def best_move(self, start_fen, moves, limit):
        position = "position startpos" if start_fen is None else f"position fen {start_fen}"
        self.send(position + (" moves " + " ".join(moves) if moves else ""))
        self.send("go " + " ".join(f"{k} {v}" for k, v in limit.items()))
        words = self.until("bestmove")[-1].split()
        return words[1] if len(words) > 1 and words[1] != "(none)" else None

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (EngineFailure, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


class PythonChessReferee:
    """The rules as python-chess knows them."""

    name = "python-chess"

    def __init__(self, variant, start_fen):
        import chess.variant

        self.board = chess.variant.find_variant(PYTHON_CHESS[variant])(start_fen) if start_fen else \
            chess.variant.find_variant(PYTHON_CHESS[variant])()
        self.moves = []

    def legal(self):
        return sorted(m.uci() for m in self.board.legal_moves)

    def side(self):
        """0 when White is to move, 1 when Black is."""
        return 0 if self.board.turn else 1

    def play(self, text):
        """None when the move is legal (and played), else why not."""
        import chess

        try:
            move = self.board.parse_uci(text)
        except (ValueError, chess.IllegalMoveError, chess.InvalidMoveError) as e:
            return f"not legal ({e})"
        self.board.push(move)
        self.moves.append(text)
        return None

    def ending(self):
        """(result, reason) once the game is over, else None."""
        outcome = self.board.outcome(claim_draw=True)
        if outcome is None:
            return None
        return outcome.result(), outcome.termination.name.lower().replace("_", " ")


class KaboomReferee:
    """kaboom's own rules: `kaboom play` replays the game after each move."""

    name = "kaboom"

    def __init__(self, kaboom, variant, start_fen):
        self.kaboom, self.variant, self.start_fen = kaboom, variant, start_fen
        self.moves = []
        self.fen, self.result = self._replay([])
        if self.fen is None:
            raise SystemExit(f"kaboom cannot set up {variant}: {self.result}")

    def _replay(self, moves):
        argv = [self.kaboom, "play", self.variant] + (["--fen", self.start_fen] if self.start_fen else []) + moves
        out = subprocess.run(argv, capture_output=True, text=True)
        if out.returncode != 0:
            lines = out.stderr.strip().splitlines()
            return None, lines[0] if lines else "refused"
        fen = result = None
        for line in out.stdout.splitlines():
            if line.startswith("fen: "):
                fen = line[5:]
            elif line.startswith("result: "):
                result = line[8:]
        return fen, result

    def legal(self):
        argv = [self.kaboom, "moves", self.variant, "--fen", self.fen]
        return sorted(subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split())

    def side(self):
        return 1 if self.fen.split()[1:2] == ["b"] else 0

    def play(self, text):
        fen, result = self._replay(self.moves + [text])
        if fen is None:
            return result
        self.moves.append(text)
        self.fen, self.result = fen, result
        return None

    def ending(self):
        if self.result is None:
            return None
        score, _, reason = self.result.partition(" ")
        return score, reason.strip("()") or "end rule"


def make_referee(args, start_fen):
    if args.referee == "python-chess" or (args.referee == "auto" and args.variant in PYTHON_CHESS):
        return PythonChessReferee(args.variant, start_fen)
    return KaboomReferee(args.kaboom, args.variant, start_fen)


def opening(args, pair, fens):
    """(start FEN or None, opening moves) of a pair: the same for both games."""
    start = fens[pair % len(fens)] if fens else None
    rng = random.Random(f"kaboom-match/{args.seed}/{pair}")
    for _ in range(100):
        referee = make_referee(args, start)
        moves = []
        for _ in range(args.opening_plies):
            legal = referee.legal()
            if not legal or referee.ending():
                break
            move = rng.choice(legal)
            referee.play(move)
            moves.append(move)
        if len(moves) == args.opening_plies and not referee.ending() and referee.legal():
            return start, moves
    raise SystemExit(f"no opening of {args.opening_plies} plies that leaves the game going (pair {pair})")


def play_game(args, engines, white, start, opening_moves):
    """One game; `white` is 0 when the first engine has White. Returns its record."""
    referee = make_referee(args, start)
    for move in opening_moves:
        referee.play(move)
    for e in engines:
        e.new_game()
    result, reason = "1/2-1/2", f"adjudicated a draw after {args.max_plies} plies"
    while len(referee.moves) < args.max_plies:
        ended = referee.ending()
        if ended:
            result, reason = ended
            break
        side = referee.side()  # 0: White to move
        engine = engines[(side + white) % 2]
        loss = "0-1" if side == 0 else "1-0"
        try:
            move = engine.best_move(start, referee.moves, engine.spec["limit"])
        except EngineFailure as e:
            result, reason = loss, str(e)
            break
        if move is None:
            result, reason = loss, f"{engine.spec['name']} gave no move"
            break
        error = referee.play(move)
        if error:
            result, reason = loss, f"{engine.spec['name']} played {move}: {error}"
            break
    first_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    if white == 1:
        first_score = 1.0 - first_score
    return {"white": engines[white].spec["name"], "black": engines[1 - white].spec["name"],
            "start": start, "moves": referee.moves, "opening_plies": len(opening_moves),
            "result": result, "reason": reason, "score": first_score, "referee": referee.name}


class Worker:
    """One thread's engines, kept between pairs and restarted after a failure."""

    local = threading.local()

    @classmethod
    def engines(cls, args):
        engines = getattr(cls.local, "engines", None)
        if engines is None or any(e.proc.poll() is not None for e in engines):
            for e in engines or []:
                e.close()
            engines = [Engine(spec, args.variant, args.timeout) for spec in args.engines]
            cls.local.engines = engines
            with args.lock:
                args.all_engines.extend(engines)
        return engines


def play_pair(args, pair, fens):
    if args.stop.is_set():
        return pair, None
    start, moves = opening(args, pair, fens)
    games = []
    for white in (0, 1):
        engines = Worker.engines(args)
        try:
            games.append(play_game(args, engines, white, start, moves))
        except EngineFailure as e:
            # A failure outside a move (new game, set-up): the game is lost
            # by whichever engine failed; restart both.
            failed = next((i for i, x in enumerate(engines) if x.proc.poll() is not None), 0)
            games.append({"white": engines[white].spec["name"], "black": engines[1 - white].spec["name"],
                          "start": start, "moves": moves, "opening_plies": len(moves),
                          "result": "0-1" if failed == white else "1-0", "reason": str(e),
                          "score": 0.0 if failed == 0 else 1.0, "referee": "none"})
            for x in engines:
                x.close()
            Worker.local.engines = None
    for g in games:
        g["pair"] = pair
    return pair, games


def summary(args, pairs):
    counts = stats.pentanomial([(g[0]["score"], g[1]["score"]) for g in pairs])
    games = [g for pair in pairs for g in pair]
    w = sum(g["score"] == 1.0 for g in games)
    d = sum(g["score"] == 0.5 for g in games)
    l_ = len(games) - w - d
    elo, low, high, score = stats.elo_interval(counts)
    text = (f"{len(games)} games: {args.engines[0]['name']} +{w} ={d} -{l_} against {args.engines[1]['name']}, "
            f"score {100 * score:.1f}%, Elo {elo:+.1f} (95% {low:+.1f}..{high:+.1f}), "
            f"pairs LL {counts[0]} LD {counts[1]} DD/WL {counts[2]} WD {counts[3]} WW {counts[4]}")
    llr = None
    if args.sprt:
        llr = stats.llr(counts, *args.sprt)
        lower, upper = stats.sprt_bounds(args.alpha, args.beta)
        text += f", LLR {llr:.2f} ({lower:.2f}, {upper:.2f}) [{args.sprt[0]:g}, {args.sprt[1]:g}]"
    return text, {"games": len(games), "wins": w, "draws": d, "losses": l_, "pentanomial": counts,
                  "score": score, "elo": elo, "elo_low": low, "elo_high": high, "llr": llr}


def parse_engine(words, args):
    spec = {"options": {}, "limit": {}}
    text = " ".join(words)
    for word in words:
        key, eq, value = word.partition("=")
        if not eq:
            raise SystemExit(f"--engine: `{word}` is not KEY=VALUE")
        if key == "cmd":
            spec["argv"] = shlex.split(value)
        elif key == "name":
            spec["name"] = value
        elif key.startswith("option."):
            spec["options"][key[len("option."):]] = value
        elif key in ("nodes", "movetime", "depth"):
            spec["limit"] = {key: int(value)}
        elif key == "variant":
            spec["variant"] = value
        else:
            raise SystemExit(
                f"--engine: unknown key `{key}` (cmd, name, option.NAME, nodes, movetime, depth, variant)")
    if "argv" not in spec:
        raise SystemExit(f"--engine `{text}`: needs cmd=COMMAND")
    if len(spec["argv"]) == 1 and os.path.basename(spec["argv"][0]).startswith("kaboom"):
        spec["argv"].append("uci")
    spec.setdefault("name", os.path.basename(spec["argv"][0]))
    spec["options"].setdefault("Threads", "1")
    spec["options"].setdefault("Hash", str(args.hash))
    if not spec["limit"]:
        spec["limit"] = args.limit
    return spec


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="chess", help="a bundled variant's name or a .ron file (default chess)")
    ap.add_argument("--engine", action="append", required=True, nargs="+", metavar="KEY=VALUE",
                    help="cmd=COMMAND [name=N] [option.X=V] [nodes=N|movetime=MS|depth=D]; give it twice")
    limit = ap.add_mutually_exclusive_group()
    limit.add_argument("--nodes", type=int, help="nodes per move for both engines")
    limit.add_argument("--movetime", type=int, help="milliseconds per move for both engines")
    limit.add_argument("--depth", type=int, help="plies per move for both engines")
    ap.add_argument("--games", type=int, default=100, help="games at most (rounded up to pairs; default 100)")
    ap.add_argument("--sprt", type=float, nargs=2, metavar=("ELO0", "ELO1"),
                    help="stop when the GSPRT accepts Elo = ELO0 or Elo = ELO1 (logistic Elo)")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening-plies", type=int, default=6, help="random legal plies of each opening (default 6)")
    ap.add_argument("--openings", help="a file of start positions, one FEN a line (pair i takes line i mod n)")
    ap.add_argument("--max-plies", type=int, default=400, help="a game still going is a draw (default 400)")
    ap.add_argument("--concurrency", type=int, default=1, help="games at once (default 1)")
    ap.add_argument("--hash", type=int, default=16, help="each engine's Hash in MB (default 16)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds an engine may take to answer")
    ap.add_argument("--referee", choices=["auto", "python-chess", "kaboom"], default="auto")
    ap.add_argument("--kaboom", default=DEFAULT_KABOOM, help="the kaboom binary that referees")
    ap.add_argument("--log", help="write each game as a JSON line to this file")
    ap.add_argument("--json", action="store_true", help="end with the result as one JSON line")
    ap.add_argument("--quiet", action="store_true", help="no line per pair")
    args = ap.parse_args(argv)
    if args.nodes:
        args.limit = {"nodes": args.nodes}
    elif args.movetime:
        args.limit = {"movetime": args.movetime}
    elif args.depth:
        args.limit = {"depth": args.depth}
    else:
        args.limit = {"nodes": 10000}
    args.engines = [parse_engine(e, args) for e in args.engine]
    if len(args.engines) != 2:
        ap.error("give --engine twice")
    if args.engines[0]["name"] == args.engines[1]["name"]:
        args.engines[1]["name"] += "-2"
    if args.referee == "python-chess" and args.variant not in PYTHON_CHESS:
        ap.error(f"python-chess does not know {args.variant}; use --referee kaboom")
    if args.games < 1 or args.concurrency < 1 or args.opening_plies < 0 or args.max_plies < 1:
        ap.error("--games, --concurrency and --max-plies are at least 1, --opening-plies at least 0")
    return args


def main(argv=None):
    args = parse_args(argv)
    fens = None
    if args.openings:
        with open(args.openings, encoding="utf-8") as f:
            fens = [" ".join(line.split()[:6]) for line in f if line.strip() and not line.startswith("#")]
        if not fens:
            raise SystemExit(f"{args.openings}: no position")
    for spec in args.engines:
        # Each engine starts and accepts the variant before any game.
        try:
            Engine(spec, args.variant, args.timeout).close()
        except EngineFailure as e:
            raise SystemExit(f"engine_match: {e}") from None
    args.stop = threading.Event()
    args.lock = threading.Lock()
    args.all_engines = []
    total_pairs = (args.games + 1) // 2
    done = {}
    counted = []  # the pairs in index order, up to the first one not yet finished
    verdict = None
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    started = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            futures = [pool.submit(play_pair, args, i, fens) for i in range(total_pairs)]
            for future in concurrent.futures.as_completed(futures):
                if future.cancelled():
                    continue
                pair, games = future.result()
                if games is None or verdict:
                    continue
                done[pair] = games
                while len(counted) in done and not verdict:
                    counted.append(done.pop(len(counted)))
                    if log:
                        for g in counted[-1]:
                            log.write(json.dumps(g) + "\n")
                    text, _ = summary(args, counted)
                    if args.sprt:
                        counts = stats.pentanomial([(g[0]["score"], g[1]["score"]) for g in counted])
                        verdict = stats.sprt_verdict(stats.llr(counts, *args.sprt), args.alpha, args.beta)
                    if not args.quiet:
                        print(f"pair {len(counted)}: " + ", ".join(f"{g['result']} ({g['reason']})" for g in counted[-1])
                              + f"; {text}", flush=True)
                if verdict:
                    args.stop.set()
                    for f in futures:
                        f.cancel()
    finally:
        for e in args.all_engines:
            e.close()
        if log:
            log.close()
    text, result = summary(args, counted)
    left_out = sum(len(g) for g in done.values())
    secs = time.monotonic() - started
    limits = [" ".join(f"{k} {v}" for k, v in e["limit"].items()) for e in args.engines]
    limit = limits[0] if limits[0] == limits[1] else \
        ", ".join(f"{e['name']} {x}" for e, x in zip(args.engines, limits))
    print(f"{args.variant}, {limit} a move, seed {args.seed}, {args.opening_plies} opening plies, "
          f"referee {make_referee(args, None).name if not fens else args.referee}: {text}")
    if args.sprt:
        name = {"H1": f"H1 accepted (Elo >= {args.sprt[1]:g})", "H0": f"H0 accepted (Elo <= {args.sprt[0]:g})",
                None: "no verdict yet"}[verdict]
        print(f"SPRT: {name}" + (f"; {left_out} games played past the verdict are not counted" if left_out else ""))
    print(f"time {secs:.0f} s, {args.concurrency} at once")
    if args.json:
        result.update({"verdict": verdict, "seed": args.seed, "variant": args.variant,
                           "limits": [e["limit"] for e in args.engines]})
        # JSON has no infinity: an unbounded side of an interval (every
        # game won, or lost) is written as null.
        finite = {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in result.items()}
        print(json.dumps(finite, allow_nan=False))


if __name__ == "__main__":
    main()
