//! `kaboom serve`: a local web playground. One HTML page, one script and
//! one style sheet, embedded in the binary, talk to a small JSON API over
//! the library (validate a variant text, show a position and its legal
//! moves, play a move with its trace, ask the engine, write a scenario).
//!
//! Safety: it binds to 127.0.0.1 unless told otherwise and answers only
//! requests addressed to this machine by name (`host`); it reads only the
//! bundled variants and the files and folders named on the command line
//! (a request names a variant by its number in that list, never by a
//! path; a variant text sent by the page is read like `Variant::from_text`,
//! whose `extends` reaches bundled variants only). Every connection has
//! its own thread, at most [`caps::MAX_CONNECTIONS`], and deadlines for
//! what it sends (`http`); request lines, headers, bodies, variant texts,
//! lines of moves and engine time are capped; every request's work has a
//! wall-time budget and stops when it is spent or the client leaves
//! (`work`), at most [`caps::MAX_ACTIVE`] at once, so a costly variant
//! never stalls the others. Every cap is in [`caps`] and docs/limits.md.

mod api;
pub mod caps;
mod conn;
mod host;
mod http;
mod library;
mod line;
mod work;

use super::Failure;
use super::output::Output;
use std::io::Write as _;
use std::net::TcpListener;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::time::Instant;
use work::Slot;

/// What `kaboom serve` was asked for.
pub struct ServeOptions<'a> {
    /// Address to bind.
    pub host: &'a str,
    /// Port (0: any free port).
    pub port: u16,
    /// Variant files and folders to offer beside the bundled variants.
    pub paths: &'a [String],
}

/// Serves until the process is stopped.
pub fn run(o: &mut Output, options: ServeOptions<'_>) -> Result<ExitCode, Failure> {
    let library = library::Library::new(options.paths, &mut *o.err)?;
    let address = format!("{}:{}", options.host, options.port);
    let listener = TcpListener::bind(&address).map_err(|e| Failure::io(format!("cannot listen on {address}: {e}")))?;
    let local = listener
        .local_addr()
        .map_err(|e| Failure::io(format!("cannot listen on {address}: {e}")))?;
    writeln!(o.out, "kaboom playground: http://{local}/ ({} variants)", library.len())?;
    o.out.flush()?;
    let served = host::Served {
        port: local.port(),
        loopback: local.ip().is_loopback(),
    };
    let state = Arc::new(api::State::new(library, served));
    accept_forever(&listener, &state, o)
}

/// Accepts connections until the process is stopped: each gets its own
/// thread, at most [`caps::MAX_CONNECTIONS`] at once; past that one is
/// answered 503 and closed at once. A failed accept (no file descriptor
/// left, say) is logged at most once a second and retried after a pause:
/// it never ends the server.
fn accept_forever(listener: &TcpListener, state: &Arc<api::State>, o: &mut Output) -> ! {
    let open = Arc::new(AtomicUsize::new(0));
    let mut last_logged: Option<Instant> = None;
    loop {
        match listener.accept() {
            Ok((stream, _)) => {
                let accepted = Instant::now();
                let Some(slot) = Slot::take(&open, caps::MAX_CONNECTIONS) else {
                    http::turn_away(stream);
                    continue;
                };
                let state = Arc::clone(state);
                // When the thread cannot start, the closure is dropped:
                // the slot is given back and the connection closed.
                let _ = std::thread::Builder::new().name("kaboom-serve".into()).spawn(move || {
                    let _slot = slot;
                    conn::serve(stream, &state, accepted);
                });
            }
            Err(e) => {
                if last_logged.is_none_or(|t| t.elapsed() >= std::time::Duration::from_secs(1)) {
                    let _ = writeln!(o.err, "kaboom serve: cannot accept a connection: {e}; retrying");
                    last_logged = Some(Instant::now());
                }
                std::thread::sleep(caps::ACCEPT_BACKOFF);
            }
        }
    }
}
