//! Reading variant files: from disk or from the bundled set, following
//! `extends` and merging each file over its parent.

use super::type_errors::{closest, ron_diagnostic, type_error_diagnostic};
use super::{PieceSpec, VariantFile};
use crate::base::diagnostic::Diagnostic;
use crate::base::span::{Location, SourceFile, Sources, deserializing, offset_of, take_inner_error, take_type_errors};
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// Largest variant file kaboom reads.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Deepest chain of `extends`.
pub const MAX_EXTENDS_DEPTH: usize = 8;

/// Names of the bundled variants (file stems under `variants/`).
pub fn bundled_names() -> Vec<&'static str> {
    BUNDLED.iter().map(|(name, _)| *name).collect()
}

/// The text of a bundled variant.
pub fn bundled_source(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// Where a variant file comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Origin {
    /// A file on disk, as named (for messages) and canonical (for cycles).
    Path {
        shown: PathBuf,
        canonical: PathBuf,
    },
    Bundled(String),
}

impl Origin {
    fn display(&self) -> String {
        match self {
            Origin::Path { shown, .. } => shown.display().to_string(),
            Origin::Bundled(name) => format!("<bundled>/{name}.ron"),
        }
    }

    /// The same file: canonical paths for files on disk.
    fn same(&self, other: &Origin) -> bool {
        match (self, other) {
            (Origin::Path { canonical: a, .. }, Origin::Path { canonical: b, .. }) => a == b,
            (Origin::Bundled(a), Origin::Bundled(b)) => a == b,
            _ => false,
        }
    }
}

/// What a name given on the command line refers to: a path when it has a
/// path separator or a `.ron` suffix, or when no bundled variant has that
/// name; otherwise the bundled variant.
pub fn is_path_argument(name: &str) -> bool {
    name.contains(['/', std::path::MAIN_SEPARATOR])
        || name.ends_with(".ron")
        || (bundled_source(name).is_none() && Path::new(name).exists())
}

/// Loads variant files, keeping every text it read for diagnostics.
#[derive(Debug, Default)]
pub struct Loader {
    /// Every file read so far.
    pub sources: Sources,
    /// The folder (canonical) whose tree every file reached through
    /// `extends` must stay in; `None` before a file on disk is loaded.
    root: Option<PathBuf>,
}

impl Loader {
    /// A loader that has read nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A loader whose `extends` targets must stay under `root` (the folder
    /// given on the command line, for files found in it).
    pub fn within(root: &Path) -> Self {
        Loader {
            root: std::fs::canonicalize(root).ok(),
            ..Self::default()
        }
    }

    /// Loads `name_or_path`: a path when [`is_path_argument`] says so,
    /// otherwise a bundled variant.
    pub fn load(&mut self, name_or_path: &str) -> Result<VariantFile, Vec<Diagnostic>> {
        if is_path_argument(name_or_path) {
            self.load_path(Path::new(name_or_path))
        } else {
            self.load_origin(Origin::Bundled(name_or_path.to_string()), &mut Vec::new(), None)
        }
    }

    /// Loads the variant file at `path` (any regular file the user names).
    /// Unless the loader was made [`Loader::within`] a folder, the files it
    /// extends must stay under the file's own folder.
    pub fn load_path(&mut self, path: &Path) -> Result<VariantFile, Vec<Diagnostic>> {
        let canonical = std::fs::canonicalize(path).map_err(|e| {
            vec![
                Diagnostic::error(format!("cannot read {}: {e}", path.display()), None)
                    .io()
                    .with_help(
                        "give a path to a variant .ron file, or a bundled name: ".to_string()
                            + &bundled_names().join(", "),
                    ),
            ]
        })?;
        if self.root.is_none() {
            self.root = Some(canonical.parent().unwrap_or(Path::new("/")).to_path_buf());
        }
        let origin = Origin::Path {
            shown: path.to_path_buf(),
            canonical,
        };
        self.load_origin(origin, &mut Vec::new(), None)
    }

    /// Loads a variant from text already in memory, named `name` in
    /// diagnostics; `extends` resolves to bundled variants only.
    pub fn load_text(&mut self, name: &str, text: &str) -> Result<VariantFile, Vec<Diagnostic>> {
        let file = self.parse(name.to_string(), text.to_string())?;
        self.resolve_parent(
            file,
            &Origin::Bundled(name.to_string()),
            &mut vec![Origin::Bundled(name.to_string())],
        )
    }

    fn load_origin(
        &mut self,
        origin: Origin,
        chain: &mut Vec<Origin>,
        from: Option<Location>,
    ) -> Result<VariantFile, Vec<Diagnostic>> {
        if chain.iter().any(|o| o.same(&origin)) {
            let cycle: Vec<String> = chain.iter().chain([&origin]).map(Origin::display).collect();
            return Err(vec![
                Diagnostic::error(format!("`extends` forms a cycle: {}", cycle.join(" -> ")), from)
                    .with_help("a variant may not extend itself, directly or through its parents"),
            ]);
        }
        if chain.len() >= MAX_EXTENDS_DEPTH {
            return Err(vec![
                Diagnostic::error(
                    format!("`extends` chains more than {MAX_EXTENDS_DEPTH} files deep"),
                    from,
                )
                .with_help("flatten the chain: copy the fields of a parent into its child"),
            ]);
        }
        let text = match &origin {
            Origin::Path { shown, .. } => read_text(shown, MAX_FILE_BYTES, "a variant file").map_err(|message| {
                vec![Diagnostic::error(message, from.clone()).io().with_help(
                    "give a path to a variant .ron file, or a bundled name: ".to_string() + &bundled_names().join(", "),
                )]
            })?,
            Origin::Bundled(name) => match bundled_source(name) {
                Some(text) => text.to_string(),
                None => {
                    let mut d = Diagnostic::error(format!("no bundled variant named `{name}`"), from.clone());
                    d = d.with_help(match closest(name, bundled_names()) {
                        Some(best) => format!("did you mean `{best}`? bundled: {}", bundled_names().join(", ")),
                        None => format!("bundled variants: {}", bundled_names().join(", ")),
                    });
                    // A name on the command line that names nothing is like a missing file.
                    if from.is_none() {
                        d = d.io();
                    }
                    return Err(vec![d]);
                }
            },
        };
        if matches!(origin, Origin::Path { .. }) && !super::shape::begins_as_struct(&text) {
            // Not one word of it: the file may be anything a name reached.
            self.sources.files.push(SourceFile {
                name: origin.display(),
                text: String::new(),
            });
            return Err(vec![
                Diagnostic::error(
                    format!(
                        "{} is not a variant file: it does not begin as a RON struct `(field: value, ...)`",
                        origin.display()
                    ),
                    from,
                )
                .with_help("see docs/format.md for the layout of a variant file"),
            ]);
        }
        let file = self.parse(origin.display(), text)?;
        chain.push(origin.clone());
        let result = self.resolve_parent(file, &origin, chain);
        chain.pop();
        result
    }

    fn resolve_parent(
        &mut self,
        file: VariantFile,
        origin: &Origin,
        chain: &mut Vec<Origin>,
    ) -> Result<VariantFile, Vec<Diagnostic>> {
        let Some(parent_name) = file.extends.clone() else {
            return Ok(file);
        };
        let parent_origin = self
            .parent_origin(&parent_name.value, origin)
            .map_err(|(message, io)| {
                let d = Diagnostic::error(message, parent_name.location.clone()).with_help(SANDBOX_HELP);
                vec![if io { d.io() } else { d }]
            })?;
        let parent = self.load_origin(parent_origin, chain, parent_name.location.clone())?;
        Ok(merge(parent, file))
    }

    fn parse(&mut self, name: String, text: String) -> Result<VariantFile, Vec<Diagnostic>> {
        let id = self.sources.files.len();
        let result = parse_as::<VariantFile>(id, &text);
        self.sources.files.push(SourceFile { name, text });
        result
    }
}

/// Reads any RON file kaboom takes (a scenario, say) with the diagnostics
/// of a variant file: place, did-you-mean for fields, every value of the
/// wrong type.
pub fn read_ron<T: serde::de::DeserializeOwned>(
    name: &str,
    text: &str,
) -> Result<T, crate::base::diagnostic::LoadError> {
    parse_as::<T>(0, text).map_err(|diagnostics| crate::base::diagnostic::LoadError {
        diagnostics,
        sources: Sources {
            files: vec![SourceFile {
                name: name.to_string(),
                text: text.to_string(),
            }],
        },
    })
}

/// Deserializes `text` (source `id`): every value of the wrong type, then
/// whatever stopped the reading. A UTF-8 byte-order mark is skipped; spans
/// stay offsets into the text as written because the parsed slice points
/// into it.
fn parse_as<T: serde::de::DeserializeOwned>(id: usize, text: &str) -> Result<T, Vec<Diagnostic>> {
    let bom = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let (parsed, inner, type_errors) = {
        let _guard = deserializing(id, text);
        let parsed = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str::<T>(&text[bom..]);
        (parsed, take_inner_error(), take_type_errors())
    };
    let result = parsed.map_err(|e| {
        // An error inside a spanned value points at where that value's
        // own parse failed, not at the end of the value.
        let span = match inner {
            Some((code, span)) if code == e.code.to_string() => span,
            _ => {
                let body = &text[bom..];
                let start = bom + offset_of(body, e.span.start.line, e.span.start.col);
                let end = (bom + offset_of(body, e.span.end.line, e.span.end.col)).max(start);
                start..end
            }
        };
        vec![ron_diagnostic(&e.code, Location { source: id, span })]
    });
    if type_errors.is_empty() {
        return result;
    }
    let mut found: Vec<Diagnostic> = type_errors.iter().map(type_error_diagnostic).collect();
    if let Err(more) = result {
        found.extend(more);
    }
    Err(found)
}

/// The rule for `extends` and a scenario's `variant`, for help lines.
pub const SANDBOX_HELP: &str = "name a bundled variant, or a relative path to a .ron file inside the \
folder of the file given on the command line (docs/limits.md, I/O)";

/// What a name in a file refers to (an `extends` target or a scenario's
/// `variant`): a bundled name, or a relative path to a `.ron` file
/// resolved against `dir` (the folder of the file that names it) whose
/// canonical form lies under `root` (canonical). A plain name (no
/// separator, no `.ron`) is a bundled variant, or with `siblings` the file
/// `<name>.ron` beside the naming file when that exists. Errors carry
/// whether the file could not be read (rather than being refused).
pub fn resolve_reference(name: &str, dir: &Path, root: &Path, siblings: bool) -> Result<Reference, (String, bool)> {
    let is_path = name.contains(['/', '\\']) || name.ends_with(".ron");
    if !is_path && !siblings {
        return Ok(Reference::Bundled(name.to_string()));
    }
    if !is_path {
        let sibling = dir.join(format!("{name}.ron"));
        if !sibling.exists() {
            return Ok(Reference::Bundled(name.to_string()));
        }
        return inside(&sibling, name, root).map(Reference::Path);
    }
    let path = Path::new(name);
    if path.is_absolute() || path.has_root() || name.starts_with('\\') {
        return Err((
            format!("`{name}` is an absolute path; only bundled names and relative paths are allowed"),
            false,
        ));
    }
    if !name.ends_with(".ron") {
        return Err((format!("`{name}` is not a .ron file"), false));
    }
    inside(&dir.join(path), name, root).map(Reference::Path)
}

/// `path` if it exists and its canonical form lies under `root`.
fn inside(path: &Path, name: &str, root: &Path) -> Result<PathBuf, (String, bool)> {
    let canonical = std::fs::canonicalize(path).map_err(|e| (format!("cannot read {}: {e}", path.display()), true))?;
    if !canonical.starts_with(root) {
        return Err((
            format!(
                "`{name}` leads outside {}, the folder of the file given on the command line",
                root.display()
            ),
            false,
        ));
    }
    Ok(path.to_path_buf())
}

/// A resolved reference to a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reference {
    /// A bundled variant's name.
    Bundled(String),
    /// A variant file on disk, checked to lie inside the allowed folder.
    Path(PathBuf),
}

impl Loader {
    fn parent_origin(&self, name: &str, child: &Origin) -> Result<Origin, (String, bool)> {
        let (Origin::Path { shown, .. }, Some(root)) = (child, &self.root) else {
            // A bundled or in-memory file extends bundled variants only.
            if name.contains(['/', '\\']) || name.ends_with(".ron") {
                return Err((
                    format!("`{name}` is a path; a bundled or in-memory variant may extend only bundled variants"),
                    false,
                ));
            }
            return Ok(Origin::Bundled(name.to_string()));
        };
        let dir = shown.parent().unwrap_or(Path::new("."));
        Ok(match resolve_reference(name, dir, root, true)? {
            Reference::Bundled(name) => Origin::Bundled(name),
            Reference::Path(path) => Origin::Path {
                canonical: std::fs::canonicalize(&path)
                    .map_err(|e| (format!("cannot read {}: {e}", path.display()), true))?,
                shown: path,
            },
        })
    }
}

/// The one reader ([`crate::base::files::read_text`]) with its error as a
/// message, for callers that report text.
pub fn read_text(path: &Path, limit: u64, what: &'static str) -> Result<String, String> {
    crate::base::files::read_text(path, limit, what).map_err(|e| e.to_string())
}

/// The file `child` over `parent`: each field the child gives replaces the
/// parent's; pieces merge by letter. The `evaluation` section alone is
/// not inherited: it is a measurement of its own file's variant (what
/// `kaboom tune` fitted there), so a child without one has the default
/// weights (docs/format.md, "Evaluation weights").
fn merge(parent: VariantFile, child: VariantFile) -> VariantFile {
    let pieces = match (parent.pieces, child.pieces) {
        (Some(mut base), Some(extra)) => {
            for piece in extra {
                match base
                    .iter_mut()
                    .find(|p: &&mut PieceSpec| p.letter.value == piece.letter.value)
                {
                    Some(slot) => *slot = piece,
                    None => base.push(piece),
                }
            }
            Some(base)
        }
        (base, extra) => extra.or(base),
    };
    let (child_has_start, child_has_setup) = (child.start.is_some(), child.setup.is_some());
    VariantFile {
        extends: child.extends,
        name: child.name.or(parent.name),
        // Not inherited: the parent's description describes the parent.
        description: child.description,
        board: child.board.or(parent.board),
        pieces,
        // A child's `start` replaces a parent's `setup` and the other way round.
        start: if child_has_setup {
            child.start
        } else {
            child.start.or(parent.start)
        },
        setup: if child_has_start {
            child.setup
        } else {
            child.setup.or(parent.setup)
        },
        promotion: child.promotion.or(parent.promotion),
        castling: child.castling.or(parent.castling),
        castling_notation: child.castling_notation.or(parent.castling_notation),
        clock_resets: child.clock_resets.or(parent.clock_resets),
        regions: child.regions.or(parent.regions),
        drops: child.drops.or(parent.drops),
        pass: child.pass.or(parent.pass),
        pass_on_stalemate: child.pass_on_stalemate.or(parent.pass_on_stalemate),
        block_word: child.block_word.or(parent.block_word),
        kind_sequence: child.kind_sequence.or(parent.kind_sequence),
        rules: child.rules.or(parent.rules),
        actions: child.actions.or(parent.actions),
        shields: child.shields.or(parent.shields),
        legal: child.legal.or(parent.legal),
        end: child.end.or(parent.end),
        counting: child.counting.or(parent.counting),
        evaluation: child.evaluation,
    }
}
