//! `kaboom export-fsf`'s library side: a kaboom variant written as one
//! Fairy-Stockfish `variants.ini` section, for variants that use only what
//! Fairy-Stockfish expresses; otherwise the reasons it cannot be.
//!
//! Every piece becomes a custom piece with its Betza template (the royal
//! piece the king); promotion, castling, initial moves, the move rule and
//! the end rules map to their options. The result is checked by reading it
//! back with the importer: the same end rules, and the same perft counts to
//! depth 2, or the export is refused.

use super::fsf_import::import;
use crate::spec::{Loader, VariantFile};
use std::fmt::Write as _;

/// Most custom pieces a Fairy-Stockfish variant may define.
const MAX_CUSTOM: usize = 25;

/// The rule that is Fairy-Stockfish's `wallingRule = duck`, normalised.
const DUCK_RULE: &str = super::fsf_import::DUCK;

fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// What an `end` rule becomes in the ini.
enum EndOption {
    Checkmate(String),
    Stalemate(String),
    MoveRule(u32),
    Repetition(u32, String),
    /// `N repetitions by perpetual check: loss`: `perpetualCheckIllegal`.
    PerpetualCheck(u32),
    Extinction {
        own: bool,
        letter: Option<char>,
        count: u32,
        value: String,
    },
}

fn parse_end(rule: &str, royal: Option<char>) -> Option<EndOption> {
    let (cond, outcome) = rule.rsplit_once(':')?;
    let cond = normalise(cond);
    let outcome = normalise(outcome);
    if !["win", "loss", "draw"].contains(&outcome.as_str()) {
        return None;
    }
    match cond.as_str() {
        "checkmate" => return Some(EndOption::Checkmate(outcome)),
        "stalemate" => return Some(EndOption::Stalemate(outcome)),
        _ => {}
    }
    if let Some(n) = cond.strip_suffix(" moves") {
        return (outcome == "draw")
            .then(|| n.parse().ok().map(EndOption::MoveRule))
            .flatten();
    }
    if let Some(n) = cond.strip_suffix(" repetitions by perpetual check") {
        return (outcome == "loss")
            .then(|| n.parse().ok().map(EndOption::PerpetualCheck))
            .flatten();
    }
    if let Some(n) = cond.strip_suffix(" repetitions") {
        return n.parse().ok().map(|n| EndOption::Repetition(n, outcome));
    }
    let piece = |s: &str| -> Option<(bool, Option<char>)> {
        let mut words = s.split(' ');
        let own = match words.next()? {
            "own" => true,
            "enemy" => false,
            _ => return None,
        };
        let letter = match words.next() {
            None => None,
            Some("royal") => Some(royal?),
            Some(w) if w.len() == 1 => w.chars().next().map(|c| c.to_ascii_uppercase()),
            _ => return None,
        };
        words.next().is_none().then_some((own, letter))
    };
    if let Some(inner) = cond.strip_prefix("not exists(").and_then(|c| c.strip_suffix(')')) {
        let (own, letter) = piece(inner)?;
        return Some(EndOption::Extinction {
            own,
            letter,
            count: 0,
            value: outcome,
        });
    }
    if let Some(rest) = cond.strip_prefix("count(") {
        let (inner, cmp) = rest.split_once(')')?;
        let n: u32 = cmp.trim().strip_prefix("<=")?.trim().parse().ok()?;
        let (own, letter) = piece(inner)?;
        return Some(EndOption::Extinction {
            own,
            letter,
            count: n,
            value: outcome,
        });
    }
    None
}

fn negate(v: &str) -> &str {
    match v {
        "win" => "loss",
        "loss" => "win",
        other => other,
    }
}
/// The ini being written and the reasons it cannot be.
struct Section {
    /// The lines written so far.
    ini: String,
    /// Every reason the variant cannot be written so.
    why: Vec<String>,
}

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
    let pieces = file.pieces.clone().unwrap_or_default();
    let royal = royal_piece(&mut s, &pieces);
    let start = file.start.as_ref().map(|x| x.value.clone()).unwrap_or_default();
    let start_fields: Vec<&str> = start.split_whitespace().collect();
    if start_fields.len() > 6 {
        s.why
            .push(format!("extra FEN fields (`{}`)", start_fields[6..].join(" ")));
    }
    let start_rows: Vec<&str> = start_fields.first().map(|b| b.split('/').collect()).unwrap_or_default();
    pieces_and_start(&mut s, &pieces, &start_fields, &start_rows, ranks);
    promotion(&mut s, &file, ranks);
    castling(&mut s, &file, royal, &start_rows, ranks);
    legality(&mut s, &file, royal);
    let ends = game_end(&mut s, &file, royal);
    if !s.why.is_empty() {
        return Err(s.why);
    }
    read_back(&variant, &s.ini, section, &ends)?;
    Ok(s.ini)
}

/// What Fairy-Stockfish has no option for: a random setup, effect rules
/// (but the duck's), passing, other clock resets, actions, counts,
/// shields.
fn effects(s: &mut Section, file: &VariantFile) {
    let (ini, why) = (&mut s.ini, &mut s.why);
    if file.setup.is_some() {
        why.push("a random setup (`setup`): Fairy-Stockfish starts from one FEN".to_string());
    }
    let rules: Vec<String> = file.rules.iter().flatten().map(|r| normalise(r)).collect();
    match rules.as_slice() {
        [] => {}
        // The one effect Fairy-Stockfish has an option for: the duck.
        [one] if one == DUCK_RULE => {
            let _ = writeln!(ini, "wallingRule = duck");
        }
        _ => why.push(format!(
            "effect rules (`rules`): Fairy-Stockfish has no effect sentences (only `{DUCK_RULE}`, its `wallingRule = duck`)"
        )),
    }
    if file.pass == Some(true) || file.pass_on_stalemate == Some(true) {
        // Fairy-Stockfish's own option, not yet written by kaboom.
        why.push("passing (`pass`; not yet written as Fairy-Stockfish's `pass`)".to_string());
    }
    if file
        .clock_resets
        .as_ref()
        .is_some_and(|c| c.as_slice() != crate::spec::ClockReset::DEFAULT)
    {
        // Fairy-Stockfish resets its clock as kaboom's default does.
        why.push("moves that reset the move-rule clock other than the default (`clock_resets`)".to_string());
    }
    if file.actions.as_ref().is_some_and(|a| !a.is_empty()) {
        why.push("side actions (`actions`)".to_string());
    }
    if file.counting.is_some() {
        why.push("a count of moves (`counting`; not yet written as Fairy-Stockfish's `countingRule`)".to_string());
    }
    if file.shields.as_ref().is_some_and(|s| !s.is_empty()) {
        why.push("shields (`shields`): Fairy-Stockfish has no effects to shield from".to_string());
    }
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

/// The one royal piece type, if any (several are refused).
fn royal_piece(s: &mut Section, pieces: &[crate::spec::PieceSpec]) -> Option<char> {
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
    ranks: u32,
) {
    let (ini, why) = (&mut s.ini, &mut s.why);
    let mut initial: Option<Vec<i64>> = None;
    let mut custom = 0;
    let mut move_rule = String::new();
    for p in pieces {
        let letter = p.letter.value.to_ascii_lowercase();
        if !p.actions.is_empty() {
            why.push(format!("piece {}: actions", p.letter.value));
        }
        if p.shield.is_some() {
            why.push(format!("piece {}: a shield", p.letter.value));
        }
        if p.within.is_some() {
            why.push(format!(
                "piece {}: `within` (not yet written as Fairy-Stockfish's mobilityRegion)",
                p.letter.value
            ));
        }
        if !p.moves_in.is_empty() {
            why.push(format!(
                "piece {}: other moves on some squares (`moves_in`)",
                p.letter.value
            ));
        }
        if !p.moves_along.is_empty() {
            why.push(format!(
                "piece {}: moves added along some squares (`moves_along`; Fairy-Stockfish's diagonalLines serves fixed piece types only)",
                p.letter.value
            ));
        }
        if p.cannot_hop.is_some() || p.cannot_capture.is_some() {
            why.push(format!(
                "piece {}: `cannot_hop` or `cannot_capture` (Fairy-Stockfish has no option for them)",
                p.letter.value
            ));
        }
        let template = p.moves.value.clone();
        if template.contains('i') {
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
                Some(r) if *r != ranks_of => why.push(format!(
                    "piece {}: initial moves on other ranks than another piece's (Fairy-Stockfish has one region)",
                    p.letter.value
                )),
                _ => initial = Some(ranks_of),
            }
        }
        if p.pawn {
            move_rule.push(letter);
        }
        if p.royal {
            if template == "K" {
                let _ = writeln!(ini, "king = {letter}");
            } else {
                let _ = writeln!(ini, "king = {letter}:{template}");
            }
        } else {
            custom += 1;
            if custom > MAX_CUSTOM {
                why.push(format!("more than {MAX_CUSTOM} non-royal piece types"));
                continue;
            }
            let _ = writeln!(ini, "customPiece{custom} = {letter}:{template}");
        }
    }
    let _ = writeln!(
        ini,
        "startFen = {}",
        start_fields.iter().take(6).copied().collect::<Vec<_>>().join(" ")
    );
    match &initial {
        Some(r) => {
            let _ = writeln!(ini, "doubleStep = true");
            let _ = writeln!(ini, "doubleStepRegionWhite = {}", rank_list(r, false, ranks));
            let _ = writeln!(ini, "doubleStepRegionBlack = {}", rank_list(r, true, ranks));
        }
        None => {
            let _ = writeln!(ini, "doubleStep = false");
        }
    }
    let _ = writeln!(
        ini,
        "nMoveRuleTypes = {}",
        if move_rule.is_empty() {
            "-".to_string()
        } else {
            move_rule
        }
    );
}

/// The ranks of `rs` (from White's side) as a region, for Black when
/// `black` (`*1 *2`, or `-` for none).
fn rank_list(rs: &[i64], black: bool, ranks: u32) -> String {
    let v: Vec<String> = rs
        .iter()
        .map(|r| format!("*{}", if black { ranks as i64 + 1 - r } else { *r }))
        .collect();
    if v.is_empty() { "-".to_string() } else { v.join(" ") }
}

/// The promotion rule (Fairy-Stockfish has one).
fn promotion(s: &mut Section, file: &VariantFile, ranks: u32) {
    let (ini, why) = (&mut s.ini, &mut s.why);
    let promotions = file.promotion.as_deref().unwrap_or_default();
    if promotions.len() > 1 {
        why.push("several promotion rules (Fairy-Stockfish has one, plus `promotedPieceType`)".to_string());
    }
    if promotions.iter().any(|p| p.from_zone) {
        why.push("promotion on moves leaving the zone (`from_zone`)".to_string());
    }
    if promotions.iter().any(|p| p.squares.is_some()) {
        why.push("promotion on squares given as a set (`squares`)".to_string());
    }
    if promotions.iter().any(|p| p.on_quiet) {
        why.push("promotion on moves that capture nothing only (`on_quiet`)".to_string());
    }
    if promotions.iter().any(|p| p.on_capture) {
        why.push("promotion on captures only (`on_capture`)".to_string());
    }
    if file.pieces.iter().flatten().any(|p| p.promoted_from.is_some()) {
        why.push("promoted forms of pieces (`promoted_from`)".to_string());
    }
    match promotions.first() {
        Some(pr) => {
            let rs: Vec<i64> = pr.ranks.value.iter().map(|&r| r as i64).collect();
            let _ = writeln!(ini, "promotionPawnTypes = {}", pr.pieces.value.to_lowercase());
            let _ = writeln!(ini, "promotionPieceTypes = {}", pr.choices.value.to_lowercase());
            let _ = writeln!(ini, "promotionRegionWhite = {}", rank_list(&rs, false, ranks));
            let _ = writeln!(ini, "promotionRegionBlack = {}", rank_list(&rs, true, ranks));
            let forced: Vec<bool> = pr.ranks.value.iter().map(|&r| pr.mandatory_on(r)).collect();
            if forced.iter().any(|&f| f != forced[0]) {
                why.push("promotion compulsory on some ranks only (`mandatory_ranks`)".to_string());
            }
            if let Some(limits) = pr.limits.as_ref().filter(|l| !l.value.is_empty()) {
                let list: Vec<String> = limits
                    .value
                    .iter()
                    .map(|(letter, n)| format!("{}:{n}", letter.to_ascii_lowercase()))
                    .collect();
                let _ = writeln!(ini, "promotionLimit = {}", list.join(" "));
            }
            let _ = writeln!(
                ini,
                "mandatoryPawnPromotion = {}",
                forced.first().copied().unwrap_or(true)
            );
        }
        None => {
            let _ = writeln!(ini, "promotionPieceTypes = -");
        }
    }
}

/// The castling rules, as the king's files and the rank.
fn castling(s: &mut Section, file: &VariantFile, royal: Option<char>, start_rows: &[&str], ranks: u32) {
    let (ini, why) = (&mut s.ini, &mut s.why);
    // Castling.
    let castling = file.castling.clone().unwrap_or_default();
    if castling.is_empty() {
        let _ = writeln!(ini, "castling = false");
    } else {
        let _ = writeln!(ini, "castling = true");
        let mut rank = None;
        let mut rooks = String::new();
        for c in &castling {
            let (Some(king), Some(rook)) = (&c.king, &c.rook) else {
                why.push("castling found from the setup (`side`, no squares)".to_string());
                continue;
            };
            if c.carry.is_some() {
                why.push("castling that carries pieces".to_string());
            }
            if c.by_drop.as_ref().is_some_and(|b| b.value) {
                why.push(
                    "castling rights gained by drops (`by_drop`; not yet written as `castlingDroppedPiece`)"
                        .to_string(),
                );
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
            if let Some(row) = start_rows.get((ranks - r.1) as usize) {
                let mut file_index = 0u32;
                let mut digits = String::new();
                for ch in row.chars() {
                    if ch.is_ascii_digit() {
                        digits.push(ch);
                        continue;
                    }
                    file_index += digits.parse::<u32>().unwrap_or(0);
                    digits.clear();
                    if file_index == r.0 && !rooks.contains(ch.to_ascii_lowercase()) {
                        rooks.push(ch.to_ascii_lowercase());
                    }
                    file_index += 1;
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

/// The legality rule: a king that may not be left attacked, or no king.
fn legality(s: &mut Section, file: &VariantFile, royal: Option<char>) {
    let why = &mut s.why;
    // Legality.
    let legal: Vec<String> = match &file.legal {
        Some(l) => l.iter().map(|s| normalise(s)).collect(),
        None => vec!["own royal not attacked".to_string()],
    };
    match (legal.as_slice(), royal) {
        ([one], Some(_)) if one == "own royal not attacked" => {}
        // A king in check moves only to take a lone checker (the clause
        // the importer writes for it).
        ([one, two], Some(_)) if one == "own royal not attacked" && *two == normalise(super::fsf_import::MAKPONG) => {
            let _ = writeln!(s.ini, "makpongRule = true");
        }
        ([], None) => {}
        _ => why.push(format!(
            "legality {:?}: Fairy-Stockfish's rule is a king that may not be left attacked, or no king",
            legal
        )),
    }
}

/// The end rules as Fairy-Stockfish's options; returns them as written.
fn game_end(s: &mut Section, file: &VariantFile, royal: Option<char>) -> Vec<String> {
    let (ini, why) = (&mut s.ini, &mut s.why);
    // Game end.
    let ends: Vec<String> = match &file.end {
        Some(e) => e.iter().map(|s| s.value.clone()).collect(),
        None => [
            "checkmate: loss",
            "stalemate: draw",
            "50 moves: draw",
            "3 repetitions: draw",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    };
    let mut extinction: Vec<(bool, Option<char>, u32, String)> = Vec::new();
    let (mut move_rule_n, mut repetition) = (0, (0, "draw".to_string()));
    let (mut checkmate, mut stalemate) = ("loss".to_string(), "draw".to_string());
    let mut perpetual = None;
    for e in &ends {
        match parse_end(e, royal) {
            Some(EndOption::Checkmate(v)) => checkmate = v,
            Some(EndOption::Stalemate(v)) => stalemate = v,
            Some(EndOption::MoveRule(n)) => move_rule_n = n,
            Some(EndOption::Repetition(n, v)) => repetition = (n, v),
            Some(EndOption::PerpetualCheck(n)) => perpetual = Some((n, e)),
            Some(EndOption::Extinction {
                own,
                letter,
                count,
                value,
            }) => extinction.push((own, letter, count, value)),
            None => why.push(format!("end rule `{e}` has no Fairy-Stockfish option")),
        }
    }
    let _ = writeln!(ini, "checkmateValue = {checkmate}\nstalemateValue = {stalemate}");
    let _ = writeln!(
        ini,
        "nMoveRule = {move_rule_n}\nnFoldRule = {}\nnFoldValue = {}",
        repetition.0, repetition.1
    );
    // Fairy-Stockfish's perpetual check rule reads its repetition count.
    match perpetual {
        Some((n, _)) if n == repetition.0 => {
            let _ = writeln!(ini, "perpetualCheckIllegal = true");
        }
        Some((_, e)) => why.push(format!(
            "end rule `{e}`: Fairy-Stockfish's perpetual check rule counts the repetitions of the plain rule"
        )),
        None => {}
    }
    if let Some((own, _, count, value)) = extinction.first().cloned() {
        let value = if own { value } else { negate(&value).to_string() };
        let types: String = extinction
            .iter()
            .filter(|e| e.0 == own)
            .map(|e| e.1.map_or('*', |c| c.to_ascii_lowercase()))
            .collect();
        let _ = writeln!(
            ini,
            "extinctionValue = {value}\nextinctionPieceTypes = {types}\nextinctionPieceCount = {count}"
        );
    }
    ends
}

/// Reads the written section back with the importer: the same end rules,
/// and the same perft counts to depth 2, or why not.
fn read_back(variant: &crate::Variant, ini: &str, section: &str, ends: &[String]) -> Result<(), Vec<String>> {
    // Read it back: the importer must give the same rules.
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
    let want: Vec<String> = ends.iter().map(|e| normalise(e)).collect();
    let reread = Loader::new()
        .load_text(&format!("{section}.ron"), &ron)
        .map_err(|_| vec!["reading it back failed".to_string()])?;
    let got: Vec<String> = reread.end.unwrap_or_default().iter().map(|e| normalise(e)).collect();
    if want != got {
        return Err(vec![format!(
            "end rules read back as {got:?}, not {want:?} (Fairy-Stockfish checks them in a fixed order)"
        )]);
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
