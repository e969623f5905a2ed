//! Loading: the pipeline from a name or a text to a playable [`Variant`].
//! It reads the file (`spec`), checks it (`check`), compiles it
//! (`compile`), and for a random setup compiles a probe variant, picks the
//! seed's arrangement (`arrangements`) and re-resolves castling for it.

pub mod arrangements;
mod variant_summary;

use crate::base::piece::Kind;
use crate::check::{CheckedVariant, Diagnostic, LoadError, check, resolve_castling};
use crate::compile::{Variant, compile};
use crate::engine::position::Position;
use crate::lang::fen_syntax::{FenError, FenRecord};
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

    /// Like [`Variant::load_seeded`], with the variant file as it was read
    /// (its parents merged), for the tools that show or rewrite what the
    /// file says: the file is read once.
    pub(crate) fn load_with_file(
        name_or_path: &str,
        seed: Option<u64>,
    ) -> Result<(Variant, crate::spec::VariantFile), LoadError> {
        let mut loader = Loader::new();
        let result = loader.load(name_or_path);
        let file = result.as_ref().ok().cloned();
        let variant = finish(loader, result, seed)?;
        Ok((variant, file.expect("a variant that loaded was read")))
    }

    /// Loads the variant file at `path` (never a bundled name). Files it
    /// extends must lie under `root` (default: the file's own folder).
    pub(crate) fn load_path(
        path: &std::path::Path,
        root: Option<&std::path::Path>,
        seed: Option<u64>,
    ) -> Result<Variant, LoadError> {
        let mut loader = root.map_or_else(Loader::new, Loader::within);
        let result = loader.load_path(path);
        finish(loader, result, seed)
    }

    /// Whether the start position is drawn from a random setup (so a seed
    /// picks it), rather than fixed.
    pub(crate) fn has_random_setup(&self) -> bool {
        self.setup.is_some()
    }

    /// Loads a variant from text, named `name` in diagnostics.
    pub fn from_text(name: &str, text: &str) -> Result<Variant, LoadError> {
        let mut loader = Loader::new();
        let result = loader.load_text(name, text);
        finish(loader, result, None)
    }

    /// The start position.
    pub fn start_position(&self) -> Position {
        start_position(self, &self.start_record).expect("the start position was read when the variant was loaded")
    }

    /// For a variant with a random setup: how many distinct start positions
    /// it has (counted by walking them all, without storing them), or
    /// [`arrangements::TooExpensive`] past `MAX_FULL_CHECKS` arrangements.
    pub fn setup_count(&self) -> Option<Result<u64, arrangements::TooExpensive>> {
        self.setup_count_with(&mut |_, _| {})
    }

    /// Like [`Variant::setup_count`], calling `progress(found, shuffles)`
    /// every few thousand arrangements found, where `shuffles` (the number
    /// of distinct shuffles of the pieces) bounds how many there can be.
    pub(crate) fn setup_count_with(
        &self,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<Result<u64, arrangements::TooExpensive>> {
        self.setup.as_ref().map(|s| {
            let bound = arrangements::shuffles(s);
            arrangements::count_with(self, s, &mut |found| progress(found, bound))
        })
    }
}

/// The position a start record describes on a compiled variant. The pieces
/// that may castle along have not moved, unless the record says which have.
fn start_position(variant: &Variant, record: &FenRecord) -> Result<Position, FenError> {
    let mut pos = crate::notation::fen::position_from_record(variant, record)?;
    if !record.extras.iter().any(|(key, _, _)| key == "unmoved") {
        for rule in variant.castling.rules() {
            for &(from, _) in &rule.carry {
                pos.unmoved.insert(from);
            }
        }
    }
    Ok(pos)
}

/// The load pipeline: checks the loaded file, compiles it, reads its start
/// position against the compiled rules and, for a random setup, draws the
/// seed's arrangement and re-resolves castling for it.
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
    // Compiles, then reads the start position against the compiled rules.
    let compile_start = |checked: CheckedVariant| {
        let variant = compile(checked);
        match start_position(&variant, &variant.start_record) {
            Ok(_) => Ok(variant),
            Err(e) => {
                let at = start_location
                    .as_ref()
                    .map(|l| l.inside_string(&sources, e.span.clone()));
                Err(fail(vec![
                    Diagnostic::error(format!("start position: {}", e.message), at).with_help(e.help),
                ]))
            }
        }
    };
    let mut kept_setup = None;
    if let Some(setup) = checked.setup.clone() {
        // Compile once without castling to test protection, pick the
        // seed's arrangement, then compile with its castling squares.
        let mut probe_source = checked.clone();
        probe_source.castling.clear();
        probe_source.start.castling.0.clear();
        let probe = compile_start(probe_source)?;
        let at = file.setup.as_ref().and_then(|s| s.template.location.clone());
        let chosen = match arrangements::sample(&probe, &setup, seed.unwrap_or(0)) {
            Some(chosen) => Some(chosen),
            // Rare rules: walk the arrangements and pick one.
            None => arrangements::nth(&probe, &setup, seed.unwrap_or(0)).map_err(|_| {
                fail(vec![
                    Diagnostic::error(
                        format!(
                            "the setup is too expensive to check: no shuffle satisfied its rules, and \
                             more than {} arrangements pass its colour rules",
                            arrangements::MAX_FULL_CHECKS
                        ),
                        at.clone(),
                    )
                    .with_help("relax or fix a rule, or shuffle fewer pieces"),
                ])
            })?,
        };
        let Some(chosen) = chosen else {
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
                .map(Kind::from_index)
        };
        checked.castling = resolve_castling(&checked.castling_rules, g, &checked.start.board, &letter_kind, &|c| {
            royal.contains(&c)
        })
        .map_err(fail)?;
        kept_setup = Some(setup);
    }
    let mut variant = compile_start(checked)?;
    // A start position the variant's own legality rules make unreachable.
    let board = 0..variant.start_fen.find(' ').unwrap_or(variant.start_fen.len());
    if let Err(e) = crate::notation::reachable::check_reachable(&variant, &variant.start_position(), board.clone()) {
        let at = start_location.as_ref().map(|l| l.inside_string(&sources, board));
        return Err(fail(vec![
            Diagnostic::error(format!("start position: {}", e.message), at).with_help(e.help),
        ]));
    }
    variant.sources = sources.clone();
    variant.file = Some(std::sync::Arc::new(file));
    if kept_setup.is_some() {
        variant.setup = kept_setup;
        variant.start_fen = crate::notation::fen::write(&variant, &variant.start_position());
    }
    Ok(variant)
}
