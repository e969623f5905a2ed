"""Legal-move lists per minute from Python, on chess positions.

A benchmark, not a test: run it with the wheel installed,

    python python/bench/legal_moves.py [seconds per case]

It reports, for each way of asking, how many legal-move lists Python gets
per minute: from a kept game (`game.legal_moves()`), in algebraic notation
(`game.legal_moves_san()`), and stateless as pyffish is asked (a game made
from a FEN each time, then its moves).
"""

import sys
import time

import kaboom

POSITIONS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def rate(label, body, seconds):
    lists = 0
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            moves += body()
            lists += 1
    elapsed = time.perf_counter() - start
    per_minute = lists / elapsed * 60
    print(f"{label:<40} {per_minute / 1e6:6.2f} million lists/min  ({moves / lists:.1f} moves a list)")


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    chess = kaboom.Variant.load("chess")
    games = [chess.new_game(fen) for fen in POSITIONS]
    i = 0

    def kept():
        nonlocal i
        i += 1
        return len(games[i % len(games)].legal_moves())

    def kept_san():
        nonlocal i
        i += 1
        return len(games[i % len(games)].legal_moves_san())

    def from_fen():
        nonlocal i
        i += 1
        return len(chess.new_game(POSITIONS[i % len(POSITIONS)]).legal_moves())

    print(f"kaboom {kaboom.__version__}, {len(POSITIONS)} chess positions, {seconds} s each")
    rate("game.legal_moves()", kept, seconds)
    rate("game.legal_moves_san()", kept_san, seconds)
    rate("Game(variant, fen).legal_moves()", from_fen, seconds)


if __name__ == "__main__":
    main()
