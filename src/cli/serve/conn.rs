//! One connection: read its request (bounded, with deadlines), check who
//! sent it, route it, answer and close. The POST routes' work runs under
//! a budget on its own thread while this one watches the client.

use super::api::{self, State};
use super::caps::{MAX_ACTIVE, WRITE_TIMEOUT, work_budget};
use super::host;
use super::http::{self, HeadError, Reply};
use super::work::{self, Budget, Slot};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Instant;

/// Serves the one request of `stream`, accepted at `accepted`.
pub fn serve(stream: TcpStream, state: &Arc<State>, accepted: Instant) {
    let mut stream = stream;
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    if let Some(reply) = exchange(&mut stream, state, accepted) {
        http::respond(stream, &reply);
    }
}

/// The reply to the request on `stream`; None when the client left.
fn exchange(stream: &mut TcpStream, state: &Arc<State>, accepted: Instant) -> Option<Reply> {
    let head = match http::read_head(stream, accepted) {
        Ok(head) => head,
        Err(HeadError::Gone) => return None,
        Err(HeadError::Refused(reply)) => return Some(reply),
    };
    if let Err(reply) = host::check(state.served, &head) {
        return Some(reply);
    }
    let route = head.target.split_once('?').map_or(head.target.as_str(), |(p, _)| p);
    match head.method.as_str() {
        "GET" => Some(api::get(state, &head.target)),
        "POST" if api::is_post_route(route) => {
            let body = match http::read_body(stream, &head) {
                Ok(body) => body,
                Err(reply) => return Some(reply),
            };
            let Some(slot) = Slot::take(&state.active, MAX_ACTIVE) else {
                return Some(Reply::error(503, "the server is busy; try again"));
            };
            let route = route.to_string();
            let mine = Arc::clone(state);
            work::run(stream, Budget::new(work_budget()), slot, move |b| {
                api::post(&mine, &route, &body, b)
            })
        }
        "POST" => Some(Reply::error(404, &format!("no route {route}"))),
        _ => Some(Reply::error(405, "only GET and POST are served")),
    }
}
