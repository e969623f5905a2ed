//! The optional `evaluation` section: each weight a whole number of
//! percent between 0 and [`MAX_WEIGHT`]; each of its piece `values` a
//! piece's letter and a whole number from 0 to [`MAX_VALUE`].

use crate::base::diagnostic::Diagnostic;
use crate::base::weights::{EvalWeights, MAX_WEIGHT};
use crate::spec::EvaluationSpec;

/// The weights the section sets (100 for each it leaves out), and an error
/// for each weight out of range.
pub(super) fn check_evaluation(spec: Option<&EvaluationSpec>) -> (EvalWeights, Vec<Diagnostic>) {
    let mut weights = EvalWeights::default();
    let mut found = Vec::new();
    let Some(spec) = spec else {
        return (weights, found);
    };
    for (name, given) in spec.given() {
        let Some(given) = given else { continue };
        let slot = weights.by_name(name).expect("every weight has a slot");
        match u32::try_from(given.value) {
            Ok(v) if v <= MAX_WEIGHT => *slot = v,
            _ => found.push(
                Diagnostic::error(
                    format!(
                        "evaluation weight `{name}` is {}, not between 0 and {MAX_WEIGHT}",
                        given.value
                    ),
                    given.location.clone(),
                )
                .with_help(format!(
                    "a weight is in percent of the default term: 0 turns `{name}` off, 100 keeps it, {MAX_WEIGHT} is ten times it"
                )),
            ),
        }
    }
    (weights, found)
}

/// The largest material value the `evaluation` section's `values` give a
/// piece, in hundredths of a pawn.
pub const MAX_VALUE: i64 = 100_000;

/// The evaluation's value of each kind (indexed by the kinds of
/// `letters`, the pieces' letters as written; 0 where `values` gives
/// none), and an error for each unknown letter or value out of range.
pub(super) fn check_evaluation_values(spec: Option<&EvaluationSpec>, letters: &[char]) -> (Vec<i32>, Vec<Diagnostic>) {
    let mut values = vec![0; letters.len()];
    let mut found = Vec::new();
    let Some(given) = spec.and_then(|s| s.values.as_ref()) else {
        return (values, found);
    };
    for (&letter, &value) in &given.value {
        let Some(kind) = letters.iter().position(|&l| l == letter) else {
            found.push(
                Diagnostic::error(
                    format!("evaluation `values` names `{letter}`, which is no piece's letter"),
                    given.location.clone(),
                )
                .with_help("name a piece by its upper-case letter, as `pieces` writes it".to_string()),
            );
            continue;
        };
        match i32::try_from(value) {
            Ok(v) if (0..=MAX_VALUE).contains(&value) => values[kind] = v,
            _ => found.push(
                Diagnostic::error(
                    format!("evaluation value of `{letter}` is {value}, not between 0 and {MAX_VALUE}"),
                    given.location.clone(),
                )
                .with_help("a value is in hundredths of a pawn; 0 derives one from the piece's moves".to_string()),
            ),
        }
    }
    (values, found)
}

/// The largest centipawns a square table (`evaluation`'s `squares`)
/// adds to or takes from a piece on one square.
pub const MAX_SQUARE_VALUE: i64 = 10_000;

/// The square table of each kind (indexed by the kinds of `letters`),
/// each a value per square of `geometry` for White, by square index;
/// empty where `squares` gives none. An error, at the table or the rank,
/// for each unknown letter, table with another number of ranks than the
/// board's, rank with another number of values than the board's files,
/// and value out of range.
pub(super) fn check_evaluation_squares(
    spec: Option<&EvaluationSpec>,
    letters: &[char],
    geometry: crate::base::geometry::Geometry,
) -> (Vec<Vec<i32>>, Vec<Diagnostic>) {
    let mut tables = vec![Vec::new(); letters.len()];
    let mut found = Vec::new();
    let Some(given) = spec.and_then(|s| s.squares.as_ref()) else {
        return (tables, found);
    };
    let (files, ranks) = (usize::from(geometry.files), usize::from(geometry.ranks));
    let shape = format!(
        "a table is {ranks} ranks of {files} values each, the rank farthest from White first, each rank from the `a` file on"
    );
    for (&letter, table) in given {
        let Some(kind) = letters.iter().position(|&l| l == letter) else {
            found.push(
                Diagnostic::error(
                    format!("evaluation `squares` names `{letter}`, which is no piece's letter"),
                    table.location.clone(),
                )
                .with_help("name a piece by its upper-case letter, as `pieces` writes it".to_string()),
            );
            continue;
        };
        if let Some(cells) = read_table(letter, table, geometry, &shape, &mut found) {
            tables[kind] = cells;
        }
    }
    (tables, found)
}

/// One table of `letter` read into a value per square for White, or its
/// errors added to `found`.
fn read_table(
    letter: char,
    table: &crate::spec::SquareTable,
    geometry: crate::base::geometry::Geometry,
    shape: &str,
    found: &mut Vec<Diagnostic>,
) -> Option<Vec<i32>> {
    let (files, ranks) = (usize::from(geometry.files), usize::from(geometry.ranks));
    if table.value.len() != ranks {
        found.push(
            Diagnostic::error(
                format!(
                    "evaluation square table of `{letter}` has {} ranks, the board {ranks}",
                    table.value.len()
                ),
                table.location.clone(),
            )
            .with_help(shape.to_string()),
        );
        return None;
    }
    let mut cells = vec![0i32; geometry.squares()];
    let mut good = true;
    for (row, rank) in table.value.iter().enumerate() {
        let rank_index = ranks - 1 - row;
        if rank.value.len() != files {
            found.push(
                Diagnostic::error(
                    format!(
                        "evaluation square table of `{letter}`: rank {} has {} values, the board {files} files",
                        rank_index + 1,
                        rank.value.len()
                    ),
                    rank.location.clone(),
                )
                .with_help(shape.to_string()),
            );
            good = false;
            continue;
        }
        for (file, &value) in rank.value.iter().enumerate() {
            if !(-MAX_SQUARE_VALUE..=MAX_SQUARE_VALUE).contains(&value) {
                found.push(
                    Diagnostic::error(
                        format!(
                            "evaluation square table of `{letter}`: {value} on rank {}, not between -{MAX_SQUARE_VALUE} and {MAX_SQUARE_VALUE}",
                            rank_index + 1
                        ),
                        rank.location.clone(),
                    )
                    .with_help("a square's value is in hundredths of a pawn, added to the piece's value there".to_string()),
                );
                good = false;
                break;
            }
            if let Some(sq) = geometry.square(file as i32, rank_index as i32) {
                cells[sq.index()] = value as i32;
            }
        }
    }
    good.then_some(cells)
}
