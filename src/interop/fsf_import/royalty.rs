//! Fairy-Stockfish's pseudo-royal pieces and explosions as kaboom data.
//!
//! `extinctionPseudoRoyal = true`: a piece of an extinction type is
//! pseudo-royal while its side has at most `extinctionPieceCount + 1` of
//! that type (losing it would end the game). No move may leave a
//! pseudo-royal piece attacked, a side with no move whose pseudo-royal
//! piece is attacked is mated, and extinction is not judged (the pieces
//! cannot be captured) unless captures explode.
//!
//! `blastOnCapture = true`: a capture removes every piece on the square
//! of arrival and the eight squares around it, except Fairy-Stockfish's
//! pawn and the `blastImmuneTypes`. With pseudo-royal pieces, a move that
//! explodes its own is illegal, one that removes the other side's is
//! legal whatever it leaves attacked, and pseudo-royal pieces that touch
//! are not attacked by each other.
//!
//! Where the pieces are royal throughout (the start position already has
//! at most that many of them, and neither promotion nor a drop can add
//! one; or the count is at least the board's squares, which no side can
//! exceed), they are written `royal: true`; otherwise, without explosions,
//! the count is part of the clauses. Other combinations are refused.
//!
//! `dupleCheck = true` (one pseudo-royal type, `extinctionPieceCount =
//! 0`, no drops, explosions or petrification): a side may not leave every
//! piece of the type attacked, and is mated with all of them attacked and
//! no move: `not attacked(every own X)`, which also says the lone piece's
//! check, whatever promotion adds.

use super::builtin_pieces::{PAWN, king_index};
use super::refusal::{Refusal, refuse};
use super::royal_forms::{FormRoyalty, form_royalty};
use super::rule_trees::{all, any, attacked, count, end, exists, minus, named, not, pieces, royal};
use super::state::{State, Types, Value, WallingRule};
use crate::lang::effect_syntax::{
    Comparison, Cond, Effect, EndCondition, EndOutcome, EndRule, LegalClause, NamedSet, SetExpr, SideFilter, Trigger,
    TriggeredRule,
};

/// The clauses and rules that pseudo-royal pieces and explosions add.
#[derive(Debug, Default)]
pub(super) struct Royalty {
    /// Piece slots written `royal: true` (the king's slot is always royal).
    pub royal: Vec<usize>,
    /// Legality clauses, in order (the royal clauses included).
    pub legal: Vec<LegalClause>,
    /// End rules for a side with no move whose pseudo-royal piece is
    /// attacked, placed before checkmate.
    pub mated: Vec<EndRule>,
    /// Whether the extinction end rules stand (Fairy-Stockfish drops them
    /// for pseudo-royal pieces that cannot be captured).
    pub extinction: bool,
    /// The explosion rule, when captures explode.
    pub rule: Option<TriggeredRule>,
    /// Pseudo-royal types that promotion adds to, counted with their
    /// promoted forms by clauses written once the forms have letters
    /// ([`super::royal_forms`]).
    pub counted: Vec<usize>,
}

impl Royalty {
    /// Whether some piece is royal (kaboom's `own royal` names something).
    pub fn any_royal(&self, state: &State) -> bool {
        state.pieces[king_index()].is_some() || !self.royal.is_empty()
    }
}

/// The pieces of each side on the start board and in the start hands, by
/// letter (White upper case).
pub(super) type StartCount<'a> = &'a dyn Fn(char) -> usize;

/// Works out the royal pieces, clauses and explosion rule, or pushes
/// refusals. `start_count(c)` counts the letter `c` (White upper case) on
/// the start board and in the start hands; `mated` is the outcome of
/// checkmate (`loss`, ...).
pub(super) fn royalty(
    state: &State,
    start_count: StartCount,
    mated: Option<EndOutcome>,
    refusals: &mut Vec<Refusal>,
) -> Royalty {
    let mut out = Royalty {
        extinction: true,
        ..Royalty::default()
    };
    let has_king = state.pieces[king_index()].is_some();
    let letter = |slot: usize| state.pieces[slot].as_ref().map(|p| p.letter.to_ascii_uppercase());
    let pseudo = |why: &str| refuse(None, "pseudo-royal pieces", why);
    let blast = |why: &str| refuse(None, "capture side effects (blast, petrify)", why);
    let mut dynamic: Vec<(char, u32)> = Vec::new();
    if state.pseudo_royal && state.extinction_value != Value::None {
        let types = &state.extinction_types;
        if types.all {
            refusals.push(pseudo("every piece type is pseudo-royal (`extinctionPieceTypes = *`)"));
        }
        if state.check_counting || !state.checking {
            refusals.push(pseudo("checks are counted or forbidden, and Fairy-Stockfish's checks of pseudo-royal pieces are not converted"));
        }
        let threshold = state.extinction_count + 1;
        // A side never has more pieces on the board than it has squares:
        // with a threshold that high, every piece of the type is
        // pseudo-royal, however many promotion adds (without drops).
        let squares = u32::from(state.files) * u32::from(state.ranks);
        let always = threshold >= squares && !state.piece_drops;
        // With `dupleCheck` and one pseudo-royal type counted to one
        // (`extinctionPieceCount = 0`), the check of a lone piece is the
        // duple check of one: the duple clause alone says both, whatever
        // promotion adds ([`duple_clause`]).
        let duple_alone = duple_ready(state, refusals);
        for &slot in &types.slots {
            let Some(l) = letter(slot) else { continue };
            let most = start_count(l).max(start_count(l.to_ascii_lowercase()));
            let added = promoted_to(state, slot) || (state.piece_drops && state.captures_to_hand && state.blast);
            let in_hand = start_in_hand(state, l);
            let forms = state
                .promoted_types
                .iter()
                .any(|&(_, to)| to == slot)
                .then(|| form_royalty(state, slot))
                .flatten();
            if duple_alone {
                continue;
            } else if !always && forms == Some(FormRoyalty::Counted) {
                out.counted.push(slot);
            } else if always || forms.is_some() || (most as u32 <= threshold && !added && !in_hand) {
                if slot != king_index() {
                    out.royal.push(slot);
                }
            } else if state.blast {
                refusals.push(pseudo("with explosions, a pseudo-royal piece type must be royal throughout (no more than `extinctionPieceCount + 1` of it, and no promotion or drop that adds one)"));
            } else if added || in_hand || (state.piece_drops && state.captures_to_hand) {
                refusals.push(pseudo("a pseudo-royal piece type that promotion or a drop can add to"));
            } else {
                dynamic.push((l, threshold));
            }
        }
        if !state.blast {
            out.extinction = false;
        }
    }
    let any_royal = out.any_royal(state);
    if state.blast {
        if has_king && !state.pseudo_royal {
            refusals.push(blast("captures explode next to a royal king that is not pseudo-royal"));
        }
        if state.captures_to_hand {
            refusals.push(blast("exploded pieces would go to a hand"));
        }
        if state.walling == WallingRule::Duck {
            refusals.push(blast(
                "the duck may not land where the explosion emptied squares (Fairy-Stockfish picks its squares before the move), which kaboom's block after the move does not say",
            ));
        }
        if state.blast_immune.all {
            refusals.push(blast("every piece type is immune to explosions"));
        }
        if any_royal {
            // The royal pieces each side starts with, White's then Black's.
            let start_royals = |side: fn(char) -> char| -> usize {
                royal_slots(state, &out)
                    .filter_map(letter)
                    .map(|l| start_count(side(l)))
                    .sum()
            };
            if start_royals(|l| l) != 1 || start_royals(|l| l.to_ascii_lowercase()) != 1 {
                refusals.push(pseudo(
                    "with explosions, each side must start with exactly one pseudo-royal piece",
                ));
            }
        }
        out.rule = Some(explosion(state));
    }
    if any_royal {
        if state.blast {
            out.legal.push(LegalClause::Survives(None));
            // Fairy-Stockfish judges an explosion's legality as if the
            // square of a petrified capturer were still empty.
            let through = state.petrify.all || !state.petrify.slots.is_empty();
            let unless = any([
                Cond::Touching(royal(SideFilter::Own), royal(SideFilter::Enemy)),
                not(exists(royal(SideFilter::Enemy))),
            ]);
            out.legal.push(LegalClause::NotAttacked(Some(unless), through));
        } else {
            out.legal.push(LegalClause::NotAttacked(None, false));
        }
    }
    if let Some(clause) = duple_clause(state) {
        out.legal.push(LegalClause::Forbids(clause.clone()));
        if let Some(o) = mated {
            out.mated.push(end(EndCondition::Stalemate(Some(clause)), o));
        }
    }
    for (l, threshold) in dynamic {
        let own = || pieces(SideFilter::Own, [l]);
        let pseudo = all([attacked(own()), count(own(), Comparison::AtMost, threshold)]);
        out.legal.push(LegalClause::Forbids(pseudo.clone()));
        if let Some(o) = mated {
            out.mated.push(end(EndCondition::Stalemate(Some(pseudo)), o));
        }
    }
    out
}

/// The explosion after a capture: every piece within one king step of
/// the target but Fairy-Stockfish's pawn and the immune types, then the
/// capturer unless it is immune.
fn explosion(state: &State) -> TriggeredRule {
    let letter = |slot: usize| state.pieces[slot].as_ref().map(|p| p.letter.to_ascii_uppercase());
    let immune: Vec<char> = state.blast_immune.slots.iter().filter_map(|&s| letter(s)).collect();
    let spared: Vec<char> = (state.pieces[PAWN].iter())
        .map(|p| p.letter.to_ascii_uppercase())
        .chain(immune.iter().copied())
        .collect();
    let target = || named(NamedSet::Target);
    let area = SetExpr::Area(Box::new(target()), 1);
    let blast = if spared.is_empty() {
        area
    } else {
        minus(area, pieces(SideFilter::Any, spared))
    };
    let capturer = if immune.is_empty() {
        target()
    } else {
        minus(target(), pieces(SideFilter::Any, immune))
    };
    TriggeredRule {
        trigger: Trigger::Capture,
        by: None,
        guard: None,
        effects: vec![Effect::Remove(blast), Effect::Remove(capturer)],
    }
}

/// Whether `dupleCheck` converts with the duple clause alone (one
/// pseudo-royal type, counted to one); pushes a refusal where
/// `dupleCheck` cannot convert. Fairy-Stockfish's duple check follows the
/// moving piece and a piece promoted into the type, but not a dropped one,
/// nor explosions' immunity of touching pieces the way the lone check
/// does, and it counts the attackers a petrified capturer leaves: those
/// are refused.
fn duple_ready(state: &State, refusals: &mut Vec<Refusal>) -> bool {
    if !state.duple_check {
        return false;
    }
    let pseudo = |why: &str| refuse(None, "pseudo-royal pieces", why);
    if state.piece_drops || state.blast || state.petrify.all || !state.petrify.slots.is_empty() {
        refusals.push(pseudo("`dupleCheck` with drops, explosions or petrification"));
        return false;
    }
    if state.extinction_types.slots.len() != 1 || state.extinction_count != 0 {
        refusals.push(pseudo(
            "`dupleCheck` with more than one pseudo-royal type, or with `extinctionPieceCount` above 0",
        ));
        return false;
    }
    true
}

/// `attacked(every own X)` for the pseudo-royal types `X` under
/// `dupleCheck`: Fairy-Stockfish's duple check, every piece of the types
/// attacked (and at least one of them).
fn duple_clause(state: &State) -> Option<Cond> {
    if !state.duple_check || !state.pseudo_royal || state.extinction_value == Value::None {
        return None;
    }
    let letters = (state.extinction_types.slots.iter())
        .filter_map(|&s| state.pieces[s].as_ref().map(|p| p.letter.to_ascii_uppercase()));
    Some(Cond::AttackedEvery(pieces(SideFilter::Own, letters), None))
}

/// The king's slot and the slots written royal.
fn royal_slots<'a>(state: &'a State, out: &'a Royalty) -> impl Iterator<Item = usize> + 'a {
    std::iter::once(king_index())
        .filter(|&k| state.pieces[k].is_some())
        .chain(out.royal.iter().copied())
}

/// Whether a promotion can make a piece of this slot.
fn promoted_to(state: &State, slot: usize) -> bool {
    let chosen = |t: &Types| t.all || t.slots.contains(&slot);
    let pawns = |t: &Types| t.all || !t.slots.is_empty();
    (0..2).any(|c| pawns(&state.promotion_pawns[c]) && chosen(&state.promotion_choices[c]))
        || state.promoted_types.iter().any(|&(_, to)| to == slot)
}

/// Whether the start FEN's hands hold this letter (either side).
fn start_in_hand(state: &State, letter: char) -> bool {
    state
        .start_fen
        .split_whitespace()
        .next()
        .and_then(|b| b.split_once('['))
        .is_some_and(|(_, hand)| hand.chars().any(|c| c.eq_ignore_ascii_case(&letter)))
}

#[cfg(test)]
mod tests {
    use crate::engine::game::{Game, GameResult};
    use crate::interop::fsf_import::test_support::{legal, one, variant};

    fn result(v: &crate::Variant, fen: &str) -> Option<GameResult> {
        let pos = crate::notation::fen::parse(v, fen).unwrap();
        Game::new(v, pos).ending().map(|e| e.result)
    }

    #[test]
    fn pseudo_royal_pieces_that_stay_royal_are_royal_pieces() {
        let ini = "[two:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPseudoRoyal = true\nextinctionPieceTypes = k\nextinctionPieceCount = 1\nstartFen = 4k2k/8/8/8/8/8/8/K1K5 w - - 0 1\n";
        let ron = one(ini).unwrap();
        assert!(
            ron.contains(r#"(letter: 'K', name: "commoner", moves: "K", royal: true)"#),
            "{ron}"
        );
        assert!(!ron.contains("count("), "no extinction rule: {ron}");
        let v = variant(&ron);
        // The rook checks the king on a1; the king on c1 cannot help.
        let fen = "r3k2k/8/8/8/8/8/8/K1K5 w - - 0 1";
        assert!(v.in_check(&crate::notation::fen::parse(&v, fen).unwrap()));
        assert_eq!(legal(&v, fen), ["a1b1", "a1b2"]);
        // Either king checked with no move: mate.
        assert_eq!(
            result(&v, "r3k2k/1r6/8/8/8/8/8/K1K5 w - - 0 1"),
            Some(GameResult::BlackWins)
        );
    }

    /// `dupleCheck`: two pseudo-royal commoners, one promotion into the
    /// type; a side may leave one attacked, not both, and is mated with
    /// both attacked and no move.
    #[test]
    fn duple_check_forbids_leaving_every_pseudo_royal_piece_attacked() {
        let ini = "[duple:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPseudoRoyal = true\nextinctionPieceTypes = k\nextinctionPieceCount = 0\ndupleCheck = true\npromotionPieceTypes = qk\nstartFen = 4k3/8/8/8/8/8/8/K1K5 w - - 0 1\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains(r#"legal: ["not attacked(every own K)"]"#), "{ron}");
        let v = variant(&ron);
        // The king on a1 may stay attacked while the one on c1 is not.
        assert!(legal(&v, "r3k3/8/8/8/8/8/8/K1K5 w - - 0 1").contains(&"c1d1".to_string()));
        // Both attacked, no move: mated.
        assert_eq!(
            result(&v, "rrrrk3/8/8/8/8/8/8/K1K5 w - - 0 1"),
            Some(GameResult::BlackWins)
        );
        // With drops, refused.
        let drops = ini.replace("startFen", "pieceDrops = true\ncapturesToHand = true\nstartFen");
        let e = one(&drops).unwrap_err();
        assert!(e.iter().any(|r| r.gap == "pseudo-royal pieces"), "{e:?}");
    }

    #[test]
    fn pseudo_royal_pieces_become_royal_when_few_are_left() {
        let ini = "[few:chess]\ncustomPiece1 = m:W\nextinctionValue = loss\nextinctionPseudoRoyal = true\nextinctionPieceTypes = m\nstartFen = 4k3/8/8/8/8/8/8/M2M4 w - - 0 1\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains("not (attacked(own M) and count(own M) <= 1)"), "{ron}");
        let v = variant(&ron);
        // Two wazirs: the one on a1 may stay attacked.
        assert!(legal(&v, "4k3/8/8/8/8/8/r7/M2M4 w - - 0 1").contains(&"d1e1".to_string()));
        // One: it must take the rook or step out of its lines.
        assert_eq!(legal(&v, "4k3/8/8/8/8/8/r7/M7 w - - 0 1"), ["a1a2", "a1b1"]);
        // One, attacked, with no move: mated, though no royal piece is in check.
        assert_eq!(
            result(&v, "4k3/8/8/8/8/8/rr6/M7 w - - 0 1"),
            Some(GameResult::BlackWins)
        );
        // Not attacked, with no move (a2 and b1 are attacked): stalemate.
        assert_eq!(result(&v, "4k3/8/8/8/8/8/1r6/M7 w - - 0 1"), Some(GameResult::Draw));
    }

    #[test]
    fn explosions_spare_pawns_and_immune_types_and_keep_the_kings_apart() {
        let ini = "[boom:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\nblastOnCapture = true\nblastImmuneTypes = b\nstartFen = 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\n";
        let ron = one(ini).unwrap();
        assert!(
            ron.contains("on capture: remove(area(target, 1) - any P B); remove(target - any B)"),
            "{ron}"
        );
        assert!(ron.contains("own royal survives"), "{ron}");
        let v = variant(&ron);
        // The queen takes on d7 next to her own king: illegal; Nxd7 is far enough.
        let fen = "4k3/3r4/8/8/8/8/8/3QK3 w - - 0 1";
        let moves = legal(&v, fen);
        assert!(moves.contains(&"d1d7".to_string()), "d7 is not next to e1: {moves:?}");
        let near = legal(&v, "4k3/3r4/4K3/8/8/8/8/3Q4 w - - 0 1");
        assert!(
            !near.contains(&"d1d7".to_string()),
            "the blast would take the white king on e6"
        );
        // An immune capturer stays; a knight next to the square goes.
        let mut pos = crate::notation::fen::parse(&v, "4k3/8/8/4n3/3r4/8/8/B3K3 w - - 0 1").unwrap();
        let mv = crate::notation::uci::parse(&v, &pos, "a1d4").unwrap();
        pos.make(&v, mv);
        let after = crate::notation::fen::write(&v, &pos);
        assert!(after.starts_with("4k3/8/8/8/3B4/8/8/4K3 "), "{after}");
    }

    #[test]
    fn explosions_next_to_a_royal_king_are_refused() {
        let e = one("[boom:chess]\nblastOnCapture = true\n").unwrap_err();
        assert!(
            e.iter().any(|r| r.gap == "capture side effects (blast, petrify)"),
            "{e:?}"
        );
    }
}
