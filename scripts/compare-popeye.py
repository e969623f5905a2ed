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
        compound = compound_move(body)
        if compound:
            moves.append(compound)
            continue
        mv = re.match(r"[A-Z]?([a-h][1-8])[-*]([a-h][1-8])(?:=([A-Z]))?", body)
        if not mv:
            raise ValueError(f"unread Popeye move `{body}` in:\n{text}")
        uci = mv.group(1) + mv.group(2)
        if mv.group(3):
            uci += PROMO[mv.group(3)]
        moves.append(uci)
    return sorted(set(moves))


# ---------------------------------------------------------------- compound moves
# Take&Make's capture and make (`e4*d5-d4`, `b7*a8-b8=Q`) and Messigny's
# exchange (`Ra1<->Rh8`), read into kaboom's notation: `e4d5,d5d4`,
# `b7a8,a8b8q` (the promotion where the make ends), `a1h8@swap` (the
# action the bundled Messigny files name `swap`).
COMPOUND = re.compile(r"[A-Z]?([a-h][1-8])\*([a-h][1-8])-([a-h][1-8])(?:=([A-Z]))?")
EXCHANGE = re.compile(r"[A-Z]?([a-h][1-8])<->[A-Z]?([a-h][1-8])")


def compound_move(body):
    """A Take&Make capture or a Messigny exchange in kaboom's notation, or None."""
    mv = EXCHANGE.match(body)
    if mv:
        return f"{mv.group(1)}{mv.group(2)}@swap"
    mv = COMPOUND.match(body)
    if mv:
        promotion = PROMO[mv.group(4)] if mv.group(4) else ""
        return f"{mv.group(1)}{mv.group(2)},{mv.group(2)}{mv.group(3)}{promotion}"
    return None


def popeye_token(body, rank):
    """One move of a Popeye line (`0-0`, `Sb1-c3`, `e4*d5-d4`) in kaboom's
    notation; `rank` is the mover's first rank (for castling)."""
    if body.startswith("0-0-0"):
        return f"e{rank}c{rank}"
    if body.startswith("0-0"):
        return f"e{rank}g{rank}"
    compound = compound_move(body)
    if compound:
        return compound
    mv = re.match(r"[A-Z]?([a-h][1-8])[-*]([a-h][1-8])(?:=([A-Z]))?", body)
    if not mv:
        return None
    return mv.group(1) + mv.group(2) + (PROMO[mv.group(3)] if mv.group(3) else "")


def take_make_en_passant(moves, fen, condition):
    """Popeye writes a Take&Make en passant capture by its two ends only
    (`d5*e5`: the pawn took on e6 and made to e5, the victim's square);
    kaboom names the square it took on: `d5e6,e6e5`."""
    ep = fen.split()[3]
    if "take&make" not in condition.lower() or ep == "-":
        return moves
    victim = ep[0] + ("5" if ep[1] == "6" else "4")
    out = []
    for mv in moves:
        a, b = mv[:2], mv[2:4]
        pawn = piece_at(fen, a) in ("P", "p")
        if len(mv) == 4 and pawn and b == victim and a[1] == b[1] and abs(ord(a[0]) - ord(b[0])) == 1:
            mv = f"{a}{ep},{ep}{b}"
        out.append(mv)
    return sorted(out)


def piece_at(fen, square):
    """The FEN letter on `square` (8x8 boards), or '' if empty."""
    rows = fen.split()[0].split("/")
    row = rows[8 - int(square[1])]
    file = ord(square[0]) - ord("a")
    for ch in row:
        if ch.isdigit():
            file -= int(ch)
        else:
            if file == 0:
                return ch
            file -= 1
        if file < 0:
            return ""
    return ""


def without_last(fen):
    """The FEN without kaboom's `last=` field (the last move's exchange,
    which Popeye cannot be told: its lists are of a position with no move
    before it, and the 2-ply lines check the rule)."""
    return " ".join(f for f in fen.split() if not f.startswith("last="))


def digest(lines):
    """FNV-1a (64 bits) of the sorted lines joined by newlines: what the
    data file keeps of a position's 2-ply lines (tests/fairy_popeye.rs
    computes the same)."""
    h = 0xCBF29CE484222325
    for byte in "\n".join(sorted(lines)).encode():
        h ^= byte
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def kaboom_lines(kaboom, variant, fen):
    """Every 2-ply line from `fen` (`move reply`), as kaboom plays them."""
    lines = []
    for move in kaboom_moves(kaboom, variant, fen):
        after = kaboom_play(kaboom, variant, fen, move)
        lines += [f"{move} {reply}" for reply in kaboom_moves(kaboom, variant, after)]
    return lines


def popeye_lines(popeye, fens, condition):
    """Popeye's 2-ply lines (`stipulation h~1`, the side to move first) for
    each FEN, in kaboom's notation."""
    results = []
    for fen in fens:
        problem = popeye_problem(fen, condition).replace("stipulation ~1", "stipulation h~1")
        # A help play starts with Black; `halfduplex` starts it with White.
        problem = problem.replace("option halfduplex\n", "")
        if fen.split()[1] == "w":
            problem = problem.replace("option noboard", "option noboard\noption halfduplex")
        with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
            f.write(problem + "\nendproblem\n")
            name = f.name
        out = subprocess.run([str(popeye / "py"), "-maxmem", "256M", name], capture_output=True, text=True)
        Path(name).unlink()
        if "input-error" in out.stdout or "offending item" in out.stdout:
            sys.exit(f"Popeye refused its input:\n{problem}\n{out.stdout}")
        first, second = ("1", "8") if fen.split()[1] == "w" else ("8", "1")
        lines = set()
        for line in out.stdout.splitlines():
            m = re.match(r"\s*1\.(.*)", line)
            if not m:
                continue
            # The two moves; a check mark or other annotation between them is skipped.
            tokens = [t for t in m.group(1).split() if re.match(r"0-0|[A-Z]?[a-h][1-8](<->|[-*])", t)]
            if len(tokens) != 2:
                continue
            a, b = popeye_token(tokens[0], first), popeye_token(tokens[1], second)
            if a is None or b is None:
                raise ValueError(f"unread Popeye line `{line}`")
            a = take_make_en_passant([a], fen, condition)[0]
            # After a double step, the reply may take en passant.
            if len(a) == 4 and a[0] == a[2] and abs(int(a[1]) - int(a[3])) == 2 and piece_at(fen, a[:2]) in ("P", "p"):
                fields = fen.split()
                fields[3] = a[0] + str((int(a[1]) + int(a[3])) // 2)
                b = take_make_en_passant([b], " ".join(fields), condition)[0]
            lines.add(f"{a} {b}")
        results.append(sorted(lines))
    return results


def run_popeye(popeye, fens, condition):
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
            results.append(take_make_en_passant(popeye_moves(part, fen.split()[1]), fen, condition))
    return results


def popeye_commit(popeye):
    commit = popeye / "COMMIT"
    if commit.exists():
        return commit.read_text().strip()
    out = subprocess.run(["git", "-C", str(popeye), "rev-parse", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def write_data(path, variant, condition, commit, rows, two_ply=None):
    lines = [
        "# Popeye's legal moves, one position per `fen` line and its `moves`;",
        "# written by scripts/compare-popeye.py, read by tests/fairy_popeye.rs;",
        "# a `lines` row gives the number and FNV-1a digest of the 2-ply lines.",
        f"popeye {commit}",
        f"variant {variant}",
        f"condition {condition}",
    ]
    for i, (fen, moves) in enumerate(rows):
        lines.append(f"fen {fen}")
        lines.append("moves " + " ".join(moves))
        if two_ply and i < len(two_ply):
            # Popeye's 2-ply lines (`stipulation h~1`): their number and digest.
            lines.append(f"lines {len(two_ply[i])} {digest(two_ply[i])}")
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
        elif key == "lines":
            rows[-1].append(value)
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
        "--forget-last",
        action="store_true",
        help="drop kaboom's `last=` field from the positions (Popeye cannot be told the last move)",
    )
    ap.add_argument(
        "--lines",
        type=int,
        default=0,
        help="also compare the 2-ply lines (`stipulation h~1`) of the first N positions",
    )
    args = ap.parse_args()

    path = DATA / f"{args.name}.txt"
    two_ply = []
    if args.check:
        header, rows = read_data(path)
        variant = header["variant"]
        expected = [(row[0], sorted(row[1])) for row in rows]
        two_ply = [row[2] for row in rows if len(row) > 2]
    else:
        variant = args.variant
        found = positions_from_games(
            args.kaboom, variant, args.positions, args.seed, args.max_plies, args.start
        )
        fens = [fen for fen, _ in found]
        if args.forget_last:
            fens = list(dict.fromkeys(without_last(f) for f in fens))
        expected = list(zip(fens, run_popeye(args.popeye, fens, args.condition)))
        theirs_lines = popeye_lines(args.popeye, fens[: args.lines], args.condition) if args.lines else []
        write_data(path, variant, args.condition, popeye_commit(args.popeye), expected, theirs_lines)
        two_ply = [f"{len(ls)} {digest(ls)}" for ls in theirs_lines]
        for fen, theirs in zip(fens, theirs_lines):
            ours = kaboom_lines(args.kaboom, variant, fen)
            if sorted(ours) != theirs:
                print(f"2-ply difference at {fen}")
                print("  only kaboom:", " | ".join(sorted(set(ours) - set(theirs))[:20]))
                print("  only Popeye:", " | ".join(sorted(set(theirs) - set(ours))[:20]))
    differences = 0
    for fen, theirs in expected:
        ours = kaboom_moves(args.kaboom, variant, fen)
        if ours != theirs:
            differences += 1
            print(f"difference at {fen}")
            print("  only kaboom:", " ".join(sorted(set(ours) - set(theirs))))
            print("  only Popeye:", " ".join(sorted(set(theirs) - set(ours))))
    for (fen, _), stored in zip(expected, two_ply):
        ours = kaboom_lines(args.kaboom, variant, fen)
        if f"{len(ours)} {digest(ours)}" != stored:
            differences += 1
            print(f"2-ply lines differ at {fen}: kaboom {len(ours)} {digest(ours)}, stored {stored}")
    if two_ply:
        print(f"{args.name}: 2-ply lines of {len(two_ply)} positions compared")
    print(f"{args.name}: {len(expected)} positions, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
