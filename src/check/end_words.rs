//! The reason of a result in words, made from an end rule's parsed
//! sentence (never from its text): `not exists(own royal)` reads "{own}
//! has no king left". `{own}` and `{enemy}` stand for the side the rule is
//! checked for and the other; the game fills them in when the rule fires.
//! A rule's `name` in the file replaces the sentence made here.

use super::resolve::Resolved;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::base::vocabulary::{Comparison, LineGoal, NamedSet, RanksFrom, SideFilter};
use crate::lang::effect_syntax::{Cond, EndCondition, EndRule, Quantity, SetExpr, SetOp};

/// What the words need to know of the variant: piece names by kind, and
/// region names in order.
pub(super) struct Vocabulary<'a> {
    /// Each kind's name (`king`), by kind index.
    pub pieces: &'a [String],
    /// Region names, by region index.
    pub regions: &'a [String],
}

/// The reason an end rule gives a result, in words.
pub(super) fn describe(rule: &EndRule<Resolved>, v: &Vocabulary<'_>) -> String {
    let guarded = |base: &str, guard: &Option<Cond<Resolved>>| match guard {
        Some(c) => format!("{base}, as {}", v.cond(c)),
        None => base.to_string(),
    };
    match &rule.condition {
        EndCondition::Checkmate(g) => guarded("checkmate", g),
        EndCondition::Stalemate(g) => guarded("stalemate", g),
        EndCondition::MoveRule(n, g) => guarded(&format!("{n}-move rule"), g),
        EndCondition::Repetition(n, g) => guarded(&format!("{n}-fold repetition"), g),
        EndCondition::PerpetualCheck(n) => format!("{n}-fold repetition by perpetual check"),
        EndCondition::MutualPerpetualCheck(n, g) => {
            guarded(&format!("{n}-fold repetition by mutual perpetual check"), g)
        }
        EndCondition::Shuttles(n, _) => format!("{{enemy}} moved a piece back and forth {n} times"),
        EndCondition::Holds(c) => v.cond(c),
        EndCondition::Dead(_) => "dead position".to_string(),
        EndCondition::CountingOver => "counting rule".to_string(),
    }
}

fn side(s: SideFilter) -> Option<&'static str> {
    match s {
        SideFilter::Own => Some("{own}"),
        SideFilter::Enemy => Some("{enemy}"),
        SideFilter::White => Some("White"),
        SideFilter::Black => Some("Black"),
        SideFilter::Any => None,
    }
}

fn ranks_side(r: RanksFrom) -> &'static str {
    match r {
        RanksFrom::Own => "{own}",
        RanksFrom::Enemy => "{enemy}",
        RanksFrom::White => "White",
        RanksFrom::Black => "Black",
    }
}

fn plural(word: &str) -> String {
    if word.ends_with('s') || word.ends_with('x') || word.ends_with("ch") || word.ends_with("sh") {
        format!("{word}es")
    } else {
        format!("{word}s")
    }
}

fn compare(op: Comparison) -> &'static str {
    match op {
        Comparison::AtLeast => "at least",
        Comparison::AtMost => "at most",
        Comparison::Equal => "exactly",
        Comparison::NotEqual => "other than",
        Comparison::More => "more than",
        Comparison::Less => "fewer than",
    }
}

impl Vocabulary<'_> {
    /// The kinds of a mask as a noun: `king`, `knight or bishop`, `piece`
    /// (every kind), `piece other than a king` (all but a few).
    fn kinds(&self, mask: KindSet, many: bool) -> String {
        let all: KindSet = Kind::all(self.pieces.len().min(64)).collect();
        let mask = mask.intersection(all);
        let names = |m: KindSet| -> Vec<String> {
            m.iter()
                .map(|k| {
                    let n = self.pieces[k.index()].clone();
                    if many { plural(&n) } else { n }
                })
                .collect()
        };
        let noun = if many { "pieces" } else { "piece" };
        if mask == all {
            return noun.to_string();
        }
        let inside = names(mask);
        let outside = names(all.difference(mask));
        if outside.len() < inside.len() && !outside.is_empty() {
            return format!("{noun} other than {}", outside.join(" and "));
        }
        inside.join(" or ")
    }

    /// A set of squares as a noun phrase.
    fn set(&self, s: &SetExpr<Resolved>) -> String {
        match s {
            SetExpr::Pieces(who, mask) => match side(*who) {
                Some(w) => format!("{w}'s {}", self.kinds(*mask, true)),
                None => self.kinds(*mask, true),
            },
            SetExpr::Named(n) => match n {
                NamedSet::Blocked => "blocked squares".to_string(),
                NamedSet::Empty => "empty squares".to_string(),
                NamedSet::Light => "light squares".to_string(),
                NamedSet::Dark => "dark squares".to_string(),
                NamedSet::All => "the board".to_string(),
                _ => "the squares of the move".to_string(),
            },
            SetExpr::Ranks(from, a, b) if a == b => format!("{}'s rank {a}", ranks_side(*from)),
            SetExpr::Ranks(from, a, b) => format!("{}'s ranks {a} to {b}", ranks_side(*from)),
            SetExpr::Files(a, b) if a == b => format!("the {} file", (b'a' + a) as char),
            SetExpr::Files(a, b) => format!("files {} to {}", (b'a' + a) as char, (b'a' + b) as char),
            SetExpr::Region(from, i) => {
                let name = self.regions.get(usize::from(*i)).map_or("region", String::as_str);
                format!("{}'s {name}", ranks_side(*from))
            }
            SetExpr::Binary(SetOp::Intersection, a, b) => format!("{} on {}", self.set(a), self.set(b)),
            SetExpr::Binary(SetOp::Union, a, b) => format!("{} and {}", self.set(a), self.set(b)),
            SetExpr::Binary(SetOp::Difference, a, b) => format!("{} but {}", self.set(a), self.set(b)),
            SetExpr::Area(a, r) => format!("squares within {r} of {}", self.set(a)),
            SetExpr::Manhattan(a, r) => format!("squares within {r} steps of {}", self.set(a)),
            SetExpr::Adjacent(a) => format!("squares next to {}", self.set(a)),
            SetExpr::Lines(a, ..) => format!("the lines through {}", self.set(a)),
            SetExpr::First(a, _) => format!("the first pieces seen from {}", self.set(a)),
            SetExpr::Reach(a, _) => format!("the squares {} can reach", self.set(a)),
            SetExpr::Enclosed(a, _) => format!("the pieces enclosed from {}", self.set(a)),
            SetExpr::Enclosing(a, ..) => format!("the squares of {} that would enclose", self.set(a)),
            SetExpr::Marked(m) => format!("the pieces marked {}", m.name),
            SetExpr::Last(a) => format!("the squares of the last {}", a.name),
        }
    }

    /// A quantity as a noun phrase ("{own}'s pieces", "checks by {enemy}").
    fn quantity(&self, q: &Quantity<Resolved>) -> String {
        match q {
            Quantity::Count(s) => self.set(s),
            Quantity::Captured(mask) => format!("captured {}", self.kinds(*mask, true)),
            Quantity::Squares(s) => self.set(s),
            Quantity::Checks(own) => format!("checks given by {}", if *own { "{own}" } else { "{enemy}" }),
            Quantity::Held(who, mask) => match side(*who) {
                Some(w) => format!("{} in {w}'s hand", self.kinds(*mask, true)),
                None => format!("{} in hand", self.kinds(*mask, true)),
            },
            Quantity::Passes => "passes in a row".to_string(),
            Quantity::Material(s) => format!("the material of {}", self.set(s)),
        }
    }

    /// A condition as a clause.
    pub(super) fn cond(&self, c: &Cond<Resolved>) -> String {
        match c {
            Cond::Truth(t) => (if *t { "always" } else { "never" }).to_string(),
            Cond::Not(inner) => match &**inner {
                Cond::Exists(SetExpr::Pieces(who, mask)) => self.none_left(*who, *mask),
                Cond::Exists(s) => format!("no piece is on {}", self.set(s)),
                other => format!("not ({})", self.cond(other)),
            },
            Cond::And(a, b) => format!("{} and {}", self.cond(a), self.cond(b)),
            Cond::Or(a, b) => format!("{} or {}", self.cond(a), self.cond(b)),
            Cond::Compare(
                Quantity::Count(SetExpr::Pieces(who, mask)),
                Comparison::AtMost | Comparison::Equal | Comparison::Less,
                0,
            ) => self.none_left(*who, *mask),
            Cond::Compare(Quantity::Checks(own), Comparison::AtLeast, n) => {
                let who = if *own { "{own}" } else { "{enemy}" };
                format!("{who} gave {n} check{}", if *n == 1 { "" } else { "s" })
            }
            Cond::Compare(Quantity::Passes, Comparison::AtLeast, n) => match n {
                1 => "the last move was a pass".to_string(),
                n => format!("the last {n} moves were passes"),
            },
            Cond::Compare(q, op, n) => format!("{} number {} {n}", self.quantity(q), compare(*op)),
            Cond::Exists(s) => format!("{} stands", self.set(s)),
            Cond::Attacked(s, None) => format!("{} is attacked", self.set(s)),
            Cond::Attacked(s, Some(by)) => format!("{} is attacked by {}", self.set(s), self.set(by)),
            Cond::AttackedEvery(s, None) => format!("every piece of {} is attacked", self.set(s)),
            Cond::AttackedEvery(s, Some(by)) => {
                format!("every piece of {} is attacked by {}", self.set(s), self.set(by))
            }
            Cond::Touching(a, b) => format!("{} touches {}", self.set(a), self.set(b)),
            Cond::Within(a, b) => format!("{} stands within {}", self.set(a), self.set(b)),
            Cond::CanReach(a, b) => format!("{} can move to {}", self.set(a), self.set(b)),
            Cond::Dropped(mask) => format!("the last move dropped a {}", self.kinds(*mask, false)),
            Cond::Castled(_) => "the last move castled".to_string(),
            Cond::Capture => "the last move captured".to_string(),
            Cond::CastlingRight(_) => "a castling right is held".to_string(),
            Cond::Versus(a, op, b, offset) => {
                let more = match offset {
                    0 => String::new(),
                    o => format!(" by {}", o.unsigned_abs()),
                };
                format!("{} is {} {}{more}", self.quantity(a), compare(*op), self.quantity(b))
            }
            Cond::Before(inner) => format!("before the last move, {}", self.cond(inner)),
            Cond::Since(d, c) => format!(
                "on one of this side's turns {}, and on each one since {}",
                self.cond(d),
                self.cond(c)
            ),
            Cond::Line(goal, s, n, _) => match goal {
                LineGoal::InRow => format!("{n} of {} stand in a row", self.set(s)),
                LineGoal::Collinear => format!("{n} of {} stand on one line", self.set(s)),
                LineGoal::Block => format!("{} fill a {n} by {n} block", self.set(s)),
            },
            Cond::Block(s, n) => format!("{} fill a {n} by {n} block", self.set(s)),
            Cond::Connected(_, sets, _) => format!(
                "{} link {} to {}",
                self.set(&sets[0]),
                self.set(&sets[1]),
                self.set(&sets[2])
            ),
        }
    }

    /// "{own} has no king left", "no pieces but kings are left".
    fn none_left(&self, who: SideFilter, mask: KindSet) -> String {
        match side(who) {
            Some(w) => format!("{w} has no {} left", self.kinds(mask, false)),
            None => format!("no {} is left", self.kinds(mask, false)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::vocabulary::EndOutcome;

    fn vocabulary() -> (Vec<String>, Vec<String>) {
        (vec!["pawn".into(), "knight".into(), "king".into()], vec!["goal".into()])
    }

    fn said(condition: EndCondition<Resolved>) -> String {
        let (pieces, regions) = vocabulary();
        let v = Vocabulary {
            pieces: &pieces,
            regions: &regions,
        };
        describe(
            &EndRule {
                condition,
                outcome: EndOutcome::Loss,
            },
            &v,
        )
    }

    #[test]
    fn losing_the_royal_piece_reads_as_a_sentence() {
        let own_king = || {
            Box::new(Cond::Exists(SetExpr::Pieces(
                SideFilter::Own,
                KindSet::from_bits(0b100),
            )))
        };
        let enemy_king = || {
            Box::new(Cond::Exists(SetExpr::Pieces(
                SideFilter::Enemy,
                KindSet::from_bits(0b100),
            )))
        };
        assert_eq!(
            said(EndCondition::Holds(Cond::Not(own_king()))),
            "{own} has no king left"
        );
        assert_eq!(
            said(EndCondition::Holds(Cond::And(
                Box::new(Cond::Not(own_king())),
                Box::new(Cond::Not(enemy_king()))
            ))),
            "{own} has no king left and {enemy} has no king left"
        );
        let no_pieces = Cond::Compare(
            Quantity::Count(SetExpr::Pieces(SideFilter::Own, KindSet::from_bits(0b111))),
            Comparison::Equal,
            0,
        );
        assert_eq!(said(EndCondition::Holds(no_pieces)), "{own} has no piece left");
        let checks = Cond::Compare(Quantity::Checks(false), Comparison::AtLeast, 3);
        assert_eq!(said(EndCondition::Holds(checks)), "{enemy} gave 3 checks");
    }

    #[test]
    fn the_fixed_ends_keep_their_usual_names() {
        assert_eq!(said(EndCondition::Checkmate(None)), "checkmate");
        assert_eq!(said(EndCondition::Dead(Cond::Truth(true))), "dead position");
        assert_eq!(said(EndCondition::MoveRule(50, None)), "50-move rule");
        assert_eq!(said(EndCondition::Repetition(3, None)), "3-fold repetition");
        let dropped = Some(Cond::Dropped(KindSet::from_bits(0b1)));
        assert_eq!(
            said(EndCondition::Checkmate(dropped)),
            "checkmate, as the last move dropped a pawn"
        );
    }
}
