//! Replies and request bodies over tiny_http.

use super::caps::MAX_BODY_BYTES;
use std::io::Read;

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

/// Why a body was refused.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    /// Larger than [`MAX_BODY_BYTES`].
    #[error("the request body is larger than {MAX_BODY_BYTES} bytes")]
    TooLarge,
    /// It could not be read.
    #[error("cannot read the request body: {0}")]
    Read(#[from] std::io::Error),
}

/// Reads a request's body, at most [`MAX_BODY_BYTES`].
pub fn body(request: &mut tiny_http::Request) -> Result<Vec<u8>, BodyError> {
    if request.body_length().is_some_and(|n| n > MAX_BODY_BYTES) {
        return Err(BodyError::TooLarge);
    }
    let mut out = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY_BYTES as u64 + 1)
        .read_to_end(&mut out)?;
    if out.len() > MAX_BODY_BYTES {
        return Err(BodyError::TooLarge);
    }
    Ok(out)
}

/// Sends `reply`; a client gone away is no error of ours.
pub fn respond(request: tiny_http::Request, reply: Reply) {
    let headers = [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'",
        ),
    ];
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    for (name, value) in headers {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    }
    let _ = request.respond(response);
}
