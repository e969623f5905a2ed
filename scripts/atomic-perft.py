#!/usr/bin/env python3
"""Perft of atomic chess with python-chess, for both bundled readings.

    python3 scripts/atomic-perft.py "<FEN>" DEPTH

prints, for every depth up to DEPTH, the count under lichess's rules
(python-chess ``AtomicBoard``: kaboom's ``atomic-lichess``) and under seed
001's (kaboom's ``atomic``), which also allows a capture that explodes both
kings; such a capture ends the game (drawn), so

    atomic(d) = lichess(d) + the captures exploding both kings, summed over
                the positions at depth d - 1 of the lichess tree.

A capture "exploding both kings" is a pseudo-legal capture by a piece other
than a king (kings never capture) whose blast, the target square and its
eight neighbours, holds both kings. The counts in
tests/perft/atomic-kings-close.perft and atomic-both-kings.perft come from
this script.
"""

import sys

import chess
import chess.variant


def both_kings_captures(board):
    us, them = board.turn, not board.turn
    ours, theirs = board.king(us), board.king(them)
    if ours is None or theirs is None:
        return 0
    n = 0
    for m in board.generate_pseudo_legal_moves():
        if not board.is_capture(m) or board.piece_type_at(m.from_square) == chess.KING:
            continue
        blast = chess.BB_KING_ATTACKS[m.to_square] | chess.BB_SQUARES[m.to_square]
        if blast & chess.BB_SQUARES[ours] and blast & chess.BB_SQUARES[theirs]:
            n += 1
    return n


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for m in list(board.legal_moves):
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


def extra(board, depth):
    if depth == 0:
        return both_kings_captures(board)
    total = 0
    for m in list(board.legal_moves):
        board.push(m)
        total += extra(board, depth - 1)
        board.pop()
    return total


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    board = chess.variant.AtomicBoard(sys.argv[1])
    for d in range(1, int(sys.argv[2]) + 1):
        lichess = perft(board, d)
        more = extra(board, d - 1)
        print(f"depth {d}: atomic-lichess {lichess}, atomic {lichess + more} (+{more})", flush=True)


if __name__ == "__main__":
    main()
