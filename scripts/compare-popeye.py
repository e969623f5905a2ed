#!/usr/bin/env python3
"""Compare kaboom's legal moves with Popeye's, for one fairy condition.

kaboom plays seeded random games of a variant; at the positions along them
(both sides to move, each position once) Popeye lists the legal moves of the
side to move under the matching Popeye condition, and the two lists are
compared. The positions and Popeye's lists are written as data under
``tests/data/popeye/<name>.txt`` with the commit of Popeye they came from;
``tests/fairy_popeye.rs`` checks kaboom against that file without Popeye,
so CI needs no Popeye.

Usage:
    # build Popeye once (not committed): see docs/fairy.md, "Checking against Popeye"
    python3 scripts/compare-popeye.py orthodox --variant chess --positions 200
    python3 scripts/compare-popeye.py circe --variant variants/fairy/circe.ron \\
        --condition "Circe" --positions 200 --seed 1
    python3 scripts/compare-popeye.py orthodox-castling --max-plies 12 \\
        --start "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"
    python3 scripts/compare-popeye.py orthodox --check   # compare the stored file only

How each position is told to Popeye (py-engl.txt):
    forsyth <board>        the position (knights are S in Popeye's English)
    stipulation ~1         lists White's legal moves
    option halfduplex      ... Black's instead, when Black is to move
    option nocastling SQS  the kings and rooks on start squares that lost a right (e1h8)
    option enpassant A B C the double step just played (from, crossed, to)
    condition <text>       the fairy condition (nothing for orthodox chess)

Popeye's moves are read back into UCI coordinates (``e2e4``, ``e7e8q``,
``e1g1`` for castling); whatever Popeye adds after a move (a Circe rebirth
``[+bPa7]``, a check ``+``) is ignored, so moves are compared by their
squares and promotion. The run ends with ``N positions, M differences``;
each difference prints the FEN and the moves only one side lists. Exit 1 if
M > 0 (the data file is still written, with Popeye's lists, unless --check).
"""

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "popeye"
DEFAULT_POPEYE = REPO / "target" / "popeye"
BATCH = 40


def kaboom_moves(kaboom, variant, fen):
    out = subprocess.run(
        [kaboom, "moves", variant, "--fen", fen], capture_output=True, text=True
    )
    if out.returncode != 0:
        sys.exit(f"kaboom moves failed on {fen}:\n{out.stderr}")
    return sorted(out.stdout.split())


def kaboom_play(kaboom, variant, fen, move):
    out = subprocess.run(
        [kaboom, "play", variant, "--fen", fen, move], capture_output=True, text=True
    )
    if out.returncode != 0:
        sys.exit(f"kaboom play failed on {fen} {move}:\n{out.stderr}")
    for line in out.stdout.splitlines():
        if line.startswith("fen: "):
            return line[5:].strip()
    sys.exit(f"kaboom play printed no FEN after {fen} {move}")


def positions_from_games(kaboom, variant, count, seed, max_plies, starts):
    """Distinct positions along seeded random games, with kaboom's moves;
    the games start from `starts` in turn (the variant's start if none)."""
    rng = random.Random(seed)
    starts = starts or [start_fen(kaboom, variant)]
    seen = {}
    games = 0
    while len(seen) < count and games < count * 4:
        fen = starts[games % len(starts)]
        games += 1
        for _ in range(rng.randint(1, max_plies)):
            key = " ".join(fen.split()[:4])
            moves = kaboom_moves(kaboom, variant, fen)
            if key not in seen:
                seen[key] = (fen, moves)
                if len(seen) >= count:
                    break
            if not moves:
                break
            fen = kaboom_play(kaboom, variant, fen, rng.choice(moves))
    return list(seen.values())


def start_fen(kaboom, variant):
    out = subprocess.run([kaboom, "play", variant], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("fen: "):
            return line[5:].strip()
    sys.exit(f"kaboom play {variant} printed no FEN:\n{out.stderr}")


def popeye_problem(fen, condition):
    """One Popeye problem listing the legal moves of the side to move."""
    board, side, castling, ep = fen.split()[:4]
    lines = ["beginproblem", "forsyth " + board.replace("N", "S").replace("n", "s")]
    lines.append("stipulation ~1")
    options = ["noboard"]
    if side == "b":
        options.append("halfduplex")
    lost = []
    for king, short, long, rank in (("e1", "K", "Q", "1"), ("e8", "k", "q", "8")):
        if short not in castling and long not in castling:
            lost.append(king)
        else:
            if short not in castling:
                lost.append("h" + rank)
            if long not in castling:
                lost.append("a" + rank)
    if lost:
        # One word of squares: Popeye reads `nocastling e1 h8` as e1 and
        # an offending item.
        options.append("nocastling " + "".join(lost))
    if ep != "-":
        file, rank = ep[0], int(ep[1])
        step = 1 if rank == 3 else -1
        options.append(f"enpassant {file}{rank - step}{ep}{file}{rank + step}")
    lines += ["option " + o for o in options]
    if condition:
        lines.append("condition " + condition)
    return "\n".join(lines)


MOVE = re.compile(
    r"(?:\d+\.+)?\s*(?P<body>0-0-0|0-0|[A-Z]?[a-h][1-8][-*][a-h][1-8](?:=[A-Z])?)"
)
PROMO = {"D": "q", "T": "r", "L": "b", "S": "n", "Q": "q", "R": "r", "B": "b", "N": "n"}


def popeye_moves(text, side):
    """The moves of Popeye's `~1` solution, in UCI coordinates."""
    moves = []
    rank = "1" if side == "w" else "8"
    for line in text.splitlines():
        m = re.match(r"\s*1\.+\s*(\S+)", line)
        if not m:
            continue
        body = m.group(1)
        if body.startswith("0-0-0"):
            moves.append(f"e{rank}c{rank}")
            continue
        if body.startswith("0-0"):
            moves.append(f"e{rank}g{rank}")
            continue
        mv = re.match(r"[A-Z]?([a-h][1-8])[-*]([a-h][1-8])(?:=([A-Z]))?", body)
        if not mv:
            raise ValueError(f"unread Popeye move `{body}` in:\n{text}")
        uci = mv.group(1) + mv.group(2)
        if mv.group(3):
            uci += PROMO[mv.group(3)]
        moves.append(uci)
    return sorted(set(moves))


WALKS = {"K": "k", "Q": "q", "R": "r", "B": "b", "S": "n", "P": "p"}
PLACED = re.compile(r"\+([wb])([A-Z]+)([a-h][1-8])")
MOVED = re.compile(r"([wb])([A-Z]+)[a-h][1-8]->([a-h][1-8])")


def effect_token(colour, walk, square):
    """A piece that ends on a square: its letter (upper case White's) and the square."""
    letter = WALKS.get(walk, walk.lower())
    return (letter.upper() if colour == "w" else letter) + square


def popeye_effects(text, side):
    """Per move (UCI), the pieces Popeye's annotations put on squares:
    `[+bPd7]` (a piece reborn or created on d7) and `[wQd5->d1]` (a piece
    moved to d1), as tokens `pd7`, `Qd1`. A pawn placed and promoted
    (`[+bPd1=Q]`) is read as the pawn placed: Popeye offers the promotions
    as choices. (--effects; docs/fairy.md, Rebirth and placement.)"""
    out = {}
    for line in text.splitlines():
        m = re.match(r"\s*1\.+\s*(\S+)", line)
        if not m:
            continue
        moves = popeye_moves(line, side)
        if not moves:
            continue
        uci = moves[0]
        tokens = set()
        for bracket in re.findall(r"\[([^\]]*)\]", line):
            for c, w, sq in PLACED.findall(bracket):
                tokens.add(effect_token(c, w, sq))
            for c, w, sq in MOVED.findall(bracket):
                tokens.add(effect_token(c, w, sq))
        if tokens:
            out.setdefault(uci, set()).update(tokens)
    return {k: sorted(v) for k, v in out.items()}


PLACED_TRACE = re.compile(r"placed (\S+) (?:[a-p]\d+-)?([a-p]\d+)")


def kaboom_effects(kaboom, variant, fen, moves):
    """Per move, the pieces kaboom's trace places (`placed p d5-d7`)."""
    out = {}
    for move in moves:
        res = subprocess.run(
            [kaboom, "play", variant, "--fen", fen, move], capture_output=True, text=True
        )
        tokens = sorted({p + sq for p, sq in PLACED_TRACE.findall(res.stdout)})
        if tokens:
            out[move] = tokens
    return out


def run_popeye(popeye, fens, condition, raw=None):
    """Popeye's legal moves for each FEN, one Popeye run per batch."""
    results = []
    for i in range(0, len(fens), BATCH):
        batch = fens[i : i + BATCH]
        text = "\nnextproblem\n".join(popeye_problem(f, condition) for f in batch)
        text += "\nendproblem\n"
        with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
            f.write(text)
            name = f.name
        out = subprocess.run(
            [str(popeye / "py"), "-maxmem", "256M", name], capture_output=True, text=True
        )
        Path(name).unlink()
        if "input-error" in out.stdout or "offending item" in out.stdout:
            sys.exit(f"Popeye refused its input:\n{text}\n{out.stdout}")
        # Each problem's output ends with a "solution finished" line.
        parts = re.split(r"solution finished\.[^\n]*\n", out.stdout)
        if len(parts) < len(batch) + 1:
            sys.exit(f"Popeye answered {len(parts) - 1} of {len(batch)} problems:\n{out.stdout}\n{out.stderr}")
        for fen, part in zip(batch, parts):
            results.append(popeye_moves(part, fen.split()[1]))
            if raw is not None:
                raw.append(part)
    return results


def popeye_commit(popeye):
    commit = popeye / "COMMIT"
    if commit.exists():
        return commit.read_text().strip()
    out = subprocess.run(["git", "-C", str(popeye), "rev-parse", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def write_data(path, variant, condition, commit, rows, effects=None):
    lines = [
        "# Popeye's legal moves, one position per `fen` line and its `moves`;",
        "# written by scripts/compare-popeye.py, read by tests/fairy_popeye.rs.",
        f"popeye {commit}",
        f"variant {variant}",
        f"condition {condition}",
    ]
    for i, (fen, moves) in enumerate(rows):
        lines.append(f"fen {fen}")
        lines.append("moves " + " ".join(moves))
        if effects is not None:
            lines.append("effects " + " ".join(f"{m}:{'+'.join(t)}" for m, t in sorted(effects[i].items())))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


def read_data(path):
    header, rows = {}, []
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "fen":
            rows.append([value, []])
        elif key == "moves":
            rows[-1][1] = value.split()
        elif key == "effects":
            rows[-1].append(dict((m, t.split("+")) for m, _, t in (w.partition(":") for w in value.split())))
        else:
            header[key] = value
    return header, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("name", help="the data file's name: tests/data/popeye/NAME.txt")
    ap.add_argument("--variant", default="chess", help="kaboom's variant (bundled name or path)")
    ap.add_argument("--condition", default="", help="Popeye's condition line (empty: orthodox)")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=80)
    ap.add_argument(
        "--start",
        action="append",
        default=[],
        help="a FEN the games start from (repeatable; default the variant's start)",
    )
    ap.add_argument("--popeye", type=Path, default=DEFAULT_POPEYE, help="Popeye's built source tree")
    ap.add_argument("--kaboom", default=str(REPO / "target" / "release" / "kaboom"))
    ap.add_argument("--check", action="store_true", help="compare the stored file only (no Popeye)")
    ap.add_argument(
        "--effects",
        action="store_true",
        help="also compare where each move puts pieces (Popeye's [+bSg8] annotations, kaboom's `placed` events)",
    )
    args = ap.parse_args()

    path = DATA / f"{args.name}.txt"
    if args.check:
        header, rows = read_data(path)
        variant = header["variant"]
        expected = [(row[0], sorted(row[1])) for row in rows]
        effects = [row[2] for row in rows] if rows and len(rows[0]) > 2 else None
    else:
        variant = args.variant
        found = positions_from_games(
            args.kaboom, variant, args.positions, args.seed, args.max_plies, args.start
        )
        fens = [fen for fen, _ in found]
        raw = []
        expected = list(zip(fens, run_popeye(args.popeye, fens, args.condition, raw)))
        effects = [popeye_effects(text, fen.split()[1]) for fen, text in zip(fens, raw)] if args.effects else None
        write_data(path, variant, args.condition, popeye_commit(args.popeye), expected, effects)
    differences = 0
    for fen, theirs in expected:
        ours = kaboom_moves(args.kaboom, variant, fen)
        if ours != theirs:
            differences += 1
            print(f"difference at {fen}")
            print("  only kaboom:", " ".join(sorted(set(ours) - set(theirs))))
            print("  only Popeye:", " ".join(sorted(set(theirs) - set(ours))))
    if effects is not None:
        for (fen, theirs), popeye in zip(expected, effects):
            ours = kaboom_effects(args.kaboom, variant, fen, theirs)
            if ours != popeye:
                differences += 1
                print(f"effects differ at {fen}")
                for m in sorted(set(ours) | set(popeye)):
                    if ours.get(m) != popeye.get(m):
                        print(f"  {m}: kaboom {ours.get(m, [])}, Popeye {popeye.get(m, [])}")
    print(f"{args.name}: {len(expected)} positions, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
