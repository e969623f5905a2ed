//! Lowering a placement (`place(WHO, WHERE, ...)`) into a
//! [`CompiledPlacement`] that [`Op::Place`] names.

use super::Builder;
use crate::base::piece::Kind;
use crate::check::Resolved;
use crate::compile::ir::{CompiledPlacement, HomeOwner, KindTo, Op, PlaceBase, PlaceFrom, PlaceStep, WhenTaken};
use crate::lang::effect_syntax::{HomeOf, KindChange, Occupied, PlaceWhere, PlaceWho, Placement};

impl Builder {
    /// The placement, added to [`Programs::placements`](crate::compile::ir::Programs::placements).
    pub(super) fn placement(&mut self, p: &Placement<Resolved>) -> Op {
        let who = match p.who {
            PlaceWho::Captured(_) => PlaceFrom::Captured,
            PlaceWho::Mover => PlaceFrom::Mover,
            // The checker lets one kind through.
            PlaceWho::New(side, kinds) => {
                PlaceFrom::New(side, Kind::from_index(kinds.bits().trailing_zeros() as usize))
            }
        };
        let mut steps = Vec::new();
        let mut at = &p.at;
        let mut chosen = false;
        let base = loop {
            match at {
                PlaceWhere::Reflect(inner) => {
                    steps.push(PlaceStep::Reflect);
                    at = inner;
                }
                PlaceWhere::Shift(inner, f, r) => {
                    steps.push(PlaceStep::Shift(*f, *r));
                    at = inner;
                }
                PlaceWhere::Home { of, mirror, rank } => {
                    let of = match of {
                        HomeOf::Placed => HomeOwner::Placed,
                        HomeOf::Captured => HomeOwner::Captured,
                        HomeOf::Mover => HomeOwner::Mover,
                    };
                    break PlaceBase::Home {
                        of,
                        mirror: *mirror,
                        rank: *rank,
                    };
                }
                PlaceWhere::CaptureSquare => break PlaceBase::CaptureSquare,
                PlaceWhere::Set(s) => break PlaceBase::Set(self.set(s)),
                PlaceWhere::Chosen(s) => {
                    chosen = true;
                    break PlaceBase::Set(self.set(s));
                }
            }
        };
        // Written outermost first: applied innermost first.
        steps.reverse();
        let taken = match p.occupied {
            Occupied::Vanish => WhenTaken::Vanish,
            Occupied::Illegal => WhenTaken::Illegal,
            Occupied::Remove => WhenTaken::Remove,
        };
        self.p.placement_refuses |= taken == WhenTaken::Illegal;
        self.p.placement_removes |= taken == WhenTaken::Remove;
        // A capture judged by the plain attack test removes the royal piece
        // it takes for good: not so where the capture may be illegal, the
        // royal piece placed back, or another royal piece removed.
        self.p.placement_attacks |= taken != WhenTaken::Vanish || (p.royal && who == PlaceFrom::Captured);
        let index = self.p.placements.len() as u16;
        let becomes = p.becomes.as_ref().map(|(to, _)| match to {
            KindChange::Kind(mask, _) => KindTo::Kind(Kind::from_index(mask.bits().trailing_zeros() as usize)),
            KindChange::Captured => KindTo::Captured,
            KindChange::Next => KindTo::Next,
            KindChange::Previous => KindTo::Previous,
        });
        self.p.placements.push(CompiledPlacement {
            who,
            becomes,
            base,
            steps,
            taken,
            royal: p.royal,
            promote: p.promote,
            chosen,
            may: p.may,
            last: false,
        });
        self.p.chosen_places |= chosen;
        Op::Place(index)
    }
}
