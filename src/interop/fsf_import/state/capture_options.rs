//! Capture and royalty options: pseudo-royal pieces, explosions,
//! petrification, types immune to their own, and walls put up by moves.

use super::{Entry, Origin, Setter, State, WallingRule, colours};

/// The yes/no capture options and the field each sets.
const FLAGS: &[Setter<bool>] = &[
    ("extinctionPseudoRoyal", |s| &mut s.pseudo_royal),
    ("blastOnCapture", |s| &mut s.blast),
    ("dupleCheck", |s| &mut s.duple_check),
];

/// Applies `e` if it is a capture or walling option (false if it is not
/// one).
pub(super) fn apply(s: &mut State, e: &Entry, o: &Origin) -> bool {
    if s.apply_flag(FLAGS, e, o) {
        return true;
    }
    match e.key.as_str() {
        "blastImmuneTypes" | "petrifyOnCaptureTypes" | "mutuallyImmuneTypes" => {
            if let Some(t) = s.types(o) {
                *match e.key.as_str() {
                    "blastImmuneTypes" => &mut s.blast_immune,
                    "petrifyOnCaptureTypes" => &mut s.petrify,
                    _ => &mut s.mutually_immune,
                } = t;
            }
        }
        // Each walling rule is a chosen block after every move.
        "wallingRule" => {
            s.walling_origin = Some(o.clone());
            s.walling = match e.value.as_str() {
                "duck" => WallingRule::Duck,
                "arrow" => WallingRule::Arrow,
                "past" => WallingRule::Past,
                "edge" => WallingRule::Edge,
                "static" => WallingRule::Static,
                "none" => WallingRule::None,
                _ => {
                    s.invalid.push((
                        o.clone(),
                        "a walling rule is arrow, duck, edge, past, static or none".to_string(),
                    ));
                    return true;
                }
            };
        }
        "wallOrMove" => {
            if let Some(b) = s.boolean(o) {
                s.wall_or_move = b.then(|| o.clone());
            }
        }
        "wallingRegion" | "wallingRegionWhite" | "wallingRegionBlack" => {
            if e.value.is_empty() || e.value == "-" {
                for &c in colours(&e.key) {
                    s.walling_region[c] = None;
                }
            } else if let Some(sq) = s.squares(o) {
                for &c in colours(&e.key) {
                    s.walling_region[c] = Some(sq);
                }
            }
        }
        _ => return false,
    }
    true
}
