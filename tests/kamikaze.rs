//! Kamikaze chess (docs/fairy.md, Kamikaze): a piece that captures is
//! removed with its victim (`on capture: remove(mover)`), a king may not
//! capture (`own royal survives`), and a pawn that takes on its last rank
//! vanishes unpromoted (its promotion rule is `on_quiet`, docs/format.md).
//! The lists in the comments are Popeye 4.104's, every piece told as
//! `pieces white kamikaze ... black kamikaze ...`.

mod common;
use common::{kaboom, legal_uci as legal};
use kaboom::{Event, Variant, fen, uci};

fn kamikaze() -> Variant {
    let path = format!("{}/variants/fairy/kamikaze.ron", env!("CARGO_MANIFEST_DIR"));
    Variant::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

/// White: Ke1 Re2 Pb7; Black: Kh8 Re8 Ra8 Se5 Sf1. Popeye lists 16 moves:
/// Re2xe5 would open the e-file onto the king when the rook vanishes,
/// Ke1xf1 would remove the king, and b7xa8 is one move, unpromoted
/// (`kPb7*a8[-wkPa8]`), while b7-b8 promotes four ways.
#[test]
fn kamikaze_moves_are_popeyes() {
    let v = kamikaze();
    let moves = legal(&v, "r3r2k/1P6/8/4n3/8/8/4R3/4Kn2 w - - 0 1");
    let popeye = sorted(&[
        "e1f2", "e1d1", "e2a2", "e2b2", "e2c2", "e2d2", "e2e4", "e2e3", "e2h2", "e2g2", "e2f2", "b7b8q", "b7b8n",
        "b7b8r", "b7b8b", "b7a8",
    ]);
    assert_eq!(moves, popeye);
}

/// The capturer is removed where it landed, after en passant on the
/// target square; the trace says so (`removed P d6`).
#[test]
fn the_capturer_vanishes_with_its_victim() {
    let v = kamikaze();
    let mut pos = fen::parse(&v, "4k3/8/8/3pP3/8/8/8/R3K3 w - d6 0 1").unwrap();
    let mv = uci::parse(&v, &pos, "e5d6").unwrap();
    let mut events = Vec::new();
    pos.make_traced(&v, mv, &mut events);
    assert_eq!(fen::write(&v, &pos), "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    let g = v.geometry();
    assert!(
        events
            .iter()
            .any(|e| matches!(*e, Event::Removed { at, .. } if g.name(at) == "d6")),
        "{events:?}"
    );
}

/// A rule with both `on_capture` and `on_quiet` is refused where it is
/// written: no move could promote by it.
#[test]
fn a_promotion_on_captures_and_on_quiet_moves_only_is_an_error() {
    let dir = std::env::temp_dir().join(format!("kaboom-kamikaze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("both.ron");
    std::fs::write(
        &path,
        r#"(
    extends: "chess",
    name: "Both",
    promotion: (pieces: "P", ranks: [8], choices: "QRBN", on_capture: true, on_quiet: true),
)
"#,
    )
    .unwrap();
    let (code, _, err) = kaboom(&["validate", path.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("promotion has both `on_capture` and `on_quiet`: no move could promote"),
        "{err}"
    );
    assert!(err.contains("keep one"), "{err}");
}

/// `kaboom show` says which moves promote.
#[test]
fn show_says_only_moves_that_capture_nothing_promote() {
    let (code, out, err) = kaboom(&["show", "variants/fairy/kamikaze.ron"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("when not capturing to one of QRBN"), "{out}");
}
