#!/usr/bin/env python3
"""Differential tester: compare kaboom's legal moves with python-chess.

Plays seeded random games with python-chess and, for every distinct position
(deduplicated by FEN), compares the sorted output of

    kaboom moves <variant> --fen "<FEN>"

with python-chess's sorted ``board.legal_moves`` in UCI notation.

Usage:
    python3 scripts/differential.py --variant chess --games 200 --seed 1
    python3 scripts/differential.py --variant atomic-lichess --games 50 --max-plies 100
    python3 scripts/differential.py --variant atomic-lichess --games 400 \
        --castling-games 3000 --castling-plies 8

python-chess plays atomic as lichess does (``atomic-lichess``). kaboom's
``atomic`` follows seed 001, which also allows a capture that explodes both
kings; for it the reference adds those captures to python-chess's moves
(every pseudo-legal capture by a non-king whose blast holds both kings).

``--castling-games N`` adds N short games from random positions built for
castling: a king on its start square with castling rights and its rooks in
the corners, the enemy king within two squares of a square the castling king
stands on or crosses (so the kings often touch there), a few random pieces,
either colour to castle. They test castling with touching kings and
attacked path squares.

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
BOARDS = {
    "chess": chess.Board,
    "atomic-lichess": chess.variant.AtomicBoard,
    "atomic": chess.variant.AtomicBoard,
}


def both_kings_captures(board):
    """Captures that explode both kings (legal in seed 001's atomic only)."""
    us, them = board.turn, not board.turn
    ours, theirs = board.king(us), board.king(them)
    if ours is None or theirs is None:
        return []
    out = []
    for m in board.generate_pseudo_legal_moves():
        if not board.is_capture(m) or board.piece_type_at(m.from_square) == chess.KING:
            continue
        blast = chess.BB_KING_ATTACKS[m.to_square] | chess.BB_SQUARES[m.to_square]
        if blast & chess.BB_SQUARES[ours] and blast & chess.BB_SQUARES[theirs]:
            out.append(m.uci())
    return out


def castling_start(rng, board_cls):
    """A random legal position built for castling next to the enemy king."""
    while True:
        board = board_cls(None)
        board.clear()
        rights = ""
        board.set_piece_at(chess.E1, chess.Piece(chess.KING, chess.WHITE))
        if rng.random() < 0.8:
            board.set_piece_at(chess.H1, chess.Piece(chess.ROOK, chess.WHITE))
            rights += "K"
        if rng.random() < 0.6:
            board.set_piece_at(chess.A1, chess.Piece(chess.ROOK, chess.WHITE))
            rights += "Q"
        if not rights:
            continue
        # The enemy king near a square the king stands on or crosses.
        near = rng.choice([chess.C1, chess.D1, chess.E1, chess.F1, chess.G1])
        candidates = [sq for sq in chess.SQUARES
                      if chess.square_distance(sq, near) <= 2 and board.piece_at(sq) is None]
        board.set_piece_at(rng.choice(candidates), chess.Piece(chess.KING, chess.BLACK))
        for _ in range(rng.randint(0, 5)):
            sq = rng.choice(chess.SQUARES)
            if board.piece_at(sq) is not None:
                continue
            kind = rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
            if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
                continue
            board.set_piece_at(sq, chess.Piece(kind, rng.random() < 0.6))
        board.turn = chess.WHITE
        board.set_castling_fen(rights)
        if rng.random() < 0.5:
            board = board.mirror()
        if board.is_valid() and not board.is_game_over():
            return board


class KaboomError(Exception):
    pass


def reference_moves(board, variant):
    """python-chess legal moves; empty once the variant's game is over."""
    moves = [m.uci() for m in board.legal_moves]
    if board.is_variant_end() and moves:
        raise AssertionError(f"python-chess has moves after variant end: {board.fen()}")
    if variant == "atomic" and not board.is_variant_end():
        moves += both_kings_captures(board)
    return sorted(moves)


def castling_kind(board):
    """0: no castling move legal; 1: one is; 2: one is and the enemy king
    touches a square the castling king stands on, crosses or reaches."""
    kind = 0
    enemy = board.king(not board.turn)
    for m in board.legal_moves:
        if not board.is_castling(m):
            continue
        kind = max(kind, 1)
        lo, hi = sorted((m.from_square, m.to_square))
        if enemy is not None and any(chess.square_distance(sq, enemy) == 1 for sq in range(lo, hi + 1)):
            kind = 2
    return kind


def play_out(board, variant, max_plies, rng, positions, stats):
    """Play one random game from `board`, recording every new position."""
    while True:
        fen = board.fen()
        if fen not in positions:
            positions[fen] = reference_moves(board, variant)
            stats[castling_kind(board)] += 1
        if len(board.move_stack) >= max_plies or board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))


def collect_positions(variant, games, max_plies, castling_games, castling_plies, rng):
    """Play random games; return {fen: sorted reference moves}."""
    board_cls = BOARDS[variant]
    positions = {}
    stats = [0, 0, 0]
    for _ in range(games):
        play_out(board_cls(), variant, max_plies, rng, positions, stats)
    for _ in range(castling_games):
        play_out(castling_start(rng, board_cls), variant, castling_plies, rng, positions, stats)
    return positions, stats


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
    parser.add_argument("--castling-games", type=int, default=0,
                        help="extra games from random positions built for castling near the enemy king")
    parser.add_argument("--castling-plies", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kaboom", type=Path,
                        default=REPO / "target" / "release" / "kaboom")
    args = parser.parse_args()

    if not args.kaboom.is_file():
        sys.exit(f"kaboom binary not found at {args.kaboom}; run: cargo build --release")

    rng = random.Random(args.seed)
    positions, stats = collect_positions(args.variant, args.games, args.max_plies,
                                  args.castling_games, args.castling_plies, rng)

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

    print(f"{len(positions)} positions ({stats[1] + stats[2]} with castling legal, "
          f"{stats[2]} of them next to the enemy king), {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
