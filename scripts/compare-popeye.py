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
    python3 scripts/compare-popeye.py orthodox-castling --max-plies 12 \\
        --start "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"
    python3 scripts/compare-popeye.py orthodox --check   # compare the stored file only
    # each move's change of side or kind (Popeye's `=b`, `=B`): `effects` rows
    python3 scripts/compare-popeye.py andernach --variant variants/fairy/andernach.ron \\
        --condition "AndernachChess" --positions 200 --effects
    # Black's moves and White's replies (h~1) from 40 positions: `line` rows
    python3 scripts/compare-popeye.py traitor --variant variants/fairy/traitor.ron \\
        --condition "TraitorChess" --positions 200 --lines 40
    # pieces without kaboom's mark `turned` told to Popeye as `volage`
    python3 scripts/compare-popeye.py volage --variant variants/fairy/volage.ron \\
        --positions 200 --unmarked-attribute turned=volage --effects
    # Take&Make / Messigny: 2-ply lines of the first N positions as `lines COUNT DIGEST`
    python3 scripts/compare-popeye.py take-and-make --variant variants/fairy/take-and-make.ron \\
        --condition "Take&MakeChess" --positions 200 --line-digests 30
    python3 scripts/compare-popeye.py messigny --variant variants/fairy/messigny.ron \\
        --condition "MessignyChess" --positions 200 --forget-last --line-digests 12
    # where each move puts pieces (Popeye's `[+bSg8]`): `placed` rows
    python3 scripts/compare-popeye.py circe --variant variants/fairy/circe.ron \\
        --condition "Circe" --positions 200 --placements
    # Make&Take: captures by a detour, written as plain captures
    python3 scripts/compare-popeye.py make-and-take --variant variants/fairy/make-and-take.ron \\
        --condition "Make&TakeChess" --positions 200 --rooks-lose-rights --line-digests 30
    # the capturer chooses the rebirth square (or none): part of each move
    python3 scripts/compare-popeye.py super-circe --variant variants/fairy/super-circe.ron \\
        --condition "SuperCirce" --positions 200 --chosen-placements --line-digests 10
    # every piece kamikaze, and the capturer's removal (`[-wkRa3]`): `removed` rows
    python3 scripts/compare-popeye.py kamikaze --variant variants/fairy/kamikaze.ron \\
        --attribute kamikaze --positions 200 --removals --line-digests 20

Options that add rows (each opt-in; they combine, and --check compares what
the file holds):
    --effects          `effects-checked yes` and per position `effects MOVE=CHANGE ...`:
                       what Popeye writes after a move about its piece (=b, =w, =B);
                       compared by tests/fairy_popeye.rs
    --lines N          `line MOVE REPLY...`: Popeye's h~1 from the first N positions with
                       Black to move (Black's move, White's legal replies); compared by
                       tests/fairy_popeye.rs
    --line-digests N   `lines COUNT DIGEST`: the number and FNV-1a digest of every 2-ply
                       line (h~1, the side to move first) of the first N positions;
                       compared here and by tests/fairy_popeye.rs
    --placements       `placed MOVE:TOKENS ...` per position: the pieces Popeye's
                       annotations put on squares (`[+bSg8]` as `ng8`), against kaboom's
                       `placed` trace events; compared here and by tests/fairy_popeye.rs
    --removals         `removed MOVE:TOKENS ...` per position: the pieces Popeye's
                       annotations remove besides the captured one (`[-wkRa3]` as `Ra3`),
                       against kaboom's `removed` trace events; compared as --placements
    --unmarked-attribute MARK=ATTRIBUTE
                       `attribute MARK=ATTRIBUTE`: the pieces (not kings) without kaboom's
                       mark MARK are told to Popeye with ATTRIBUTE (`pieces ... volage`)
    --attribute ATTRIBUTE
                       `attribute ATTRIBUTE`: every piece of both sides, kings included,
                       is told to Popeye with ATTRIBUTE (`pieces white kamikaze Ke1 ...`)
    --rooks-lose-rights
                       a side whose FEN holds no castling right has its corner rooks told
                       lost too (`nocastling e8a8h8`): Popeye keeps a rook's own right after
                       its king moved, which a FEN cannot say (Make&Take)
    --forget-last      kaboom's `last=` field is dropped from the positions (Popeye
                       cannot be told the move before a position)
    --chosen-placements
                       a rebirth on a square the capturer chose is part of the move:
                       Popeye's `Ra1*d1[+bPh5]` read as kaboom's `a1d1,d1h5` (Super Circe;
                       `[+bPa1=Q]` as `,d1a1q`), its plain `Ra1*d1` (no rebirth) as `a1d1`

How each position is told to Popeye (py-engl.txt):
    forsyth <board>        the position (knights are S in Popeye's English)
    stipulation ~1         lists White's legal moves
    option halfduplex      ... Black's instead, when Black is to move
    option nocastling SQS  the kings and rooks on start squares that lost a right (e1h8)
    option enpassant A B C the double step just played (from, crossed, to)
    condition <text>       the fairy condition (nothing for orthodox chess)

Popeye's moves are read back into kaboom's notation (``e2e4``, ``e7e8q``,
``e1g1`` for castling; a piece's attribute prefix dropped, ``vSb1-d2`` as
``b1d2``; Take&Make's ``e4*d5-d4`` as ``e4d5,d5d4`` and ``b7*a8-b8=Q`` as
``b7a8,a8b8q``, its en passant ``d5*e5`` as ``d5e6,e6e5``; Messigny's
``Ra1<->Rh8`` as ``a1h8@swap``); whatever Popeye adds after a move (a Circe
rebirth ``[+bPa7]``, a check ``+``) is not part of the move, so moves are
compared by their squares and promotion (the options above compare the
rest). The run ends with ``N positions, M differences``;
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from popeye_notation import (  # noqa: E402 (the script's own directory)
    CHOSEN,
    kaboom_placements,
    kaboom_removals,
    popeye_effects,
    popeye_moves,
    popeye_placements,
    popeye_removals,
    fold_rebirths,
    popeye_token,
    token_with_rebirth,
)

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "popeye"
DEFAULT_POPEYE = REPO / "target" / "popeye"
BATCH = 40
# The rows of Popeye's bracketed annotations (--placements, --removals):
# each row's Popeye reader and kaboom reader (scripts/popeye_notation.py).
ANNOTATIONS = {
    "placed": (popeye_placements, kaboom_placements),
    "removed": (popeye_removals, kaboom_removals),
}


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
# (Volage: the pieces not yet `turned` are `volage`); `--attribute
# ATTRIBUTE`: every piece, kings included (MARK None: Kamikaze).
UNMARKED = None
# --rooks-lose-rights: a side with no castling right has its corner rooks
# told lost too (Popeye keeps a rook's own right after its king moved, which
# a FEN cannot say; Make&Take castles with it as a make onto a king).
ROOKS_LOSE_RIGHTS = {"on": False}


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
            if mark is None or ch.upper() != "K" and sq not in marked:
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
    lines = ["beginproblem"]
    if re.search("[A-Za-z]", board):  # an empty board (--attribute) is not told
        lines.append("forsyth " + board.replace("N", "S").replace("n", "s"))
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
            if ROOKS_LOSE_RIGHTS["on"]:
                lost += ["a" + rank, "h" + rank]
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


def popeye_replies(popeye, fen, condition):
    """Popeye's two-ply lines from a position with Black to move (`h~1`:
    Black's move, then White's reply): a dict from each first move to the
    sorted replies (--lines; `line` rows)."""
    board, side, castling, ep = fen.split()[:4]
    text = popeye_problem(fen, condition).replace("stipulation ~1", "stipulation h~1")
    text = re.sub(r"\noption halfduplex(?=\n|$)", "", text) + "\nendproblem\n"
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


# ---------------------------------------------------------------- 2-ply digests
# --line-digests N: every 2-ply line of the first N positions, the side to
# move first, kept as its number and FNV-1a digest (`lines COUNT DIGEST`).


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


def popeye_line_digests(popeye, fens, condition):
    """Popeye's 2-ply lines (`stipulation h~1`, the side to move first) for
    each FEN, in kaboom's notation."""
    results = []
    for fen in fens:
        problem = popeye_problem(fen, condition).replace("stipulation ~1", "stipulation h~1")
        # A help play starts with Black; `halfduplex` starts it with White.
        problem = re.sub(r"\noption halfduplex(?=\n|$)", "", problem)
        if fen.split()[1] == "w":
            problem = problem.replace("option noboard", "option noboard\noption halfduplex")
        with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
            f.write(problem + "\nendproblem\n")
            name = f.name
        out = subprocess.run([str(popeye / "py"), "-maxmem", "256M", name], capture_output=True, text=True)
        Path(name).unlink()
        if "input-error" in out.stdout or "offending item" in out.stdout:
            sys.exit(f"Popeye refused its input:\n{problem}\n{out.stdout}")
        first, second = ("w", "b") if fen.split()[1] == "w" else ("b", "w")
        lines = set()
        for line in out.stdout.splitlines():
            m = re.match(r"\s*1\.(.*)", fold_rebirths(line))
            if not m:
                continue
            # The two moves; a check mark or other annotation between them is skipped.
            tokens = [t for t in m.group(1).split() if re.match(r"0-0|[a-z]*[A-Z]?[a-h][1-8](<->|[-*])", t)]
            if len(tokens) != 2:
                continue
            try:
                a, b = token_with_rebirth(tokens[0], first), token_with_rebirth(tokens[1], second)
            except ValueError:
                raise ValueError(f"unread Popeye line `{line}`") from None
            a = take_make_en_passant([a], fen, condition)[0]
            # After a double step, the reply may take en passant.
            if len(a) == 4 and a[0] == a[2] and abs(int(a[1]) - int(a[3])) == 2 and piece_at(fen, a[:2]) in ("P", "p"):
                fields = fen.split()
                fields[3] = a[0] + str((int(a[1]) + int(a[3])) // 2)
                b = take_make_en_passant([b], " ".join(fields), condition)[0]
            lines.add(f"{a} {b}")
        results.append(sorted(lines))
    return results


def run_popeye(popeye, fens, condition, effects=None, annotations=None):
    """Popeye's legal moves for each FEN, one Popeye run per batch; with
    `effects` (a list) each position's notes (=b, =B) are appended to it,
    with `annotations` ({row: list}) the pieces its moves put on squares
    (`placed`) or remove (`removed`)."""
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
            side = fen.split()[1]
            results.append(take_make_en_passant(popeye_moves(part, side), fen, condition))
            if effects is not None:
                effects.append(popeye_effects(part, side))
            for row, found in (annotations or {}).items():
                found.append(ANNOTATIONS[row][0](part, side))
    return results


def popeye_commit(popeye):
    commit = popeye / "COMMIT"
    if commit.exists():
        return commit.read_text().strip()
    out = subprocess.run(["git", "-C", str(popeye), "rev-parse", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def write_data(path, variant, condition, commit, rows, extra):
    """The data file: a header, then per position its `fen` and `moves`
    rows and the rows of the options given (`extra`, see `Extra`)."""
    lines = [
        "# Popeye's legal moves, one position per `fen` line and its `moves`;",
        "# written by scripts/compare-popeye.py, read by tests/fairy_popeye.rs.",
        f"popeye {commit}",
        f"variant {variant}",
        f"condition {condition}",
    ]
    if UNMARKED:
        lines.append(f"attribute {UNMARKED[1]}" if UNMARKED[0] is None else f"attribute {UNMARKED[0]}={UNMARKED[1]}")
    if extra.effects is not None:
        lines.insert(2, "# `effects`: what each move did to its piece, as Popeye wrote it (=b, =w, =B).")
        lines.append("effects-checked yes")
    if extra.replies:
        lines.insert(2, "# `line M R...`: after Black's move M, White's legal replies R (Popeye's h~1).")
    if extra.digests:
        lines[1] = lines[1][:-1] + ";"
        lines.insert(2, "# a `lines` row gives the number and FNV-1a digest of the 2-ply lines.")
    for i, (fen, moves) in enumerate(rows):
        lines.append(f"fen {fen}")
        lines.append("moves " + " ".join(moves))
        if extra.effects is not None and extra.effects[i]:
            lines.append("effects " + " ".join(f"{m}={e}" for m, e in sorted(extra.effects[i].items())))
        for first, replies in sorted(extra.replies.get(fen, {}).items()):
            lines.append(f"line {first} " + " ".join(replies))
        if i < len(extra.digests):
            # Popeye's 2-ply lines (`stipulation h~1`): their number and digest.
            lines.append(f"lines {extra.digests[i]}")
        for row, found in sorted(extra.annotations.items()):
            tokens = sorted(found[i].items())
            lines.append(f"{row} " + " ".join(f"{m}:{'+'.join(t)}" for m, t in tokens))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


class Extra:
    """What a data file holds besides the moves, per position (index i):
    `effects[i]` {move: notes} (--effects, or None), `replies` {fen:
    {move: replies}} (--lines), `digests[i]` "COUNT DIGEST" for the first
    positions (--line-digests), `annotations[row][i]` {move: tokens}
    (row `placed`: --placements, `removed`: --removals)."""

    def __init__(self):
        self.effects = None
        self.replies = {}
        self.digests = []
        self.annotations = {}
        self.two_ply = []  # Popeye's 2-ply lines themselves, when generated


def read_data(path):
    """The header (key: value), the rows [(fen, moves)] and their Extra."""
    header, rows, extra = {}, [], Extra()
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "fen":
            rows.append((value, []))
            if extra.effects is not None:
                extra.effects.append({})
            for found in extra.annotations.values():
                found.append(None)
        elif key == "moves":
            rows[-1][1].extend(value.split())
        elif key == "effects-checked":
            extra.effects = [{} for _ in rows] if value == "yes" else None
        elif key == "effects":
            extra.effects[-1] = dict(w.split("=", 1) for w in value.split())
        elif key == "line":
            first, *replies = value.split()
            extra.replies.setdefault(rows[-1][0], {})[first] = replies
        elif key == "lines":
            if len(extra.digests) != len(rows) - 1:
                sys.exit(f"{path}: a `lines` row of a position after one without")
            extra.digests.append(value)
        elif key in ANNOTATIONS:
            found = extra.annotations.setdefault(key, [None] * len(rows))
            found[-1] = dict((m, t.split("+")) for m, _, t in (w.partition(":") for w in value.split()))
        else:
            header[key] = value
    for row, found in extra.annotations.items():
        if None in found:
            sys.exit(f"{path}: a position without its `{row}` row")
    return header, rows, extra


def compare(args, variant, expected, extra):
    """kaboom against the lists (and the stored rows this script can check:
    2-ply digests, placements and removals); the number of differences."""
    differences = 0
    for fen, theirs in expected:
        ours = kaboom_moves(args.kaboom, variant, fen)
        if ours != theirs:
            differences += 1
            print(f"difference at {fen}")
            print("  only kaboom:", " ".join(sorted(set(ours) - set(theirs))))
            print("  only Popeye:", " ".join(sorted(set(theirs) - set(ours))))
    for i, ((fen, _), stored) in enumerate(zip(expected, extra.digests)):
        ours = kaboom_lines(args.kaboom, variant, fen)
        if f"{len(ours)} {digest(ours)}" != stored:
            differences += 1
            print(f"2-ply lines differ at {fen}: kaboom {len(ours)} {digest(ours)}, stored {stored}")
            if extra.two_ply:  # Popeye's own lines, when just generated
                theirs = extra.two_ply[i]
                print("  only kaboom:", " | ".join(sorted(set(ours) - set(theirs))[:20]))
                print("  only Popeye:", " | ".join(sorted(set(theirs) - set(ours))[:20]))
    if extra.digests:
        print(f"{args.name}: 2-ply lines of {len(extra.digests)} positions compared")
    for row, found in sorted(extra.annotations.items()):
        for (fen, theirs), popeye in zip(expected, found):
            ours = ANNOTATIONS[row][1](args.kaboom, variant, fen, theirs)
            if ours != popeye:
                differences += 1
                print(f"`{row}` rows differ at {fen}")
                for m in sorted(set(ours) | set(popeye)):
                    if ours.get(m) != popeye.get(m):
                        print(f"  {m}: kaboom {ours.get(m, [])}, Popeye {popeye.get(m, [])}")
    # `effects` and `line` rows are compared by tests/fairy_popeye.rs.
    return differences


def generate(args):
    """Positions from kaboom's games, Popeye's lists and the rows the
    options ask for; the data file written. The lists and the Extra."""
    found = positions_from_games(args.kaboom, args.variant, args.positions, args.seed, args.max_plies, args.start)
    fens = [fen for fen, _ in found]
    if args.forget_last:
        fens = list(dict.fromkeys(without_last(f) for f in fens))
    extra = Extra()
    extra.effects = [] if args.effects else None
    extra.annotations = {row: [] for row, wanted in (("placed", args.placements), ("removed", args.removals)) if wanted}
    expected = list(zip(fens, run_popeye(args.popeye, fens, args.condition, extra.effects, extra.annotations)))
    for fen in [f for f in fens if f.split()[1] == "b"][: args.lines]:
        extra.replies[fen] = popeye_replies(args.popeye, fen, args.condition)
    theirs_lines = popeye_line_digests(args.popeye, fens[: args.line_digests], args.condition)
    extra.digests = [f"{len(ls)} {digest(ls)}" for ls in theirs_lines]
    extra.two_ply = theirs_lines
    path = DATA / f"{args.name}.txt"
    write_data(path, args.variant, args.condition, popeye_commit(args.popeye), expected, extra)
    return expected, extra


def arguments():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog=__doc__[__doc__.index("Options that add rows"):],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
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
    # What each option stores and who compares it: the epilog (`Options that add rows`).
    more = "; see below"
    ap.add_argument("--unmarked-attribute", default="", metavar="MARK=ATTRIBUTE", help="`attribute` row" + more)
    ap.add_argument("--lines", type=int, default=0, metavar="N", help="`line` rows" + more)
    ap.add_argument("--line-digests", type=int, default=0, metavar="N", help="`lines` rows" + more)
    ap.add_argument("--effects", action="store_true", help="`effects` rows" + more)
    ap.add_argument("--placements", action="store_true", help="`placed` rows" + more)
    ap.add_argument("--removals", action="store_true", help="`removed` rows" + more)
    ap.add_argument("--attribute", default="", metavar="ATTRIBUTE", help="`attribute` row" + more)
    ap.add_argument("--forget-last", action="store_true", help="drop kaboom's `last=` field" + more)
    ap.add_argument(
        "--rooks-lose-rights", action="store_true", help="no right in the FEN: the rooks' told lost too" + more
    )
    ap.add_argument(
        "--chosen-placements", action="store_true", help="a rebirth is part of the move (Super Circe)" + more
    )
    return ap.parse_args()


def main():
    args = arguments()
    global UNMARKED
    if args.check:
        header, rows, extra = read_data(DATA / f"{args.name}.txt")
        variant = header["variant"]
        expected = [(fen, sorted(moves)) for fen, moves in rows]
    else:
        if args.attribute:
            UNMARKED = (None, args.attribute)
        if args.unmarked_attribute:
            if "=" not in args.unmarked_attribute:
                sys.exit("--unmarked-attribute takes MARK=ATTRIBUTE")
            UNMARKED = tuple(args.unmarked_attribute.split("=", 1))
        variant = args.variant
        CHOSEN["on"] = args.chosen_placements
        ROOKS_LOSE_RIGHTS["on"] = args.rooks_lose_rights
        expected, extra = generate(args)
    differences = compare(args, variant, expected, extra)
    print(f"{args.name}: {len(expected)} positions, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
