//! The variants the playground offers: the bundled ones and the variant
//! files named on the command line (folders: every variant `.ron` file in
//! them). A request names one by its index here, never by a path.

use super::super::cmd_test::expand;
use super::super::{Failure, FileKind, file_kind};
use crate::Variant;
use crate::check::LoadError;
use std::path::PathBuf;

/// Where a variant of the library comes from.
pub enum Source {
    /// A bundled variant, by name.
    Bundled(&'static str),
    /// A file named on the command line or found in a folder named there;
    /// its `extends` stay under `root`.
    File {
        /// The file.
        path: PathBuf,
        /// The folder its `extends` must stay in.
        root: PathBuf,
    },
}

/// One variant of the library.
pub struct Entry {
    /// What the page shows: the bundled name or the path as found.
    pub label: String,
    /// Where it comes from.
    pub source: Source,
}

impl Entry {
    /// The variant file's text as written (not merged with its parents).
    pub fn text(&self) -> Result<String, String> {
        match &self.source {
            Source::Bundled(name) => crate::spec::bundled_source(name)
                .map(str::to_string)
                .ok_or_else(|| format!("no bundled variant {name}")),
            Source::File { path, .. } => crate::spec::read_text(path, crate::spec::MAX_FILE_BYTES, "a variant file"),
        }
    }

    /// Loads and compiles it, as the command line does.
    pub fn load(&self) -> Result<Variant, LoadError> {
        match &self.source {
            Source::Bundled(name) => Variant::load(name),
            Source::File { path, root } => Variant::load_path(path, Some(root), None),
        }
    }

    /// The name a scenario's `variant` field gives it.
    pub fn scenario_name(&self) -> String {
        match &self.source {
            Source::Bundled(name) => (*name).to_string(),
            Source::File { path, .. } => std::fs::canonicalize(path)
                .unwrap_or_else(|_| path.clone())
                .to_string_lossy()
                .into_owned(),
        }
    }
}

/// The variants offered.
pub struct Library {
    entries: Vec<Entry>,
}

impl Library {
    /// The bundled variants, then the variant files of `paths` (scenario
    /// files in a folder are skipped). A path that does not exist or a
    /// folder that cannot be read is an error, as for `kaboom test`.
    pub fn new(paths: &[String]) -> Result<Library, Failure> {
        let mut entries: Vec<Entry> = crate::spec::bundled_names()
            .into_iter()
            .map(|name| Entry {
                label: name.to_string(),
                source: Source::Bundled(name),
            })
            .collect();
        for target in expand(paths)? {
            let kind = file_kind(&target.path);
            if target.found && kind == FileKind::Scenario {
                continue;
            }
            if !target.path.is_file() {
                return Err(Failure::io(format!(
                    "{}: cannot read: not a regular file",
                    target.path.display()
                )));
            }
            entries.push(Entry {
                label: target.path.to_string_lossy().into_owned(),
                source: Source::File {
                    path: target.path,
                    root: target.root,
                },
            });
        }
        Ok(Library { entries })
    }

    /// The entry at `index`.
    pub fn get(&self, index: usize) -> Option<&Entry> {
        self.entries.get(index)
    }

    /// Every entry, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// How many variants it offers.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}
