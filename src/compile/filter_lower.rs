//! Lowering the move-filter family of legality clauses (`moves only if
//! ...`, `captures only if ...`, `checks must mate`, `longest moves are
//! compulsory`) to [`MoveFilters`].

use super::ir::{FilterNode, MoveFilter, MoveFilters};
use crate::base::geometry::Geometry;
use crate::base::square::{Square, SquareSet};
use crate::lang::effect_syntax::{FilterClause, FilterCond};

/// Adds one clause of the family to `filters`.
pub(super) fn lower_filter_clause(filters: &mut MoveFilters, clause: &FilterClause, g: Geometry, label: String) {
    match clause {
        FilterClause::ChecksMate => {
            filters.checks_mate = true;
            filters.checks_mate_label = label;
        }
        FilterClause::CapturesDetour => {
            filters.captures_detour = true;
            filters.attacks_filtered = true;
        }
        FilterClause::Longest(None) => {
            filters.longest = [true; 2];
            filters.longest_labels = [label.clone(), label];
        }
        FilterClause::Longest(Some(white)) => {
            filters.longest[usize::from(!*white)] = true;
            filters.longest_labels[usize::from(!*white)] = label;
        }
        FilterClause::Filter { captures_only, cond } => {
            filters.labels.push(label);
            filters.attacks_filtered = true;
            let root = node(filters, cond);
            filters.filters.push(MoveFilter {
                captures_only: *captures_only,
                root,
            });
            if filters.neighbours.is_empty() {
                filters.neighbours = neighbours(g);
            }
        }
    }
}

fn node(filters: &mut MoveFilters, cond: &FilterCond) -> u16 {
    let n = match cond {
        FilterCond::Observed { own, same_kind } => FilterNode::Observed {
            own: *own,
            same_kind: *same_kind,
        },
        FilterCond::Royal => FilterNode::Royal,
        &FilterCond::ObservedAfter { spare_royal } => FilterNode::ObservedAfter { spare_royal },
        FilterCond::SameColour => FilterNode::SameColour,
        FilterCond::NextToPiece => {
            filters.reads_after = true;
            FilterNode::NextToPiece
        }
        &FilterCond::LeavesCell {
            files,
            ranks,
            file_shift,
            rank_shift,
        } => FilterNode::LeavesCell {
            files,
            ranks,
            file_shift,
            rank_shift,
        },
        FilterCond::Not(a) => FilterNode::Not(node(filters, a)),
        FilterCond::And(a, b) => {
            let (a, b) = (node(filters, a), node(filters, b));
            FilterNode::And(a, b)
        }
        FilterCond::Or(a, b) => {
            let (a, b) = (node(filters, a), node(filters, b));
            FilterNode::Or(a, b)
        }
    };
    filters.nodes.push(n);
    u16::try_from(filters.nodes.len() - 1).expect("a sentence has fewer than 65536 nodes")
}

/// The squares a king's step from each square (across joined edges).
fn neighbours(g: Geometry) -> Vec<SquareSet> {
    (0..g.squares())
        .map(|i| {
            let sq = Square::from_index(i);
            let mut set = SquareSet::EMPTY;
            for df in -1..=1 {
                for dr in -1..=1 {
                    if (df, dr) != (0, 0)
                        && let Some(to) = g.offset(sq, df, dr)
                        && to != sq
                    {
                        set.insert(to);
                    }
                }
            }
            set
        })
        .collect()
}
