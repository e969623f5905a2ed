#!/usr/bin/env python3
"""Plays complete games of kaboom against itself through python-chess's
UCI client, python-chess judging every move by its own rules.

usage: uci_games.py KABOOM_BINARY [--nodes N] [--max-plies N]

One game of chess and one of atomic (python-chess's AtomicBoard; kaboom is
told `UCI_Variant atomic` by python-chess itself). Fixed node counts make
the games deterministic. Exits 0 when every move was legal and each game
ended by the rules or reached the ply cap; prints one line per game.
"""

import argparse
import sys

import chess
import chess.engine
import chess.variant


def play(binary, board, nodes, max_plies):
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
    try:
        plies = 0
        while not board.is_game_over(claim_draw=True) and plies < max_plies:
            result = engine.play(board, chess.engine.Limit(nodes=nodes))
            move = result.move
            if move is None or move not in board.legal_moves:
                print(f"illegal move {move} in {board.fen()}", file=sys.stderr)
                return False
            board.push(move)
            plies += 1
        outcome = board.outcome(claim_draw=True)
        ended = outcome.termination.name if outcome else f"stopped after {plies} plies"
        print(f"{board.uci_variant}: {plies} plies, {board.result(claim_draw=True)} ({ended})")
        return True
    finally:
        engine.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    ok = True
    for board in (chess.Board(), chess.variant.AtomicBoard()):
        ok = play(args.binary, board, args.nodes, args.max_plies) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
