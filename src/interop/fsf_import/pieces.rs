//! The pieces pass: each piece type in use becomes a `pieces` entry with
//! its Betza template and the fields Fairy-Stockfish's options give it
//! (what it may not capture or hop over, initial moves and their ranks,
//! moves on some squares, its mobility region, `diagonalLines`, royalty,
//! whether its moves reset the move rule), or the refusals of what kaboom
//! cannot say.

use super::builtin_pieces::{Movement, PAWN, builtin_pieces, king_index, slot_name};
use super::refusal::{Built, Refusal, refuse};
use super::royalty::Royalty;
use super::spec_values::{moves_in, ranks_list};
use super::square_sets::{
    board_squares, line_convex, line_convex_along, mirror, nonempty, region_sentence, relative_ranks, sided_region,
};
use super::state::{Piece, Squares, State};
use crate::lang::effect_syntax::RanksFrom;
use crate::spec::RegionSpec;
use crate::spec::{PieceSpec, SideSpec, Spanned};

/// What the pieces pass builds.
pub(super) struct Pieces {
    /// The `pieces` entries, in slot order (the types only promoted
    /// pieces can be are left out: they are written as forms).
    pub entries: Vec<PieceSpec>,
    /// Each converted piece's movement, by slot (for promoted forms,
    /// immobility and walling).
    pub templates: Vec<Option<String>>,
    /// The ranks initial (`i`) moves happen on, counted from each side
    /// (`None`: the double-step region is not whole ranks mirrored).
    pub initial_ranks: Option<Vec<u8>>,
    /// `diagonalLines` on the board, if some piece moves along them.
    pub diagonal_lines: Option<Squares>,
    /// The slots only promoted pieces can be.
    pub hidden: Vec<usize>,
    /// Regions with each side's squares the pieces name (`double_step`,
    /// where initial moves happen when that is not whole ranks).
    pub regions: Vec<RegionSpec>,
}

/// The region of the squares initial moves happen on, when they are not
/// whole ranks mirrored for Black (`doubleStepRegion`).
const DOUBLE_STEP: &str = "double_step";

/// What every piece's entry reads: the board and the variant-wide options.
struct Context<'a> {
    state: &'a State,
    files: u8,
    ranks: u8,
    /// The double-step region on the board, per colour.
    double_region: [Squares; 2],
    initial_ranks: Option<Vec<u8>>,
    /// No initial move leaves an en passant target.
    no_en_passant: bool,
    /// The ranks (from the mover's side) where en passant targets may lie,
    /// when that is whole ranks mirrored but not the whole board.
    en_passant_targets: Option<Vec<u8>>,
    /// Whether some piece's initial moves go on `double_step`.
    uses_double_step: std::cell::Cell<bool>,
    /// `diagonalLines` on the board.
    lines: Squares,
    /// Slots that capture nothing (petrifying pseudo-royal pieces).
    never_capture: &'a [usize],
    /// Every letter in use, upper case.
    every_letter: String,
    royal: &'a [usize],
}

impl Context<'_> {
    fn clip(&self, s: Squares) -> Squares {
        board_squares(self.files, self.ranks) & s
    }
}

/// The pieces of `state`; `royalty` says which are royal, `never_capture`
/// which capture nothing.
pub(super) fn pieces(state: &State, royalty: &Royalty, never_capture: &[usize]) -> Built<Pieces> {
    let (files, ranks) = (state.files, state.ranks);
    let board = board_squares(files, ranks);
    let mut refusals = Vec::new();
    // Initial (`i`) moves happen on the double-step region.
    let double_region = if state.double_step {
        state.double_step_region.map(|r| r & board)
    } else {
        [0, 0]
    };
    // An en passant region: the whole board (the default), or none at all
    // (no initial move leaves an en passant target).
    let en_passant = state.en_passant_region.map(|r| r.map_or(board, |r| r & board));
    let no_en_passant = en_passant == [0, 0];
    // White's targets lie in Black's region, Black's in White's.
    let en_passant_targets = (!no_en_passant && en_passant != [board, board])
        .then(|| relative_ranks(&[en_passant[1], en_passant[0]], files, ranks))
        .flatten();
    if !no_en_passant && en_passant != [board, board] && en_passant_targets.is_none() {
        refusals.push(refuse(
            None,
            "regions",
            "an en passant region that is neither the whole board, nor empty for both sides, nor whole ranks mirrored for Black",
        ));
    }
    let cx = Context {
        state,
        files,
        ranks,
        double_region,
        initial_ranks: relative_ranks(&double_region, files, ranks),
        no_en_passant,
        en_passant_targets,
        uses_double_step: std::cell::Cell::new(false),
        lines: state.diagonal_lines & board,
        never_capture,
        every_letter: state
            .pieces
            .iter()
            .flatten()
            .map(|p| p.letter.to_ascii_uppercase())
            .collect(),
        royal: &royalty.royal,
    };
    // A piece type that only promoted pieces can be (Fairy-Stockfish's
    // promotion target, never on the board as itself) is written only as
    // the promoted forms that move like it.
    let hidden = super::promoted_forms::never_plain(state);
    let mut entries = Vec::new();
    let mut templates: Vec<Option<String>> = vec![None; state.pieces.len()];
    let mut uses_lines = false;
    for (slot, piece) in state.pieces.iter().enumerate() {
        let Some(piece) = piece else { continue };
        let Some((spec, along)) = entry(&cx, slot, piece, &mut refusals) else {
            continue;
        };
        uses_lines |= along;
        templates[slot] = Some(spec.moves.value.clone());
        if !hidden.contains(&slot) {
            entries.push(spec);
        }
    }
    Built {
        part: Pieces {
            entries,
            templates,
            initial_ranks: cx.initial_ranks,
            diagonal_lines: uses_lines.then_some(cx.lines),
            hidden,
            regions: if cx.uses_double_step.get() {
                vec![sided_region(DOUBLE_STEP, &cx.double_region, files, ranks)]
            } else {
                Vec::new()
            },
        },
        refusals,
    }
}

/// One piece's entry, and whether it moves along `diagonalLines`;
/// `None` if its movement is refused.
fn entry(cx: &Context<'_>, slot: usize, piece: &Piece, refusals: &mut Vec<Refusal>) -> Option<(PieceSpec, bool)> {
    let template = movement(cx, slot, piece, refusals)?;
    let mut spec = PieceSpec {
        letter: Spanned::unplaced(piece.letter.to_ascii_uppercase()),
        name: Spanned::unplaced(slot_name(slot)),
        ..PieceSpec::default()
    };
    capture_fields(cx, slot, piece, &mut spec, refusals);
    let template = square_fields(cx, slot, piece, template, &mut spec, refusals);
    let along = diagonal_field(cx, slot, piece, &template, &mut spec, refusals);
    spec.moves = Spanned::unplaced(template);
    let state = cx.state;
    spec.royal = slot == king_index() || cx.royal.contains(&slot);
    super::held_rights::fields(state, slot, &mut spec);
    let resets = |c: usize| state.move_rule_types[c].all || state.move_rule_types[c].slots.contains(&slot);
    spec.pawn = resets(0) || resets(1);
    spec.pawn_for = match (resets(0), resets(1)) {
        (true, false) => Some(Spanned::unplaced(SideSpec::White)),
        (false, true) => Some(Spanned::unplaced(SideSpec::Black)),
        _ => None,
    };
    // `materialCounting = janggi`: the weight of its type.
    spec.value = super::adjudication::piece_value(state, slot);
    Some((spec, along))
}

/// The piece's Betza template (a built-in piece's, with the pawn's
/// double step where there is a double-step region), or `None` and a
/// refusal.
fn movement(cx: &Context<'_>, slot: usize, piece: &Piece, refusals: &mut Vec<Refusal>) -> Option<String> {
    let template = if slot == king_index() {
        piece.betza.clone().unwrap_or_else(|| "K".to_string())
    } else if slot < builtin_pieces().len() {
        match builtin_pieces()[slot].movement {
            Movement::Betza(b) => {
                let mut t = b.to_string();
                if slot == PAWN && cx.double_region != [0, 0] {
                    t.push_str("ifmnD");
                }
                t
            }
            Movement::Unsupported(why) => {
                refusals.push(refuse(
                    Some(&piece.origin),
                    gap_for_builtin(why),
                    format!("piece `{}` {why}", slot_name(slot)),
                ));
                return None;
            }
        }
    } else {
        super::lame::without_dead_lame_parts(piece.betza.as_deref().unwrap_or_default())
    };
    if let Err(e) = crate::lang::betza::parse(&template) {
        refusals.push(refuse(
            Some(&piece.origin),
            betza_gap(&template),
            format!("movement `{template}` of `{}`: {}", slot_name(slot), e.message),
        ));
        return None;
    }
    Some(template)
}

/// `cannot_capture` and `cannot_hop`: petrifying pseudo-royal pieces,
/// `mutuallyImmuneTypes`, and the built-in pieces that neither hop over
/// nor capture their own type.
fn capture_fields(cx: &Context<'_>, slot: usize, piece: &Piece, spec: &mut PieceSpec, refusals: &mut Vec<Refusal>) {
    let state = cx.state;
    let not_self = slot < builtin_pieces().len() && builtin_pieces()[slot].not_self;
    let immune = state.mutually_immune.all || state.mutually_immune.slots.contains(&slot);
    if immune && state.flag_piece_safe {
        // kaboom's `cannot_capture` also stops the attack, which
        // Fairy-Stockfish's safety test of a flag piece still sees.
        refusals.push(refuse(
            Some(&piece.origin),
            "capture side effects (blast, petrify)",
            "`mutuallyImmuneTypes` with `flagPieceSafe` (a type that never captures its own still attacks it there)",
        ));
    }
    if cx.never_capture.contains(&slot) {
        // A petrifying pseudo-royal piece: it captures nothing.
        spec.cannot_capture = Some(Spanned::unplaced(cx.every_letter.clone()));
    } else if immune && !not_self {
        // `mutuallyImmuneTypes`: never captures its own type.
        spec.cannot_capture = Some(Spanned::unplaced(piece.letter.to_ascii_uppercase().to_string()));
    }
    if not_self {
        // Neither hops over nor captures its own type (either side's).
        let letter = Spanned::unplaced(piece.letter.to_ascii_uppercase().to_string());
        spec.cannot_hop = Some(letter.clone());
        if !cx.never_capture.contains(&slot) {
            spec.cannot_capture = Some(letter);
        }
        if state.promoted_types.iter().any(|&(_, to)| to == slot) {
            refusals.push(refuse(
                Some(&piece.origin),
                "hopper moves",
                format!(
                    "pieces promote to `{}`, which may not hop over its own type: its promoted forms would be another type",
                    slot_name(slot)
                ),
            ));
        }
    }
}

/// The fields that depend on squares: the soldier's moves before its
/// promotion rank (which change its template: returned), the triple
/// step, initial moves' ranks and the mobility region (`within`).
fn square_fields(
    cx: &Context<'_>,
    slot: usize,
    piece: &Piece,
    template: String,
    spec: &mut PieceSpec,
    refusals: &mut Vec<Refusal>,
) -> String {
    let (state, files, ranks) = (cx.state, cx.files, cx.ranks);
    // A soldier steps only forward before its promotion rank.
    let template = if slot_name(slot) == "soldier" && state.soldier_rank > 1 {
        let squares = super::rule_trees::ranks(RanksFrom::Own, state.soldier_rank, ranks);
        spec.moves_in = vec![moves_in(squares.to_string(), template)];
        "fW".to_string()
    } else {
        template
    };
    // `tripleStepRegion`: from there a pawn may also step three
    // squares, over empty squares, leaving both as en passant targets.
    let triple = state.triple_step_region.map(|r| cx.clip(r));
    if slot == PAWN && triple != [0, 0] {
        if triple[0] != mirror(triple[1], files, ranks) || triple[0] & !cx.double_region[0] != 0 {
            refusals.push(refuse(
                Some(&piece.origin),
                "regions",
                "a triple-step region that is not mirrored for Black or not inside the double-step region",
            ));
        } else {
            let squares = nonempty(region_sentence(triple[0], files, ranks));
            spec.moves_in = vec![moves_in(squares, format!("{template}ifmnH"))];
        }
    }
    if template.contains('i') {
        if cx.no_en_passant {
            spec.en_passant_ranks = Some(Spanned::unplaced(Vec::new()));
        } else if let Some(targets) = &cx.en_passant_targets {
            match super::en_passant_ranks::en_passant_ranks(&template, targets, ranks) {
                Some(list) => spec.en_passant_ranks = Some(ranks_list(&list)),
                None => refusals.push(refuse(
                    Some(&piece.origin),
                    "regions",
                    "initial moves that pass squares both inside and outside the en passant region",
                )),
            }
        }
        match &cx.initial_ranks {
            Some(r) => spec.initial_ranks = Some(ranks_list(r)),
            // A piece no position can hold keeps kaboom's default ranks.
            None if super::absent_pieces::never_on_board(cx.state, slot) => {}
            // Any other squares: a region with each side's squares.
            None => {
                cx.uses_double_step.set(true);
                spec.initial_squares = Some(Spanned::unplaced(DOUBLE_STEP.to_string()));
            }
        }
    }
    mobility_field(cx, slot, piece, template, spec, refusals)
}

/// `mobilityRegion`: the squares the piece may go to, as `within`; the
/// template, its rides of two squares written as leaps where they cross
/// a gap of the region (`short_rides`).
fn mobility_field(
    cx: &Context<'_>,
    slot: usize,
    piece: &Piece,
    template: String,
    spec: &mut PieceSpec,
    refusals: &mut Vec<Refusal>,
) -> String {
    let (files, ranks) = (cx.files, cx.ranks);
    let (regions, within, why) = match cx.state.mobility[slot] {
        [None, None] => return template,
        [Some(white), Some(black)] if cx.clip(white) == mirror(cx.clip(black), files, ranks) => (
            vec![cx.clip(white)],
            nonempty(region_sentence(cx.clip(white), files, ranks)),
            "a rider's mobility region has gaps along its lines: Fairy-Stockfish's riders may cross squares outside it, kaboom's `within` may not",
        ),
        // Regions that differ between the sides: a region with each
        // side's squares.
        _ => match super::sided_mobility::sided(cx.state, slot) {
            Some(sides) => (
                sides.to_vec(),
                super::sided_mobility::region_name(slot),
                "the piece's mobility regions are not mirror images of each other, and it rides across their gaps",
            ),
            None => {
                refusals.push(refuse(
                    Some(&piece.origin),
                    "regions",
                    "the piece's mobility regions are not mirror images of each other, and it rides across their gaps",
                ));
                return template;
            }
        },
    };
    let template = if rides(&template) && regions.iter().any(|&r| !line_convex(r, files, ranks)) {
        super::short_rides::as_leaps(&template).unwrap_or_else(|| {
            refusals.push(refuse(Some(&piece.origin), "regions", why));
            template
        })
    } else {
        template
    };
    spec.within = Some(Spanned::unplaced(within));
    template
}

/// `diagonalLines`: on those squares the piece also moves by its type's
/// diagonal template, landing on them only. A king moves so only when it is
/// of a built-in type (Fairy-Stockfish's `kingType`): `king = k:Betza` in
/// kaboom's description of the built-in variants names the built-in type
/// whose template is Betza (minixiangqi's wazir king), while the same line
/// in a user's section makes the king a custom royal piece, which
/// Fairy-Stockfish never moves along the lines. True if the piece moves
/// along them.
fn diagonal_field(
    cx: &Context<'_>,
    slot: usize,
    piece: &Piece,
    template: &str,
    spec: &mut PieceSpec,
    refusals: &mut Vec<Refusal>,
) -> bool {
    let diagonal = if slot < builtin_pieces().len() {
        builtin_pieces()[slot].diagonal
    } else if slot == king_index() && piece.origin.builtin {
        builtin_pieces()
            .iter()
            .find(|p| matches!(p.movement, Movement::Betza(b) if b == template))
            .and_then(|p| p.diagonal)
    } else {
        None
    };
    let Some(diagonal) = diagonal.filter(|_| cx.lines != 0) else {
        return false;
    };
    if (rides(diagonal) || diagonal.contains('p'))
        && !line_convex_along(cx.lines, cx.files, cx.ranks, &[(1, 1), (1, -1)])
    {
        refusals.push(refuse(
            Some(&piece.origin),
            "regions",
            "`diagonalLines` whose diagonals leave the lines and come back: Fairy-Stockfish's rides there cross squares off the lines, kaboom's `moves_along` may not",
        ));
    }
    spec.moves_along = vec![moves_in("diagonal_lines", diagonal)];
    true
}

/// Whether a template has rides (whose way, not only destination, a
/// region could cut).
fn rides(template: &str) -> bool {
    crate::lang::betza::parse(template).is_ok_and(|t| {
        t.components
            .iter()
            .any(|c| matches!(c.reach, crate::lang::betza::Reach::Ride { .. }))
    })
}

/// Why a Betza template kaboom rejects cannot be read, as a gap name.
fn betza_gap(template: &str) -> &'static str {
    let modifiers: String = template.chars().filter(|c| c.is_ascii_lowercase()).collect();
    if modifiers.contains('p') || modifiers.contains('g') {
        "hopper moves"
    } else if modifiers.contains('a') {
        "multi-leg moves"
    } else {
        "Betza notation kaboom lacks"
    }
}

/// The gap a built-in piece kaboom cannot move is refused under.
fn gap_for_builtin(why: &str) -> &'static str {
    if why.contains("hopper") {
        "hopper moves"
    } else if why.contains("region") {
        "regions"
    } else {
        "multi-leg moves"
    }
}
