"""Popeye's output read into kaboom's notation, for scripts/compare-popeye.py.

Popeye's moves (`Sb1-d2`, `kRa1*a3`, `0-0`, `e7-e8=Q`, Take&Make's
`e4*d5-d4`, Messigny's `Ra1<->Rh8`) as kaboom's coordinates, the notes it
writes after a move about its piece (`=b`, `=B`), and its bracketed
annotations of what a move did elsewhere on the board: pieces put on
squares (`[+bSg8]`, `[wQd5->d1]`) and pieces removed (`[-wkRa3]`), with
kaboom's trace events read the same way.
"""

import re
import subprocess

MOVE = re.compile(
    r"(?:\d+\.+)?\s*(?P<body>0-0-0|0-0|[A-Z]?[a-h][1-8][-*][a-h][1-8](?:=[A-Z])?)"
)
PROMO = {"D": "q", "T": "r", "L": "b", "S": "n", "Q": "q", "R": "r", "B": "b", "N": "n"}


# --chosen-placements: a rebirth on a square the capturer chose (Super Circe,
# `Ra1*d1[+bPh5]`, `[+bPa1=Q]`) is part of the move, written as kaboom writes
# a chosen placement: `a1d1,d1h5`, `a1d1,d1a1q` (the captured piece's square,
# for en passant the victim's, and the square chosen).
CHOSEN = {"on": False}
REBIRTH = re.compile(r"\[\+[wb][A-Z]+([a-h][1-8])(?:=([A-Z]))?\]")


def popeye_moves(text, side):
    """The moves of Popeye's `~1` solution, in kaboom's notation."""
    moves = []
    for line in text.splitlines():
        m = re.match(r"\s*1\.+\s*(\S+)", fold_rebirths(line))
        if not m:
            continue
        try:
            moves.append(token_with_rebirth(m.group(1), side))
        except ValueError as err:
            raise ValueError(f"{err} in:\n{text}") from None
    return sorted(set(moves))


def fold_rebirths(line):
    """With --chosen-placements, each move's rebirth stays with its token,
    an en passant capture's marked: `e5*d6 ep.[+bPh5]` as `e5*d6~ep[+bPh5]`."""
    return re.sub(r" ep\.(?=\[)", "~ep", line) if CHOSEN["on"] else line


def token_with_rebirth(token, side):
    """A move token (see `fold_rebirths`) in kaboom's notation, its chosen
    rebirth (with --chosen-placements) as a choice: `Ra1*d1[+bPh5]` as
    `a1d1,d1h5`; otherwise as `popeye_token` reads it."""
    if not CHOSEN["on"]:
        return popeye_token(token, side)
    move = popeye_token(re.sub(r"(~ep)?\[.*", "", token), side)
    rebirth = REBIRTH.search(token)
    if rebirth:
        # The captured piece's square: for en passant the victim's, beside the capturer.
        victim = move[2] + move[1] if "~ep" in token else move[2:4]
        promotion = PROMO[rebirth.group(2)] if rebirth.group(2) else ""
        move += f",{victim}{rebirth.group(1)}{promotion}"
    return move


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
    """One move as Popeye writes it (`Sb1-d2`, `vSb1-d2`, `0-0`, `e7-e8=Q`,
    `e4*d5-d4`, `Ra1<->Rh8`) in kaboom's notation; `side` (`w` or `b`) is
    the mover's, for castling. A ValueError names a move it cannot read."""
    rank = "1" if side == "w" else "8"
    if body.startswith("0-0-0"):
        return f"e{rank}c{rank}"
    if body.startswith("0-0"):
        return f"e{rank}g{rank}"
    # A piece's attributes come before its letter (`vSb1-d2`, volage), and
    # before the letter it promotes to (`kPb7-b8=kQ`, kamikaze).
    body = re.sub(r"^[a-z]+(?=[A-Z])", "", body)
    compound = compound_move(body)
    if compound:
        return compound
    mv = re.match(r"([A-Z]?)([a-h][1-8])[-*]([a-h][1-8])(?:=[a-z]*([A-Z]))?", body)
    if not mv:
        raise ValueError(f"unread Popeye move `{body}`")
    uci = mv.group(2) + mv.group(3)
    # `=X` after a pawn's move to its last rank is a promotion; after
    # any other move, a change of kind (Einstein's `Ra1-a8=B`).
    if mv.group(4) and mv.group(1) in ("", "P") and mv.group(3)[1] in "18":
        uci += PROMO[mv.group(4)]
    return uci


# ---------------------------------------------------------------- compound moves
# Take&Make's capture and make (`e4*d5-d4`, `b7*a8-b8=Q`) and Messigny's
# exchange (`Ra1<->Rh8`), read into kaboom's notation: `e4d5,d5d4`,
# `b7a8,a8b8q` (the promotion where the make ends), `a1h8@swap` (the
# action the bundled Messigny files name `swap`).
COMPOUND = re.compile(r"[A-Z]?([a-h][1-8])\*([a-h][1-8])-([a-h][1-8])(?:=[a-z]*([A-Z]))?")
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


# ---------------------------------------------------------------- placements
# --placements: the pieces a move puts on squares, from Popeye's annotations
# (`[+bSg8]`, `[wQd5->d1]`) and kaboom's `placed` trace events (`placed` rows);
# --removals: the pieces it removes besides its victim (`[-wkRa3]`, kaboom's
# `removed` events: `removed` rows).
WALKS = {"K": "k", "Q": "q", "R": "r", "B": "b", "S": "n", "P": "p"}
PLACED = re.compile(r"\+([wb])([A-Z]+)([a-h][1-8])")
MOVED = re.compile(r"([wb])([A-Z]+)[a-h][1-8]->([a-h][1-8])")
# `[-wkRa3]`: a piece removed (a kamikaze capturer), its attributes dropped.
REMOVED = re.compile(r"^-([wb])[a-z]*([A-Z]+)([a-h][1-8])")


def placement_token(colour, walk, square):
    """A piece that ends on a square: its letter (upper case White's) and the square."""
    letter = WALKS.get(walk, walk.lower())
    return (letter.upper() if colour == "w" else letter) + square


def popeye_placements(text, side):
    """Per move (kaboom's notation), the pieces Popeye's annotations put on
    squares: `[+bPd7]` (a piece reborn or created on d7) and `[wQd5->d1]`
    (a piece moved to d1), as tokens `pd7`, `Qd1`. A pawn placed and
    promoted (`[+bPd1=Q]`) is read as the pawn placed: Popeye offers the
    promotions as choices. (docs/fairy.md, Rebirth and placement.)"""
    return popeye_brackets(text, side, (PLACED, MOVED))


def popeye_removals(text, side):
    """Per move (kaboom's notation), the pieces Popeye's annotations take
    off the board besides the one captured: `[-wkRa3]` (a white kamikaze
    rook removed from a3) as `Ra3`; a piece's attributes (`k`) are dropped.
    (docs/fairy.md, Kamikaze.)"""
    return popeye_brackets(text, side, (REMOVED,))


def popeye_brackets(text, side, patterns):
    """Per move, the tokens the patterns (each matching colour, walk and
    square at the start of a bracket) read from its `[...]` annotations."""
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
            for pattern in patterns:
                for c, w, sq in pattern.findall(bracket):
                    tokens.add(placement_token(c, w, sq))
        if tokens:
            out.setdefault(uci, set()).update(tokens)
    return {k: sorted(v) for k, v in out.items()}


PLACED_TRACE = re.compile(r"placed (\S+) (?:[a-p]\d+-)?([a-p]\d+)")
REMOVED_TRACE = re.compile(r"removed (\S+) ([a-p]\d+)")


def kaboom_placements(kaboom, variant, fen, moves):
    """Per move, the pieces kaboom's trace places (`placed p d5-d7`)."""
    return kaboom_trace(kaboom, variant, fen, moves, PLACED_TRACE)


def kaboom_removals(kaboom, variant, fen, moves):
    """Per move, the pieces kaboom's trace removes (`removed P d6`)."""
    return kaboom_trace(kaboom, variant, fen, moves, REMOVED_TRACE)


def kaboom_trace(kaboom, variant, fen, moves, pattern):
    """Per move, the `piece square` tokens of the trace events `pattern` reads."""
    out = {}
    for move in moves:
        res = subprocess.run(
            [kaboom, "play", variant, "--fen", fen, move], capture_output=True, text=True
        )
        tokens = sorted({p + sq for p, sq in pattern.findall(res.stdout)})
        if tokens:
            out[move] = tokens
    return out
