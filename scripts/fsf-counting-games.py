#!/usr/bin/env python3
"""Random endgames under Fairy-Stockfish's counting rules, as a fixture.

Plays random games (Fairy-Stockfish lists the legal moves, a fixed seed
picks) from endgame positions near where a count starts, and records after
every move Fairy-Stockfish's FEN (which carries the count: its limit in the
en passant field, its plies in the halfmove clock's) and how Fairy-Stockfish
judges the position set up from that FEN: the result it claims over the
XBoard protocol (`1/2-1/2`, `1-0`, `0-1`: an optional draw such as the
count's, or no legal move), or `-` when it plays on.

tests/counting.rs replays every game in kaboom's import of the variant and
checks the FEN after every move and the game end judged from each FEN.

Usage:
  scripts/fsf-counting-games.py --engine /tmp/fsf/large/src/stockfish \\
      [--games 16] [--plies 80] [--seed 1] > tests/fixtures/fsf/counting-games.txt
"""

import argparse
import random
import re
import subprocess
import sys

# Variant (built-in, or section of tests/fixtures/fsf/variants.ini), start
# positions: few pieces, some pawns, so that captures, promotions and bare
# kings start and restart counts.
STARTS = {
    "makruk": [
        "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
        "8/8/8/3k4/3P4/8/8/R3K3 b - - 0 1",
        "3sk3/8/4p3/8/8/3P4/8/RN2K3 w - - 0 1",
        "4k3/8/2n5/8/8/5P2/3p4/R3K3 w - - 0 1",
        "4k3/3r4/8/8/8/8/8/1SN1K3 b - - 0 1",
        "8/3k4/8/2P5/8/8/8/S2K2M1 w - - 0 1",
        "4k3/8/8/2P5/8/8/8/R3K3 w - - 0 1",
        "4k3/2s5/8/8/8/8/8/RN2K3 w - - 0 1",
    ],
    "asean": [
        "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
        "8/8/8/3k4/3P4/8/8/R3K3 b - - 0 1",
        "3bk3/8/4p3/8/8/3P4/8/RN2K3 w - - 0 1",
        "4k3/8/2n5/8/8/5P2/3p4/R3K3 w - - 0 1",
        "8/3k4/8/2P5/8/8/8/B2K2Q1 w - - 0 1",
        "4k3/8/8/8/2P5/8/8/R3K3 w - - 0 1",
    ],
    "ai-wok": [
        "4k3/8/8/8/8/8/8/R3K2A w - - 0 1",
        "8/8/8/3k4/3P4/8/8/S3K3 b - - 0 1",
        "3sk3/8/4p3/8/8/3P4/8/RN2K3 w - - 0 1",
    ],
    "makhouse": [
        "4k3/8/8/8/8/8/8/R3K2R[] w - - 0 1",
        "8/8/8/3k4/3P4/8/8/R3K3[] b - - 0 1",
        "3sk3/8/4p3/8/8/3P4/8/RN2K3[] w - - 0 1",
        "4k3/2s5/8/8/8/8/8/RN2K3[] w - - 0 1",
    ],
}


class Engine:
    def __init__(self, path, ini=None):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.ini = ini

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, stop):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.rstrip("\n")
            lines.append(line)
            if stop(line):
                return lines

    def uci(self, variant):
        self.send("uci")
        self.until(lambda l: l == "uciok")
        if self.ini:
            self.send(f"setoption name VariantPath value {self.ini}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.until(lambda l: l == "readyok")

    def moves_and_fen(self, fen, moves):
        pos = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        self.send(pos)
        self.send("go perft 1")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        legal = [l.split(":")[0] for l in lines if re.match(r"^[a-z][a-z0-9+@=]*: \d+$", l)]
        self.send(pos)
        self.send("d")
        self.send("isready")
        lines = self.until(lambda l: l == "readyok")
        fen = next(l for l in lines if l.startswith("Fen:"))
        return legal, fen[len("Fen:"):].strip()

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


class XBoard(Engine):
    """Fairy-Stockfish over XBoard, where it claims optional game ends."""

    def start(self, variant):
        self.send("xboard")
        self.send("protover 2")
        self.until(lambda l: "done=1" in l)
        if self.ini:
            self.send(f"option VariantPath={self.ini}")
        self.send(f"variant {variant}")
        self.send("sd 1")

    def claims(self, fen):
        """The result Fairy-Stockfish claims for `fen` set up, or `-`."""
        self.send("force")
        self.send(f"setboard {fen}")
        self.send("go")
        for line in self.until(lambda l: l.startswith("move ") or " {" in l):
            for result in ("1/2-1/2", "1-0", "0-1"):
                if line.startswith(result + " {"):
                    return result
        return "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--ini", default="tests/fixtures/fsf/variants.ini")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print("# Written by scripts/fsf-counting-games.py (Fairy-Stockfish's counting rules);")
    print("# read by tests/counting.rs. `game VARIANT FEN`, then per move:")
    print("# MOVE | Fairy-Stockfish's FEN after it | its claim from that FEN (- : none)")
    for variant, starts in STARTS.items():
        ini = None if variant != "makhouse" else args.ini
        engine = Engine(args.engine, ini)
        engine.uci(variant)
        xboard = XBoard(args.engine, ini)
        xboard.start(variant)
        for g in range(args.games):
            start = starts[g % len(starts)]
            print(f"game {variant} {start}")
            moves = []
            legal, _ = engine.moves_and_fen(start, moves)
            while legal and len(moves) < args.plies:
                moves.append(rng.choice(sorted(legal)))
                legal, fen = engine.moves_and_fen(start, moves)
                # Only a running count (digits in the en passant field) or
                # no legal move can end these games.
                count = fen.split(" ")[3].isdigit()
                claim = xboard.claims(fen) if count or not legal else "-"
                print(f"{moves[-1]} | {fen} | {claim}")
                if claim != "-":
                    break
        engine.close()
        xboard.close()
        sys.stdout.flush()


if __name__ == "__main__":
    main()
