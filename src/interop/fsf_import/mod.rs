//! `kaboom import`'s library side: every section of a Fairy-Stockfish
//! `variants.ini`, inheritance resolved (within the file, else among
//! Fairy-Stockfish's built-in variants described in
//! `data/fsf-builtins.ini`), converted to a kaboom variant file that loads,
//! or refused with the options kaboom cannot express.
//!
//! The importer is a small compiler: [`state`] reads a section's options
//! (on top of its parents') into Fairy-Stockfish's rules, and `convert`
//! runs one pass per concern over them (the start position, royalty,
//! pieces, promotion, drops, castling, petrification, walling, endings
//! with counting), each returning the typed part of the variant file it
//! builds (the `spec` values) with every refusal it found, and assembles
//! a `VariantFile`; `write` writes it with the
//! one writer of variant files (`kaboom fmt`'s canonical form). Refusals
//! live in a leaf module (`refusal`) that every pass imports.

mod absent_pieces;
mod adjudication;
mod bikjang;
mod builtin_pieces;
mod castles;
mod check_series;
mod connect_regions;
mod convert;
mod counting_rule;
mod en_passant_ranks;
mod enclosing;
mod flag_reach;
mod form_fields;
mod game_end;
mod hands;
mod held_rights;
mod lame;
mod makpong;
mod move_repetition;
mod pawn_forms;
mod petrify;
mod pieces;
mod promoted_forms;
mod promotions;
mod refusal;
mod royal_forms;
mod royalty;
mod rule_trees;
mod short_rides;
mod sided_forms;
mod sided_mobility;
mod spec_values;
mod square_sets;
mod start_fen;
pub(crate) mod state;
#[cfg(test)]
mod test_support;
mod walling;
mod write;

pub(crate) use adjudication::{DrawAt, weighed_rules, weight as janggi_weight};
pub(crate) use bikjang::{
    answered as bikjang_answered, check as plain_check, check_clause as bikjang_check, facing_clause as bikjang_facing,
};
pub(crate) use builtin_pieces::{BuiltinPiece, Movement, builtin_pieces};
pub(crate) use en_passant_ranks::en_passant_ranks;
pub(crate) use flag_reach::reached_text as flag_reached;
pub(crate) use game_end::castling_wins_text;
pub(crate) use makpong::CLAUSE as MAKPONG;
pub(crate) use petrify::{Castle, royal_clause_texts as petrified_royal_clauses};
pub use refusal::Refusal;
pub(crate) use royal_forms::counted_clause_texts as counted_clauses;
pub(crate) use square_sets::any_side_squares;
pub(crate) use walling::DUCK;

use super::ini::{self, IniError, Section};
use convert::convert;
use state::{Origin, State};

/// kaboom's description of Fairy-Stockfish's built-in variants, as ini sections.
pub const BUILTINS: &str = include_str!("../../../data/fsf-builtins.ini");

/// Most parents a section may inherit through.
pub const MAX_DEPTH: usize = 16;

/// The outcome for one section.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The section's variant name.
    pub name: String,
    /// 1-based line of its header.
    pub line: usize,
    /// A kaboom variant file (RON) that loads, or why not.
    pub result: Result<String, Vec<Refusal>>,
}

/// Converts every section of `text` (an ini file), in file order.
pub fn import(text: &str) -> Result<Vec<Imported>, IniError> {
    let sections = ini::parse(text)?;
    let builtins = ini::parse(BUILTINS).expect("the built-in descriptions parse");
    Ok(sections
        .iter()
        .enumerate()
        .map(|(i, s)| Imported {
            name: s.name.clone(),
            line: s.line,
            result: import_section(&sections[..i], &builtins, s),
        })
        .collect())
}

fn header(section: &Section, builtin: bool) -> Origin {
    Origin {
        option: format!("[{}]", section.name),
        value: String::new(),
        section: section.name.clone(),
        builtin,
        line: section.line,
        col: 1,
    }
}

/// The chain of sections from the root ancestor to `section`, each with
/// whether it is a built-in description. (A refusal is large, but this
/// runs once per section, never on a hot path.)
#[allow(clippy::result_large_err)]
fn chain<'a>(
    earlier: &'a [Section],
    builtins: &'a [Section],
    section: &'a Section,
) -> Result<Vec<(&'a Section, bool)>, Refusal> {
    let mut out = vec![(section, false)];
    let mut builtin = false;
    let mut current = section;
    while let Some(parent) = &current.parent {
        if out.len() > MAX_DEPTH {
            return Err(Refusal {
                origin: Some(header(section, false)),
                gap: "invalid value".to_string(),
                reason: format!("inheritance more than {MAX_DEPTH} sections deep"),
            });
        }
        let found = if builtin {
            None
        } else {
            earlier.iter().rev().find(|s| &s.name == parent)
        };
        let next = match found {
            Some(s) => s,
            None => match builtins.iter().find(|s| &s.name == parent) {
                Some(s) => {
                    builtin = true;
                    s
                }
                None => {
                    return Err(Refusal {
                        origin: Some(header(current, builtin)),
                        gap: "built-in parent kaboom does not describe".to_string(),
                        reason: format!(
                            "parent variant `{parent}` is neither an earlier section nor a Fairy-Stockfish built-in kaboom describes"
                        ),
                    });
                }
            },
        };
        out.push((next, builtin));
        current = next;
    }
    out.reverse();
    Ok(out)
}

fn import_section(earlier: &[Section], builtins: &[Section], section: &Section) -> Result<String, Vec<Refusal>> {
    let layers = chain(earlier, builtins, section).map_err(|r| vec![r])?;
    let mut state = State::default();
    // A section of the file with no parent starts, as in Fairy-Stockfish,
    // with no pieces and nothing to promote to (built-ins keep the
    // defaults: they are Fairy-Stockfish's own variants).
    if layers.first().is_some_and(|(_, builtin)| !builtin) {
        state.promotion_choices = Default::default();
    }
    for (layer, builtin) in &layers {
        state.apply(&layer.name, *builtin, &layer.entries);
    }
    let ron = convert(&section.name, &header(section, false), &state)?;
    match crate::Variant::from_text(&format!("{}.ron", section.name), &ron) {
        Ok(_) => Ok(ron),
        Err(e) => Err(vec![Refusal {
            origin: Some(header(section, false)),
            gap: "kaboom rejects the converted file".to_string(),
            reason: e.to_string(),
        }]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Result<String, Vec<Refusal>> {
        import(text).unwrap().pop().unwrap().result
    }

    #[test]
    fn chess_child_converts_and_loads() {
        let ron = one("[mine:chess]\nknight = -\ncustomPiece1 = n:NW\n").unwrap();
        let v = crate::Variant::from_text("mine.ron", &ron).unwrap();
        let start = v.start_position();
        assert_eq!(crate::Perft::new().count(&v, &start, 1), 20);
    }

    #[test]
    fn unsupported_option_is_named_with_its_line() {
        let e = one("[x:chess]\nmaxRank = 8\nwallOrMove = true\n").unwrap_err();
        let o = e[0].origin.as_ref().unwrap();
        assert_eq!((o.option.as_str(), o.line), ("wallOrMove", 3));
        assert_eq!(e[0].gap, "walling (squares blocked by moves)");
    }

    #[test]
    fn neutral_value_of_an_unsupported_option_is_accepted() {
        assert!(one("[x:chess]\npass = false\n").is_ok());
    }

    #[test]
    fn must_capture_becomes_the_compulsory_capture_clause() {
        let ron = one("[x:chess]\nmustCapture = true\n").unwrap();
        assert!(
            ron.contains(r#"legal: ["own royal not attacked", "captures are compulsory"]"#),
            "{ron}"
        );
        let v = crate::Variant::from_text("x.ron", &ron).unwrap();
        let pos = crate::notation::fen::parse(&v, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let moves = v.legal_moves(&pos);
        assert_eq!(moves.len(), 1, "only the capture exd5");
    }

    #[test]
    fn promotion_limit_becomes_limits() {
        let ron = one("[x:chess]\npromotionLimit = q:1 r:2\n").unwrap();
        assert!(ron.contains("limits: {'Q': 1, 'R': 2}"), "{ron}");
        let v = crate::Variant::from_text("x.ron", &ron).unwrap();
        // With a queen on the board, b7b8 may not choose another.
        let pos = crate::notation::fen::parse(&v, "4k3/1P6/8/8/8/8/8/Q3K3 w - - 0 1").unwrap();
        let to_b8 = v
            .legal_moves(&pos)
            .iter()
            .filter(|m| m.from != m.to && m.promotion.is_some())
            .count();
        assert_eq!(to_b8, 3);
        let e = one("[x:chess]\npromotionLimit = q1\n").unwrap_err();
        assert!(e[0].reason.contains("`q1`"), "{:?}", e[0]);
    }

    #[test]
    fn checking_false_forbids_giving_check() {
        let ron = one("[x:chess]\nchecking = false\n").unwrap();
        assert!(
            ron.contains(r#"legal: ["own royal not attacked", "not attacked(enemy royal)"]"#),
            "{ron}"
        );
    }

    #[test]
    fn chess960_castling_finds_its_pieces_and_writes_rook_files() {
        let ron = one("[x:chess]\nchess960 = true\n").unwrap();
        assert!(ron.contains("side: Right, king_piece: 'K', rook_piece: 'R'"), "{ron}");
        assert!(ron.contains("castling_notation: KingTakesRook"), "{ron}");
        let mut v = crate::Variant::from_text("x.ron", &ron).unwrap();
        // A Chess960 start: the king on g1 castles with the rooks on h1 and f1.
        let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let pos = crate::notation::fen::parse_fitting(&mut v, fen).unwrap();
        assert_eq!(crate::notation::fen::write(&v, &pos), fen);
        assert_eq!(crate::Perft::new().count(&v, &pos, 2), 528);
        // Several castling rook types cannot be one `rook_piece`.
        let e = one("[x:chess]\nchess960 = true\ncastlingRookPieces = rq\n").unwrap_err();
        assert!(e[0].reason.contains("several castling rook types"), "{e:?}");
    }

    #[test]
    fn castling_rook_files_pick_the_rook_inside() {
        let ini = "[x:chess]\nmaxFile = 10\ncastlingKingsideFile = h\ncastlingQueensideFile = d\n\
                   castlingRookKingsideFile = i\ncastlingRookQueensideFile = b\n\
                   startFen = rrnbqkbnrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RRNBQKBNRR w KQkq - 0 1\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains(r#"rook: "i1""#) && ron.contains(r#"rook: "b1""#), "{ron}");
    }

    #[test]
    fn opposite_castling_takes_the_same_right() {
        let ron = one("[x:chess]\noppositeCastling = true\n").unwrap();
        assert!(ron.contains(r#"takes: "K""#) && ron.contains(r#"takes: "Q""#), "{ron}");
    }

    #[test]
    fn stalemate_piece_count_scores_by_counts() {
        let ron = one("[x:chess]\nstalemateValue = win\nstalematePieceCount = true\n").unwrap();
        assert!(
            ron.contains(
                r#""stalemate if count(own) < count(enemy): win",
        "stalemate if count(own) > count(enemy): loss",
        "stalemate: draw","#
            ),
            "{ron}"
        );
    }

    #[test]
    fn mutually_immune_types_never_capture_their_own() {
        let ron = one("[x:chess]\nking = -\ncommoner = k\ncastling = false\nmutuallyImmuneTypes = k\n").unwrap();
        assert!(
            ron.contains(r#"name: "commoner", moves: "K", cannot_capture: "K""#),
            "{ron}"
        );
        let e = one("[x:chess]\nmutuallyImmuneTypes = n\nflagPiece = n\nflagRegion = *8\nflagPieceSafe = true\n")
            .unwrap_err();
        assert!(e.iter().any(|r| r.reason.contains("flagPieceSafe")), "{e:?}");
    }

    #[test]
    fn diagonal_lines_add_moves_along_them() {
        let ini = "[x:chess]\ndiagonalLines = d1 f1 e2 d3 f3\n";
        let ron = one(ini).unwrap();
        assert!(
            ron.contains(r#"moves_along: [(squares: "diagonal_lines", moves: "B")]"#),
            "{ron}"
        );
        // A diagonal that leaves the lines and comes back.
        let e = one("[x:chess]\ndiagonalLines = a1 c3\n").unwrap_err();
        assert!(e[0].reason.contains("come back"), "{e:?}");
    }

    #[test]
    fn a_custom_royal_king_keeps_off_the_diagonal_lines() {
        // `king = k:W` in a user's section is a custom royal piece, which
        // Fairy-Stockfish never moves along `diagonalLines` (only its
        // built-in wazir king type does, as janggi's inherited king):
        // `go perft 1` there gives 4, 30 and 32 (c19b5f6c).
        let ini = "[x:chess]\nking = k:W\ndiagonalLines = d1 f1 e2 d3 f3\n";
        let ron = one(ini).unwrap();
        assert!(!ron.contains(r#"moves: "F")"#), "{ron}");
        assert_eq!(legal_count(&ron, "4k3/8/8/8/8/8/4K3/8 w - - 0 1"), 4);
        let janggi = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
        let custom = one("[x:janggi]\nking = k:W\n").unwrap();
        assert_eq!(legal_count(&custom, janggi), 30);
        let inherited = one("[x:janggi]\n").unwrap();
        assert_eq!(legal_count(&inherited, janggi), 32);
    }

    #[test]
    fn triple_steps_from_their_region() {
        let ini = "[x:chess]\ntripleStepRegionWhite = *2\ntripleStepRegionBlack = *7\n";
        let ron = one(ini).unwrap();
        assert!(
            ron.contains(r#"moves_in: [(squares: "ranks(2)", moves: "fmWfceFifmnDifmnH")]"#),
            "{ron}"
        );
        assert_eq!(legal_count(&ron, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), 8);
        let e = one("[x:chess]\ntripleStepRegionWhite = *2\n").unwrap_err();
        assert!(e[0].reason.contains("triple-step"), "{e:?}");
    }

    fn legal_count(ron: &str, fen: &str) -> usize {
        let v = crate::Variant::from_text("x.ron", ron).unwrap();
        let pos = crate::notation::fen::parse(&v, fen).unwrap();
        v.legal_moves(&pos).len()
    }

    #[test]
    fn must_drop_makes_drops_compulsory() {
        let ron = one("[x:chess]\npieceDrops = true\nmustDrop = true\n").unwrap();
        assert!(ron.contains(r#""drops are compulsory""#), "{ron}");
        // Only the 62 knight drops while the knight is in hand.
        assert_eq!(legal_count(&ron, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"), 62);
        assert_eq!(legal_count(&ron, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 5);
        // A drop of one type only stays refused.
        let e = one("[x:chess]\npieceDrops = true\nmustDrop = true\nmustDropType = n\n").unwrap_err();
        assert_eq!(e[0].origin.as_ref().unwrap().option, "mustDropType");
    }

    #[test]
    fn enclosing_drop_anyside_enters_from_the_edges() {
        let ini = "[x]\nmaxRank = 4\nmaxFile = 4\nimmobile = p\npieceDrops = true\nenclosingDrop = anyside\n\
                   dropRegionWhite = *1\ndropRegionBlack = *1\nstartFen = 4/4/4/4[PPPPpppp] w - - 0 1\n";
        let ron = one(ini).unwrap();
        // The drop region is replaced, not narrowed.
        assert!(!ron.contains("ranks(1)"), "{ron}");
        // Empty board: every edge square (a piece slides to the far end of
        // its rank or file, or stops on the near end).
        assert_eq!(legal_count(&ron, "4/4/4/4[PPPPpppp] w - - 0 1"), 12);
        // A piece on b2: from the left d1, a2, d3, d4; from the bottom a4,
        // b1, c4, d4; from the top a1, b1, c1, d1; from the right a1 to a4.
        assert_eq!(legal_count(&ron, "4/4/1P2/4[PPPpppp] w - - 0 1"), 10);
    }

    #[test]
    fn flag_move_gives_the_other_side_one_more_move() {
        let ini = "[x:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *8\nflagMove = true\n\
                   castling = false\nchecking = false\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains(r#""count(own K & flag) >= 1: win""#), "{ron}");
        // Black's king can follow White's: five moves; it cannot: none.
        assert_eq!(legal_count(&ron, "5K2/k7/8/8/8/8/8/8 b - - 0 1"), 5);
        assert_eq!(legal_count(&ron, "5K2/8/8/8/8/8/k7/8 b - - 0 1"), 0);
        // Black reached first: White may not follow, it has lost.
        assert_eq!(legal_count(&ron, "k7/8/8/8/8/8/8/5K2 w - - 0 1"), 0);
        // A king that could follow by castling onto Black's flag rank is refused.
        let e = one("[x:chess]\nflagPiece = k\nflagRegion = *8\nflagMove = true\n").unwrap_err();
        assert!(e[0].reason.contains("castling"), "{e:?}");
        // A flag piece other than the king: the side that reached wins a move later.
        let ron =
            one("[x:chess]\nflagPiece = n\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagMove = true\n").unwrap();
        assert!(!ron.contains("can reach"), "{ron}");
    }

    #[test]
    fn a_safe_flag_piece_wins_only_unattacked() {
        let ron = one("[x:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n").unwrap();
        // White's knight on b8: Black has lost, unless a piece of Black's attacks it.
        assert_eq!(legal_count(&ron, "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1"), 0);
        assert_eq!(legal_count(&ron, "1N2k3/8/2n5/8/8/8/8/4K3 b - - 0 1"), 12);
        // Two pieces there: no need to be safe.
        assert_eq!(legal_count(&ron, "1N2k2R/8/2n5/8/8/8/8/4K3 b - - 0 1"), 0);
    }

    #[test]
    fn a_flag_for_one_side_only() {
        let ron = one("[x:chess]\nflagPieceWhite = n\nflagRegionWhite = *8\n").unwrap();
        assert!(ron.contains(r#""count(enemy N & enemy flag) >= 1: loss""#), "{ron}");
        let e = one("[x:chess]\nflagPieceWhite = n\nflagPieceBlack = b\nflagRegion = *8\n").unwrap_err();
        assert!(e[0].reason.contains("flag pieces differ"), "{e:?}");
    }

    #[test]
    fn extinction_claim_needs_one_more_opponent_piece() {
        let ini = "[x:chess]\nextinctionValue = loss\nextinctionClaim = true\nextinctionPieceTypes = *\n\
                   extinctionPieceCount = 1\nextinctionOpponentPieceCount = 2\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains(r#""count(enemy) <= 1 and count(own) >= 2: win""#), "{ron}");
        assert!(
            ron.contains(r#""count(own) <= 1 and count(enemy) >= 3: loss""#),
            "{ron}"
        );
    }

    #[test]
    fn an_empty_en_passant_region_leaves_no_target() {
        let ron = one("[x:chess]\nenPassantRegion = -\n").unwrap();
        assert!(ron.contains("en_passant_ranks: []"), "{ron}");
        // After e2e4, Black's pawn on d4 may not take en passant.
        let v = crate::Variant::from_text("x.ron", &ron).unwrap();
        let mut pos = crate::notation::fen::parse(&v, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
        let double = *v
            .legal_moves(&pos)
            .iter()
            .find(|m| m.from != m.to && m.to.index().abs_diff(m.from.index()) == 16)
            .unwrap();
        pos.make(&v, double);
        assert_eq!(v.legal_moves(&pos).len(), 6);
        let e = one("[x:chess]\nenPassantRegionWhite = *6\n").unwrap_err();
        assert_eq!(e[0].gap, "regions");
    }

    #[test]
    fn promotion_choices_that_differ_per_side_become_a_rule_per_side() {
        let ron = one("[x:chess]\npromotionPieceTypesWhite = rn\npromotionPieceTypesBlack = qb\n").unwrap();
        assert!(
            ron.contains(r#"squares: "promotion_zone_white", choices: "NR""#),
            "{ron}"
        );
        assert!(
            ron.contains(r#"squares: "promotion_zone_black", choices: "BQ""#),
            "{ron}"
        );
        // A pawn on its seventh rank has two choices, besides five king moves.
        assert_eq!(legal_count(&ron, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), 5 + 2);
        assert_eq!(legal_count(&ron, "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1"), 5 + 2);
    }

    #[test]
    fn a_promoted_type_may_be_unset_and_a_fen_may_end_at_its_clock() {
        let all =
            import("[x:chess]\nshogiPawn = s\ngold = g\npromotedPieceType = s:g\n[y:x]\npromotedPieceType = s:-\n")
                .unwrap();
        let (x, y) = (all[0].result.as_ref().unwrap(), all[1].result.as_ref().unwrap());
        assert!(x.contains("promoted_from"), "{x}");
        assert!(!y.contains("promoted_from"), "{y}");
        let ron = one("[x:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0\n").unwrap();
        assert!(ron.contains(r#"start: "4k3/8/8/8/8/8/8/4K3 w - - 0 1""#), "{ron}");
    }

    #[test]
    fn unknown_parent_is_refused() {
        let e = one("[x:nosuchvariant]\n").unwrap_err();
        assert!(e[0].reason.contains("nosuchvariant"));
    }

    #[test]
    fn later_letter_replaces_earlier_piece() {
        let ron = one("[x:chess]\ncustomPiece1 = q:K\n").unwrap();
        assert!(ron.contains("name: \"customPiece1\", moves: \"K\""));
        assert!(!ron.contains("\"queen\""));
    }
}
