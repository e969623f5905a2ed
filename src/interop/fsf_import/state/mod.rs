//! The rules of one Fairy-Stockfish variant as its options build them up:
//! a section's options are applied on top of its parent's state, in the
//! order Fairy-Stockfish applies them (pieces first, in piece-type order).
//! Options kaboom cannot express are kept with their place, so that the
//! conversion can refuse naming them.

mod capture_options;
mod castling_options;
mod drop_options;
mod enclosing_options;
mod end_options;
mod move_options;
mod promotion_options;
mod read;
mod unsupported;

pub use enclosing_options::{Enclosing, Othello};
pub use unsupported::gap_of;

use super::builtin_pieces::{PAWN, builtin_pieces, king_index, slot_count, slot_name, slot_of};
use crate::interop::ini::Entry;
use crate::lang::effect_syntax::EndOutcome;
use std::collections::BTreeMap;
use unsupported::{DISPLAY_ONLY, UNSUPPORTED};

/// An option's name and the field of [`State`] it sets.
type Setter<T> = (&'static str, fn(&mut State) -> &mut T);

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
    /// `dupleCheck`: a side with several pseudo-royal candidates (pieces of
    /// the extinction types) may not leave all of them attacked, and is in
    /// check when all are.
    pub duple_check: bool,
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
    /// `moveRepetitionIllegal`: the side that moves a piece back and forth
    /// for the fifth time loses (`4 shuttles`).
    pub move_repetition_loses: bool,
    /// `materialCounting = whitedrawodds` / `blackdrawodds`: the game end
    /// that would be drawn by stalemate, the move rule or repetition is a
    /// win of that side (`white wins`, `black wins`).
    pub draw_winner: Option<EndOutcome>,
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
    /// `shatarMateRule`: a mate's result depends on the series of checks
    /// that led to it (see `check_series`).
    pub check_series_mate: bool,
    /// `sittuyinRookDrop`: the `rook` piece is dropped on the side's first
    /// rank only (within its drop region).
    pub rook_first_rank_drops: bool,
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
    /// `bikjangRule`: while the kings face each other (along a file or a
    /// rank, nothing between), a move must end it or be a pass, which the
    /// check does not stop; a pass answering it ends the game as a draw.
    pub bikjang: bool,
    /// `makpongRule = true`, where it was written: a king in check may
    /// move only to capture its one checker.
    pub makpong: Option<Origin>,
    /// `checkCounting`: a side that has given its checks (the FEN's
    /// `3+3`) wins.
    pub check_counting: bool,
    /// `pieceDrops`: pieces in hand may be dropped.
    pub piece_drops: bool,
    /// `dropChecks`: a drop may give check.
    pub drop_checks: bool,
    /// `gating`: the FEN's castling field holds gating rights (file
    /// letters of first-rank pieces).
    pub gating: bool,
    /// `seirawanGating`: a piece in hand may enter on the square a piece
    /// holding a gating right leaves, as part of its move.
    pub seirawan_gating: bool,
    /// `cambodianMoves`: the king's and the fers's first leaps, held by
    /// their gating rights; a rook aiming at the enemy king takes its right.
    pub right_moves: bool,
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
    /// piece (`reversi`, `ataxx`, `snort`: [`Othello::drop`]).
    pub drop_on_top_of_pieces: bool,
    /// `enclosingDrop = anyside`: a piece enters from an edge of the board
    /// and slides in (Fairy-Stockfish's squares, whatever the drop region).
    pub drop_from_any_side: bool,
    /// `promotionZonePawnDrops`: pawns may be dropped in their promotion zone.
    pub promotion_zone_pawn_drops: bool,
    /// The Othello- and Ataxx-style rules (enclosing drops, flips, endless
    /// hands, counted ends).
    pub othello: Othello,
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
    /// `flagPieceBlockedWin`: a side with a flag piece in its region has
    /// also reached it when every square of the region is occupied.
    pub flag_piece_blocked_win: bool,
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
            slots: super::builtin_pieces::default_promotion().to_vec(),
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
            duple_check: false,
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
            move_repetition_loses: false,
            draw_winner: None,
            counting_rule: None,
            n_fold_absolute: false,
            pass: [false; 2],
            pass_on_stalemate: [false; 2],
            drop_no_doubled: None,
            drop_no_doubled_count: 1,
            pawn_drop_mate_loses: false,
            check_series_mate: false,
            rook_first_rank_drops: false,
            mobility: vec![[None, None]; slot_count()],
            soldier_rank: 1,
            en_passant_region: [None, None],
            flying_general: false,
            bikjang: false,
            makpong: None,
            check_counting: false,
            piece_drops: false,
            drop_checks: true,
            gating: false,
            seirawan_gating: false,
            right_moves: false,
            captures_to_hand: false,
            drop_region: [None, None],
            first_rank_pawn_drops: false,
            drop_loop: false,
            drop_promoted: false,
            drop_on_top_of_pieces: false,
            drop_from_any_side: false,
            promotion_zone_pawn_drops: false,
            othello: Othello::default(),
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
            flag_piece_blocked_win: false,
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

impl State {
    /// Letters (upper case) of the slots of `t` that are in use, in slot
    /// order.
    pub fn letters(&self, t: &Types) -> String {
        let mut slots: Vec<usize> = if t.all {
            (0..self.pieces.len()).collect()
        } else {
            t.slots.clone()
        };
        slots.sort_unstable();
        slots
            .iter()
            .filter_map(|&s| self.pieces[s].as_ref())
            .map(|p| p.letter.to_ascii_uppercase())
            .collect()
    }

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

    /// Applies one option (not the board's size, not a piece), by topic.
    fn apply_option(&mut self, e: &Entry, o: Origin) {
        if e.key == "startFen" {
            self.start_fen = e.value.clone();
            self.start_origin = Some(o);
            return;
        }
        let read = enclosing_options::apply(self, e, &o)
            || promotion_options::apply(self, e, &o)
            || move_options::apply(self, e, &o)
            || drop_options::apply(self, e, &o)
            || castling_options::apply(self, e, &o)
            || capture_options::apply(self, e, &o)
            || end_options::apply(self, e, &o);
        if read || DISPLAY_ONLY.contains(&e.key.as_str()) {
            return;
        }
        // An option kaboom cannot express, unless set to the value that
        // leaves the rules unchanged.
        let key = e.key.as_str();
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

    /// Applies `e` if it is one of the yes/no options of `flags` (each
    /// with the field it sets); false if it is none of them.
    fn apply_flag(&mut self, flags: &[Setter<bool>], e: &Entry, o: &Origin) -> bool {
        let Some((_, field)) = flags.iter().find(|(k, _)| *k == e.key) else {
            return false;
        };
        if let Some(b) = self.boolean(o) {
            *field(self) = b;
        }
        true
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
