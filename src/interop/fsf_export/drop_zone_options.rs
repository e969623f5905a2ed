//! The drop zones (`zones`) as Fairy-Stockfish's drop options: one drop
//! region (`dropRegionWhite`, `dropRegionBlack`), less where a piece could
//! never move again (`immobilityIllegal`), the pawn's limits
//! (`firstRankPawnDrops`, `promotionZonePawnDrops`), one type barred from
//! files holding its own (`dropNoDoubled`, `dropNoDoubledCount`), and the
//! narrowings of `enclosingDrop` (`top`, `anyside`, reversi and the like).
//! The options are found by trying the few that could give the zones and
//! working out, as the importer does, each piece's squares under them:
//! only options that give every piece exactly its zone are written.

use super::squares::{Bits, Board};
use crate::base::square::Color;
use crate::base::vocabulary::SideFilter;
use crate::lang::effect_syntax::{NamedSet, SetExpr, SetOp, parse_set};
use crate::spec::{DropsSpec, VariantFile};
use std::fmt::Write as _;

/// How every zone is narrowed beyond fixed squares.
#[derive(Clone, PartialEq, Debug)]
enum Narrowing {
    /// Fixed squares only.
    None,
    /// `enclosingDrop = top`: White's first rank or right above a piece.
    Top,
    /// `enclosingDrop = anyside`: pushed in from any side.
    AnySide,
    /// `enclosingDrop` reversi, ataxx, snort (and its start squares): the
    /// option lines.
    Enclosing(Vec<String>),
}

/// One zone read: its fixed squares per side, a file count barring it
/// (`dropNoDoubledCount`), its narrowing.
struct Zone {
    squares: [Bits; 2],
    no_doubled: Option<u8>,
    narrowing: Narrowing,
}

/// A piece that may be held, and where it must be droppable.
struct Held {
    letter: char,
    pawn: bool,
    stuck: [Bits; 2],
    squares: [Bits; 2],
    no_doubled: Option<u8>,
}

/// The options tried for a drop region.
#[derive(Clone, Copy)]
struct Options {
    region: [Bits; 2],
    immobility: bool,
    first_rank: bool,
    promotion_zone: bool,
}

/// Writes the drop options that give every piece its zone, or why none
/// do. Returns whether the zones hold squares where a piece could never
/// move again: then no other option may set `immobilityIllegal`.
pub(super) fn write(
    ini: &mut String,
    why: &mut Vec<String>,
    file: &VariantFile,
    d: &DropsSpec,
    board: &Board<'_>,
) -> bool {
    let (held, narrowing) = match wanted(file, d, board) {
        Ok(x) => x,
        Err(reason) => {
            why.push(reason);
            return false;
        }
    };
    let Some((options, zero)) = search(&held, &narrowing, file, board) else {
        why.push("drop zones (`zones`) that no Fairy-Stockfish drop options give: one drop region for every piece, less where a piece could never move again (`immobilityIllegal`), the pawn's first rank and promotion zone, one type's files holding its own (`dropNoDoubled`), `enclosingDrop`".to_string());
        return false;
    };
    let all = [Color::White, Color::Black].map(|c| board.eval_text("all", c).unwrap_or(0));
    match &narrowing {
        Narrowing::Top => {
            let _ = writeln!(ini, "enclosingDrop = top");
        }
        Narrowing::AnySide => {
            let _ = writeln!(ini, "enclosingDrop = anyside");
        }
        Narrowing::Enclosing(lines) => {
            for line in lines {
                let _ = writeln!(ini, "{line}");
            }
        }
        Narrowing::None => {}
    }
    if narrowing != Narrowing::AnySide && options.region != all {
        let _ = writeln!(
            ini,
            "dropRegionWhite = {}\ndropRegionBlack = {}",
            board.fsf(options.region[0]),
            board.fsf(options.region[1])
        );
    }
    if narrowing != Narrowing::AnySide && held.iter().any(|h| h.pawn) {
        let _ = writeln!(
            ini,
            "firstRankPawnDrops = {}\npromotionZonePawnDrops = {}",
            options.first_rank, options.promotion_zone
        );
    }
    if options.immobility {
        let _ = writeln!(ini, "immobilityIllegal = true");
    }
    let barred = held.iter().find_map(|h| h.no_doubled.map(|n| (h.letter, n)));
    if let Some((letter, n)) = barred.or(zero.map(|l| (l, 0))) {
        let _ = writeln!(ini, "dropNoDoubled = {}", letter.to_ascii_lowercase());
        if n != 1 {
            let _ = writeln!(ini, "dropNoDoubledCount = {n}");
        }
    }
    !options.immobility && held.iter().any(|h| (0..2).any(|c| h.squares[c] & h.stuck[c] != 0))
}

/// Each piece that may be held and its zone, and the narrowing every
/// zone shares; or why they cannot be read so.
fn wanted(file: &VariantFile, d: &DropsSpec, board: &Board<'_>) -> Result<(Vec<Held>, Narrowing), String> {
    let all = [Color::White, Color::Black].map(|c| board.eval_text("all", c).unwrap_or(0));
    // Royal pieces are held where the hand holds them, or where a zone
    // names them (a royal piece Fairy-Stockfish holds as another type);
    // promoted forms only where captures go to the hand and keep them
    // (`dropLoop`): no start hand holds a promoted form.
    let named = |l: char| d.zones.iter().any(|z| z.pieces.value.contains(l));
    let mut held: Vec<Held> = file
        .pieces
        .iter()
        .flatten()
        .filter(|p| !p.royal || d.hold_royal || named(p.letter.value))
        .filter(|p| p.promoted_from.is_none() || d.captures_to_hand && !d.demote_captured)
        .map(|p| Held {
            letter: p.letter.value.to_ascii_uppercase(),
            pawn: super::builtin::builtin_name(p, &p.moves.value) == Some("pawn"),
            stuck: stuck_squares(&p.moves.value, board),
            squares: all,
            no_doubled: None,
        })
        .collect();
    let mut narrowing = None;
    let mut named = Vec::new();
    for z in &d.zones {
        let letters: Vec<char> = z.pieces.value.chars().map(|c| c.to_ascii_uppercase()).collect();
        let zone = read_zone(&z.squares.value, &letters, board).ok_or_else(|| {
            format!(
                "the drop zone `{}`: Fairy-Stockfish's drop region is fixed squares (narrowed by `enclosingDrop`, less files holding a type's own, `dropNoDoubled`)",
                z.squares.value
            )
        })?;
        if narrowing.as_ref().is_some_and(|n| *n != zone.narrowing) {
            return Err(
                "drop zones narrowed in different ways (`zones`): Fairy-Stockfish has one `enclosingDrop`".to_string(),
            );
        }
        narrowing = Some(zone.narrowing.clone());
        for letter in letters {
            let Some(h) = held.iter_mut().find(|h| h.letter == letter) else {
                return Err(format!("the drop zone of `{letter}`, which is never held"));
            };
            if named.contains(&letter) {
                return Err(format!("piece {letter} in two drop zones"));
            }
            named.push(letter);
            (h.squares, h.no_doubled) = (zone.squares, zone.no_doubled);
        }
    }
    let narrowing = narrowing.unwrap_or(Narrowing::None);
    if narrowing != Narrowing::None && held.iter().any(|h| !named.contains(&h.letter)) {
        return Err("a piece without a drop zone where the others' are narrowed: Fairy-Stockfish's `enclosingDrop` narrows every piece's".to_string());
    }
    if held.iter().filter(|h| h.no_doubled.is_some()).count() > 1 {
        return Err(
            "several types barred from files holding their own: Fairy-Stockfish's `dropNoDoubled` is one type"
                .to_string(),
        );
    }
    Ok((held, narrowing))
}

/// A zone's sentence as the importer writes it: fixed squares, narrowed
/// by `enclosingDrop`, less the files holding `n` of the piece's own.
fn read_zone(text: &str, letters: &[char], board: &Board<'_>) -> Option<Zone> {
    let mut set = parse_set(text).ok()?;
    let mut no_doubled = None;
    if let SetExpr::Binary(SetOp::Difference, base, lines) = &set
        && let SetExpr::Lines(own, template, n, _) = &**lines
        && matches!(&**own, SetExpr::Pieces(SideFilter::Own, Some(k))
            if !k.negate && !k.royal && k.letters.iter().map(|(c, _)| *c).eq(letters.iter().copied()))
        && template.text == "vR"
        && letters.len() == 1
    {
        no_doubled = Some(*n);
        set = (**base).clone();
    }
    let printed = |s: &str| parse_set(s).ok().map(|x| x.to_string());
    let (files, ranks) = (u8::try_from(board.files).ok()?, u8::try_from(board.ranks).ok()?);
    let any_side = printed(&super::super::fsf_import::any_side_squares(files, ranks))?;
    let top = printed("white ranks(1) + white lines(any, fW)")?;
    let (base, narrowing) = if set.to_string() == any_side {
        (parse_set("all").ok()?, Narrowing::AnySide)
    } else if let SetExpr::Binary(SetOp::Intersection, base, rest) = &set {
        let rest_text = rest.to_string();
        if rest_text == any_side {
            ((**base).clone(), Narrowing::AnySide)
        } else if rest_text == top {
            ((**base).clone(), Narrowing::Top)
        } else if let Some(lines) = enclosing(rest, board) {
            ((**base).clone(), Narrowing::Enclosing(lines))
        } else {
            (set.clone(), Narrowing::None)
        }
    } else {
        (set.clone(), Narrowing::None)
    };
    let squares = [board.eval(&base, Color::White)?, board.eval(&base, Color::Black)?];
    Some(Zone {
        squares,
        no_doubled,
        narrowing,
    })
}

/// The squares `enclosingDrop` leaves for the side that drops, by its
/// value, as the importer writes them.
const ENCLOSING: &[(&str, &str)] = &[
    ("adjacent(enemy) & enclosing(empty, Q, through blocked)", "reversi"),
    ("adjacent(own)", "ataxx"),
    ("all - manhattan(enemy, 1)", "snort"),
];

/// The `enclosingDrop` options a zone's narrowing is: the rule's squares,
/// or while a start square is empty only those.
fn enclosing(rest: &SetExpr, board: &Board<'_>) -> Option<Vec<String>> {
    let printed = rest.to_string();
    let rule = |s: &str| {
        ENCLOSING
            .iter()
            .find(|(text, _)| parse_set(text).is_ok_and(|r| r.to_string() == s))
            .map(|(_, v)| format!("enclosingDrop = {v}"))
    };
    if let Some(line) = rule(&printed) {
        return Some(vec![line]);
    }
    // `(START & empty) + ((RULE) - area(START & empty, far))`.
    let SetExpr::Binary(SetOp::Union, start, others) = rest else {
        return None;
    };
    let SetExpr::Binary(SetOp::Intersection, squares, empty) = &**start else {
        return None;
    };
    let SetExpr::Binary(SetOp::Difference, r, _) = &**others else {
        return None;
    };
    if **empty != SetExpr::Named(NamedSet::Empty) {
        return None;
    }
    let line = rule(&r.to_string())?;
    let start = board.eval(squares, Color::White)?;
    Some(vec![line, format!("enclosingDropStart = {}", board.fsf(start))])
}

/// The options that give every piece its zone, and the piece never
/// dropped by `dropNoDoubledCount = 0`, if any.
fn search(
    held: &[Held],
    narrowing: &Narrowing,
    file: &VariantFile,
    board: &Board<'_>,
) -> Option<(Options, Option<char>)> {
    let all = [Color::White, Color::Black].map(|c| board.eval_text("all", c).unwrap_or(0));
    let first = [Color::White, Color::Black].map(|c| board.eval_text("ranks(1..1)", c).unwrap_or(0));
    let promotion = pawn_promotion_zone(file, held, board);
    let mut regions = vec![all];
    for h in held {
        for extra in [[0, 0], h.stuck, [first[0] | promotion[0], first[1] | promotion[1]]] {
            let r = [0, 1].map(|c| (h.squares[c] | extra[c]) & all[c]);
            if !regions.contains(&r) {
                regions.push(r);
            }
        }
    }
    let stuck_any = held.iter().any(|h| h.stuck != [0, 0]);
    let pawn = held.iter().any(|h| h.pawn);
    for immobility in [false, true] {
        if immobility && !stuck_any {
            break;
        }
        for (first_rank, promotion_zone) in [(false, false), (true, false), (false, true), (true, true)] {
            if !pawn && (first_rank || promotion_zone) {
                continue;
            }
            for &region in &regions {
                let o = Options {
                    region,
                    immobility,
                    first_rank,
                    promotion_zone,
                };
                if let Some(zero) = gives(held, narrowing, o, first, promotion, all) {
                    return Some((o, zero));
                }
            }
        }
    }
    None
}

/// Whether the options give every piece its zone, as the importer works
/// them out; with the piece never dropped (`dropNoDoubledCount = 0`).
fn gives(
    held: &[Held],
    narrowing: &Narrowing,
    o: Options,
    first: [Bits; 2],
    promotion: [Bits; 2],
    all: [Bits; 2],
) -> Option<Option<char>> {
    let mut zero = None;
    let explicit = held.iter().any(|h| h.no_doubled.is_some());
    for h in held {
        let got = [0, 1].map(|c| {
            let stuck = if o.immobility { h.stuck[c] } else { 0 };
            if *narrowing == Narrowing::AnySide {
                return all[c] & !stuck;
            }
            let mut z = o.region[c] & !stuck;
            if h.pawn {
                if !o.promotion_zone {
                    z &= !promotion[c];
                }
                if !o.first_rank {
                    z &= !first[c];
                }
            }
            z
        });
        if got == h.squares {
            continue;
        }
        // Barred from every file: `dropNoDoubledCount = 0`.
        if h.squares == [0, 0] && !explicit && zero.is_none() && *narrowing != Narrowing::AnySide {
            zero = Some(h.letter);
            continue;
        }
        return None;
    }
    if *narrowing == Narrowing::AnySide && explicit {
        return None;
    }
    Some(zero)
}

/// Each side's squares of the pawn's promotion zone (its first rule's
/// ranks, or its squares where it promotes on a set).
fn pawn_promotion_zone(file: &VariantFile, held: &[Held], board: &Board<'_>) -> [Bits; 2] {
    let Some(pawn) = held.iter().find(|h| h.pawn).map(|h| h.letter) else {
        return [0, 0];
    };
    let sets: Vec<String> = file
        .promotion
        .iter()
        .flatten()
        .find(|p| p.pieces.value.contains(pawn))
        .map(|p| match &p.squares {
            Some(s) => vec![s.value.clone()],
            None => p.ranks.value.iter().map(|r| format!("ranks({r}..{r})")).collect(),
        })
        .unwrap_or_default();
    [Color::White, Color::Black].map(|c| sets.iter().filter_map(|r| board.eval_text(r, c)).fold(0, |a, b| a | b))
}

/// Each side's squares from which a piece moving by `template` has no
/// plain move on the empty board (Fairy-Stockfish's `immobilityIllegal`
/// bars drops there), as the importer works them out.
fn stuck_squares(template: &str, board: &Board<'_>) -> [Bits; 2] {
    let Ok(t) = crate::lang::betza::parse(template) else {
        return [0, 0];
    };
    let (files, ranks) = (board.files as i32, board.ranks as i32);
    let mut out = [0, 0];
    for r in 0..ranks {
        for f in 0..files {
            let moves = t.components.iter().any(|c| {
                c.quiet
                    && !c.initial
                    && c.vectors
                        .iter()
                        .any(|&(dx, dy)| (0..files).contains(&(f + dx)) && (0..ranks).contains(&(r + dy)))
            });
            if !moves {
                // White's square, and Black's the mirror image.
                out[0] |= 1 << (r * files + f);
                out[1] |= 1 << ((ranks - 1 - r) * files + f);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(text: &str) -> (String, Vec<String>) {
        let file = crate::spec::Loader::new()
            .load_text("t.ron", text)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let board = Board {
            files: 9,
            ranks: 9,
            regions: &[],
        };
        let (mut ini, mut why) = (String::new(), Vec::new());
        write(&mut ini, &mut why, &file, file.drops.as_ref().unwrap(), &board);
        (ini, why)
    }

    fn shogi_like(zones: &str) -> String {
        format!(
            "(name: \"t\", board: (files: 9, ranks: 9), pieces: [(letter: 'K', name: \"king\", moves: \"K\", royal: true), \
             (letter: 'P', name: \"shogiPawn\", moves: \"fW\"), (letter: 'L', name: \"lance\", moves: \"fR\"), \
             (letter: 'N', name: \"shogiKnight\", moves: \"ffN\"), (letter: 'G', name: \"gold\", moves: \"WfF\")], \
             start: \"4k4/9/9/9/9/9/9/9/4K4[PLNGplng] w - - 0 1\", drops: (captures_to_hand: true, zones: [{zones}]))"
        )
    }

    #[test]
    fn zones_less_where_pieces_are_stuck_are_immobility_and_no_doubled_pawns() {
        let (ini, why) = options(&shogi_like(
            "(pieces: \"P\", squares: \"(ranks(1..8)) - lines(own P, vR)\"), (pieces: \"L\", squares: \"ranks(1..8)\"), (pieces: \"N\", squares: \"ranks(1..7)\")",
        ));
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(ini, "immobilityIllegal = true\ndropNoDoubled = p\n");
    }

    #[test]
    fn zones_no_options_give_are_refused() {
        // The knight barred from one rank more than it is stuck on.
        let (_, why) = options(&shogi_like(
            "(pieces: \"L\", squares: \"ranks(1..8)\"), (pieces: \"N\", squares: \"ranks(1..6)\")",
        ));
        assert_eq!(why.len(), 1, "{why:?}");
    }

    #[test]
    fn a_pawn_promoting_on_a_set_keeps_out_of_it_and_unheld_forms_need_no_zone() {
        // Captures stay off the hand: the promoted form is never held.
        // The pawn's zone is the region less its first rank and its
        // promotion set (a region).
        let text = "(name: \"t\", board: (files: 9, ranks: 9), regions: [(name: \"pz\", white: \"ranks(8..9)\", black: \"ranks(7..9)\"), (name: \"dz\", white: \"ranks(2..7)\", black: \"ranks(2..6)\")], \
             pieces: [(letter: 'K', name: \"king\", moves: \"K\", royal: true), (letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", pawn: true, initial_ranks: [2]), \
             (letter: 'G', name: \"gold\", moves: \"WfF\"), (letter: 'A', name: \"promoted pawn\", moves: \"K\", promoted_from: 'P')], \
             start: \"4k4/9/9/9/9/9/9/9/4K4[PGpg] w - - 0 1\", \
             promotion: [(pieces: \"P\", squares: \"pz\", choices: \"A\", mandatory: true, from_zone: true)], \
             drops: (captures_to_hand: false, zones: [(pieces: \"P\", squares: \"dz\")]))";
        let file = crate::spec::Loader::new()
            .load_text("t.ron", text)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let board = Board {
            files: 9,
            ranks: 9,
            regions: file.regions.as_deref().unwrap_or_default(),
        };
        let (mut ini, mut why) = (String::new(), Vec::new());
        write(&mut ini, &mut why, &file, file.drops.as_ref().unwrap(), &board);
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(ini, "firstRankPawnDrops = false\npromotionZonePawnDrops = false\n");
    }

    #[test]
    fn one_region_for_every_piece_is_the_drop_region() {
        let (ini, why) = options(&shogi_like("(pieces: \"PLNG\", squares: \"ranks(1..3)\")"));
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(ini, "dropRegionWhite = *1 *2 *3\ndropRegionBlack = *7 *8 *9\n");
    }

    #[test]
    fn top_and_any_side_narrowings_are_enclosing_drop() {
        let (ini, why) = options(&shogi_like(
            "(pieces: \"PLNG\", squares: \"(ranks(1..9)) & (white ranks(1) + white lines(any, fW))\")",
        ));
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(ini, "enclosingDrop = top\n");
    }
}
