//! Sentences resolved: every piece letter becomes a kind mask and every
//! template inside a set (`lines(origin, Q)`) is parsed, once, here. The
//! compiler reads only these resolved trees; a letter or template that
//! does not resolve is reported where it is written, and every such
//! problem of a sentence is reported, not just the first.

use super::checker::Checker;
use crate::base::kind_set::KindSet;
use crate::base::piece::Kind;
use crate::lang::betza::{self, Template};
use crate::lang::effect_syntax::{
    ActionName, Cond, Direction, Effect, EndCondition, EndRule, KindFilter, LegalClause, LineGoal, Phase, Quantity,
    SetExpr, TriggeredRule,
};
use crate::spec::Spanned;

/// The tree as checked: kinds as masks (bit `k` for kind `k`), templates
/// parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved;

impl Phase for Resolved {
    /// The kinds named.
    type Kinds = KindSet;
    type Template = Template;
    /// The region's index in the variant's `regions` list.
    type Region = u8;
    /// The right's bit in a position's castling rights.
    type Right = u16;
}

/// The piece names a sentence may use, as the file writes them.
pub(super) struct Names<'n> {
    /// The kind of an upper-case piece letter.
    pub letter_kind: &'n dyn Fn(char) -> Option<Kind>,
    /// The royal kinds.
    pub royal: KindSet,
    /// Every kind.
    pub all: KindSet,
    /// The regions a sentence may name, in the order of `regions` (a
    /// region's own squares see only the regions before it).
    pub regions: &'n [String],
    /// Every region the file names, those after `regions` included (to
    /// tell a region used before it is named from a misspelt one).
    pub all_regions: &'n [String],
    /// The castling rules' letters (upper case), in the order written.
    pub castling_letters: &'n [char],
    /// The actions' names, the pieces' and the sides' (`last(swap)`).
    pub actions: &'n [String],
}

impl Names<'_> {
    /// The mask of one kind. More kinds than a mask holds is reported by
    /// the piece checks; such a kind adds no bit.
    fn bit(kind: Kind) -> KindSet {
        KindSet::from_bits(1u64.checked_shl(u32::from(kind.get())).unwrap_or(0))
    }
}

/// Resolves the names in one sentence, reporting each name that does not
/// resolve at its place in `text`.
pub(super) struct Resolver<'r, 'a> {
    pub c: &'r mut Checker<'a>,
    pub text: &'r Spanned<String>,
    pub names: &'r Names<'r>,
}

/// Both, when both resolved (each is resolved, and reported, first).
fn both<A, B>(a: Option<A>, b: Option<B>) -> Option<(A, B)> {
    a.zip(b)
}

impl Resolver<'_, '_> {
    /// The kinds a filter takes (as `kinds`), for the checks of `changes`.
    pub(super) fn kinds_of(&mut self, filter: &Option<KindFilter>) -> Option<KindSet> {
        self.kinds(filter)
    }

    pub(super) fn kinds(&mut self, filter: &Option<KindFilter>) -> Option<KindSet> {
        let Some(f) = filter else { return Some(self.names.all) };
        let mut mask = KindSet::EMPTY;
        let mut ok = true;
        for (letter, span) in &f.letters {
            match (self.names.letter_kind)(*letter) {
                Some(k) => mask = mask.union(Names::bit(k)),
                None => {
                    ok = false;
                    let at = self.c.inside(self.text, span.clone());
                    self.c.error(
                        format!("`{letter}` is not a piece letter of this variant"),
                        at,
                        "use the upper-case letter of a piece listed under `pieces`",
                    );
                }
            }
        }
        let mask = if f.royal { self.names.royal } else { mask };
        ok.then_some(if f.negate {
            self.names.all.difference(mask)
        } else {
            mask
        })
    }

    /// The template of `set(...)` (`first` or `lines`), parsed.
    fn template(&mut self, set: &str, t: &crate::lang::effect_syntax::TemplateText) -> Option<Template> {
        match betza::parse(&t.text) {
            Ok(template) => {
                if let Some(hopper) = template.components.iter().find(|k| k.hop != betza::Hop::None) {
                    let span = t.span.start + hopper.span.start..t.span.start + hopper.span.end;
                    let at = self.c.inside(self.text, span);
                    self.c.error(
                        format!(
                            "`{set}(...)` reads plain lines; the hopper `{}` has no place in it",
                            &t.text[hopper.span.clone()]
                        ),
                        at,
                        if matches!(set, "first" | "lines") {
                            "drop `p`/`g` from the template: `first` and `lines` stop at the first piece"
                        } else {
                            "drop `p`/`g` from the template: it names directions only"
                        },
                    );
                    return None;
                }
                if set == "reach"
                    && let Some(odd) = template
                        .components
                        .iter()
                        .find(|k| !k.quiet || k.initial || k.lame || k.en_passant)
                {
                    let span = t.span.start + odd.span.start..t.span.start + odd.span.end;
                    let at = self.c.inside(self.text, span);
                    self.c.error(
                        format!(
                            "`reach(...)` reads moves to empty squares from any square; `{}` {}",
                            &t.text[odd.span.clone()],
                            if !odd.quiet {
                                "moves to no empty square (it only captures)"
                            } else if odd.initial {
                                "moves only from initial ranks"
                            } else if odd.lame {
                                "is a lame leap"
                            } else {
                                "captures en passant"
                            }
                        ),
                        at,
                        "use plain leaps and rides, or `m` ones: `reach(mover, Q)`, `reach(mover, mN)`",
                    );
                    return None;
                }
                Some(template)
            }
            Err(e) => {
                let span = &t.span;
                let at = self.c.inside(
                    self.text,
                    span.start + e.span.start..span.start + e.span.end.max(e.span.start + 1),
                );
                // A long template is shown by its start; the caret shows the rest.
                let shown: String = t.text.chars().take(24).collect();
                let shown = if shown.len() < t.text.len() {
                    format!("{shown}…")
                } else {
                    shown
                };
                self.c
                    .error(format!("`{set}(...)` template `{shown}`: {}", e.message), at, e.help);
                None
            }
        }
    }

    fn boxed(&mut self, e: &SetExpr) -> Option<Box<SetExpr<Resolved>>> {
        self.set(e).map(Box::new)
    }

    /// A square set.
    pub fn set(&mut self, e: &SetExpr) -> Option<SetExpr<Resolved>> {
        Some(match e {
            SetExpr::Named(n) => SetExpr::Named(*n),
            SetExpr::Pieces(side, kinds) => SetExpr::Pieces(*side, self.kinds(kinds)?),
            SetExpr::Area(s, r) => SetExpr::Area(self.boxed(s)?, *r),
            SetExpr::Adjacent(s) => SetExpr::Adjacent(self.boxed(s)?),
            SetExpr::Manhattan(s, r) => SetExpr::Manhattan(self.boxed(s)?, *r),
            SetExpr::Lines(s, t, n, from) => {
                let (s, t) = both(self.boxed(s), self.template("lines", t))?;
                SetExpr::Lines(s, t, *n, *from)
            }
            SetExpr::First(s, t) => {
                let (s, t) = both(self.boxed(s), self.template("first", t))?;
                SetExpr::First(s, t)
            }
            SetExpr::Reach(s, t) => {
                let (s, t) = both(self.boxed(s), self.template("reach", t))?;
                SetExpr::Reach(s, t)
            }
            SetExpr::Ranks(from, lo, hi) => SetExpr::Ranks(*from, *lo, *hi),
            SetExpr::Files(lo, hi) => SetExpr::Files(*lo, *hi),
            SetExpr::Binary(op, a, b) => {
                let (a, b) = both(self.boxed(a), self.boxed(b))?;
                SetExpr::Binary(*op, a, b)
            }
            SetExpr::Region(from, r) => SetExpr::Region(*from, self.region(r)?),
            SetExpr::Enclosed(s, t) => {
                let (s, t) = both(self.boxed(s), self.template("enclosed", t))?;
                SetExpr::Enclosed(s, t)
            }
            SetExpr::Enclosing(s, t, through) => {
                let (s, t) = both(self.boxed(s), self.template("enclosing", t))?;
                SetExpr::Enclosing(s, t, *through)
            }
            SetExpr::Marked(m) => SetExpr::Marked(self.mark(m)?),
            SetExpr::Last(a) => SetExpr::Last(self.action_name(a)?),
        })
    }

    /// An action's name (`last(swap)`): one the variant's actions have.
    fn action_name(&mut self, a: &ActionName) -> Option<ActionName> {
        if self.names.actions.contains(&a.name) {
            return Some(a.clone());
        }
        let at = self.c.inside(self.text, a.span.clone());
        let help = match self.names.actions.first() {
            Some(first) => format!("name one of the variant's actions, such as `{first}`"),
            None => "the variant has no actions: `last(...)` names one, as `last(swap)`".to_string(),
        };
        self.c
            .error(format!("`{}` is not an action of this variant", a.name), at, help);
        None
    }

    /// The index of a region the sentence names.
    /// A castling right's bit: rule `i`'s right is bit `2i` for White,
    /// `2i + 1` for Black.
    fn right(&mut self, r: &crate::lang::effect_syntax::RightLetter) -> Option<u16> {
        let upper = r.letter.to_ascii_uppercase();
        if let Some(i) = self.names.castling_letters.iter().position(|&l| l == upper) {
            return 1u16.checked_shl((i * 2 + usize::from(r.letter.is_ascii_lowercase())) as u32);
        }
        let at = self.c.inside(self.text, r.span.clone());
        let known: String = self.names.castling_letters.iter().collect();
        self.c.error(
            format!("`{}` is not a castling right of this variant", r.letter),
            at,
            if known.is_empty() {
                "the variant has no castling rules".to_string()
            } else {
                format!("castling rights are the rules' letters, upper case White's and lower case Black's: `{known}`")
            },
        );
        None
    }

    fn region(&mut self, r: &crate::lang::effect_syntax::RegionName) -> Option<u8> {
        if let Some(i) = self.names.regions.iter().position(|n| *n == r.name) {
            return Some(i as u8);
        }
        let at = self.c.inside(self.text, r.span.clone());
        if self.names.all_regions.contains(&r.name) {
            self.c.error(
                format!("region `{}` is named after this one", r.name),
                at,
                "a region may use only the regions listed before it: move it up",
            );
            return None;
        }
        let known = self.names.regions.iter().map(String::as_str);
        let words = known.clone().chain(crate::base::vocabulary::SET_WORDS.iter().copied());
        // A word of the language itself after a side word (`enemy any`):
        // the side word made it read as a region's name.
        let is_word = crate::base::vocabulary::SET_WORDS.contains(&r.name.as_str());
        let help = match crate::spec::closest(&r.name, words) {
            _ if is_word => format!(
                "`own`, `enemy`, `white` or `black` before a name reads a region for that side \
                 (`enemy palace`); `{}` is no region: `enemy` alone is the other side's pieces, \
                 `enemy P` its pawns",
                r.name
            ),
            Some(best) => format!("did you mean `{best}`?"),
            None if self.names.regions.is_empty() => {
                "name it under `regions` (docs/format.md), or write a set such as `ranks(1..3)`".to_string()
            }
            None => format!(
                "regions named so far: {}",
                known.map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
            ),
        };
        self.c.error(
            format!("`{}` is not a region of this variant, nor a square set", r.name),
            at,
            help,
        );
        None
    }

    fn boxed_cond(&mut self, c: &Cond) -> Option<Box<Cond<Resolved>>> {
        self.cond(c).map(Box::new)
    }

    /// A number a condition compares.
    fn quantity(&mut self, q: &Quantity) -> Option<Quantity<Resolved>> {
        Some(match q {
            Quantity::Count(s) => Quantity::Count(self.set(s)?),
            Quantity::Squares(s) => Quantity::Squares(self.set(s)?),
            Quantity::Material(s) => Quantity::Material(self.set(s)?),
            Quantity::Captured(kinds) => Quantity::Captured(self.kinds(kinds)?),
            Quantity::Checks(own) => Quantity::Checks(*own),
            Quantity::Passes => Quantity::Passes,
            Quantity::Held(side, kinds) => Quantity::Held(*side, self.kinds(kinds)?),
        })
    }

    /// A condition.
    pub fn cond(&mut self, c: &Cond) -> Option<Cond<Resolved>> {
        Some(match c {
            Cond::Truth(t) => Cond::Truth(*t),
            Cond::Not(a) => Cond::Not(self.boxed_cond(a)?),
            Cond::And(a, b) => {
                let (a, b) = both(self.boxed_cond(a), self.boxed_cond(b))?;
                Cond::And(a, b)
            }
            Cond::Or(a, b) => {
                let (a, b) = both(self.boxed_cond(a), self.boxed_cond(b))?;
                Cond::Or(a, b)
            }
            Cond::Compare(q, cmp, n) => Cond::Compare(self.quantity(q)?, *cmp, *n),
            Cond::Versus(a, cmp, b, offset) => {
                let (a, b) = both(self.quantity(a), self.quantity(b))?;
                Cond::Versus(a, *cmp, b, *offset)
            }
            Cond::Before(a) => Cond::Before(self.boxed_cond(a)?),
            Cond::Since(d, c) => {
                let (d, c) = both(self.boxed_cond(d), self.boxed_cond(c))?;
                Cond::Since(d, c)
            }
            Cond::Exists(s) => Cond::Exists(self.set(s)?),
            Cond::Attacked(s, None) => Cond::Attacked(self.set(s)?, None),
            Cond::AttackedEvery(s, None) => Cond::AttackedEvery(self.set(s)?, None),
            Cond::AttackedEvery(s, Some(by)) => {
                let (s, by) = both(self.set(s), self.set(by))?;
                Cond::AttackedEvery(s, Some(by))
            }
            Cond::Attacked(s, Some(by)) => {
                let (s, by) = both(self.set(s), self.set(by))?;
                Cond::Attacked(s, Some(by))
            }
            Cond::Touching(a, b) => {
                let (a, b) = both(self.set(a), self.set(b))?;
                Cond::Touching(a, b)
            }
            Cond::Within(a, b) => {
                let (a, b) = both(self.set(a), self.set(b))?;
                Cond::Within(a, b)
            }
            Cond::CanReach(a, b) => {
                let (a, b) = both(self.set(a), self.set(b))?;
                Cond::CanReach(a, b)
            }
            Cond::Dropped(kinds) => Cond::Dropped(self.kinds(kinds)?),
            Cond::Castled(r) => Cond::Castled(self.right(r)?),
            Cond::CastlingRight(r) => Cond::CastlingRight(self.right(r)?),
            Cond::Line(goal, set, n, t) => {
                let word = match goal {
                    LineGoal::InRow => "in_row",
                    LineGoal::Collinear => "collinear",
                    LineGoal::Block => "in_block",
                };
                let (set, t) = both(self.set(set), self.directions(word, t))?;
                Cond::Line(*goal, set, *n, t)
            }
            Cond::Block(set, n) => Cond::Block(self.set(set)?, *n),
            Cond::Connected(from, sets, t) => {
                let [s, a, b] = &**sets;
                let (s, t) = both(self.set(s), self.template("connected", t))?;
                let (a, b) = both(self.set(a), self.set(b))?;
                Cond::Connected(*from, Box::new([s, a, b]), t)
            }
            Cond::Capture => Cond::Capture,
        })
    }

    /// The template of a line goal (`in_row`, `collinear`), parsed: it
    /// names directions only, so a component may carry direction
    /// modifiers (`f b l r v s`) and nothing that limits a move (`m`, `c`,
    /// `e`, `i`, `n`, a hop, a range).
    fn directions(&mut self, word: &str, t: &crate::lang::effect_syntax::TemplateText) -> Option<Template> {
        let template = self.template(word, t)?;
        let mut ok = true;
        for c in &template.components {
            let limits = !(c.quiet && c.capture)
                || c.en_passant
                || c.initial
                || c.lame
                || matches!(c.reach, betza::Reach::Ride { max: Some(_) });
            let why = if limits {
                Some("it limits moves (`m`, `c`, `e`, `i`, `n` or a range), which a line does not have")
            } else if c.vectors.is_empty() {
                Some("its modifiers select no direction")
            } else {
                None
            };
            if let Some(why) = why {
                ok = false;
                let span = t.span.start + c.span.start..t.span.start + c.span.end;
                let at = self.c.inside(self.text, span);
                self.c.error(
                    format!(
                        "`{word}(...)` reads directions; `{}` is no direction: {why}",
                        &t.text[c.span.clone()]
                    ),
                    at,
                    "write an atom with direction modifiers only: `K` (every line), `W` (ranks and files), `F` (diagonals), `sW` (ranks), `vW` (files)",
                );
            }
        }
        ok.then_some(template)
    }

    fn optional_cond(&mut self, c: &Option<Cond>) -> Option<Option<Cond<Resolved>>> {
        match c {
            Some(c) => self.cond(c).map(Some),
            None => Some(None),
        }
    }

    /// An effect.
    pub fn effect(&mut self, e: &Effect) -> Option<Effect<Resolved>> {
        Some(match e {
            Effect::Remove(s) => Effect::Remove(self.set(s)?),
            Effect::Block(s) => Effect::Block(self.set(s)?),
            Effect::Consume => Effect::Consume,
            Effect::Recolour { .. } | Effect::Transform { .. } | Effect::Mark { .. } | Effect::Unmark { .. } => {
                return self.change(e);
            }
            Effect::BlockChosen {
                among,
                unblocking,
                required,
            } => {
                let among = self.set(among);
                let unblocking = match unblocking {
                    Some(s) => self.set(s).map(Some),
                    None => Some(None),
                };
                let (among, unblocking) = both(among, unblocking)?;
                Effect::BlockChosen {
                    among,
                    unblocking,
                    required: *required,
                }
            }
            Effect::Shield {
                squares,
                against,
                moves,
            } => Effect::Shield {
                squares: self.set(squares)?,
                against: *against,
                moves: *moves,
            },
            Effect::Push {
                set,
                direction,
                distance,
            } => {
                let set = self.set(set);
                let direction = match direction {
                    Direction::Along => Some(Direction::Along),
                    Direction::Chosen => Some(Direction::Chosen),
                    Direction::AwayFrom(s) => self.set(s).map(Direction::AwayFrom),
                };
                let (set, direction) = both(set, direction)?;
                Effect::Push {
                    set,
                    direction,
                    distance: *distance,
                }
            }
            Effect::MoveOn {
                set,
                as_,
                onto,
                required,
            } => {
                let set = self.set(set);
                let onto = match onto {
                    Some(s) => self.set(s).map(Some),
                    None => Some(None),
                };
                let (set, onto) = both(set, onto)?;
                Effect::MoveOn {
                    set,
                    as_: *as_,
                    onto,
                    required: *required,
                }
            }
            Effect::Exchange(s) => Effect::Exchange(self.set(s)?),
            Effect::Bounce { set, from, promote } => {
                let (set, from) = both(self.set(set), self.set(from))?;
                Effect::Bounce {
                    set,
                    from,
                    promote: *promote,
                }
            }
            Effect::Place(p) => Effect::Place(Box::new(self.placement(p)?)),
        })
    }

    /// Effects, every one resolved (and its problems reported).
    pub fn effects(&mut self, effects: &[Effect]) -> Option<Vec<Effect<Resolved>>> {
        let resolved: Vec<_> = effects.iter().map(|e| self.effect(e)).collect();
        resolved.into_iter().collect()
    }

    /// A triggered rule.
    pub fn rule(&mut self, r: &TriggeredRule) -> Option<TriggeredRule<Resolved>> {
        let by = r.by.as_ref().map(|k| self.kinds(k));
        let guard = self.optional_cond(&r.guard);
        let effects = self.effects(&r.effects);
        let (guard, effects) = both(guard, effects)?;
        Some(TriggeredRule {
            trigger: r.trigger,
            by: by.map_or(Some(None), |k| k.map(Some))?,
            guard,
            effects,
        })
    }

    /// A legality clause.
    pub fn legal(&mut self, clause: &LegalClause) -> Option<LegalClause<Resolved>> {
        Some(match clause {
            LegalClause::Survives(c) => LegalClause::Survives(self.optional_cond(c)?),
            LegalClause::NotAttacked(c, t) => LegalClause::NotAttacked(self.optional_cond(c)?, *t),
            LegalClause::CapturesCompulsory => LegalClause::CapturesCompulsory,
            LegalClause::DropsCompulsory => LegalClause::DropsCompulsory,
            LegalClause::Forbids(c) => LegalClause::Forbids(self.cond(c)?),
            LegalClause::Filter(f) => LegalClause::Filter(f.clone()),
        })
    }

    /// A game-end rule.
    pub fn end(&mut self, rule: &EndRule) -> Option<EndRule<Resolved>> {
        let condition = match &rule.condition {
            EndCondition::Checkmate(c) => EndCondition::Checkmate(self.optional_cond(c)?),
            EndCondition::Stalemate(c) => EndCondition::Stalemate(self.optional_cond(c)?),
            EndCondition::MoveRule(n, c) => EndCondition::MoveRule(*n, self.optional_cond(c)?),
            EndCondition::Repetition(n, c) => EndCondition::Repetition(*n, self.optional_cond(c)?),
            EndCondition::PerpetualCheck(n) => EndCondition::PerpetualCheck(*n),
            EndCondition::MutualPerpetualCheck(n, c) => EndCondition::MutualPerpetualCheck(*n, self.optional_cond(c)?),
            EndCondition::Shuttles(n, k) => EndCondition::Shuttles(*n, self.kinds(k)?),
            EndCondition::CountingOver => EndCondition::CountingOver,
            EndCondition::Holds(c) => EndCondition::Holds(self.cond(c)?),
            EndCondition::Dead(c) => EndCondition::Dead(self.cond(c)?),
        };
        Some(EndRule {
            condition,
            outcome: rule.outcome,
        })
    }
}
