"""kaboom: chess variants as data.

Load a variant (a bundled name, a file, or RON text), play a game of it,
list its legal moves in coordinates or algebraic notation, take moves back,
read and write FEN, ask whether the game has ended and why, count perft,
search for the best move, convert Fairy-Stockfish ini sections.

>>> import kaboom
>>> chess = kaboom.Variant.load("chess")
>>> game = chess.new_game()
>>> len(game.legal_moves())
20
>>> game.push_san("e4")
'e2e4'
>>> game.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
"""

from ._kaboom import (
    Diagnostic,
    Ending,
    FenError,
    Game,
    Imported,
    IniError,
    MoveError,
    SearchResult,
    Variant,
    VariantError,
    __version__,
    bundled_names,
    import_ini,
)

__all__ = [
    "Diagnostic",
    "Ending",
    "FenError",
    "Game",
    "Imported",
    "IniError",
    "MoveError",
    "SearchResult",
    "Variant",
    "VariantError",
    "__version__",
    "bundled_names",
    "import_ini",
]
