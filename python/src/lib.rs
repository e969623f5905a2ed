//! kaboom's Python module, `kaboom._kaboom`, re-exported by the `kaboom`
//! package (`kaboom/__init__.py`, typed in `kaboom/__init__.pyi`).
//!
//! Thin bindings over the library's public API: a [`variant::PyVariant`]
//! owns a loaded variant, a [`game::PyGame`] a game of it (moves made and
//! taken back, FEN, SAN, the game's end, perft), and [`errors`] turns the
//! library's typed errors into Python exceptions.

mod errors;
mod events;
mod game;
mod interop;
mod variant;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _kaboom(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("VariantError", py.get_type::<errors::VariantError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("IniError", py.get_type::<errors::IniError>())?;
    m.add_class::<errors::PyDiagnostic>()?;
    m.add_class::<variant::PyVariant>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyEnding>()?;
    m.add_class::<game::PySearchResult>()?;
    m.add_class::<interop::PyImported>()?;
    m.add_function(wrap_pyfunction!(variant::bundled_names, m)?)?;
    m.add_function(wrap_pyfunction!(interop::import_ini, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
