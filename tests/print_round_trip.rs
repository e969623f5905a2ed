//! The printers of effect sentences and movement templates: what they
//! print parses back to the same tree (`parse(print(x)) == x`, spans
//! aside), for random trees and for every sentence and template of every
//! bundled variant and valid fixture.

use kaboom::syntax::betza;
use kaboom::syntax::effects::{
    self, ActionName, Comparison, Cond, Direction, Effect, EndCondition, EndOutcome, EndRule, FilterClause, FilterCond,
    HomeOf, KindChange, KindFilter, LegalClause, LineGoal, MarkName, MoveAs, NamedSet, Occupied, PlaceWhere, PlaceWho,
    Placement, Quantity, RanksFrom, RegionName, RightLetter, SetExpr, SetOp, ShieldRule, SideFilter, TemplateText,
    Trigger, TriggeredRule,
};
use proptest::prelude::*;
use std::fmt::Debug;
use std::path::{Path, PathBuf};

/// A tree's debug text with every byte range (`12..15`) erased: two trees
/// with equal shapes print the same.
fn shape(tree: &impl Debug) -> String {
    let text = format!("{tree:?}");
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let digits = |from: usize| bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
        let a = digits(i);
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if a > 0 && starts_word && bytes[i + a..].starts_with(b"..") {
            let b = digits(i + a + 2);
            if b > 0 {
                out.push('_');
                i += a + 2 + b;
                continue;
            }
        }
        out.push(bytes[i] as char);
        i += 1;
    }
    out
}

const NO_SPAN: std::ops::Range<usize> = 0..0;

// ------------------------------------------------------------ strategies

fn letter() -> impl Strategy<Value = char> {
    prop::sample::select(vec!['P', 'N', 'B', 'R', 'Q', 'K', 'A', 'M'])
}

fn letters() -> impl Strategy<Value = Vec<(char, std::ops::Range<usize>)>> {
    prop::collection::vec(letter().prop_map(|c| (c, NO_SPAN)), 1..4)
}

fn kind_filter() -> impl Strategy<Value = KindFilter> {
    prop_oneof![
        (any::<bool>(), letters()).prop_map(|(negate, letters)| KindFilter {
            negate,
            royal: false,
            letters
        }),
        any::<bool>().prop_map(|negate| KindFilter {
            negate,
            royal: true,
            letters: Vec::new()
        }),
    ]
}

fn plain_letters() -> impl Strategy<Value = KindFilter> {
    letters().prop_map(|letters| KindFilter {
        negate: false,
        royal: false,
        letters,
    })
}

fn side() -> impl Strategy<Value = SideFilter> {
    prop::sample::select(vec![
        SideFilter::Own,
        SideFilter::Enemy,
        SideFilter::Any,
        SideFilter::White,
        SideFilter::Black,
    ])
}

fn ranks_from() -> impl Strategy<Value = RanksFrom> {
    prop::sample::select(vec![
        RanksFrom::Own,
        RanksFrom::Enemy,
        RanksFrom::White,
        RanksFrom::Black,
    ])
}

fn named() -> impl Strategy<Value = NamedSet> {
    prop::sample::select(vec![
        NamedSet::Target,
        NamedSet::Origin,
        NamedSet::Mover,
        NamedSet::Path,
        NamedSet::All,
        NamedSet::Shielded,
        NamedSet::Blocked,
        NamedSet::Empty,
        NamedSet::Light,
        NamedSet::Dark,
        NamedSet::Moved,
        NamedSet::Vacated,
    ])
}

fn template() -> impl Strategy<Value = TemplateText> {
    prop::sample::select(vec!["Q", "R", "B", "N", "vR", "fW", "mQ", "K", "WW"]).prop_map(|t| TemplateText {
        text: t.to_string(),
        span: NO_SPAN,
    })
}

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["palace", "zone", "goal", "across_river", "shot", "camp2"]).prop_map(str::to_string)
}

fn leaf_set() -> impl Strategy<Value = SetExpr> {
    prop_oneof![
        named().prop_map(SetExpr::Named),
        (side(), prop::option::of(kind_filter())).prop_map(|(s, k)| SetExpr::Pieces(s, k)),
        (ranks_from(), 1u8..=16, 0u8..4).prop_map(|(f, lo, d)| SetExpr::Ranks(f, lo, (lo + d).min(16))),
        (0u8..26, 0u8..4).prop_map(|(lo, d)| SetExpr::Files(lo, (lo + d).min(25))),
        (ranks_from(), name()).prop_map(|(f, name)| SetExpr::Region(f, RegionName { name, span: NO_SPAN })),
        name().prop_map(|name| SetExpr::Marked(MarkName { name, span: NO_SPAN })),
        prop::sample::select(vec!["swap", "Jump-1", "x_y"]).prop_map(|n| SetExpr::Last(ActionName {
            name: n.to_string(),
            span: NO_SPAN
        })),
    ]
}

fn set() -> impl Strategy<Value = SetExpr> {
    leaf_set().prop_recursive(4, 24, 2, |inner| {
        let b = || inner.clone().prop_map(Box::new);
        prop_oneof![
            (b(), 0u8..=15).prop_map(|(s, r)| SetExpr::Area(s, r)),
            b().prop_map(SetExpr::Adjacent),
            (b(), 0u8..=30).prop_map(|(s, r)| SetExpr::Manhattan(s, r)),
            (b(), template(), 1u8..=16, ranks_from()).prop_map(|(s, t, n, f)| SetExpr::Lines(s, t, n, f)),
            (b(), template()).prop_map(|(s, t)| SetExpr::First(s, t)),
            (b(), template()).prop_map(|(s, t)| SetExpr::Reach(s, t)),
            (b(), template()).prop_map(|(s, t)| SetExpr::Enclosed(s, t)),
            (
                prop::sample::select(vec![SetOp::Union, SetOp::Difference, SetOp::Intersection]),
                b(),
                b()
            )
                .prop_map(|(op, l, r)| SetExpr::Binary(op, l, r)),
        ]
    })
}

fn quantity() -> impl Strategy<Value = Quantity> {
    prop_oneof![
        set().prop_map(Quantity::Count),
        prop::option::of(kind_filter()).prop_map(Quantity::Captured),
        set().prop_map(Quantity::Squares),
        any::<bool>().prop_map(Quantity::Checks),
        (side(), prop::option::of(kind_filter())).prop_map(|(s, k)| Quantity::Held(s, k)),
        Just(Quantity::Passes),
        set().prop_map(Quantity::Material),
    ]
}

fn comparison() -> impl Strategy<Value = Comparison> {
    prop::sample::select(vec![
        Comparison::AtLeast,
        Comparison::AtMost,
        Comparison::Equal,
        Comparison::NotEqual,
        Comparison::More,
        Comparison::Less,
    ])
}

fn right() -> impl Strategy<Value = RightLetter> {
    prop::sample::select(vec!['K', 'Q', 'k', 'q', 'A', 'h']).prop_map(|letter| RightLetter { letter, span: NO_SPAN })
}

fn leaf_cond() -> impl Strategy<Value = Cond> {
    prop_oneof![
        any::<bool>().prop_map(Cond::Truth),
        (quantity(), comparison(), 0u32..1000).prop_map(|(q, c, n)| Cond::Compare(q, c, n)),
        set().prop_map(Cond::Exists),
        set().prop_map(|s| Cond::Attacked(s, None)),
        (set(), set()).prop_map(|(a, b)| Cond::Attacked(a, Some(b))),
        set().prop_map(|s| Cond::AttackedEvery(s, None)),
        (set(), set()).prop_map(|(a, b)| Cond::AttackedEvery(a, Some(b))),
        (set(), set()).prop_map(|(a, b)| Cond::Touching(a, b)),
        (set(), set()).prop_map(|(a, b)| Cond::Within(a, b)),
        (set(), set()).prop_map(|(a, b)| Cond::CanReach(a, b)),
        prop::option::of(kind_filter()).prop_map(Cond::Dropped),
        right().prop_map(Cond::Castled),
        right().prop_map(Cond::CastlingRight),
        (quantity(), comparison(), quantity(), -999i32..1000).prop_map(|(a, c, b, o)| Cond::Versus(a, c, b, o)),
        (
            prop::sample::select(vec![LineGoal::InRow, LineGoal::Collinear]),
            set(),
            2u8..=16,
            template()
        )
            .prop_map(|(g, s, n, t)| Cond::Line(g, s, n, t)),
        (set(), 2u8..=16).prop_map(|(s, n)| Cond::Block(s, n)),
        Just(Cond::Capture),
    ]
}

fn cond() -> impl Strategy<Value = Cond> {
    leaf_cond().prop_recursive(3, 12, 2, |inner| {
        let b = || inner.clone().prop_map(Box::new);
        prop_oneof![
            b().prop_map(Cond::Not),
            (b(), b()).prop_map(|(a, c)| Cond::And(a, c)),
            (b(), b()).prop_map(|(a, c)| Cond::Or(a, c)),
            b().prop_map(Cond::Before),
            (b(), b()).prop_map(|(d, c)| Cond::Since(d, c)),
        ]
    })
}

fn kind_change() -> impl Strategy<Value = KindChange> {
    prop_oneof![
        plain_letters().prop_map(|k| KindChange::Kind(Some(k), NO_SPAN)),
        Just(KindChange::Captured),
        Just(KindChange::Next),
        Just(KindChange::Previous),
    ]
}

fn place_where() -> impl Strategy<Value = PlaceWhere> {
    let leaf = prop_oneof![
        (
            prop::sample::select(vec![HomeOf::Placed, HomeOf::Captured, HomeOf::Mover]),
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(|(of, mirror, rank)| PlaceWhere::Home { of, mirror, rank }),
        Just(PlaceWhere::CaptureSquare),
        set().prop_map(PlaceWhere::Set),
    ];
    leaf.prop_recursive(2, 4, 1, |inner| {
        prop_oneof![
            inner.clone().prop_map(|w| PlaceWhere::Reflect(Box::new(w))),
            (inner, -99i8..=99, -99i8..=99).prop_map(|(w, f, r)| PlaceWhere::Shift(Box::new(w), f, r)),
        ]
    })
}

fn placement() -> impl Strategy<Value = Placement> {
    let who = prop_oneof![
        Just(PlaceWho::Captured(NO_SPAN)),
        Just(PlaceWho::Mover),
        (side(), plain_letters()).prop_map(|(s, k)| PlaceWho::New(s, Some(k))),
    ];
    let occupied = prop::sample::select(vec![Occupied::Vanish, Occupied::Illegal, Occupied::Remove]);
    // A chosen square is the whole of WHERE (never reflected or shifted).
    let at = prop_oneof![place_where(), set().prop_map(PlaceWhere::Chosen)];
    (
        who,
        prop::option::of(kind_change()),
        at,
        occupied,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(who, becomes, at, occupied, royal, promote, may)| Placement {
            who,
            becomes: becomes.map(|k| (k, NO_SPAN)),
            at,
            occupied,
            royal,
            promote,
            may,
        })
}

fn effect() -> impl Strategy<Value = Effect> {
    let direction = prop_oneof![
        Just(Direction::Along),
        set().prop_map(Direction::AwayFrom),
        Just(Direction::Chosen)
    ];
    let mark = || name().prop_map(|name| MarkName { name, span: NO_SPAN });
    prop_oneof![
        set().prop_map(Effect::Remove),
        (set(), direction, 0u8..=16).prop_map(|(set, direction, distance)| Effect::Push {
            set,
            direction,
            distance
        }),
        set().prop_map(Effect::Block),
        (set(), prop::option::of(set()), any::<bool>()).prop_map(|(among, unblocking, required)| {
            Effect::BlockChosen {
                among,
                unblocking,
                required,
            }
        }),
        Just(Effect::Consume),
        (set(), 1u8..16, 1u8..=99).prop_map(|(squares, against, moves)| Effect::Shield {
            squares,
            against,
            moves
        }),
        (set(), prop::option::of(ranks_from()), any::<bool>()).prop_map(|(set, to, royal)| Effect::Recolour {
            set,
            to,
            royal
        }),
        (set(), kind_change(), any::<bool>()).prop_map(|(set, to, royal)| Effect::Transform {
            set,
            to,
            royal,
            span: NO_SPAN
        }),
        (set(), mark(), 0u8..=99).prop_map(|(set, mark, moves)| Effect::Mark { set, mark, moves }),
        (set(), mark()).prop_map(|(set, mark)| Effect::Unmark { set, mark }),
        (set(), set(), any::<bool>()).prop_map(|(set, from, promote)| Effect::Bounce { set, from, promote }),
        (
            set(),
            prop::sample::select(vec![MoveAs::Captured, MoveAs::Own]),
            prop::option::of(set()),
            any::<bool>()
        )
            .prop_map(|(set, as_, onto, required)| Effect::MoveOn {
                set,
                as_,
                onto,
                required
            }),
        set().prop_map(Effect::Exchange),
        placement().prop_map(|p| Effect::Place(Box::new(p))),
    ]
}

fn rule() -> impl Strategy<Value = TriggeredRule> {
    let trigger = prop_oneof![
        Just(Trigger::Capture),
        Just(Trigger::Arrival),
        any::<bool>().prop_map(|except_castling| Trigger::AfterMove { except_castling }),
    ];
    (
        trigger,
        prop::option::of(kind_filter()),
        prop::option::of(cond()),
        prop::collection::vec(effect(), 1..4),
    )
        .prop_map(|(trigger, by, guard, effects)| TriggeredRule {
            trigger,
            by: by.map(Some),
            guard,
            effects,
        })
}

fn filter_cond() -> impl Strategy<Value = FilterCond> {
    let leaf = prop_oneof![
        (any::<bool>(), any::<bool>()).prop_map(|(own, same_kind)| FilterCond::Observed { own, same_kind }),
        any::<bool>().prop_map(|spare_royal| FilterCond::ObservedAfter { spare_royal }),
        Just(FilterCond::Royal),
        Just(FilterCond::SameColour),
        (1u8..=16, 1u8..=16, 0u8..16, 0u8..16).prop_map(|(files, ranks, file_shift, rank_shift)| {
            FilterCond::LeavesCell {
                files,
                ranks,
                file_shift,
                rank_shift,
            }
        }),
        Just(FilterCond::NextToPiece),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        let b = || inner.clone().prop_map(Box::new);
        prop_oneof![
            b().prop_map(FilterCond::Not),
            (b(), b()).prop_map(|(a, c)| FilterCond::And(a, c)),
            (b(), b()).prop_map(|(a, c)| FilterCond::Or(a, c)),
        ]
    })
}

fn legal() -> impl Strategy<Value = LegalClause> {
    prop_oneof![
        prop::option::of(cond()).prop_map(LegalClause::Survives),
        (prop::option::of(cond()), any::<bool>()).prop_map(|(c, t)| LegalClause::NotAttacked(c, t)),
        Just(LegalClause::CapturesCompulsory),
        Just(LegalClause::DropsCompulsory),
        cond().prop_map(LegalClause::Forbids),
        (any::<bool>(), filter_cond())
            .prop_map(|(captures_only, cond)| LegalClause::Filter(FilterClause::Filter { captures_only, cond })),
        Just(LegalClause::Filter(FilterClause::ChecksMate)),
        Just(LegalClause::Filter(FilterClause::CapturesDetour)),
        prop::option::of(any::<bool>()).prop_map(|s| LegalClause::Filter(FilterClause::Longest(s))),
    ]
}

fn end() -> impl Strategy<Value = EndRule> {
    let condition = prop_oneof![
        prop::option::of(cond()).prop_map(EndCondition::Checkmate),
        prop::option::of(cond()).prop_map(EndCondition::Stalemate),
        (0u32..1000, prop::option::of(cond())).prop_map(|(n, c)| EndCondition::MoveRule(n, c)),
        (0u32..1000, prop::option::of(cond())).prop_map(|(n, c)| EndCondition::Repetition(n, c)),
        (0u32..1000).prop_map(EndCondition::PerpetualCheck),
        (0u32..1000, prop::option::of(cond())).prop_map(|(n, c)| EndCondition::MutualPerpetualCheck(n, c)),
        (0u32..1000, prop::option::of(kind_filter())).prop_map(|(n, k)| EndCondition::Shuttles(n, k)),
        cond().prop_map(EndCondition::Holds),
        cond().prop_map(EndCondition::Dead),
        Just(EndCondition::CountingOver),
    ];
    let outcome = prop::sample::select(vec![
        EndOutcome::Win,
        EndOutcome::Loss,
        EndOutcome::Draw,
        EndOutcome::BothLose,
        EndOutcome::WhiteWins,
        EndOutcome::BlackWins,
    ]);
    (condition, outcome).prop_map(|(condition, outcome)| EndRule { condition, outcome })
}

fn shield() -> impl Strategy<Value = ShieldRule> {
    (set(), 1u8..16, prop::option::of(cond())).prop_map(|(squares, against, while_)| ShieldRule {
        squares,
        against,
        while_,
    })
}

/// Prints `tree`, parses the text with `parse`, and asserts the same shape.
fn round_trip<T: Debug + std::fmt::Display, E: Debug>(tree: &T, parse: impl Fn(&str) -> Result<T, E>) {
    let text = tree.to_string();
    let back = parse(&text).unwrap_or_else(|e| panic!("`{text}` does not parse: {e:?}\nfrom {tree:?}"));
    assert_eq!(shape(&back), shape(tree), "`{text}` reads back differently");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn sets_round_trip(s in set()) {
        round_trip(&s, effects::parse_set);
    }

    #[test]
    fn conditions_round_trip(c in cond()) {
        round_trip(&c, effects::parse_condition);
    }

    #[test]
    fn rules_round_trip(r in rule()) {
        round_trip(&r, effects::parse_rule);
    }

    #[test]
    fn effects_round_trip(e in prop::collection::vec(effect(), 1..4)) {
        let text = effects::print_effects(&e);
        let back = effects::parse_effects(&text).unwrap_or_else(|err| panic!("`{text}`: {err:?}"));
        prop_assert_eq!(shape(&back), shape(&e), "`{}` reads back differently", text);
    }

    #[test]
    fn legality_clauses_round_trip(l in legal()) {
        round_trip(&l, effects::parse_legal);
    }

    #[test]
    fn end_rules_round_trip(e in end()) {
        round_trip(&e, effects::parse_end);
    }

    #[test]
    fn shields_round_trip(s in shield()) {
        round_trip(&s, effects::parse_shield);
    }

    #[test]
    fn templates_round_trip(parts in prop::collection::vec(
        (prop::sample::subsequence(vec!['i', 'f', 'b', 'l', 'r', 'v', 's', 'f', 'r', 'm', 'c', 'e', 'n', 'p'], 0..6),
         prop::sample::select(vec!['W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G', 'K', 'R', 'B', 'Q']),
         prop::sample::select(vec!["", "", "2", "0", "A"])), 0..4)) {
        let text: String = parts
            .iter()
            .map(|(mods, atom, after)| {
                let again = if *after == "A" { atom.to_string() } else { after.to_string() };
                format!("{}{atom}{again}", mods.iter().collect::<String>())
            })
            .collect();
        // Only templates the parser accepts are trees.
        if let Ok(t) = betza::parse(&text) {
            round_trip(&t, betza::parse);
        }
    }
}

// ------------------------------------------------------------ bundled files

/// Every variant file the project ships or keeps as a valid fixture.
fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack = vec![
        root.join("variants"),
        root.join("tests/fixtures/valid"),
        root.join("tests/scenarios/variants"),
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The sentences of one file, by kind, found by field name.
#[derive(Default)]
struct Sentences {
    rules: Vec<String>,
    effects: Vec<String>,
    conditions: Vec<String>,
    sets: Vec<String>,
    shields: Vec<String>,
    legal: Vec<String>,
    end: Vec<String>,
    templates: Vec<String>,
}

fn strings(value: &ron::Value) -> Vec<String> {
    match value {
        ron::Value::String(s) => vec![s.clone()],
        ron::Value::Seq(items) => items.iter().flat_map(strings).collect(),
        ron::Value::Option(Some(v)) => strings(v),
        ron::Value::Map(map) => map
            .iter()
            .filter(|(k, _)| matches!(k, ron::Value::String(k) if k == "rule"))
            .flat_map(|(_, v)| strings(v))
            .collect(),
        _ => Vec::new(),
    }
}

fn collect(value: &ron::Value, parent: &str, out: &mut Sentences) {
    match value {
        ron::Value::Map(map) => {
            for (key, v) in map.iter() {
                let ron::Value::String(key) = key else { continue };
                match (parent, key.as_str()) {
                    ("top", "rules") => out.rules.extend(strings(v)),
                    ("top", "shields") => out.shields.extend(strings(v)),
                    ("top", "legal") => out.legal.extend(strings(v)),
                    ("top", "end") => out.end.extend(strings(v)),
                    ("actions", "effect") => out.effects.extend(strings(v)),
                    ("actions", "when") | ("starts", "when") => out.conditions.extend(strings(v)),
                    ("actions", "target") => out.sets.extend(strings(v)),
                    ("pieces" | "actions" | "moves_in" | "moves_along", "moves") => out.templates.extend(strings(v)),
                    _ => {}
                }
                let inner = if matches!(
                    key.as_str(),
                    "pieces" | "actions" | "moves_in" | "moves_along" | "counting" | "starts"
                ) {
                    key.as_str()
                } else {
                    "other"
                };
                collect(v, inner, out);
            }
        }
        ron::Value::Seq(items) => items.iter().for_each(|v| collect(v, parent, out)),
        ron::Value::Option(Some(v)) => collect(v, parent, out),
        _ => {}
    }
}

fn sentences(path: &Path) -> Sentences {
    let text = std::fs::read_to_string(path).unwrap();
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let value: ron::Value = options
        .from_str(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Sentences::default();
    collect(&value, "top", &mut out);
    out
}

/// Parses `text`, prints it, and asserts that the printed text parses to
/// the same tree and prints the same again (the form is a fixed point).
fn bundled<T: Debug + std::fmt::Display, E: Debug>(
    file: &Path,
    text: &str,
    parse: impl Fn(&str) -> Result<T, E>,
) -> bool {
    let Ok(tree) = parse(text) else {
        // A sentence the checker refuses is no tree to print.
        return false;
    };
    let printed = tree.to_string();
    let back = parse(&printed).unwrap_or_else(|e| panic!("{}: `{text}` printed as `{printed}`: {e:?}", file.display()));
    assert_eq!(
        shape(&back),
        shape(&tree),
        "{}: `{text}` printed as `{printed}`",
        file.display()
    );
    assert_eq!(back.to_string(), printed, "{}: `{text}`", file.display());
    true
}

#[test]
fn every_bundled_sentence_and_template_prints_back_to_itself() {
    let mut counted = 0;
    for file in files() {
        let s = sentences(&file);
        for t in &s.rules {
            counted += usize::from(bundled(&file, t, effects::parse_rule));
        }
        for t in &s.shields {
            counted += usize::from(bundled(&file, t, effects::parse_shield));
        }
        for t in &s.legal {
            counted += usize::from(bundled(&file, t, effects::parse_legal));
        }
        for t in &s.end {
            counted += usize::from(bundled(&file, t, effects::parse_end));
        }
        for t in &s.conditions {
            counted += usize::from(bundled(&file, t, effects::parse_condition));
        }
        for t in &s.sets {
            counted += usize::from(bundled(&file, t, effects::parse_set));
        }
        for t in &s.templates {
            counted += usize::from(bundled(&file, t, betza::parse));
        }
        for t in &s.effects {
            let Ok(tree) = effects::parse_effects(t) else { continue };
            let printed = effects::print_effects(&tree);
            let back = effects::parse_effects(&printed).unwrap_or_else(|e| panic!("`{t}` as `{printed}`: {e:?}"));
            assert_eq!(
                shape(&back),
                shape(&tree),
                "{}: `{t}` printed as `{printed}`",
                file.display()
            );
            counted += 1;
        }
    }
    // The files hold hundreds of sentences; a walk that found few missed them.
    assert!(counted > 350, "only {counted} sentences found");
}

#[test]
fn the_canonical_form_of_some_sentences() {
    let rule = effects::parse_rule("ON CAPTURE:remove(area(target,1)-any P);remove(target);").unwrap();
    assert_eq!(
        rule.to_string(),
        "on capture: remove(area(target, 1) - any P); remove(target)"
    );
    let set = effects::parse_set("a - (b - c) + (d + e)").unwrap();
    assert_eq!(set.to_string(), "a - (b - c) + (d + e)");
    let c = effects::parse_condition("not (a in b or true) and (false or capture)").unwrap();
    assert_eq!(c.to_string(), "not (a in b or true) and (false or capture)");
    let e = effects::parse_effects("blast(target, 1, sparing any P); irradiate(origin)").unwrap();
    assert_eq!(
        effects::print_effects(&e),
        "remove(area(target, 1) - any P); block(origin)"
    );
    let l = effects::parse_legal("moves only if not (royal(mover) or same square colour) and leaves cell(2,2,0,0)")
        .unwrap();
    assert_eq!(
        l.to_string(),
        "moves only if not (royal(mover) or same square colour) and leaves cell(2, 2)"
    );
    let end = effects::parse_end("checkmate   if dropped( P ): White Wins").unwrap();
    assert_eq!(end.to_string(), "checkmate if dropped(P): white wins");
}
