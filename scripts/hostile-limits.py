#!/usr/bin/env python3
"""Time and memory of kaboom on hostile inputs under 100 KB.

docs/limits.md promises that no command on any file under 100 KB takes more
than 2 s or 512 MB. This script builds the repro files of the hostile-input
trials (costly conditions, unsatisfiable setups, duplicate castling offsets,
floods of bad letters, repeated ray templates, repeated promotion choices,
deep nesting, huge scenario lists) at close to 100 KB where size matters,
runs each command under /usr/bin/time -v and prints wall time, peak memory
and exit code. It exits 1 if any run breaks the bar.

The costly positions (a moving wall plus costly clauses, round three) are
run through every command that lists or plays a position's moves: `moves`,
`perft 1`, `play` (a legal move, and an illegal one, whose error lists every
move in algebraic notation), `go --movetime 100`, `replay` of one game (40
moves, and for `costly-wall-allowed` a game of thousands of moves in a PGN
just under 100 KB, which replay stops at its work budget), and
the playground's /api/position (a `kaboom serve` started on a free port,
timed per request, its peak memory read from /proc).

    cargo build --release && python3 scripts/hostile-limits.py [target/release/kaboom]

It measures; it is not a test (speed is never a timed test, docs/limits.md).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KABOOM = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "kaboom")
LIMIT_SECONDS = 2.0
LIMIT_MB = 512
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "adversarial")


def generated(folder):
    """The generated repro files: name -> text."""
    files = {}
    # 8: about 100,000 bad letters on one line.
    files["flood.ron"] = (
        '(extends: "chess", start: None, setup: (template: '
        '"????????/pppppppp/8/8/8/8/PPPPPPPP/???????? w - - 0 1", pieces: "%s"))' % ("X" * 99_000)
    )
    # 9: one `first(S, T)` whose template repeats atoms, many times over.
    ray = "first(origin, %s)" % ("KN" * 700)
    rules = ", ".join('"after move: remove((%s) & enemy P)"' % ray for _ in range(60))
    files["first-many.ron"] = '(extends: "chess", name: "Rays", rules: [%s])' % rules
    # 10: a promotion choice list of repeated letters, about 95 KB.
    files["promotion-flood.ron"] = (
        '(extends: "chess", name: "Q", promotion: (pieces: "P", ranks: [8], choices: "%s"))' % ("Q" * 95_000)
    )
    # 7: many duplicate castling carry offsets.
    files["carry-flood.ron"] = (
        '(extends: "chess", name: "C", castling: [(fen: \'K\', king_to: "g1", rook_to: "f1", '
        "carry: (piece: 'N', offsets: [%s]))])" % ", ".join(["(1, 0)"] * 10_000)
    )
    # Deep nesting in a sentence, a template and RON itself.
    files["deep-sentence.ron"] = (
        '(extends: "chess", name: "x", rules: ["after move: remove(%sorigin%s)"])' % ("(" * 40_000, ")" * 40_000)
    )
    files["deep-template.ron"] = (
        "(extends: \"chess\", name: \"x\", pieces: [(letter: 'Z', name: \"z\", moves: \"%sW%s\")])"
        % ("[" * 40_000, "]" * 40_000)
    )
    files["deep-ron.ron"] = '(extends: "chess", name: "x", pieces: %s%s)' % ("[" * 40_000, "]" * 40_000)
    # Type errors everywhere: 2,000 pieces with a wrong type each.
    pieces = ", ".join(
        "(letter: \"%s\", name: \"p\", moves: \"W\", royal: \"yes\")" % chr(ord("A") + i % 26) for i in range(2_000)
    )
    files["type-flood.ron"] = '(extends: "chess", name: "T", pieces: [%s])' % pieces
    # 12: a scenario with 10,001 moves (refused by count).
    files["scenario-many.ron"] = '(variant: "chess", description: "x", moves: [%s])' % ",".join(
        ['"e2e4"'] * 10_001
    )
    out = {}
    for name, text in files.items():
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(text)
        out[name] = path
    return out


# The costly positions: refused ones (the attack's shape and its variations)
# and ones that load, each run through every command below.
COSTLY = ["costly-wall", "costly-wall-rule", "costly-wall-end", "costly-wall-allowed", "chosen-walls", "duck"]


def costly_file(folder, name):
    """A copy of the costly variant `name` in `folder` (a bundled one as its name)."""
    for base in (FIXTURES, os.path.join(ROOT, "tests", "fixtures", "valid")):
        path = os.path.join(base, name + ".ron")
        if os.path.isfile(path):
            shutil.copy(path, os.path.join(folder, name + ".ron"))
            return name + ".ron"
    return name


def kaboom_out(args, cwd):
    run = subprocess.run([KABOOM] + args, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=120)
    return run.returncode, run.stdout


def one_game(folder, variant, plies):
    """Writes a game of `plies` moves (each the legal move at a fixed
    stride) as PGN beside the variant; returns its path, or None if the
    variant does not load."""
    moves = []
    fen = None
    for ply in range(plies):
        code, out = kaboom_out(["moves", variant] + (["--fen", fen] if fen else []), folder)
        legal = out.split()
        if code != 0 or not legal:
            break
        moves.append(legal[(ply * 7919) % len(legal)])
        code, out = kaboom_out(["play", variant] + moves, folder)
        found = re.findall(r"^fen: (.*)$", out, re.M)
        if code != 0 or not found:
            moves.pop()
            break
        fen = found[-1]
    if not moves:
        return None
    pgn = os.path.join(folder, variant.replace(".ron", "") + ".pgn")
    kaboom_out(["play", variant, "--pgn", pgn] + moves, folder)
    return pgn if os.path.isfile(pgn) else None


def long_game(folder, variant, cycle, limit=100_000):
    """Writes beside the variant a PGN just under `limit` bytes (and within
    the 10,000 moves a game may have) of one game that plays the four moves
    of `cycle` over and over: a game of thousands of plies, which `replay`
    stops where its work budget is spent (docs/limits.md, Replay). Returns
    its path."""
    head = '[Variant "%s"]\n\n' % variant.replace(".ron", "")
    lines = []
    size = len(head) + 3
    for i in range(2_500):
        line = "%d. %s %s %d. %s %s\n" % (2 * i + 1, cycle[0], cycle[1], 2 * i + 2, cycle[2], cycle[3])
        if size + len(line) >= limit:
            break
        lines.append(line)
        size += len(line)
    pgn = os.path.join(folder, variant.replace(".ron", "") + "-long.pgn")
    with open(pgn, "w") as f:
        f.write(head + "".join(lines) + "*\n")
    return pgn


# Long games: a variant, and four moves that shuffle a piece of each side
# out and back (no repetition or move rule ends these variants' games).
LONG_GAMES = {"costly-wall-allowed": ["Qdd2,d4", "Qdd7,d5", "Qdd1,d4", "Qdd8,d5"]}


def costly_cases(folder):
    """Every command on every costly position: (item, args, cwd)."""
    out = []
    for name in COSTLY:
        v = costly_file(folder, name)
        first = kaboom_out(["moves", v], folder)[1].split()[:1]
        out += [
            ("33.5 " + name, ["moves", v], folder),
            ("33.5 " + name, ["perft", v, "1"], folder),
            ("33.5 " + name, ["play", v] + first, folder),
            ("33.5 " + name, ["play", v, "a1a1"], folder),
            ("33.5 " + name, ["go", v, "--movetime", "100"], folder),
        ]
        pgn = one_game(folder, v, 40)
        if pgn:
            out.append(("33.5 " + name, ["replay", os.path.basename(pgn)], folder))
        if name in LONG_GAMES:
            pgn = long_game(folder, v, LONG_GAMES[name])
            out.append(("33.5 " + name + " long", ["replay", os.path.basename(pgn)], folder))
    return out


def serve_cases(folder):
    """/api/position on each costly position through one `kaboom serve`:
    (item, seconds, status) per request, and the server's peak MB."""
    proc = subprocess.Popen(
        [KABOOM, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    rows = []
    peak = -1
    try:
        line = proc.stdout.readline()
        bound = re.search(r"http://([^/]+)/", line)
        if not bound:
            return [("33.5 serve did not start", -1, 0)], -1
        for name in COSTLY:
            path = os.path.join(folder, name + ".ron")
            text = open(path).read() if os.path.isfile(path) else '(extends: "%s")' % name
            body = json.dumps({"variant": {"text": text}, "moves": []}).encode()
            request = urllib.request.Request(
                "http://%s/api/position" % bound.group(1), data=body, headers={"Content-Type": "application/json"}
            )
            started = time.monotonic()
            try:
                with urllib.request.urlopen(request, timeout=60) as reply:
                    reply.read()
                    status = reply.status
            except urllib.error.HTTPError as e:
                status = e.code
            except OSError:
                status = 0
            rows.append(("33.5 " + name, time.monotonic() - started, status))
        with open("/proc/%d/status" % proc.pid) as f:
            hwm = re.search(r"VmHWM:\s+(\d+) kB", f.read())
            peak = int(hwm.group(1)) / 1024 if hwm else -1
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return rows, peak


def cases(gen):
    fx = lambda name: os.path.join(FIXTURES, name + ".ron")
    return [
        ("5 costly when", ["moves", fx("costly-when")]),
        ("5 costly when", ["validate", fx("costly-when")]),
        ("6 unsatisfiable setup", ["validate", fx("setup-unsatisfiable")]),
        ("6 contradiction", ["validate", fx("setup-contradiction")]),
        ("7 carry duplicates", ["validate", fx("carry-duplicates")]),
        ("7 carry flood", ["validate", gen["carry-flood.ron"]]),
        ("8 bad-letter flood", ["validate", gen["flood.ron"]]),
        ("8 bad-letter flood json", ["validate", "--format", "json", gen["flood.ron"]]),
        ("9 repeated rays", ["perft", fx("first-repeated"), "2"]),
        ("9 many ray rules", ["perft", gen["first-many.ron"], "2"]),
        ("10 promotion repeated", ["validate", fx("promotion-repeated")]),
        ("10 promotion flood", ["moves", gen["promotion-flood.ron"]]),
        ("10 threads", ["perft", "chess", "4", "--threads", "256"]),
        ("11 setup count", ["setup", fx("setup-many"), "--count"]),
        ("12 scenario entries", ["test", gen["scenario-many.ron"]]),
        ("13 nine castlings", ["validate", fx("castling-nine")]),
        ("14 castling overlap", ["validate", fx("castling-overlap")]),
        ("deep sentence", ["validate", gen["deep-sentence.ron"]]),
        ("deep template", ["validate", gen["deep-template.ron"]]),
        ("deep RON", ["validate", gen["deep-ron.ron"]]),
        ("type errors", ["validate", gen["type-flood.ron"]]),
        ("16x16 board", ["perft", fx("full-16x16"), "2"]),
        ("chain and blast", ["perft", fx("chain-and-blast"), "3"]),
    ]


def measure(args, cwd=None):
    run = subprocess.run(
        ["/usr/bin/time", "-v", KABOOM] + args,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
        timeout=120,
    )
    err = run.stderr
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", err)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else -1
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    mb = int(rss.group(1)) / 1024 if rss else -1
    code = re.search(r"Exit status: (\d+)", err)
    return seconds, mb, int(code.group(1)) if code else run.returncode


def main():
    if not os.path.exists(KABOOM):
        sys.exit("build first: cargo build --release (looked for %s)" % KABOOM)
    broken = 0
    with tempfile.TemporaryDirectory() as folder:
        gen = generated(folder)
        print("%-24s %-9s %8s %9s %5s  %s" % ("item", "size", "seconds", "peak MB", "exit", "command"))
        runs = [(item, args, None) for item, args in cases(gen)] + costly_cases(folder)
        for item, args, cwd in runs:
            files = [a for a in args if os.path.isfile(os.path.join(cwd or "", a))]
            size = "%.1f KB" % (os.path.getsize(os.path.join(cwd or "", files[0])) / 1024) if files else "-"
            seconds, mb, code = measure(args, cwd)
            ok = 0 <= seconds <= LIMIT_SECONDS and 0 <= mb <= LIMIT_MB and code in (0, 1, 2)
            broken += not ok
            shown = " ".join(os.path.basename(a) if a in files else a for a in args)
            print("%-24s %-9s %8.2f %9.1f %5d  %s%s" % (item, size, seconds, mb, code, shown, "" if ok else "  <-- over"))
        rows, peak = serve_cases(folder)
        for item, seconds, status in rows:
            ok = 0 <= seconds <= LIMIT_SECONDS and status in (200, 400, 413, 422)
            broken += not ok
            print("%-24s %-9s %8.2f %9s %5d  %s%s" % (item, "-", seconds, "-", status, "POST /api/position", "" if ok else "  <-- over"))
        ok = 0 <= peak <= LIMIT_MB
        broken += not ok
        print("%-24s %-9s %8s %9.1f %5s  %s%s" % ("33.5 serve", "-", "-", peak, "-", "kaboom serve, peak over all requests", "" if ok else "  <-- over"))
    print("bar: %.0f s and %d MB per command; %s" % (LIMIT_SECONDS, LIMIT_MB, "all within" if not broken else "%d over" % broken))
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
