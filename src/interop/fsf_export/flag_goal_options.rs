//! Flag regions as Fairy-Stockfish's options (`flagPiece`,
//! `flagRegionWhite`, `flagRegionBlack`, `flagPieceCount`,
//! `flagPieceSafe`, `flagMove`, `flagPieceBlockedWin`): the importer's
//! flag rules inverted. The side's pieces, the regions and the count are
//! read from the first rule; the rules each combination of the switches
//! gives are written as the importer writes them and compared, as
//! printed, with the variant's next rules.

use super::squares::Board;
use crate::base::square::Color;
use crate::interop::fsf_import::flag_reached;
use crate::lang::effect_syntax::{Cond, EndCondition, EndRule, Quantity, SetExpr, SetOp, SideFilter, parse_end};

/// A side's flag pieces inside a region: `SIDE [K] & GOAL`.
struct Atom<'r> {
    side: SideFilter,
    /// The piece letters, each after a space (`" K"`), or none for every
    /// piece.
    letters: String,
    goal: &'r SetExpr,
    /// The number the count is compared with.
    n: u32,
}

/// The flag atom of `set` compared with `n`, if it is one.
fn atom(set: &SetExpr, n: u32) -> Option<Atom<'_>> {
    let SetExpr::Binary(SetOp::Intersection, pieces, goal) = set else {
        return None;
    };
    let SetExpr::Pieces(side @ (SideFilter::Own | SideFilter::Enemy), kinds) = &**pieces else {
        return None;
    };
    let letters = match kinds {
        None => String::new(),
        Some(k) if !k.negate && !k.royal => k.letters.iter().map(|(c, _)| format!(" {c}")).collect(),
        Some(_) => return None,
    };
    Some(Atom {
        side: *side,
        letters,
        goal,
        n,
    })
}

/// The flag atoms of `c`, in the order written.
fn atoms<'r>(c: &'r Cond, out: &mut Vec<Atom<'r>>) {
    match c {
        Cond::Not(a) => atoms(a, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            atoms(a, out);
            atoms(b, out);
        }
        Cond::Compare(Quantity::Count(set), _, n) => out.extend(atom(set, *n)),
        _ => {}
    }
}

/// The switches of one reading of the flag options.
#[derive(Clone, Copy)]
struct Switches {
    safe: bool,
    flag_move: bool,
    blocked: bool,
    /// The flag piece is the king (Fairy-Stockfish's `king`).
    king: bool,
}

/// The importer's flag rules for `sw`, the flag pieces `letters`, the
/// count `n` and the goals read for the side to move.
fn rules_of(sw: Switches, letters: &str, n: u32, [own_goal, enemy_goal]: [&str; 2]) -> Vec<String> {
    let reached = |who: &str, goal: &str, safe: bool| {
        flag_reached(&format!("{who}{letters} & {goal}"), goal, n, sw.blocked, safe)
    };
    let enemy_reached = reached("enemy", enemy_goal, sw.safe);
    let own_reached = reached("own", own_goal, sw.safe);
    let moved = |own: &str, enemy: &str| {
        let mut rules = Vec::new();
        if sw.king {
            rules.push(format!("{own} and {enemy} and exists(own & white): draw"));
        }
        rules.push(format!("{own}: win"));
        if sw.king {
            rules.push(format!(
                "{enemy} and not (exists(own & black) and not attacked(own{letters}) and can reach(own{letters}, {own_goal})): loss"
            ));
        }
        rules
    };
    match (sw.safe, sw.flag_move) {
        (true, true) => {
            let mut rules = moved(&reached("own", own_goal, false), &enemy_reached);
            if !sw.king {
                rules.push(format!("{enemy_reached}: loss"));
            }
            rules
        }
        (true, false) => vec![
            format!("{own_reached} and {enemy_reached}: draw"),
            format!("{own_reached}: win"),
            format!("{enemy_reached}: loss"),
        ],
        (false, true) => moved(&own_reached, &enemy_reached),
        (false, false) => vec![format!("{enemy_reached}: loss")],
    }
}

/// The flag options the rules starting at `rules[0]` are, with the number
/// of rules they take; `None` where they are no flag rules the importer
/// writes.
pub(super) fn read(
    rules: &[(&String, EndRule)],
    board: &Board<'_>,
    royal: Option<char>,
    groups: &[String],
) -> Option<(Vec<String>, usize)> {
    let EndCondition::Holds(first) = &rules.first()?.1.condition else {
        return None;
    };
    let mut found = Vec::new();
    atoms(first, &mut found);
    let lead = found.first()?;
    let (letters, n) = (lead.letters.clone(), lead.n);
    // One flag piece type (a plain piece and the forms of its type), or
    // every piece.
    if letters.chars().filter(|c| *c != ' ').count() > 1 && !groups.contains(&letters) {
        return None;
    }
    for (_, r) in rules.iter().take(3).skip(1) {
        if let EndCondition::Holds(c) = &r.condition {
            atoms(c, &mut found);
        }
    }
    let goal = |side: SideFilter| {
        found
            .iter()
            .find(|a| a.side == side && a.letters == letters)
            .map(|a| a.goal)
    };
    let (own, enemy) = (goal(SideFilter::Own), goal(SideFilter::Enemy));
    // Each side's region: the own goal read for it, or the enemy goal read
    // for the other side.
    let region = |c: Color| {
        let from_own = own.map(|g| board.eval(g, c));
        let from_enemy = enemy.map(|g| board.eval(g, c.flip()));
        match (from_own, from_enemy) {
            (Some(a), Some(b)) if a != b => None,
            (Some(a), _) | (None, Some(a)) => a,
            (None, None) => None,
        }
    };
    let (white, black) = (region(Color::White)?, region(Color::Black)?);
    // In brackets, so that the goal stays one set inside `X & GOAL`.
    let own_text = format!("({})", own.or(enemy)?);
    let enemy_text = format!("({})", enemy.or(own)?);
    let printed = |t: &str| parse_end(t).map_or_else(|_| t.to_string(), |r| r.to_string());
    let king = royal.is_some_and(|r| letters == format!(" {r}"));
    // The reading that takes the most rules (a flag rule of one reading
    // may be the first of another's).
    let mut best: Option<(Switches, usize)> = None;
    for bits in 0..16u8 {
        let sw = Switches {
            safe: bits & 1 != 0,
            flag_move: bits & 2 != 0,
            blocked: bits & 4 != 0,
            king: bits & 8 != 0,
        };
        if sw.king && !king {
            continue;
        }
        let want = rules_of(sw, &letters, n, [&own_text, &enemy_text]);
        let same = want.len() <= rules.len() && want.iter().zip(rules).all(|(w, (_, r))| printed(w) == r.to_string());
        if same && best.is_none_or(|(_, used)| want.len() > used) {
            best = Some((sw, want.len()));
        }
    }
    best.map(|(sw, used)| (options(sw, &letters, n, [white, black], board), used))
}

/// The options of a matched reading.
fn options(
    sw: Switches,
    letters: &str,
    n: u32,
    [white, black]: [super::squares::Bits; 2],
    board: &Board<'_>,
) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(l) = letters.split_whitespace().next() {
        lines.push(format!("flagPiece = {}", l.to_lowercase()));
    }
    // Fairy-Stockfish reads `*N` as the whole rank of its widest board,
    // and its blocked win looks for empty squares of the region without
    // keeping to the board: there, the squares are named one by one.
    let region = |bits| match sw.blocked {
        true => named(board, bits),
        false => board.fsf(bits),
    };
    lines.push(format!("flagRegionWhite = {}", region(white)));
    lines.push(format!("flagRegionBlack = {}", region(black)));
    if n != 1 {
        lines.push(format!("flagPieceCount = {n}"));
    }
    for (on, key) in [
        (sw.safe, "flagPieceSafe"),
        (sw.flag_move, "flagMove"),
        (sw.blocked, "flagPieceBlockedWin"),
    ] {
        if on {
            lines.push(format!("{key} = true"));
        }
    }
    lines
}

/// The squares of `bits` by name (`a1 b1`), `-` for none.
fn named(b: &Board<'_>, bits: super::squares::Bits) -> String {
    let names: Vec<String> = (0..b.ranks)
        .flat_map(|r| (0..b.files).map(move |f| (f, r)))
        .filter(|&(f, r)| bits & (1 << (r * b.files + f)) != 0)
        .map(|(f, r)| format!("{}{}", char::from(b'a' + f as u8), r + 1))
        .collect();
    if names.is_empty() {
        "-".to_string()
    } else {
        names.join(" ")
    }
}
