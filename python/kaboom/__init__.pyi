"""Typed stubs of kaboom's Python module (the extension `kaboom._kaboom`)."""

from typing import Dict, List, Optional, Tuple

__version__: str

def bundled_names() -> List[str]:
    """The names of the variants bundled with kaboom.

    >>> "chess" in kaboom.bundled_names()
    True
    """

class Diagnostic:
    """One diagnostic of a variant file, with its place."""

    severity: str
    """``"error"`` or ``"warning"``."""
    message: str
    """What is wrong."""
    file: Optional[str]
    """The file's name, if the diagnostic has a place."""
    line: Optional[int]
    """1-based line, if it has a place."""
    column: Optional[int]
    """1-based column (in characters), if it has a place."""
    help: Optional[str]
    """A hint, if any."""

class VariantError(ValueError):
    """A variant that could not be loaded.

    ``str(err)`` gives every diagnostic, one a line; ``line``, ``column``
    and ``message`` are those of the first error.

    >>> try:
    ...     kaboom.Variant.from_text('(extends: "chess", name: "Bad", pieces: [(letter: \\'Z\\', name: "zebra", moves: "mQ!")])')
    ... except kaboom.VariantError as err:
    ...     print(err.line, err.column, err.message)
    1 81 movement template `mQ!`: unexpected `!` in a movement template
    """

    line: Optional[int]
    column: Optional[int]
    message: Optional[str]
    diagnostics: List[Diagnostic]

class MoveError(ValueError):
    """A move that is not legal here, or text that is not a move."""

class FenError(ValueError):
    """A FEN that does not fit the variant."""

class IniError(ValueError):
    """A Fairy-Stockfish ini text that cannot be read."""

class Ending:
    """How a game ended."""

    result: str
    """The result as a PGN score: ``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"0-0"``."""
    reason: str
    """Why, in words: ``"checkmate"``, ``"50-move rule"``, a rule's name."""

class Variant:
    """A loaded variant: immutable, shared by every game of it."""

    @staticmethod
    def load(name_or_path: str, seed: Optional[int] = None) -> Variant:
        """Loads a bundled variant by name, or a variant file by path.

        A variant with a random setup (chess960) draws it from ``seed``.
        Raises ``VariantError`` with the diagnostics of a file that does
        not load.

        >>> kaboom.Variant.load("atomic").name
        'Atomic chess'
        """

    @staticmethod
    def from_text(text: str, name: str = "variant.ron") -> Variant:
        """Loads a variant from RON text (a file may ``extends`` a bundled one).

        ``name`` is the file name that diagnostics give.

        >>> v = kaboom.Variant.from_text('(extends: "chess", name: "Mine")')
        >>> v.name
        'Mine'
        """

    @property
    def name(self) -> str:
        """The variant's name."""
    @property
    def description(self) -> str:
        """Its description."""
    @property
    def start_fen(self) -> str:
        """The FEN of the start position."""
    @property
    def size(self) -> Tuple[int, int]:
        """Board width (files) and height (ranks)."""
    @property
    def warnings(self) -> List[Diagnostic]:
        """The warnings found while loading."""
    @property
    def piece_letters(self) -> str:
        """The piece letters, upper case, in the variant's order."""
    def new_game(self, fen: Optional[str] = None) -> Game:
        """A new game from the start position, or from ``fen``.

        Raises ``FenError`` for a FEN that does not fit the variant.
        """

Event = Dict[str, str]
"""What a move did: ``kind`` (``"moved"``, ``"captured"``, ``"removed"``,
``"pushed"``, ``"pushed_off"``, ``"blocked"``, ``"unblocked"``,
``"bounced"``, ``"dropped"``, ``"promoted"``, ``"shielded"``, ``"placed"``,
``"recoloured"``, ``"transformed"``, ``"marked"``, ``"unmarked"``) and, as
fits, ``piece`` (its FEN letter, upper case White: for a change, the piece
it is now), ``square``, ``from`` and ``to`` (a placed piece that moved
there), ``mark`` (the mark's name)."""

class Game:
    """A game: the start position, the moves played and every position since.

    >>> game = kaboom.Game(kaboom.Variant.load("chess"))
    >>> for m in ["f2f3", "e7e5", "g2g4", "d8h4"]:
    ...     _ = game.push(m)
    >>> game.is_check(), game.ending()
    (True, <Ending 0-1 (checkmate)>)
    >>> game.pop()
    'd8h4'
    """

    def __init__(self, variant: Variant, fen: Optional[str] = None) -> None:
        """A game of ``variant`` from its start position, or from ``fen``."""
    @property
    def turn(self) -> str:
        """The side to move: ``"w"`` or ``"b"``."""
    @property
    def moves(self) -> List[str]:
        """The moves played so far, in coordinates."""
    @property
    def variant_name(self) -> str:
        """The variant's name."""
    def fen(self) -> str:
        """The current position's FEN."""
    def legal_moves(self) -> List[str]:
        """The legal moves in UCI-style coordinates (``e2e4``, ``e7e8q``, ``P@e4``)."""
    def legal_moves_san(self) -> List[str]:
        """The legal moves in algebraic notation, in the order of ``legal_moves()``."""
    def san(self, uci_move: str) -> str:
        """The algebraic notation of a legal move given in coordinates.

        >>> kaboom.Variant.load("chess").new_game().san("g1f3")
        'Nf3'
        """
    def uci(self, san_move: str) -> str:
        """The coordinates of a legal move given in algebraic notation."""
    def push(self, uci_move: str) -> List[Event]:
        """Makes a legal move given in coordinates; returns what it did.

        Raises ``MoveError`` if it is not a legal move here.

        >>> kaboom.Variant.load("chess").new_game().push("e2e4")
        [{'kind': 'moved', 'piece': 'P', 'from': 'e2', 'to': 'e4'}]
        """
    def push_san(self, san_move: str) -> str:
        """Makes a legal move given in algebraic notation; returns its coordinates."""
    def pop(self) -> str:
        """Takes back the last move, returning it; ``IndexError`` at the start."""
    def trace(self, uci_move: str) -> List[Event]:
        """What a legal move would do, as ``push`` reports it, without making it."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def ending(self) -> Optional[Ending]:
        """How the game has ended, or ``None`` while it goes on."""
    def is_game_over(self) -> bool:
        """Whether the game has ended."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of ``depth`` moves from the current position."""
    def search(
        self,
        *,
        nodes: Optional[int] = None,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
    ) -> SearchResult:
        """Searches the current position for its best move.

        At least one limit is needed: ``nodes``, ``movetime`` (seconds) or
        ``depth`` (plies); ``ValueError`` without one. The game's earlier
        positions count for repetitions; the engine's table is kept from
        one search of this game to the next.

        >>> game = kaboom.Variant.load("chess").new_game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        >>> game.search(depth=4).best, game.search(depth=4).mate
        ('a1a8', 1)
        """

class SearchResult:
    """What a search found."""

    best: Optional[str]
    """The best move in coordinates; ``None`` when there is no legal move."""
    score: Optional[int]
    """Centipawns for the side to move; ``None`` for a mate score."""
    mate: Optional[int]
    """Moves to mate: positive when the side to move mates, negative when it is mated."""
    depth: int
    """The deepest iteration finished, in plies."""
    nodes: int
    """Nodes searched."""
    pv: List[str]
    """The principal variation, best move first, in coordinates."""

class Imported:
    """One section of a Fairy-Stockfish ini text, converted or refused."""

    name: str
    """The section's name."""
    line: int
    """The 1-based line of its header."""
    ron: Optional[str]
    """The kaboom variant file (RON text; load it with ``Variant.from_text``), or ``None``."""
    refusals: List[str]
    """Why it could not be converted, one reason a string."""

def import_ini(text: str) -> List[Imported]:
    """Converts every section of a Fairy-Stockfish ``variants.ini`` text.

    >>> [i.name for i in kaboom.import_ini("[mychess:chess]\\nmaxRank = 8\\n")]
    ['mychess']

    Raises ``IniError`` for text that is not an ini file.
    """
