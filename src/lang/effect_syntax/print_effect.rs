//! Printing effects, placements and triggered rules: the canonical text
//! of the effect family, beside `sentence_print` (sets, conditions, legality and
//! end rules), with the same conventions. Every match is exhaustive.

use super::ast::{
    Direction, Effect, HomeOf, KindChange, MoveAs, Occupied, Parsed, PlaceWhere, PlaceWho, Placement, Trigger,
    TriggeredRule,
};
use super::sentence_print::{guard, letters, ranks_word, shield_words, side_word};
use std::fmt::{self, Display, Formatter};

/// The canonical text of an action's effects: `remove(target); consume`.
pub fn print_effects(effects: &[Effect]) -> String {
    EffectList(effects).to_string()
}

/// Effects joined by `; `.
struct EffectList<'a>(&'a [Effect]);

impl Display for EffectList<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (i, effect) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{effect}")?;
        }
        Ok(())
    }
}

impl Display for KindChange<Parsed> {
    /// `Q`, `captured`, `next`, `previous`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            KindChange::Kind(Some(kinds), _) => letters(f, kinds),
            // Not written by the parser (a kind is always named).
            KindChange::Kind(None, _) => Ok(()),
            KindChange::Captured => f.write_str("captured"),
            KindChange::Next => f.write_str("next"),
            KindChange::Previous => f.write_str("previous"),
        }
    }
}

impl Display for Direction<Parsed> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Direction::Along => f.write_str("along"),
            Direction::AwayFrom(set) => write!(f, "away from {set}"),
            Direction::Chosen => f.write_str("chosen"),
        }
    }
}

/// `for N moves` (`for 1 move`).
fn for_moves(f: &mut Formatter<'_>, n: u8) -> fmt::Result {
    write!(f, "for {n} {}", if n == 1 { "move" } else { "moves" })
}

impl Display for Effect<Parsed> {
    // One arm per effect, the printer's side of the grammar: it
    // reads better whole, as the list of effects it writes back.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Remove(set) => write!(f, "remove({set})"),
            Effect::Push {
                set,
                direction,
                distance,
            } => {
                write!(f, "push({set}, {direction}")?;
                if *distance != 1 {
                    write!(f, ", {distance}")?;
                }
                f.write_str(")")
            }
            Effect::Block(set) => write!(f, "block({set})"),
            Effect::BlockChosen {
                among,
                unblocking,
                required,
            } => {
                write!(f, "block(chosen {among}")?;
                if let Some(t) = unblocking {
                    write!(f, ", unblocking {t}")?;
                }
                if *required {
                    f.write_str(", required")?;
                }
                f.write_str(")")
            }
            Effect::Consume => f.write_str("consume"),
            Effect::Shield {
                squares,
                against,
                moves,
            } => {
                write!(f, "shield({squares} against ")?;
                shield_words(f, *against)?;
                f.write_str(" ")?;
                for_moves(f, *moves)?;
                f.write_str(")")
            }
            Effect::Recolour { set, to, royal } => {
                write!(f, "recolour({set}")?;
                if let Some(side) = to {
                    write!(f, ", to {}", ranks_word(*side))?;
                }
                including_royal(f, *royal)?;
                f.write_str(")")
            }
            Effect::Transform { set, to, royal, .. } => {
                write!(f, "transform({set}, {to}")?;
                including_royal(f, *royal)?;
                f.write_str(")")
            }
            Effect::Mark { set, mark, moves } => {
                write!(f, "mark({set}, {}", mark.name)?;
                if *moves != 0 {
                    f.write_str(", ")?;
                    for_moves(f, *moves)?;
                }
                f.write_str(")")
            }
            Effect::Unmark { set, mark } => write!(f, "unmark({set}, {})", mark.name),
            Effect::Bounce { set, from, promote } => {
                write!(f, "may bounce({set}, away from {from}")?;
                if *promote {
                    f.write_str(", promote")?;
                }
                f.write_str(")")
            }
            Effect::MoveOn {
                set,
                as_,
                onto,
                required,
            } => {
                let as_ = match as_ {
                    MoveAs::Captured => "captured",
                    MoveAs::Own => "own",
                };
                write!(f, "move({set} as {as_}")?;
                if let Some(t) = onto {
                    write!(f, ", onto {t}")?;
                }
                if *required {
                    f.write_str(", required")?;
                }
                f.write_str(")")
            }
            Effect::Exchange(set) => write!(f, "exchange({set})"),
            Effect::Place(placement) => write!(f, "{placement}"),
        }
    }
}

fn including_royal(f: &mut Formatter<'_>, royal: bool) -> fmt::Result {
    if royal {
        f.write_str(", including royal")
    } else {
        Ok(())
    }
}

impl Display for PlaceWho<Parsed> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            PlaceWho::Captured(_) => f.write_str("captured"),
            PlaceWho::Mover => f.write_str("mover"),
            PlaceWho::New(side, kinds) => {
                f.write_str(side_word(*side))?;
                match kinds {
                    Some(k) => {
                        f.write_str(" ")?;
                        letters(f, k)
                    }
                    None => Ok(()),
                }
            }
        }
    }
}

impl Display for PlaceWhere<Parsed> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            PlaceWhere::Home { of, mirror, rank } => {
                if *mirror {
                    f.write_str("mirror ")?;
                }
                f.write_str("home")?;
                if *rank {
                    f.write_str(" rank")?;
                }
                match of {
                    HomeOf::Placed => Ok(()),
                    HomeOf::Captured => f.write_str(" of captured"),
                    HomeOf::Mover => f.write_str(" of mover"),
                }
            }
            PlaceWhere::Reflect(at) => write!(f, "reflect({at})"),
            PlaceWhere::Shift(at, files, ranks) => write!(f, "shift({at}, {files}, {ranks})"),
            PlaceWhere::CaptureSquare => f.write_str("capture"),
            PlaceWhere::Set(set) => write!(f, "{set}"),
            PlaceWhere::Chosen(set) => write!(f, "chosen {set}"),
        }
    }
}

impl Display for Placement<Parsed> {
    /// `place(captured as next, home, else illegal, including royal, promote)`,
    /// `may place(captured, chosen empty)`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.may {
            f.write_str("may ")?;
        }
        write!(f, "place({}", self.who)?;
        if let Some((kind, _)) = &self.becomes {
            write!(f, " as {kind}")?;
        }
        write!(f, ", {}", self.at)?;
        match self.occupied {
            Occupied::Vanish => {}
            Occupied::Illegal => f.write_str(", else illegal")?,
            Occupied::Remove => f.write_str(", else remove")?,
        }
        including_royal(f, self.royal)?;
        if self.promote {
            f.write_str(", promote")?;
        }
        f.write_str(")")
    }
}

impl Display for Trigger {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Trigger::Capture => f.write_str("on capture"),
            Trigger::Arrival => f.write_str("on arrival"),
            Trigger::AfterMove { except_castling } => {
                f.write_str("after move")?;
                if *except_castling {
                    f.write_str(" except castling")?;
                }
                Ok(())
            }
        }
    }
}

impl Display for TriggeredRule<Parsed> {
    /// `on capture by Q R if count(any) > 2: block(mover & any Q R)`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.trigger)?;
        // `by` always names kinds when parsed; `Some(None)` (every kind)
        // reads as no `by` at all.
        if let Some(Some(kinds)) = &self.by {
            write!(f, " by {kinds}")?;
        }
        guard(f, &self.guard)?;
        write!(f, ": {}", EffectList(&self.effects))
    }
}
