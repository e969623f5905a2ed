//! `kaboom export-fsf`'s library side: a kaboom variant written as one
//! Fairy-Stockfish `variants.ini` section, for variants that use only what
//! Fairy-Stockfish expresses; otherwise the reasons it cannot be.
//!
//! Every piece becomes a custom piece with its Betza template (the royal
//! piece the king); promotion, castling, initial moves, the move rule and
//! the end rules map to their options. The result is checked by reading it
//! back with the importer: the same end rules, and the same perft counts to
//! depth 2, or the export is refused.

mod bikjang_options;
mod builtin;
mod castling_rook_letters;
mod castling_win_options;
mod check_series_options;
mod chess960;
mod connect_region_options;
mod counting_rule_options;
mod custom_numbers;
mod drop_zone_options;
mod dropped_castling_options;
mod ending_options;
mod extinction;
mod flag_goal_options;
mod hand_options;
mod legal;
mod material_weight_options;
mod pawn_promotion_options;
mod petrify_royal_options;
mod petrify_rule_options;
mod piece_promotion_options;
mod pseudo_royal_options;
mod right_options;
mod royal_types_options;
mod sided_pawn_options;
mod square_move_options;
mod squares;
mod type_groups;
mod walling_rule_options;
mod wazir_king;

use super::fsf_import::import;
use crate::base::square::Color;
use crate::spec::{Loader, VariantFile};
use builtin::builtin_name;
use custom_numbers::{CustomNumbers, MAX_CUSTOM};
use std::fmt::Write as _;

/// The ini being written and the reasons it cannot be.
struct Section {
    /// The lines written so far.
    ini: String,
    /// Every reason the variant cannot be written so.
    why: Vec<String>,
}

/// The rules of chess's end, where a variant gives none.
const DEFAULT_END: [&str; 4] = [
    "checkmate: loss",
    "stalemate: draw",
    "50 moves: draw",
    "3 repetitions: draw",
];

/// The variant `name_or_path` as an ini section named `section`, or the
/// reasons it cannot be written so.
pub fn export(name_or_path: &str, section: &str) -> Result<String, Vec<String>> {
    // The file is read once: the variant and the file as read, its
    // parents merged.
    let (variant, file): (crate::Variant, VariantFile) =
        crate::Variant::load_with_file(name_or_path, None).map_err(|e| vec![e.to_string()])?;
    let mut s = Section {
        ini: String::new(),
        why: Vec::new(),
    };
    let _ = writeln!(s.ini, "[{section}]");
    let _ = writeln!(
        s.ini,
        "# Written by `kaboom export-fsf` from {}.",
        variant.name.replace('\n', " ")
    );
    effects(&mut s, &file);
    let ranks = board(&mut s, &file);
    let regions = file.regions.clone().unwrap_or_default();
    let squares = squares::Board {
        files: file.board.as_ref().map_or(8, |b| b.files.value),
        ranks,
        regions: &regions,
    };
    let stuck_drops = hand_options::drops(&mut s.ini, &mut s.why, &file, &squares);
    let pieces = file.pieces.clone().unwrap_or_default();
    let royal = royal_piece(&mut s, &pieces);
    let start = file.start.as_ref().map(|x| x.value.clone()).unwrap_or_default();
    let mut start_fields: Vec<&str> = start.split_whitespace().collect();
    // The checks each side has left to give (`3+3`), before the clocks.
    let checks = match start_fields.as_slice() {
        [_, _, _, _, c, _, _] => c
            .split_once('+')
            .and_then(|(w, b)| (w == b).then(|| w.parse::<u32>().ok()).flatten()),
        _ => None,
    };
    let fields = if checks.is_some() { 7 } else { 6 };
    if start_fields.len() > fields {
        s.why
            .push(format!("extra FEN fields (`{}`)", start_fields[fields..].join(" ")));
        start_fields.truncate(fields);
    }
    let start_rows: Vec<&str> = start_fields.first().map(|b| b.split('/').collect()).unwrap_or_default();
    let mut numbers = CustomNumbers::new(&pieces);
    pieces_and_start(&mut s, &pieces, &start_fields, &start_rows, &squares, &mut numbers);
    right_options::write(&mut s.ini, &mut s.why, &pieces, royal);
    // Forms that the rules count with a plain piece are of its type.
    let groups = type_groups::find(&file);
    let merged: Vec<(char, char)> = groups.iter().flat_map(|(_, pairs)| pairs.iter().copied()).collect();
    let group_letters: Vec<String> = groups.iter().map(|(letters, _)| letters.clone()).collect();
    let forms = piece_promotion_options::forms_merged(&pieces, &merged);
    if piece_promotion_options::applies(&file) {
        piece_promotion_options::write_types(&mut s.ini, &mut s.why, &forms, &mut || numbers.fresh(), &squares);
        piece_promotion_options::write(&mut s.ini, &mut s.why, &file, &forms, &squares);
    } else {
        pawn_promotion_options::write(&mut s.ini, &mut s.why, &file, &squares);
    }
    let several_royals = royal_types_options::applies(&pieces);
    if several_royals {
        let cells = squares.files * squares.ranks;
        royal_types_options::write(&mut s.ini, &mut s.why, &file, &forms, cells);
    }
    if stuck_drops && s.ini.contains("immobilityIllegal = true\n") {
        s.why.push(
            "drops where a piece could never move again, with promotion that needs `immobilityIllegal` (which bars them)"
                .to_string(),
        );
    }
    if let Some(c) = &file.counting {
        counting_rule_options::write(&mut s.ini, &mut s.why, c, &pieces);
    }
    castling(&mut s, &file, royal, (&start_fields, &start_rows), ranks);
    let mut legal: Option<Vec<String>> = file.legal.as_ref().map(|l| l.iter().map(|c| c.value.clone()).collect());
    let ends: Vec<String> = match &file.end {
        Some(e) => e.iter().map(|s| s.value.clone()).collect(),
        None => DEFAULT_END.iter().map(|s| s.to_string()).collect(),
    };
    // Pseudo-royal clauses and their mates are options of their own.
    let mut end_options = ends.clone();
    let pseudo = match legal.as_mut() {
        Some(l) => pseudo_royal_options::Taken::take(l, &mut end_options, &group_letters, &mut s.why),
        None => pseudo_royal_options::Taken::default(),
    };
    petrified_royal(&mut s.why, &file, legal.as_mut(), &mut end_options);
    // Bikjang's clauses are an option, its end rule read with the others.
    let bikjang = legal.as_mut().is_some_and(bikjang_options::take);
    let royal_spec = pieces.iter().find(|p| p.royal);
    let royal_type = royal_spec.map(|p| builtin_name(p, &p.moves.value));
    let royalty = match royal_type {
        // The other royal types' extinction options are written.
        _ if several_royals => legal::Royal::King,
        None => legal::Royal::None,
        Some(Some(b)) if b != "king" => legal::Royal::Extinction,
        // A royal custom piece, kept as its `customPieceN`.
        Some(None) if royal_spec.is_some_and(custom_numbers::is_named) => legal::Royal::Extinction,
        Some(_) => legal::Royal::King,
    };
    let blast = file.rules.iter().flatten().any(|r| hand_options::is_blast(&r.value));
    legal::write(&mut s.ini, &mut s.why, legal.as_deref(), royalty, blast);
    let cx = ending_options::Context {
        royal,
        board: squares,
        passing: file.pass == Some(true) || file.pass_on_stalemate == Some(true),
        checks,
        counting: file.counting.is_some(),
        shogi_pawn: pieces
            .iter()
            .find(|p| !p.royal && builtin_name(p, &p.moves.value) == Some("shogiPawn"))
            .map(|p| p.letter.value),
        bikjang,
        groups: &group_letters,
    };
    ending_options::write(&mut s.ini, &mut s.why, &end_options, &cx);
    if s.ini.contains("\nmaterialCounting = janggi\n") {
        s.why.extend(material_weight_options::values(&pieces));
    }
    if s.ini.matches("\nextinctionValue = ").count() > 1 {
        s.why
            .push("extinction end rules beside several royal piece types: Fairy-Stockfish has one list".to_string());
    }
    let royal_count = royal
        .filter(|_| royalty == legal::Royal::Extinction)
        .map(|r| (r, pseudo_royal_options::start_most(&start_rows, r)));
    pseudo.write(&mut s.ini, &mut s.why, royal_count);
    if file.drops.as_ref().is_some_and(|d| d.free) {
        inherit_free_drops(&mut s.ini, section);
    }
    if royal_spec.is_some_and(|p| !several_royals && wazir_king::applies(p)) {
        wazir_king::inherit(&mut s.ini, &mut s.why, section);
    }
    if !s.why.is_empty() {
        return Err(s.why);
    }
    let rules: Vec<String> = file.rules.iter().flatten().map(|r| r.value.clone()).collect();
    read_back(&variant, &s.ini, section, &ends, &rules)?;
    Ok(s.ini)
}

/// The clauses of a petrifying pseudo-royal piece, taken out of the
/// legality clauses (`None`: the default) and `ends`
/// ([`petrify_royal_options`]).
fn petrified_royal(why: &mut Vec<String>, file: &VariantFile, legal: Option<&mut Vec<String>>, ends: &mut Vec<String>) {
    let petrified: String = file
        .rules
        .iter()
        .flatten()
        .filter_map(|r| petrify_rule_options::option(&r.value))
        .filter_map(|line| line.split_once(" = ").map(|(_, l)| l.to_uppercase()))
        .collect();
    let mut default = vec!["own royal not attacked".to_string()];
    let legal = legal.unwrap_or(&mut default);
    petrify_royal_options::take(file, &petrified, legal, ends, why);
}

/// Endless hands (`freeDrops`) are no ini option: Fairy-Stockfish's
/// built-in ataxx sets it, so the section inherits from ataxx and resets
/// the other options ataxx sets that the section leaves out.
fn inherit_free_drops(ini: &mut String, section: &str) {
    *ini = ini.replacen(&format!("[{section}]\n"), &format!("[{section}:ataxx]\n"), 1);
    for (key, value) in [
        ("pieceToCharTable", "-"),
        ("stalematePieceCount", "false"),
        ("passOnStalemate", "false"),
        ("enclosingDrop", "none"),
        ("flipEnclosedPieces", "none"),
        ("materialCounting", "none"),
        ("adjudicateFullBoard", "false"),
        ("immobilityIllegal", "false"),
    ] {
        if !ini.lines().any(|l| l.split_once(" = ").is_some_and(|(k, _)| k == key)) {
            let _ = writeln!(ini, "{key} = {value}");
        }
    }
}

/// What Fairy-Stockfish has no option for: a random setup, effect rules
/// (but the duck's wall and flips), other clock resets, actions,
/// shields; and passing, which it has.
fn effects(s: &mut Section, file: &VariantFile) {
    if file.setup.is_some() {
        s.why
            .push("a random setup (`setup`): Fairy-Stockfish starts from one FEN".to_string());
    }
    hand_options::rules(&mut s.ini, &mut s.why, file);
    hand_options::passing(&mut s.ini, file);
    let why = &mut s.why;
    // With forms that turn back, the piece promotion options check it.
    if !piece_promotion_options::demotes(file)
        && file
            .clock_resets
            .as_ref()
            .is_some_and(|c| c.as_slice() != crate::spec::ClockReset::DEFAULT)
        && !first_pawn_actions_only(file)
    {
        // Fairy-Stockfish resets its clock as kaboom's default does.
        why.push("moves that reset the move-rule clock other than the default (`clock_resets`)".to_string());
    }
    if file.actions.as_ref().is_some_and(|a| !a.is_empty()) {
        match walling_rule_options::wall_action(file) {
            Some(option) => {
                let _ = writeln!(s.ini, "{option}");
            }
            None => why.push("side actions (`actions`)".to_string()),
        }
    }
    if file.shields.as_ref().is_some_and(|s| !s.is_empty()) {
        why.push("shields (`shields`): Fairy-Stockfish has no effects to shield from".to_string());
    }
}

/// Whether `clock_resets` is the default with `FirstPawnActions`: the
/// clock of Fairy-Stockfish's `wallOrMove`, whose wall instead of a move is
/// its first piece standing still (actions are judged on their own).
fn first_pawn_actions_only(file: &VariantFile) -> bool {
    use crate::spec::ClockReset;
    file.clock_resets.as_ref().is_some_and(|c| {
        c.contains(&ClockReset::FirstPawnActions)
            && c.iter()
                .filter(|&&r| r != ClockReset::FirstPawnActions)
                .eq(ClockReset::DEFAULT.iter())
    })
}

/// The board's size (`maxFile`, `maxRank`); returns the ranks.
fn board(s: &mut Section, file: &VariantFile) -> u32 {
    let (ini, why) = (&mut s.ini, &mut s.why);
    let board = file.board.as_ref().expect("a loaded variant has a board");
    let (files, ranks) = (board.files.value, board.ranks.value);
    if files > 12 || ranks > 10 {
        why.push(format!("a {files}x{ranks} board: Fairy-Stockfish's largest is 12x10"));
    }
    if board.wrap != crate::base::geometry::Wrap::Flat {
        why.push("a board whose edges are joined (`wrap`): Fairy-Stockfish's boards are flat".to_string());
    }
    let _ = writeln!(ini, "maxFile = {files}\nmaxRank = {ranks}");
    ranks
}

/// The one royal piece type, if any; where several are, the `king`
/// ([`royal_types_options`]).
fn royal_piece(s: &mut Section, pieces: &[crate::spec::PieceSpec]) -> Option<char> {
    if royal_types_options::applies(pieces) {
        return royal_types_options::king(pieces).map(|k| k.letter.value);
    }
    let why = &mut s.why;
    let royals: Vec<char> = pieces.iter().filter(|p| p.royal).map(|p| p.letter.value).collect();
    if royals.len() > 1 {
        why.push(format!(
            "{} royal piece types: Fairy-Stockfish has one king type",
            royals.len()
        ));
    }
    royals.first().copied()
}

/// The pieces (`king`, `customPieceN`), the start position, initial moves
/// (`doubleStep`) and the pieces that reset the move rule.
fn pieces_and_start(
    s: &mut Section,
    pieces: &[crate::spec::PieceSpec],
    start_fields: &[&str],
    start_rows: &[&str],
    squares: &squares::Board<'_>,
    numbers: &mut CustomNumbers,
) {
    let ranks = squares.ranks;
    let (ini, why) = (&mut s.ini, &mut s.why);
    let mut initial: Option<Vec<i64>> = None;
    let mut absent_initial = false;
    // Several royal types: the one named `king` is the king, the others
    // pieces of their own ([`royal_types_options`]).
    let several = royal_types_options::applies(pieces);
    let king = royal_types_options::king(pieces).map(|k| k.letter.value);
    if several && king.is_none() {
        let _ = writeln!(ini, "king = -");
    }
    // Promoted forms are the types they move as ([`piece_promotion_options`]).
    for p in pieces.iter().filter(|p| p.promoted_from.is_none()) {
        let letter = p.letter.value.to_ascii_lowercase();
        if !p.actions.is_empty() {
            why.push(format!("piece {}: actions", p.letter.value));
        }
        if p.shield.is_some() {
            why.push(format!("piece {}: a shield", p.letter.value));
        }
        let template = p.moves.value.clone();
        if template.contains('i') && p.initial_squares.is_none() {
            // Fairy-Stockfish allows initial moves on one region shared by all pieces.
            let ranks_of: Vec<i64> = match &p.initial_ranks {
                Some(r) => r.value.iter().map(|&x| x as i64).collect(),
                None => {
                    let upper = p.letter.value;
                    let mut rs: Vec<i64> = start_rows
                        .iter()
                        .enumerate()
                        .filter(|(_, row)| row.contains(upper))
                        .map(|(i, _)| ranks as i64 - i as i64)
                        .collect();
                    rs.sort_unstable();
                    rs
                }
            };
            match &initial {
                // A piece no position holds keeps kaboom's default ranks.
                _ if ranks_of.is_empty() && p.initial_ranks.is_none() => absent_initial = true,
                Some(r) if *r != ranks_of => why.push(format!(
                    "piece {}: initial moves on other ranks than another piece's (Fairy-Stockfish has one region)",
                    p.letter.value
                )),
                _ => initial = Some(ranks_of),
            }
        }
        let plain = !p.royal || (several && king != Some(p.letter.value));
        // A royal custom piece keeps its `customPieceN` (`king = -`).
        let custom_royal = !plain && builtin_name(p, &template).is_none() && custom_numbers::is_named(p);
        let number = if (plain || custom_royal) && builtin_name(p, &template).is_none() {
            let n = numbers.for_piece(p);
            if n.is_none() {
                why.push(format!("more than {MAX_CUSTOM} non-royal piece types"));
                continue;
            }
            n
        } else {
            None
        };
        if let Some(w) = &p.within {
            mobility_region(ini, why, p, &w.value, number.unwrap_or(0), squares);
        }
        if !plain {
            if let Some(builtin) = builtin_name(p, &template).filter(|b| *b != "king") {
                // A royal piece of another type: extinction makes it so.
                let _ = writeln!(ini, "king = -\n{builtin} = {letter}");
            } else if let (true, Some(n)) = (custom_royal, number) {
                // The importer names a pseudo-royal custom piece after its
                // `customPieceN` (`king = x:T` would read back as `king`):
                // the custom piece, royal by extinction options.
                let _ = writeln!(ini, "king = -\ncustomPiece{n} = {letter}:{template}");
            } else if template == "K" {
                let _ = writeln!(ini, "king = {letter}");
            } else if wazir_king::applies(p) {
                // The wazir king type with its diagonal steps: inherited
                // (`king = k:W` would be a custom royal piece, without them).
                if letter != 'k' {
                    why.push(format!(
                        "piece {}: a king of Fairy-Stockfish's wazir type (with diagonal steps along lines) lettered other than k",
                        p.letter.value
                    ));
                }
            } else {
                let _ = writeln!(ini, "king = {letter}:{template}");
            }
        } else {
            match (builtin_name(p, &template), number) {
                (Some(builtin), _) => {
                    let _ = writeln!(ini, "{builtin} = {letter}");
                }
                (None, n) => {
                    let _ = writeln!(ini, "customPiece{} = {letter}:{template}", n.unwrap_or(0));
                }
            }
        }
    }
    let _ = writeln!(ini, "startFen = {}", start_fields.join(" "));
    let initial = sided_pawn_options::Initial {
        ranks: initial,
        absent: absent_initial,
    };
    sided_pawn_options::initial_moves(ini, why, &initial, pieces, squares);
    sided_pawn_options::move_rule_types(ini, pieces);
    square_move_options::write(ini, why, pieces, squares);
}

/// `within` as the piece's `mobilityRegionWhite<Piece>` and
/// `mobilityRegionBlack<Piece>` (a custom piece's name is
/// `CustomPieceN`, N its `number`).
fn mobility_region(
    ini: &mut String,
    why: &mut Vec<String>,
    p: &crate::spec::PieceSpec,
    within: &str,
    number: usize,
    squares: &squares::Board<'_>,
) {
    let name = match (number, builtin_name(p, &p.moves.value)) {
        (_, Some(b)) => b[..1].to_uppercase() + &b[1..],
        // The royal piece written as `king = k:...`.
        (0, None) => "King".to_string(),
        (n, None) => format!("CustomPiece{n}"),
    };
    if !region_lines(ini, &name, within, squares) {
        why.push(format!(
            "piece {}: `within` a set that is not fixed squares (Fairy-Stockfish's mobilityRegion is)",
            p.letter.value
        ));
    }
}

/// The squares a piece of the type `name` may go to (`within`), a region
/// per side: `mobilityRegionWhite<name>` and `mobilityRegionBlack<name>`.
/// `false`, and nothing written, where `within` is not fixed squares.
fn region_lines(ini: &mut String, name: &str, within: &str, squares: &squares::Board<'_>) -> bool {
    let [Some(white), Some(black)] = [Color::White, Color::Black].map(|c| squares.eval_text(within, c)) else {
        return false;
    };
    let _ = writeln!(
        ini,
        "mobilityRegionWhite{name} = {}\nmobilityRegionBlack{name} = {}",
        squares.fsf(white),
        squares.fsf(black)
    );
    true
}

/// The ranks of `rs` (from White's side) as a region, for Black when
/// `black` (`*1 *2`, or `-` for none).
pub(super) fn rank_list(rs: &[i64], black: bool, ranks: u32) -> String {
    let v: Vec<String> = rs
        .iter()
        .map(|r| format!("*{}", if black { ranks as i64 + 1 - r } else { *r }))
        .collect();
    if v.is_empty() { "-".to_string() } else { v.join(" ") }
}

/// The castling rules, as the king's files and the rank.
fn castling(
    s: &mut Section,
    file: &VariantFile,
    royal: Option<char>,
    (start_fields, start_rows): (&[&str], &[&str]),
    ranks: u32,
) {
    let (ini, why) = (&mut s.ini, &mut s.why);
    // Castling.
    let castling = file.castling.clone().unwrap_or_default();
    if chess960::applies(file, &castling) {
        chess960::write(ini, why, &castling, royal);
    } else if dropped_castling_options::applies(&castling) {
        let rights = start_fields.get(2).copied().unwrap_or("-");
        let files = file.board.as_ref().map_or(8, |b| b.files.value);
        dropped_castling_options::write(ini, why, &castling, rights, files);
    } else if castling.is_empty() {
        let _ = writeln!(ini, "castling = false");
    } else {
        let _ = writeln!(ini, "castling = true");
        let mut rank = None;
        let mut rooks = String::new();
        for c in &castling {
            let (Some(king), Some(rook)) = (&c.king, &c.rook) else {
                why.push(
                    "castling found from the setup (`side`, no squares): Fairy-Stockfish finds them only under `chess960`, \
                     which needs `rook_piece` on every rule and `castling_notation: KingTakesRook`"
                        .to_string(),
                );
                continue;
            };
            if c.carry.is_some() {
                why.push("castling that carries pieces".to_string());
            }
            // `oppositeCastling`: castling takes the other side's right on
            // the same wing.
            match c.takes.as_ref().map(|t| t.value.as_str()) {
                None => {}
                Some(t) if t.len() == 1 && t.starts_with(c.fen.value) && !ini.contains("oppositeCastling = true\n") => {
                    let _ = writeln!(ini, "oppositeCastling = true");
                }
                Some(t) if t.len() == 1 && t.starts_with(c.fen.value) => {}
                Some(t) => why.push(format!(
                    "castling that takes away rights `{t}` (Fairy-Stockfish's `oppositeCastling` takes the same wing's)"
                )),
            }
            let sq = |s: &str| -> Option<(u32, u32)> {
                let f = s.chars().next()? as u32 - 'a' as u32;
                let r: u32 = s[1..].parse().ok()?;
                Some((f, r))
            };
            let (Some(k), Some(kt), Some(r), Some(rt)) = (sq(king), sq(&c.king_to), sq(rook), sq(&c.rook_to)) else {
                why.push("castling squares".to_string());
                continue;
            };
            let kingside = kt.0 > k.0 || (kt.0 == k.0 && r.0 > k.0);
            let letter = c.fen.value;
            if letter != if kingside { 'K' } else { 'Q' } {
                why.push(format!(
                    "castling right `{letter}`: Fairy-Stockfish writes K (kingside) and Q (queenside)"
                ));
            }
            if [k.1, kt.1, r.1, rt.1].iter().any(|&x| x != k.1) {
                why.push("castling off the king's rank".to_string());
            }
            if rank.is_some_and(|x| x != k.1) {
                why.push("castling on two ranks".to_string());
            }
            rank = Some(k.1);
            let expected_rook_to = if kingside { kt.0 as i64 - 1 } else { kt.0 as i64 + 1 };
            if rt.0 as i64 != expected_rook_to {
                why.push("the rook does not land next to the king on the inside".to_string());
            }
            if rank.is_none() || !ini.contains("castlingKingFile") {
                let _ = writeln!(ini, "castlingKingFile = {}", (b'a' + k.0 as u8) as char);
            }
            if kingside {
                let _ = writeln!(ini, "castlingKingsideFile = {}", (b'a' + kt.0 as u8) as char);
            } else {
                let _ = writeln!(ini, "castlingQueensideFile = {}", (b'a' + kt.0 as u8) as char);
            }
            // The rook's letter from the start position.
            let rights = start_fields.get(2).copied().unwrap_or("-");
            for l in castling_rook_letters::rook_letters(start_rows, rights, ranks, r, letter) {
                if !rooks.contains(l) {
                    rooks.push(l);
                }
            }
        }
        if let Some(r) = rank {
            let _ = writeln!(ini, "castlingRank = {r}");
        }
        // The castling king: the rules' `king_piece` (a non-royal king,
        // as in duck chess), else the royal piece.
        let king_piece = castling.iter().find_map(|c| c.king_piece.as_ref().map(|k| k.value));
        if let Some(k) = king_piece.or(royal) {
            let _ = writeln!(ini, "castlingKingPiece = {}", k.to_ascii_lowercase());
        }
        if !rooks.is_empty() {
            let _ = writeln!(ini, "castlingRookPieces = {rooks}");
        }
    }
}

/// Reads the written section back with the importer: the same end rules,
/// and the same perft counts to depth 2, or why not.
fn read_back(
    variant: &crate::Variant,
    ini: &str,
    section: &str,
    ends: &[String],
    rules: &[String],
) -> Result<(), Vec<String>> {
    // Read it back: the importer must give the same rules.
    let back = import(ini).map_err(|e| vec![format!("the written section does not read back: {e}")])?;
    let ron = match back.into_iter().next().map(|b| b.result) {
        Some(Ok(ron)) => ron,
        Some(Err(refusals)) => {
            return Err(refusals
                .into_iter()
                .map(|r| format!("reading it back: {}", r.reason))
                .collect());
        }
        None => return Err(vec!["the written section does not read back".to_string()]),
    };
    let again = crate::Variant::from_text(&format!("{section}.ron"), &ron).map_err(|e| vec![e.to_string()])?;
    let printed = |e: &str| crate::lang::effect_syntax::parse_end(e).map_or_else(|_| e.to_string(), |r| r.to_string());
    let want: Vec<String> = ends.iter().map(|e| printed(e)).collect();
    let reread = Loader::new()
        .load_text(&format!("{section}.ron"), &ron)
        .map_err(|_| vec!["reading it back failed".to_string()])?;
    let got: Vec<String> = reread.end.unwrap_or_default().iter().map(|e| printed(e)).collect();
    if want != got {
        return Err(vec![format!(
            "end rules read back as {got:?}, not {want:?} (Fairy-Stockfish checks them in a fixed order)"
        )]);
    }
    let printed_rule =
        |r: &str| crate::lang::effect_syntax::parse_rule(r).map_or_else(|_| r.to_string(), |r| r.to_string());
    let want: Vec<String> = rules.iter().map(|r| printed_rule(r)).collect();
    let got: Vec<String> = reread.rules.iter().flatten().map(|r| printed_rule(&r.value)).collect();
    if want != got {
        return Err(vec![format!("effect rules read back as {got:?}, not {want:?}")]);
    }
    let mut perft = crate::Perft::new();
    let (a, b) = (variant.start_position(), again.start_position());
    for depth in 1..=2 {
        let (x, y) = (perft.count(variant, &a, depth), perft.count(&again, &b, depth));
        if x != y {
            return Err(vec![format!("read back, perft {depth} is {y}, not {x}")]);
        }
    }
    Ok(())
}
