//! Any text as a variant file, its diagnostics written as `kaboom validate
//! --format json` writes them: every location lies inside its file, on
//! character boundaries, its line and column are found, the rendered text
//! and the JSON document are produced, and the JSON reads back the same.
#![no_main]
use kaboom::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let (diagnostics, sources) = match Variant::from_text("fuzz.ron", text) {
        Ok(v) => (v.warnings().to_vec(), v.sources().clone()),
        Err(e) => (e.diagnostics, e.sources),
    };
    let mut out = Vec::new();
    for d in &diagnostics {
        let rendered = d.display(&sources).to_string();
        assert!(!rendered.is_empty());
        let place = d.location.as_ref().map(|loc| {
            let file = &sources.files[loc.source];
            assert!(loc.span.start <= loc.span.end, "{}: span {:?}", d.message, loc.span);
            assert!(loc.span.end <= file.text.len(), "{}: span {:?} past the end", d.message, loc.span);
            assert!(
                file.text.is_char_boundary(loc.span.start) && file.text.is_char_boundary(loc.span.end),
                "{}: span {:?} inside a character",
                d.message,
                loc.span
            );
            let (line, column) = file.line_col(loc.span.start);
            let (end_line, end_column) = file.line_col(loc.span.end);
            assert!((line, column) <= (end_line, end_column));
            serde_json::json!({
                "file": file.name,
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
            })
        });
        out.push(serde_json::json!({
            "severity": if d.is_error() { "error" } else { "warning" },
            "message": d.message,
            "help": d.help,
            "location": place,
        }));
    }
    let doc = serde_json::json!({ "files": [{ "file": "fuzz.ron", "diagnostics": out }] });
    let written = serde_json::to_string_pretty(&doc).expect("JSON writes");
    let back: serde_json::Value = serde_json::from_str(&written).expect("JSON reads back");
    assert_eq!(back, doc);
});
