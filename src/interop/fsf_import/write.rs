//! The one writer of an imported variant file: the parts the passes built,
//! in a fixed field order, as RON text with a comment that says where the
//! variant came from. Every string is quoted by [`ron_string`].

use super::refusal::ron_string;
use super::start_fen::StartFen;
use super::state::Origin;
use std::fmt::Write as _;

/// Every part of a variant file the passes built, ready to write.
pub(super) struct Draft<'a> {
    /// The variant's name.
    pub name: &'a str,
    /// Where the section was written.
    pub header: &'a Origin,
    /// The board's files and ranks.
    pub board: [u8; 2],
    /// Regions with each side's squares, each a RON value.
    pub regions: Vec<String>,
    /// The `pieces` entries, one line each.
    pub pieces: String,
    /// The start position in kaboom's FEN.
    pub start: String,
    /// The promotion rules, each a RON value.
    pub promotion: Vec<String>,
    /// The `drops` field, a whole line, or empty.
    pub drops: String,
    /// The `castling` entries, one line each, or empty.
    pub castling: String,
    /// Castling is written king-takes-rook (Chess960).
    pub chess960: bool,
    /// `pieceDemotion`: a promotion to a promoted form does not reset the
    /// move rule's clock.
    pub piece_demotion: bool,
    /// The effect rules, as sentences.
    pub rules: Vec<String>,
    /// The side action, a RON value, if walls are put up instead of moves.
    pub action: Option<String>,
    /// The legality clauses, as sentences.
    pub legal: Vec<String>,
    /// `pass` and `pass_on_stalemate`.
    pub pass: [bool; 2],
    /// The `counting` field, a whole line.
    pub counting: Option<String>,
    /// The end rules, as sentences.
    pub end: Vec<String>,
}

/// The start position's FEN as kaboom writes it: the castling rights
/// kept, empty hands written where there are drops.
pub(super) fn start_fen(f: &StartFen, kept_rights: &str, drops: bool) -> String {
    let rights = if kept_rights.is_empty() { "-" } else { kept_rights };
    // A variant with drops writes the hands, empty ones too.
    let board = if drops && !f.board.contains('[') {
        format!("{}[]", f.board)
    } else {
        f.board.clone()
    };
    let checks = f.checks.map(|(w, b)| format!(" {w}+{b}")).unwrap_or_default();
    format!("{board} {} {rights} {}{checks} {}", f.side, f.ep, f.clocks)
}

/// The variant file `d` describes.
pub(super) fn write(d: &Draft<'_>) -> String {
    let mut out = String::new();
    let header = d.header;
    let place = if header.builtin {
        format!("Fairy-Stockfish's built-in variant `{}`", header.section)
    } else {
        format!(
            "section [{}] (line {}) of a Fairy-Stockfish variants.ini",
            header.section, header.line
        )
    };
    let _ = writeln!(out, "// Converted by `kaboom import` from {place}.");
    out.push_str("(\n");
    let _ = writeln!(out, "    name: {},", ron_string(d.name));
    let _ = writeln!(
        out,
        "    description: {},",
        ron_string(&format!("Imported from {place}."))
    );
    let [files, ranks] = d.board;
    let _ = writeln!(out, "    board: (files: {files}, ranks: {ranks}),");
    if !d.regions.is_empty() {
        let _ = writeln!(out, "    regions: [{}],", d.regions.join(", "));
    }
    let _ = writeln!(out, "    pieces: [\n{}    ],", d.pieces);
    let _ = writeln!(out, "    start: {},", ron_string(&d.start));
    match d.promotion.as_slice() {
        [] => {}
        [one] => {
            let _ = writeln!(out, "    promotion: {one},");
        }
        many => {
            let _ = writeln!(out, "    promotion: [\n        {},\n    ],", many.join(",\n        "));
        }
    }
    out.push_str(&d.drops);
    if !d.castling.is_empty() {
        let _ = writeln!(out, "    castling: [\n{}    ],", d.castling);
        if d.chess960 {
            let _ = writeln!(out, "    castling_notation: KingTakesRook,");
        }
    }
    if d.piece_demotion || d.action.is_some() {
        // Fairy-Stockfish's clock runs on over a promotion to a promoted
        // form where forms may turn back (`pieceDemotion`); a wall instead
        // of a move resets it where the first piece is a pawn (walling.rs).
        let forms = if d.piece_demotion { "" } else { " PromotedForms," };
        let walls = if d.action.is_some() { ", FirstPawnActions" } else { "" };
        let _ = writeln!(
            out,
            "    clock_resets: [Captures, PawnMoves, Promotions,{forms} Drops{walls}],"
        );
    }
    if let Some(action) = &d.action {
        let _ = writeln!(out, "    actions: [\n        {action},\n    ],");
    }
    if !d.rules.is_empty() {
        let _ = writeln!(out, "    rules: [{}],", quoted(&d.rules).join(", "));
    }
    if d.legal != ["own royal not attacked"] {
        let _ = writeln!(out, "    legal: [{}],", quoted(&d.legal).join(", "));
    }
    if d.pass[0] {
        out.push_str("    pass: true,\n");
    } else if d.pass[1] {
        out.push_str("    pass_on_stalemate: true,\n");
    }
    if let Some(field) = &d.counting {
        out.push_str(field);
    }
    let end: Vec<String> = quoted(&d.end).iter().map(|e| format!("        {e},\n")).collect();
    let _ = writeln!(out, "    end: [\n{}    ],", end.concat());
    out.push_str(")\n");
    out
}

/// Each sentence as a RON string.
fn quoted(sentences: &[String]) -> Vec<String> {
    sentences.iter().map(|s| ron_string(s)).collect()
}
