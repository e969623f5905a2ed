#!/usr/bin/env python3
"""Makes tests/data/tactics/atomic-mates.epd: atomic positions with a forced
win in 2 or 3 moves, found by Fairy-Stockfish.

Random playouts (python-chess's atomic, seeded) from the start position
give candidate positions; Fairy-Stockfish (UCI_Variant atomic) searches
each to depth 12, and a position is kept when it reports `mate 2` or
`mate 3` for the side to move; the position is searched again to depth
16 and kept only if the mate distance is confirmed. Python-chess's atomic
is lichess's, which kaboom plays as `atomic-lichess`.

    scripts/make-atomic-mates.py [--count 50] [--seed 1] [--engine PATH]
"""

import argparse
import os
import random

import chess
import chess.engine
import chess.variant

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/tmp/fsfbuild/src/stockfish")
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "data", "tactics", "atomic-mates.epd"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    found, seen, tried = [], set(), 0
    while len(found) < args.count and tried < 5000:
        board = chess.variant.AtomicBoard()
        plies = rng.randint(6, 40)
        for _ in range(plies):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        if board.is_game_over():
            continue
        key = board.epd()
        if key in seen:
            continue
        seen.add(key)
        tried += 1
        info = engine.analyse(board, chess.engine.Limit(depth=12))
        score = info["score"].relative
        if not score.is_mate() or score.mate() not in (2, 3):
            continue
        deep = engine.analyse(board, chess.engine.Limit(depth=16))
        if deep["score"].relative.mate() != score.mate():
            continue
        best = deep["pv"][0].uci()
        found.append(f'{board.epd()} bm {best}; dm {score.mate()}; id "atomic-{len(found) + 1}";')
    engine.quit()
    with open(args.out, "w") as f:
        f.write("# Atomic (lichess rules) positions with a forced win in 2 or 3 moves:\n")
        f.write(f"# Fairy-Stockfish c19b5f6 at depth 12, confirmed at depth 16; scripts/make-atomic-mates.py --seed {args.seed}\n")
        for line in found:
            f.write(line + "\n")
    print(f"{len(found)} positions from {tried} tried")


if __name__ == "__main__":
    main()
