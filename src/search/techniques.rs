//! Which search techniques are on. All are, unless the environment
//! variable `KABOOM_SEARCH_OFF` names some (comma-separated: `rfp`,
//! `futility`, `lmp`, `aspiration`, `lmr-table`, `see`, `staged`,
//! `tt-first`, `noisy`, `iir`, `null-deep`, `prune-deep`, `see-prune`): a switch
//! for developers, so that a match can measure one technique against the
//! same build without it (docs/search.md, "Matches"). Read once, when an
//! engine is made.

use crate::base::piece::Kind;
use crate::compile::Variant;

/// The techniques a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Techniques {
    /// Reverse futility pruning.
    pub rfp: bool,
    /// Futility pruning of quiet moves.
    pub futility: bool,
    /// Late-move pruning.
    pub lmp: bool,
    /// Aspiration windows at the root.
    pub aspiration: bool,
    /// Late-move reductions from a logarithmic table (else 1 to 3 plies by steps).
    pub lmr_table: bool,
    /// Static exchange evaluation: losing plain captures ordered last and
    /// left out of quiescence.
    pub see: bool,
    /// Staged move generation in the main search: the table's move tried
    /// before the list is generated, legality judged for the moves
    /// searched only (where the rules allow: `Variant::stages_moves`).
    pub staged: bool,
    /// With `staged`: the table's move tried before the list is
    /// generated (off: the list is generated first, legality still judged
    /// lazily).
    pub tt_first: bool,
    /// Quiescence generates its noisy moves directly (where staged
    /// generation is allowed and no quiet move can remove a piece).
    pub noisy: bool,
    /// Internal iterative reduction: a node with no table move, at depth
    /// 4 or more, is searched one ply shallower.
    pub iir: bool,
    /// Null-move reductions that grow with depth (a third) and with how
    /// far the static score stands above beta (else `2 + depth / 4`).
    pub null_deep: bool,
    /// Late-move pruning to depth 6 and futility pruning to depth 5
    /// (else 4 and 3).
    pub prune_deep: bool,
    /// Captures that lose material by static exchange, by more than a
    /// margin growing with depth, skipped near the horizon.
    pub see_prune: bool,
}

impl Techniques {
    /// Every technique on.
    pub const ALL: Techniques = Techniques {
        rfp: true,
        futility: true,
        lmp: true,
        aspiration: true,
        lmr_table: true,
        see: true,
        staged: true,
        tt_first: true,
        noisy: true,
        iir: true,
        null_deep: true,
        prune_deep: true,
        see_prune: true,
    };

    /// [`Techniques::ALL`] less those a comma-separated list names
    /// (unknown names are ignored).
    pub fn without(list: &str) -> Techniques {
        let mut t = Techniques::ALL;
        for name in list.split(',').map(str::trim) {
            match name {
                "rfp" => t.rfp = false,
                "futility" => t.futility = false,
                "lmp" => t.lmp = false,
                "aspiration" => t.aspiration = false,
                "lmr-table" => t.lmr_table = false,
                "see" => t.see = false,
                "staged" => t.staged = false,
                "noisy" => t.noisy = false,
                "tt-first" => t.tt_first = false,
                "iir" => t.iir = false,
                "null-deep" => t.null_deep = false,
                "prune-deep" => t.prune_deep = false,
                "see-prune" => t.see_prune = false,
                _ => {}
            }
        }
        t
    }

    /// What `KABOOM_SEARCH_OFF` leaves on.
    pub fn from_env() -> Techniques {
        std::env::var("KABOOM_SEARCH_OFF").map_or(Techniques::ALL, |v| Techniques::without(&v))
    }

    /// These techniques less those the variant's rules make unsound.
    /// Reverse futility pruning takes a static score far above beta for
    /// the node's value, which holds when the side to move can answer any
    /// threat; chess-like engines turn it off in check, the threat the
    /// static score cannot see. Where a royal piece can be lost and no
    /// check rule (`not attacked`) guards it, no check ever warns of that
    /// threat, so the pruning is off (docs/search.md, "Measured": where it
    /// was tried so, it lost 30 Elo at equal nodes).
    pub fn for_variant(self, variant: &Variant) -> Techniques {
        let royals = (0..variant.pieces.len()).any(|k| variant.is_royal(Kind::from_index(k)));
        let stages = variant.stages_moves();
        Techniques {
            rfp: self.rfp && (variant.has_check() || !royals),
            staged: self.staged && stages,
            noisy: self.noisy && stages && !super::ends::Noise::new(variant).quiet_may_remove(),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_turns_techniques_off() {
        let t = Techniques::without("rfp, lmp,unknown");
        assert!(!t.rfp && !t.lmp);
        let t = Techniques::without("iir,null-deep,prune-deep,see-prune");
        assert!(!t.iir && !t.null_deep && !t.prune_deep && !t.see_prune);
        assert!(t.rfp && t.lmp && t.see);
        assert!(t.futility && t.aspiration && t.lmr_table);
        assert_eq!(Techniques::without(""), Techniques::ALL);
    }

    #[test]
    fn reverse_futility_is_off_where_a_royal_piece_is_lost_without_check() {
        let chess = Variant::load("chess").unwrap();
        assert!(Techniques::ALL.for_variant(&chess).rfp);
        assert!(Techniques::ALL.for_variant(&chess).staged && Techniques::ALL.for_variant(&chess).noisy);
        let no_check = r#"(extends: "chess", name: "king capture", legal: [], end: ["not exists(own royal): loss"])"#;
        let no_check = Variant::from_text("no-check.ron", no_check).unwrap();
        assert!(!Techniques::ALL.for_variant(&no_check).rfp);
    }
}
