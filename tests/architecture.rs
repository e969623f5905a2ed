//! The shape of the crate, read from its source: the layers import only
//! downwards, and every module has a name of its own.
//!
//! Layers, bottom to top (see `docs/design.md`):
//! base, spec, lang, check, compile, engine, notation, load, scenario,
//! interop, search, selfplay, tune, picture, cli.
//! The command line (`cli`, behind the `cli` feature) is the top layer:
//! nothing imports it, and `main.rs` only calls `kaboom::cli::run`. The
//! crate root publishes a chosen facade; the layers are crate-private.
//! The engine uses only `base`, `compile` and itself: never syntax trees;
//! of `compile` only the IR, the tables and the compiled variant.

mod common;

use common::source::{code_only, rust_files};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The library's top-level modules, bottom to top. A module may use its
/// own layer and those before it, never one after it.
const LAYERS: &[&str] = &[
    "base", "spec", "lang", "check", "compile", "engine", "notation", "load", "scenario", "interop", "search",
    "selfplay", "tune", "picture", "cli",
];

/// The modules the crate root may declare `pub`: the command line (hidden,
/// for `main.rs`), the public modules of the facade, and the two layers
/// that are public whole (scenario files, Fairy-Stockfish interop).
const PUBLIC_MODULES: &[&str] = &[
    "cli",
    "interop",
    "scenario",
    "fen",
    "sfen",
    "uci",
    "usi",
    "san",
    "syntax",
    "view",
    "format",
    "pgn",
    "self_play",
];

/// Pairs (from, to) forbidden although `to` is lower: the engine runs on
/// the compiled IR only, never on the file format, syntax trees or checked
/// forms.
/// The search plays on the compiled variant too: it reads the engine,
/// the IR and notation, never the file format, syntax, checker, loader,
/// scenarios or other tools' formats.
const FORBIDDEN: &[(&str, &str)] = &[
    ("engine", "spec"),
    ("engine", "lang"),
    ("engine", "check"),
    ("search", "spec"),
    ("search", "lang"),
    ("search", "check"),
    ("search", "load"),
    ("search", "scenario"),
    ("search", "interop"),
];

/// A path written in code: where, and the module path it names (the first
/// segments after resolving `crate` and `super`).
#[derive(Debug)]
struct Reference {
    line: usize,
    written: String,
    /// The top-level module (or re-exported item of the crate root) it reaches.
    top: String,
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

fn ident_at(b: &[u8], i: usize) -> Option<(String, usize)> {
    let i = skip_ws(b, i);
    let end = (i..b.len()).find(|&j| !is_ident(b[j])).unwrap_or(b.len());
    (end > i).then(|| (String::from_utf8_lossy(&b[i..end]).into_owned(), end))
}

fn double_colon(b: &[u8], i: usize) -> Option<usize> {
    let i = skip_ws(b, i);
    b[i..].starts_with(b"::").then_some(i + 2)
}

/// The first segment of every path at `i` (one name, or each item of a
/// `{...}` group, recursively for `self`).
fn first_segments(b: &[u8], i: usize) -> Vec<String> {
    let i = skip_ws(b, i);
    if b.get(i) == Some(&b'{') {
        let mut out = Vec::new();
        let (mut depth, mut j, mut item_start) = (0, i, i + 1);
        while j < b.len() {
            match b[j] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        out.extend(ident_at(b, item_start).map(|(s, _)| s));
                        break;
                    }
                }
                b',' if depth == 1 => {
                    out.extend(ident_at(b, item_start).map(|(s, _)| s));
                    item_start = j + 1;
                }
                _ => {}
            }
            j += 1;
        }
        out
    } else {
        ident_at(b, i).map(|(s, _)| vec![s]).unwrap_or_default()
    }
}

/// Every `crate::` and `super::` path in `code` that reaches the crate
/// root, for a file whose module path is `module`.
fn references(code: &str, module: &[String]) -> Vec<Reference> {
    let b = code.as_bytes();
    let line_of = |i: usize| code[..i].matches('\n').count() + 1;
    let mut out = Vec::new();
    // Inline modules (`mod tests { ... }`): name and the brace depth inside.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'{' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == b'}' {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|(_, d)| *d > depth) {
                inline.pop();
            }
            i += 1;
            continue;
        }
        if !is_ident(c) || (i > 0 && is_ident(b[i - 1])) {
            i += 1;
            continue;
        }
        let (word, end) = ident_at(b, i).unwrap();
        if word == "mod" {
            if let Some((name, after)) = ident_at(b, end) {
                let next = skip_ws(b, after);
                if b.get(next) == Some(&b'{') {
                    inline.push((name, depth + 1));
                }
            }
            i = end;
            continue;
        }
        let here: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        let reached = if word == "crate" {
            double_colon(b, end).map(|after| (Vec::new(), after))
        } else if word == "super" {
            // Count `super::` segments, then resolve.
            let (mut ups, mut after) = (0, end);
            let mut at = i;
            while let Some((w, e)) = ident_at(b, at) {
                if w != "super" {
                    break;
                }
                let Some(next) = double_colon(b, e) else {
                    after = e;
                    break;
                };
                ups += 1;
                after = next;
                at = next;
            }
            (ups > 0 && ups <= here.len()).then(|| (here[..here.len() - ups].to_vec(), after))
        } else {
            None
        };
        if let Some((base, after)) = reached {
            if base.is_empty() {
                let stop = (after..b.len())
                    .find(|&j| matches!(b[j], b';' | b'(' | b')' | b'<' | b'>' | b'=' | b'\n'))
                    .unwrap_or(b.len());
                let written = String::from_utf8_lossy(&b[i..stop])
                    .trim()
                    .trim_end_matches(['{', ' '])
                    .to_string();
                for top in first_segments(b, after) {
                    if top == "self" {
                        continue;
                    }
                    out.push(Reference {
                        line: line_of(i),
                        written: written.clone(),
                        top,
                    });
                }
            }
            i = after;
            continue;
        }
        i = end;
    }
    out
}

/// The module path of a file under `src/`: `src/engine/movegen.rs` is
/// `["engine", "movegen"]`, `src/engine/mod.rs` is `["engine"]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// Items the crate root re-exports (`pub use engine::game::Game;`), by the
/// layer that defines them.
fn root_reexports(src: &Path) -> BTreeMap<String, String> {
    let lib = code_only(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut out = BTreeMap::new();
    for stmt in lib.split(';') {
        let stmt = stmt.trim();
        let Some(path) = stmt.strip_prefix("pub use ") else {
            continue;
        };
        let path = path.trim_start_matches("crate::");
        let layer = path.split("::").next().unwrap().trim().to_string();
        let names: Vec<&str> = match path.find('{') {
            Some(open) => path[open + 1..].trim_end_matches('}').split(',').collect(),
            None => vec![path.rsplit("::").next().unwrap()],
        };
        for name in names {
            let name = name.trim();
            let name = name.rsplit(" as ").next().unwrap().trim();
            if !name.is_empty() {
                out.insert(name.to_string(), layer.clone());
            }
        }
    }
    out
}

#[test]
fn layers_import_only_downwards() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let reexports = root_reexports(&src);
    let rank = |name: &str| LAYERS.iter().position(|l| *l == name);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        let module = module_path(&src, file);
        // The crate root and the binary's `main.rs` are not layers.
        let Some(own) = module.first() else { continue };
        if own == "main" {
            continue;
        }
        let own_rank = rank(own).unwrap_or_else(|| {
            panic!(
                "{}: `{own}` is not a layer; add it to LAYERS and docs/design.md",
                file.display()
            )
        });
        let code = code_only(&fs::read_to_string(file).unwrap());
        for r in references(&code, &module) {
            checked += 1;
            let layer = reexports.get(&r.top).cloned().unwrap_or_else(|| r.top.clone());
            match rank(&layer) {
                Some(_) if FORBIDDEN.contains(&(own.as_str(), layer.as_str())) => problems.push(format!(
                    "{}:{}: `{}`: `{own}` may not use `{layer}`",
                    file.display(),
                    r.line,
                    r.written
                )),
                Some(target) if target <= own_rank => {}
                Some(_) => problems.push(format!(
                    "{}:{}: `{}` reaches up from `{own}` to `{layer}`",
                    file.display(),
                    r.line,
                    r.written
                )),
                None => problems.push(format!(
                    "{}:{}: `{}` names `{}`, which is no layer",
                    file.display(),
                    r.line,
                    r.written,
                    r.top
                )),
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} crate paths found: is the scanner broken?"
    );
    assert!(
        problems.is_empty(),
        "imports against the layer order {LAYERS:?}:\n{}",
        problems.join("\n")
    );
}

/// What the engine may read of `compile`: the IR (`ir`: effect programs
/// and their enums), the move and attack tables, and the compiled variant
/// with its castling rules and piece descriptions; never how they are
/// built.
const ENGINE_READS_OF_COMPILE: &[&str] = &["ir", "tables", "attacks", "Variant", "CastlingRule", "PieceInfo"];

/// The items a path names right after `compile::` (one, or each of a group).
fn after_compile(written: &str) -> Vec<String> {
    let Some(at) = written.find("compile::") else {
        return Vec::new();
    };
    let rest = &written[at + "compile::".len()..];
    let items = rest.strip_prefix('{').map_or(rest, |r| r.trim_end_matches('}'));
    let names: Vec<&str> = if rest.starts_with('{') {
        items.split(',').collect()
    } else {
        vec![items]
    };
    names
        .into_iter()
        .filter_map(|n| n.split("::").next())
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

#[test]
fn the_engine_reads_only_the_ir() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut problems = Vec::new();
    for file in &files {
        let module = module_path(&src, file);
        let code = code_only(&fs::read_to_string(file).unwrap());
        let refs = references(&code, &module);
        if module.starts_with(&["compile".to_string(), "ir".to_string()]) {
            // The IR itself (with its submodules) is built from base types
            // only: no syntax tree, no checker constant.
            for r in refs.iter().filter(|r| r.top != "base") {
                problems.push(format!("{}:{}: the IR names `{}`", file.display(), r.line, r.written));
            }
        }
        if module.first().is_some_and(|m| m == "engine") {
            for r in refs.iter().filter(|r| r.top == "compile") {
                for item in after_compile(&r.written) {
                    if !ENGINE_READS_OF_COMPILE.contains(&item.as_str()) {
                        problems.push(format!(
                            "{}:{}: the engine reads `compile::{item}`",
                            file.display(),
                            r.line
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(after_compile("crate::compile::{Variant, ir::Op}"), ["Variant", "ir"]);
}

#[test]
fn every_module_has_its_own_name() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let module = module_path(&src, file);
        for (depth, name) in module.iter().enumerate() {
            let full = module[..=depth].join("::");
            let places = seen.entry(name.clone()).or_default();
            if !places.contains(&full) {
                places.push(full);
            }
        }
    }
    let clashes: Vec<String> = seen
        .iter()
        .filter(|(_, places)| places.len() > 1)
        .map(|(name, places)| format!("`{name}`: {}", places.join(", ")))
        .collect();
    assert!(clashes.is_empty(), "module names used twice:\n{}", clashes.join("\n"));
}

/// The scanner itself: it must see inline paths, groups, `super::super`
/// and paths inside inline modules, and ignore comments and strings.
#[test]
fn the_scanner_finds_every_form() {
    let text = r##"
        use crate::engine::position::Position;
        use crate::{check::Diagnostic, compile::Variant};
        // use crate::cli::Nothing;
        /* crate::notation::fen */
        const S: &str = "crate::load::x";
        const R: &str = r#"crate::load::y"#;
        fn f() -> char { let _ = crate::scenario::run; 'a' }
        mod tests {
            use super::super::super::notation::uci;
            use super::*;
        }
    "##;
    let module = vec!["base".to_string(), "square".to_string()];
    let tops: Vec<String> = references(&code_only(text), &module)
        .into_iter()
        .map(|r| r.top)
        .collect();
    assert_eq!(tops, ["engine", "check", "compile", "scenario", "notation"]);
}

/// The library builds without the command line's dependencies: they are
/// optional and enabled only by the default `cli` feature. (The build
/// itself: `cargo build --lib --no-default-features`.)
#[test]
fn cli_dependencies_are_behind_the_cli_feature() {
    let manifest = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let section = |name: &str| -> String {
        let start = manifest
            .find(&format!("[{name}]"))
            .unwrap_or_else(|| panic!("no [{name}]"));
        let body = &manifest[start + name.len() + 2..];
        body[..body.find("\n[").unwrap_or(body.len())].to_string()
    };
    let dependencies = section("dependencies");
    let features = section("features");
    assert!(features.contains("default = [\"cli\"]"), "`cli` is a default feature");
    for dep in ["clap", "miette", "serde_json", "similar"] {
        let line = dependencies
            .lines()
            .find(|l| l.starts_with(&format!("{dep} ")))
            .unwrap_or_else(|| panic!("{dep} is a dependency"));
        assert!(line.contains("optional = true"), "{dep} must be optional: {line}");
        assert!(
            features.contains(&format!("\"dep:{dep}\"")),
            "feature `cli` enables {dep}"
        );
    }
    assert!(section("[bin]").contains("required-features = [\"cli\"]"));
}

#[test]
fn the_layers_are_crate_private_behind_a_facade() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = code_only(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut problems = Vec::new();
    for line in lib.lines().map(str::trim) {
        if let Some(name) = line.strip_prefix("pub mod ") {
            let name = name.trim_end_matches(['{', ';', ' ']);
            if !PUBLIC_MODULES.contains(&name) {
                problems.push(format!(
                    "`pub mod {name}` in lib.rs: make it `pub(crate)` or add it to PUBLIC_MODULES"
                ));
            }
        } else if let Some(name) = line.strip_prefix("pub(crate) mod ") {
            let name = name.trim_end_matches(';');
            if !LAYERS.contains(&name) {
                problems.push(format!("`{name}` is no layer"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let main = code_only(&fs::read_to_string(src.join("main.rs")).unwrap());
    assert!(
        main.contains("kaboom::cli::run()") && !main.contains("mod "),
        "main.rs only calls kaboom::cli::run"
    );
}

/// Every module path a `crate::` or `super::` path in `code` names (all
/// its segments, groups expanded), for a file whose module path is
/// `module`. Paths inside inline `tests` modules are left out: test code
/// may reach back into what it tests.
fn full_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'{' || c == b'}' {
            if c == b'{' {
                depth += 1;
            } else {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d > depth) {
                    inline.pop();
                }
            }
            i += 1;
            continue;
        }
        if !is_ident(c) || (i > 0 && is_ident(b[i - 1])) {
            i += 1;
            continue;
        }
        let (word, end) = ident_at(b, i).unwrap();
        if word == "mod" {
            if let Some((name, after)) = ident_at(b, end)
                && b.get(skip_ws(b, after)) == Some(&b'{')
            {
                inline.push((name, depth + 1));
            }
            i = end;
            continue;
        }
        let in_tests = inline.iter().any(|(n, _)| n == "tests");
        let here: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        let (base, after) = if word == "crate" {
            match double_colon(b, end) {
                Some(after) => (Vec::new(), after),
                None => {
                    i = end;
                    continue;
                }
            }
        } else if word == "super" {
            let (mut ups, mut after, mut at) = (0, end, i);
            while let Some((w, e)) = ident_at(b, at) {
                let Some(next) = double_colon(b, e).filter(|_| w == "super") else {
                    break;
                };
                ups += 1;
                after = next;
                at = next;
            }
            if ups == 0 || ups > here.len() {
                i = end;
                continue;
            }
            (here[..here.len() - ups].to_vec(), after)
        } else {
            i = end;
            continue;
        };
        if !in_tests {
            for tail in path_tails(b, after) {
                out.push(base.iter().cloned().chain(tail).collect());
            }
        }
        i = after;
    }
    out
}

/// The segments of the path at `i` (`a::b::c`), one list per item of a
/// `{...}` group, groups nested as written.
fn path_tails(b: &[u8], i: usize) -> Vec<Vec<String>> {
    let i = skip_ws(b, i);
    if b.get(i) == Some(&b'{') {
        let mut out = Vec::new();
        let (mut depth, mut j, mut item) = (0, i, i + 1);
        while j < b.len() {
            match b[j] {
                b'{' => depth += 1,
                b'}' | b',' if depth == 1 => {
                    out.extend(path_tails(b, item));
                    item = j + 1;
                    if b[j] == b'}' {
                        break;
                    }
                }
                b'}' => depth -= 1,
                _ => {}
            }
            j += 1;
        }
        return out;
    }
    let Some((first, end)) = ident_at(b, i) else {
        return Vec::new();
    };
    match double_colon(b, end) {
        Some(next) => path_tails(b, next)
            .into_iter()
            .map(|tail| std::iter::once(first.clone()).chain(tail).collect())
            .collect(),
        None => vec![vec![first]],
    }
}

/// Import cycles between files inside one layer that are known and yet to
/// be broken; each is the set of files of one cycle. Empty since every
/// cycle was broken (28 November 2026): a new cycle fails the test, and an
/// entry added here fails it too once the cycle it names is gone.
const KNOWN_FILE_CYCLES: &[&[&str]] = &[];

/// The files of each layer import each other without a cycle: a file's
/// `crate::` and `super::` paths are resolved to the file that defines the
/// module they reach, and every strongly connected group of more than one
/// file is a cycle. A parent module reaching into its own children (its
/// `mod` declarations and re-exports) is not counted, nor test code.
#[test]
fn no_file_imports_itself_in_a_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: Vec<Vec<String>> = files.iter().map(|f| module_path(&src, f)).collect();
    let index: BTreeMap<Vec<String>, usize> = modules.iter().cloned().enumerate().map(|(i, m)| (m, i)).collect();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); files.len()];
    for (from, file) in files.iter().enumerate() {
        let module = &modules[from];
        let code = code_only(&fs::read_to_string(file).unwrap());
        for path in full_paths(&code, module) {
            // The file that defines the longest prefix of the path.
            let Some(to) = (1..=path.len()).rev().find_map(|n| index.get(&path[..n]).copied()) else {
                continue;
            };
            let target = &modules[to];
            let same_layer = !module.is_empty() && module.first() == target.first();
            if to != from && same_layer && !target.starts_with(module) && !edges[from].contains(&to) {
                edges[from].push(to);
            }
        }
    }
    let mut found: Vec<Vec<String>> = strongly_connected(&edges)
        .into_iter()
        .filter(|group| group.len() > 1)
        .map(|group| {
            let mut names: Vec<String> = group.iter().map(|&f| modules[f].join("::")).collect();
            names.sort();
            names
        })
        .collect();
    found.sort();
    let known: Vec<Vec<String>> = KNOWN_FILE_CYCLES
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<String> = found
        .iter()
        .filter(|c| !known.contains(c))
        .map(|c| c.join(" <-> "))
        .collect();
    assert!(
        new.is_empty(),
        "files that import each other in a cycle:\n{}",
        new.join("\n")
    );
    let gone: Vec<String> = known
        .iter()
        .filter(|c| !found.contains(c))
        .map(|c| c.join(" <-> "))
        .collect();
    assert!(
        gone.is_empty(),
        "cycles in KNOWN_FILE_CYCLES that no longer exist (remove them):\n{}",
        gone.join("\n")
    );
}

/// Tarjan's strongly connected components of a graph given as edge lists.
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        edges: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(w: &mut Walk<'_>, v: usize) {
        w.index[v] = Some(w.next);
        w.low[v] = w.next;
        w.next += 1;
        w.stack.push(v);
        w.on_stack[v] = true;
        for &u in &w.edges[v] {
            match w.index[u] {
                None => {
                    visit(w, u);
                    w.low[v] = w.low[v].min(w.low[u]);
                }
                Some(i) if w.on_stack[u] => w.low[v] = w.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(w.low[v]) == w.index[v] {
            let mut group = Vec::new();
            while let Some(u) = w.stack.pop() {
                w.on_stack[u] = false;
                group.push(u);
                if u == v {
                    break;
                }
            }
            w.out.push(group);
        }
    }
    let n = edges.len();
    let mut w = Walk {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if w.index[v].is_none() {
            visit(&mut w, v);
        }
    }
    w.out
}

/// The cycle scanner itself: full paths through groups and `super`, and
/// a cycle found in a small graph.
#[test]
fn the_cycle_scanner_reads_paths_and_finds_cycles() {
    let text = "use super::state::{Origin, read::Values};\nuse crate::interop::{ini, fsf_import::refusal::Refusal};\n\
                mod tests { use super::super::x::Y; }\n";
    let module = vec!["interop".to_string(), "fsf_import".to_string(), "convert".to_string()];
    let paths: Vec<String> = full_paths(&code_only(text), &module)
        .into_iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        paths,
        [
            "interop::fsf_import::state::Origin",
            "interop::fsf_import::state::read::Values",
            "interop::ini",
            "interop::fsf_import::refusal::Refusal",
        ]
    );
    let mut groups = strongly_connected(&[vec![1], vec![2], vec![0], vec![0]]);
    groups.iter_mut().for_each(|g| g.sort());
    assert!(groups.contains(&vec![0, 1, 2]) && groups.contains(&vec![3]));
}

/// No variant in the code: outside the Fairy-Stockfish interop (which
/// reads that engine's catalogue, whose names are its data), no code in
/// src/ names a bundled variant, in a string or a path, unit tests
/// included: they write the variant they need inline. Comments and doc
/// examples may name one. `chess` is the base every variant extends; the
/// bundled variant named like the program itself is skipped.
#[test]
fn src_names_no_bundled_variant() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names = Vec::new();
    for dir in ["variants", "variants/fairy"] {
        for entry in fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ron") {
                names.push(path.file_stem().unwrap().to_str().unwrap().to_string());
            }
        }
    }
    names.retain(|n| n != "chess" && n != "kaboom");
    assert!(names.len() > 40, "{names:?}");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !f.starts_with(root.join("src/interop"))) {
        let text = fs::read_to_string(file).unwrap();
        for (at, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in &names {
                if code.contains(&format!("\"{name}\"")) || code.contains(&format!("/{name}.ron")) {
                    found.push(format!(
                        "{}:{}: {name}",
                        file.strip_prefix(root).unwrap().display(),
                        at + 1
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "src/ names bundled variants:\n{}", found.join("\n"));
}
