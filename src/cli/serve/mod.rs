//! `kaboom serve`: a local web playground. One HTML page, one script and
//! one style sheet, embedded in the binary, talk to a small JSON API over
//! the library (validate a variant text, show a position and its legal
//! moves, play a move with its trace, ask the engine, write a scenario).
//!
//! Safety: it binds to 127.0.0.1 unless told otherwise; it reads only the
//! bundled variants and the files and folders named on the command line
//! (a request names a variant by its number in that list, never by a
//! path; a variant text sent by the page is read like `Variant::from_text`,
//! whose `extends` reaches bundled variants only); request bodies, variant
//! texts, lines of moves and engine time are capped; every request runs on
//! its own thread, at most [`caps::MAX_ACTIVE`] at once, so a costly
//! variant never stalls the others.

mod api;
pub mod caps;
mod http;
mod library;
mod line;

use super::Failure;
use super::output::Output;
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

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
    let library = library::Library::new(options.paths)?;
    let address = format!("{}:{}", options.host, options.port);
    let listener =
        std::net::TcpListener::bind(&address).map_err(|e| Failure::io(format!("cannot listen on {address}: {e}")))?;
    no_delay(&listener);
    let server = tiny_http::Server::from_listener(listener, None)
        .map_err(|e| Failure::io(format!("cannot listen on {address}: {e}")))?;
    let bound = server
        .server_addr()
        .to_ip()
        .map_or_else(|| address.clone(), |a| a.to_string());
    writeln!(o.out, "kaboom playground: http://{bound}/ ({} variants)", library.len())?;
    o.out.flush()?;
    let state = Arc::new(api::State::new(library, bound.clone()));
    let active = Arc::new(AtomicUsize::new(0));
    for request in server.incoming_requests() {
        if active.load(Ordering::SeqCst) >= caps::MAX_ACTIVE {
            http::respond(request, http::Reply::error(503, "the server is busy; try again"));
            continue;
        }
        active.fetch_add(1, Ordering::SeqCst);
        let state = Arc::clone(&state);
        let mine = Arc::clone(&active);
        let spawned = std::thread::Builder::new().name("kaboom-serve".into()).spawn(move || {
            let mut request = request;
            let reply = api::handle(&state, &mut request);
            http::respond(request, reply);
            mine.fetch_sub(1, Ordering::SeqCst);
        });
        if spawned.is_err() {
            active.fetch_sub(1, Ordering::SeqCst);
        }
    }
    // tiny_http stops accepting only after an error accepting a connection.
    Err(Failure::io(format!(
        "{bound}: the server stopped accepting connections"
    )))
}

/// Sets TCP_NODELAY on the listening socket, which the connections it
/// accepts inherit (on Linux): tiny_http writes a reply in 1 KB pieces,
/// and with Nagle's algorithm a browser's delayed ACK held each reply on a
/// kept-alive connection back by 40 ms. Best effort: a failure only costs
/// speed. (Read timeouts cannot be set this way: on the listening socket
/// they would make `accept` fail, which ends tiny_http's accept loop.)
fn no_delay(listener: &std::net::TcpListener) {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let one: libc::c_int = 1;
        // SAFETY: a valid socket descriptor, and a pointer to an int of the size given.
        unsafe {
            libc::setsockopt(
                listener.as_raw_fd(),
                libc::IPPROTO_TCP,
                libc::TCP_NODELAY,
                (&one as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            );
        }
    }
    #[cfg(not(unix))]
    let _ = listener;
}
