//! Loading: the pipeline from a name or a text to a playable [`Variant`].
//! It reads the file (`spec`), checks it (`check`), compiles it
//! (`compile`), and for a random setup compiles a probe variant, picks the
//! seed's arrangement (`arrangements`) and re-resolves castling for it.

pub mod arrangements;

use crate::base::piece::Kind;
use crate::check::{CheckedVariant, Diagnostic, LoadError, check, resolve_castling};
use crate::compile::{Variant, compile};
use crate::spec::Loader;

impl Variant {
    /// Loads, checks and compiles a variant: a bundled name (`chess`) or a
    /// path to a `.ron` file. A variant with a random setup starts from
    /// seed 0's position.
    pub fn load(name_or_path: &str) -> Result<Variant, LoadError> {
        Self::load_seeded(name_or_path, None)
    }

    /// Like [`Variant::load`], with the seed that picks a random setup's
    /// start position (ignored by variants without one).
    pub fn load_seeded(name_or_path: &str, seed: Option<u64>) -> Result<Variant, LoadError> {
        let mut loader = Loader::new();
        let result = loader.load(name_or_path);
        finish(loader, result, seed)
    }

    /// Loads a variant from text, named `name` in diagnostics.
    pub fn from_text(name: &str, text: &str) -> Result<Variant, LoadError> {
        let mut loader = Loader::new();
        let result = loader.load_text(name, text);
        finish(loader, result, None)
    }

    /// Whether the start position is drawn from a random setup.
    pub fn has_random_setup(&self) -> bool {
        self.setup.is_some()
    }

    /// For a variant with a random setup: how many distinct start positions
    /// it has (counted by listing them all, which takes a moment).
    pub fn setup_count(&self) -> Option<usize> {
        self.setup.as_ref().map(|s| arrangements::arrangements(self, s).len())
    }
}

fn finish(
    loader: Loader,
    loaded: Result<crate::spec::VariantFile, Vec<Diagnostic>>,
    seed: Option<u64>,
) -> Result<Variant, LoadError> {
    let sources = loader.sources;
    let fail = |diagnostics: Vec<Diagnostic>| LoadError {
        diagnostics,
        sources: sources.clone(),
    };
    let file = loaded.map_err(fail)?;
    let mut checked = check(&file, &sources).map_err(fail)?;
    let start_location = checked.start_location.clone();
    let compile_start = |checked: CheckedVariant| {
        compile(checked).map_err(|e| {
            let at = start_location
                .as_ref()
                .map(|l| l.inside_string(&sources, e.span.clone()));
            fail(vec![
                Diagnostic::error(format!("start position: {}", e.message), at).with_help(e.help),
            ])
        })
    };
    let mut kept_setup = None;
    if let Some(setup) = checked.setup.clone() {
        // Compile once without castling to test protection, pick the
        // seed's arrangement, then compile with its castling squares.
        let mut probe_source = checked.clone();
        probe_source.castling.clear();
        probe_source.start.castling.0.clear();
        let probe = compile_start(probe_source)?;
        let chosen = arrangements::sample(&probe, &setup, seed.unwrap_or(0)).or_else(|| {
            // Rare rules: list every arrangement and pick one.
            let all = arrangements::arrangements(&probe, &setup);
            (!all.is_empty()).then(|| all[seed.unwrap_or(0) as usize % all.len()].clone())
        });
        let Some(chosen) = chosen else {
            let at = file.setup.as_ref().and_then(|s| s.template.location.clone());
            return Err(fail(vec![
                Diagnostic::error("no arrangement of the setup's pieces satisfies its rules", at)
                    .with_help("relax a rule, or check that the pieces can meet them all"),
            ]));
        };
        let g = checked.geometry;
        checked.start = setup.fill(g, &chosen).expect("arrangements fit their placements");
        let royal: Vec<char> = checked.pieces.iter().filter(|p| p.royal).map(|p| p.letter).collect();
        let letter_kind = |c: char| {
            checked
                .pieces
                .iter()
                .position(|p| p.letter == c.to_ascii_uppercase())
                .map(|k| k as Kind)
        };
        checked.castling = resolve_castling(&checked.castling_rules, g, &checked.start.board, &letter_kind, &|c| {
            royal.contains(&c)
        })
        .map_err(fail)?;
        kept_setup = Some(setup);
    }
    let mut variant = compile_start(checked)?;
    variant.sources = sources.clone();
    if kept_setup.is_some() {
        variant.setup = kept_setup;
        variant.start_fen = crate::notation::fen::write(&variant, &variant.start);
    }
    Ok(variant)
}
