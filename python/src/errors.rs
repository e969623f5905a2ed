//! The library's errors as Python exceptions: `VariantError` carries every
//! diagnostic of a file that did not load, with its line and column.

use kaboom::{Diagnostic, LoadError, Severity, Sources};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    kaboom,
    VariantError,
    PyValueError,
    "A variant that could not be loaded."
);
create_exception!(
    kaboom,
    MoveError,
    PyValueError,
    "A move that is not legal, or not a move."
);
create_exception!(kaboom, FenError, PyValueError, "A FEN that does not fit the variant.");
create_exception!(
    kaboom,
    IniError,
    PyValueError,
    "A Fairy-Stockfish ini text that cannot be read."
);

/// One diagnostic of a variant file: its severity, words and place.
#[pyclass(name = "Diagnostic", module = "kaboom", frozen, get_all, skip_from_py_object)]
#[derive(Clone)]
pub struct PyDiagnostic {
    /// `"error"` or `"warning"`.
    pub severity: &'static str,
    /// What is wrong.
    pub message: String,
    /// The file's name, if the diagnostic has a place.
    pub file: Option<String>,
    /// 1-based line, if it has a place.
    pub line: Option<usize>,
    /// 1-based column (in characters), if it has a place.
    pub column: Option<usize>,
    /// A hint, if any.
    pub help: Option<String>,
}

#[pymethods]
impl PyDiagnostic {
    fn __repr__(&self) -> String {
        let place = match (&self.file, self.line, self.column) {
            (Some(f), Some(l), Some(c)) => format!("{f}:{l}:{c}: "),
            _ => String::new(),
        };
        format!("<Diagnostic {}: {place}{}>", self.severity, self.message)
    }

    fn __str__(&self) -> String {
        match (&self.file, self.line, self.column) {
            (Some(f), Some(l), Some(c)) => format!("{f}:{l}:{c}: {}: {}", self.severity, self.message),
            _ => format!("{}: {}", self.severity, self.message),
        }
    }
}

/// A diagnostic with its place in `sources` turned into line and column.
pub fn diagnostic(d: &Diagnostic, sources: &Sources) -> PyDiagnostic {
    let place = d.location.as_ref().and_then(|loc| {
        let file = sources.files.get(loc.source)?;
        let (line, column) = file.line_col(loc.span.start);
        Some((file.name.clone(), line, column))
    });
    PyDiagnostic {
        severity: match d.severity {
            Severity::Error => "error",
            _ => "warning",
        },
        message: d.message.clone(),
        file: place.as_ref().map(|p| p.0.clone()),
        line: place.as_ref().map(|p| p.1),
        column: place.as_ref().map(|p| p.2),
        help: d.help.clone(),
    }
}

/// `VariantError`: the message is every diagnostic, one a line; the
/// attributes `diagnostics` (all of them), and `line`, `column` and
/// `message` of the first error.
pub fn variant_error(py: Python<'_>, err: &LoadError) -> PyErr {
    let diagnostics: Vec<PyDiagnostic> = err.diagnostics.iter().map(|d| diagnostic(d, &err.sources)).collect();
    let first = diagnostics
        .iter()
        .find(|d| d.severity == "error")
        .or(diagnostics.first())
        .cloned();
    let text = diagnostics
        .iter()
        .map(PyDiagnostic::__str__)
        .collect::<Vec<_>>()
        .join("\n");
    let exc = VariantError::new_err(text);
    let value = exc.value(py);
    let set = || -> PyResult<()> {
        value.setattr("line", first.as_ref().and_then(|d| d.line))?;
        value.setattr("column", first.as_ref().and_then(|d| d.column))?;
        value.setattr("message", first.as_ref().map(|d| d.message.clone()))?;
        value.setattr("diagnostics", diagnostics)?;
        Ok(())
    };
    match set() {
        Ok(()) => exc,
        Err(e) => e,
    }
}
