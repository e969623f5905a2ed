//! The routes: the page's assets and the JSON API.

use super::caps::{CACHE_ENTRIES, ENGINE_HASH_MB, MAX_MOVES, MAX_TEXT_BYTES};
use super::http::{self, Reply};
use super::library::Library;
use super::line::{self, Line};
use crate::Variant;
use crate::check::LoadError;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

/// What every request shares: the library and compiled variants.
pub struct State {
    library: Library,
    /// Compiled variants by source: `id:N` for the library's, `text:...` for a text.
    cache: Mutex<HashMap<String, Arc<Variant>>>,
    /// The address served, for the Host check.
    bound: String,
}

impl State {
    /// The state of a server offering `library` at `bound` (host:port).
    pub fn new(library: Library, bound: String) -> State {
        State {
            library,
            cache: Mutex::new(HashMap::new()),
            bound,
        }
    }
}

/// A request's failure, with its HTTP status.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Malformed or out-of-range input.
    #[error("{0}")]
    Bad(String),
    /// Too large.
    #[error("{0}")]
    TooLarge(String),
    /// No such route or variant.
    #[error("{0}")]
    NotFound(String),
    /// The variant does not load: its diagnostics.
    #[error("the variant does not load")]
    Invalid(Value),
}

impl ApiError {
    fn reply(&self) -> Reply {
        match self {
            ApiError::Bad(m) => Reply::error(400, m),
            ApiError::TooLarge(m) => Reply::error(413, m),
            ApiError::NotFound(m) => Reply::error(404, m),
            ApiError::Invalid(diagnostics) => Reply::json(
                422,
                &json!({ "error": "the variant does not load", "diagnostics": diagnostics }),
            ),
        }
    }
}

/// Which variant a request means: a library entry, or a text the page sent.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantRef {
    /// Index in the library.
    id: Option<usize>,
    /// A variant text (edited in the page); wins over `id`.
    text: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineRequest {
    variant: VariantRef,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// For `/api/engine`: milliseconds.
    #[serde(default)]
    movetime: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TextRequest {
    text: String,
}

/// Answers one request.
pub fn handle(state: &State, request: &mut tiny_http::Request) -> Reply {
    if !host_allowed(state, request) {
        return Reply::error(403, "unexpected Host header");
    }
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let method = request.method().clone();
    use tiny_http::Method::{Get, Post};
    let result = match (method, path) {
        (Get, "/") | (Get, "/index.html") => return Reply::asset("text/html; charset=utf-8", INDEX),
        (Get, "/app.js") => return Reply::asset("text/javascript; charset=utf-8", SCRIPT),
        (Get, "/style.css") => return Reply::asset("text/css; charset=utf-8", STYLE),
        (Get, "/api/variants") => Ok(variants(state)),
        (Get, "/api/source") => source(state, query),
        (Post, route) if route.starts_with("/api/") => match http::body(request) {
            Err(e @ http::BodyError::TooLarge) => Err(ApiError::TooLarge(e.to_string())),
            Err(e) => Err(ApiError::Bad(e.to_string())),
            Ok(body) => post(state, route, &body),
        },
        (_, route) => Err(ApiError::NotFound(format!("no route {route}"))),
    };
    match result {
        Ok(value) => Reply::json(200, &value),
        Err(e) => e.reply(),
    }
}

/// Only requests addressed to this machine by name (a guard against DNS
/// rebinding): when the server listens on a loopback address, the Host
/// header must be the bound address, localhost or a loopback address. A
/// server bound elsewhere (`--host 0.0.0.0`) was opened to the network on
/// purpose and takes any Host.
fn host_allowed(state: &State, request: &tiny_http::Request) -> bool {
    let host = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .map(|h| h.value.as_str());
    host_ok(&state.bound, host)
}

fn host_ok(bound: &str, host: Option<&str>) -> bool {
    let loopback = |name: &str| matches!(name, "localhost" | "[::1]") || name.starts_with("127.");
    let bound_name = bound.rsplit_once(':').map_or(bound, |(n, _)| n);
    if !loopback(bound_name) {
        return true;
    }
    let Some(host) = host else { return true };
    let name = host.rsplit_once(':').map_or(host, |(n, _)| n);
    host == bound || loopback(name)
}

fn post(state: &State, route: &str, body: &[u8]) -> Result<Value, ApiError> {
    match route {
        "/api/validate" => {
            let req: TextRequest = parse(body)?;
            Ok(validate(&req.text))
        }
        "/api/position" | "/api/engine" | "/api/scenario" => {
            let req: LineRequest = parse(body)?;
            if req.moves.len() > MAX_MOVES {
                return Err(ApiError::TooLarge(format!("a line holds at most {MAX_MOVES} moves")));
            }
            let variant = variant_of(state, &req.variant)?;
            let line =
                line::replay(&variant, req.fen.as_deref(), &req.moves).map_err(|e| ApiError::Bad(e.to_string()))?;
            match route {
                "/api/position" => Ok(line::position_json(&variant, &line)),
                "/api/engine" => engine_move(&variant, &line, req.movetime),
                _ => Ok(scenario(state, &variant, &req.variant, &line)),
            }
        }
        _ => Err(ApiError::NotFound(format!("no route {route}"))),
    }
}

fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::Bad(format!("bad request: {e}")))
}

fn variants(state: &State) -> Value {
    let list: Vec<Value> = state
        .library
        .entries()
        .iter()
        .enumerate()
        .map(|(id, e)| {
            json!({
                "id": id,
                "label": e.label,
                "bundled": matches!(e.source, super::library::Source::Bundled(_)),
            })
        })
        .collect();
    json!({ "variants": list })
}

fn source(state: &State, query: &str) -> Result<Value, ApiError> {
    let id = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("id="))
        .and_then(|v| v.parse::<usize>().ok())
        .ok_or_else(|| ApiError::Bad("give ?id=N, a variant's number in /api/variants".into()))?;
    let entry = state
        .library
        .get(id)
        .ok_or_else(|| ApiError::NotFound(format!("no variant {id}")))?;
    let text = entry.text().map_err(ApiError::NotFound)?;
    Ok(json!({ "id": id, "label": entry.label, "text": text }))
}

fn check_size(text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(ApiError::TooLarge(format!(
            "the variant text is larger than {MAX_TEXT_BYTES} bytes"
        )));
    }
    Ok(())
}

/// The name pasted texts go by in diagnostics.
const PASTED: &str = "playground.ron";

/// `validate`'s checks on a text: every diagnostic with its line and column.
fn validate(text: &str) -> Value {
    if let Err(e) = check_size(text) {
        return json!({ "valid": false, "name": null, "diagnostics": [{
            "severity": "error", "message": e.to_string(), "help": null, "location": null }] });
    }
    let started = std::time::Instant::now();
    let (name, diagnostics, sources) = match Variant::from_text(PASTED, text) {
        Ok(v) => (Some(v.name().to_string()), v.warnings().to_vec(), v.sources().clone()),
        Err(e) => (None, e.diagnostics, e.sources),
    };
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    json!({
        "valid": errors == 0,
        "name": name,
        "diagnostics": diagnostics.iter().take(super::super::render::MAX_SHOWN)
            .map(|d| super::super::cmd_validate::to_json(d, &sources)).collect::<Vec<_>>(),
        "micros": started.elapsed().as_micros() as u64,
    })
}

fn load_error_json(e: &LoadError) -> Value {
    Value::Array(
        e.diagnostics
            .iter()
            .take(super::super::render::MAX_SHOWN)
            .map(|d| super::super::cmd_validate::to_json(d, &e.sources))
            .collect(),
    )
}

/// The compiled variant a request means, from the cache when it can.
fn variant_of(state: &State, r: &VariantRef) -> Result<Arc<Variant>, ApiError> {
    let key = match (&r.text, r.id) {
        (Some(text), _) => {
            check_size(text)?;
            // The whole text: no two texts share an entry.
            format!("text:{text}")
        }
        (None, Some(id)) => format!("id:{id}"),
        (None, None) => return Err(ApiError::Bad("name a variant: {\"id\": N} or {\"text\": ...}".into())),
    };
    if let Some(v) = state.cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return Ok(v);
    }
    let loaded = match (&r.text, r.id) {
        (Some(text), _) => Variant::from_text(PASTED, text),
        (None, Some(id)) => state
            .library
            .get(id)
            .ok_or_else(|| ApiError::NotFound(format!("no variant {id}")))?
            .load(),
        (None, None) => unreachable!("refused above"),
    };
    let variant = Arc::new(loaded.map_err(|e| ApiError::Invalid(load_error_json(&e)))?);
    if let Ok(mut cache) = state.cache.lock() {
        if cache.len() >= CACHE_ENTRIES {
            cache.clear();
        }
        cache.insert(key, Arc::clone(&variant));
    }
    Ok(variant)
}

/// The engine's move in the line's position, searched for `movetime`
/// milliseconds (capped).
fn engine_move(variant: &Arc<Variant>, line: &Line<'_>, movetime: Option<u64>) -> Result<Value, ApiError> {
    let ms = super::caps::movetime(movetime);
    let engine = crate::search::Engine::with_hash(Arc::clone(variant), ENGINE_HASH_MB);
    let mut replay = crate::Game::new(variant, line.start.clone());
    let mut history = vec![engine.key(replay.position())];
    for mv in line.game.moves() {
        replay.play(*mv);
        history.push(engine.key(replay.position()));
    }
    history.pop();
    let limits = crate::search::Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..crate::search::Limits::default()
    };
    let result = engine.search(
        line.game.position(),
        &history,
        &limits,
        &crate::search::Control::new(),
        &mut |_| {},
    );
    Ok(json!({
        "best": result.best.map(|m| crate::notation::uci::write(variant, &m)),
        "depth": result.depth,
        "nodes": result.nodes,
        "movetime": ms,
    }))
}

fn scenario(state: &State, variant: &Variant, r: &VariantRef, line: &Line<'_>) -> Value {
    let (field, note) = match (&r.text, r.id.and_then(|id| state.library.get(id))) {
        (None, Some(entry)) => (entry.scenario_name(), None),
        _ => (
            "variant.ron".to_string(),
            Some("The variant was edited in the page: save its text as variant.ron beside this file."),
        ),
    };
    json!({ "text": line::scenario_text(variant, &field, note, line) })
}

#[cfg(test)]
mod tests {
    use super::host_ok;

    #[test]
    fn hosts() {
        assert!(host_ok("127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(host_ok("127.0.0.1:8080", Some("localhost:8080")));
        assert!(host_ok("127.0.0.1:8080", Some("[::1]:8080")));
        assert!(host_ok("127.0.0.1:8080", None));
        assert!(!host_ok("127.0.0.1:8080", Some("evil.example:8080")));
        assert!(!host_ok("127.0.0.1:8080", Some("localhost.evil.example")));
        assert!(host_ok("0.0.0.0:8080", Some("192.0.2.7:8080")));
    }
}
