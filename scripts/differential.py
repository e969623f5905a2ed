#!/usr/bin/env python3
"""Differential tester: compare kaboom's legal moves with python-chess.

Plays seeded random games with python-chess and, for every distinct position
(deduplicated by FEN), compares the sorted output of

    kaboom moves <variant> --fen "<FEN>"

with python-chess's sorted ``board.legal_moves`` in UCI notation.

Usage:
    python3 scripts/differential.py --variant chess --games 200 --seed 1
    python3 scripts/differential.py --variant atomic --games 50 --max-plies 100

Requires python-chess (``pip install chess``) and a release build of kaboom
(``cargo build --release``; override the path with ``--kaboom``).

Each mismatch prints the FEN and the moves found only by either side; the run
ends with ``N positions, M mismatches`` and exits 1 if M > 0, else 0.  If kaboom
itself fails (non-zero exit), its stderr is shown and the script exits 2.
"""

import argparse
import concurrent.futures
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

try:
    import chess
    import chess.variant
except ImportError:
    sys.exit("python-chess is not installed; run: pip install chess")

REPO = Path(__file__).resolve().parent.parent
BOARDS = {"chess": chess.Board, "atomic": chess.variant.AtomicBoard}


class KaboomError(Exception):
    pass


def reference_moves(board):
    """python-chess legal moves; empty once the variant's game is over."""
    moves = sorted(m.uci() for m in board.legal_moves)
    if board.is_variant_end() and moves:
        raise AssertionError(f"python-chess has moves after variant end: {board.fen()}")
    return moves


def collect_positions(board_cls, games, max_plies, rng):
    """Play random games; return {fen: sorted reference moves}."""
    positions = {}
    for _ in range(games):
        board = board_cls()
        while True:
            fen = board.fen()
            if fen not in positions:
                positions[fen] = reference_moves(board)
            if len(board.move_stack) >= max_plies or board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
    return positions


def kaboom_moves(binary, variant, fen):
    proc = subprocess.run(
        [str(binary), "moves", variant, "--fen", fen],
        capture_output=True, text=True,
    )
    if proc.returncode != 0:
        raise KaboomError(
            f"kaboom exited with status {proc.returncode} on FEN {fen}\n"
            f"{proc.stderr.rstrip()}"
        )
    return sorted(line.strip() for line in proc.stdout.splitlines() if line.strip())


def report(fen, ours, theirs):
    print(f"MISMATCH {fen}")
    only_k = sorted((Counter(ours) - Counter(theirs)).elements())
    only_p = sorted((Counter(theirs) - Counter(ours)).elements())
    print(f"  only in kaboom:       {' '.join(only_k) or '-'}")
    print(f"  only in python-chess: {' '.join(only_p) or '-'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="chess", choices=sorted(BOARDS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=150)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kaboom", type=Path,
                        default=REPO / "target" / "release" / "kaboom")
    args = parser.parse_args()

    if not args.kaboom.is_file():
        sys.exit(f"kaboom binary not found at {args.kaboom}; run: cargo build --release")

    rng = random.Random(args.seed)
    positions = collect_positions(BOARDS[args.variant], args.games, args.max_plies, rng)

    mismatches = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {
            pool.submit(kaboom_moves, args.kaboom, args.variant, fen): fen
            for fen in positions
        }
        try:
            # Iterate in submission order so output is deterministic.
            for future, fen in futures.items():
                ours = future.result()
                if ours != positions[fen]:
                    mismatches += 1
                    report(fen, ours, positions[fen])
        except KaboomError as err:
            pool.shutdown(wait=True, cancel_futures=True)
            print(f"error: {err}", file=sys.stderr)
            sys.exit(2)

    print(f"{len(positions)} positions, {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
