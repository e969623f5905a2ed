//! Parsers for the small languages inside variant files: movement templates
//! in Betza notation. Each parser lowers text to a typed AST with spans.

pub mod betza;
pub mod effect_syntax;
pub mod fen_syntax;
pub mod setup_syntax;
