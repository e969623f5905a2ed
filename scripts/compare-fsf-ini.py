#!/usr/bin/env python3
"""Compare `kaboom import` against Fairy-Stockfish on a variants.ini.

Converts every section with `kaboom import --format json`, then for each
converted variant compares perft counts from the start position (depth 3 when
the depth-2 count is below --depth3-below and the depth-3 count at most
--depth3-max, and depth 4 when the depth-3 count is small) and from positions reached by random
play (Fairy-Stockfish picks the moves, a fixed seed) against Fairy-Stockfish
loaded with the same file (`setoption name VariantPath`).

Then, for each perft-identical variant, plays --games random games of up to
--game-plies plies (default 2 of 200; Fairy-Stockfish picks each move, a seed
per variant) and after every move compares kaboom's FEN (`kaboom uci`, `d`)
with the engine's, clocks included; an en passant field may differ only where
both mean the same moves (kaboom names a passed square wherever the variant
captures en passant, Fairy-Stockfish only where one of its pawns could take).
With --write-games FILE, appends the games that agree throughout to FILE (the
data tests/fsf_games.rs replays: tests/fixtures/fsf/games.txt).

Prints the report: sections, converted, perft-identical, mismatches, variants
Fairy-Stockfish could not load, and refusals by reason (a variant counts once
per distinct reason). With --write-expected DIR, writes one `NAME.perft` file
per perft-identical variant with Fairy-Stockfish's counts (the data the cargo
test `tests/fsf_import.rs` checks).

Usage:
  scripts/compare-fsf-ini.py [--engine /usr/games/fairy-stockfish]
      [--ini tests/fixtures/fsf/variants.ini] [--kaboom target/release/kaboom]
      [--random 3] [--plies 12] [--seed 1] [--depth4-below 100000]
      [--depth3-below 2000000] [--depth3-max 1000000000]
      [--games 2] [--game-plies 200] [--write-games tests/fixtures/fsf/games.txt]
      [--write-expected tests/perft/fsf-import] [--only NAME,NAME]
  scripts/compare-fsf-ini.py --builtins [--engine ...] [--write-expected tests/perft/fsf-builtins]
      (writes the counts of the variants data/fsf-builtins.ini describes, the data
      tests/fsf_import.rs checks)

With --builtins, compares Fairy-Stockfish's built-in variants (the engine's
UCI_Variant list, no variants.ini loaded) instead: each one described in
data/fsf-builtins.ini is imported as a section `[NAME:NAME]` with no options
of its own, and each one a bundled kaboom variant plays (variants/, the table
BUNDLED) is compared as that file; the start position must be the engine's.
"""

import argparse
import collections
import json
import os
import random
import re
import subprocess
import sys
import tempfile


class Engine:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, path, ini):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.send("uci")
        lines = self.until(lambda l: l == "uciok")
        if ini:
            self.send(f"setoption name VariantPath value {os.path.abspath(ini)}")
            self.send("uci")
            lines = self.until(lambda l: l == "uciok")
        self.variant_list = []
        for l in lines:
            if l.startswith("option name UCI_Variant"):
                self.variant_list = l.split(" var ")[1:]
        self.variants = set(self.variant_list)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, stop):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.rstrip("\n")
            lines.append(line)
            if stop(line):
                return lines

    def variant(self, name):
        self.send(f"setoption name UCI_Variant value {name}")
        self.send("isready")
        self.until(lambda l: l == "readyok")

    def perft(self, fen, depth, moves=()):
        pos = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        self.send(pos)
        self.send(f"go perft {depth}")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        divide = [l.split(":")[0] for l in lines if re.match(r"^\S+: \d+$", l)]
        return int(lines[-1].split(":")[1]), divide

    def fen(self, fen, moves):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        # Read up to the end of `d` (its `Key:` line, in hexadecimal, may be
        # all digits: left unread, `perft` would take it for a move's count).
        self.send("isready")
        lines = self.until(lambda l: l == "readyok")
        return next(l for l in lines if l.startswith("Fen:"))[len("Fen:"):].strip()

    def fen_of(self, position):
        self.send(f"position {position}")
        self.send("d")
        # Read up to the end of `d` (its `Key:` line, in hexadecimal, may be
        # all digits: left unread, `perft` would take it for a move's count).
        self.send("isready")
        lines = self.until(lambda l: l == "readyok")
        return next(l for l in lines if l.startswith("Fen:"))[len("Fen:"):].strip()

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def engine_gaps(engine, ini):
    """Options the engine's `check` reports as invalid, per variant, inherited by children."""
    out = subprocess.run([engine, "check", ini], capture_output=True, text=True, timeout=120)
    gaps, current = {}, None
    for line in (out.stdout + out.stderr).splitlines():
        if line.startswith("Parsing variant: "):
            current = line[len("Parsing variant: "):].strip()
            gaps.setdefault(current, [])
        elif current and line.startswith("Invalid option: "):
            gaps[current].append(line[len("Invalid option: "):].strip())
    parents = {}
    with open(ini) as f:
        for line in f:
            m = re.match(r"^\[([^\]:]+)(?::([^\]]+))?\]", line)
            if m:
                parents[m.group(1)] = m.group(2)
    def all_gaps(name, depth=0):
        own = list(gaps.get(name, []))
        parent = parents.get(name)
        if parent and depth < 20:
            own += all_gaps(parent, depth + 1)
        return own
    return {name: all_gaps(name) for name in parents}


class Kaboom:
    """`kaboom uci` loaded with one variant file: the FEN after moves."""

    def __init__(self, path, file):
        self.p = subprocess.Popen([path, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.send(f"setoption name VariantPath value {os.path.abspath(file)}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def fen(self, fen, moves):
        """(FEN, error): kaboom's FEN after `moves` from `fen`, or why it refused them."""
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        error = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                return None, "kaboom exited"
            line = line.rstrip("\n")
            if line.startswith("info string fen "):
                return line[len("info string fen "):], error
            if line.startswith("info string error"):
                error = line[len("info string error "):]

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def ep_set(field):
    """The squares of a FEN's en passant field, as a set (`-`: none)."""
    return frozenset(re.findall(r"[a-z]\d+", field)) if field != "-" else frozenset()


def same_but_en_passant(engine, got, want):
    """Whether kaboom's FEN `got` differs from the engine's `want` only in
    the en passant field, in a way that changes no move: the engine reads
    `got` as `want` (it drops a square no pawn of the side to move can
    take on), or, where it keeps what it reads, gives the same moves from
    both. kaboom names a double step's passed square whenever some piece of
    the variant captures en passant; Fairy-Stockfish only where one could."""
    g, w = got.split(), want.split()
    if g[:3] != w[:3] or g[4:] != w[4:]:
        return False
    if engine.fen(got, []) == want:
        return True
    return sorted(engine.perft(got, 1)[1]) == sorted(engine.perft(want, 1)[1])


def kaboom_move(move):
    """kaboom's form of a move Fairy-Stockfish writes with a wall square
    where walling is instead of moving (`wallOrMove`): `c2c4,c4a1` moves
    and puts up no wall (`c2c4`), `a1a1,a1a3` only walls a3, which kaboom's
    importer makes the action `wall` (`a3@wall`)."""
    head, gate = move.split(",", 1)
    squares, wall = re.findall(r"[a-z]\d+", head), re.findall(r"[a-z]\d+", gate)[-1]
    return f"{wall}@wall" if len(squares) == 2 and squares[0] == squares[1] else head


def compare_games(engine, kaboom, name, file, start, rng, args):
    """Random games of up to --game-plies plies (Fairy-Stockfish picks the
    moves): after every move, kaboom's FEN, clocks included, must be the
    engine's, and the engine must read kaboom's FEN as its own. Returns
    (plies compared, the first difference or None, the games as (moves, FENs))."""
    engine.variant(name)
    k = Kaboom(kaboom, file)
    plies, games = 0, []
    try:
        for g in range(args.games):
            moves, fens, kaboom_moves = [], [], []
            for _ in range(args.game_plies):
                _, legal = engine.perft(start, 1, moves)
                if not legal:
                    break
                moves.append(rng.choice(sorted(legal)))
                want = engine.fen(start, moves)
                kaboom_moves.append(moves[-1])
                got, err = k.fen(start, kaboom_moves)
                if err and "," in moves[-1]:
                    kaboom_moves[-1] = kaboom_move(moves[-1])
                    got, err = k.fen(start, kaboom_moves)
                plies += 1
                if err or got is None:
                    return plies, f"game {g + 1} ply {len(moves)}: kaboom refuses {moves[-1]} ({err})", games
                if got != want and not same_but_en_passant(engine, got, want):
                    why = f"game {g + 1} ply {len(moves)} after {' '.join(moves[-3:])}: fsf `{want}`, kaboom `{got}`"
                    return plies, why, games
                fens.append(want)
                # The move rule ends the game in both (kaboom's uci plays on past it).
                if args.stop_at_clock and int(want.split()[-2]) >= args.stop_at_clock:
                    break
            games.append((kaboom_moves, fens))
    finally:
        k.close()
    return plies, None, games


def kaboom_perft(kaboom, file, fen, depth):
    out = subprocess.run([kaboom, "perft", file, str(depth), "--fen", fen],
                         capture_output=True, text=True)
    m = re.search(r"Nodes searched: (\d+)", out.stdout)
    if not m:
        return None, (out.stderr.strip().splitlines() or ["?"])[0]
    return int(m.group(1)), None


def start_fen(ron_file):
    with open(ron_file) as f:
        m = re.search(r'^\s*start: "([^"]*)"', f.read(), re.M)
    return m.group(1)


def compare(engine, kaboom, name, file, start, rng, args):
    """Perft from `start` and from random playouts of `name`: (identical, expected-file lines, why not)."""
    engine.variant(name)
    cases = [("start", start)]
    for i in range(args.random):
        moves = []
        for _ in range(args.plies):
            _, legal = engine.perft(start, 1, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        cases.append((f"random-{i + 1}", engine.fen(start, moves)))
    lines = []
    for cid, fen in cases:
        depths = [1, 2]
        n2, _ = engine.perft(fen, 2)
        n3 = None
        if n2 < args.depth3_below:
            n3, _ = engine.perft(fen, 3)
            if n3 <= args.depth3_max:
                depths.append(3)
            if n3 < args.depth4_below:
                depths.append(4)
        lines.append(f"id {name}-{cid}")
        lines.append(f"epd {fen}")
        for d in depths:
            expected = {2: n2, 3: n3}.get(d) or engine.perft(fen, d)[0]
            got, err = kaboom_perft(kaboom, file, fen, d)
            lines.append(f"perft {d} {expected}")
            if got != expected:
                return False, lines, f"{cid} depth {d}: fsf {expected}, kaboom {got if got is not None else err}"
        lines.append("")
    return True, lines, ""


def print_games(args, variants, plies, mismatched):
    """The report of the FEN comparison over random games."""
    if not args.games:
        return
    print(f"games compared move by move (FEN with clocks): {args.games} of up to {args.game_plies} plies "
          f"in each of {variants} perft-identical variants, {plies} plies")
    print(f"FEN mismatches: {len(mismatched)}")
    for name, why in mismatched:
        print(f"  {name}: {why}")


def write_games(path, name, source, start, games):
    """Appends the games to `path` (tests/fixtures/fsf/games.txt, read by
    tests/fsf_games.rs): per game a line `game NAME SOURCE START`, the moves,
    Fairy-Stockfish's halfmove clock after each, and its FEN after the last."""
    with open(path, "a") as f:
        for moves, fens in games:
            if moves:
                f.write(f"game {name} {source} {start}\nmoves {' '.join(moves)}\n"
                        f"clocks {' '.join(fen.split()[-2] for fen in fens)}\nfen {fens[-1]}\n")


def write_expected(directory, name, header, lines):
    with open(os.path.join(directory, f"{name}.perft"), "w") as f:
        f.write(header)
        f.write("\n".join(lines))


# Bundled kaboom variants that are Fairy-Stockfish built-ins (built-in name: file).
BUNDLED = {
    "chess": "chess.ron", "xiangqi": "xiangqi.ron", "janggi": "janggi.ron",
    "shogi": "shogi.ron", "crazyhouse": "crazyhouse.ron", "antichess": "antichess.ron",
    "3check": "three-check.ron", "5check": "five-check.ron", "racingkings": "racing-kings.ron",
    "grand": "grand.ron", "horde": "horde.ron", "duck": "duck.ron",
    "capablanca": "capablanca.ron", "atomic": "atomic.ron",
}


def kaboom_start(kaboom, file):
    out = subprocess.run([kaboom, "play", file], capture_output=True, text=True)
    m = re.search(r"^fen: (.*)$", out.stdout, re.M)
    return m.group(1).strip() if m else None


def fen_head(fen):
    """A FEN without its move counters (the last two fields)."""
    return " ".join(fen.split()[:-2])


def builtins_main(args):
    """Every Fairy-Stockfish built-in variant: described in data/fsf-builtins.ini
    (imported as a section with no options of its own) or bundled in variants/,
    compared with the engine's built-in."""
    engine = Engine(args.engine, None)
    names = engine.variant_list
    described = set()
    with open(args.builtins_ini) as f:
        for line in f:
            m = re.match(r"^\[([^\]:]+)(?::[^\]]+)?\]", line)
            if m:
                described.add(m.group(1))
    out_dir = tempfile.mkdtemp(prefix="kaboom-fsf-builtins-")
    ini = os.path.join(out_dir, "builtins.ini")
    with open(ini, "w") as f:
        for n in names:
            if n in described:
                f.write(f"[{n}:{n}]\n")
    res = subprocess.run([args.kaboom, "import", ini, "--out", out_dir, "--format", "json"],
                         capture_output=True, text=True)
    doc = json.loads(res.stdout)
    imported = {v["variant"]: v for v in doc["variants"]}
    rng = random.Random(args.seed)
    if args.only:
        names = [n for n in names if n in set(args.only.split(","))]
    rows, identical, refused, different, undescribed = [], [], [], [], []
    game_plies, fen_mismatched = [0], []
    if args.write_expected:
        os.makedirs(args.write_expected, exist_ok=True)
    for name in names:
        candidates, why_not = [], []
        if name in imported:
            v = imported[name]
            if v["converted"]:
                candidates.append((args.builtins_ini, v["file"]))
            else:
                why_not.append("refused: " + "; ".join(sorted({f"{r['gap']} ({r['option']})" for r in v["refusals"]})))
        if name in BUNDLED:
            candidates.append((f"variants/{BUNDLED[name]}", os.path.join("variants", BUNDLED[name])))
        if not candidates and not why_not:
            undescribed.append(name)
            continue
        ok = False
        for source, file in candidates:
            start = kaboom_start(args.kaboom, file)
            engine.variant(name)
            fsf_start = engine.fen_of("startpos")
            if start is None or fen_head(start) != fen_head(fsf_start):
                why_not.append(f"{source}: start {start} differs from the engine's {fsf_start}")
                continue
            same, lines, why = compare(engine, args.kaboom, name, file, start, rng, args)
            if same and args.games:
                plies, fen_why, games = compare_games(engine, args.kaboom, name, file, start, random.Random(f"{args.seed}-{name}"), args)
                game_plies[0] += plies
                if fen_why:
                    fen_mismatched.append((f"{name} ({source})", fen_why))
                elif args.write_games:
                    write_games(args.write_games, name, source, start, games)
            if same:
                ok = True
                identical.append((name, source))
                if args.write_expected and source == args.builtins_ini:
                    write_expected(args.write_expected, name,
                               f"# Fairy-Stockfish perft for its built-in variant {name}, against kaboom's\n"
                               f"# {source}; written by scripts/compare-fsf-ini.py --builtins.\n\n", lines)
                break
            why_not.append(f"{source}: {why}")
        if not ok:
            if any(w.startswith("refused") for w in why_not) and not candidates:
                refused.append((name, why_not))
            else:
                different.append((name, why_not))
    engine.close()
    print(f"engine: {args.engine}")
    print(f"built-in variants: {len(names)}")
    print(f"perft-identical: {len(identical)}")
    for name, source in identical:
        print(f"  {name}: {source}")
    print(f"perft-different: {len(different)}")
    for name, why in different:
        print(f"  {name}: {' | '.join(why)}")
    print_games(args, len(identical), game_plies[0], fen_mismatched)
    print(f"refused by the importer: {len(refused)}")
    for name, why in refused:
        print(f"  {name}: {' | '.join(why)}")
    print(f"not described: {len(undescribed)}")
    print("  " + " ".join(undescribed))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--ini", default="tests/fixtures/fsf/variants.ini")
    ap.add_argument("--kaboom", default="target/release/kaboom")
    ap.add_argument("--random", type=int, default=3, help="random positions per variant")
    ap.add_argument("--plies", type=int, default=12, help="plies of random play per position")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth3-below", type=int, default=2000000,
                    help="compare depth 3 only when the depth-2 count is below this (default 2000000: "
                         "amazons' 10x10 board with arrows has millions of moves at depth 2)")
    ap.add_argument("--depth3-max", type=int, default=1000000000,
                    help="compare depth 3 only when its count is at most this (default 1e9)")
    ap.add_argument("--depth4-below", type=int, default=100000,
                    help="also compare depth 4 when depth 3 has fewer nodes than this")
    ap.add_argument("--games", type=int, default=2,
                    help="random games per variant whose FENs are compared after every move (default 2)")
    ap.add_argument("--game-plies", type=int, default=200, help="plies per such game (default 200)")
    ap.add_argument("--stop-at-clock", type=int, default=0,
                    help="end a game once the halfmove clock reaches this (default 0: play on)")
    ap.add_argument("--write-games", metavar="FILE",
                    help="append each variant's games whose FENs all agree to FILE, the data of tests/fsf_games.rs")
    ap.add_argument("--write-expected", metavar="DIR")
    ap.add_argument("--only", metavar="NAMES",
                    help="compare only these converted sections (comma-separated); the random positions then differ from a full run's")
    ap.add_argument("--builtins", action="store_true",
                    help="compare the engine's built-in variants instead (no --ini): each described in --builtins-ini or bundled in variants/")
    ap.add_argument("--builtins-ini", default="data/fsf-builtins.ini")
    args = ap.parse_args()
    if args.builtins:
        return builtins_main(args)

    out_dir = tempfile.mkdtemp(prefix="kaboom-fsf-")
    res = subprocess.run([args.kaboom, "import", args.ini, "--out", out_dir, "--format", "json"],
                         capture_output=True, text=True)
    if res.returncode not in (0, 1) or not res.stdout.strip():
        sys.exit(f"kaboom import failed: {res.stderr}")
    doc = json.loads(res.stdout)
    variants = doc["variants"]
    converted = [v for v in variants if v["converted"]]
    all_converted = len(converted)
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {v["variant"] for v in converted}
        if unknown:
            sys.exit(f"not converted sections: {', '.join(sorted(unknown))}")
        converted = [v for v in converted if v["variant"] in wanted]
    refused = [v for v in variants if not v["converted"]]

    engine = Engine(args.engine, args.ini)
    unread = engine_gaps(args.engine, args.ini)
    engine_unread = []
    rng = random.Random(args.seed)
    identical, mismatched, unloadable = [], [], []
    game_plies, fen_mismatched = [0], []
    if args.write_expected:
        os.makedirs(args.write_expected, exist_ok=True)
    for v in converted:
        name, file = v["variant"], v["file"]
        if name not in engine.variants:
            unloadable.append(name)
            continue
        if unread.get(name):
            engine_unread.append((name, sorted(set(unread[name]))))
            continue
        ok, lines, why = compare(engine, args.kaboom, name, file, start_fen(file), rng, args)
        if ok and args.games:
            plies, fen_why, games = compare_games(engine, args.kaboom, name, file, start_fen(file), random.Random(f"{args.seed}-{name}"), args)
            game_plies[0] += plies
            if fen_why:
                fen_mismatched.append((name, fen_why))
            elif args.write_games:
                write_games(args.write_games, name, args.ini, start_fen(file), games)
        if ok:
            identical.append(name)
            if args.write_expected:
                write_expected(args.write_expected, name,
                               f"# Fairy-Stockfish perft for section [{name}] of {args.ini},\n"
                               "# converted by `kaboom import`; written by scripts/compare-fsf-ini.py.\n\n", lines)
        else:
            mismatched.append((name, why))
    engine.close()

    reasons = collections.Counter()
    for v in refused:
        for gap in sorted({r["gap"] for r in v["refusals"]}):
            reasons[gap] += 1
    print(f"ini: {args.ini}")
    print(f"engine: {args.engine}")
    print(f"sections: {len(variants)}")
    print(f"converted: {all_converted}" + (f" ({len(converted)} compared: --only)" if args.only else ""))
    print(f"perft-identical: {len(identical)}")
    print(f"perft-different: {len(mismatched)}")
    for name, why in mismatched:
        print(f"  {name}: {why}")
    print_games(args, len(identical), game_plies[0], fen_mismatched)
    print(f"not loadable by the engine: {len(unloadable)}" + (f" ({', '.join(unloadable)})" if unloadable else ""))
    print(f"not comparable, the engine ignores options it does not know: {len(engine_unread)}")
    for name, opts in engine_unread:
        print(f"  {name}: {', '.join(opts)}")
    print(f"refused: {len(refused)}")
    print("refused by reason (a variant counts once per reason):")
    for gap, n in reasons.most_common():
        print(f"  {n:4d}  {gap}")


if __name__ == "__main__":
    main()
