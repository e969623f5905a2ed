//! The variants the playground offers: the bundled ones and the variant
//! files named on the command line (folders: every variant `.ron` file in
//! them). A request names one by its index here, never by a path.
//!
//! A file found in a folder is offered only while it is a regular file
//! that lies, links followed, inside that folder: a FIFO, a device or a
//! link leading out is skipped with a note on stderr, and checked again
//! whenever the file is read (it may have changed since).

use super::super::cmd_test::expand_noting;
use super::super::{Failure, FileKind, file_kind};
use crate::Variant;
use crate::check::LoadError;
use std::io::Write;
use std::path::{Path, PathBuf};

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
        /// For a file found in a folder: that folder, canonical, which
        /// the file must lie in once links are followed.
        inside: Option<PathBuf>,
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
            Source::File { path, inside, .. } => {
                still_inside(path, inside.as_deref())?;
                crate::spec::read_text(path, crate::spec::MAX_FILE_BYTES, "a variant file")
            }
        }
    }

    /// Loads and compiles it, as the command line does.
    pub fn load(&self) -> Result<Variant, LoadError> {
        match &self.source {
            Source::Bundled(name) => Variant::load(name),
            Source::File { path, root, inside } => match still_inside(path, inside.as_deref()) {
                Ok(()) => Variant::load_path(path, Some(root), None),
                Err(message) => Err(LoadError {
                    diagnostics: vec![crate::base::diagnostic::Diagnostic::error(message, None).io()],
                    sources: Default::default(),
                }),
            },
        }
    }

    /// The name a scenario's `variant` field gives it: the bundled name,
    /// or the file's name for a scenario saved beside the file (a path
    /// relative to the scenario, as `kaboom test` takes it; never an
    /// absolute path, which it refuses).
    pub fn scenario_name(&self) -> String {
        match &self.source {
            Source::Bundled(name) => (*name).to_string(),
            Source::File { path, .. } => path
                .file_name()
                .map_or_else(|| path.to_string_lossy(), |n| n.to_string_lossy())
                .into_owned(),
        }
    }

    /// Whether it is a file (not a bundled variant).
    pub fn is_file(&self) -> bool {
        matches!(self.source, Source::File { .. })
    }
}

/// The variants offered.
pub struct Library {
    entries: Vec<Entry>,
}

impl Library {
    /// The bundled variants, then the variant files of `paths` (scenario
    /// files in a folder are skipped; so are files found in a folder that
    /// are not regular files or that lead out of it, each with a note on
    /// `notes`). A path that does not exist, a path named that is not a
    /// regular file or a folder that cannot be read is an error, as for
    /// `kaboom test`.
    pub fn new(paths: &[String], notes: &mut dyn Write) -> Result<Library, Failure> {
        let mut entries: Vec<Entry> = crate::spec::bundled_names()
            .into_iter()
            .map(|name| Entry {
                label: name.to_string(),
                source: Source::Bundled(name),
            })
            .collect();
        let (targets, skipped) = expand_noting(paths)?;
        for note in skipped {
            writeln!(notes, "kaboom serve: {note}")?;
        }
        for target in targets {
            let kind = file_kind(&target.path);
            if target.found && kind == FileKind::Scenario {
                continue;
            }
            let inside = if target.found {
                let folder = std::fs::canonicalize(&target.root)
                    .map_err(|e| Failure::io(format!("cannot read folder {}: {e}", target.root.display())))?;
                if let Err(why) = still_inside(&target.path, Some(&folder)) {
                    writeln!(notes, "kaboom serve: skipped {why}")?;
                    continue;
                }
                Some(folder)
            } else {
                None
            };
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
                    inside,
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

/// Ok when `path` is a regular file that lies inside `folder` (canonical)
/// once links are followed (any regular file when `folder` is None); the
/// reason otherwise, naming the path but nothing of what it leads to.
fn still_inside(path: &Path, folder: Option<&Path>) -> Result<(), String> {
    let Some(folder) = folder else { return Ok(()) };
    let shown = path.display();
    let real = std::fs::canonicalize(path).map_err(|e| format!("{shown}: cannot read: {e}"))?;
    if !real.starts_with(folder) {
        return Err(format!("{shown}: a link that leads out of the folder served"));
    }
    let meta = std::fs::metadata(&real).map_err(|e| format!("{shown}: cannot read: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown}: not a regular file (a FIFO, device or socket)"));
    }
    Ok(())
}
