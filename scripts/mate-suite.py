#!/usr/bin/env python3
"""Runs `kaboom go VARIANT --fen F --movetime MS` on every position of the
tactics suites under tests/data/tactics/ and reports the share solved.

A position counts as solved when kaboom's best move is the suite's first
solution move, or when kaboom's last `info` line proves a mate at least as
short as the suite's (`score mate k`, k <= N): another mating line.

    scripts/mate-suite.py [--movetime 1000 | --nodes N] [--kaboom target/release/kaboom]

Needs python-chess (to play the opponent's first move of a Lichess puzzle).
"""

import argparse
import csv
import os
import subprocess
import sys

import chess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data", "tactics")


def lichess(path):
    """(variant, fen, expected first move, mate length) per puzzle."""
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            board = chess.Board(row["FEN"])
            moves = row["Moves"].split()
            board.push_uci(moves[0])
            n = 2 if "mateIn2" in row["Themes"].split() else 3
            yield row["PuzzleId"], "chess", board.fen(), moves[1], n


def epd(path, variant):
    """EPD lines `FEN4 bm MOVE; dm N; id "X";`, FEN's counters added."""
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            fen = " ".join(fields[:4]) + " 0 1"
            ops = dict(
                op.strip().split(" ", 1) for op in " ".join(fields[4:]).split(";") if op.strip()
            )
            yield ops.get("id", "?").strip('"'), variant, fen, ops["bm"], int(ops["dm"])


def solve(kaboom, variant, fen, limit):
    out = subprocess.run(
        [kaboom, "go", variant, "--fen", fen, *limit],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    best = out[-1].split()[1]
    infos = [l.split() for l in out if l.startswith("info depth")]
    mate = None
    if infos:
        words = infos[-1]
        i = words.index("score")
        if words[i + 1] == "mate":
            mate = int(words[i + 2])
    return best, mate, infos[-1][2] if infos else "0"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--nodes", type=int, help="nodes per position instead of a time (the same on any machine)")
    ap.add_argument("--kaboom", default=os.path.join(ROOT, "target", "release", "kaboom"))
    args = ap.parse_args()
    suites = [
        ("Lichess mate in 2 and 3 (chess)", lichess(os.path.join(DATA, "lichess-mate-in-2-3.csv"))),
        ("Fairy-Stockfish atomic mates (atomic-lichess)", epd(os.path.join(DATA, "atomic-mates.epd"), "atomic-lichess")),
    ]
    limit = ["--nodes", str(args.nodes)] if args.nodes else ["--movetime", str(args.movetime)]
    per = f"{args.nodes} nodes" if args.nodes else f"{args.movetime} ms"
    total_failed = 0
    for title, items in suites:
        solved, failed = 0, []
        for pid, variant, fen, expected, n in items:
            best, mate, depth = solve(args.kaboom, variant, fen, limit)
            if best == expected or (mate is not None and 0 < mate <= n):
                solved += 1
            else:
                failed.append(f"  {pid} {fen}: expected {expected} (mate in {n}), got {best} "
                              f"(score {'mate ' + str(mate) if mate is not None else 'cp'}, depth {depth})")
        count = solved + len(failed)
        print(f"{title}: {solved}/{count} solved ({100.0 * solved / max(count, 1):.1f}%) "
              f"at {per} per position")
        for line in failed:
            print(line)
        total_failed += len(failed)
    sys.exit(0)


if __name__ == "__main__":
    main()
