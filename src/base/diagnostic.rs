//! Diagnostics: one problem in a variant file, with where it is and how to
//! fix it. The library collects them; the binary renders them.

use super::span::{Location, Sources};
use std::fmt;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The variant cannot be played.
    Error,
    /// The variant plays, but probably not as its author meant.
    Warning,
}

/// One problem found in a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
    /// Where, when it is known.
    pub location: Option<Location>,
    /// How to fix it.
    pub help: Option<String>,
    /// Whether a file could not be read (rather than being wrong).
    pub io: bool,
}

impl Diagnostic {
    /// An error at `location`.
    pub fn error(message: impl Into<String>, location: Option<Location>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            location,
            help: None,
            io: false,
        }
    }

    /// A warning at `location`.
    pub fn warning(message: impl Into<String>, location: Option<Location>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            message: message.into(),
            location,
            help: None,
            io: false,
        }
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Marks the diagnostic as a file that could not be read.
    pub fn io(mut self) -> Self {
        self.io = true;
        self
    }

    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Renders the diagnostic as `file:line:col: error: message`, with the
    /// help on a second line: the plain form for logs and tests.
    pub fn display<'a>(&'a self, sources: &'a Sources) -> impl fmt::Display + 'a {
        DisplayDiagnostic {
            diagnostic: self,
            sources,
        }
    }
}

struct DisplayDiagnostic<'a> {
    diagnostic: &'a Diagnostic,
    sources: &'a Sources,
}

impl fmt::Display for DisplayDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.diagnostic;
        if let Some(loc) = &d.location {
            let file = &self.sources.files[loc.source];
            let (line, col) = file.line_col(loc.span.start);
            write!(f, "{}:{line}:{col}: ", file.name)?;
        }
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{level}: {}", d.message)?;
        if let Some(help) = &d.help {
            write!(f, "\n  help: {help}")?;
        }
        Ok(())
    }
}

/// A variant that could not be loaded: every diagnostic found, and the
/// sources they point into.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{}", self.summary())]
pub struct LoadError {
    /// Errors and warnings, in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// The files the diagnostics point into.
    pub sources: Sources,
}

impl LoadError {
    fn summary(&self) -> String {
        self.diagnostics
            .iter()
            .map(|d| d.display(&self.sources).to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }
}
