#!/usr/bin/env python3
"""Compares a kaboom variant with a Fairy-Stockfish variant over random playouts.

Fairy-Stockfish plays seeded random games (each move drawn from its own legal
moves); at the end of each game both programs count perft 1..DEPTH from the
position reached (with --last N, the last N positions of the game), and
every difference is printed. The positions can be saved as a perft suite for
tests/perft/ (--suite FILE). --positions FILE compares the positions of a
suite file (its `id` and `epd` lines) instead of playing games: to count a
chosen few of them deeper.

  scripts/compare-perft-fairy-stockfish.py crazyhouse crazyhouse
  scripts/compare-perft-fairy-stockfish.py my.ron mychess --ini my.ini --games 50 --depth 3
  scripts/compare-perft-fairy-stockfish.py racing-kings racingkings --positions picked.perft --depth 4 --suite out.perft
  FSF=/path/to/stockfish scripts/compare-perft-fairy-stockfish.py atomic atomic

Fairy-Stockfish: $FSF, else `fairy-stockfish` on the PATH (Debian's package
lacks some variants: build it from source for them, see README). kaboom:
$KABOOM, else target/release/kaboom. Exit status 1 when a count differs.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys


class Engine:
    """Fairy-Stockfish over UCI."""

    def __init__(self, path, variant, ini):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        if ini:
            self.send(f"setoption name VariantPath value {os.path.abspath(ini)}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.until("readyok")

    def send(self, command):
        self.p.stdin.write(command + "\n")

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("fairy-stockfish stopped")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def perft(self, position, depth):
        self.send(f"position {position}")
        self.send(f"go perft {depth}")
        out = self.until("Nodes searched")
        moves = [l.split(":")[0] for l in out if ":" in l and not l.startswith("Nodes")]
        return int(out[-1].split(":")[1]), moves

    def fen(self, position):
        self.send(f"position {position}")
        self.send("d")
        # Up to the end of `d`: a line after `Checkers:` (`Chased:`) left
        # unread would be taken for a move by the next `perft`.
        self.send("isready")
        out = self.until("readyok")
        return next(l for l in out if l.startswith("Fen:"))[5:]

    def close(self):
        self.send("quit")
        self.p.wait()


def kaboom_perft(kaboom, variant, fen, depth):
    out = subprocess.run([kaboom, "perft", variant, str(depth), "--fen", fen, "--allow-illegal"],
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    return out.stderr.strip()[:300]


def random_positions(engine, args):
    """(id, FEN) of the last --last positions of each seeded random game."""
    rng = random.Random(args.seed)
    for game in range(args.games):
        moves = []
        for _ in range(rng.randint(args.plies // 2, args.plies)):
            _, legal = engine.perft("startpos moves " + " ".join(moves), 1)
            if not legal:
                break
            moves.append(rng.choice(legal))
        for ply in range(max(0, len(moves) - args.last + 1), len(moves) + 1):
            yield f"random-{args.seed}-game{game}-ply{ply}", engine.fen("startpos moves " + " ".join(moves[:ply]))


def read_positions(path):
    """(id, FEN) of each `id` and `epd` pair of a perft suite file."""
    name = None
    with open(path) as f:
        for line in f:
            key, _, value = line.strip().partition(" ")
            if key == "id":
                name = value
            elif key == "epd":
                yield name or value, value


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kaboom_variant", help="a bundled kaboom variant or a .ron file")
    ap.add_argument("fsf_variant", help="the Fairy-Stockfish variant name (UCI_Variant)")
    ap.add_argument("--ini", help="a variants.ini for Fairy-Stockfish (VariantPath)")
    ap.add_argument("--games", type=int, default=20, help="random games (default 20)")
    ap.add_argument("--plies", type=int, default=60, help="most plies per game (default 60)")
    ap.add_argument("--depth", type=int, default=3, help="perft depth at each position (default 3)")
    ap.add_argument("--last", type=int, default=1,
                    help="compare the last N positions of each game, not only its end (default 1): "
                         "the positions just before a game ends show the rules that end it")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--suite", help="also write the positions and Fairy-Stockfish's counts to this file")
    ap.add_argument("--positions", help="compare the positions of this suite file instead of random games")
    args = ap.parse_args()
    fsf = os.environ.get("FSF") or shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    kaboom = os.environ.get("KABOOM") or "target/release/kaboom"
    if not os.path.exists(fsf):
        sys.exit("no Fairy-Stockfish: set FSF or install the fairy-stockfish package")
    if not os.path.exists(kaboom):
        sys.exit("no kaboom build: run `cargo build --release` or set KABOOM")
    engine = Engine(fsf, args.fsf_variant, args.ini)
    positions = read_positions(args.positions) if args.positions else random_positions(engine, args)
    seen, compared, differ = set(), 0, 0
    suite = open(args.suite, "w") if args.suite else None
    for name, fen in positions:
        if fen in seen:
            continue
        seen.add(fen)
        compared += 1
        if suite:
            suite.write(f"id {name}\nepd {fen}\n")
        for depth in range(1, args.depth + 1):
            want, _ = engine.perft(f"fen {fen}", depth)
            got = kaboom_perft(kaboom, args.kaboom_variant, fen, depth)
            if suite:
                suite.write(f"perft {depth} {want}\n")
            if got != want:
                differ += 1
                print(f"DIFFERS {fen} depth {depth}: fairy-stockfish {want}, kaboom {got}")
        if suite:
            suite.write("\n")
    engine.close()
    print(f"{compared} positions compared at depths 1-{args.depth}: {differ} counts differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
