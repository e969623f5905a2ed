//! The endings pass: the end rules in Fairy-Stockfish's order (check
//! counting, extinction, flag regions, `castlingWins`, connection goals,
//! passing, mate by a dropped pawn, the pseudo-royal and petrified mates,
//! checkmate, stalemate, the move rule, repetition, counting), with the
//! `counting` field, or the refusals.

use super::adjudication::{DrawAt, FULL_BOARD, drawn_rules};
use super::builtin_pieces::{king_index, slot_of};
use super::castles::Castling;
use super::check_series::check_series_rules;
use super::counting_rule::counting_field;
use super::flag_reach;
use super::petrify::Petrify;
use super::refusal::{Built, Refusal, refuse};
use super::royalty::Royalty;
use super::square_sets::{board_squares, mirror, region_sentence, sided_region};
use super::start_fen::Start;
use super::state::{Origin, Squares, State, Value, square};
use crate::spec::{CountingSpec, RegionSpec};
use std::fmt::Write as _;

/// What the endings pass builds.
pub(super) struct Endings {
    /// The end rules, in order.
    pub rules: Vec<String>,
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
            rules.push(rule.to_string());
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
fn check_counting(state: &State, before: &Before<'_>, end: &mut Vec<String>, refusals: &mut Vec<Refusal>) {
    let (has_royal, start_origin) = (before.has_royal, before.start_origin);
    let checks = before.start.fen.as_ref().and_then(|f| f.checks);
    match (state.check_counting, checks) {
        (true, Some((w, b))) if w == b && w > 0 && has_royal => {
            end.push(format!("checks(enemy) >= {w}: loss"));
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
fn extinction_rules(state: &State, refusals: &mut Vec<Refusal>) -> Vec<String> {
    let mut end = Vec::new();
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
            "enemy",
            "own",
            negate(state.extinction_value),
            state.extinction_opponent_count,
        ),
        (
            "own",
            "enemy",
            state.extinction_value,
            state.extinction_opponent_count + claim,
        ),
    ] {
        for t in &types {
            let set = |who: &str| match t {
                None => who.to_string(),
                Some(s) => format!(
                    "{who} {}",
                    state.pieces[*s]
                        .as_ref()
                        .map(|p| p.letter.to_ascii_uppercase())
                        .unwrap_or('?')
                ),
            };
            // With drops, Fairy-Stockfish counts the pieces in hand
            // too (`count_with_hand`): none on the board and none in
            // hand, or some on either.
            let mut cond = match t {
                Some(s) if !present(*s) => "true".to_string(),
                _ if hands && state.extinction_count == 0 => {
                    format!("count({0}) <= 0 and held({0}) == 0", set(side))
                }
                _ => format!("count({}) <= {}", set(side), state.extinction_count),
            };
            if opponents > 0 {
                match t {
                    Some(s) if !present(*s) => continue,
                    _ if hands && opponents == 1 => {
                        let _ = write!(cond, " and (count({0}) >= 1 or held({0}) >= 1)", set(other));
                    }
                    _ => {
                        let _ = write!(cond, " and count({}) >= {}", set(other), opponents);
                    }
                }
            }
            if let Some(o) = outcome(value) {
                end.push(format!("{cond}: {o}"));
            }
        }
    }
    end
}

/// Flag regions: a side whose flag pieces reach its region (safely, with
/// `flagPieceSafe`; a move later, with `flagMove`) wins.
fn flag_rules(
    state: &State,
    forms: &[(usize, char)],
    end: &mut Vec<String>,
    regions: &mut Vec<RegionSpec>,
    refusals: &mut Vec<Refusal>,
) {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    let flags = state.flag_region.map(|r| r & board);
    // Flag regions that do not mirror each other become a region with each
    // side's squares, read for the side that just moved.
    if flags == [0, 0] {
        return;
    }
    // Each side's region seen from the side to move: the enemy's, and
    // its own.
    let (enemy_goal, own_goal) = if flags[0] == mirror(flags[1], files, ranks) {
        (
            format!("({})", region_sentence(flags[1], files, ranks)),
            format!("({})", region_sentence(flags[0], files, ranks)),
        )
    } else {
        regions.push(sided_region("flag", &flags, files, ranks));
        ("enemy flag".to_string(), "own flag".to_string())
    };
    // A side with no flag region never reaches it: only the other
    // side's flag piece counts.
    let piece = match flags {
        [_, 0] => Some(state.flag_piece[0]),
        [0, _] => Some(state.flag_piece[1]),
        _ => (state.flag_piece[0] == state.flag_piece[1]).then_some(state.flag_piece[0]),
    };
    match piece {
        None => refusals.push(refuse(
            None,
            "flag rules beyond reaching a region",
            "White's and Black's flag pieces differ",
        )),
        Some(piece) => {
            let letter = match piece {
                None => Some(String::new()),
                // The plain piece and the promoted forms of its type.
                Some(s) => super::form_fields::type_letters(state, s, forms),
            };
            if let Some(letter) = letter {
                let reached = |who: &str, goal: &str| {
                    flag_reach::reached(state, &format!("{who}{letter} & {goal}"), goal, state.flag_piece_safe)
                };
                let enemy_reached = reached("enemy", &enemy_goal);
                let own_reached = reached("own", &own_goal);
                if state.flag_piece_safe && state.flag_move {
                    // Only unsafe flag pieces give the extra move: the side
                    // to move wins if its own reached the region a move ago
                    // (safe or not), and loses at once if the other side's
                    // stand there safely.
                    let own_there = format!("own{letter} & {own_goal}");
                    let own_simple = flag_reach::reached(state, &own_there, &own_goal, false);
                    end.extend(flag_move_rules(
                        state,
                        piece,
                        &letter,
                        &own_goal,
                        [&own_simple, &enemy_reached],
                        refusals,
                    ));
                    if piece != Some(king_index()) {
                        end.push(format!("{enemy_reached}: loss"));
                    }
                } else if state.flag_piece_safe {
                    // Fairy-Stockfish: reaching safely wins, both sides
                    // at once draw.
                    end.push(format!("{own_reached} and {enemy_reached}: draw"));
                    end.push(format!("{own_reached}: win"));
                    end.push(format!("{enemy_reached}: loss"));
                } else if state.flag_move {
                    end.extend(flag_move_rules(
                        state,
                        piece,
                        &letter,
                        &own_goal,
                        [&own_reached, &enemy_reached],
                        refusals,
                    ));
                } else {
                    end.push(format!("{enemy_reached}: loss"));
                }
            }
        }
    }
}

/// The results of the game's plain ends: passing twice, mate by a dropped
/// pawn, the pseudo-royal and petrified mates, checkmate, stalemate, the
/// move rule and repetition.
fn result_rules(state: &State, before: &Before<'_>, end: &mut Vec<String>, refusals: &mut Vec<Refusal>) {
    let has_royal = before.has_royal;
    // Passing: the same for both sides, and two passes in a row end the
    // game (as drawn, or counted).
    let passing = state.pass[0] || state.pass_on_stalemate[0];
    if state.pass[0] != state.pass[1] || state.pass_on_stalemate[0] != state.pass_on_stalemate[1] {
        refusals.push(refuse(None, "passing", "only one side may pass"));
    } else if passing {
        end.extend(drawn_rules(
            state,
            &DrawAt::Holds("passes >= 2"),
            drawn_by(state.draw_winner, "draw"),
        ));
    }
    // `bikjangRule`: a pass answering the facing kings ends the game, as
    // a draw (or counted).
    if state.bikjang && has_royal {
        let answered = super::bikjang::answered();
        end.extend(drawn_rules(
            state,
            &DrawAt::Holds(&answered),
            drawn_by(state.draw_winner, "draw"),
        ));
    }
    // `adjudicateFullBoard`: no empty square left.
    if state.othello.full_board {
        end.extend(drawn_rules(
            state,
            &DrawAt::Holds(FULL_BOARD),
            drawn_by(state.draw_winner, "draw"),
        ));
    }
    // Mate by a drop of the `shogiPawn` piece: the side mated wins.
    if state.pawn_drop_mate_loses
        && has_royal
        && let Some(p) = slot_of("shogiPawn").and_then(|slot| state.pieces[slot].as_ref())
    {
        end.push(format!("checkmate if dropped({}): win", p.letter.to_ascii_uppercase()));
    }
    end.extend(before.royalty.mated.iter().cloned());
    end.extend(before.petrify.mated.iter().cloned());
    match outcome(state.checkmate_value) {
        Some(o) if has_royal && state.check_series_mate => end.extend(check_series_rules(state, o)),
        Some(o) if has_royal => end.push(format!("checkmate: {o}")),
        Some(_) => {}
        None => refusals.push(refuse(None, "other rules", "checkmate has no result (`none`)")),
    }
    // `materialCounting` with draw odds: what would be drawn (stalemate,
    // the move rule, repetition) is a win of that side.
    let drawn = |o: &'static str| drawn_by(state.draw_winner, o);
    match outcome(state.stalemate_value) {
        // `stalematePieceCount`: the side with fewer pieces gets the
        // stalemate's value, the other its opposite, equal counts draw.
        Some(o) if state.stalemate_piece_count => {
            end.push(format!("stalemate if count(own) < count(enemy): {}", drawn(o)));
            if let Some(n) = outcome(negate(state.stalemate_value)) {
                end.push(format!("stalemate if count(own) > count(enemy): {}", drawn(n)));
            }
            end.push(format!("stalemate: {}", drawn("draw")));
        }
        Some(o) => end.extend(drawn_rules(state, &DrawAt::Stalemate, drawn(o))),
        None => refusals.push(refuse(None, "other rules", "stalemate has no result (`none`)")),
    }
    if state.n_move_rule > 0 {
        end.extend(drawn_rules(state, &DrawAt::Moves(state.n_move_rule), drawn("draw")));
    }
    if state.n_fold_rule > 0 {
        // `moveRepetitionIllegal`: read before the repetitions, as
        // Fairy-Stockfish reads it in the same walk back.
        if state.move_repetition_loses {
            end.extend(super::move_repetition::shuttle_rule(state, refusals));
        }
        // `perpetualCheckIllegal`: at the repetition, a side that gave
        // check at every one of its moves since the position first stood
        // loses (both: a draw, whatever `nFoldValue` says, which
        // `materialCounting` counts), before the plain rule.
        if state.perpetual_check_loses {
            if state.draw_winner.is_some() || state.othello.count_pieces || state.othello.weigh_pieces {
                end.extend(drawn_rules(
                    state,
                    &DrawAt::MutualPerpetual(state.n_fold_rule),
                    drawn("draw"),
                ));
            }
            end.push(format!("{} repetitions by perpetual check: loss", state.n_fold_rule));
        }
        // `nFoldValueAbsolute`: the value is White's.
        let value = match (state.n_fold_absolute, outcome(state.n_fold_value)) {
            (true, Some("win")) => Some("white wins"),
            (true, Some("loss")) => Some("black wins"),
            (_, o) => o.map(drawn),
        };
        match value {
            Some(o) => end.extend(drawn_rules(state, &DrawAt::Repetitions(state.n_fold_rule), o)),
            None => refusals.push(refuse(None, "repetition rules", "repetition has no result (`none`)")),
        }
    }
}

/// The result of `v` for the side it is read for (`None`: no result).
pub(super) fn outcome(v: Value) -> Option<&'static str> {
    match v {
        Value::Win => Some("win"),
        Value::Loss => Some("loss"),
        Value::Draw => Some("draw"),
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
fn connect_rules(state: &State, regions: &mut Vec<RegionSpec>, refusals: &mut Vec<Refusal>) -> Vec<String> {
    let goals = [
        ("in_row", state.connect_n),
        ("in_block", state.connect_nxn),
        ("collinear", state.collinear_n),
    ];
    let linked = state.othello.connect_regions.iter().flatten().any(|&r| r != 0);
    if goals.iter().all(|(_, n)| *n == 0) && !linked {
        return Vec::new();
    }
    let Some(result) = outcome(negate(state.connect_value)) else {
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
    let kinds = state.letters(&state.connect_types);
    if kinds.is_empty() {
        return Vec::new();
    }
    // `connectRegion...`, checked after `connectN` as Fairy-Stockfish does.
    let linked = super::connect_regions::rule(state, result, regions);
    let set = if state.connect_types.all {
        "enemy".to_string()
    } else {
        let spaced: Vec<String> = kinds.chars().map(String::from).collect();
        format!("enemy {}", spaced.join(" "))
    };
    let mut out = Vec::new();
    for (i, (word, n)) in goals.into_iter().enumerate() {
        if i == 1 {
            out.extend(linked.clone());
        }
        let lines = word != "in_block";
        if n == 0 || (lines && directions.is_empty()) || n > u32::from(crate::base::vocabulary::LINE_GOAL_MAX) {
            continue;
        }
        out.push(match (n, lines) {
            (1, _) => format!("exists({set}): {result}"),
            (_, true) => format!("{word}({set}, {n}, {directions}): {result}"),
            (_, false) => format!("in_block({set}, {n}): {result}"),
        });
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
    letter: &str,
    own_goal: &str,
    [own_reached, enemy_reached]: [&str; 2],
    refusals: &mut Vec<Refusal>,
) -> Vec<String> {
    let king = piece == Some(king_index());
    let mut rules = Vec::new();
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
        rules.push(format!(
            "{own_reached} and {enemy_reached} and exists(own & white): draw"
        ));
    }
    rules.push(format!("{own_reached}: win"));
    if king {
        rules.push(format!(
            "{enemy_reached} and not (exists(own & black) and not attacked(own{letter}) and can reach(own{letter}, {own_goal})): loss"
        ));
    }
    rules
}

/// `castlingWins`: castling with one of its rights wins; a side that has
/// lost every one of its own rights among them loses (the side that just
/// moved first, when both have), as Fairy-Stockfish checks them.
fn castling_wins_rules(state: &State, castling: &Castling, refusals: &mut Vec<Refusal>) -> Vec<String> {
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
    castling_wins_text(wins)
}

/// The end rules `castlingWins = letters` stands for, in Fairy-Stockfish's
/// order (the exporter reads them back by the same text).
pub(crate) fn castling_wins_text(letters: &str) -> Vec<String> {
    let mut rules: Vec<String> = letters.chars().map(|l| format!("castled({l}): loss")).collect();
    let lost = |white: bool| {
        let held: Vec<String> = letters
            .chars()
            .filter(|c| c.is_ascii_uppercase() == white)
            .map(|c| format!("castling({c})"))
            .collect();
        (!held.is_empty()).then(|| format!("not ({})", held.join(" or ")))
    };
    match (lost(true), lost(false)) {
        (Some(w), Some(b)) => {
            rules.push(format!("{w} and {b}: win"));
            rules.push(format!("{w}: black wins"));
            rules.push(format!("{b}: white wins"));
        }
        (Some(w), None) => rules.push(format!("{w}: black wins")),
        (None, Some(b)) => rules.push(format!("{b}: white wins")),
        (None, None) => {}
    }
    rules
}

/// Outcome `o`, where `materialCounting` with draw odds makes a draw a win
/// of `winner`.
fn drawn_by(winner: Option<&'static str>, o: &'static str) -> &'static str {
    match winner {
        Some(winner) if o == "draw" => winner,
        _ => o,
    }
}
