//! The rules of one Fairy-Stockfish variant as its options build them up:
//! a section's options are applied on top of its parent's state, in the
//! order Fairy-Stockfish applies them (pieces first, in piece-type order).
//! Options kaboom cannot express are kept with their place, so that the
//! conversion can refuse naming them.

use super::fsf_pieces::{PAWN, builtin_pieces, king_index, slot_count, slot_name, slot_of};
use super::ini::Entry;
use std::collections::BTreeMap;

/// Files and ranks Fairy-Stockfish's large-board build allows.
pub const MAX_FILES: u8 = 12;
/// Ranks Fairy-Stockfish's large-board build allows.
pub const MAX_RANKS: u8 = 10;

/// Where an option was written: the section (or built-in description) and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The option's name.
    pub option: String,
    /// Its value as written.
    pub value: String,
    /// The section it was written in.
    pub section: String,
    /// True if it comes from kaboom's description of a Fairy-Stockfish built-in variant.
    pub builtin: bool,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
}

/// A set of squares; bit `rank * 12 + file`.
pub type Squares = u128;

/// The square bit of a file and rank (0-based).
pub fn square(file: u8, rank: u8) -> Squares {
    1u128 << (rank as u32 * MAX_FILES as u32 + file as u32)
}

/// Fairy-Stockfish's `wallingRule`: which square the mover walls after
/// every move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WallingRule {
    /// No walls (`none`).
    None,
    /// The duck: the one wall moves to another empty square.
    Duck,
    /// A square the moved piece could move to from where it landed.
    Arrow,
    /// The square the moved piece left.
    Past,
    /// A square on the board's edge or next to a wall (orthogonally).
    Edge,
    /// Any empty square.
    Static,
}

/// A game result for the side to move, as the ini writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// `win`
    Win,
    /// `loss`
    Loss,
    /// `draw`
    Draw,
    /// `none`
    None,
}

impl Value {
    fn parse(s: &str) -> Option<Value> {
        Some(match s {
            "win" => Value::Win,
            "loss" => Value::Loss,
            "draw" => Value::Draw,
            "none" => Value::None,
            _ => return None,
        })
    }
}

/// One piece type slot in use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// Its letter (lower case, as the ini writes it).
    pub letter: char,
    /// Betza template of a custom piece (or a custom royal king).
    pub betza: Option<String>,
    /// Where it was defined.
    pub origin: Origin,
}

/// A set of piece types (slots), or every type (`*`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Types {
    /// `*`: every piece type.
    pub all: bool,
    /// Slots in the set.
    pub slots: Vec<usize>,
}

/// The variant's rules as far as the options have set them.
#[derive(Debug, Clone)]
pub struct State {
    /// The piece type slots in use.
    pub pieces: Vec<Option<Piece>>,
    /// Files (1-based count).
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// The start position, as written.
    pub start_fen: String,
    /// Where `startFen` was set.
    pub start_origin: Option<Origin>,
    /// Promotion regions per colour.
    pub promotion_region: [Squares; 2],
    /// Types that promote, per colour.
    pub promotion_pawns: [Types; 2],
    /// Types promoted to, per colour.
    pub promotion_choices: [Types; 2],
    /// Whether a pawn must promote.
    pub mandatory_promotion: bool,
    /// Types that reset the move-rule count.
    pub move_rule_types: [Types; 2],
    /// Whether pawns may double step.
    pub double_step: bool,
    /// Where initial (`i`) moves are allowed, per colour.
    pub double_step_region: [Squares; 2],
    /// Whether castling exists.
    pub castling: bool,
    /// `mustCapture`: a capture must be made when one is legal.
    pub must_capture: bool,
    /// `mustDrop`: while a drop is legal, no other move is.
    pub must_drop: bool,
    /// `dropOppositeColoredBishop`: bishops are dropped split over the
    /// square colours, and other drops leave them room.
    pub drop_opposite_coloured_bishop: bool,
    /// `castlingDroppedPiece`: dropping the castling king or a corner
    /// rook on its castling square gains the castling right.
    pub castling_dropped_piece: bool,
    /// `wallingRule`: where the mover puts a wall after every move.
    pub walling: WallingRule,
    /// `wallingRegionWhite`, `wallingRegionBlack`: where each side may put
    /// a wall (`None`: anywhere).
    pub walling_region: [Option<Squares>; 2],
    /// Where `wallingRule` was set.
    pub walling_origin: Option<Origin>,
    /// `wallOrMove`: a side either moves or puts up a wall (where
    /// `wallingRule` allows), not both; set where it was written.
    pub wall_or_move: Option<Origin>,
    /// `checking`: whether a move may give check.
    pub checking: bool,
    /// `extinctionPseudoRoyal`: the extinction piece types are pseudo-royal.
    pub pseudo_royal: bool,
    /// `blastOnCapture`: captures explode.
    pub blast: bool,
    /// `blastImmuneTypes`: piece types explosions spare.
    pub blast_immune: Types,
    /// `petrifyOnCaptureTypes`: piece types that turn into a wall when
    /// they capture.
    pub petrify: Types,
    /// `promotionLimit`: per piece slot, the most of it a side may have
    /// for a promotion to choose it.
    pub promotion_limit: Vec<(usize, u32)>,
    /// `promotedPieceType`: (slot, the slot it promotes to), in the order written.
    pub promoted_types: Vec<(usize, usize)>,
    /// `immobilityIllegal`: no move or drop may leave a piece where it
    /// could never move again (on an empty board).
    pub immobility_illegal: bool,
    /// `mandatoryPiecePromotion`: a piece with a promoted form must promote
    /// on a move into, out of or within the zone.
    pub mandatory_piece_promotion: bool,
    /// `piecePromotionOnCapture`: a piece with a promoted form promotes
    /// only on captures.
    pub piece_promotion_on_capture: bool,
    /// `pieceDemotion`: a promoted form may turn back into its piece on a
    /// move into, out of or within the zone.
    pub piece_demotion: bool,
    /// `perpetualCheckIllegal`: at a repetition, the side that gave check
    /// at every one of its moves since the position first stood loses.
    pub perpetual_check_loses: bool,
    /// `materialCounting = whitedrawodds` / `blackdrawodds`: the game end
    /// that would be drawn by stalemate, the move rule or repetition is a
    /// win of that side (`white wins`, `black wins`).
    pub draw_winner: Option<&'static str>,
    /// `countingRule`: the name of the counting rule (`data/fsf-counting.txt`
    /// describes each) and where it was set; `None` for `none`.
    pub counting_rule: Option<(String, Origin)>,
    /// `nFoldValueAbsolute`: the repetition's value is White's, whichever
    /// side is to move.
    pub n_fold_absolute: bool,
    /// `pass` (`passWhite`, `passBlack`): the side may pass, per side.
    pub pass: [bool; 2],
    /// `passOnStalemate` (and per side): the side passes only when it has
    /// no other legal move.
    pub pass_on_stalemate: [bool; 2],
    /// `dropNoDoubled`: the slot that may not be dropped on a file holding
    /// one of its side's pieces of it.
    pub drop_no_doubled: Option<usize>,
    /// `dropNoDoubledCount`: a file holding that many of the side's own
    /// `drop_no_doubled` pieces takes no more drops of it (default 1).
    pub drop_no_doubled_count: u32,
    /// `shogiPawnDropMateIllegal`: mate by a drop of the `shogiPawn` piece
    /// loses for the side that dropped.
    pub pawn_drop_mate_loses: bool,
    /// `mobilityRegionWhite<Piece>`, `mobilityRegionBlack<Piece>`: the
    /// squares a piece type may go to, per slot and colour.
    pub mobility: Vec<[Option<Squares>; 2]>,
    /// `soldierPromotionRank` (1-based): a soldier steps sideways from
    /// this rank on, only forward before it.
    pub soldier_rank: u8,
    /// `enPassantRegion`: the squares each side may capture en passant
    /// onto (`None`: everywhere, Fairy-Stockfish's default).
    pub en_passant_region: [Option<Squares>; 2],
    /// `flyingGeneral`: the kings may not face each other on an open file.
    pub flying_general: bool,
    /// `checkCounting`: a side that has given its checks (the FEN's
    /// `3+3`) wins.
    pub check_counting: bool,
    /// `pieceDrops`: pieces in hand may be dropped.
    pub piece_drops: bool,
    /// `capturesToHand`: a captured piece joins the captor's hand.
    pub captures_to_hand: bool,
    /// `dropRegionWhite`, `dropRegionBlack`: where drops may land, per
    /// colour (`None`: anywhere).
    pub drop_region: [Option<Squares>; 2],
    /// `firstRankPawnDrops`: pawns may be dropped on their first rank.
    pub first_rank_pawn_drops: bool,
    /// `dropLoop`: a captured promoted piece joins the hand as it stands.
    pub drop_loop: bool,
    /// `dropPromoted`: a piece in hand may also be dropped promoted.
    pub drop_promoted: bool,
    /// `enclosingDrop = top`: drops only on the first rank or on top of a
    /// piece (the other enclosing rules but `anyside` stay refused).
    pub drop_on_top_of_pieces: bool,
    /// `enclosingDrop = anyside`: a piece enters from an edge of the board
    /// and slides in (Fairy-Stockfish's squares, whatever the drop region).
    pub drop_from_any_side: bool,
    /// `promotionZonePawnDrops`: pawns may be dropped in their promotion zone.
    pub promotion_zone_pawn_drops: bool,
    /// The castling king's file when several castling kings stand on the rank (0-based).
    pub castling_king_file: u8,
    /// King's file after castling kingside (0-based).
    pub castling_kingside_file: u8,
    /// King's file after castling queenside.
    pub castling_queenside_file: u8,
    /// Castling rank, relative (0-based).
    pub castling_rank: u8,
    /// `castlingRookKingsideFile`: the file a FEN's `K` starts looking for
    /// its rook from, towards the a-file (`None`: the last file).
    pub castling_rook_kingside_file: Option<u8>,
    /// `castlingRookQueensideFile`: the file a FEN's `Q` starts looking
    /// for its rook from, towards the last file (0-based).
    pub castling_rook_queenside_file: u8,
    /// `stalematePieceCount`: stalemate is scored by the piece counts
    /// (fewer pieces: the stalemate's value; more: its opposite; equal: a draw).
    pub stalemate_piece_count: bool,
    /// `mutuallyImmuneTypes`: piece types that never capture their own type.
    pub mutually_immune: Types,
    /// `diagonalLines`: squares on which some piece types also move
    /// diagonally, kept to them.
    pub diagonal_lines: Squares,
    /// `oppositeCastling`: castling on one side (kingside, queenside)
    /// takes the opponent's right to castle on that side.
    pub opposite_castling: bool,
    /// `tripleStepRegionWhite`, `tripleStepRegionBlack`: where a pawn may
    /// also step three squares, per colour.
    pub triple_step_region: [Squares; 2],
    /// `castlingWins`: the castling rights (FEN letters) whose castling
    /// wins, and whose loss loses.
    pub castling_wins: String,
    /// `chess960`: castling finds its king and rook wherever they start
    /// (written king-takes-rook in UCI, rook files in FEN).
    pub chess960: bool,
    /// The castling king's type per colour.
    pub castling_king_piece: [Option<usize>; 2],
    /// Types that may castle as rooks, per colour.
    pub castling_rook_pieces: [Types; 2],
    /// Result of checkmate for the side to move.
    pub checkmate_value: Value,
    /// Result of stalemate for the side to move.
    pub stalemate_value: Value,
    /// n-move rule (0: none).
    pub n_move_rule: u32,
    /// n-fold repetition (0: none).
    pub n_fold_rule: u32,
    /// Result of a repetition for the side to move.
    pub n_fold_value: Value,
    /// Extinction result for the side to move.
    pub extinction_value: Value,
    /// Types watched for extinction.
    pub extinction_types: Types,
    /// Extinct at this many pieces or fewer.
    pub extinction_count: u32,
    /// ... while the opponent has at least this many.
    pub extinction_opponent_count: u32,
    /// Flag piece per colour (`None`: any piece).
    pub flag_piece: [Option<usize>; 2],
    /// Flag regions per colour.
    pub flag_region: [Squares; 2],
    /// Flag pieces needed in the region.
    pub flag_piece_count: u32,
    /// `flagMove`: the other side gets one more move after one reaches
    /// its flag region.
    pub flag_move: bool,
    /// `flagPieceSafe`: a flag piece counts only unattacked (when no more
    /// of them than needed stand in the region).
    pub flag_piece_safe: bool,
    /// `extinctionClaim`: the side to move's own extinction needs one more
    /// opponent piece (it may still bare the opponent in turn).
    pub extinction_claim: bool,
    /// `connectN`: this many pieces in a row end the game (0: no such goal).
    pub connect_n: u32,
    /// `collinearN`: this many pieces on one line end the game (0: no such goal).
    pub collinear_n: u32,
    /// `connectNxN`: this many by this many pieces in a square block end
    /// the game (0: no such goal).
    pub connect_nxn: u32,
    /// `connectPieceTypes`: the types whose pieces make a connection.
    pub connect_types: Types,
    /// `connectHorizontal`, `connectVertical`, `connectDiagonal`: the
    /// lines connections are read along.
    pub connect_lines: [bool; 3],
    /// `connectValue`: the result of a connection for the side that made
    /// it (Fairy-Stockfish checks it for the side that just moved).
    pub connect_value: Value,
    /// Options that change the rules in ways kaboom cannot express, with their places.
    pub unsupported: BTreeMap<String, Origin>,
    /// Values that could not be read.
    pub invalid: Vec<(Origin, String)>,
}

impl Default for State {
    fn default() -> Self {
        let queen_rook_bishop_knight = Types {
            all: false,
            slots: super::fsf_pieces::default_promotion().to_vec(),
        };
        let pawn = Types {
            all: false,
            slots: vec![PAWN],
        };
        State {
            pieces: vec![None; slot_count()],
            files: 8,
            ranks: 8,
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            start_origin: None,
            promotion_region: [rank_squares(7), rank_squares(0)],
            promotion_pawns: [pawn.clone(), pawn.clone()],
            promotion_choices: [queen_rook_bishop_knight.clone(), queen_rook_bishop_knight],
            mandatory_promotion: true,
            move_rule_types: [pawn.clone(), pawn],
            double_step: true,
            double_step_region: [rank_squares(1), rank_squares(6)],
            castling: true,
            must_capture: false,
            must_drop: false,
            drop_opposite_coloured_bishop: false,
            castling_dropped_piece: false,
            pseudo_royal: false,
            blast: false,
            blast_immune: Types::default(),
            petrify: Types::default(),
            walling: WallingRule::None,
            walling_region: [None, None],
            walling_origin: None,
            wall_or_move: None,
            checking: true,
            promotion_limit: Vec::new(),
            promoted_types: Vec::new(),
            immobility_illegal: false,
            mandatory_piece_promotion: false,
            piece_promotion_on_capture: false,
            piece_demotion: false,
            perpetual_check_loses: false,
            draw_winner: None,
            counting_rule: None,
            n_fold_absolute: false,
            pass: [false; 2],
            pass_on_stalemate: [false; 2],
            drop_no_doubled: None,
            drop_no_doubled_count: 1,
            pawn_drop_mate_loses: false,
            mobility: vec![[None, None]; slot_count()],
            soldier_rank: 1,
            en_passant_region: [None, None],
            flying_general: false,
            check_counting: false,
            piece_drops: false,
            captures_to_hand: false,
            drop_region: [None, None],
            first_rank_pawn_drops: false,
            drop_loop: false,
            drop_promoted: false,
            drop_on_top_of_pieces: false,
            drop_from_any_side: false,
            promotion_zone_pawn_drops: false,
            castling_king_file: 4,
            castling_kingside_file: 6,
            castling_queenside_file: 2,
            castling_rank: 0,
            castling_rook_kingside_file: None,
            castling_rook_queenside_file: 0,
            chess960: false,
            castling_wins: String::new(),
            triple_step_region: [0, 0],
            opposite_castling: false,
            diagonal_lines: 0,
            mutually_immune: Types::default(),
            stalemate_piece_count: false,
            castling_king_piece: [Some(king_index()), Some(king_index())],
            castling_rook_pieces: [
                Types {
                    all: false,
                    slots: vec![3],
                },
                Types {
                    all: false,
                    slots: vec![3],
                },
            ],
            checkmate_value: Value::Loss,
            stalemate_value: Value::Draw,
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold_value: Value::Draw,
            extinction_value: Value::None,
            extinction_types: Types::default(),
            extinction_count: 0,
            extinction_opponent_count: 0,
            flag_piece: [None, None],
            flag_region: [0, 0],
            flag_piece_count: 1,
            flag_move: false,
            flag_piece_safe: false,
            extinction_claim: false,
            connect_n: 0,
            collinear_n: 0,
            connect_nxn: 0,
            connect_types: Types {
                all: true,
                slots: Vec::new(),
            },
            connect_lines: [true; 3],
            connect_value: Value::Win,
            unsupported: BTreeMap::new(),
            invalid: Vec::new(),
        }
    }
}

/// Every square of a rank (0-based) on the widest board.
pub fn rank_squares(rank: u8) -> Squares {
    (0..MAX_FILES).fold(0, |acc, f| acc | square(f, rank))
}

/// Options that only change how a GUI or the engine's evaluation shows or
/// plays the variant, never its rules; they are read and ignored.
const DISPLAY_ONLY: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
    "endgameEval",
];

/// Options kaboom cannot express, with the value that leaves the rules
/// unchanged (an option set to it is accepted).
const UNSUPPORTED: &[(&str, &str)] = &[
    ("twoBoards", "false"),
    ("sittuyinPromotion", "false"),
    ("petrifyBlastPieces", "false"),
    ("enPassantTypes", ""),
    ("enPassantTypesWhite", ""),
    ("enPassantTypesBlack", ""),
    ("dropChecks", "true"),
    ("mustDropType", ""),
    ("dropOnTop", "false"),
    ("enclosingDropStart", ""),
    ("sittuyinRookDrop", "false"),
    ("gating", "false"),
    ("seirawanGating", "false"),
    ("cambodianMoves", "false"),
    ("pass", "false"),
    ("passWhite", "false"),
    ("passBlack", "false"),
    ("passOnStalemate", "false"),
    ("passOnStalemateWhite", "false"),
    ("passOnStalemateBlack", "false"),
    ("makpongRule", "false"),
    ("flipEnclosedPieces", "none"),
    ("moveRepetitionIllegal", "false"),
    ("chasingRule", "none"),
    ("shatarMateRule", "false"),
    ("bikjangRule", "false"),
    ("dupleCheck", "false"),
    ("flagPieceBlockedWin", "false"),
    ("connectRegion1White", ""),
    ("connectRegion2White", ""),
    ("connectRegion1Black", ""),
    ("connectRegion2Black", ""),
    ("adjudicateFullBoard", "false"),
    ("countingRule", "none"),
    ("kingType", "k"),
    ("freeDrops", "false"),
];

/// Why an unsupported option cannot be expressed, as a named gap of the rule language.
pub fn gap_of(option: &str) -> &'static str {
    let o = option;
    if o.contains("Drop")
        || o.contains("drop")
        || o == "pieceDrops"
        || o == "capturesToHand"
        || o == "mustDrop"
        || o == "mustDropType"
        || o == "gating"
        || o == "seirawanGating"
        || o == "freeDrops"
        || o == "enclosingDropStart"
    {
        "drops and hands"
    } else if o == "mustCapture" {
        "forced capture"
    } else if o == "checkCounting" || o == "dupleCheck" {
        "check counting"
    } else if o.starts_with("mobilityRegion")
        || o == "diagonalLines"
        || o == "soldierPromotionRank"
        || o.starts_with("enPassantRegion")
        || o.starts_with("tripleStep")
    {
        "regions"
    } else if o.starts_with("connect") || o == "collinearN" {
        "connection goals"
    } else if o.starts_with("walling") || o == "wallOrMove" {
        "walling (squares blocked by moves)"
    } else if o.starts_with("promot") || o == "sittuyinPromotion" || o.contains("Promotion") || o == "pieceDemotion" {
        "piece promotion rules"
    } else if o.starts_with("blast") || o.starts_with("petrify") || o == "mutuallyImmuneTypes" {
        "capture side effects (blast, petrify)"
    } else if o.starts_with("pass") {
        "passing"
    } else if o.starts_with("flag") {
        "flag rules beyond reaching a region"
    } else if o.contains("Repetition") || o.contains("perpetual") || o.contains("chasing") || o == "nFoldValueAbsolute"
    {
        "repetition rules"
    } else if o.starts_with("castling") || o == "oppositeCastling" || o == "chess960" {
        "castling rules"
    } else if o == "extinctionPseudoRoyal" {
        "pseudo-royal pieces"
    } else if o == "flyingGeneral" || o == "bikjangRule" {
        "facing kings rules"
    } else if o == "immobilityIllegal" {
        "moves to squares a piece can never leave"
    } else if o == "checking" {
        "moves that may not give check"
    } else if o == "flipEnclosedPieces" {
        "flipping enclosed pieces"
    } else if o.starts_with("customPiece") || o == "kingType" || o == "piece" {
        "piece movement"
    } else if o == "materialCounting" || o == "countingRule" || o == "adjudicateFullBoard" || o == "stalematePieceCount"
    {
        "counting and adjudication"
    } else {
        "other rules"
    }
}

impl State {
    /// The slot whose letter is `c` (either case).
    pub fn slot_of_letter(&self, c: char) -> Option<usize> {
        let c = c.to_ascii_lowercase();
        self.pieces
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| p.letter == c))
    }

    fn remove_letter(&mut self, c: char) {
        if let Some(slot) = self.slot_of_letter(c) {
            self.pieces[slot] = None;
        }
    }

    /// Applies one section's options on top of this state.
    pub fn apply(&mut self, section: &str, builtin: bool, entries: &[Entry]) {
        let last = |key: &str| entries.iter().rev().find(|e| e.key == key);
        let origin = |e: &Entry| Origin {
            option: e.key.clone(),
            value: e.value.clone(),
            section: section.to_string(),
            builtin,
            line: e.line,
            col: e.col,
        };
        // The board first, then the pieces in type order.
        if let Some(e) = last("maxRank") {
            match e.value.parse::<u8>() {
                Ok(n) if (1..=MAX_RANKS).contains(&n) => self.ranks = n,
                _ => self.invalid.push((origin(e), format!("ranks are 1 to {MAX_RANKS}"))),
            }
        }
        if let Some(e) = last("maxFile") {
            let v = e.value.as_str();
            let n = if v.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                v.parse::<u8>().ok()
            } else if v.len() == 1 {
                v.chars()
                    .next()
                    .filter(char::is_ascii_lowercase)
                    .map(|c| c as u8 - b'a' + 1)
            } else {
                None
            };
            match n {
                Some(n) if (1..=MAX_FILES).contains(&n) => self.files = n,
                _ => self
                    .invalid
                    .push((origin(e), format!("files are 1 to {MAX_FILES} or a to l"))),
            }
        }
        for slot in 0..slot_count() {
            let name = slot_name(slot);
            let Some(e) = last(&name) else { continue };
            let mut chars = e.value.chars();
            match chars.next() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let betza = e.value.split_once(':').map(|(_, b)| b.trim().to_string());
                    if slot >= builtin_pieces().len() && slot != king_index() && betza.is_none() {
                        self.invalid
                            .push((origin(e), "a custom piece needs `letter:Betza`".to_string()));
                    }
                    if slot < builtin_pieces().len() && e.value.len() > 1 {
                        self.unsupported.insert(name.clone(), origin(e));
                    }
                    self.remove_letter(c);
                    self.pieces[slot] = Some(Piece {
                        letter: c.to_ascii_lowercase(),
                        betza,
                        origin: origin(e),
                    });
                }
                Some('-') | None => self.pieces[slot] = None,
                Some(c) => self.invalid.push((origin(e), format!("`{c}` is not a piece letter"))),
            }
        }
        let mut rest: Vec<&Entry> = entries
            .iter()
            .filter(|e| slot_of(&e.key).is_none() && e.key != "maxRank" && e.key != "maxFile")
            .collect();
        rest.sort_by_key(|e| priority(&e.key));
        for e in rest {
            self.apply_option(e, origin(e));
        }
    }

    fn types(&mut self, o: &Origin) -> Option<Types> {
        let mut t = Types::default();
        for c in o.value.chars().filter(|c| !c.is_whitespace()) {
            if c == '-' {
                break;
            } else if c == '*' {
                t.all = true;
            } else if let Some(slot) = self.slot_of_letter(c) {
                if !t.slots.contains(&slot) {
                    t.slots.push(slot);
                }
            } else {
                self.invalid
                    .push((o.clone(), format!("`{c}` is not a piece letter of this variant")));
                return None;
            }
        }
        Some(t)
    }

    /// `g:1 a:1 r:2`: piece letters with counts.
    fn limits(&mut self, o: &Origin) -> Option<Vec<(usize, u32)>> {
        let mut out = Vec::new();
        for item in o.value.split_whitespace() {
            let parsed = item.split_once(':').and_then(|(letter, n)| {
                let mut chars = letter.chars();
                let c = chars.next().filter(|_| chars.next().is_none())?;
                Some((c, n.parse::<u32>().ok()?))
            });
            let Some((c, n)) = parsed else {
                self.invalid
                    .push((o.clone(), format!("`{item}` is not a piece letter and a count (`q:1`)")));
                return None;
            };
            let Some(slot) = self.slot_of_letter(c) else {
                self.invalid
                    .push((o.clone(), format!("`{c}` is not a piece letter of this variant")));
                return None;
            };
            out.push((slot, n));
        }
        Some(out)
    }

    fn one_type(&mut self, o: &Origin) -> Option<Option<usize>> {
        let t = self.types(o)?;
        if t.all {
            return Some(None);
        }
        match t.slots.as_slice() {
            [slot] => Some(Some(*slot)),
            _ => {
                self.invalid.push((o.clone(), "expected one piece letter".to_string()));
                None
            }
        }
    }

    fn squares(&mut self, o: &Origin) -> Option<Squares> {
        let mut set = 0;
        for token in o.value.split_whitespace() {
            if token == "-" {
                break;
            }
            let bytes = token.as_bytes();
            let parsed = if token.ends_with('*') && bytes.len() == 2 && bytes[0].is_ascii_lowercase() {
                let f = bytes[0] - b'a';
                (f < MAX_FILES).then(|| (0..MAX_RANKS).fold(0, |acc, r| acc | square(f, r)))
            } else if let Some(r) = token.strip_prefix('*') {
                r.parse::<u8>()
                    .ok()
                    .filter(|r| (1..=MAX_RANKS).contains(r))
                    .map(|r| rank_squares(r - 1))
            } else if bytes.len() > 1 && bytes[0].is_ascii_alphabetic() {
                let f = bytes[0].to_ascii_lowercase() - b'a';
                token[1..]
                    .parse::<u8>()
                    .ok()
                    .filter(|r| (1..=MAX_RANKS).contains(r) && f < MAX_FILES)
                    .map(|r| square(f, r - 1))
            } else {
                None
            };
            match parsed {
                Some(s) => set |= s,
                None => {
                    self.invalid
                        .push((o.clone(), format!("`{token}` is not a square, `a*` or `*1`")));
                    return None;
                }
            }
        }
        Some(set)
    }

    fn boolean(&mut self, o: &Origin) -> Option<bool> {
        match o.value.as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => {
                self.invalid.push((o.clone(), "expected `true` or `false`".to_string()));
                None
            }
        }
    }

    fn number(&mut self, o: &Origin) -> Option<u32> {
        match o.value.parse::<u32>() {
            Ok(n) if n <= 100_000 => Some(n),
            _ => {
                self.invalid
                    .push((o.clone(), "expected a whole number up to 100000".to_string()));
                None
            }
        }
    }

    fn value(&mut self, o: &Origin) -> Option<Value> {
        let v = Value::parse(&o.value);
        if v.is_none() {
            self.invalid
                .push((o.clone(), "expected win, loss, draw or none".to_string()));
        }
        v
    }

    fn file(&mut self, o: &Origin) -> Option<u8> {
        let v = o.value.as_str();
        let n = if v.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            v.parse::<u8>().ok().filter(|n| *n >= 1).map(|n| n - 1)
        } else if v.len() == 1 {
            v.chars()
                .next()
                .filter(char::is_ascii_lowercase)
                .map(|c| c as u8 - b'a')
        } else {
            None
        };
        let n = n.filter(|n| *n < MAX_FILES);
        if n.is_none() {
            self.invalid
                .push((o.clone(), "expected a file (a to l, or 1 to 12)".to_string()));
        }
        n
    }

    fn apply_option(&mut self, e: &Entry, o: Origin) {
        match e.key.as_str() {
            "startFen" => {
                self.start_fen = e.value.clone();
                self.start_origin = Some(o);
            }
            "promotionRank" => {
                if let Some(r) = self.number(&o).filter(|r| (1..=MAX_RANKS as u32).contains(r)) {
                    let r = r as u8 - 1;
                    let ranks = self.ranks;
                    self.promotion_region[0] = (r..ranks).fold(0, |a, k| a | rank_squares(k));
                    self.promotion_region[1] = (0..ranks.saturating_sub(r)).fold(0, |a, k| a | rank_squares(k));
                }
            }
            "promotionRegionWhite" => {
                if let Some(s) = self.squares(&o) {
                    self.promotion_region[0] = s;
                }
            }
            "promotionRegionBlack" => {
                if let Some(s) = self.squares(&o) {
                    self.promotion_region[1] = s;
                }
            }
            "pawnTypes" => {
                if let Some(t) = self.types(&o) {
                    self.promotion_pawns = [t.clone(), t.clone()];
                    self.move_rule_types = [t.clone(), t];
                }
            }
            "promotionPawnTypes" | "promotionPawnTypesWhite" | "promotionPawnTypesBlack" => {
                if let Some(t) = self.types(&o) {
                    for &c in colours(&e.key) {
                        self.promotion_pawns[c] = t.clone();
                    }
                }
            }
            "promotionPieceTypes" | "promotionPieceTypesWhite" | "promotionPieceTypesBlack" => {
                if let Some(t) = self.types(&o) {
                    for &c in colours(&e.key) {
                        self.promotion_choices[c] = t.clone();
                    }
                }
            }
            "mandatoryPawnPromotion" => {
                if let Some(b) = self.boolean(&o) {
                    self.mandatory_promotion = b;
                }
            }
            "nMoveRuleTypes" | "nMoveRuleTypesWhite" | "nMoveRuleTypesBlack" => {
                if let Some(t) = self.types(&o) {
                    for &c in colours(&e.key) {
                        self.move_rule_types[c] = t.clone();
                    }
                }
            }
            "doubleStep" => {
                if let Some(b) = self.boolean(&o) {
                    self.double_step = b;
                }
            }
            "doubleStepRegionWhite" => {
                if let Some(s) = self.squares(&o) {
                    self.double_step_region[0] = s;
                }
            }
            "doubleStepRegionBlack" => {
                if let Some(s) = self.squares(&o) {
                    self.double_step_region[1] = s;
                }
            }
            "doubleStepRank" => {
                if let Some(r) = self.number(&o).filter(|r| (1..=MAX_RANKS as u32).contains(r)) {
                    let r = r as u8 - 1;
                    self.double_step_region = [rank_squares(r), rank_squares(self.ranks.saturating_sub(r + 1))];
                }
            }
            "castling" => {
                if let Some(b) = self.boolean(&o) {
                    self.castling = b;
                }
            }
            "mustCapture" => {
                if let Some(b) = self.boolean(&o) {
                    self.must_capture = b;
                }
            }
            // Gravity (`top`) and entering from an edge (`anyside`) are
            // drop zones; the other enclosing rules (reversi, ataxx,
            // snort) are refused.
            "enclosingDrop" => {
                self.drop_on_top_of_pieces = e.value == "top";
                self.drop_from_any_side = e.value == "anyside";
                if matches!(e.value.as_str(), "top" | "anyside" | "none") {
                    self.unsupported.remove("enclosingDrop");
                } else {
                    self.unsupported.insert("enclosingDrop".to_string(), o);
                }
            }
            "mustDrop" => {
                if let Some(b) = self.boolean(&o) {
                    self.must_drop = b;
                }
            }
            "dropOppositeColoredBishop" => {
                if let Some(b) = self.boolean(&o) {
                    self.drop_opposite_coloured_bishop = b;
                }
            }
            "castlingDroppedPiece" => {
                if let Some(b) = self.boolean(&o) {
                    self.castling_dropped_piece = b;
                }
            }
            // Each walling rule is a chosen block after every move.
            "wallingRule" => {
                self.walling_origin = Some(o.clone());
                self.walling = match e.value.as_str() {
                    "duck" => WallingRule::Duck,
                    "arrow" => WallingRule::Arrow,
                    "past" => WallingRule::Past,
                    "edge" => WallingRule::Edge,
                    "static" => WallingRule::Static,
                    "none" => WallingRule::None,
                    _ => {
                        self.invalid.push((
                            o,
                            "a walling rule is arrow, duck, edge, past, static or none".to_string(),
                        ));
                        return;
                    }
                };
            }
            "wallOrMove" => {
                if let Some(b) = self.boolean(&o) {
                    self.wall_or_move = b.then_some(o);
                }
            }
            "wallingRegion" | "wallingRegionWhite" | "wallingRegionBlack" => {
                if e.value.is_empty() || e.value == "-" {
                    for &c in colours(&e.key) {
                        self.walling_region[c] = None;
                    }
                } else if let Some(s) = self.squares(&o) {
                    for &c in colours(&e.key) {
                        self.walling_region[c] = Some(s);
                    }
                }
            }
            "checking" => {
                if let Some(b) = self.boolean(&o) {
                    self.checking = b;
                }
            }
            "extinctionPseudoRoyal" => {
                if let Some(b) = self.boolean(&o) {
                    self.pseudo_royal = b;
                }
            }
            "blastOnCapture" => {
                if let Some(b) = self.boolean(&o) {
                    self.blast = b;
                }
            }
            "blastImmuneTypes" => {
                if let Some(t) = self.types(&o) {
                    self.blast_immune = t;
                }
            }
            "petrifyOnCaptureTypes" => {
                if let Some(t) = self.types(&o) {
                    self.petrify = t;
                }
            }
            "promotedPieceType" => {
                let mut pairs = Vec::new();
                for item in o.value.split_whitespace() {
                    let pair = item.split_once(':').and_then(|(from, to)| {
                        let one = |s: &str| {
                            let mut chars = s.chars();
                            chars.next().filter(|_| chars.next().is_none())
                        };
                        // `x:-`: the type no longer promotes.
                        let to = match one(to)? {
                            '-' => None,
                            c => Some(self.slot_of_letter(c)?),
                        };
                        Some((self.slot_of_letter(one(from)?)?, to))
                    });
                    match pair {
                        Some(p) => pairs.push(p),
                        None => {
                            self.invalid.push((
                                o.clone(),
                                format!("`{item}` is not `<piece letter>:<piece letter or ->`"),
                            ));
                            pairs.clear();
                            break;
                        }
                    }
                }
                // Fairy-Stockfish sets the types named and keeps the
                // parent's other entries.
                for (from, to) in pairs {
                    match (to, self.promoted_types.iter_mut().find(|(f, _)| *f == from)) {
                        (Some(to), Some(entry)) => entry.1 = to,
                        (Some(to), None) => self.promoted_types.push((from, to)),
                        (None, _) => self.promoted_types.retain(|(f, _)| *f != from),
                    }
                }
            }
            "dropNoDoubled" => {
                if let Some(t) = self.types(&o) {
                    match t.slots.as_slice() {
                        [] => self.drop_no_doubled = None,
                        [slot] if !t.all => self.drop_no_doubled = Some(*slot),
                        _ => self.invalid.push((o.clone(), "name one piece letter".to_string())),
                    }
                }
            }
            "dropNoDoubledCount" => {
                if let Some(n) = self.number(&o) {
                    self.drop_no_doubled_count = n;
                }
            }
            "immobilityIllegal"
            | "shogiPawnDropMateIllegal"
            | "mandatoryPiecePromotion"
            | "piecePromotionOnCapture"
            | "pieceDemotion"
            | "perpetualCheckIllegal"
            | "nFoldValueAbsolute" => {
                if let Some(b) = self.boolean(&o) {
                    *match e.key.as_str() {
                        "immobilityIllegal" => &mut self.immobility_illegal,
                        "mandatoryPiecePromotion" => &mut self.mandatory_piece_promotion,
                        "piecePromotionOnCapture" => &mut self.piece_promotion_on_capture,
                        "pieceDemotion" => &mut self.piece_demotion,
                        "perpetualCheckIllegal" => &mut self.perpetual_check_loses,
                        "nFoldValueAbsolute" => &mut self.n_fold_absolute,
                        _ => &mut self.pawn_drop_mate_loses,
                    } = b;
                }
            }
            "pass"
            | "passWhite"
            | "passBlack"
            | "passOnStalemate"
            | "passOnStalemateWhite"
            | "passOnStalemateBlack" => {
                if let Some(b) = self.boolean(&o) {
                    let key = e.key.as_str();
                    let sides: &[usize] = if key.ends_with("White") {
                        &[0]
                    } else if key.ends_with("Black") {
                        &[1]
                    } else {
                        &[0, 1]
                    };
                    let field = if key.starts_with("passOnStalemate") {
                        &mut self.pass_on_stalemate
                    } else {
                        &mut self.pass
                    };
                    for &side in sides {
                        field[side] = b;
                    }
                }
            }
            "promotionLimit" => {
                if let Some(limits) = self.limits(&o) {
                    self.promotion_limit = limits;
                }
            }
            key if key.starts_with("mobilityRegionWhite") || key.starts_with("mobilityRegionBlack") => {
                let colour = usize::from(key.starts_with("mobilityRegionBlack"));
                let name = &key["mobilityRegionWhite".len()..];
                let mut chars = name.chars();
                let name: String = chars
                    .next()
                    .map(|c| c.to_ascii_lowercase())
                    .into_iter()
                    .chain(chars)
                    .collect();
                match super::fsf_pieces::slot_of(&name) {
                    Some(slot) if e.value.is_empty() || e.value == "-" => {
                        self.mobility[slot][colour] = None;
                        self.unsupported.remove(key);
                    }
                    Some(slot) => {
                        if let Some(s) = self.squares(&o) {
                            self.mobility[slot][colour] = Some(s);
                        }
                    }
                    None => {
                        self.unsupported.insert(key.to_string(), o);
                    }
                }
            }
            "enPassantRegion" | "enPassantRegionWhite" | "enPassantRegionBlack" => {
                if let Some(r) = self.squares(&o) {
                    for &c in colours(&e.key) {
                        self.en_passant_region[c] = Some(r);
                    }
                }
            }
            "soldierPromotionRank" => {
                if let Some(r) = self.number(&o).filter(|r| (1..=MAX_RANKS as u32).contains(r)) {
                    self.soldier_rank = r as u8;
                }
            }
            "pieceDrops"
            | "capturesToHand"
            | "firstRankPawnDrops"
            | "dropLoop"
            | "dropPromoted"
            | "promotionZonePawnDrops"
            | "checkCounting"
            | "flyingGeneral" => {
                if let Some(b) = self.boolean(&o) {
                    *match e.key.as_str() {
                        "flyingGeneral" => &mut self.flying_general,
                        "checkCounting" => &mut self.check_counting,
                        "pieceDrops" => &mut self.piece_drops,
                        "capturesToHand" => &mut self.captures_to_hand,
                        "firstRankPawnDrops" => &mut self.first_rank_pawn_drops,
                        "dropLoop" => &mut self.drop_loop,
                        "dropPromoted" => &mut self.drop_promoted,
                        _ => &mut self.promotion_zone_pawn_drops,
                    } = b;
                }
            }
            "dropRegionWhite" | "whiteDropRegion" | "dropRegionBlack" | "blackDropRegion" => {
                let colour = usize::from(e.key.contains("Black") || e.key.starts_with("black"));
                if e.value.is_empty() || e.value == "-" {
                    self.drop_region[colour] = None;
                } else if let Some(s) = self.squares(&o) {
                    self.drop_region[colour] = Some(s);
                }
            }
            "castlingKingsideFile" => {
                if let Some(f) = self.file(&o) {
                    self.castling_kingside_file = f;
                }
            }
            "castlingKingFile" => {
                if let Some(f) = self.file(&o) {
                    self.castling_king_file = f;
                }
            }
            "castlingQueensideFile" => {
                if let Some(f) = self.file(&o) {
                    self.castling_queenside_file = f;
                }
            }
            "castlingRookKingsideFile" => {
                if let Some(f) = self.file(&o) {
                    self.castling_rook_kingside_file = Some(f);
                }
            }
            "castlingRookQueensideFile" => {
                if let Some(f) = self.file(&o) {
                    self.castling_rook_queenside_file = f;
                }
            }
            "stalematePieceCount" => {
                if let Some(b) = self.boolean(&o) {
                    self.stalemate_piece_count = b;
                }
            }
            "mutuallyImmuneTypes" => {
                if let Some(t) = self.types(&o) {
                    self.mutually_immune = t;
                }
            }
            "diagonalLines" => {
                if let Some(s) = self.squares(&o) {
                    self.diagonal_lines = s;
                }
            }
            "oppositeCastling" => {
                if let Some(b) = self.boolean(&o) {
                    self.opposite_castling = b;
                }
            }
            "tripleStepRegionWhite" | "tripleStepRegionBlack" => {
                if let Some(s) = self.squares(&o) {
                    self.triple_step_region[usize::from(e.key.ends_with("Black"))] = s;
                }
            }
            "castlingWins" => {
                let letters: String = e.value.chars().filter(|c| !c.is_whitespace()).collect();
                if letters == "-" || letters.is_empty() {
                    self.castling_wins.clear();
                } else if letters.chars().all(|c| "KQkq".contains(c)) {
                    self.castling_wins = letters;
                } else {
                    self.invalid
                        .push((o.clone(), "expected castling rights (K, Q, k, q)".to_string()));
                }
            }
            "chess960" => {
                if let Some(b) = self.boolean(&o) {
                    self.chess960 = b;
                }
            }
            "castlingRank" => {
                if let Some(r) = self.number(&o).filter(|r| (1..=MAX_RANKS as u32).contains(r)) {
                    self.castling_rank = r as u8 - 1;
                }
            }
            "castlingKingPiece" | "castlingKingPieceWhite" | "castlingKingPieceBlack" => {
                if let Some(t) = self.one_type(&o) {
                    for &c in colours(&e.key) {
                        self.castling_king_piece[c] = t;
                    }
                }
            }
            "castlingRookPiece" | "castlingRookPieces" | "castlingRookPiecesWhite" | "castlingRookPiecesBlack" => {
                if let Some(t) = self.types(&o) {
                    for &c in colours(&e.key) {
                        self.castling_rook_pieces[c] = t.clone();
                    }
                }
            }
            "checkmateValue" => {
                if let Some(v) = self.value(&o) {
                    self.checkmate_value = v;
                }
            }
            "stalemateValue" => {
                if let Some(v) = self.value(&o) {
                    self.stalemate_value = v;
                }
            }
            "nMoveRule" => {
                if let Some(n) = self.number(&o) {
                    self.n_move_rule = n;
                }
            }
            "materialCounting" => match e.value.as_str() {
                "none" => {
                    self.draw_winner = None;
                    self.unsupported.remove("materialCounting");
                }
                "whitedrawodds" | "blackdrawodds" => {
                    self.draw_winner = Some(if e.value.starts_with('w') {
                        "white wins"
                    } else {
                        "black wins"
                    });
                    self.unsupported.remove("materialCounting");
                }
                _ => {
                    self.draw_winner = None;
                    self.unsupported.insert("materialCounting".to_string(), o);
                }
            },
            "countingRule" => {
                self.counting_rule = (e.value != "none").then(|| (e.value.clone(), o));
            }
            "nFoldRule" => {
                if let Some(n) = self.number(&o) {
                    self.n_fold_rule = n;
                }
            }
            "nFoldValue" => {
                if let Some(v) = self.value(&o) {
                    self.n_fold_value = v;
                }
            }
            "extinctionValue" => {
                if let Some(v) = self.value(&o) {
                    self.extinction_value = v;
                }
            }
            "extinctionPieceTypes" => {
                if let Some(t) = self.types(&o) {
                    self.extinction_types = t;
                }
            }
            "extinctionPieceCount" => {
                if let Some(n) = self.number(&o) {
                    self.extinction_count = n;
                }
            }
            "extinctionOpponentPieceCount" => {
                if let Some(n) = self.number(&o) {
                    self.extinction_opponent_count = n;
                }
            }
            "flagPiece" | "flagPieceWhite" | "flagPieceBlack" => {
                if let Some(t) = self.one_type(&o) {
                    for &c in colours(&e.key) {
                        self.flag_piece[c] = t;
                    }
                }
            }
            "flagRegion" | "flagRegionWhite" | "whiteFlag" | "flagRegionBlack" | "blackFlag" => {
                if let Some(s) = self.squares(&o) {
                    let which: &[usize] = match e.key.as_str() {
                        "flagRegion" => &[0, 1],
                        "flagRegionWhite" | "whiteFlag" => &[0],
                        _ => &[1],
                    };
                    for &c in which {
                        self.flag_region[c] = s;
                    }
                }
            }
            "flagPieceSafe" => {
                if let Some(b) = self.boolean(&o) {
                    self.flag_piece_safe = b;
                }
            }
            "flagMove" => {
                if let Some(b) = self.boolean(&o) {
                    self.flag_move = b;
                }
            }
            "extinctionClaim" => {
                if let Some(b) = self.boolean(&o) {
                    self.extinction_claim = b;
                }
            }
            "flagPieceCount" => {
                if let Some(n) = self.number(&o) {
                    self.flag_piece_count = n.max(1);
                }
            }
            "connectN" | "collinearN" | "connectNxN" => {
                if let Some(n) = self.number(&o) {
                    match e.key.as_str() {
                        "connectN" => self.connect_n = n,
                        "collinearN" => self.collinear_n = n,
                        _ => self.connect_nxn = n,
                    }
                }
            }
            "connectPieceTypes" => {
                if let Some(t) = self.types(&o) {
                    self.connect_types = t;
                }
            }
            "connectHorizontal" | "connectVertical" | "connectDiagonal" => {
                if let Some(b) = self.boolean(&o) {
                    let i = match e.key.as_str() {
                        "connectHorizontal" => 0,
                        "connectVertical" => 1,
                        _ => 2,
                    };
                    self.connect_lines[i] = b;
                }
            }
            "connectValue" => {
                if let Some(v) = self.value(&o) {
                    self.connect_value = v;
                }
            }
            key if DISPLAY_ONLY.contains(&key) => {}
            key => {
                let neutral = UNSUPPORTED.iter().find(|(k, _)| *k == key).map(|(_, d)| *d);
                let is_neutral = match neutral {
                    Some(d) => e.value == d || (d.is_empty() && e.value == "-"),
                    None => key.starts_with("mobilityRegion") && (e.value.is_empty() || e.value == "-"),
                };
                if is_neutral {
                    self.unsupported.remove(key);
                } else {
                    self.unsupported.insert(key.to_string(), o);
                }
            }
        }
    }
}

/// Colour indices an option name applies to (`...White`: 0, `...Black`: 1, else both).
fn colours(key: &str) -> &'static [usize] {
    if key.ends_with("White") {
        &[0]
    } else if key.ends_with("Black") {
        &[1]
    } else {
        &[0, 1]
    }
}

/// The order Fairy-Stockfish reads options in: deprecated forms first,
/// then `pawnTypes`, then options for both colours before per-colour ones.
fn priority(key: &str) -> u8 {
    match key {
        "promotionRank" | "doubleStepRank" | "doubleStepRankMin" | "whiteFlag" | "blackFlag" | "castlingRookPiece"
        | "whiteDropRegion" | "blackDropRegion" => 0,
        "pawnTypes" => 1,
        k if k.ends_with("White") || k.ends_with("Black") => 3,
        _ => 2,
    }
}
