//! HTTP/1.1 over one connection, bounded: the request head is read into a
//! buffer of at most [`MAX_HEAD_BYTES`] and parsed by `httparse`, a body
//! is read only up to [`MAX_BODY_BYTES`] whatever length it declares,
//! every read has a deadline, and each connection carries one request
//! (every reply says `Connection: close`).

use super::caps::{
    BODY_TIMEOUT, HEAD_TIMEOUT, LINGER, LINGER_BYTES, MAX_BODY_BYTES, MAX_HEAD_BYTES, MAX_HEADERS,
    MAX_REQUEST_LINE_BYTES,
};
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::Instant;

/// What a request gets back.
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// Content type.
    pub content_type: &'static str,
    /// Body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON reply.
    pub fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: serde_json::to_vec(value).unwrap_or_default(),
        }
    }

    /// A JSON error `{"error": message}`.
    pub fn error(status: u16, message: &str) -> Reply {
        Reply::json(status, &serde_json::json!({ "error": message }))
    }

    /// A static asset.
    pub fn asset(content_type: &'static str, text: &'static str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: text.as_bytes().to_vec(),
        }
    }
}

/// A request's head: its request line and header fields.
pub struct Head {
    /// The method, as sent (`GET`, `POST`).
    pub method: String,
    /// The request target (`/api/source?id=3`).
    pub target: String,
    /// HTTP/1.`minor`.
    pub minor: u8,
    /// Header fields in order, names as sent.
    pub headers: Vec<(String, String)>,
    /// Bytes read past the head: the start of the body.
    rest: Vec<u8>,
}

impl Head {
    /// Every value of the header `name` (any case).
    pub fn values<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.headers
            .iter()
            .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Why no request came: the client left, or it gets an error reply.
pub enum HeadError {
    /// The connection closed (or failed) before a whole head came.
    Gone,
    /// Answer this and close.
    Refused(Reply),
}

/// Reads one request head, within [`HEAD_TIMEOUT`] of `accepted`.
pub fn read_head(stream: &mut TcpStream, accepted: Instant) -> Result<Head, HeadError> {
    let deadline = accepted + HEAD_TIMEOUT;
    let mut buf: Vec<u8> = Vec::with_capacity(4096);
    let mut chunk = [0u8; 4096];
    let mut scanned = 0;
    loop {
        let n = read_before(stream, &mut chunk, deadline).map_err(|e| match e.kind() {
            ErrorKind::WouldBlock | ErrorKind::TimedOut => HeadError::Refused(Reply::error(
                408,
                "the request did not arrive in time; the connection is closed",
            )),
            _ => HeadError::Gone,
        })?;
        if n == 0 {
            return Err(HeadError::Gone);
        }
        buf.extend_from_slice(&chunk[..n]);
        let line_end = buf.iter().position(|&b| b == b'\n');
        if line_end.map_or(buf.len(), |e| e + 1) > MAX_REQUEST_LINE_BYTES {
            return Err(HeadError::Refused(Reply::error(
                414,
                &format!("the request line is longer than {MAX_REQUEST_LINE_BYTES} bytes"),
            )));
        }
        match head_end(&buf, scanned) {
            Some(end) => return parse_head(&buf, end),
            None if buf.len() > MAX_HEAD_BYTES => return Err(too_large_head()),
            None => scanned = buf.len().saturating_sub(3),
        }
    }
}

fn too_large_head() -> HeadError {
    HeadError::Refused(Reply::error(
        431,
        &format!("the request headers are larger than {MAX_HEAD_BYTES} bytes or more than {MAX_HEADERS} fields"),
    ))
}

/// Where the head ends (past its blank line), searching from `from`.
fn head_end(buf: &[u8], from: usize) -> Option<usize> {
    let from = from.min(buf.len());
    buf[from..]
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|i| from + i + 4)
        .or_else(|| buf[from..].windows(2).position(|w| w == b"\n\n").map(|i| from + i + 2))
}

fn parse_head(buf: &[u8], end: usize) -> Result<Head, HeadError> {
    if end > MAX_HEAD_BYTES {
        return Err(too_large_head());
    }
    let mut fields = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut fields);
    match request.parse(&buf[..end]) {
        Ok(httparse::Status::Complete(_)) => {}
        Err(httparse::Error::TooManyHeaders) => return Err(too_large_head()),
        Ok(httparse::Status::Partial) | Err(_) => {
            return Err(HeadError::Refused(Reply::error(400, "malformed request")));
        }
    }
    Ok(Head {
        method: request.method.unwrap_or_default().to_string(),
        target: request.path.unwrap_or_default().to_string(),
        minor: request.version.unwrap_or(1),
        headers: request
            .headers
            .iter()
            .map(|h| (h.name.to_string(), String::from_utf8_lossy(h.value).into_owned()))
            .collect(),
        rest: buf[end..].to_vec(),
    })
}

/// Reads into `buf`, waiting at most until `deadline`.
fn read_before(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> std::io::Result<usize> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(ErrorKind::TimedOut.into());
    }
    stream.set_read_timeout(Some(left))?;
    stream.read(buf)
}

/// Reads the body `head` declares (`Content-Length`), at most
/// [`MAX_BODY_BYTES`]: a larger declared length is refused before any of
/// it is read, a chunked body is refused, and the whole body must come
/// within [`BODY_TIMEOUT`].
pub fn read_body(stream: &mut TcpStream, head: &Head) -> Result<Vec<u8>, Reply> {
    if head.values("Transfer-Encoding").next().is_some() {
        return Err(Reply::error(
            501,
            "a request body must come with a Content-Length, not a Transfer-Encoding",
        ));
    }
    let mut lengths = head.values("Content-Length").map(|v| v.trim());
    let declared = match (lengths.next(), lengths.next()) {
        (None, _) => return Ok(Vec::new()),
        (Some(a), Some(b)) if a != b => return Err(Reply::error(400, "two different Content-Length headers")),
        (Some(v), _) => v,
    };
    if declared.is_empty() || !declared.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Reply::error(400, "a malformed Content-Length"));
    }
    // Digits only: a number too large for usize is larger than the cap.
    let length = declared.parse::<usize>().unwrap_or(usize::MAX);
    if length > MAX_BODY_BYTES {
        return Err(Reply::error(
            413,
            &format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
        ));
    }
    let mut body = head.rest.clone();
    body.truncate(length);
    if body.len() < length
        && head
            .values("Expect")
            .any(|v| v.trim().eq_ignore_ascii_case("100-continue"))
    {
        // curl asks before sending a body of more than 1 KB.
        let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    body.reserve_exact(length - body.len());
    let deadline = Instant::now() + BODY_TIMEOUT;
    let mut chunk = [0u8; 8192];
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        match read_before(stream, &mut chunk[..want], deadline) {
            Ok(0) => return Err(Reply::error(400, "the request body ended early")),
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(Reply::error(408, "the request body did not arrive in time"));
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(Reply::error(400, &format!("cannot read the request body: {e}"))),
        }
    }
    Ok(body)
}

/// The response bytes of `reply`: status line, headers, body.
pub fn encode(reply: &Reply) -> Vec<u8> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         Content-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'\r\n\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    let mut out = head.into_bytes();
    out.extend_from_slice(&reply.body);
    out
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        500 => "Internal Server Error",
        _ => "Error",
    }
}

/// Sends `reply` and closes the connection: its write side first, then
/// what the client still sends is read and dropped for at most
/// [`LINGER`] and [`LINGER_BYTES`] (so the reply is not lost to a reset),
/// never more. A client gone away is no error of ours.
pub fn respond(mut stream: TcpStream, reply: &Reply) {
    if stream.write_all(&encode(reply)).is_err() {
        return;
    }
    let _ = stream.flush();
    let _ = stream.shutdown(Shutdown::Write);
    let deadline = Instant::now() + LINGER;
    let mut dropped = 0;
    let mut chunk = [0u8; 4096];
    while dropped < LINGER_BYTES {
        match read_before(&mut stream, &mut chunk, deadline) {
            Ok(0) | Err(_) => break,
            Ok(n) => dropped += n,
        }
    }
}

/// Answers a connection past the connection cap with 503 and closes it,
/// never waiting on it: the socket does not block, nothing is read but
/// what already arrived (at most [`LINGER_BYTES`]), a reply that does not
/// fit the socket's buffer at once is dropped.
pub fn turn_away(stream: TcpStream) {
    let mut stream = stream;
    if stream.set_nonblocking(true).is_err() {
        return;
    }
    let reply = Reply::error(503, "the server has too many connections open; try again");
    let _ = stream.write_all(&encode(&reply));
    let _ = stream.shutdown(Shutdown::Write);
    let mut chunk = [0u8; 4096];
    let mut dropped = 0;
    while dropped < LINGER_BYTES {
        match stream.read(&mut chunk) {
            Ok(n) if n > 0 => dropped += n,
            _ => break,
        }
    }
}

/// Whether the client has closed or reset its connection (a look at the
/// socket that never waits and consumes nothing).
pub fn client_gone(stream: &TcpStream) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let mut byte = 0u8;
        // SAFETY: a valid socket descriptor and a one-byte buffer that outlives the call.
        let n = unsafe {
            libc::recv(
                stream.as_raw_fd(),
                (&mut byte as *mut u8).cast(),
                1,
                libc::MSG_PEEK | libc::MSG_DONTWAIT,
            )
        };
        if n == 0 {
            return true;
        }
        if n < 0 {
            let e = std::io::Error::last_os_error();
            return !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted);
        }
        false
    }
    #[cfg(not(unix))]
    {
        let _ = stream;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::{head_end, parse_head};

    #[test]
    fn the_head_ends_at_its_blank_line() {
        assert_eq!(head_end(b"GET / HTTP/1.1\r\n\r\nbody", 0), Some(18));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n", 0), None);
        assert_eq!(head_end(b"GET / HTTP/1.1\n\n", 0), Some(16));
    }

    #[test]
    fn a_head_reads_into_owned_fields() {
        let buf = b"POST /api/x?y=1 HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n{}";
        let Ok(head) = parse_head(buf, buf.len() - 2) else {
            panic!("parses")
        };
        assert_eq!(head.method, "POST");
        assert_eq!(head.target, "/api/x?y=1");
        assert_eq!(head.values("HOST").collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(head.rest, b"{}");
    }
}
