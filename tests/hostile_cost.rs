//! Hostile input, round two: the cost a small file can cause. Each case
//! is a file a few kilobytes long that used to take minutes or gigabytes
//! (or overflowed an integer); each now loads quickly or is refused with an
//! error naming the limit (docs/limits.md).

mod common;
use common::kaboom;
use kaboom::{Perft, Variant};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> String {
    format!("tests/fixtures/adversarial/{name}.ron")
}

fn load_error(path: &str) -> String {
    match Variant::load(path) {
        Ok(_) => panic!("{path} loaded"),
        Err(e) => e.to_string(),
    }
}

fn text_error(text: &str) -> String {
    match Variant::from_text("hostile", text) {
        Ok(_) => panic!("the variant loaded:\n{text}"),
        Err(e) => e.to_string(),
    }
}

/// Runs `f`, failing if it takes longer than `limit`.
fn within<T>(limit: Duration, what: &str, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let out = f();
    let took = started.elapsed();
    assert!(took < limit, "{what} took {took:?}, more than {limit:?}");
    out
}

/// A chess file with these castling rules and start position.
fn castling_variant(start: &str, rules: &str) -> String {
    format!(
        "(extends: \"chess\", name: \"Castling\", start: \"{start}\", castling: [{rules}], \
         pieces: [(letter: 'M', name: \"m\", moves: \"K\")])"
    )
}

// Item 5: conditions that depend on the target have a cost limit.

#[test]
fn a_costly_condition_per_target_is_refused() {
    let e = within(Duration::from_secs(2), "loading", || {
        load_error(&fixture("costly-when"))
    });
    assert!(
        e.contains("action `zap`, listing its targets for one piece, costs about"),
        "{e}"
    );
    assert!(e.contains("at most 1000000 are allowed"), "{e}");
}

#[test]
fn a_condition_independent_of_the_target_is_cheap() {
    // The same heavy condition on `origin` is evaluated once per piece.
    let text = std::fs::read_to_string(fixture("costly-when"))
        .unwrap()
        .replace("area(target, 15)", "area(origin, 1)");
    let variant = within(Duration::from_secs(2), "loading", || {
        Variant::from_text("cheap", &text).unwrap_or_else(|e| panic!("{e}"))
    });
    let moves = within(Duration::from_secs(2), "listing moves", || {
        variant.legal_moves(&variant.start_position())
    });
    assert!(!moves.is_empty());
}

#[test]
fn rules_that_cost_too_much_per_move_are_refused() {
    // Each term looks along a queen's rays from every square; 240 of them
    // after every move.
    let heavy = vec!["count(first(all, Q)) >= 0"; 60].join(" and ");
    let rule = format!("\"after move if {heavy}: remove(target - any K)\"");
    let e = text_error(&format!(
        "(extends: \"chess\", name: \"Heavy\", rules: [{}])",
        vec![rule; 4].join(", ")
    ));
    assert!(e.contains("for one move, costs about"), "{e}");
}

// Item 6: a setup no arrangement satisfies is found out quickly.

#[test]
fn an_unsatisfiable_setup_is_too_expensive_to_check() {
    let e = within(Duration::from_secs(4), "loading", || {
        load_error(&fixture("setup-unsatisfiable"))
    });
    assert!(e.contains("the setup is too expensive to check"), "{e}");
}

#[test]
fn contradictory_colour_rules_are_found_at_once() {
    let e = within(Duration::from_secs(2), "loading", || {
        load_error(&fixture("setup-contradiction"))
    });
    assert!(
        e.contains("no arrangement of the setup's pieces satisfies its rules"),
        "{e}"
    );
}

// Item 7: duplicate or too many carry offsets.

#[test]
fn duplicate_carry_offsets_are_refused() {
    let e = within(Duration::from_secs(2), "loading", || {
        load_error(&fixture("carry-duplicates"))
    });
    assert!(e.contains("castling `K` carry: offset (-1, 1) is given twice"), "{e}");
}

#[test]
fn carry_lists_are_capped() {
    let offsets = (1..=5).map(|i| format!("({i}, 1)")).collect::<Vec<_>>().join(", ");
    let e = text_error(&castling_variant(
        "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1",
        &format!(
            "(fen: 'K', king: \"e1\", king_to: \"g1\", rook: \"h1\", rook_to: \"f1\", carry: (piece: 'M', offsets: [{offsets}]))"
        ),
    ));
    assert!(
        e.contains("castling `K` carry has 5 offsets; at most 4 are allowed"),
        "{e}"
    );
}

// Item 9: `first(...)` rays are shared and deduplicated.

#[test]
fn repeated_ray_templates_share_one_small_table() {
    let variant = within(Duration::from_secs(2), "loading", || {
        Variant::load(&fixture("first-repeated")).unwrap_or_else(|e| panic!("{e}"))
    });
    within(Duration::from_secs(2), "perft 2", || {
        assert_eq!(Perft::new().count(&variant, &variant.start_position(), 2), 400);
    });
}

#[test]
fn distinct_ray_templates_are_capped() {
    // 36 pairs of atoms, each pair a different set of directions.
    let atoms = ["W", "F", "D", "N", "A", "H", "C", "Z", "G"];
    let mut sets = Vec::new();
    for (i, a) in atoms.iter().enumerate() {
        for b in &atoms[i + 1..] {
            sets.push(format!("first(origin, {a}{b})"));
        }
    }
    let e = text_error(&format!(
        "(extends: \"chess\", name: \"Rays\", rules: [\"after move: remove(({}) & enemy P)\"])",
        sets.join(" + ")
    ));
    assert!(
        e.contains("36 different templates in `first(...)`, `reach(...)` and `lines(...)`; at most 32"),
        "{e}"
    );
}

// Item 10: duplicate promotion choices; threads.

#[test]
fn duplicate_promotion_choices_are_refused() {
    let e = within(Duration::from_secs(2), "loading", || {
        load_error(&fixture("promotion-repeated"))
    });
    assert!(e.contains("promotion choices: `Q` is given twice"), "{e}");
    assert_eq!(e.matches("is given twice").count(), 1, "{e}");
}

#[test]
fn many_threads_count_the_same_as_one() {
    let (code, out, err) = kaboom(&["perft", "chess", "3", "--threads", "256"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Nodes searched: 8902"), "{out}");
}

// Item 11: `setup --count` walks the arrangements without keeping them.

#[test]
fn setup_count_walks_millions_of_arrangements() {
    let (code, out, err) = within(Duration::from_secs(10), "setup --count", || {
        kaboom(&["setup", &fixture("setup-many"), "--count"])
    });
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "1814400");
}

// Item 13: limits that kept integers from overflowing.

#[test]
fn more_than_eight_castling_rules_are_refused() {
    let e = load_error(&fixture("castling-nine"));
    assert!(
        e.contains("the variant has 9 castling rules; at most 8 are allowed"),
        "{e}"
    );
}

#[test]
fn eight_castling_rules_keep_their_rights_apart() {
    let letters = "ABCDEFGH";
    let rules: Vec<String> = letters
        .chars()
        .map(|l| format!("(fen: '{l}', king: \"e1\", king_to: \"g1\", rook: \"h1\", rook_to: \"f1\")"))
        .collect();
    let fen = format!("4k2r/8/8/8/8/8/8/4K2R w {letters}{} - 0 1", letters.to_lowercase());
    let variant =
        Variant::from_text("eight", &castling_variant(&fen, &rules.join(", "))).unwrap_or_else(|e| panic!("{e}"));
    let pos = kaboom::fen::parse(&variant, &fen).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(kaboom::fen::write(&variant, &pos), fen);
}

#[test]
fn huge_offsets_are_refused_not_overflowed() {
    let e = text_error(&castling_variant(
        "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1",
        "(fen: 'K', king: \"e1\", king_to: \"g1\", rook: \"h1\", rook_to: \"f1\", carry: (piece: 'M', offsets: [(2147483647, 2147483647)]))",
    ));
    assert!(
        e.contains("offset (2147483647, 2147483647) is more than 15 squares away"),
        "{e}"
    );
    let text = std::fs::read_to_string("variants/capatomic-random.ron")
        .unwrap()
        .replace(
            "offsets: [(-1, -1), (1, -1)])],",
            "offsets: [(2147483647, -1), (1, -1)])],",
        );
    let e = text_error(&text);
    assert!(e.contains("setup placement of `M`: offset (2147483647, -1)"), "{e}");
}

// Item 14: castling destinations that overlap.

#[test]
fn castling_onto_the_kings_destination_is_refused() {
    let e = load_error(&fixture("castling-overlap"));
    assert!(
        e.contains("castling `K`: the king and the rook would both land on g1"),
        "{e}"
    );
}

#[test]
fn a_carried_piece_onto_the_rooks_destination_is_refused() {
    let e = text_error(&castling_variant(
        "r3k2r/8/8/8/8/8/8/R3KM1R w K - 0 1",
        "(fen: 'K', king: \"e1\", king_to: \"g1\", rook: \"h1\", rook_to: \"f1\", carry: (piece: 'M', offsets: [(-1, 0)]))",
    ));
    assert!(e.contains("would land on the rook's destination f1"), "{e}");
}

// Item 17: help texts list each name once.

#[test]
fn castling_help_lists_each_letter_once() {
    let offsets = "(-1, 1), (0, 1), (1, 1), (-2, 1)";
    let text = castling_variant(
        "4k3/8/8/8/8/8/3MMM2/4K2R w K - 0 1",
        &format!(
            "(fen: 'K', king: \"e1\", king_to: \"g1\", rook: \"h1\", rook_to: \"f1\", carry: (piece: 'M', offsets: [{offsets}]))"
        ),
    );
    let variant = Variant::from_text("carry", &text).unwrap_or_else(|e| panic!("{e}"));
    let e = kaboom::fen::parse(&variant, "4k3/8/8/8/8/8/3MMM2/4K2R w Z - 0 1").unwrap_err();
    // Black has no castling rook here, so only White's letter, once.
    assert_eq!(
        e.help,
        "castling rights are some of `K` (or a castling rook's file letter), or `-`"
    );
}

#[test]
fn the_list_of_actions_names_each_once() {
    let text = "(extends: \"chess\", name: \"Actions\", pieces: [\
        (letter: 'N', name: \"knight\", moves: \"N\", actions: [(name: \"zap\", target: \"origin\", effect: \"remove(origin)\")]),\
        (letter: 'B', name: \"bishop\", moves: \"B\", actions: [(name: \"zap\", target: \"origin\", effect: \"remove(origin)\")]),\
        (letter: 'R', name: \"rook\", moves: \"R\", actions: [(name: \"bop\", target: \"origin\", effect: \"remove(origin)\")]),\
        (letter: 'Q', name: \"queen\", moves: \"Q\", actions: [(name: \"zap\", target: \"origin\", effect: \"remove(origin)\")])])";
    let variant = Variant::from_text("actions", text).unwrap_or_else(|e| panic!("{e}"));
    let e = kaboom::uci::parse(&variant, &variant.start_position(), "b1b1@nope").unwrap_err();
    let e = e.to_string();
    assert!(e.contains("(actions: zap, bop)"), "{e}");
}

// Regions: their number, the entries of `moves_in`, and the cost of
// evaluating their squares are bounded.

fn regions_variant(regions: &str, piece: &str) -> String {
    format!(
        "(extends: \"chess\", name: \"Regions\", regions: [{regions}], pieces: [(letter: 'M', name: \"m\", \
         moves: \"K\"{piece})])"
    )
}

#[test]
fn more_than_64_regions_are_refused() {
    let list = |n: usize| {
        (0..n)
            .map(|i| format!("(name: \"r{i}\", squares: \"ranks(1..2)\")"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    assert!(Variant::from_text("hostile", &regions_variant(&list(64), "")).is_ok());
    let e = text_error(&regions_variant(&list(65), ""));
    assert!(e.contains("at most 64 regions"), "{e}");
}

#[test]
fn more_than_8_moves_in_entries_are_refused() {
    let entries = (0..9)
        .map(|_| "(squares: \"all\", moves: \"W\")")
        .collect::<Vec<_>>()
        .join(", ");
    let e = text_error(&regions_variant("", &format!(", moves_in: [{entries}]")));
    assert!(e.contains("9 `moves_in` entries; at most 8"), "{e}");
}

#[test]
fn regions_of_many_wide_areas_load_quickly() {
    // 64 regions, each the union of 250 areas of radius 15 and of the
    // region before it, at every distinct radius: squares are evaluated
    // once per region, areas from masks built once per radius.
    let sum = (0..250)
        .map(|i| format!("area(all, {})", i % 16))
        .collect::<Vec<_>>()
        .join(" + ");
    let regions = (0..64)
        .map(|i| match i {
            0 => format!("(name: \"r0\", squares: \"{sum}\")"),
            _ => format!(
                "(name: \"r{i}\", squares: \"manhattan(r{}, {}) + {sum}\")",
                i - 1,
                i % 31
            ),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let text = regions_variant(&regions, ", within: \"r63\"");
    within(Duration::from_secs(20), "loading 64 wide regions", || {
        Variant::from_text("hostile", &text).unwrap_or_else(|e| panic!("{e}"))
    });
}

// Round three, item 5: one bound for the cost of a position.

/// `kaboom validate FILE`: exit code and everything printed.
fn validate(path: &str) -> (i32, String) {
    let (code, out, err) = kaboom(&["validate", path]);
    (code, format!("{out}{err}"))
}

#[test]
fn a_moving_wall_with_a_costly_legality_clause_is_refused_where_it_is_written() {
    // Up to a million moves (a wall chosen after each queen move) times a
    // clause that looks along every ray from every square.
    let e = load_error(&fixture("costly-wall"));
    assert!(e.contains("listing the moves of one position costs about"), "{e}");
    assert!(e.contains("at most 1000000000 are allowed"), "{e}");
    assert!(e.contains("the costliest, this legality clause"), "{e}");
    let (code, out) = validate(&fixture("costly-wall"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("costly-wall.ron:17:13"), "{out}");
}

#[test]
fn the_cost_in_a_rule_or_an_end_condition_is_refused_too() {
    for (name, what, at) in [
        ("costly-wall-rule", "this rule", "costly-wall-rule.ron:15:9"),
        ("costly-wall-end", "this end rule", "costly-wall-end.ron:15:39"),
    ] {
        let e = load_error(&fixture(name));
        assert!(e.contains("listing the moves of one position costs about"), "{e}");
        assert!(e.contains(&format!("the costliest, {what}")), "{e}");
        let (code, out) = validate(&fixture(name));
        assert_eq!(code, 1, "{out}");
        assert!(out.contains(at), "{out}");
    }
}

#[test]
fn a_moving_wall_under_the_bound_loads_and_lists_its_moves() {
    let v = Variant::load(&fixture("costly-wall-allowed")).unwrap_or_else(|e| panic!("{e}"));
    let moves = v.legal_moves(&v.start_position());
    assert_eq!(moves.len(), 3408);
}

#[test]
fn every_bundled_variant_stays_under_the_bound() {
    for name in kaboom::bundled_names() {
        Variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// How many legal move lists `f` generates on this thread.
fn generations<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = kaboom::legal_generations();
    let out = f();
    (kaboom::legal_generations() - before, out)
}

#[test]
fn writing_every_move_in_algebraic_notation_generates_them_once() {
    // Duck chess after 1. Nf3: knights, a queen and bishops with twins to
    // tell apart, each move once per square for the duck.
    let v = Variant::load("duck").unwrap();
    let mut pos = v.start_position();
    pos.make(&v, kaboom::uci::parse(&v, &pos, "g1f3,f3e5").unwrap());
    let (n, listed) = generations(|| kaboom::san::legal_moves(&v, &pos));
    assert!(listed.len() > 500, "{}", listed.len());
    assert_eq!(n, 1, "one generation for {} moves", listed.len());
    // Every move reads back, each reading generating the list once.
    for (mv, text) in listed.iter().step_by(37) {
        let (n, found) = generations(|| kaboom::san::find(&v, &pos, text));
        assert_eq!(found, Ok(*mv), "{text}");
        assert_eq!(n, 1, "{text}");
        let (n, parsed) = generations(|| kaboom::san::parse(&v, &pos, text));
        assert_eq!(parsed, Ok(*mv), "{text}");
        assert_eq!(n, 1, "{text}");
    }
}

#[test]
fn twins_are_told_apart_from_the_one_list() {
    // Two rooks and two knights reach the same squares.
    let v = Variant::load("chess").unwrap();
    let pos = kaboom::fen::parse(&v, "4k3/8/8/8/8/2N3N1/4K3/R6R w - - 0 1").unwrap();
    let listed: Vec<String> = kaboom::san::legal_moves(&v, &pos).into_iter().map(|(_, s)| s).collect();
    for want in ["Rad1", "Rhd1", "Nce4", "Nge4", "Kd3"] {
        assert!(listed.iter().any(|s| s == want), "{want} in {listed:?}");
    }
}

/// A PGN of `cycles` times four plies that shuffle one piece each way and
/// back (`moves`), written in a fresh folder with the variant `ron` beside
/// it as `v.ron`; returns the PGN's path.
fn shuffle_pgn(tag: &str, ron: &str, moves: [&str; 4], cycles: usize) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kaboom-replay-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("v.ron"), ron).unwrap();
    let mut text = String::from("[Variant \"v\"]\n\n");
    for i in 0..cycles {
        let [a, b, c, d] = moves;
        text += &format!("{}. {a} {b} {}. {c} {d}\n", 2 * i + 1, 2 * i + 2);
    }
    text += "*\n";
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, text).unwrap();
    pgn
}

#[test]
fn a_long_game_near_the_bound_stops_at_the_replay_budget() {
    // 4,000 plies of a moving wall just under the position bound (about
    // 6.8e8 steps a position): no repetition or move rule ends it, and
    // replaying it whole took seconds. Replay stops where the game's
    // budget is spent, naming the move.
    let ron = std::fs::read_to_string(fixture("costly-wall-allowed")).unwrap();
    let cost = Variant::load(&fixture("costly-wall-allowed")).unwrap().position_cost();
    let most = kaboom::MAX_REPLAY_COST / cost;
    assert!((100..1000).contains(&most), "{most} moves");
    let pgn = shuffle_pgn("wall", &ron, ["Qdd2,d4", "Qdd7,d5", "Qdd1,d4", "Qdd8,d5"], 1000);
    let (code, out, err) = kaboom(&["replay", pgn.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    // The move after the last one replayed: ply `most` (White's, as `most`
    // is even here).
    assert_eq!(most % 2, 0);
    let at = format!(
        "game 1, move {}. Qdd2,d4: stopped: one game's replay may cost at most",
        most / 2 + 1
    );
    assert!(out.contains(&at), "{out}");
    assert!(
        out.contains(&format!("each position of this variant about {cost}")),
        "{out}"
    );
    assert!(
        out.contains(&format!("so at most {most} moves of a game are replayed")),
        "{out}"
    );
    // Under the budget, the same game replays whole.
    let short = shuffle_pgn(
        "wall-short",
        &ron,
        ["Qdd2,d4", "Qdd7,d5", "Qdd1,d4", "Qdd8,d5"],
        most as usize / 4,
    );
    let (code, out, err) = kaboom(&["replay", short.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("{} moves, ok, *", most / 4 * 4)), "{out}");
    for p in [pgn, short] {
        std::fs::remove_dir_all(p.parent().unwrap()).unwrap();
    }
}

#[test]
fn a_long_chess_game_still_replays() {
    // 2,000 plies of knights going out and back, in chess without its
    // draws by repetition and the 50-move rule.
    let ron = r#"(extends: "chess", name: "endless chess", end: ["checkmate: loss", "stalemate: draw"])"#;
    let pgn = shuffle_pgn("chess", ron, ["Nf3", "Nf6", "Ng1", "Ng8"], 500);
    let (code, out, err) = kaboom(&["replay", pgn.to_str().unwrap()]);
    std::fs::remove_dir_all(pgn.parent().unwrap()).unwrap();
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("game 1 (v): 2000 moves, ok, *"), "{out}");
}

#[test]
fn long_games_of_every_bundled_variant_are_within_the_replay_budget() {
    for name in kaboom::bundled_names() {
        let cost = Variant::load(name).unwrap().position_cost();
        assert!(
            cost.saturating_mul(2_000) <= kaboom::MAX_REPLAY_COST,
            "{name}: {cost} a position"
        );
    }
}

#[test]
fn replaying_a_move_generates_its_position_once() {
    // What `replay` does per move: judge whether the game has ended and
    // read the move, from one list; a checking move is read without
    // generating the position after it (its mark is ignored).
    let v = Variant::load("chess").unwrap();
    let mut game = kaboom::Game::new(&v, v.start_position());
    for text in ["e4", "f6", "Qh5+", "g6", "Qxg6+", "hxg6", "e2e4"] {
        let (n, read) = generations(|| {
            let legal = v.legal_moves(game.position());
            assert_eq!(game.ending_among(&legal), None);
            kaboom::san::find_among(&v, game.position(), text, &legal)
        });
        match text {
            // A coordinate move that is not legal here: not found either way.
            "e2e4" => assert!(read.is_err(), "{read:?}"),
            _ => {
                game.play(read.unwrap_or_else(|e| panic!("{text}: {e}")));
            }
        }
        assert_eq!(n, 1, "{text}");
    }
}
