#!/usr/bin/env python3
"""Plays complete games of a variant python-chess does not know (the
seeds) through python-chess's engine module: kaboom plays itself over UCI,
and every move it chooses is checked by kaboom itself (`kaboom moves` on
the position the engine reports with `d`).

usage: uci_seed_games.py KABOOM_BINARY VARIANT... [--nodes N] [--max-plies N]

python-chess's `play()` needs a `chess.Board`, which cannot hold these
variants' moves, so the script sends its own commands through the engine
module's command interface (`Protocol.communicate`), on the connection
python-chess opened and initialised (`uci`/`uciok`). Exits 0 when every
move was legal; prints one line per game.
"""

import argparse
import asyncio
import subprocess
import sys

import chess.engine


class Variant(chess.engine.BaseCommand[None]):
    """Chooses the variant (python-chess manages `UCI_Variant` only for
    the variants it knows)."""

    def __init__(self, engine, variant):
        super().__init__(engine)
        self.variant = variant

    def start(self):
        self._engine.send_line(f"setoption name UCI_Variant value {self.variant}")
        self._engine.send_line("ucinewgame")
        self._engine.send_line("isready")

    def line_received(self, line):
        if line == "readyok":
            self.result.set_result(None)
            self.set_finished()
        elif line.startswith("info string error"):
            self.result.set_exception(chess.engine.EngineError(line))
            self.set_finished()


class Position(chess.engine.BaseCommand[str]):
    """Sets the position and asks for its FEN (`d`)."""

    def __init__(self, engine, moves):
        super().__init__(engine)
        self.moves = moves

    def start(self):
        self._engine.send_line("position startpos" + ("" if not self.moves else " moves " + " ".join(self.moves)))
        self._engine.send_line("d")

    def line_received(self, line):
        if line.startswith("info string fen "):
            self.result.set_result(line[len("info string fen "):])
            self.set_finished()
        elif line.startswith("info string error"):
            self.result.set_exception(chess.engine.EngineError(line))
            self.set_finished()


class Go(chess.engine.BaseCommand[str]):
    """Searches a fixed number of nodes; the result is the best move."""

    def __init__(self, engine, nodes):
        super().__init__(engine)
        self.nodes = nodes

    def start(self):
        self._engine.send_line(f"go nodes {self.nodes}")

    def line_received(self, line):
        if line.startswith("bestmove"):
            self.result.set_result(line.split()[1])
            self.set_finished()


def legal_moves(binary, variant, fen):
    out = subprocess.run([binary, "moves", variant, "--fen", fen], capture_output=True, text=True, check=True)
    return out.stdout.split()


async def play(binary, variant, nodes, max_plies):
    transport, engine = await chess.engine.popen_uci([binary, "uci"])
    try:
        await engine.communicate(lambda e: Variant(e, variant))
        moves = []
        while len(moves) < max_plies:
            fen = await engine.communicate(lambda e: Position(e, moves))
            legal = legal_moves(binary, variant, fen)
            if not legal:
                print(f"{variant}: {len(moves)} plies, game over at {fen}")
                return True
            best = await engine.communicate(lambda e: Go(e, nodes))
            if best not in legal:
                print(f"{variant}: illegal move {best} at {fen} (legal: {' '.join(legal)})", file=sys.stderr)
                return False
            moves.append(best)
        print(f"{variant}: {len(moves)} plies, stopped at the ply cap")
        return True
    finally:
        await engine.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--max-plies", type=int, default=80)
    args = parser.parse_args()
    ok = True
    for variant in args.variants:
        ok = asyncio.run(play(args.binary, variant, args.nodes, args.max_plies)) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
