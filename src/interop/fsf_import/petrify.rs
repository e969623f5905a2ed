//! Fairy-Stockfish's petrification (`petrifyOnCaptureTypes`) as kaboom data.
//!
//! A piece of a petrifying type that captures turns into a wall on the
//! square it lands on: kaboom's `block(mover ...)`. Fairy-Stockfish tests
//! the type twice, the moving piece's before the move and the piece on
//! the square after it (a pawn that captures and promotes to a petrifying
//! type is spared when the pawn's type does not petrify): `on capture by
//! L: block(mover & any L)`. With explosions only the piece after the move
//! counts, and a type immune to explosions is not petrified (the blast
//! spares the square): `on capture: block(mover & any L)` before the blast.
//!
//! A pseudo-royal piece may not petrify itself, so a petrifying
//! pseudo-royal type never captures, and the other side's pieces of that
//! type attack no pseudo-royal piece: `cannot_capture` of every letter.
//! Fairy-Stockfish still counts their attacks on the squares a castling
//! king starts from and crosses, and on a side with no move (mated rather
//! than stalemated); for king-moving pieces kaboom says so with `touching`.

use super::builtin_pieces::{Movement, builtin_pieces, king_index};
use super::refusal::{Refusal, refuse};
use super::royalty::Royalty;
use super::rule_trees::{all, both, end, files, named, pieces, ranks, right};
use super::state::{State, WallingRule};
use crate::lang::effect_syntax::{
    Cond, Effect, EndCondition, EndOutcome, EndRule, LegalClause, NamedSet, RanksFrom, SideFilter, Trigger,
    TriggeredRule,
};

/// The gap petrification is refused under.
const GAP: &str = "capture side effects (blast, petrify)";

/// A castling rule as the importer writes it: its right's letter (upper
/// case), the king's file, the king's destination file, and the castling
/// rank counted from each side's own first rank (0-based).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Castle {
    /// The right's letter, upper case (White's; Black's is lower case).
    pub letter: char,
    /// The king's file (0-based).
    pub king_file: u8,
    /// The king's destination file (0-based).
    pub king_to: u8,
    /// The castling rank from each side's first rank (0-based).
    pub rank: u8,
}

/// The petrifying types present, as slots (`*` read as every piece).
fn slots(state: &State) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&s| state.pieces[s].is_some() && (state.petrify.all || state.petrify.slots.contains(&s)))
        .collect()
}

/// The petrifying slots that are royal (pseudo-royal pieces written
/// `royal: true`): they never capture (`cannot_capture` of every letter).
pub(super) fn never_capture(state: &State, royalty: &Royalty) -> Vec<usize> {
    slots(state)
        .into_iter()
        .filter(|s| royalty.royal.contains(s) || (*s == king_index() && state.pseudo_royal))
        .collect()
}

/// Whether a slot moves exactly as a king (a commoner).
fn moves_as_king(state: &State, slot: usize) -> bool {
    let custom = || state.pieces[slot].as_ref().and_then(|p| p.betza.as_deref());
    if slot == king_index() {
        custom().unwrap_or("K") == "K"
    } else if slot < builtin_pieces().len() {
        matches!(builtin_pieces()[slot].movement, Movement::Betza("K"))
    } else {
        custom() == Some("K")
    }
}

/// The rules and clauses petrification adds.
#[derive(Debug, Default)]
pub(super) struct Petrify {
    /// The rule that turns a capturing piece into a wall, first among
    /// the rules (before an explosion's).
    pub rule: Option<TriggeredRule>,
    /// Legality clauses: a castling king may not start from or cross a
    /// square next to the other side's petrifying pseudo-royal piece.
    pub legal: Vec<LegalClause>,
    /// End rules placed before checkmate: a side with no move whose
    /// pseudo-royal piece stands next to one is mated.
    pub mated: Vec<EndRule>,
}

/// Works out petrification's rule and clauses, or pushes refusals.
/// `castles` are the castling rules written (not Chess960's), `mated` the
/// outcome of checkmate.
pub(super) fn petrify(
    state: &State,
    royalty: &Royalty,
    castles: &[Castle],
    mated: Option<EndOutcome>,
    refusals: &mut Vec<Refusal>,
) -> Petrify {
    let mut out = Petrify::default();
    let slots = slots(state);
    if slots.is_empty() {
        return out;
    }
    let letter = |s: usize| state.pieces[s].as_ref().map_or('?', |p| p.letter.to_ascii_uppercase());
    let royals = never_capture(state, royalty);
    if slots.contains(&king_index()) && !state.pseudo_royal {
        refusals.push(refuse(
            None,
            GAP,
            "the king petrifies (it would turn into a wall and leave its side without a king)",
        ));
    }
    if state.captures_to_hand {
        refusals.push(refuse(None, GAP, "a petrified piece goes to the other side's hand"));
    }
    if state.walling != WallingRule::None {
        refusals.push(refuse(
            None,
            GAP,
            "walls put up by moves and petrified pieces share Fairy-Stockfish's wall squares",
        ));
    }
    if slots
        .iter()
        .any(|s| state.extinction_types.all || state.extinction_types.slots.contains(s))
        && state.pseudo_royal
    {
        if state.blast {
            refusals.push(refuse(
                None,
                GAP,
                "a petrifying pseudo-royal piece type with explosions",
            ));
        }
        if let Some(&s) = slots.iter().find(|&&s| {
            (state.extinction_types.all || state.extinction_types.slots.contains(&s)) && !royals.contains(&s)
        }) {
            refusals.push(refuse(
                None,
                GAP,
                format!(
                    "the petrifying pseudo-royal type `{}` is not royal throughout",
                    letter(s)
                ),
            ));
        }
        if let Some(&s) = royals.iter().find(|&&s| !moves_as_king(state, s)) {
            refusals.push(refuse(
                None,
                GAP,
                format!(
                    "the petrifying pseudo-royal type `{}` does not move as a king (Fairy-Stockfish counts its attacks on a castling king's path)",
                    letter(s)
                ),
            ));
        }
    }
    let kinds: Vec<char> = slots
        .iter()
        .filter(|s| !state.blast || !state.blast_immune.all && !state.blast_immune.slots.contains(s))
        .map(|&s| letter(s))
        .collect();
    if !kinds.is_empty() {
        // Under explosions, whatever captured (the explosion spares it).
        let by = (!state.blast).then(|| super::rule_trees::kinds(kinds.iter().copied()));
        let walled = both(named(NamedSet::Mover), pieces(SideFilter::Any, kinds));
        out.rule = Some(TriggeredRule {
            trigger: Trigger::Capture,
            by,
            guard: None,
            effects: vec![Effect::Block(walled)],
        });
    }
    if !royals.is_empty() {
        let letters: Vec<char> = royals.iter().map(|&s| letter(s)).collect();
        (out.legal, out.mated) = royal_clauses(&letters, castles, mated);
    }
    out
}

/// The clauses of petrifying pseudo-royal types that never capture,
/// written ` K` (`them`: their letters, each after a space): a castling
/// king may not start from or cross a square next to the other side's
/// (one clause per right of `castles`, White's then Black's), and, where
/// checkmate has the outcome `mated`, a side with no move whose piece
/// touches one is mated. (The exporter writes them to compare.)
pub(crate) fn royal_clauses(
    letters: &[char],
    castles: &[Castle],
    mated: Option<EndOutcome>,
) -> (Vec<LegalClause>, Vec<EndRule>) {
    let them = || pieces(SideFilter::Enemy, letters.iter().copied());
    let mut legal = Vec::new();
    for c in castles {
        // The king's square and those it crosses, its destination
        // excepted (the square itself when it stays).
        let (low, high) = match c.king_to.cmp(&c.king_file) {
            std::cmp::Ordering::Greater => (c.king_file, c.king_to - 1),
            std::cmp::Ordering::Less => (c.king_to + 1, c.king_file),
            std::cmp::Ordering::Equal => (c.king_file, c.king_file),
        };
        let squares = both(files(low, high), ranks(RanksFrom::Own, c.rank + 1, c.rank + 1));
        for letter in [c.letter, c.letter.to_ascii_lowercase()] {
            let next_to = Cond::Touching(them(), squares.clone());
            legal.push(LegalClause::Forbids(all([Cond::Castled(right(letter)), next_to])));
        }
    }
    let mated = mated
        .map(|o| {
            let own = pieces(SideFilter::Own, letters.iter().copied());
            end(EndCondition::Stalemate(Some(Cond::Touching(own, them()))), o)
        })
        .into_iter()
        .collect();
    (legal, mated)
}

/// [`royal_clauses`] printed, for the exporter, which compares them with
/// a file's sentences: `them` the royal letters each after a space
/// (` K`), `mated` the outcome's word (`loss`).
pub(crate) fn royal_clause_texts(them: &str, castles: &[Castle], mated: Option<&str>) -> (Vec<String>, Vec<String>) {
    let letters: Vec<char> = them.chars().filter(|c| !c.is_whitespace()).collect();
    let (legal, mated) = royal_clauses(&letters, castles, mated.and_then(super::rule_trees::outcome_named));
    (
        legal.iter().map(ToString::to_string).collect(),
        mated.iter().map(ToString::to_string).collect(),
    )
}

#[cfg(test)]
mod tests {
    use crate::interop::fsf_import::test_support::{legal, one, variant};

    fn after(v: &crate::Variant, fen: &str, uci: &str) -> String {
        let mut pos = crate::notation::fen::parse(v, fen).unwrap();
        let mv = crate::notation::uci::parse(v, &pos, uci).unwrap();
        pos.make(v, mv);
        crate::notation::fen::write(v, &pos)
    }

    const PETRIFIED: &str = "[stone:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\ncastlingKingPiece = k\npetrifyOnCaptureTypes = kqrbn\n";

    #[test]
    fn a_capturing_piece_of_a_petrifying_type_becomes_a_wall() {
        let ron = one(PETRIFIED).unwrap();
        assert!(
            ron.contains("on capture by N B R Q K: block(mover & any N B R Q K)"),
            "{ron}"
        );
        assert!(ron.contains(r#"cannot_capture: "PNBRQK""#), "{ron}");
        let v = variant(&ron);
        // The queen takes on d7 and turns into a wall; a pawn that takes
        // stays a pawn, and one that takes and promotes stays a queen
        // (the pawn's type does not petrify).
        let fen = "4k3/1P1p4/8/8/8/8/4p3/3QK3 w - - 0 1";
        assert_eq!(after(&v, fen, "d1d7"), "4k3/1P1*4/8/8/8/8/4p3/4K3 b - - 0 1");
        let fen = "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(after(&v, fen, "b7a8q"), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        // The wall blocks lines and cannot be taken.
        let fen = "3rk3/8/8/3*4/8/8/8/3QK3 w - - 0 1";
        assert!(
            !legal(&v, fen)
                .iter()
                .any(|m| m.starts_with("d1d") && m != "d1d2" && m != "d1d3" && m != "d1d4")
        );
    }

    #[test]
    fn a_petrifying_king_never_captures_and_kings_may_touch() {
        let v = variant(&one(PETRIFIED).unwrap());
        // The king may not take the pawn (it would turn into a wall), and
        // may step next to the other king.
        let fen = "8/8/8/3k4/8/3K4/3p4/8 w - - 0 1";
        let moves = legal(&v, fen);
        assert!(!moves.contains(&"d3d2".to_string()), "{moves:?}");
        assert!(moves.contains(&"d3d4".to_string()), "{moves:?}");
    }

    #[test]
    fn castling_may_not_start_or_cross_next_to_the_other_king() {
        let ron = one(PETRIFIED).unwrap();
        assert!(
            ron.contains("not (castled(K) and touching(enemy K, files(e..f) & ranks(1)))"),
            "{ron}"
        );
        let v = variant(&ron);
        // Black's king on g2 touches f1: no short castling, long castling stands.
        let fen = "8/8/8/8/8/8/6k1/R3K2R w KQ - 0 1";
        let moves = legal(&v, fen);
        assert!(!moves.contains(&"e1g1".to_string()), "{moves:?}");
        assert!(moves.contains(&"e1c1".to_string()), "{moves:?}");
    }

    #[test]
    fn explosions_that_petrify_judge_lines_through_the_new_wall() {
        // Explosions with a pseudo-royal commoner for a king, spelt out.
        let ini = "[boom:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\nextinctionValue = loss\n\
                   extinctionPieceTypes = k\nextinctionPseudoRoyal = true\nblastOnCapture = true\n\
                   petrifyOnCaptureTypes = pnbrq\n";
        let ron = one(ini).unwrap();
        assert!(ron.contains("on capture: block(mover & any P N B R Q)"), "{ron}");
        assert!(
            ron.contains("own royal not attacked through new blocks unless"),
            "{ron}"
        );
        let v = variant(&ron);
        // f5xe4 walls e4, but Fairy-Stockfish judges the move as if e4 were
        // empty: the queen on e2 would then see the king on e8.
        let fen = "4k3/8/8/5p2/4N3/8/4Q3/4K3 b - - 0 1";
        assert!(!legal(&v, fen).contains(&"f5e4".to_string()));
    }

    #[test]
    fn petrification_it_cannot_honour_is_refused() {
        let gap = "capture side effects (blast, petrify)";
        for ini in [
            "[a:chess]\npetrifyOnCaptureTypes = k\n",
            "[b:chess]\npieceDrops = true\ncapturesToHand = true\npetrifyOnCaptureTypes = q\n",
            "[c:chess]\nwallingRule = duck\npetrifyOnCaptureTypes = q\n",
        ] {
            let e = one(ini).unwrap_err();
            assert!(e.iter().any(|r| r.gap == gap), "{ini}: {e:?}");
        }
    }
}
