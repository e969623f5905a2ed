//! Renders library errors for the terminal with miette: the file, line and
//! column, the source line, a caret under the span, and the help line.

use crate::check::{Diagnostic, LoadError, Severity};
use crate::lang::fen_syntax::FenError;
use crate::spec::Sources;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource, Report};

fn render(report: &Report) -> String {
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    if handler.render_report(&mut out, report.as_ref()).is_err() {
        out = format!("{report}");
    }
    out
}

/// Most diagnostics rendered for one file; the rest are counted.
pub const MAX_SHOWN: usize = 50;

/// Widest source line shown, in characters; a longer one is shown as a
/// window around the problem.
const MAX_LINE_CHARS: usize = 160;

/// Lines of a multi-line span shown.
const MAX_SPAN_LINES: usize = 8;

/// One diagnostic with its source snippet: only the lines it points at
/// (with one line of context each side), each at most `MAX_LINE_CHARS`
/// wide, so rendering costs the size of the snippet, not of the file.
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
    let (snippet, span) = Snippet::new(&file.name, &file.text, loc.span.clone());
    m = m.with_label(LabeledSpan::at(span, "here"));
    render(&Report::new(m).with_source_code(snippet))
}

/// The rendered diagnostics, at most [`MAX_SHOWN`], then how many more.
pub fn diagnostics<'a>(all: impl IntoIterator<Item = &'a Diagnostic>, sources: &Sources) -> Vec<String> {
    let all: Vec<&Diagnostic> = all.into_iter().collect();
    let mut out: Vec<String> = all.iter().take(MAX_SHOWN).map(|d| diagnostic(d, sources)).collect();
    if all.len() > MAX_SHOWN {
        out.push(format!(
            "... and {} more (only the first {MAX_SHOWN} are shown)",
            all.len() - MAX_SHOWN
        ));
    }
    out
}

/// Every diagnostic of a failed load (at most [`MAX_SHOWN`]).
pub fn load_error(e: &LoadError) -> String {
    diagnostics(&e.diagnostics, &e.sources).join("\n")
}

/// The few lines of a file a diagnostic shows, numbered as in the file.
#[derive(Debug)]
struct Snippet {
    name: String,
    text: String,
    /// 0-based line number in the file of the snippet's first line.
    first_line: usize,
    /// The snippet line holding the span's start, and how many characters
    /// of that file line the snippet leaves out before what it shows.
    start_line: usize,
    hidden_chars: usize,
}

impl Snippet {
    /// The snippet around `span` of `text`, and the span in the snippet.
    fn new(name: &str, text: &str, span: std::ops::Range<usize>) -> (Snippet, std::ops::Range<usize>) {
        let floor = |mut i: usize| {
            i = i.min(text.len());
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let start = floor(span.start);
        let end = floor(span.end.max(start));
        let line_end = |i: usize| text[i..].find('\n').map_or(text.len(), |n| i + n);
        let (lines, first_span_line) = lines_around(text, start, end);
        let first_line_no = text[..first_span_line].matches('\n').count();
        let first_line = first_line_no - usize::from(first_span_line > 0);
        let mut out = String::new();
        let (mut from, mut to) = (None, None);
        let (mut start_line, mut hidden_chars) = (0, 0);
        for (n, &line_start) in lines.iter().enumerate() {
            // A byte-order mark is not shown (nor counted as a column).
            let bom = if line_start == 0 && text.starts_with('\u{feff}') {
                3
            } else {
                0
            };
            let line = &text[line_start + bom..line_end(line_start)];
            let line_start = line_start + bom;
            let first_span_line = if first_span_line == 0 { bom } else { first_span_line };
            let chars = line.chars().count();
            // The window shown: around the span's start on its line.
            let skip = if chars > MAX_LINE_CHARS && line_start == first_span_line {
                text[line_start..start]
                    .chars()
                    .count()
                    .saturating_sub(MAX_LINE_CHARS / 4)
            } else {
                0
            };
            let shown: String = line.chars().skip(skip).take(MAX_LINE_CHARS).collect();
            let window_start = line_start + line.chars().take(skip).map(char::len_utf8).sum::<usize>();
            let window_end = window_start + shown.len();
            if skip > 0 {
                out.push('…');
            }
            let base = out.len();
            if line_start == first_span_line {
                start_line = n;
                hidden_chars = skip.saturating_sub(1);
            }
            let map = |i: usize| base + i.clamp(window_start, window_end) - window_start;
            if from.is_none() && start <= window_end && start >= line_start {
                from = Some(map(start));
            }
            if (end >= line_start && end <= line_start + line.len() + 1)
                || (end > line_start + line.len() && from.is_some())
            {
                to = Some(map(end));
            }
            out.push_str(&shown);
            if window_end < line_start + line.len() {
                out.push('…');
            }
            out.push('\n');
        }
        let from = from.unwrap_or(0);
        let to = to.unwrap_or(from).max(from);
        // At least one character, when there is one.
        let to = if to == from && from < out.len() {
            from + out[from..].chars().next().map_or(0, char::len_utf8)
        } else {
            to
        };
        let snippet = Snippet {
            name: name.to_string(),
            text: out,
            first_line,
            start_line,
            hidden_chars,
        };
        (snippet, from..to)
    }
}

/// The start offsets of the file lines a snippet of `start..end` shows:
/// the line before the span, the span's lines (at most
/// [`MAX_SPAN_LINES`]) and the line after; and the start of the span's
/// first line.
fn lines_around(text: &str, start: usize, end: usize) -> (Vec<usize>, usize) {
    // File lines: (start offset, end offset without the newline).
    let line_at = |i: usize| text[..i].rfind('\n').map_or(0, |n| n + 1);
    let line_end = |i: usize| text[i..].find('\n').map_or(text.len(), |n| i + n);
    let first_span_line = line_at(start);
    let mut lines = Vec::new();
    if first_span_line > 0 {
        lines.push(line_at(first_span_line - 1));
    }
    let mut at = first_span_line;
    let mut span_lines = 0;
    loop {
        lines.push(at);
        span_lines += 1;
        let e = line_end(at);
        if e >= end.max(start + 1) || e >= text.len() || span_lines == MAX_SPAN_LINES {
            if e < text.len() {
                lines.push(e + 1);
            }
            break;
        }
        at = e + 1;
    }
    (lines, first_span_line)
}

impl miette::SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self.text.as_str().read_span(span, before, after)?;
        let mut column = inner.column();
        if before == 0 {
            // miette counts bytes; columns are characters.
            let at = span.offset().min(self.text.len());
            let line_start = self.text[..at].rfind('\n').map_or(0, |n| n + 1);
            column = self.text[line_start..at].chars().count();
            if inner.line() == self.start_line {
                column += self.hidden_chars;
            }
        }
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            column,
            inner.line_count(),
        )))
    }
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
