//! A minimal W3C WebDriver client over std TcpStream, enough to drive
//! Debian's chromedriver: sessions, navigation, elements, clicks, keys,
//! scripts and screenshots. No dependency beyond serde_json.

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The WebDriver key for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// One HTTP exchange: (status, body as JSON).
pub fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    // Read the head, then exactly the body its Content-Length (or chunks)
    // announce: the driver may keep the connection open.
    let mut out = Vec::new();
    let mut buf = [0u8; 16384];
    let end = loop {
        if let Some(end) = out.windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Err(std::io::Error::other("no response head"));
        }
        out.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&out[..end]).to_ascii_lowercase();
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = head.contains("transfer-encoding: chunked");
    loop {
        let body = &out[end + 4..];
        let complete = match length {
            Some(n) => body.len() >= n,
            None if chunked => body.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    let mut data = out[end + 4..].to_vec();
    if chunked {
        data = dechunk(&data);
    }
    Ok((status, serde_json::from_slice(&data).unwrap_or(Value::Null)))
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 || data.len() < end + 2 + size {
            break;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[(end + 4 + size).min(data.len())..];
    }
    out
}

/// A free port of 127.0.0.1.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A chromedriver process and one browser session.
pub struct Browser {
    driver: Child,
    addr: String,
    session: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http(&self.addr, "DELETE", &format!("/session/{}", self.session), None);
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    /// Starts `driver` and a headless `chromium` with a fresh profile in
    /// `profile`, offline-friendly flags and a window of `w` x `h`.
    pub fn start(driver: &str, chromium: &str, profile: &str, w: u32, h: u32) -> Browser {
        let port = free_port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr = format!("127.0.0.1:{port}");
        let started = Instant::now();
        while http(&addr, "GET", "/status", None)
            .map(|(_, v)| v["value"]["ready"] != true)
            .unwrap_or(true)
        {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage",
                    format!("--user-data-dir={profile}"), format!("--window-size={w},{h}"),
                ],
            },
        }}});
        let (status, v) = http(&addr, "POST", "/session", Some(&caps)).expect("a session");
        assert_eq!(status, 200, "new session: {v}");
        let session = v["value"]["sessionId"].as_str().expect("a session id").to_string();
        Browser {
            driver: child,
            addr,
            session,
        }
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let full = format!("/session/{}{path}", self.session);
        let (status, v) = http(&self.addr, method, &full, body).expect("chromedriver answers");
        assert_eq!(status, 200, "{method} {path}: {v}");
        v["value"].clone()
    }

    /// Opens `url`.
    pub fn go(&self, url: &str) {
        self.call("POST", "/url", Some(&json!({ "url": url })));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its value.
    pub fn script(&self, script: &str, args: Value) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": args })),
        )
    }

    /// Runs an async script: it calls `arguments[arguments.length - 1]` with its result.
    pub fn script_async(&self, script: &str, args: Value) -> Value {
        self.call("POST", "/timeouts", Some(&json!({ "script": 120_000 })));
        self.call(
            "POST",
            "/execute/async",
            Some(&json!({ "script": script, "args": args })),
        )
    }

    /// Waits until `condition` (a JS expression) is truthy, or panics naming `what`.
    pub fn wait_for(&self, condition: &str, what: &str) {
        let started = Instant::now();
        loop {
            if self.script(&format!("return !!({condition});"), json!([])) == Value::Bool(true) {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "timed out waiting for {what}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The element `css` selects.
    pub fn find(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            Some(&json!({ "using": "css selector", "value": css })),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    /// Clicks the element `css` selects, as a user would (at its centre).
    /// The page may redraw the board between finding and clicking: then
    /// the element is found again.
    pub fn click(&self, css: &str) {
        for _ in 0..40 {
            let id = self.find(css);
            let path = format!("/session/{}/element/{id}/click", self.session);
            let (status, v) = http(&self.addr, "POST", &path, Some(&json!({}))).expect("chromedriver answers");
            if status == 200 {
                return;
            }
            assert_eq!(v["value"]["error"], "stale element reference", "click {css}: {v}");
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{css} kept going stale");
    }

    /// Empties a text field.
    pub fn clear(&self, css: &str) {
        let id = self.find(css);
        self.call("POST", &format!("/element/{id}/clear"), Some(&json!({})));
    }

    /// Types `text` into the element `css` selects.
    pub fn type_text(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.call("POST", &format!("/element/{id}/value"), Some(&json!({ "text": text })));
    }

    /// A screenshot of the window, as PNG bytes.
    pub fn screenshot(&self) -> Vec<u8> {
        let v = self.call("GET", "/screenshot", None);
        decode_base64(v.as_str().expect("base64 text"))
    }
}

/// Decodes standard base64 (padding and whitespace allowed).
pub fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[test]
fn base64_decodes() {
    assert_eq!(decode_base64("aGVsbG8="), b"hello");
    assert_eq!(decode_base64("aGk="), b"hi");
}
