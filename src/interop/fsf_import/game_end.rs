//! The endings pass: the end rules in Fairy-Stockfish's order (check
//! counting, extinction, flag regions, `castlingWins`, connection goals,
//! passing, mate by a dropped pawn, the pseudo-royal and petrified mates,
//! checkmate, stalemate, the move rule, repetition, counting), with the
//! `counting` field, or the refusals.

use super::adjudication::{DrawAt, drawn_rules, full_board};
use super::builtin_pieces::{king_index, slot_of};
use super::castles::Castling;
use super::check_series::check_series_rules;
use super::counting_rule::counting_field;
use super::flag_reach;
use super::petrify::Petrify;
use super::refusal::{Built, Refusal, refuse};
use super::royalty::Royalty;
use super::rule_trees::{
    all, any, attacked, both, compare, count, end, end_if, exists, kinds, line, not, pieces, region, right,
};
use super::square_sets::{board_squares, mirror, region_set, sided_region};
use super::start_fen::Start;
use super::state::{Origin, Squares, State, Value, square};
use crate::lang::effect_syntax::{
    Comparison, Cond, EndCondition, EndOutcome, EndRule, LineGoal, Quantity, RanksFrom, SetExpr, SideFilter,
};
use crate::spec::{CountingSpec, RegionSpec};

/// What the endings pass builds.
pub(super) struct Endings {
    /// The end rules, in order.
    pub rules: Vec<EndRule>,
    /// Regions with each side's squares the rules name (the flag region).
    pub regions: Vec<RegionSpec>,
    /// The `counting` field, where `countingRule` sets one.
    pub counting: Option<CountingSpec>,
}

/// What the end rules read of the passes before.
pub(super) struct Before<'a> {
    /// The promoted forms: (the slot that promotes, the form's letter).
    pub forms: &'a [(usize, char)],
    /// The start position (its FEN's checks to give).
    pub start: &'a Start,
    /// Where the start FEN was written.
    pub start_origin: Option<&'a Origin>,
    /// Whether some piece is royal.
    pub has_royal: bool,
    /// The pseudo-royal pieces' rules.
    pub royalty: &'a Royalty,
    /// Petrification's rules.
    pub petrify: &'a Petrify,
    /// The castling rules.
    pub castling: &'a Castling,
}

/// The end rules of `state`.
pub(super) fn endings(state: &State, before: &Before<'_>) -> Built<Endings> {
    let mut refusals = Vec::new();
    let mut rules = Vec::new();
    let mut regions = Vec::new();
    // Check counting: the side to move has lost once the other has given
    // its checks; the FEN's `3+3` field counts the checks left.
    check_counting(state, before, &mut rules, &mut refusals);
    if before.royalty.extinction
        && state.extinction_value != Value::None
        && (state.extinction_types.all || !state.extinction_types.slots.is_empty())
    {
        rules.extend(extinction_rules(state, &mut refusals));
    }
    flag_rules(state, before.forms, &mut rules, &mut regions, &mut refusals);
    // `castlingWins`, after extinction and flags, as Fairy-Stockfish checks it.
    rules.extend(castling_wins_rules(state, before.castling, &mut refusals));
    // Connection goals, checked for the side that just moved.
    rules.extend(connect_rules(state, &mut regions, &mut refusals));
    result_rules(state, before, &mut rules, &mut refusals);
    // `countingRule`: an optional draw, after the move and repetition
    // rules as Fairy-Stockfish checks them (a draw, whatever
    // `materialCounting` says).
    let counting = match counting_field(state) {
        None => None,
        Some(Ok((field, rule))) => {
            rules.push(rule);
            Some(field)
        }
        Some(Err(r)) => {
            refusals.push(r);
            None
        }
    };
    Built {
        part: Endings {
            rules,
            regions,
            counting,
        },
        refusals,
    }
}

/// `checkCounting`: the side to move loses once the other has given the
/// checks the FEN's `3+3` field counts.
fn check_counting(state: &State, before: &Before<'_>, out: &mut Vec<EndRule>, refusals: &mut Vec<Refusal>) {
    let (has_royal, start_origin) = (before.has_royal, before.start_origin);
    let checks = before.start.fen.as_ref().and_then(|f| f.checks);
    match (state.check_counting, checks) {
        (true, Some((w, b))) if w == b && w > 0 && has_royal => {
            out.push(end_if(
                compare(Quantity::Checks(false), Comparison::AtLeast, w),
                EndOutcome::Loss,
            ));
        }
        (true, Some(_)) if !has_royal => {
            refusals.push(refuse(
                start_origin,
                "check counting",
                "checks are counted, but there is no king to check",
            ));
        }
        (true, Some((w, b))) => refusals.push(refuse(
            start_origin,
            "check counting",
            format!("the sides start with different numbers of checks to give (`{w}+{b}`)"),
        )),
        // A start FEN that could not be read, refused above.
        (true, None) => {}
        (false, Some(_)) => refusals.push(refuse(
            start_origin,
            "check counting",
            "the start FEN counts checks, but `checkCounting` is off",
        )),
        (false, None) => {}
    }
}

/// Extinction: a side with no more than `extinctionPieceCount` of a type
/// (while the opponent has more than `extinctionOpponentPieceCount`) gets
/// `extinctionValue`, read for both sides.
fn extinction_rules(state: &State, refusals: &mut Vec<Refusal>) -> Vec<EndRule> {
    let mut out = Vec::new();
    let present = |slot: usize| state.pieces[slot].is_some();
    let mut types: Vec<Option<usize>> = Vec::new();
    if state.extinction_types.all {
        types.push(None);
    }
    let hands = state.piece_drops;
    // `extinctionClaim`: the side to move is extinct only while the
    // opponent has one piece more than `extinctionOpponentPieceCount`.
    let claim = u32::from(state.extinction_claim);
    if hands && (state.extinction_count > 0 || state.extinction_opponent_count + claim > 1) {
        refusals.push(refuse(
            None,
            "drops and hands",
            "extinction counts the pieces in hand too, which kaboom counts against a number only when it is 0 (or 1 for the opponent's)",
        ));
    }
    let mut slots = state.extinction_types.slots.clone();
    slots.sort_unstable();
    types.extend(slots.into_iter().map(Some));
    for (side, other, value, opponents) in [
        (
            SideFilter::Enemy,
            SideFilter::Own,
            negate(state.extinction_value),
            state.extinction_opponent_count,
        ),
        (
            SideFilter::Own,
            SideFilter::Enemy,
            state.extinction_value,
            state.extinction_opponent_count + claim,
        ),
    ] {
        for t in &types {
            let letters = || t.map(|s| state.pieces[s].as_ref().map_or('?', |p| p.letter.to_ascii_uppercase()));
            let set = |who: SideFilter| pieces(who, letters());
            let held = |who: SideFilter, op: Comparison, n: u32| compare(Quantity::Held(who, kinds(letters())), op, n);
            // With drops, Fairy-Stockfish counts the pieces in hand
            // too (`count_with_hand`): none on the board and none in
            // hand, or some on either.
            let mut cond = match t {
                Some(s) if !present(*s) => vec![Cond::Truth(true)],
                _ if hands && state.extinction_count == 0 => vec![
                    count(set(side), Comparison::AtMost, 0),
                    held(side, Comparison::Equal, 0),
                ],
                _ => vec![count(set(side), Comparison::AtMost, state.extinction_count)],
            };
            if opponents > 0 {
                match t {
                    Some(s) if !present(*s) => continue,
                    _ if hands && opponents == 1 => cond.push(any([
                        count(set(other), Comparison::AtLeast, 1),
                        held(other, Comparison::AtLeast, 1),
                    ])),
                    _ => cond.push(count(set(other), Comparison::AtLeast, opponents)),
                }
            }
            if let Some(o) = end_outcome(value) {
                out.push(end_if(all(cond), o));
            }
        }
    }
    out
}

/// Flag regions: a side whose flag pieces reach its region (safely, with
/// `flagPieceSafe`; a move later, with `flagMove`) wins.
fn flag_rules(
    state: &State,
    forms: &[(usize, char)],
    out: &mut Vec<EndRule>,
    regions: &mut Vec<RegionSpec>,
    refusals: &mut Vec<Refusal>,
) {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    let flags = state.flag_region.map(|r| r & board);
    if flags == [0, 0] {
        return;
    }
    let (enemy_goal, own_goal) = flag_goals(flags, files, ranks, regions);
    // A side with no flag region never reaches it: only the other
    // side's flag piece counts.
    let piece = match flags {
        [_, 0] => Some(state.flag_piece[0]),
        [0, _] => Some(state.flag_piece[1]),
        _ => (state.flag_piece[0] == state.flag_piece[1]).then_some(state.flag_piece[0]),
    };
    let Some(piece) = piece else {
        refusals.push(refuse(
            None,
            "flag rules beyond reaching a region",
            "White's and Black's flag pieces differ",
        ));
        return;
    };
    let letters = match piece {
        None => Some(Vec::new()),
        // The plain piece and the promoted forms of its type.
        Some(s) => super::form_fields::type_letters(state, s, forms),
    };
    let Some(letters) = letters else {
        return;
    };
    let there = |who: SideFilter, goal: &SetExpr| both(pieces(who, letters.iter().copied()), goal.clone());
    let reached =
        |who: SideFilter, goal: &SetExpr, safe: bool| flag_reach::reached(state, &there(who, goal), goal, safe);
    let enemy_reached = reached(SideFilter::Enemy, &enemy_goal, state.flag_piece_safe);
    let own_reached = reached(SideFilter::Own, &own_goal, state.flag_piece_safe);
    let rules: Vec<EndRule> = if state.flag_piece_safe && state.flag_move {
        // Only unsafe flag pieces give the extra move: the side to move
        // wins if its own reached the region a move ago (safe or not), and
        // loses at once if the other side's stand there safely.
        let own_simple = reached(SideFilter::Own, &own_goal, false);
        let mut rules = flag_move_rules(
            state,
            piece,
            &letters,
            &own_goal,
            [own_simple, enemy_reached.clone()],
            refusals,
        );
        if piece != Some(king_index()) {
            rules.push(end_if(enemy_reached, EndOutcome::Loss));
        }
        rules
    } else if state.flag_piece_safe {
        // Fairy-Stockfish: reaching safely wins, both sides at once draw.
        vec![
            end_if(all([own_reached.clone(), enemy_reached.clone()]), EndOutcome::Draw),
            end_if(own_reached, EndOutcome::Win),
            end_if(enemy_reached, EndOutcome::Loss),
        ]
    } else if state.flag_move {
        flag_move_rules(
            state,
            piece,
            &letters,
            &own_goal,
            [own_reached, enemy_reached],
            refusals,
        )
    } else {
        vec![end_if(enemy_reached, EndOutcome::Loss)]
    };
    out.extend(rules);
}

/// Each side's flag region seen from the side to move: (the enemy's, its
/// own). Flag regions that do not mirror each other become a region with
/// each side's squares (pushed onto `regions`), read for the side named.
fn flag_goals(flags: [Squares; 2], files: u8, ranks: u8, regions: &mut Vec<RegionSpec>) -> (SetExpr, SetExpr) {
    let region_of = |r: Squares| region_set(r, files, ranks, RanksFrom::Own);
    let mirrored = flags[0] == mirror(flags[1], files, ranks);
    match mirrored.then(|| region_of(flags[1]).zip(region_of(flags[0]))).flatten() {
        Some(goals) => goals,
        None => {
            regions.push(sided_region("flag", &flags, files, ranks));
            (region(RanksFrom::Enemy, "flag"), region(RanksFrom::Own, "flag"))
        }
    }
}

/// The results of the game's plain ends: passing twice, mate by a dropped
/// pawn, the pseudo-royal and petrified mates, checkmate, stalemate, the
/// move rule and repetition.
fn result_rules(state: &State, before: &Before<'_>, out: &mut Vec<EndRule>, refusals: &mut Vec<Refusal>) {
    let has_royal = before.has_royal;
    let mut rules: Vec<EndRule> = Vec::new();
    // `materialCounting` with draw odds: what would be drawn (stalemate,
    // the move rule, repetition) is a win of that side.
    let drawn = |o: EndOutcome| drawn_by(state.draw_winner, o);
    let passes = |n: u32| compare(Quantity::Passes, Comparison::AtLeast, n);
    // Passing: the same for both sides, and two passes in a row end the
    // game (as drawn, or counted).
    let passing = state.pass[0] || state.pass_on_stalemate[0];
    if state.pass[0] != state.pass[1] || state.pass_on_stalemate[0] != state.pass_on_stalemate[1] {
        refusals.push(refuse(None, "passing", "only one side may pass"));
    } else if passing {
        rules.extend(drawn_rules(state, &DrawAt::Holds(passes(2)), drawn(EndOutcome::Draw)));
    }
    // `bikjangRule`: a pass answering the facing kings ends the game, as
    // a draw (or counted).
    if state.bikjang && has_royal {
        rules.extend(drawn_rules(
            state,
            &DrawAt::Holds(super::bikjang::answered()),
            drawn(EndOutcome::Draw),
        ));
    }
    // `adjudicateFullBoard`: no empty square left.
    if state.othello.full_board {
        rules.extend(drawn_rules(
            state,
            &DrawAt::Holds(full_board()),
            drawn(EndOutcome::Draw),
        ));
    }
    // Mate by a drop of the `shogiPawn` piece: the side mated wins.
    if state.pawn_drop_mate_loses
        && has_royal
        && let Some(p) = slot_of("shogiPawn").and_then(|slot| state.pieces[slot].as_ref())
    {
        let dropped = Cond::Dropped(kinds([p.letter.to_ascii_uppercase()]));
        rules.push(end(EndCondition::Checkmate(Some(dropped)), EndOutcome::Win));
    }
    rules.extend(before.royalty.mated.iter().cloned());
    rules.extend(before.petrify.mated.iter().cloned());
    match end_outcome(state.checkmate_value) {
        Some(o) if has_royal && state.check_series_mate => rules.extend(check_series_rules(state, o)),
        Some(o) if has_royal => rules.push(end(EndCondition::Checkmate(None), o)),
        Some(_) => {}
        None => refusals.push(refuse(None, "other rules", "checkmate has no result (`none`)")),
    }
    match end_outcome(state.stalemate_value) {
        // `stalematePieceCount`: the side with fewer pieces gets the
        // stalemate's value, the other its opposite, equal counts draw.
        Some(o) if state.stalemate_piece_count => {
            let pieces_of = |side: SideFilter| Quantity::Count(SetExpr::Pieces(side, None));
            let counted = |op: Comparison| {
                let versus = Cond::Versus(pieces_of(SideFilter::Own), op, pieces_of(SideFilter::Enemy), 0);
                EndCondition::Stalemate(Some(versus))
            };
            rules.push(end(counted(Comparison::Less), drawn(o)));
            if let Some(n) = end_outcome(negate(state.stalemate_value)) {
                rules.push(end(counted(Comparison::More), drawn(n)));
            }
            rules.push(end(EndCondition::Stalemate(None), drawn(EndOutcome::Draw)));
        }
        Some(o) => rules.extend(drawn_rules(state, &DrawAt::Stalemate, drawn(o))),
        None => refusals.push(refuse(None, "other rules", "stalemate has no result (`none`)")),
    }
    if state.n_move_rule > 0 {
        rules.extend(drawn_rules(
            state,
            &DrawAt::Moves(state.n_move_rule),
            drawn(EndOutcome::Draw),
        ));
    }
    out.append(&mut rules);
    if state.n_fold_rule > 0 {
        repetition_rules(state, out, refusals);
    }
}

/// The repetition rules: `moveRepetitionIllegal`, `perpetualCheckIllegal`
/// and `nFoldRule` with its value.
fn repetition_rules(state: &State, out: &mut Vec<EndRule>, refusals: &mut Vec<Refusal>) {
    let drawn = |o: EndOutcome| drawn_by(state.draw_winner, o);
    // `moveRepetitionIllegal`: read before the repetitions, as
    // Fairy-Stockfish reads it in the same walk back.
    if state.move_repetition_loses {
        out.extend(super::move_repetition::shuttle_rule(state, refusals));
    }
    let mut rules = Vec::new();
    // `perpetualCheckIllegal`: at the repetition, a side that gave check
    // at every one of its moves since the position first stood loses
    // (both: a draw, whatever `nFoldValue` says, which `materialCounting`
    // counts), before the plain rule.
    if state.perpetual_check_loses {
        if state.draw_winner.is_some() || state.othello.count_pieces || state.othello.weigh_pieces {
            rules.extend(drawn_rules(
                state,
                &DrawAt::MutualPerpetual(state.n_fold_rule),
                drawn(EndOutcome::Draw),
            ));
        }
        rules.push(end(EndCondition::PerpetualCheck(state.n_fold_rule), EndOutcome::Loss));
    }
    // `nFoldValueAbsolute`: the value is White's.
    let value = match (state.n_fold_absolute, end_outcome(state.n_fold_value)) {
        (true, Some(EndOutcome::Win)) => Some(EndOutcome::WhiteWins),
        (true, Some(EndOutcome::Loss)) => Some(EndOutcome::BlackWins),
        (_, o) => o.map(drawn),
    };
    match value {
        Some(o) => rules.extend(drawn_rules(state, &DrawAt::Repetitions(state.n_fold_rule), o)),
        None => refusals.push(refuse(None, "repetition rules", "repetition has no result (`none`)")),
    }
    out.extend(rules);
}

/// The result of `v` for the side it is read for, as an end rule's
/// outcome (`None`: no result).
pub(super) fn end_outcome(v: Value) -> Option<EndOutcome> {
    match v {
        Value::Win => Some(EndOutcome::Win),
        Value::Loss => Some(EndOutcome::Loss),
        Value::Draw => Some(EndOutcome::Draw),
        Value::None => None,
    }
}

/// The same result for the other side.
fn negate(v: Value) -> Value {
    match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        other => other,
    }
}

/// The end rules of `connectN`, `connectNxN` and `collinearN`, in
/// Fairy-Stockfish's order: read for the side to move, they look at the
/// pieces of the side that has just moved (`enemy`), rows and lines along
/// `connectHorizontal` (`sW`), `connectVertical` (`vW`) and
/// `connectDiagonal` (`F`); the side to move gets the opposite of
/// `connectValue`. A goal of one piece holds with any piece; a goal no
/// board can hold, or one without directions or pieces, never holds and
/// is left out.
fn connect_rules(state: &State, regions: &mut Vec<RegionSpec>, refusals: &mut Vec<Refusal>) -> Vec<EndRule> {
    let goals = [
        (LineGoal::InRow, state.connect_n),
        (LineGoal::Block, state.connect_nxn),
        (LineGoal::Collinear, state.collinear_n),
    ];
    let linked = state.othello.connect_regions.iter().flatten().any(|&r| r != 0);
    if goals.iter().all(|(_, n)| *n == 0) && !linked {
        return Vec::new();
    }
    let Some(result) = end_outcome(negate(state.connect_value)) else {
        refusals.push(refuse(
            None,
            "connection goals",
            "a connection has no result (`connectValue = none`)",
        ));
        return Vec::new();
    };
    let [horizontal, vertical, diagonal] = state.connect_lines;
    let directions = match (horizontal, vertical) {
        (true, true) if diagonal => "K".to_string(),
        (true, true) => "W".to_string(),
        (true, false) => "sW".to_string(),
        (false, true) => "vW".to_string(),
        (false, false) => String::new(),
    } + if diagonal && !(horizontal && vertical) { "F" } else { "" };
    let letters = state.letters(&state.connect_types);
    if letters.is_empty() {
        return Vec::new();
    }
    // `connectRegion...`, checked after `connectN` as Fairy-Stockfish does.
    let linked = super::connect_regions::rule(state, result, regions);
    let set = if state.connect_types.all {
        pieces(SideFilter::Enemy, [])
    } else {
        pieces(SideFilter::Enemy, letters.chars())
    };
    let mut out = Vec::new();
    for (i, (goal, n)) in goals.into_iter().enumerate() {
        if i == 1 {
            out.extend(linked.clone());
        }
        let lines = goal != LineGoal::Block;
        if n == 0 || (lines && directions.is_empty()) || n > u32::from(crate::base::vocabulary::LINE_GOAL_MAX) {
            continue;
        }
        let cond = match n {
            1 => exists(set.clone()),
            // At most `LINE_GOAL_MAX`, checked above.
            n => line(goal, set.clone(), u8::try_from(n).unwrap_or(u8::MAX), &directions),
        };
        out.push(end_if(cond, result));
    }
    out
}

/// The end rules of `flagMove`, as Fairy-Stockfish checks them for the
/// side to move (`[own, enemy]` reached): having reached its flag region a
/// move ago and not been driven out, the side to move wins (a draw if it is
/// White and Black's king, the flag piece, has reached its region too).
/// Where the flag piece is the king, a side to move whose opponent has
/// reached its region loses at once, unless it is Black, not in check, and
/// its king can follow into its own region.
fn flag_move_rules(
    state: &State,
    piece: Option<usize>,
    letters: &[char],
    own_goal: &SetExpr,
    [own_reached, enemy_reached]: [Cond; 2],
    refusals: &mut Vec<Refusal>,
) -> Vec<EndRule> {
    let king = piece == Some(king_index());
    let mut rules = Vec::new();
    let own = |side: SideFilter| exists(both(pieces(SideFilter::Own, []), pieces(side, [])));
    if king {
        // Fairy-Stockfish's king may follow by castling, to the rook's
        // square; kaboom's castling king lands on its own square.
        let black_back = (0..state.files).fold(0, |b: Squares, f| b | square(f, state.ranks - 1 - state.castling_rank));
        if state.castling && state.flag_region[1] & black_back != 0 {
            refusals.push(refuse(
                None,
                "flag rules beyond reaching a region",
                "`flagMove` with a castling king as the flag piece and Black's flag region on Black's castling rank",
            ));
        }
        let both_reached = all([own_reached.clone(), enemy_reached.clone(), own(SideFilter::White)]);
        rules.push(end_if(both_reached, EndOutcome::Draw));
    }
    rules.push(end_if(own_reached, EndOutcome::Win));
    if king {
        let flag = || pieces(SideFilter::Own, letters.iter().copied());
        let follows = all([
            own(SideFilter::Black),
            not(attacked(flag())),
            Cond::CanReach(flag(), own_goal.clone()),
        ]);
        rules.push(end_if(all([enemy_reached, not(follows)]), EndOutcome::Loss));
    }
    rules
}

/// `castlingWins`: castling with one of its rights wins; a side that has
/// lost every one of its own rights among them loses (the side that just
/// moved first, when both have), as Fairy-Stockfish checks them.
fn castling_wins_rules(state: &State, castling: &Castling, refusals: &mut Vec<Refusal>) -> Vec<EndRule> {
    let wins = &state.castling_wins;
    if wins.is_empty() {
        return Vec::new();
    }
    for letter in wins.chars() {
        if !castling.has_right(letter) {
            refusals.push(refuse(
                None,
                "castling rules",
                format!("`castlingWins` names `{letter}`, a castling the variant does not have"),
            ));
            return Vec::new();
        }
    }
    if state.check_counting {
        refusals.push(refuse(None, "castling rules", "`castlingWins` with `checkCounting`"));
        return Vec::new();
    }
    castling_wins(wins)
}

/// The end rules `castlingWins = letters` stands for, in Fairy-Stockfish's
/// order, printed (the exporter reads them back by the same text).
pub(crate) fn castling_wins_text(letters: &str) -> Vec<String> {
    castling_wins(letters).iter().map(EndRule::to_string).collect()
}

/// The end rules `castlingWins = letters` stands for: castling with one
/// of the rights loses for the side to move (the other side castled), and
/// a side that has lost every one of its rights among them loses.
fn castling_wins(letters: &str) -> Vec<EndRule> {
    let mut rules: Vec<EndRule> = (letters.chars())
        .map(|l| end_if(Cond::Castled(right(l)), EndOutcome::Loss))
        .collect();
    let lost = |white: bool| {
        let held: Vec<Cond> = letters
            .chars()
            .filter(|c| c.is_ascii_uppercase() == white)
            .map(|c| Cond::CastlingRight(right(c)))
            .collect();
        (!held.is_empty()).then(|| not(any(held)))
    };
    match (lost(true), lost(false)) {
        (Some(w), Some(b)) => {
            rules.push(end_if(all([w.clone(), b.clone()]), EndOutcome::Win));
            rules.push(end_if(w, EndOutcome::BlackWins));
            rules.push(end_if(b, EndOutcome::WhiteWins));
        }
        (Some(w), None) => rules.push(end_if(w, EndOutcome::BlackWins)),
        (None, Some(b)) => rules.push(end_if(b, EndOutcome::WhiteWins)),
        (None, None) => {}
    }
    rules
}

/// Outcome `o`, where `materialCounting` with draw odds makes a draw a win
/// of `winner`.
fn drawn_by(winner: Option<EndOutcome>, o: EndOutcome) -> EndOutcome {
    match winner {
        Some(winner) if o == EndOutcome::Draw => winner,
        _ => o,
    }
}
