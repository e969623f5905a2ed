//! Renders library errors for the terminal with miette: the file, line and
//! column, the source line, a caret under the span, and the help line.

use kaboom::check::{Diagnostic, LoadError, Severity};
use kaboom::lang::fen_syntax::FenError;
use kaboom::spec::Sources;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource, Report};

fn render(report: &Report) -> String {
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    if handler.render_report(&mut out, report.as_ref()).is_err() {
        out = format!("{report}");
    }
    out
}

/// One diagnostic with its source snippet.
pub fn diagnostic(d: &Diagnostic, sources: &Sources) -> String {
    let mut m = MietteDiagnostic::new(d.message.clone()).with_severity(match d.severity {
        Severity::Error => miette::Severity::Error,
        Severity::Warning => miette::Severity::Warning,
    });
    if let Some(help) = &d.help {
        m = m.with_help(help.clone());
    }
    let Some(loc) = &d.location else {
        return render(&Report::new(m));
    };
    let file = &sources.files[loc.source];
    let len = loc.span.end.saturating_sub(loc.span.start).max(1);
    let start = loc.span.start.min(file.text.len());
    let len = len
        .min(file.text.len() - start)
        .max(if start < file.text.len() { 1 } else { 0 });
    m = m.with_label(LabeledSpan::at(start..start + len, "here"));
    let named = NamedSource::new(file.name.clone(), file.text.clone());
    render(&Report::new(m).with_source_code(named))
}

/// Every diagnostic of a failed load.
pub fn load_error(e: &LoadError) -> String {
    e.diagnostics
        .iter()
        .map(|d| diagnostic(d, &e.sources))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A FEN given on the command line, with a caret under the problem.
pub fn fen_error(text: &str, e: &FenError) -> String {
    let start = e.span.start.min(text.len());
    let len = (e.span.end.saturating_sub(e.span.start))
        .max(1)
        .min(text.len().saturating_sub(start));
    let m = MietteDiagnostic::new(format!("invalid FEN: {}", e.message))
        .with_help(e.help.clone())
        .with_label(LabeledSpan::at(start..start + len, "here"));
    render(&Report::new(m).with_source_code(NamedSource::new("--fen", text.to_string())))
}
