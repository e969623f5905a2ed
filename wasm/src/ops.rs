//! The requests the host sends (JSON, one object each, named by `op`) and
//! their answers: `{"ok": value}` or `{"error": {"kind", "message", ...}}`.
//! Error kinds: `variant` (with `line`, `column`, `message` of the first
//! error and every diagnostic), `move`, `fen`, `ini` (with `line`,
//! `column`), `index`, `value`, `handle`, `request`.

use std::cell::RefCell;
use std::sync::Arc;

use kaboom::{LoadError, Variant};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert;
use crate::game::{GameObj, SearchLimits};
use crate::store::{Object, Store};

/// Largest request read (a variant text is at most 1 MB).
const MAX_REQUEST_BYTES: usize = 2 << 20;

/// Deepest perft asked for: deeper counts run for hours.
const MAX_PERFT_DEPTH: u32 = 12;

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::default());
}

/// A failed request: a kind the wrapper turns into an error class, a
/// message, and any details (a variant's diagnostics).
pub struct Failure {
    kind: &'static str,
    message: String,
    details: Value,
}

impl Failure {
    /// A failure of `kind` saying `message`.
    pub fn new(kind: &'static str, message: String) -> Failure {
        Failure {
            kind,
            message,
            details: Value::Null,
        }
    }

    /// No live object of this sort has `handle`.
    pub fn handle(what: &str, handle: u32) -> Failure {
        Failure::new("handle", format!("no {what} {handle} (freed, or never made)"))
    }

    /// A variant that did not load: every diagnostic, and the first
    /// error's line, column and message.
    fn variant(err: &LoadError) -> Failure {
        let diagnostics: Vec<Value> = err
            .diagnostics
            .iter()
            .map(|d| convert::diagnostic(d, &err.sources))
            .collect();
        let first = diagnostics
            .iter()
            .find(|d| d["severity"] == "error")
            .or(diagnostics.first())
            .cloned()
            .unwrap_or(Value::Null);
        let text = diagnostics
            .iter()
            .map(
                |d| match (d["file"].as_str(), d["line"].as_u64(), d["column"].as_u64()) {
                    (Some(f), Some(l), Some(c)) => format!(
                        "{f}:{l}:{c}: {}: {}",
                        d["severity"].as_str().unwrap_or(""),
                        d["message"].as_str().unwrap_or("")
                    ),
                    _ => format!(
                        "{}: {}",
                        d["severity"].as_str().unwrap_or(""),
                        d["message"].as_str().unwrap_or("")
                    ),
                },
            )
            .collect::<Vec<_>>()
            .join("\n");
        Failure {
            kind: "variant",
            message: text,
            details: json!({
                "line": first["line"],
                "column": first["column"],
                "first": first["message"],
                "diagnostics": diagnostics,
            }),
        }
    }
}

/// One request.
#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    /// The names of the bundled variants.
    BundledNames,
    /// A bundled variant's text.
    BundledSource {
        name: String,
    },
    /// Loads a bundled variant by name; a random setup drawn from `seed`.
    Load {
        name: String,
        seed: Option<u64>,
    },
    /// Loads a variant from RON text; `name` is the file name diagnostics give.
    FromText {
        text: String,
        name: Option<String>,
    },
    /// A variant's name, description, start FEN, size, warnings, pieces.
    VariantInfo {
        variant: u32,
    },
    /// Forgets a variant or a game.
    Free {
        handle: u32,
    },
    /// How many variants and games are alive.
    Live,
    /// A new game of a variant, from its start or from `fen`.
    NewGame {
        variant: u32,
        fen: Option<String>,
    },
    /// A game's state: FEN, start FEN, side to move, moves played.
    State {
        game: u32,
    },
    LegalMoves {
        game: u32,
    },
    LegalMovesSan {
        game: u32,
    },
    LegalMovesDetailed {
        game: u32,
    },
    San {
        game: u32,
        r#move: String,
    },
    Uci {
        game: u32,
        r#move: String,
    },
    Push {
        game: u32,
        r#move: String,
    },
    PushSan {
        game: u32,
        r#move: String,
    },
    Pop {
        game: u32,
    },
    Trace {
        game: u32,
        r#move: String,
    },
    IsCheck {
        game: u32,
    },
    Ending {
        game: u32,
    },
    Perft {
        game: u32,
        depth: u32,
    },
    /// The board as SVG and the last move's report.
    View {
        game: u32,
    },
    Search {
        game: u32,
        nodes: Option<u64>,
        movetime: Option<f64>,
        depth: Option<u32>,
    },
    /// Converts a Fairy-Stockfish ini text, section by section.
    ImportIni {
        text: String,
    },
}

/// The answer to the request in `bytes`, as JSON bytes.
pub fn answer(bytes: &[u8]) -> Vec<u8> {
    let result = if bytes.len() > MAX_REQUEST_BYTES {
        Err(Failure::new(
            "request",
            format!("a request is at most {MAX_REQUEST_BYTES} bytes"),
        ))
    } else {
        serde_json::from_slice::<Request>(bytes)
            .map_err(|e| Failure::new("request", format!("bad request: {e}")))
            .and_then(|r| STORE.with(|s| run(&mut s.borrow_mut(), r)))
    };
    let value = match result {
        Ok(v) => json!({ "ok": v }),
        Err(f) => {
            let mut e = json!({ "kind": f.kind, "message": f.message });
            if let (Value::Object(e), Value::Object(d)) = (&mut e, f.details) {
                e.extend(d);
            }
            json!({ "error": e })
        }
    };
    serde_json::to_vec(&value)
        .unwrap_or_else(|_| br#"{"error":{"kind":"request","message":"unwritable answer"}}"#.to_vec())
}

fn run(store: &mut Store, request: Request) -> Result<Value, Failure> {
    use Request as R;
    Ok(match request {
        R::BundledNames => json!(kaboom::bundled_names()),
        R::BundledSource { name } => json!(kaboom::bundled_source(&name)),
        R::Load { name, seed } => {
            if kaboom::bundled_source(&name).is_none() {
                return Err(Failure::new("variant", format!("no bundled variant named {name:?}")));
            }
            let v = Variant::load_seeded(&name, seed).map_err(|e| Failure::variant(&e))?;
            json!(store.add(Object::Variant(Arc::new(v))))
        }
        R::FromText { text, name } => {
            let v = Variant::from_text(name.as_deref().unwrap_or("variant.ron"), &text)
                .map_err(|e| Failure::variant(&e))?;
            json!(store.add(Object::Variant(Arc::new(v))))
        }
        R::VariantInfo { variant } => info(store.variant(variant)?),
        R::Free { handle } => json!(store.free(handle)),
        R::Live => json!(store.len()),
        R::NewGame { variant, fen } => {
            let v = store.variant(variant)?.clone();
            let game = GameObj::new(v, fen.as_deref())?;
            json!(store.add(Object::Game(Box::new(game))))
        }
        R::State { game } => {
            let g = store.game(game)?;
            json!({ "fen": g.fen(), "start_fen": g.start_fen(), "turn": g.turn(), "moves": g.moves() })
        }
        R::LegalMoves { game } => json!(store.game(game)?.legal_moves()),
        R::LegalMovesSan { game } => json!(store.game(game)?.legal_moves_san()),
        R::LegalMovesDetailed { game } => store.game(game)?.legal_moves_detailed(),
        R::San { game, r#move } => json!(store.game(game)?.san(&r#move)?),
        R::Uci { game, r#move } => json!(store.game(game)?.uci(&r#move)?),
        R::Push { game, r#move } => store.game(game)?.push(&r#move)?,
        R::PushSan { game, r#move } => json!(store.game(game)?.push_san(&r#move)?),
        R::Pop { game } => json!(store.game(game)?.pop()?),
        R::Trace { game, r#move } => store.game(game)?.trace(&r#move)?,
        R::IsCheck { game } => json!(store.game(game)?.is_check()),
        R::Ending { game } => store.game(game)?.ending(),
        R::Perft { game, depth } => {
            if depth > MAX_PERFT_DEPTH {
                return Err(Failure::new(
                    "value",
                    format!("perft depth is at most {MAX_PERFT_DEPTH}"),
                ));
            }
            json!(store.game(game)?.perft(depth))
        }
        R::View { game } => store.game(game)?.view(),
        R::Search {
            game,
            nodes,
            movetime,
            depth,
        } => store.game(game)?.search(&SearchLimits { nodes, movetime, depth })?,
        R::ImportIni { text } => import_ini(&text)?,
    })
}

fn info(v: &Variant) -> Value {
    let g = v.geometry();
    let sources = v.sources();
    json!({
        "name": v.name(),
        "description": v.description(),
        "start_fen": v.start_fen(),
        "files": g.files,
        "ranks": g.ranks,
        "warnings": v.warnings().iter().map(|d| convert::diagnostic(d, sources)).collect::<Vec<_>>(),
        "piece_letters": v.pieces().iter().map(|p| p.letter).collect::<String>(),
    })
}

fn import_ini(text: &str) -> Result<Value, Failure> {
    let imported = kaboom::interop::import(text).map_err(|e| Failure {
        kind: "ini",
        message: format!("line {}, column {}: {}", e.line, e.col, e.message),
        details: json!({ "line": e.line, "column": e.col }),
    })?;
    Ok(Value::Array(
        imported
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
                json!({ "name": i.name, "line": i.line, "ron": ron, "refusals": refusals })
            })
            .collect(),
    ))
}
