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
            if key not in seen and tellable(fen):
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


def popeye_holes(board):
    """The board without its blocked squares (`*` in kaboom's FEN), and
    those squares, which Popeye is told as holes (`condition Hole e2e4`)."""
    rows, holes = [], []
    for r, row in enumerate(board.split("/")):
        out, empty, file = "", 0, 0
        for ch in re.findall(r"\d+|.", row):
            if ch.isdigit():
                empty += int(ch)
                file += int(ch)
                continue
            if ch == "*":
                holes.append("abcdefgh"[file] + str(8 - r))
                empty += 1
            else:
                out += (str(empty) if empty else "") + ch
                empty = 0
            file += 1
        rows.append(out + (str(empty) if empty else ""))
    return "/".join(rows), holes


def tellable(fen):
    """Whether Popeye can be told the position: not when a pawn's double
    step left a hole behind it (Haaner chess), as Popeye finds a step from
    a hole inconsistent and has no other way to hear of the target."""
    board, side, _, ep = fen.split()[:4]
    if ep == "-" or "*" not in board:
        return True
    _, holes = popeye_holes(board)
    passed = re.findall(r"[a-h]\d+", ep)
    ranks = sorted(int(sq[1:]) for sq in passed)
    start = ranks[0] - 1 if side == "b" else ranks[-1] + 1
    return f"{passed[0][0]}{start}" not in holes


# `--unmarked-attribute MARK=ATTRIBUTE`: the pieces (kings aside) that
# do not carry kaboom's mark MARK are told to Popeye with ATTRIBUTE
# (Volage: the pieces not yet `turned` are `volage`).
UNMARKED = None


def popeye_attributes(board, fen):
    """The board without the pieces that get an attribute, and those
    pieces as Popeye's `pieces` command lists them."""
    mark, attribute = UNMARKED
    marked = set()
    for field in fen.split()[6:]:
        if field.startswith("marks="):
            for entry in field[6:].split(","):
                name, _, squares = entry.partition(":")
                if name.split("/")[0] == mark:
                    marked.update(squares.split("+"))
    rows, listed = [], {"white": [], "black": []}
    for r, row in enumerate(board.split("/")):
        out, empty, file = "", 0, 0
        for ch in re.findall(r"\d+|.", row):
            if ch.isdigit():
                empty += int(ch)
                file += int(ch)
                continue
            sq = "abcdefgh"[file] + str(8 - r)
            if ch.upper() != "K" and sq not in marked:
                listed["white" if ch.isupper() else "black"].append(ch.upper().replace("N", "S") + sq)
                empty += 1
            else:
                out += (str(empty) if empty else "") + ch
                empty = 0
            file += 1
        rows.append(out + (str(empty) if empty else ""))
    pieces = " ".join(f"{side} {attribute} " + " ".join(ps) for side, ps in listed.items() if ps)
    return "/".join(rows), pieces


def popeye_problem(fen, condition):
    """One Popeye problem listing the legal moves of the side to move."""
    board, side, castling, ep = fen.split()[:4]
    board, holes = popeye_holes(board)
    if holes:
        condition = (condition + " Hole " + "".join(holes)).strip()
    pieces = ""
    if UNMARKED:
        board, pieces = popeye_attributes(board, fen)
    lines = ["beginproblem", "forsyth " + board.replace("N", "S").replace("n", "s")]
    if pieces:
        lines.append("pieces " + pieces)
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
        # The squares a pawn passed (one for a double step, two for a
        # triple step: `e2e3`), with the squares it left and reached.
        passed = re.findall(r"[a-h]\d+", ep)
        file, ranks = passed[0][0], sorted(int(sq[1:]) for sq in passed)
        if side == "b":  # White just moved up the board
            path = [ranks[0] - 1] + ranks + [ranks[-1] + 1]
        else:
            path = [ranks[-1] + 1] + ranks[::-1] + [ranks[0] - 1]
        options.append("enpassant " + "".join(f"{file}{r}" for r in path))
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
        # A piece's attributes come before its letter (`vSb1-d2`, volage).
        body = re.sub(r"^[a-z]+(?=[A-Z])", "", body)
        mv = re.match(r"([A-Z]?)([a-h][1-8])[-*]([a-h][1-8])(?:=([A-Z]))?", body)
        if not mv:
            raise ValueError(f"unread Popeye move `{body}` in:\n{text}")
        uci = mv.group(2) + mv.group(3)
        # `=X` after a pawn's move to its last rank is a promotion; after
        # any other move, a change of kind (Einstein's `Ra1-a8=B`).
        if mv.group(4) and mv.group(1) in ("", "P") and mv.group(3)[1] in "18":
            uci += PROMO[mv.group(4)]
        moves.append(uci)
    return sorted(set(moves))


# Popeye's English piece letters, read back as kaboom's.
KIND = {"K": "K", "Q": "Q", "D": "Q", "R": "R", "T": "R", "B": "B", "L": "B", "S": "N", "N": "N", "P": "P"}


def popeye_effects(text, side):
    """What Popeye writes after each move of its `~1` solution about the
    piece that moved (or, after castling, the rook): `=b`/`=w` it changed
    sides, `=X` it changed kind (a pawn's promotion is part of the move).
    A dict from the move in UCI coordinates to `w`, `b`, a kind letter, or
    both (`bB`); moves Popeye annotates so only."""
    out = {}
    rank = "1" if side == "w" else "8"
    for line in text.splitlines():
        m = re.match(r"\s*1\.+\s*(.*?)\s*!?\s*$", line)
        if not m:
            continue
        # `d5*e6 ep.=b`: the note follows the en passant mark.
        body = m.group(1).replace(" ep.", "").split()[0] if m.group(1).strip() else ""
        castle = re.match(r"(0-0-0|0-0)((?:=[A-Za-z])*)", body)
        if castle:
            uci = f"e{rank}c{rank}" if castle.group(1) == "0-0-0" else f"e{rank}g{rank}"
            tail = castle.group(2)
        else:
            body = re.sub(r"^[a-z]+(?=[A-Z])", "", body)
            mv = re.match(r"([A-Z]?)([a-h][1-8])[-*]([a-h][1-8])((?:=[A-Za-z])*)", body)
            if not mv:
                continue
            uci = mv.group(2) + mv.group(3)
            tail = mv.group(4)
            if tail and mv.group(1) in ("", "P") and mv.group(3)[1] in "18" and tail[1].isupper():
                uci += PROMO[tail[1]]
                tail = tail[2:]
        marks = ""
        for change in re.findall(r"=([A-Za-z])", tail):
            marks += change if change in "wb" else KIND.get(change, "?")
        if marks:
            out[uci] = marks
    return out


def popeye_token(body, side):
    """One move as Popeye writes it (`Sb1-d2`, `0-0`, `e7-e8=Q`), in UCI."""
    rank = "1" if side == "w" else "8"
    if body.startswith("0-0-0"):
        return f"e{rank}c{rank}"
    if body.startswith("0-0"):
        return f"e{rank}g{rank}"
    body = re.sub(r"^[a-z]+(?=[A-Z])", "", body)
    mv = re.match(r"([A-Z]?)([a-h][1-8])[-*]([a-h][1-8])(?:=([A-Z]))?", body)
    if not mv:
        raise ValueError(f"unread Popeye move `{body}`")
    uci = mv.group(2) + mv.group(3)
    if mv.group(4) and mv.group(1) in ("", "P") and mv.group(3)[1] in "18":
        uci += PROMO[mv.group(4)]
    return uci


def popeye_lines(popeye, fen, condition):
    """Popeye's two-ply lines from a position with Black to move (`h~1`:
    Black's move, then White's reply): a dict from each first move to the
    sorted replies."""
    board, side, castling, ep = fen.split()[:4]
    text = popeye_problem(fen, condition).replace("stipulation ~1", "stipulation h~1")
    text = text.replace("option halfduplex\n", "") + "\nendproblem\n"
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
        f.write(text)
        name = f.name
    out = subprocess.run([str(popeye / "py"), "-maxmem", "256M", name], capture_output=True, text=True)
    Path(name).unlink()
    lines = {}
    for line in out.stdout.splitlines():
        m = re.match(r"\s*1\.(\S+)(?:\s+ep\.\S*)?(?:\s+\+)?\s+([A-Za-z0-9][^\s+]*)", line)
        if m:
            lines.setdefault(popeye_token(m.group(1), "b"), []).append(popeye_token(m.group(2), "w"))
    return {k: sorted(set(v)) for k, v in lines.items()}


def run_popeye(popeye, fens, condition, effects=None):
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
        # Popeye also names a `beginproblem` after `nextproblem` on stderr
        # (it reads the next problem all the same): any other item it
        # refused is an error of the input.
        refused = [l for l in out.stderr.splitlines() if "offending item" in l and "beginproblem" not in l]
        if "input-error" in out.stdout or "offending item" in out.stdout or refused:
            sys.exit(f"Popeye refused its input:\n{text}\n{out.stdout}\n{out.stderr}")
        # Each problem's output ends with a "solution finished" line.
        parts = re.split(r"solution finished\.[^\n]*\n", out.stdout)
        if len(parts) < len(batch) + 1:
            sys.exit(f"Popeye answered {len(parts) - 1} of {len(batch)} problems:\n{out.stdout}\n{out.stderr}")
        for fen, part in zip(batch, parts):
            results.append(popeye_moves(part, fen.split()[1]))
            if effects is not None:
                effects.append(popeye_effects(part, fen.split()[1]))
    return results


def popeye_commit(popeye):
    commit = popeye / "COMMIT"
    if commit.exists():
        return commit.read_text().strip()
    out = subprocess.run(["git", "-C", str(popeye), "rev-parse", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def write_data(path, variant, condition, commit, rows, effects=None, two_ply=None):
    lines = [
        "# Popeye's legal moves, one position per `fen` line and its `moves`;",
        "# written by scripts/compare-popeye.py, read by tests/fairy_popeye.rs.",
        f"popeye {commit}",
        f"variant {variant}",
        f"condition {condition}",
    ]
    if UNMARKED:
        lines.append(f"attribute {UNMARKED[0]}={UNMARKED[1]}")
    if effects is not None:
        lines.insert(2, "# `effects`: what each move did to its piece, as Popeye wrote it (=b, =w, =B).")
        lines.append("effects-checked yes")
    if two_ply:
        lines.insert(2, "# `line M R...`: after Black's move M, White's legal replies R (Popeye's h~1).")
    for i, (fen, moves) in enumerate(rows):
        lines.append(f"fen {fen}")
        lines.append("moves " + " ".join(moves))
        if effects is not None and effects[i]:
            lines.append("effects " + " ".join(f"{m}={e}" for m, e in sorted(effects[i].items())))
        for first, replies in sorted((two_ply or {}).get(fen, {}).items()):
            lines.append(f"line {first} " + " ".join(replies))
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
        elif key in ("effects", "effects-checked", "line", "attribute"):
            pass
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
        "--unmarked-attribute",
        default="",
        help="MARK=ATTRIBUTE: the pieces (not kings) without kaboom's mark MARK are told to Popeye "
        "with ATTRIBUTE (`turned=volage` for Volage); stored in the data file",
    )
    ap.add_argument(
        "--lines",
        type=int,
        default=0,
        help="also store Popeye's two-ply lines (h~1) from the first N positions with Black to move, "
        "which tests/fairy_popeye.rs compares with kaboom's replies after each first move",
    )
    ap.add_argument(
        "--effects",
        action="store_true",
        help="also store what Popeye writes after each move about its piece (=b, =w, =B), "
        "which tests/fairy_popeye.rs compares with the piece kaboom leaves",
    )
    args = ap.parse_args()

    global UNMARKED
    if args.unmarked_attribute:
        UNMARKED = tuple(args.unmarked_attribute.split("=", 1))
    path = DATA / f"{args.name}.txt"
    if args.check:
        header, rows = read_data(path)
        variant = header["variant"]
        expected = [(fen, sorted(moves)) for fen, moves in rows]
    else:
        variant = args.variant
        found = positions_from_games(
            args.kaboom, variant, args.positions, args.seed, args.max_plies, args.start
        )
        fens = [fen for fen, _ in found]
        effects = [] if args.effects else None
        expected = list(zip(fens, run_popeye(args.popeye, fens, args.condition, effects)))
        two_ply = {}
        for fen in [f for f in fens if f.split()[1] == "b"][: args.lines]:
            two_ply[fen] = popeye_lines(args.popeye, fen, args.condition)
        write_data(path, variant, args.condition, popeye_commit(args.popeye), expected, effects, two_ply)
    differences = 0
    for fen, theirs in expected:
        ours = kaboom_moves(args.kaboom, variant, fen)
        if ours != theirs:
            differences += 1
            print(f"difference at {fen}")
            print("  only kaboom:", " ".join(sorted(set(ours) - set(theirs))))
            print("  only Popeye:", " ".join(sorted(set(theirs) - set(ours))))
    print(f"{args.name}: {len(expected)} positions, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
