#!/usr/bin/env python3
"""kaboom against Fairy-Stockfish in chess at equal move time, python-chess
as the referee (it checks every move and ends the game: checkmate,
stalemate, insufficient material, threefold repetition, the 50-move rule),
then both engines' search speed in the same positions.

Each pair of games starts from one opening of OPENING_PLIES random legal
plies (seeded) and is played twice, colours swapped. Both engines run one
thread with 16 MB of hash. Prints the score, the Elo difference with a 95%
interval, and each engine's nodes per second.

    scripts/vs-fairy-stockfish.py [--games 20] [--movetime 100] [--seed 1]
        [--kaboom target/release/kaboom] [--fsf /usr/games/fairy-stockfish]
"""

import argparse
import math
import os
import random

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPENING_PLIES = 4


def play(white, black, board, movetime, game):
    engines = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True):
        result = engines[board.turn].play(board, chess.engine.Limit(time=movetime / 1000), game=game)
        if result.move is None or result.move not in board.legal_moves:
            # An illegal move or none loses.
            return "0-1" if board.turn == chess.WHITE else "1-0"
        board.push(result.move)
    return board.result(claim_draw=True)


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def nps(engine, boards, movetime):
    total_nodes, total_time = 0, 0.0
    for board in boards:
        info = engine.analyse(board, chess.engine.Limit(time=movetime / 1000))
        total_nodes += info.get("nodes", 0)
        total_time += info.get("time", movetime / 1000)
    return total_nodes / max(total_time, 1e-9)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kaboom", default=os.path.join(ROOT, "target", "release", "kaboom"))
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    kaboom = chess.engine.SimpleEngine.popen_uci([args.kaboom, "uci"])
    fsf = chess.engine.SimpleEngine.popen_uci(args.fsf)
    for e in (kaboom, fsf):
        e.configure({"Threads": 1, "Hash": 16})
    points, played, w, d, l = 0.0, 0, 0, 0, 0
    sample = []
    for pair in range((args.games + 1) // 2):
        opening = chess.Board()
        for _ in range(OPENING_PLIES):
            opening.push(rng.choice(list(opening.legal_moves)))
        sample.append(opening.copy())
        for kaboom_white in (True, False):
            if played >= args.games:
                break
            board = opening.copy()
            white, black = (kaboom, fsf) if kaboom_white else (fsf, kaboom)
            result = play(white, black, board, args.movetime, game=played)
            if result == "1/2-1/2":
                s, d = 0.5, d + 1
            elif (result == "1-0") == kaboom_white:
                s, w = 1.0, w + 1
            else:
                s, l = 0.0, l + 1
            points += s
            played += 1
            if len(sample) < 12 and board.ply() > 20:
                mid = chess.Board()
                for mv in board.move_stack[:20]:
                    mid.push(mv)
                sample.append(mid)
            print(f"game {played}: kaboom {'White' if kaboom_white else 'Black'}, {result} "
                  f"in {board.ply()} plies ({board.outcome(claim_draw=True).termination.name if board.outcome(claim_draw=True) else 'illegal move'})",
                  flush=True)
    score = points / max(played, 1)
    # 95% interval of the score from the games' own variance, as an Elo range.
    var = (w * (1 - score) ** 2 + d * (0.5 - score) ** 2 + l * score ** 2) / max(played, 1)
    half = 1.96 * math.sqrt(var / max(played, 1))
    if 0 < score < 1:
        rating = (f"Elo {elo(score):+.0f}, 95% "
                  f"{elo(max(score - half, 0.5 / played)):+.0f}..{elo(min(score + half, 1 - 0.5 / played)):+.0f}")
    else:
        # No interval from the games' own variance: a bound from half a point.
        bound = elo(0.5 / played) if score == 0 else elo(1 - 0.5 / played)
        rating = f"Elo {'below' if score == 0 else 'above'} about {bound:+.0f}"
    print(f"kaboom against Fairy-Stockfish, chess, {args.movetime} ms per move, {played} games: "
          f"+{w} ={d} -{l}, score {100 * score:.1f}% ({rating})")
    k, f = nps(kaboom, sample, 1000), nps(fsf, sample, 1000)
    print(f"nodes per second, {len(sample)} positions at 1 s each, one thread: "
          f"kaboom {k:,.0f}, Fairy-Stockfish {f:,.0f} (ratio {f / max(k, 1):.1f})")
    kaboom.quit()
    fsf.quit()


if __name__ == "__main__":
    main()
