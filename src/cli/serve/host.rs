//! Who may talk to the server: the `Host` check against DNS rebinding and
//! the `Origin` check on POSTs against other sites' pages.
//!
//! On a loopback address the `Host` header must be exactly one of
//! `localhost`, `127.a.b.c` (four decimal octets) or `[::1]`, with the
//! server's port or none; a present `Origin` must be `http://` and one of
//! those names with the server's port (none only on port 80). A server
//! bound elsewhere (`--host 0.0.0.0`) was opened to the network on purpose:
//! it takes any `Host`, and a present `Origin` must name that same host.
//! Two `Host` headers, or none in an HTTP/1.1 request, are malformed.

use super::http::{Head, Reply};

/// The address served, for the checks.
#[derive(Clone, Copy, Debug)]
pub struct Served {
    /// The port listened on.
    pub port: u16,
    /// Whether the address listened on is a loopback address.
    pub loopback: bool,
}

/// Checks `head`'s `Host` and, for a POST, its `Origin`; the refusal to
/// send otherwise.
pub fn check(served: Served, head: &Head) -> Result<(), Reply> {
    let mut hosts = head.values("Host");
    let host = match (hosts.next(), hosts.next()) {
        (_, Some(_)) => return Err(Reply::error(400, "more than one Host header")),
        (None, None) if head.minor >= 1 => return Err(Reply::error(400, "an HTTP/1.1 request needs a Host header")),
        (host, None) => host.map(str::trim),
    };
    if let Some(host) = host
        && !host_ok(served, host)
    {
        return Err(Reply::error(403, "unexpected Host header"));
    }
    if head.method == "POST" {
        let mut origins = head.values("Origin");
        match (origins.next(), origins.next()) {
            (None, _) => {}
            (Some(origin), None) if origin_ok(served, origin.trim(), host) => {}
            _ => {
                return Err(Reply::error(
                    403,
                    "unexpected Origin header: post from this server's own page",
                ));
            }
        }
    }
    Ok(())
}

/// Whether `host` (a `Host` header's value) names this server.
pub fn host_ok(served: Served, host: &str) -> bool {
    if !served.loopback {
        return true;
    }
    match split_authority(host) {
        Some((name, port)) => loopback_name(name) && port.is_none_or(|p| p == served.port),
        None => false,
    }
}

/// Whether `origin` (an `Origin` header's value) is this server's page.
pub fn origin_ok(served: Served, origin: &str, host: Option<&str>) -> bool {
    let Some(authority) = origin.strip_prefix("http://") else {
        return false;
    };
    if !served.loopback {
        return host.is_some_and(|h| h.eq_ignore_ascii_case(authority));
    }
    match split_authority(authority) {
        Some((name, port)) => loopback_name(name) && port.unwrap_or(80) == served.port,
        None => false,
    }
}

/// `name[:port]` or `[v6][:port]`, the port all digits; None when it is
/// not of that form.
fn split_authority(authority: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if authority.starts_with('[') {
        let close = authority.find(']')?;
        let (name, rest) = authority.split_at(close + 1);
        match rest {
            "" => (name, None),
            _ => (name, Some(rest.strip_prefix(':')?)),
        }
    } else {
        match authority.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (authority, None),
        }
    };
    let port = match port {
        None => None,
        Some(p) if !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()) => Some(p.parse().ok()?),
        Some(_) => return None,
    };
    Some((name, port))
}

/// `localhost`, `[::1]`, or four decimal octets in 127/8.
fn loopback_name(name: &str) -> bool {
    if name.eq_ignore_ascii_case("localhost") || name == "[::1]" {
        return true;
    }
    let octets: Vec<&str> = name.split('.').collect();
    octets.len() == 4
        && octets[0] == "127"
        && octets.iter().all(|o| {
            !o.is_empty()
                && o.len() <= 3
                && o.bytes().all(|b| b.is_ascii_digit())
                && o.parse::<u16>().is_ok_and(|v| v <= 255)
        })
}

#[cfg(test)]
mod tests {
    use super::{Served, host_ok, origin_ok};

    const LOCAL: Served = Served {
        port: 8080,
        loopback: true,
    };

    #[test]
    fn hosts() {
        for good in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "[::1]",
            "127.1.2.3:8080",
        ] {
            assert!(host_ok(LOCAL, good), "{good}");
        }
        for bad in [
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
            "127.evil.example:8080",
            "127.0.0.1:8080@evil.example",
            "127.0.0.1:8081",
            "127.0.0.256",
            "127.0.0.1:",
            "127.0.0.1:8080:8080",
            "[::1].evil.example",
            "[::2]:8080",
            "",
        ] {
            assert!(!host_ok(LOCAL, bad), "{bad}");
        }
        let open = Served {
            port: 8080,
            loopback: false,
        };
        assert!(host_ok(open, "192.0.2.7:8080"));
    }

    #[test]
    fn origins() {
        assert!(origin_ok(LOCAL, "http://localhost:8080", None));
        assert!(origin_ok(LOCAL, "http://127.0.0.1:8080", None));
        assert!(origin_ok(LOCAL, "http://[::1]:8080", None));
        for bad in [
            "null",
            "http://evil.example",
            "http://localhost",
            "https://localhost:8080",
            "http://localhost:8081",
            "http://127.0.0.1:8080.evil.example",
        ] {
            assert!(!origin_ok(LOCAL, bad, None), "{bad}");
        }
        let open = Served {
            port: 8080,
            loopback: false,
        };
        assert!(origin_ok(open, "http://192.0.2.7:8080", Some("192.0.2.7:8080")));
        assert!(!origin_ok(open, "http://evil.example", Some("192.0.2.7:8080")));
    }
}
