//! The variant file format: serde types that mirror a `.ron` file, and
//! loading with `extends`. Values that diagnostics point at are
//! [`Spanned`]. Nothing here is checked yet; `check` does that.

mod canonical;
mod clock_reset;
mod comments;
mod end_spec;
mod loader;
mod shape;
mod skip;
mod type_errors;

pub use crate::base::span::{Location, Sources, Spanned};
pub use canonical::{canonical, evaluation_text, write_variant};
pub use clock_reset::ClockReset;
pub(crate) use comments::block_comment_end;
pub use comments::{Comments, FieldComments, Placed, comments_of};
pub use end_spec::EndSpec;
pub use loader::read_text;
pub use loader::{
    Loader, MAX_FILE_BYTES, Reference, SANDBOX_HELP, bundled_names, bundled_source, is_path_argument, read_ron,
    resolve_reference,
};
pub(crate) use type_errors::closest;

use crate::base::span::{lenient, lenient_list, lenient_option, lenient_option_list, lenient_option_one_or_list};
use serde::{Deserialize, Serialize};

/// One variant file as written. Every field is optional so that a file
/// that `extends` another can give only what it changes.
#[derive(Clone, Debug, Deserialize, Serialize, Default)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// A bundled variant name or a path relative to this file whose
    /// fields this file starts from.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extends: Option<Spanned<String>>,
    /// The variant's name for people.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<Spanned<String>>,
    /// A sentence or two on what the variant is.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Board size.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardSpec>,
    /// Piece types. With `extends`, a piece with a parent's letter replaces
    /// it and a new letter is added.
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces: Option<Vec<PieceSpec>>,
    /// The start position in FEN.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Spanned<String>>,
    /// A random start position: a template and the rules it must satisfy
    /// (instead of `start`).
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup: Option<SetupSpec>,
    /// Which pieces promote, where, and to what: one rule, or a list of
    /// rules for different pieces (`[(pieces: "P", ..), (pieces: "N", ..)]`).
    #[serde(default, deserialize_with = "lenient_option_one_or_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Vec<PromotionSpec>>,
    /// Castling moves, written for White and mirrored for Black.
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castling: Option<Vec<CastlingSpec>>,
    /// How castling is written: `Standard` (default: the king's move in
    /// UCI, the rules' letters in FEN) or `KingTakesRook` (the king taking
    /// its own rook in UCI, the rook's file letter in FEN, as UCI engines
    /// write Chess960-style castling).
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castling_notation: Option<CastlingNotation>,
    /// Which moves reset the move-rule clock (the halfmove clock that the
    /// end rule `N moves` reads): default `[Captures, PawnMoves,
    /// Promotions, PromotedForms, Drops]`.
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_resets: Option<Vec<ClockReset>>,
    /// Named square sets (the palace, the river bank, a goal), usable as
    /// sets in every sentence and in pieces' `within` and `moves_in`.
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<RegionSpec>>,
    /// Pieces in hand and drops: a side may put a piece from its hand on
    /// the board instead of moving.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drops: Option<DropsSpec>,
    /// Whether each side may pass: a move that moves nothing and hands
    /// the turn over (as Fairy-Stockfish's `pass`). Default false.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass: Option<bool>,
    /// Whether a side with no other legal move, and not in check, passes
    /// instead of being stalemated (Fairy-Stockfish's `passOnStalemate`).
    /// Default false.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass_on_stalemate: Option<bool>,
    /// The word traces and `explain` use for a square that becomes
    /// blocked, a past participle (`cratered`, `irradiated`). Default
    /// `blocked`.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block_word: Option<Spanned<String>>,
    /// An order of kinds that `transform(S, next)` and `transform(S,
    /// previous)` step along: `"P N B R Q"`; a cycle when the last letter
    /// repeats the first (`"N B R Q N"`).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind_sequence: Option<Spanned<String>>,
    /// Rules triggered by moves: `"on capture: remove(area(target, 1))"`.
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<Spanned<String>>>,
    /// Actions a side may take instead of a move, tied to no piece.
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<ActionSpec>>,
    /// Shields as sentences: squares protected from some effects, read for
    /// each side, while a condition holds (`"adjacent(own royal) against
    /// remove"`).
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shields: Option<Vec<Spanned<String>>>,
    /// Legality clauses, checked for the side that moved:
    /// `"own royal not attacked"`. Default: that one clause.
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Spanned<String>>>,
    /// Game-end rules, checked in order for the side to move:
    /// `"checkmate: loss"`, or with a name for the result:
    /// `(rule: "not exists(own royal): loss", name: "{own}'s king was captured")`.
    /// Default: as in chess.
    #[serde(default, deserialize_with = "lenient_option_list")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<Vec<EndSpec>>,
    /// A count of moves the FEN carries, started by conditions over the
    /// position with a limit worked out from the material, which the end
    /// rule `counting over` reads (docs/format.md, Counting). Default: none.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counting: Option<CountingSpec>,
    /// Weights of the engine's evaluation terms, in percent of their
    /// defaults. Default: 100 each.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluation: Option<EvaluationSpec>,
}

/// The evaluation's weights, each in percent of its default (0 to 1000;
/// a weight not given stays 100). docs/format.md describes each term.
#[derive(Clone, Debug, Deserialize, Serialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EvaluationSpec {
    /// Every piece's material value.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub material: Option<Spanned<i64>>,
    /// The placement term from a piece's empty-board mobility on its square.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mobility: Option<Spanned<i64>>,
    /// The bonus per ring closer to the centre.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub centre: Option<Spanned<i64>>,
    /// The bonus of promoting pieces for their progress towards the zone.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advancement: Option<Spanned<i64>>,
    /// The royal pieces' placement and the shield around them.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub royal_safety: Option<Spanned<i64>>,
    /// The bonus for the side to move.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tempo: Option<Spanned<i64>>,
    /// Passed promoting pieces, by their progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passed: Option<Spanned<i64>>,
    /// Doubled, isolated and protected promoting pieces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structure: Option<Spanned<i64>>,
    /// Squares attacked that no enemy promoting piece attacks (real mobility).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacks: Option<Spanned<i64>>,
    /// Own promoting pieces in front of a royal piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shelter: Option<Spanned<i64>>,
    /// Two pieces of a colour-bound kind on both colours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<Spanned<i64>>,
    /// Riders along a file with no own promoting piece on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_files: Option<Spanned<i64>>,
    /// Material values for the evaluation by piece letter, in hundredths
    /// of a pawn, in place of the pieces' `value` (`{'N': 312}`): what
    /// `kaboom tune` writes. The game's rules never read them.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Spanned<std::collections::BTreeMap<char, i64>>>,
    /// A square table per piece letter, in centipawns added to the
    /// piece's value on each square: one list per rank as the board is
    /// drawn (the rank farthest from White first, White's first rank
    /// last), each rank's values from the `a` file on, given for White;
    /// Black's by the board's symmetry (docs/format.md, "Evaluation
    /// weights"). What `kaboom tune` writes.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squares: Option<std::collections::BTreeMap<char, SquareTable>>,
}

/// One piece's square table as written: a list of ranks, each a list of
/// centipawns (each rank and the whole with where they were written).
pub type SquareTable = Spanned<Vec<Spanned<Vec<i64>>>>;

impl EvaluationSpec {
    /// The weights given, by name, in the order of
    /// [`WEIGHT_NAMES`](crate::base::weights::WEIGHT_NAMES).
    pub fn given(&self) -> [(&'static str, Option<&Spanned<i64>>); 12] {
        [
            ("material", self.material.as_ref()),
            ("mobility", self.mobility.as_ref()),
            ("centre", self.centre.as_ref()),
            ("advancement", self.advancement.as_ref()),
            ("royal_safety", self.royal_safety.as_ref()),
            ("tempo", self.tempo.as_ref()),
            ("passed", self.passed.as_ref()),
            ("structure", self.structure.as_ref()),
            ("attacks", self.attacks.as_ref()),
            ("shelter", self.shelter.as_ref()),
            ("pair", self.pair.as_ref()),
            ("open_files", self.open_files.as_ref()),
        ]
    }
}

/// Board size.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Number of files, 1 to 16.
    pub files: Spanned<u32>,
    /// Number of ranks, 1 to 16.
    pub ranks: Spanned<u32>,
    /// Which edges are joined (docs/fairy.md, Board topology): `Files`
    /// (a vertical cylinder), `Ranks` (a horizontal one), `Both` (an
    /// anchor ring); default `Flat`.
    #[serde(default)]
    #[serde(skip_serializing_if = "skip::is_flat")]
    pub wrap: crate::base::geometry::Wrap,
}

/// One piece type.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// The FEN letter, upper case (White); Black's is its lower case.
    pub letter: Spanned<char>,
    /// The piece's name.
    pub name: Spanned<String>,
    /// Movement template in Betza notation (docs/betza.md).
    pub moves: Spanned<String>,
    /// A royal piece: the subject of `own royal` in legality and end rules.
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub royal: bool,
    /// A pawn's move resets the move-rule count, as a capture does.
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub pawn: bool,
    /// A `pawn` for one side only: the other side's pieces of this kind
    /// do not reset the move-rule clock.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pawn_for: Option<Spanned<SideSpec>>,
    /// Material value, in hundredths of a pawn.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// Ranks (counted from the owner's side, first rank 1) where the
    /// piece's `i` moves are allowed. Default: the ranks it stands on in
    /// the start position.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_ranks: Option<Spanned<Vec<u32>>>,
    /// Fixed squares where the piece's `i` moves are allowed, a set read
    /// for its owner (a region with each side's squares: `"double_step"`),
    /// instead of `initial_ranks`.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_squares: Option<Spanned<String>>,
    /// Ranks (counted from the owner's side) from which the piece's `i`
    /// moves leave en passant targets. Default: all its initial ranks.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub en_passant_ranks: Option<Spanned<Vec<u32>>>,
    /// Actions the piece may take instead of a move.
    #[serde(default, deserialize_with = "lenient_list")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ActionSpec>,
    /// A shield the piece carries.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shield: Option<ShieldSpec>,
    /// Squares the piece never leaves (a set, read for its owner:
    /// `"palace"`): its leaps land inside, its rides stop at the edge.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<Spanned<String>>,
    /// Other moves on some squares: the first entry whose squares hold the
    /// piece gives its moves there, instead of `moves`.
    #[serde(default, deserialize_with = "lenient_list")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves_in: Vec<MovesInSpec>,
    /// Moves added on some squares and kept to them: on a square of an
    /// entry the piece also moves by its template, landing and passing only
    /// on that entry's squares (janggi-style palace diagonals).
    #[serde(default, deserialize_with = "lenient_list")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves_along: Vec<MovesInSpec>,
    /// Letters of the kinds this piece may not hop over (`"C"`): a hop
    /// whose hurdle is one of them is no move.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cannot_hop: Option<Spanned<String>>,
    /// Letters of the kinds this piece may never capture (`"C"`).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cannot_capture: Option<Spanned<String>>,
    /// Moves the piece has only while it holds a right (a square of the
    /// position's rights, the FEN's castling-field file letters): quiet
    /// moves in Betza notation (`"mfsN"`).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_moves: Option<Spanned<String>>,
    /// Its `right_moves` are not allowed while its side is in check.
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub right_moves_not_in_check: bool,
    /// Rights this piece takes from enemy pieces: landing where its
    /// `along` template reaches, on an empty board, an enemy piece of a
    /// kind in `of` that holds a right, it takes that right away.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub takes_rights: Option<TakesRightsSpec>,
    /// How pictures draw the piece: a figurine name (`"king"`, `"queen"`,
    /// `"rook"`, `"bishop"`, `"knight"`, `"pawn"`) or a mark of one or two
    /// characters shown in a disc. Default: the figurine of the usual
    /// letters K, Q, R, B, N, P, otherwise the letter in a disc.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub glyph: Option<Spanned<String>>,
    /// The piece is another piece promoted (`'P'`): FEN writes it `+P`, as
    /// Fairy-Stockfish does, and a captured one joins the captor's hand as
    /// that piece.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promoted_from: Option<Spanned<char>>,
}

/// A named square set.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RegionSpec {
    /// The name sentences use: lower case letters, digits and `_`.
    pub name: Spanned<String>,
    /// The squares, a set of fixed squares read for each side
    /// (`"files(d..f) & ranks(1..3)"`); or `white` and `black`.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squares: Option<Spanned<String>>,
    /// White's squares, read for White, where the sides' squares are not
    /// one set read for each (`"files(g..h) & ranks(8) + files(h) & ranks(7)"`).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<Spanned<String>>,
    /// Black's squares, read for Black (`ranks(1)` is Black's first rank).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<Spanned<String>>,
}

/// The moves a piece has while it stands on some squares.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MovesInSpec {
    /// The squares, a set of fixed squares read for the piece's owner.
    pub squares: Spanned<String>,
    /// The movement template there, in Betza notation.
    pub moves: Spanned<String>,
}

/// Promotion rules.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSpec {
    /// Letters of the pieces that promote (`"P"`).
    pub pieces: Spanned<String>,
    /// Ranks, counted from the owner's side, where they promote (`[8]`).
    /// Either these or `squares`.
    #[serde(default)]
    #[serde(skip_serializing_if = "skip::spanned_is_empty")]
    pub ranks: Spanned<Vec<u32>>,
    /// Fixed squares, read for the owner, where they promote instead of
    /// whole ranks: a set sentence (`"white (g8 + h8 + h7)"`, a region
    /// with each side's squares). Either these or `ranks`.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squares: Option<Spanned<String>>,
    /// Letters of the pieces they may become (`"QRBN"`).
    pub choices: Spanned<String>,
    /// Whether promotion is compulsory on arrival (default true, on every
    /// rank of `ranks`; with `mandatory_ranks`, only on those).
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mandatory: Option<bool>,
    /// The ranks of `ranks` (counted from the owner's side) where promotion
    /// is compulsory; on the others it is optional (`[10]` in Grand chess).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mandatory_ranks: Option<Spanned<Vec<u32>>>,
    /// Choices limited by material: a kind may be chosen only while the
    /// promoting side has fewer than this many of it on the board
    /// (`{'Q': 1, 'R': 2}`: a second queen never, a third rook never).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<Spanned<std::collections::BTreeMap<char, u32>>>,
    /// Whether a move that starts on a promotion rank may promote too,
    /// wherever it ends, as in shogi (default false: only moves that end
    /// there).
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub from_zone: bool,
    /// Whether only a move that captures promotes (default false: any
    /// move). A move that does not capture stays as it is, even where
    /// promotion is compulsory.
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub on_capture: bool,
    /// Whether only a move that captures nothing promotes (default false:
    /// any move). A capture stays as it is, even where promotion is
    /// compulsory (a kamikaze pawn that takes on its last rank vanishes
    /// unpromoted, as in Popeye).
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub on_quiet: bool,
    /// Whether a capture en passant into the zone promotes (default true).
    /// `false`: it stays as it is, even where promotion is compulsory, as
    /// in Fairy-Stockfish.
    #[serde(default = "yes", deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_true")]
    pub en_passant: bool,
}

impl PromotionSpec {
    /// Whether promotion is compulsory on rank `rank` (counted from the
    /// owner's side, from 1) of its ranks.
    pub fn mandatory_on(&self, rank: u32) -> bool {
        match &self.mandatory_ranks {
            Some(ranks) => ranks.value.contains(&rank),
            None => self.mandatory.unwrap_or(true),
        }
    }
}

fn yes() -> bool {
    true
}

/// Pieces in hand: where they come from and where they may be dropped.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DropsSpec {
    /// Whether a piece captured by a move joins the captor's hand, as the
    /// piece it promoted from if it had promoted (default true).
    #[serde(default = "yes", deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_true")]
    pub captures_to_hand: bool,
    /// Whether a captured promoted piece joins the hand as the piece it
    /// promoted from (default true); `false`: as it stands, a queen as a
    /// queen, and promoted pieces are not marked (`~`).
    #[serde(default = "yes", deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_true")]
    pub demote_captured: bool,
    /// Whether a piece in hand may also be dropped as its promoted form
    /// (the piece whose `promoted_from` it is), written `+P@e4`.
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub drop_promoted: bool,
    /// Where pieces may be dropped, by piece; a piece no entry names may
    /// be dropped on any empty square.
    #[serde(default, deserialize_with = "lenient_list")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<DropZoneSpec>,
    /// Whether royal pieces may be held in hand and dropped too (a game
    /// whose kings start in hand).
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub hold_royal: bool,
    /// Letters of pieces dropped split over the square colours: a side's
    /// pieces of each such kind, on the board and in hand, are kept as
    /// evenly as possible on light and dark squares (`"B"`).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_colours: Option<Spanned<String>>,
    /// Whether the hands are endless: every kind that may be held may be
    /// dropped at any time, and no hand is counted or written in the FEN
    /// (Fairy-Stockfish's `freeDrops`).
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub free: bool,
    /// Whether a piece in hand may enter, as part of a move, on the square
    /// a piece holding a gating right leaves (Fairy-Stockfish's
    /// `seirawanGating`); the rights are the FEN's file letters in the
    /// castling field.
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub gating: bool,
    /// Whether pieces in hand may be dropped as moves of their own
    /// (default true); `false` leaves them only gating (Seirawan chess).
    #[serde(default = "yes", deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_true")]
    pub drop_moves: bool,
}

/// The squares some pieces may be dropped on.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DropZoneSpec {
    /// Letters of the pieces (`"P"`).
    pub pieces: Spanned<String>,
    /// A set of squares, read for the side that drops (`"ranks(2..7)"`);
    /// only its empty squares count.
    pub squares: Spanned<String>,
}

/// One castling move, written from White's side.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSpec {
    /// The FEN castling-rights letter for White (`K`); Black uses its lower case.
    pub fen: Spanned<char>,
    /// The king's square before castling. Default: where the royal piece
    /// (or `king_piece`) stands on the rank of `king_to` in the start position.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub king: Option<Spanned<String>>,
    /// The king's square after castling.
    pub king_to: Spanned<String>,
    /// The rook's square before castling. Default: the outermost `rook_piece`
    /// on `side` of the king, on its rank, in the start position.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rook: Option<Spanned<String>>,
    /// The rook's square after castling.
    pub rook_to: Spanned<String>,
    /// Which side of the king the rook stands on, when `rook` is not given.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<CastlingSide>,
    /// The letter of the castling king, when `king` is not given (default:
    /// the royal piece).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub king_piece: Option<Spanned<char>>,
    /// The letter of the castling rook, when `rook` is not given.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rook_piece: Option<Spanned<char>>,
    /// Pieces that may come along, each optionally, keeping their place
    /// relative to the king, if they have not moved.
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carry: Option<CarrySpec>,
    /// The other side's castling rights this castling takes away: letters
    /// of the variant's rules as written (`"K"`: once one side castles so,
    /// the other may no longer castle by `K`).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub takes: Option<Spanned<String>>,
    /// Whether the right is also gained by a drop: a drop of the king on
    /// `king` or of the rook on `rook` while the other stands on its square.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_drop: Option<Spanned<bool>>,
}

/// A random start position: the pieces shuffled onto the template's `?`
/// squares under rules; Black mirrors White.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    /// A FEN whose White `?` squares receive `pieces` and whose Black `?`
    /// squares (the same files, mirrored ranks) receive the same pieces.
    pub template: Spanned<String>,
    /// White's pieces to shuffle, one letter each: `"QABBCNNKRR"`.
    pub pieces: Spanned<String>,
    /// Constraints, each a setup rule (docs/setup.md).
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<Spanned<String>>,
    /// Pieces placed relative to a shuffled piece afterwards.
    #[serde(default, deserialize_with = "lenient_list")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub place: Vec<PlaceSpec>,
}

/// Pieces placed relative to a shuffled piece, after the shuffle.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceSpec {
    /// The letter placed (`'M'`), one per offset.
    pub piece: Spanned<char>,
    /// The shuffled piece it is placed relative to (`'K'`).
    pub near: Spanned<char>,
    /// (files, ranks) offsets from that piece, seen from White.
    #[serde(deserialize_with = "lenient")]
    pub offsets: Vec<(i32, i32)>,
}

/// How castling moves and rights are written.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum CastlingNotation {
    /// The king's move in UCI (`e1g1`; the king taking its rook when it
    /// moves one square or none), the rules' letters in FEN (`KQkq`, a
    /// file letter for a rook that is not the outermost).
    #[default]
    Standard,
    /// The king taking its own rook in UCI (`e1h1`), the rook's file in
    /// FEN (`HAha`, Shredder-FEN).
    KingTakesRook,
}

/// A count of moves towards a limit (docs/format.md, Counting): after every
/// move a running count goes up by one, then the first entry of `starts`
/// that applies starts it afresh, with the limit the first of `limits`
/// that holds for the counting side gives.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CountingSpec {
    /// `"condition: N"`, read for the counting side as `own`, in order:
    /// the first that holds gives its limit, N moves (0: that side may not
    /// start a count); when none holds, the limit is 0.
    pub limits: Vec<Spanned<String>>,
    /// When a count starts, tried in order after every move.
    pub starts: Vec<CountStartSpec>,
}

/// One way a count starts (docs/format.md, Counting).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CountStartSpec {
    /// The side that counts: the one that just moved or the one to move.
    pub side: CountingSide,
    /// The condition, read for the counting side as `own`
    /// (`before(...)` reads the position before the move, for the side
    /// that made it). Default: always.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<Spanned<String>>,
    /// Only while no count runs.
    #[serde(default)]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub idle: bool,
    /// The plies counted already when it starts, before `per_piece`.
    #[serde(default)]
    #[serde(skip_serializing_if = "skip::is_zero")]
    pub plies: i32,
    /// Plies counted already for each piece on the board.
    #[serde(default)]
    #[serde(skip_serializing_if = "skip::is_zero")]
    pub per_piece: u32,
}

/// One side of the board, by colour.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum SideSpec {
    /// White.
    #[default]
    White,
    /// Black.
    Black,
}

/// Which side a count starts for.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum CountingSide {
    /// The side that made the move.
    Mover,
    /// The side to move after it.
    ToMove,
}

/// Which side of the king a castling rook stands on.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum CastlingSide {
    /// Towards the a-file.
    Left,
    /// Towards the last file.
    Right,
}

/// Pieces that may castle along with the king.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CarrySpec {
    /// Their letter (`'M'`).
    pub piece: Spanned<char>,
    /// Where they stand relative to the king's start, in (files, ranks)
    /// seen from White: `[(-1, -1), (1, -1)]` is diagonally behind.
    #[serde(deserialize_with = "lenient")]
    pub offsets: Vec<(i32, i32)>,
}

/// An action: something a piece (or a side) may do instead of a move.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    /// The action's name, used in move notation (`e1e1@blast`).
    pub name: Spanned<String>,
    /// A Betza template whose moves are the action's targets (as for a
    /// move: `m` needs an empty target, `c` an enemy piece there).
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Spanned<String>>,
    /// A square set whose squares are the action's targets: `"all - shielded"`.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Spanned<String>>,
    /// Whether the piece stays on its square (default: it moves to the
    /// target with `moves`, stays with `target`).
    #[serde(default, deserialize_with = "lenient_option")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stays: Option<bool>,
    /// Each side may take the action once per game.
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub once: bool,
    /// A condition for taking the action: `"count(any) >= 16"`.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<Spanned<String>>,
    /// What happens: effect sentences separated by `;`.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<Spanned<String>>,
    /// The piece stays and compels the piece on the target to make one of
    /// its own moves or actions (not a compelling one).
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub compel: bool,
    /// The piece promotes (one move per promotion choice); with `target:
    /// "origin"` it promotes standing still.
    #[serde(default, deserialize_with = "lenient")]
    #[serde(skip_serializing_if = "skip::is_false")]
    pub promotes: bool,
    /// How the game record writes the action, with `{origin}`, `{target}`,
    /// `{promotion}` (the letter promoted to) and `{removed}` (the squares
    /// of every piece it removed):
    /// `"(****){target}:{removed}"`.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<Spanned<String>>,
}

/// Rights a piece takes away (`takes_rights: (of: "K", along: "R")`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TakesRightsSpec {
    /// Letters of the enemy kinds whose rights it takes.
    pub of: Spanned<String>,
    /// Betza template of the lines it takes them along, on an empty board.
    pub along: Spanned<String>,
}

/// A shield: squares around a piece protected from some effects.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ShieldSpec {
    /// Squares within this many king steps of the piece (its own included).
    pub radius: Spanned<u32>,
    /// The effects it protects from: `["remove", "block"]` (also `push`, `bounce`).
    #[serde(deserialize_with = "lenient")]
    pub against: Vec<Spanned<String>>,
}
