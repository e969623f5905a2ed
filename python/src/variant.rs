//! `kaboom.Variant`: a loaded variant, by bundled name, path or RON text.

use std::sync::Arc;

use kaboom::Variant;
use pyo3::prelude::*;

use crate::errors::{PyDiagnostic, diagnostic, variant_error};
use crate::game::PyGame;

/// A loaded variant; immutable, shared by every game of it.
#[pyclass(name = "Variant", module = "kaboom", frozen)]
pub struct PyVariant {
    /// The variant, shared with the games that borrow it.
    pub inner: Arc<Variant>,
}

#[pymethods]
impl PyVariant {
    /// Loads a bundled variant by name (`"chess"`, `"atomic"`), or a
    /// variant file by path; a random setup is drawn from `seed`.
    #[staticmethod]
    #[pyo3(signature = (name_or_path, seed = None))]
    fn load(py: Python<'_>, name_or_path: &str, seed: Option<u64>) -> PyResult<Self> {
        let loaded = py.detach(|| Variant::load_seeded(name_or_path, seed));
        loaded.map(Self::new).map_err(|e| variant_error(py, &e))
    }

    /// Loads a variant from RON text; `name` is the file name that
    /// diagnostics give.
    #[staticmethod]
    #[pyo3(signature = (text, name = "variant.ron"))]
    fn from_text(py: Python<'_>, text: &str, name: &str) -> PyResult<Self> {
        let loaded = py.detach(|| Variant::from_text(name, text));
        loaded.map(Self::new).map_err(|e| variant_error(py, &e))
    }

    /// The variant's name.
    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }

    /// Its description.
    #[getter]
    fn description(&self) -> &str {
        self.inner.description()
    }

    /// The FEN of the start position.
    #[getter]
    fn start_fen(&self) -> &str {
        self.inner.start_fen()
    }

    /// Board width (files) and height (ranks).
    #[getter]
    fn size(&self) -> (u8, u8) {
        let g = self.inner.geometry();
        (g.files, g.ranks)
    }

    /// The warnings found while loading (a variant with errors does not load).
    #[getter]
    fn warnings(&self) -> Vec<PyDiagnostic> {
        let sources = self.inner.sources();
        self.inner.warnings().iter().map(|d| diagnostic(d, sources)).collect()
    }

    /// The piece letters, upper case, in the variant's order.
    #[getter]
    fn piece_letters(&self) -> String {
        self.inner.pieces().iter().map(|p| p.letter).collect()
    }

    /// A new game from the start position, or from `fen`.
    #[pyo3(signature = (fen = None))]
    fn new_game(slf: &Bound<'_, Self>, fen: Option<&str>) -> PyResult<PyGame> {
        PyGame::create(slf.get().inner.clone(), fen)
    }

    fn __repr__(&self) -> String {
        format!("<Variant {:?}>", self.inner.name())
    }
}

impl PyVariant {
    fn new(v: Variant) -> Self {
        PyVariant { inner: Arc::new(v) }
    }
}

/// The names of the bundled variants.
#[pyfunction]
pub fn bundled_names() -> Vec<&'static str> {
    kaboom::bundled_names()
}
