//! Pictures: `kaboom show --svg` and `kaboom explain --svg` draw
//! deterministic SVG (pinned as snapshots), any board from 1x1 to 16x16,
//! and the docs' pictures are what the code draws today.

mod common;
use common::kaboom;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pictures");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn draw(args: &[&str], name: &str) -> String {
    let path = scratch(name);
    let path_text = path.to_str().unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--svg", path_text]);
    let (code, _, err) = kaboom(&all);
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn a_one_square_board() {
    let dir = scratch("one");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.ron");
    std::fs::write(
        &file,
        "(name: \"One\", board: (files: 1, ranks: 1), pieces: [(letter: 'K', name: \"king\", moves: \"K\", royal: true)], start: \"K w - - 0 1\")",
    )
    .unwrap();
    let svg = draw(&["show", file.to_str().unwrap()], "one.svg");
    insta::assert_snapshot!(svg);
}

#[test]
fn glyphs_by_name_by_mark_and_by_default() {
    let svg = draw(&["explain", "tests/fixtures/valid/glyphs.ron", "c1b2"], "glyphs.svg");
    // The archer (letter A) draws as the bishop figurine; the cannon as a
    // disc with "Ca"; M, which has no figurine, as a disc with its letter.
    assert!(svg.contains("\u{265D}"), "bishop figurine");
    assert!(svg.contains(">Ca</text>") && svg.contains(">M</text>"));
    insta::assert_snapshot!(svg);
}

#[test]
fn the_largest_board_has_every_square_and_coordinate() {
    let svg = draw(&["show", "tests/fixtures/valid/grand-16x16.ron"], "big.svg");
    assert_eq!(svg.matches("data-square=").count(), 256);
    assert!(svg.contains("data-square=\"p16\"") && svg.contains("data-square=\"a1\""));
    assert!(svg.contains(">p</text>") && svg.contains(">16</text>"));
}

#[test]
fn an_atomic_blast_crosses_out_and_shades_its_area() {
    let svg = draw(
        &[
            "explain",
            "atomic",
            "--fen",
            "4k3/8/3p4/2nbr3/3P4/2N5/8/4K3 w - - 0 1",
            "c3d5",
        ],
        "blast.svg",
    );
    // Three pieces removed (knight, bishop, rook on c5, d5, e5), crossed out on the board before.
    assert_eq!(svg.matches("stroke=\"#d00000\"").count(), 3);
    // The area: the 3x3 around d5 less the two pawns' squares, shaded on both boards.
    assert_eq!(svg.matches("fill=\"#e0201a\"").count(), 2 * 7);
    insta::assert_snapshot!(svg);
}

#[test]
fn pushes_bounces_and_blocked_squares_are_drawn() {
    let stomp = draw(
        &[
            "explain",
            "kaboom",
            "--fen",
            "4k3/8/8/8/3pn3/8/4P1P1/4K1N1 w - - 0 1",
            "g1f3@stomp",
        ],
        "stomp.svg",
    );
    assert_eq!(stomp.matches("url(#kb-push)").count(), 3, "three pushes");
    let bounce = draw(
        &[
            "explain",
            "bouncing-pieces",
            "--fen",
            "5k2/5pp1/8/8/8/8/8/2b1R1K1 w - - 0 1",
            "e1e8,f8g8",
        ],
        "bounce.svg",
    );
    assert_eq!(bounce.matches("url(#kb-bounce)").count(), 1);
    let rebirth = draw(
        &[
            "explain",
            "variants/fairy/circe.ron",
            "--fen",
            "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1",
            "e4d5",
        ],
        "rebirth.svg",
    );
    assert_eq!(rebirth.matches("url(#kb-place)").count(), 1, "the rebirth's arrow");
    for svg in [&stomp, &bounce, &rebirth] {
        for id in ["move", "push", "bounce", "place"] {
            if svg.contains(&format!("url(#kb-{id})")) {
                assert!(
                    svg.contains(&format!("<marker id=\"kb-{id}\"")),
                    "the arrowhead kb-{id} is defined"
                );
            }
        }
    }
    let craters = draw(
        &[
            "show",
            "tilting-the-balance",
            "--fen",
            "4k3/8/8/8/8/2**4/*1**4/R2N3K w - - 0 1",
        ],
        "craters.svg",
    );
    assert_eq!(craters.matches("url(#kb-hatch)\"").count(), 5);
}

#[test]
fn the_same_input_draws_the_same_bytes() {
    let args = [
        "explain",
        "capatomic-random",
        "--fen",
        "10/4k5/10/10/10/3npb4/4Nr4/3PP5/4K5/M9 w - - 0 1 captured=1",
        "a1e4@launch",
    ];
    assert_eq!(draw(&args, "same-1.svg"), draw(&args, "same-2.svg"));
}

#[test]
fn a_picture_that_cannot_be_written_is_an_error() {
    let (code, _, err) = kaboom(&["show", "chess", "--svg", "/nonexistent-folder/x.svg"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("/nonexistent-folder/x.svg: cannot write the picture"),
        "{err}"
    );
    let (code, _, err) = kaboom(&["explain", "chess", "e2e4", "--svg", "tests"]);
    assert_eq!(code, 2);
    assert!(err.contains("tests: cannot write the picture"), "{err}");
}

/// The lines of docs/pictures/pictures.txt: (name, arguments).
fn listed() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string("docs/pictures/pictures.txt").unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<String> = l.split('|').map(|s| s.trim().to_string()).collect();
            let mut args = vec![f[1].clone(), f[2].clone(), "--fen".into(), f[3].clone()];
            if f[1] == "explain" {
                args.push(f[4].clone());
            }
            (f[0].clone(), args)
        })
        .collect()
}

#[test]
fn the_docs_pictures_are_what_the_code_draws() {
    let list = listed();
    assert!(list.len() >= 8);
    let mut stale = Vec::new();
    for (name, args) in &list {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let drawn = draw(&args, &format!("docs-{name}.svg"));
        let committed = std::fs::read_to_string(format!("docs/pictures/{name}.svg")).unwrap_or_default();
        if drawn != committed {
            stale.push(name.clone());
        }
    }
    assert!(
        stale.is_empty(),
        "pictures differ from what the code draws: {stale:?}; run scripts/pictures.sh"
    );
    // Every picture in the folder is listed, and every one is shown in a doc.
    let mut docs = String::new();
    for dir in ["docs", "docs/variants"] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "md") {
                docs.push_str(&std::fs::read_to_string(p).unwrap());
            }
        }
    }
    for e in std::fs::read_dir("docs/pictures").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "svg") {
            let stem = p.file_stem().unwrap().to_str().unwrap().to_string();
            assert!(
                list.iter().any(|(n, _)| *n == stem),
                "{stem}.svg is not in pictures.txt"
            );
            assert!(
                docs.contains(&format!("pictures/{stem}.svg")),
                "no doc shows {stem}.svg"
            );
        }
    }
}
