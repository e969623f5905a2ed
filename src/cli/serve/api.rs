//! The routes: the page's assets and the JSON API.

use super::caps::{CACHE_ENTRIES, ENGINE_HASH_MB, MAX_MOVES, MAX_TEXT_BYTES};
use super::host::Served;
use super::http::Reply;
use super::library::Library;
use super::line::{self, Line};
use super::work::{Budget, Spent};
use crate::Variant;
use crate::check::LoadError;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

/// What every request shares: the library, compiled variants, the
/// address served and the count of requests at work.
pub struct State {
    library: Library,
    /// Compiled variants by source: `id:N` for the library's, `text:...` for a text.
    cache: Mutex<HashMap<String, Arc<Variant>>>,
    /// The address served, for the Host and Origin checks.
    pub served: Served,
    /// Requests at work now (at most [`MAX_ACTIVE`](super::caps::MAX_ACTIVE)).
    pub active: Arc<AtomicUsize>,
}

impl State {
    /// The state of a server offering `library` at `served`.
    pub fn new(library: Library, served: Served) -> State {
        State {
            library,
            cache: Mutex::new(HashMap::new()),
            served,
            active: Arc::new(AtomicUsize::new(0)),
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
    /// The request's time budget was spent (or its client left).
    #[error(transparent)]
    Spent(#[from] Spent),
}

impl ApiError {
    fn reply(&self) -> Reply {
        match self {
            ApiError::Bad(m) => Reply::error(400, m),
            ApiError::TooLarge(m) => Reply::error(413, m),
            ApiError::NotFound(m) => Reply::error(404, m),
            ApiError::Spent(spent) => Reply::error(503, &spent.to_string()),
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
    /// For `/api/engine`: a strength level, 0 to 20 (UCI's `Skill Level`;
    /// 20, the default, is full strength).
    #[serde(default)]
    skill: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TextRequest {
    text: String,
}

/// Answers a GET: the page's assets, the list of variants, a variant's
/// source. Cheap, so it runs on the connection's thread.
pub fn get(state: &State, target: &str) -> Reply {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let result = match path {
        "/" | "/index.html" => return Reply::asset("text/html; charset=utf-8", INDEX),
        "/app.js" => return Reply::asset("text/javascript; charset=utf-8", SCRIPT),
        "/style.css" => return Reply::asset("text/css; charset=utf-8", STYLE),
        "/api/variants" => Ok(variants(state)),
        "/api/source" => source(state, query),
        route => Err(ApiError::NotFound(format!("no route {route}"))),
    };
    reply_of(result)
}

/// Whether `route` is one of the POST routes (their bodies are read).
pub fn is_post_route(route: &str) -> bool {
    matches!(
        route,
        "/api/validate" | "/api/position" | "/api/engine" | "/api/scenario"
    )
}

/// Answers a POST to `route` with `body`, stopping when `budget` is spent.
pub fn post(state: &State, route: &str, body: &[u8], budget: &Budget) -> Reply {
    reply_of(post_value(state, route, body, budget))
}

fn reply_of(result: Result<Value, ApiError>) -> Reply {
    match result {
        Ok(value) => Reply::json(200, &value),
        Err(e) => e.reply(),
    }
}

fn post_value(state: &State, route: &str, body: &[u8], budget: &Budget) -> Result<Value, ApiError> {
    match route {
        "/api/validate" => {
            let req: TextRequest = parse(body)?;
            let value = validate(&req.text);
            budget.check()?;
            Ok(value)
        }
        "/api/position" | "/api/engine" | "/api/scenario" => {
            let req: LineRequest = parse(body)?;
            if req.moves.len() > MAX_MOVES {
                return Err(ApiError::TooLarge(format!("a line holds at most {MAX_MOVES} moves")));
            }
            let variant = variant_of(state, &req.variant)?;
            budget.check()?;
            let line = line::replay(&variant, req.fen.as_deref(), &req.moves, budget).map_err(|e| match e {
                line::LineError::Spent(spent) => ApiError::Spent(spent),
                e => ApiError::Bad(e.to_string()),
            })?;
            match route {
                "/api/position" => Ok(line::position_json(&variant, &line, budget)?),
                "/api/engine" => engine_move(&variant, &line, req.movetime, req.skill, budget),
                _ => scenario(state, &variant, &req.variant, &line, budget),
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
/// milliseconds (capped), at strength level `skill` (0 to 20).
fn engine_move(
    variant: &Arc<Variant>,
    line: &Line<'_>,
    movetime: Option<u64>,
    skill: Option<u8>,
    budget: &Budget,
) -> Result<Value, ApiError> {
    if skill.is_some_and(|s| s > crate::search::skill::MAX_LEVEL) {
        return Err(ApiError::Bad("skill is a level from 0 to 20".into()));
    }
    // The search gets what was asked, cut to leave the rest of the request
    // a tenth of the budget that remains (at most 250 ms) to answer in.
    let left = u64::try_from(budget.remaining().as_millis()).unwrap_or(u64::MAX);
    let ms = super::caps::movetime(movetime).min(left - (left / 10).min(250)).max(1);
    let engine = crate::search::Engine::with_hash(Arc::clone(variant), ENGINE_HASH_MB);
    let mut replay = crate::Game::new(variant, line.start.clone());
    let mut history = vec![engine.key(replay.position())];
    for mv in line.game.moves() {
        budget.check()?;
        replay.play(*mv);
        history.push(engine.key(replay.position()));
    }
    history.pop();
    let limits = crate::search::Limits {
        movetime: Some(Duration::from_millis(ms)),
        skill: skill.map(crate::search::Skill::level),
        played: line.game.checked_moves(),
        ..crate::search::Limits::default()
    };
    let result = engine.search(line.game.position(), &history, &limits, budget.control(), &mut |_| {});
    budget.check()?;
    Ok(json!({
        "best": result.best.map(|m| crate::notation::uci::write(variant, &m)),
        "depth": result.depth,
        "nodes": result.nodes,
        "movetime": ms,
    }))
}

fn scenario(
    state: &State,
    variant: &Variant,
    r: &VariantRef,
    line: &Line<'_>,
    budget: &Budget,
) -> Result<Value, ApiError> {
    let (field, note) = match (&r.text, r.id.and_then(|id| state.library.get(id))) {
        (None, Some(entry)) if entry.is_file() => {
            let name = entry.scenario_name();
            let note = format!("Save this file beside {name}, the variant file it names.");
            (name, Some(note))
        }
        (None, Some(entry)) => (entry.scenario_name(), None),
        _ => (
            "variant.ron".to_string(),
            Some("The variant was edited in the page: save its text as variant.ron beside this file.".to_string()),
        ),
    };
    Ok(json!({ "text": line::scenario_text(variant, &field, note.as_deref(), line, budget)? }))
}
