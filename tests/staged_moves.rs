//! Staged move generation (docs/search.md, "Staged generation") against
//! the full generator, along seeded random games of every bundled variant
//! and every file of `variants/fairy/`: where a variant stages its moves,
//! the pseudo-legal list judged one move at a time
//! (`Variant::staged_legal_moves`) is `generate_legal`'s list, move for
//! move and in order; each move's id finds that move again alone
//! (`Variant::move_by_id`); and the noisy generator of quiescence
//! (`Variant::generate_noisy_legal`) gives the legal captures, promotions
//! and actions in order, and whether any move is legal. Where a move's
//! legality depends on the other moves (duck chess: the duck is placed by
//! a follow-up choice), the variant does not stage and the search keeps
//! the full list.

use kaboom::{Move, MoveKind, Position, Variant};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What the noisy generator must give (a superset of what quiescence
/// wants where quiet moves remove nothing).
fn noisy(mv: &Move) -> bool {
    mv.is_capture() || mv.promotion.is_some() || matches!(mv.kind, MoveKind::Action(_))
}

/// Compares the staged lists with the full ones at `pos`; `Err` says
/// where they differ.
fn compare(variant: &Variant, pos: &Position, full: &[Move]) -> Result<(), String> {
    let Some(staged) = variant.staged_legal_moves(pos) else {
        return Ok(());
    };
    let moves: Vec<Move> = staged.iter().map(|&(mv, _)| mv).collect();
    if moves != full {
        return Err(format!("staged {} moves, full {}", moves.len(), full.len()));
    }
    let mut scratch = Vec::new();
    for &(mv, id) in &staged {
        if id != 0xFFFF && variant.move_by_id(pos, id, &mut scratch) != Some(mv) {
            return Err(format!("id {id:#06x} does not find {mv:?}"));
        }
    }
    let mut out = Vec::new();
    let any = variant.generate_noisy_legal(pos, &mut out, &mut |mv| noisy(mv));
    let expected: Vec<Move> = full.iter().copied().filter(noisy).collect();
    if out != expected || any == full.is_empty() {
        return Err(format!(
            "noisy {} moves (any {any}), expected {}",
            out.len(),
            expected.len()
        ));
    }
    Ok(())
}

/// Plays `games` seeded random games of `variant` and compares at every
/// position; how many positions staged. `break_list` changes the full
/// list before comparing (to show the comparison fails).
fn check(variant: &Variant, name: &str, seed: u64, break_list: fn(&mut Vec<Move>)) -> Result<usize, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut full = Vec::new();
    let mut staged = 0;
    for game in 0..3 {
        let mut pos = variant.start_position();
        for ply in 0..100 {
            variant.generate_legal(&pos, &mut full);
            let mut expected = full.clone();
            break_list(&mut expected);
            compare(variant, &pos, &expected).map_err(|e| format!("{name}, game {game}, ply {ply}: {e}"))?;
            staged += usize::from(variant.stages_moves());
            if full.is_empty() || variant.ended_by_rule(&pos).is_some() {
                break;
            }
            pos.make(variant, full[rng.random_range(0..full.len())]);
        }
    }
    Ok(staged)
}

fn fairy_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir("variants/fairy")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn staged_generation_gives_the_legal_moves_of_the_full_generator() {
    let mut staged_variants = Vec::new();
    let bundled = kaboom::bundled_names();
    let names = bundled.iter().map(|n| n.to_string()).chain(fairy_files());
    for (i, name) in names.enumerate() {
        let variant = Variant::load(&name).unwrap();
        let staged = check(&variant, &name, i as u64, |_| {}).unwrap_or_else(|e| panic!("{e}"));
        if staged > 0 {
            staged_variants.push(name);
        }
    }
    for name in ["chess", "atomic", "crazyhouse", "kaboom", "capablanca"] {
        assert!(staged_variants.iter().any(|n| n == name), "{name} does not stage");
    }
    let fairy = staged_variants
        .iter()
        .filter(|n| n.starts_with("variants/fairy/"))
        .count();
    // 27 of the 41 fairy files stage (the others keep the full list,
    // as `Variant::stages_moves` decides).
    assert!(fairy >= 20, "only {fairy} fairy files stage: {staged_variants:?}");
    assert!(!Variant::load("duck").unwrap().stages_moves(), "duck chess stages");
}

#[test]
fn the_comparison_fails_when_a_move_is_lost_or_the_order_changes() {
    let chess = Variant::load("chess").unwrap();
    assert!(
        check(&chess, "chess", 1, |moves| {
            moves.pop();
        })
        .is_err()
    );
    assert!(check(&chess, "chess", 1, |moves| moves.reverse()).is_err());
    let atomic = Variant::load("atomic").unwrap();
    assert!(check(&atomic, "atomic", 2, |moves| moves.retain(|m| !m.is_capture())).is_err());
}
