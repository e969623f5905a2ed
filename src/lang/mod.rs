//! Parsers for the small languages inside variant files: movement templates
//! in Betza notation. Each parser lowers text to a typed AST with spans.

pub mod betza;
pub mod effects;
pub mod fen;
pub mod setup;
