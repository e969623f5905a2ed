//! The end rules as Fairy-Stockfish's options, read from the rules'
//! syntax trees: checkmate, stalemate (by piece count), the move rule,
//! repetition (absolute, perpetual check), extinction, flag regions,
//! connection goals, check counting, passing twice, a full board, the
//! bikjang pass, and `materialCounting`'s counted and weighed draws.

use super::squares::Board;
use crate::base::square::Color;
use crate::lang::effect_syntax::{
    Comparison, Cond, EndCondition, EndOutcome, EndRule, LineGoal, NamedSet, Quantity, SetExpr, SetOp, SideFilter,
    parse_end,
};
use std::fmt::Write as _;

/// What the end rules read of the rest of the variant.
pub(super) struct Context<'a> {
    /// The royal piece's letter.
    pub royal: Option<char>,
    /// The board and its regions.
    pub board: Board<'a>,
    /// Whether a side may pass (the rule `passes >= 2` follows from it).
    pub passing: bool,
    /// The checks to give in the start FEN (`3+3`), if it counts them.
    pub checks: Option<u32>,
    /// Whether the variant counts moves (`counting`: `countingRule`).
    pub counting: bool,
    /// The letter of the piece written as `shogiPawn`, if one is.
    pub shogi_pawn: Option<char>,
    /// Whether the legality clauses are bikjang's (`bikjangRule`, whose
    /// end rule is then read here).
    pub bikjang: bool,
    /// The letters of plain pieces written with the forms of their type
    /// (` K A C`, [`super::type_groups`]).
    pub groups: &'a [String],
}

/// The options gathered from the rules.
#[derive(Default)]
struct Options {
    checkmate: Option<&'static str>,
    stalemate: Option<&'static str>,
    stalemate_piece_count: bool,
    move_rule: u32,
    repetition: Option<(u32, &'static str, bool)>,
    /// `N repetitions by perpetual check: loss`, with its N.
    perpetual: Option<u32>,
    material_counting: bool,
    full_board: bool,
    check_counting: Option<u32>,
    /// Extinction: (the side's own pieces, the kind, the count, the
    /// value, the opponent's count).
    extinction: Vec<(bool, Option<char>, u32, &'static str, u32)>,
    flags: Vec<String>,
    connect: Vec<String>,
    /// `materialCounting = whitedrawodds` / `blackdrawodds`: the side a
    /// stalemate or the move rule gives the game to (`white wins`).
    draw_odds: Vec<&'static str>,
    /// `shogiPawnDropMateIllegal`: `checkmate if dropped(P): win`, P the
    /// `shogiPawn`.
    pawn_drop_mate: bool,
    /// `moveRepetitionIllegal`: `4 shuttles [by ...]: win`; its kinds and
    /// place are the importer's, checked when the export is read back.
    shuttles: bool,
    /// A rule that Fairy-Stockfish's draw odds would turn into a win:
    /// a drawn stalemate, move rule, repetition, double pass or full board.
    plain_draw: bool,
    /// `materialCounting = janggi`: some draw is weighed.
    weighed: bool,
    /// A weighed repetition where both sides checked throughout, with
    /// its count (`perpetualCheckIllegal` under `materialCounting`).
    mutual_perpetual: Option<u32>,
    /// The bikjang pass's end rule.
    bikjang_end: bool,
}

/// The result for the side to move, as Fairy-Stockfish writes it.
fn value(o: EndOutcome) -> Option<&'static str> {
    match o {
        EndOutcome::Win => Some("win"),
        EndOutcome::Loss => Some("loss"),
        EndOutcome::Draw => Some("draw"),
        _ => None,
    }
}

fn negate(v: &'static str) -> &'static str {
    match v {
        "win" => "loss",
        "loss" => "win",
        other => other,
    }
}

/// The kinds of `set` when it is `side`'s pieces: `Some(None)` for every
/// kind, `Some(Some(letters))` for some.
fn pieces(set: &SetExpr, side: SideFilter, royal: Option<char>) -> Option<Option<String>> {
    match set {
        SetExpr::Pieces(s, kinds) if *s == side => match kinds {
            None => Some(None),
            Some(k) if k.negate => None,
            Some(k) if k.royal => royal.map(|r| Some(r.to_string())),
            Some(k) => Some(Some(k.letters.iter().map(|(c, _)| *c).collect())),
        },
        _ => None,
    }
}

/// `count(own) > count(enemy)` (`More`) or `<` (`Less`).
fn counted(c: &Cond) -> Option<Comparison> {
    match c {
        Cond::Versus(Quantity::Count(a), cmp @ (Comparison::More | Comparison::Less), Quantity::Count(b), 0)
            if pieces(a, SideFilter::Own, None) == Some(None) && pieces(b, SideFilter::Enemy, None) == Some(None) =>
        {
            Some(*cmp)
        }
        _ => None,
    }
}

/// The counted comparison of a rule (`stalemate if count(own) > ...`,
/// `passes >= 2 and count(own) > ...`), if it has one.
fn counted_rule(rule: &EndRule) -> Option<Comparison> {
    match &rule.condition {
        EndCondition::Stalemate(Some(c))
        | EndCondition::MoveRule(_, Some(c))
        | EndCondition::Repetition(_, Some(c)) => counted(c),
        EndCondition::Holds(Cond::And(_, c)) => counted(c),
        _ => None,
    }
}

/// The end rules `texts` as Fairy-Stockfish's options, appended to `ini`;
/// the reasons for those it has none for go to `why`.
pub(super) fn write(ini: &mut String, why: &mut Vec<String>, texts: &[String], cx: &Context<'_>) {
    let mut rules = Vec::new();
    for t in texts {
        match parse_end(t) {
            Ok(r) => rules.push((t, r)),
            Err(_) => why.push(format!("end rule `{t}` does not read")),
        }
    }
    let mut o = Options::default();
    let mut i = 0;
    while i < rules.len() {
        // `materialCounting = janggi`: two rules for one draw.
        if let Some(drawn) = super::material_weight_options::read(&rules[i..]) {
            let unweighed = o.plain_draw;
            o.weighed = true;
            if !plain(&mut o, &drawn, cx) {
                why.push(format!("end rule `{}` has no Fairy-Stockfish option", rules[i + 1].0));
            }
            o.plain_draw = unweighed;
            i += 2;
            continue;
        }
        if let Some(used) = grouped(&mut o, &rules[i..], cx) {
            i += used;
            continue;
        }
        let (text, rule) = &rules[i];
        let next = rules
            .get(i + 1)
            .and_then(|(_, r)| counted_rule(r).map(|c| (c, r.outcome)));
        match (counted_rule(rule), rule.outcome, next) {
            // `materialCounting = unweighted`: more pieces win, fewer lose.
            (Some(Comparison::More), EndOutcome::Win, Some((Comparison::Less, EndOutcome::Loss))) => {
                o.material_counting = true;
                i += 2;
                continue;
            }
            // `stalematePieceCount`: fewer pieces get the value, more its
            // opposite, then the plain stalemate draws.
            (Some(Comparison::Less), out, Some((Comparison::More, _)))
                if matches!(rule.condition, EndCondition::Stalemate(_)) =>
            {
                o.stalemate_piece_count = true;
                o.stalemate = value(out);
                i += 3;
                continue;
            }
            _ => {}
        }
        if !plain(&mut o, rule, cx) {
            why.push(format!("end rule `{text}` has no Fairy-Stockfish option"));
        }
        i += 1;
    }
    options(ini, why, &o, cx);
}

/// Rules the importer writes for one option, several at a time: flag
/// regions, `castlingWins`, `shatarMateRule`, connection regions; the
/// number of rules taken.
fn grouped(o: &mut Options, rules: &[(&String, EndRule)], cx: &Context<'_>) -> Option<usize> {
    if let Some((lines, used)) = super::flag_goal_options::read(rules, &cx.board, cx.royal, cx.groups) {
        o.flags.extend(lines);
        return Some(used);
    }
    if let Some((line, used)) = super::castling_win_options::read(rules) {
        o.flags.push(line);
        return Some(used);
    }
    if let Some((mate, used)) = super::check_series_options::read(rules) {
        o.checkmate = Some(mate);
        o.flags.push("shatarMateRule = true".to_string());
        return Some(used);
    }
    let lines = super::connect_region_options::read(&rules.first()?.1, &cx.board)?;
    for l in lines {
        if !o.connect.contains(&l) {
            o.connect.push(l);
        }
    }
    Some(1)
}

/// One rule that is an option by itself; false if it is none.
fn plain(o: &mut Options, rule: &EndRule, cx: &Context<'_>) -> bool {
    let out = rule.outcome;
    let odds = match out {
        EndOutcome::WhiteWins => "whitedrawodds",
        _ => "blackdrawodds",
    };
    let drawn = out == EndOutcome::Draw
        && matches!(
            rule.condition,
            EndCondition::Stalemate(_) | EndCondition::MoveRule(..) | EndCondition::Repetition(..)
        );
    o.plain_draw |= drawn;
    match (&rule.condition, out) {
        (EndCondition::Checkmate(None), _) => o.checkmate = value(out),
        // `shogiPawnDropMateIllegal`: mate by a drop of the `shogiPawn`
        // wins for the side mated.
        (EndCondition::Checkmate(Some(Cond::Dropped(Some(k)))), EndOutcome::Win)
            if !k.negate && !k.royal && k.letters.len() == 1 && cx.shogi_pawn == Some(k.letters[0].0) =>
        {
            o.pawn_drop_mate = true;
        }
        // Draw odds: what Fairy-Stockfish would draw is that side's win.
        (EndCondition::Stalemate(None), EndOutcome::WhiteWins | EndOutcome::BlackWins) => {
            o.stalemate = Some("draw");
            o.draw_odds.push(odds);
        }
        (EndCondition::MoveRule(n, None), EndOutcome::WhiteWins | EndOutcome::BlackWins) => {
            o.move_rule = *n;
            o.draw_odds.push(odds);
        }
        (EndCondition::Stalemate(None), _) => o.stalemate = value(out),
        (EndCondition::MoveRule(n, None), EndOutcome::Draw) => o.move_rule = *n,
        (EndCondition::Repetition(n, None), EndOutcome::WhiteWins) => o.repetition = Some((*n, "win", true)),
        (EndCondition::Repetition(n, None), EndOutcome::BlackWins) => o.repetition = Some((*n, "loss", true)),
        (EndCondition::Repetition(n, None), _) => o.repetition = Some((*n, value(out).unwrap_or("none"), false)),
        (EndCondition::PerpetualCheck(n), EndOutcome::Loss) => o.perpetual = Some(*n),
        (EndCondition::MutualPerpetualCheck(n, None), EndOutcome::Draw) => o.mutual_perpetual = Some(*n),
        // `bikjangRule`: a pass answering the facing kings draws.
        (EndCondition::Holds(c), EndOutcome::Draw) if cx.bikjang && super::bikjang_options::is_answered(c) => {
            o.bikjang_end = true;
            o.plain_draw = true;
        }
        (EndCondition::Shuttles(4, _), EndOutcome::Win) => o.shuttles = true,
        // Fairy-Stockfish's count ends in a draw (`countingRule`).
        (EndCondition::CountingOver, EndOutcome::Draw) if cx.counting => {}
        (EndCondition::Holds(c), _) => return holds(o, c, out, cx),
        _ => return false,
    }
    out != EndOutcome::BothLose
}

/// A rule that ends the game when a condition holds.
fn holds(o: &mut Options, c: &Cond, out: EndOutcome, cx: &Context<'_>) -> bool {
    let Some(v) = value(out) else { return false };
    match c {
        Cond::Compare(Quantity::Passes, Comparison::AtLeast, 2) if cx.passing && v == "draw" => o.plain_draw = true,
        Cond::Compare(Quantity::Squares(SetExpr::Named(NamedSet::Empty)), Comparison::Equal, 0) if v == "draw" => {
            o.full_board = true;
            o.plain_draw = true;
        }
        Cond::Compare(Quantity::Checks(false), Comparison::AtLeast, n) if v == "loss" && cx.checks == Some(*n) => {
            o.check_counting = Some(*n);
        }
        Cond::Not(inner) => match &**inner {
            Cond::Exists(set) => return extinction(o, set, (0, 0), v, cx),
            _ => return false,
        },
        Cond::Compare(Quantity::Count(..), Comparison::AtMost, _) | Cond::And(..) => {
            return super::extinction::read(c).is_some_and(|e| extinction(o, e.set, (e.count, e.opponents), v, cx));
        }
        Cond::Compare(Quantity::Count(SetExpr::Binary(SetOp::Intersection, a, b)), Comparison::AtLeast, n)
            if v == "loss" =>
        {
            return flag(o, a, b, *n, cx);
        }
        Cond::Line(goal, set, n, template) => {
            let key = match goal {
                LineGoal::InRow => "connectN",
                LineGoal::Collinear => "collinearN",
                LineGoal::Block => "connectNxN",
            };
            return connect(o, key, set, u32::from(*n), Some(&template.text), v, cx);
        }
        Cond::Block(set, n) => return connect(o, "connectNxN", set, u32::from(*n), None, v, cx),
        _ => return false,
    }
    true
}

/// Extinction: no more than `count` of a side's pieces of a kind.
fn extinction(o: &mut Options, set: &SetExpr, (count, opp): (u32, u32), v: &'static str, cx: &Context<'_>) -> bool {
    for (own, side) in [(true, SideFilter::Own), (false, SideFilter::Enemy)] {
        match pieces(set, side, cx.royal) {
            Some(None) => o.extinction.push((own, None, count, v, opp)),
            Some(Some(l)) if l.chars().count() == 1 => {
                o.extinction.push((own, l.chars().next(), count, v, opp));
            }
            _ => continue,
        }
        return true;
    }
    false
}

/// A flag region: `count(enemy K & REGION) >= n: loss`, the region read
/// for the side to move (White's reading is Black's flag region).
fn flag(o: &mut Options, a: &SetExpr, b: &SetExpr, n: u32, cx: &Context<'_>) -> bool {
    let Some(kinds) = pieces(a, SideFilter::Enemy, cx.royal) else {
        return false;
    };
    let (Some(black), Some(white)) = (cx.board.eval(b, Color::White), cx.board.eval(b, Color::Black)) else {
        return false;
    };
    let mut lines = Vec::new();
    match kinds {
        None => {}
        Some(l) if l.chars().count() == 1 => lines.push(format!("flagPiece = {}", l.to_lowercase())),
        Some(_) => return false,
    }
    lines.push(format!("flagRegionWhite = {}", cx.board.fsf(white)));
    lines.push(format!("flagRegionBlack = {}", cx.board.fsf(black)));
    if n != 1 {
        lines.push(format!("flagPieceCount = {n}"));
    }
    o.flags.extend(lines);
    true
}

/// A connection goal (`in_row`, `collinear`, `in_block`) of the side that
/// just moved; the side to move gets the opposite of `connectValue`.
fn connect(
    o: &mut Options,
    key: &str,
    set: &SetExpr,
    n: u32,
    template: Option<&str>,
    v: &'static str,
    cx: &Context<'_>,
) -> bool {
    let Some(kinds) = pieces(set, SideFilter::Enemy, cx.royal) else {
        return false;
    };
    let directions = match template {
        None => None,
        Some("K") => Some([true, true, true]),
        Some("W") => Some([true, true, false]),
        Some("sW") => Some([true, false, false]),
        Some("vW") => Some([false, true, false]),
        Some("F") => Some([false, false, true]),
        Some("sWF") => Some([true, false, true]),
        Some("vWF") => Some([false, true, true]),
        Some(_) => return false,
    };
    let mut lines = vec![format!("{key} = {n}"), format!("connectValue = {}", negate(v))];
    if let Some(l) = kinds {
        lines.push(format!("connectPieceTypes = {}", l.to_lowercase()));
    }
    if let Some([h, vert, d]) = directions {
        lines.push(format!(
            "connectHorizontal = {h}\nconnectVertical = {vert}\nconnectDiagonal = {d}"
        ));
    }
    for l in lines {
        if !o.connect.contains(&l) {
            o.connect.push(l);
        }
    }
    true
}

/// The gathered options as lines of the ini.
fn options(ini: &mut String, why: &mut Vec<String>, o: &Options, cx: &Context<'_>) {
    let _ = writeln!(
        ini,
        "checkmateValue = {}\nstalemateValue = {}",
        o.checkmate.unwrap_or("loss"),
        o.stalemate.unwrap_or("draw")
    );
    if o.stalemate_piece_count {
        let _ = writeln!(ini, "stalematePieceCount = true");
    }
    if o.pawn_drop_mate {
        let _ = writeln!(ini, "shogiPawnDropMateIllegal = true");
    }
    if o.shuttles {
        let _ = writeln!(ini, "moveRepetitionIllegal = true");
    }
    let (n, v, absolute) = o.repetition.unwrap_or((0, "draw", false));
    let _ = writeln!(ini, "nMoveRule = {}\nnFoldRule = {n}\nnFoldValue = {v}", o.move_rule);
    if absolute {
        let _ = writeln!(ini, "nFoldValueAbsolute = true");
    }
    counted_options(ini, why, o, cx);
    if o.full_board {
        let _ = writeln!(ini, "adjudicateFullBoard = true");
    }
    match (o.check_counting, cx.checks) {
        (Some(_), _) => {
            let _ = writeln!(ini, "checkCounting = true");
        }
        (None, Some(_)) => why.push("the start FEN counts checks, but no end rule reads them".to_string()),
        (None, None) => {}
    }
    extinction_options(ini, why, o);
    for line in o.flags.iter().chain(&o.connect) {
        let _ = writeln!(ini, "{line}");
    }
}

/// `materialCounting` (counted, weighed, draw odds), `perpetualCheckIllegal`
/// and `bikjangRule`, as gathered.
fn counted_options(ini: &mut String, why: &mut Vec<String>, o: &Options, cx: &Context<'_>) {
    let (n, _, _) = o.repetition.unwrap_or((0, "draw", false));
    if let Some(p) = o.perpetual {
        if p == n {
            let _ = writeln!(ini, "perpetualCheckIllegal = true");
        } else {
            why.push(format!(
                "the perpetual check rule counts {p} repetitions and the plain rule {n}: \
                 Fairy-Stockfish's perpetualCheckIllegal counts the plain rule's (nFoldRule)"
            ));
        }
    }
    if o.mutual_perpetual.is_some() && (!o.weighed || o.mutual_perpetual != o.perpetual) {
        why.push(
            "a repetition where both sides checked throughout other than the weighed draw of `perpetualCheckIllegal`"
                .to_string(),
        );
    }
    match (cx.bikjang, o.bikjang_end) {
        (true, true) => {
            let _ = writeln!(ini, "bikjangRule = true");
        }
        (true, false) => why.push("the bikjang clauses without the end rule of a pass answering them".to_string()),
        _ => {}
    }
    if o.weighed {
        if o.material_counting || o.plain_draw || !o.draw_odds.is_empty() {
            why.push(
                "weighed draws (`materialCounting = janggi`) beside draws that are not weighed: Fairy-Stockfish weighs every draw"
                    .to_string(),
            );
        } else {
            let _ = writeln!(ini, "materialCounting = janggi");
        }
        return;
    }
    match o.draw_odds.first() {
        None if o.material_counting => {
            let _ = writeln!(ini, "materialCounting = unweighted");
        }
        None => {}
        Some(odds) if o.draw_odds.iter().any(|d| d != odds) => {
            why.push("draw odds for both sides (`white wins` and `black wins` where Fairy-Stockfish would draw)".to_string());
        }
        Some(_) if o.material_counting || o.plain_draw || o.stalemate_piece_count => why.push(
            "draw odds (a stalemate or the move rule won by one side) beside rules that stay drawn:              Fairy-Stockfish's `materialCounting` turns every draw into that side's win"
                .to_string(),
        ),
        Some(odds) => {
            let _ = writeln!(ini, "materialCounting = {odds}");
        }
    }
}

/// `extinctionValue`, its piece types and counts, as gathered.
fn extinction_options(ini: &mut String, why: &mut Vec<String>, o: &Options) {
    if let Some((own, _, count, value, _)) = o.extinction.first().copied() {
        let value = if own { value } else { negate(value) };
        let types: String = o
            .extinction
            .iter()
            .filter(|e| e.0 == own)
            .map(|e| e.1.map_or('*', |c| c.to_ascii_lowercase()))
            .collect();
        let _ = writeln!(
            ini,
            "extinctionValue = {value}\nextinctionPieceTypes = {types}\nextinctionPieceCount = {count}"
        );
        // The opponent's count: the other side's rules need it, the side
        // to move's one more with `extinctionClaim`.
        let side = |own: bool| o.extinction.iter().find(|e| e.0 == own).map(|e| e.4);
        let (theirs, ours) = (side(false), side(true));
        let opponents = theirs.or(ours).unwrap_or(0);
        if opponents > 0 {
            let _ = writeln!(ini, "extinctionOpponentPieceCount = {opponents}");
        }
        match ours.zip(theirs).map(|(a, b)| i64::from(a) - i64::from(b)) {
            Some(1) => {
                let _ = writeln!(ini, "extinctionClaim = true");
            }
            None | Some(0) => {}
            Some(_) => {
                why.push("extinction whose opponent counts differ between the sides by more than one".to_string())
            }
        }
    }
}
