#!/usr/bin/env python3
"""Searches start arrays for an 8x8 variant file with the orthodox material
(8 pawns and K Q 2R 2B 2N a side), Black's army the mirror of White's
through the middle of the board (rank r to rank 9-r) or its rotation
(--rotate), scoring each with kaboom's search over UCI.

White's men stand on ranks 1 to 3, two to a file, one pawn and one piece
(a pattern per file: which ranks, and the pawn below or above the piece),
the pieces in random orders with the bishops on both colours and no king
on the first rank (the enemy king would stand next to it across a joined
seam). Sampled at random for --seconds, each array scored at --depth with
White to move (the mirror makes Black's turn the same); the arrays within
--keep centipawns, where the variant accepts them (no king attacked with
the other side to move), are rescored at --deep. Prints one line per such
array:

    score-at-depth  deep-score  FEN

The horizontal cylinder's array (docs/fairy.md, Board topology) came from

    scripts/search-arrays.py variants/fairy/horizontal-cylinder.ron \\
        --seconds 420 --depth 3 --deep 6 --keep 40 --seed 1
    scripts/search-arrays.py variants/fairy/horizontal-cylinder.ron \\
        --deep 8 --check "n3pp2/ppppkbrq/1brn2pp/8/8/1BRN2PP/PPPPKBRQ/N3PP2 w - - 0 1"

Bounded in time; deterministic for a seed up to the clock.

With --check FEN, checks one array instead: its score at --deep, and for
the start and each first move, a search to depth 5 (a mate in two is
found within 4 plies): any mate score, for either side, is printed.
"""
import argparse
import random
import subprocess
import sys
import time

PIECES = "KQRRBBNN"


class Uci:
    """A kaboom UCI session on one variant file."""

    def __init__(self, kaboom, variant):
        self.p = subprocess.Popen([kaboom, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name VariantPath value " + variant)
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("kaboom ended: " + "".join(lines[-5:]))
            lines.append(line)
            if line.startswith(word):
                return lines

    def score(self, fen, depth, moves=()):
        """The score at `depth` for the side to move after `moves` from
        `fen`: ('cp', n) or ('mate', n)."""
        self.send("ucinewgame")
        self.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
        self.send("go depth %d" % depth)
        found = None
        for line in self.wait("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                found = (words[i + 1], int(words[i + 2]))
        return found


def board_fen(white, rotate):
    """The FEN of White's men {(file, rank): letter} and Black's image."""
    cells = {}
    for (f, r), c in white.items():
        cells[(f, r)] = c
        cells[(7 - f if rotate else f, 7 - r)] = c.lower()
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            c = cells.get((f, r))
            if c is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + c
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def sample(rng, rotate):
    """A random array of White's men, or None where it breaks a rule."""
    while True:
        white = {}
        piece_squares = []
        for f in range(8):
            ranks = rng.choice([(0, 1), (0, 2), (1, 2)])
            pawn_low = rng.random() < 0.5
            pawn, piece = (ranks if pawn_low else ranks[::-1])
            white[(f, pawn)] = "P"
            piece_squares.append((f, piece))
        order = list(PIECES)
        rng.shuffle(order)
        for sq, c in zip(piece_squares, order):
            white[sq] = c
        bishops = [sq for sq, c in white.items() if c == "B"]
        if (bishops[0][0] + bishops[0][1]) % 2 == (bishops[1][0] + bishops[1][1]) % 2:
            continue
        king = next(sq for sq, c in white.items() if c == "K")
        if king[1] == 0:
            continue
        return white


def first_moves(a, fen):
    """The legal moves of `fen`, or None where the variant refuses it."""
    run = subprocess.run([a.kaboom, "moves", a.variant, "--fen", fen], capture_output=True, text=True)
    return run.stdout.split() if run.returncode == 0 else None


def check(a, uci):
    """Prints the array's score at --deep and every mate within two moves
    from its start or after a first move; exits 1 if there is one."""
    print("start, depth %d: %s %+d" % ((a.deep,) + uci.score(a.check, a.deep)), flush=True)
    first = first_moves(a, a.check)
    if first is None:
        sys.exit("the variant refuses the position")
    mates = 0
    for moves in [()] + [(m,) for m in first]:
        kind, n = uci.score(a.check, 5, moves) or ("over", 0)
        if kind != "cp":
            mates += 1
            print("mate %+d after %s" % (n, " ".join(moves) or "nothing"), flush=True)
    print("%d first moves, %d mates within two moves" % (len(first), mates))
    sys.exit(1 if mates else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant")
    ap.add_argument("--kaboom", default="target/release/kaboom")
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--deep", type=int, default=6)
    ap.add_argument("--keep", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rotate", action="store_true", help="Black's army is White's turned 180 degrees")
    ap.add_argument("--check", metavar="FEN", help="check this array for mates and score it")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    uci = Uci(a.kaboom, a.variant)
    if a.check:
        check(a, uci)
        return
    end = time.time() + a.seconds
    seen, kept, tried = set(), [], 0
    while time.time() < end:
        fen = board_fen(sample(rng, a.rotate), a.rotate)
        if fen in seen:
            continue
        seen.add(fen)
        tried += 1
        found = uci.score(fen, a.depth)
        if found is None:  # no legal move, or a position the variant refuses
            continue
        kind, n = found
        if kind == "cp" and abs(n) <= a.keep:
            kept.append((n, fen))
            print("kept %+d %s" % (n, fen), file=sys.stderr, flush=True)
    print("%d arrays tried, %d kept" % (tried, len(kept)), file=sys.stderr)
    for n, fen in sorted(kept, key=lambda k: abs(k[0])):
        if first_moves(a, fen) is None:
            continue  # a king attacked with the other side to move
        kind, deep = uci.score(fen, a.deep) or ("none", 0)
        print("%+d %s%+d %s" % (n, "" if kind == "cp" else "mate ", deep, fen), flush=True)


if __name__ == "__main__":
    main()
