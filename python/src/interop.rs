//! `kaboom.import_ini`: Fairy-Stockfish variants (an ini text) as
//! kaboom variant files.

use pyo3::prelude::*;

use crate::errors::IniError;

/// One section of an ini text: its name and line, and the kaboom variant
/// file it became (`ron`), or why it could not (`refusals`).
#[pyclass(name = "Imported", module = "kaboom", frozen, get_all)]
pub struct PyImported {
    /// The section's name.
    pub name: String,
    /// The 1-based line of its header.
    pub line: usize,
    /// The kaboom variant file (RON text), or `None` if refused.
    pub ron: Option<String>,
    /// Why it could not be converted, one reason a string.
    pub refusals: Vec<String>,
}

#[pymethods]
impl PyImported {
    fn __repr__(&self) -> String {
        let state = if self.ron.is_some() { "converted" } else { "refused" };
        format!("<Imported {:?} (line {}): {state}>", self.name, self.line)
    }
}

/// Converts every section of a Fairy-Stockfish `variants.ini` text.
#[pyfunction]
pub fn import_ini(text: &str) -> PyResult<Vec<PyImported>> {
    let imported = kaboom::interop::import(text)
        .map_err(|e| IniError::new_err(format!("line {}, column {}: {}", e.line, e.col, e.message)))?;
    Ok(imported
        .into_iter()
        .map(|i| {
            let (ron, refusals) = match i.result {
                Ok(ron) => (Some(ron), Vec::new()),
                Err(refusals) => (
                    None,
                    refusals
                        .into_iter()
                        .map(|r| match r.origin {
                            Some(o) => format!("{} = {} (line {}): {}", o.option, o.value, o.line, r.reason),
                            None => r.reason,
                        })
                        .collect(),
                ),
            };
            PyImported {
                name: i.name,
                line: i.line,
                ron,
                refusals,
            }
        })
        .collect())
}
