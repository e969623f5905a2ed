//! Moves whose rules only remove pieces near the move are judged without
//! being played where no own royal piece is within reach (the removal
//! reach shortcut). On random games of variants with such rules, of
//! several shapes, the legal moves and perft's last-ply count agree with
//! the definition: play each pseudo-legal move and ask the clauses.

mod common;

use common::agrees_with_definition as agrees;
use kaboom::Variant;

fn variant(name: &str, rules: &str, start: Option<&str>) -> Variant {
    let start = start.map(|s| format!("start: \"{s}\",")).unwrap_or_default();
    let text = format!(
        "(extends: \"chess\", name: \"{name}\", {start} rules: [{rules}], \
         legal: [\"own royal survives unless not exists(enemy royal)\", \
         \"own royal not attacked unless touching(own royal, enemy royal) or not exists(enemy royal)\"], \
         end: [\"not exists(own royal): loss\", \"checkmate: loss\", \"stalemate: draw\"])"
    );
    Variant::from_text(&format!("{name}.ron"), &text).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

#[test]
fn removal_rules_of_every_shape_agree_with_the_definition() {
    let shapes = [
        (
            "Target blast",
            "\"on capture: blast(target, 1, sparing any P); remove(target)\"",
            None,
        ),
        ("Origin blast", "\"on capture: remove(area(origin, 1) - any K)\"", None),
        (
            "After move",
            "\"after move: remove(adjacent(mover) & enemy - enemy K)\"",
            None,
        ),
        (
            "Manhattan",
            "\"on capture: remove(manhattan(target, 2) - any P)\"",
            None,
        ),
        (
            "Two blasts",
            "\"on capture: remove(area(target, 1)); remove(area(origin, 2) & enemy)\"",
            None,
        ),
        (
            // Two royal pieces a side: each must survive unattacked.
            "Two kings",
            "\"on capture: blast(target, 1, sparing any P); remove(target)\"",
            Some("rnbqkknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1"),
        ),
    ];
    let mut seed = 0x00dd_5eed_u64;
    for (name, rules, start) in shapes {
        let v = variant(name, rules, start);
        let mut positions = 0;
        for _game in 0..30 {
            let mut pos = v.start_position();
            for _ply in 0..60 {
                agrees(&v, &pos);
                positions += 1;
                let moves = v.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Prefer captures, which fire the rules.
                let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
                let mv = if !captures.is_empty() && seed >> 62 != 0 {
                    *captures[(seed >> 33) as usize % captures.len()]
                } else {
                    moves[(seed >> 33) as usize % moves.len()]
                };
                pos.make(&v, mv);
            }
        }
        assert!(positions > 500, "{name}: only {positions} positions");
    }
}
