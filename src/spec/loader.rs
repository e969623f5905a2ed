//! Reading variant files: from disk or from the bundled set, following
//! `extends` and merging each file over its parent.

use super::{PieceSpec, VariantFile};
use crate::base::diagnostic::Diagnostic;
use crate::base::span::{Location, SourceFile, Sources, deserializing};
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
    Path(PathBuf),
    Bundled(String),
}

impl Origin {
    fn display(&self) -> String {
        match self {
            Origin::Path(p) => p.display().to_string(),
            Origin::Bundled(name) => format!("<bundled>/{name}.ron"),
        }
    }
}

/// Loads variant files, keeping every text it read for diagnostics.
#[derive(Debug, Default)]
pub struct Loader {
    /// Every file read so far.
    pub sources: Sources,
}

impl Loader {
    /// A loader that has read nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Loads `name_or_path`: a path when it names an existing file or ends
    /// in `.ron`, otherwise a bundled variant.
    pub fn load(&mut self, name_or_path: &str) -> Result<VariantFile, Vec<Diagnostic>> {
        let path = Path::new(name_or_path);
        let origin = if path.exists() || name_or_path.ends_with(".ron") || name_or_path.contains('/') {
            Origin::Path(path.to_path_buf())
        } else {
            Origin::Bundled(name_or_path.to_string())
        };
        self.load_origin(origin, &mut Vec::new(), None)
    }

    /// Loads a variant from text already in memory, named `name` in
    /// diagnostics; `extends` resolves to bundled variants.
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
        if chain.contains(&origin) {
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
            Origin::Path(path) => read_text(path).map_err(|message| {
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
                    return Err(vec![d]);
                }
            },
        };
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
        let parent_origin = parent_origin(&parent_name.value, origin);
        let parent = self.load_origin(parent_origin, chain, parent_name.location.clone())?;
        Ok(merge(parent, file))
    }

    fn parse(&mut self, name: String, text: String) -> Result<VariantFile, Vec<Diagnostic>> {
        let id = self.sources.files.len();
        let parsed = {
            let _guard = deserializing(id, &text);
            ron::Options::default()
                .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
                .from_str::<VariantFile>(&text)
        };
        let file = SourceFile { name, text };
        let result = parsed.map_err(|e| {
            let start = offset_of(&file.text, e.span.start.line, e.span.start.col);
            let end = offset_of(&file.text, e.span.end.line, e.span.end.col).max(start);
            vec![ron_diagnostic(
                &e.code,
                Location {
                    source: id,
                    span: start..end,
                },
            )]
        });
        self.sources.files.push(file);
        result
    }
}

fn read_text(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if meta.is_dir() {
        return Err(format!("{} is a directory, not a variant file", path.display()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{} has {} bytes; a variant file may have at most {MAX_FILE_BYTES}",
            path.display(),
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{} is not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

fn parent_origin(name: &str, child: &Origin) -> Origin {
    let looks_like_path = name.ends_with(".ron") || name.contains('/');
    if let Origin::Path(child_path) = child {
        let dir = child_path.parent().unwrap_or(Path::new("."));
        let candidate = if looks_like_path {
            dir.join(name)
        } else {
            dir.join(format!("{name}.ron"))
        };
        if looks_like_path || candidate.exists() {
            return Origin::Path(candidate);
        }
    } else if looks_like_path {
        return Origin::Path(PathBuf::from(name));
    }
    Origin::Bundled(name.to_string())
}

/// The file `child` over `parent`: each field the child gives replaces the
/// parent's; pieces merge by letter.
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
        description: child.description.or(parent.description),
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
        rules: child.rules.or(parent.rules),
        actions: child.actions.or(parent.actions),
        legal: child.legal.or(parent.legal),
        end: child.end.or(parent.end),
    }
}

/// Byte offset of a 1-based line and character column.
fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return offset + l.char_indices().nth(col.saturating_sub(1)).map_or(l.len(), |(b, _)| b);
        }
        offset += l.len();
    }
    text.len()
}

fn ron_diagnostic(code: &ron::Error, location: Location) -> Diagnostic {
    match code {
        ron::Error::NoSuchStructField { expected, found, .. } => {
            let d = Diagnostic::error(format!("unknown field `{found}`"), Some(location));
            match closest(found, expected.iter().copied()) {
                Some(best) => d.with_help(format!("did you mean `{best}`? fields here: {}", expected.join(", "))),
                None => d.with_help(format!("fields here: {}", expected.join(", "))),
            }
        }
        ron::Error::MissingStructField { field, outer } => {
            let owner = outer.as_deref().map(|o| format!(" in `{o}`")).unwrap_or_default();
            Diagnostic::error(format!("missing field `{field}`{owner}"), Some(location))
                .with_help(format!("add `{field}: ...`; docs/format.md lists every field"))
        }
        ron::Error::NoSuchEnumVariant { expected, found, .. } => {
            Diagnostic::error(format!("unknown value `{found}`"), Some(location))
                .with_help(format!("write one of: {}", expected.join(", ")))
        }
        other => Diagnostic::error(format!("invalid RON: {other}"), Some(location))
            .with_help("see docs/format.md for the layout of a variant file"),
    }
}

/// The candidate closest to `word`, if one is close enough to suggest.
pub(crate) fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}
