//! The summary `kaboom show` prints below the board, offered by the
//! library: a variant's pieces (moves, value, actions, shields), regions,
//! promotion, castling, the rules that fire after moves, the legality rule
//! and how the game ends. Defaults the file does not write are shown and
//! marked `(default)`.

use crate::check::{DEFAULT_END, DEFAULT_LEGAL};
use crate::compile::Variant;
use crate::spec::{ActionSpec, Spanned, VariantFile};
use std::fmt::Write;

impl Variant {
    /// What `kaboom show` prints below the board: the pieces' table (letter,
    /// name, moves, value, notes), the named regions, the actions, the
    /// promotion rules, castling, the rules, shields, the legality clauses
    /// and how the game ends, as the variant file writes them (its parents
    /// merged; defaults it leaves out marked `(default)`).
    ///
    /// ```
    /// use kaboom::Variant;
    /// let chess = Variant::load("chess").unwrap();
    /// let summary = chess.summary();
    /// assert!(summary.contains("castling (White's; Black's mirror them):"));
    /// assert!(summary.lines().any(|l| l.starts_with("K ") && l.contains("royal")));
    /// ```
    pub fn summary(&self) -> String {
        let empty = VariantFile::default();
        summary(self, self.file.as_deref().unwrap_or(&empty))
    }
}

/// Rows of cells as a table: every column as wide as its widest cell.
fn table(rows: &[Vec<String>], indent: &str) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = indent.to_string();
        for (c, cell) in row.iter().enumerate() {
            if c + 1 == row.len() {
                line.push_str(cell);
            } else {
                let _ = write!(line, "{cell:<w$}  ", w = widths[c]);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// One action in words: how it targets, its conditions and its effect.
fn action(a: &ActionSpec) -> String {
    let mut parts = Vec::new();
    if let Some(moves) = &a.moves {
        parts.push(format!("targets: moves {}", moves.value));
    }
    if let Some(target) = &a.target {
        parts.push(format!("targets: {}", target.value));
    }
    if let Some(stays) = a.stays {
        parts.push(if stays { "stays" } else { "moves to the target" }.to_string());
    }
    if a.once {
        parts.push("once per game".to_string());
    }
    if let Some(when) = &a.when {
        parts.push(format!("when: {}", when.value));
    }
    if a.compel {
        parts.push("compels the piece there to move".to_string());
    }
    if a.promotes {
        parts.push("promotes".to_string());
    }
    if let Some(effect) = &a.effect {
        parts.push(format!("effect: {}", effect.value));
    }
    parts.join("; ")
}

fn sentences(out: &mut String, title: &str, written: Option<&Vec<Spanned<String>>>, default: &[&str], none: &str) {
    let _ = write!(out, "\n{title}:");
    match written {
        Some(list) if list.is_empty() => {
            let _ = writeln!(out, " none: {none}");
        }
        Some(list) => {
            out.push('\n');
            for s in list {
                let _ = writeln!(out, "  {}", s.value);
            }
        }
        None => {
            out.push_str(" (default)\n");
            for s in default {
                let _ = writeln!(out, "  {s}");
            }
        }
    }
}

/// Everything below the board.
fn summary(variant: &Variant, file: &VariantFile) -> String {
    let mut out = String::new();
    let mut abilities = Vec::new();
    let rows = piece_rows(variant, file, &mut abilities);
    out.push('\n');
    out.push_str(&table(&rows, ""));
    regions(&mut out, file);
    for a in file.actions.as_deref().unwrap_or_default() {
        abilities.push(vec!["(side)".to_string(), a.name.value.clone(), action(a)]);
    }
    if !abilities.is_empty() {
        let _ = writeln!(out, "\nactions (each instead of a move):");
        out.push_str(&table(&abilities, "  "));
    }
    promotion(&mut out, file);
    castling(&mut out, variant);
    rules_and_sentences(&mut out, file);
    out
}

/// The pieces' table (a header row, then one row per piece), collecting
/// each piece's actions into `abilities`.
fn piece_rows(variant: &Variant, file: &VariantFile, abilities: &mut Vec<Vec<String>>) -> Vec<Vec<String>> {
    let specs = file.pieces.as_deref().unwrap_or_default();
    let mut rows = vec![vec![
        "letter".to_string(),
        "name".to_string(),
        "moves".to_string(),
        "value".to_string(),
        "notes".to_string(),
    ]];
    for p in variant.pieces() {
        let spec = specs.iter().find(|s| s.letter.value == p.letter);
        let mut notes = Vec::new();
        if p.royal {
            notes.push("royal".to_string());
        }
        if p.pawn {
            notes.push("pawn".to_string());
        }
        if let Some(base) = p.promoted_from {
            let letter = variant.pieces()[base.index()].letter;
            notes.push(format!("promoted {letter}, written +{letter}"));
        }
        if let Some(spec) = spec {
            if let Some(shield) = &spec.shield {
                let against: Vec<&str> = shield.against.iter().map(|a| a.value.as_str()).collect();
                notes.push(format!(
                    "shield: radius {} against {}",
                    shield.radius.value,
                    against.join(", ")
                ));
            }
            if let Some(within) = &spec.within {
                notes.push(format!("within {}", within.value));
            }
            for m in &spec.moves_in {
                notes.push(format!("on {}: {}", m.squares.value, m.moves.value));
            }
            if !spec.actions.is_empty() {
                let names: Vec<&str> = spec.actions.iter().map(|a| a.name.value.as_str()).collect();
                notes.push(format!("actions: {}", names.join(", ")));
            }
            for a in &spec.actions {
                abilities.push(vec![p.letter.to_string(), a.name.value.clone(), action(a)]);
            }
        }
        rows.push(vec![
            p.letter.to_string(),
            p.name.clone(),
            p.template.clone(),
            p.value.to_string(),
            notes.join("; "),
        ]);
    }
    rows
}

/// The named regions, if any.
fn regions(out: &mut String, file: &VariantFile) {
    let named = file.regions.as_deref().unwrap_or_default();
    if !named.is_empty() {
        let _ = writeln!(out, "\nregions (ranks counted from each side):");
        for r in named {
            let text = |s: &Option<Spanned<String>>| s.as_ref().map_or("", |s| s.value.as_str()).to_string();
            let squares = match &r.squares {
                Some(s) => s.value.clone(),
                None => format!("White {}; Black {}", text(&r.white), text(&r.black)),
            };
            let _ = writeln!(out, "  {}: {squares}", r.name.value);
        }
    }
}

/// The promotion rules, one line each.
fn promotion(out: &mut String, file: &VariantFile) {
    let promotions = file.promotion.as_deref().unwrap_or_default();
    if promotions.is_empty() {
        out.push_str("\npromotion: none\n");
    }
    if promotions.len() > 1 {
        out.push_str("\npromotion, a rule per piece:\n");
    }
    for p in promotions {
        let ranks: Vec<String> = p.ranks.value.iter().map(u32::to_string).collect();
        let optional: Vec<String> = p
            .ranks
            .value
            .iter()
            .filter(|&&r| !p.mandatory_on(r))
            .map(u32::to_string)
            .collect();
        let optional = if optional.is_empty() {
            String::new()
        } else if optional.len() == ranks.len() {
            ", optional".to_string()
        } else {
            format!(", optional on {}", optional.join(", "))
        };
        let limits: Vec<String> = p
            .limits
            .iter()
            .flat_map(|l| &l.value)
            .map(|(letter, n)| format!("{letter} while fewer than {n}"))
            .collect();
        let leaving = if p.from_zone { ", or leaving them" } else { "" };
        let leaving = if p.on_quiet {
            format!("{leaving}, when not capturing")
        } else {
            leaving.to_string()
        };
        let leaving = leaving.as_str();
        let leaving = match (p.on_capture, p.en_passant) {
            (true, true) => format!("{leaving}, when capturing"),
            (true, false) => format!("{leaving}, when capturing but not en passant"),
            (false, true) => leaving.to_string(),
            (false, false) => format!("{leaving}, except capturing en passant"),
        };
        let limits = if limits.is_empty() {
            String::new()
        } else {
            format!(" ({})", limits.join(", "))
        };
        let lead = if promotions.len() > 1 { "  " } else { "\npromotion: " };
        if let Some(squares) = &p.squares {
            let optional = if p.mandatory == Some(false) { ", optional" } else { "" };
            let _ = writeln!(
                out,
                "{lead}{} on the squares {} (read for its side){leaving} to one of {}{limits}{optional}",
                p.pieces.value, squares.value, p.choices.value,
            );
            continue;
        }
        let _ = writeln!(
            out,
            "{lead}{} on rank{} {} (counted from its side){leaving} to one of {}{limits}{optional}",
            p.pieces.value,
            if ranks.len() == 1 { "" } else { "s" },
            ranks.join(", "),
            p.choices.value,
        );
    }
}

/// The castling moves, White's (Black's mirror them).
fn castling(out: &mut String, variant: &Variant) {
    let g = variant.geometry();
    // One line per castling move; a move that may bring pieces along is
    // compiled once per combination of them: list each piece once.
    let mut moves: Vec<(String, Vec<String>)> = Vec::new();
    for c in variant
        .castling_rules()
        .iter()
        .filter(|c| c.side == crate::base::square::Color::White)
    {
        let head = format!(
            "{}: king {}-{}, rook {}-{}",
            c.letter,
            g.name(c.king_from),
            g.name(c.king_to),
            g.name(c.rook_from),
            g.name(c.rook_to)
        );
        let index = match moves.iter().position(|(h, _)| *h == head) {
            Some(i) => i,
            None => {
                moves.push((head, Vec::new()));
                moves.len() - 1
            }
        };
        for &(from, to) in &c.carry {
            let piece = format!("{}-{}", g.name(from), g.name(to));
            if !moves[index].1.contains(&piece) {
                moves[index].1.push(piece);
            }
        }
    }
    let lines: Vec<String> = moves
        .into_iter()
        .map(|(head, carried)| {
            if carried.is_empty() {
                head
            } else {
                format!("{head}, may bring along {} (each if unmoved)", carried.join(", "))
            }
        })
        .collect();
    if lines.is_empty() {
        out.push_str("castling: none\n");
    } else {
        out.push_str("castling (White's; Black's mirror them):\n");
        for c in lines {
            let _ = writeln!(out, "  {c}");
        }
    }
}

/// The rules, shields, legality clauses and end rules as written.
fn rules_and_sentences(out: &mut String, file: &VariantFile) {
    let rules = file.rules.as_ref();
    let _ = write!(out, "\nrules:");
    match rules {
        Some(list) if !list.is_empty() => {
            out.push('\n');
            for r in list {
                let _ = writeln!(out, "  {}", r.value);
            }
        }
        _ => out.push_str(" none\n"),
    }
    if let Some(shields) = file.shields.as_ref().filter(|s| !s.is_empty()) {
        out.push_str("\nshields (for each side):\n");
        for s in shields {
            let _ = writeln!(out, "  {}", s.value);
        }
    }
    sentences(
        out,
        "legal (every move, for the side that moved)",
        file.legal.as_ref(),
        DEFAULT_LEGAL,
        "every move is legal, royal pieces may be left attacked",
    );
    sentences(
        out,
        "end (checked in order, for the side to move)",
        file.end
            .as_ref()
            .map(|l| {
                l.iter()
                    .map(|e| match &e.name {
                        Some(name) => Spanned::unplaced(format!("{} (named \"{}\")", e.value, name.value)),
                        None => e.rule.clone(),
                    })
                    .collect()
            })
            .as_ref(),
        DEFAULT_END,
        "the game never ends by a rule",
    );
}
