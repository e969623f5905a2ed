#!/usr/bin/env python3
"""kaboom against Fairy-Stockfish in any variant both play, at equal move
time, kaboom's own rules as the referee: after every move `kaboom play
VARIANT MOVES...` replays the game, refuses an illegal move (which loses)
and says when and how the game ended.

Each pair of games starts from one opening of --opening random legal plies
(seeded) and is played twice, colours swapped; both engines run one thread
with 16 MB of hash. Prints each game, the score and the Elo difference with
a 95% interval.

    scripts/vs-fairy-stockfish-variant.py capablanca [--games 20] [--movetime 100]
        [--seed 1] [--max-plies 300] [--kaboom target/release/kaboom]
        [--fsf /usr/games/fairy-stockfish] [--fsf-variant NAME]
"""

import argparse
import math
import os
import random
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Uci:
    """A UCI engine over pipes."""

    def __init__(self, command, variant):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        for line in ("setoption name Threads value 1", "setoption name Hash value 16",
                     f"setoption name UCI_Variant value {variant}"):
            self.send(line)
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine stopped")
            if line.startswith(prefix):
                return line.strip()

    def best(self, moves, movetime):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go movetime {movetime}")
        return self.until("bestmove").split()[1]

    def quit(self):
        self.send("quit")
        self.p.wait()


def referee(kaboom, variant, moves):
    """(fen, result or None, error or None) after `moves`, by kaboom's rules."""
    out = subprocess.run([kaboom, "play", variant, *moves], capture_output=True, text=True)
    if out.returncode != 0:
        return None, None, out.stderr.strip().splitlines()[0] if out.stderr.strip() else "refused"
    fen = result = None
    for line in out.stdout.splitlines():
        if line.startswith("fen: "):
            fen = line[5:]
        elif line.startswith("result: "):
            result = line[8:]
    return fen, result, None


def legal(kaboom, variant, fen):
    out = subprocess.run([kaboom, "moves", variant, "--fen", fen], capture_output=True, text=True, check=True)
    return out.stdout.split()


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=4)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--kaboom", default=os.path.join(ROOT, "target", "release", "kaboom"))
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--fsf-variant", help="Fairy-Stockfish's name for the variant (default: the same)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    kaboom = Uci([args.kaboom, "uci"], args.variant)
    fsf = Uci([args.fsf], args.fsf_variant or args.variant)
    w = d = l = 0
    played = 0
    for _ in range((args.games + 1) // 2):
        opening = []
        for _ in range(args.opening):
            fen, _, _ = referee(args.kaboom, args.variant, opening)
            opening.append(rng.choice(legal(args.kaboom, args.variant, fen)))
        for kaboom_white in (True, False):
            if played >= args.games:
                break
            moves = list(opening)
            engines = (kaboom, fsf) if kaboom_white else (fsf, kaboom)
            result, how = "1/2-1/2", f"max plies ({args.max_plies})"
            while len(moves) < args.max_plies:
                mover = engines[len(moves) % 2]
                mv = mover.best(moves, args.movetime)
                fen, ended, error = referee(args.kaboom, args.variant, moves + [mv])
                if error:
                    # An illegal move (or none when one exists) loses.
                    result = "0-1" if len(moves) % 2 == 0 else "1-0"
                    how = f"illegal move {mv} by {'kaboom' if mover is kaboom else 'Fairy-Stockfish'}: {error}"
                    break
                moves.append(mv)
                if ended:
                    result, how = ended.split(" ", 1)[0], ended
                    break
            played += 1
            if result == "1/2-1/2":
                d += 1
            elif (result == "1-0") == kaboom_white:
                w += 1
            else:
                l += 1
            print(f"game {played}: kaboom {'White' if kaboom_white else 'Black'}, {result} in {len(moves)} plies ({how})",
                  flush=True)
    score = (w + d / 2) / max(played, 1)
    var = (w * (1 - score) ** 2 + d * (0.5 - score) ** 2 + l * score ** 2) / max(played, 1)
    half = 1.96 * math.sqrt(var / max(played, 1))
    if 0 < score < 1:
        rating = (f"Elo {elo(score):+.0f}, 95% {elo(max(score - half, 0.5 / played)):+.0f}.."
                  f"{elo(min(score + half, 1 - 0.5 / played)):+.0f}")
    else:
        bound = elo(0.5 / played) if score == 0 else elo(1 - 0.5 / played)
        rating = f"Elo {'below' if score == 0 else 'above'} about {bound:+.0f}"
    print(f"kaboom against Fairy-Stockfish, {args.variant}, {args.movetime} ms per move, {played} games: "
          f"+{w} ={d} -{l}, score {100 * score:.1f}% ({rating})")
    kaboom.quit()
    fsf.quit()


if __name__ == "__main__":
    main()
