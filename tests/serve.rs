//! `kaboom serve` over HTTP: what it offers, what it refuses, its caps,
//! and that a costly variant never stalls other requests. Each test starts
//! the binary on a free port of 127.0.0.1 and speaks HTTP/1.1 over a
//! plain TcpStream.

mod common;
use common::kaboom;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(paths: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaboom"))
        .args(["serve", "--port", "0"])
        .args(paths)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaboom serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    Server { child, addr }
}

/// Sends one request; returns (status, body).
fn request(server: &Server, method: &str, path: &str, host: Option<&str>, body: &[u8]) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let host = host.unwrap_or(&server.addr);
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let _ = stream.write_all(body);
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    let text_end = out.windows(4).position(|w| w == b"\r\n\r\n").expect("a response head");
    let head = String::from_utf8_lossy(&out[..text_end]).into_owned();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let mut body = out[text_end + 4..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    (status, body)
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

fn get(server: &Server, path: &str) -> (u16, Value) {
    let (status, body) = request(server, "GET", path, None, b"");
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

fn post(server: &Server, path: &str, value: &Value) -> (u16, Value) {
    let (status, body) = request(server, "POST", path, None, value.to_string().as_bytes());
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

fn id_of(server: &Server, label: &str) -> u64 {
    let (_, list) = get(server, "/api/variants");
    list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["label"] == label)
        .unwrap_or_else(|| panic!("{label} is not offered: {list}"))["id"]
        .as_u64()
        .unwrap()
}

#[test]
fn binds_loopback_and_offers_bundled_variants_and_the_files_named() {
    let s = serve(&["tests/scenarios/variants/push.ron", "tests/scenarios"]);
    assert!(s.addr.starts_with("127.0.0.1:"), "{}", s.addr);
    let (status, list) = get(&s, "/api/variants");
    assert_eq!(status, 200);
    let labels: Vec<&str> = list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"atomic") && labels.contains(&"tests/scenarios/variants/push.ron"),
        "{labels:?}"
    );
    // A folder of scenarios offers no scenario as a variant, only the
    // variant files beside them.
    assert!(
        !labels
            .iter()
            .any(|l| l.starts_with("tests/scenarios") && !l.starts_with("tests/scenarios/variants/")),
        "{labels:?}"
    );
    assert!(labels.contains(&"tests/scenarios/variants/crater.ron"), "{labels:?}");
    let id = id_of(&s, "tests/scenarios/variants/push.ron");
    let (status, source) = get(&s, &format!("/api/source?id={id}"));
    assert_eq!(status, 200);
    assert!(source["text"].as_str().unwrap().contains("Push test"));
    let (status, page) = request(&s, "GET", "/", None, b"");
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&page).contains("/app.js"));
}

#[test]
fn requests_never_name_paths() {
    let s = serve(&[]);
    for path in [
        "/api/source?id=../../etc/passwd",
        "/api/source?path=/etc/passwd",
        "/api/source?id=99999",
        "/etc/passwd",
        "/../Cargo.toml",
    ] {
        let (status, body) = get(&s, path);
        assert!(status == 400 || status == 404, "{path}: {status} {body}");
    }
    // A pasted text's `extends` reaches bundled variants only.
    let (_, v) = post(
        &s,
        "/api/validate",
        &json!({ "text": "(extends: \"../Cargo.toml\", name: \"x\")" }),
    );
    assert_eq!(v["valid"], false);
    let (_, v) = post(
        &s,
        "/api/validate",
        &json!({ "text": "(extends: \"/etc/passwd\", name: \"x\")" }),
    );
    assert_eq!(v["valid"], false);
    assert!(!v.to_string().contains("root:"), "{v}");
}

#[test]
fn a_foreign_host_header_is_refused() {
    let s = serve(&[]);
    let (status, _) = request(&s, "GET", "/api/variants", Some("evil.example:80"), b"");
    assert_eq!(status, 403);
    let (status, _) = request(&s, "GET", "/api/variants", Some("localhost"), b"");
    assert_eq!(status, 200);
}

#[test]
fn validation_reports_what_validate_reports_with_line_and_column() {
    let s = serve(&[]);
    let text = std::fs::read_to_string("tests/fixtures/invalid/bad-glyph.ron").unwrap();
    let (status, v) = post(&s, "/api/validate", &json!({ "text": text }));
    assert_eq!(status, 200);
    assert_eq!(v["valid"], false);
    let d = &v["diagnostics"][0];
    assert_eq!(d["location"]["line"], 7);
    assert_eq!(d["location"]["column"], 58);
    let (_, cli, _) = kaboom(&["validate", "--format", "json", "tests/fixtures/invalid/bad-glyph.ron"]);
    let cli: Value = serde_json::from_str(&cli).unwrap();
    assert_eq!(cli["files"][0]["diagnostics"][0]["message"], d["message"]);
    // Fixed, it loads.
    let fixed = text.replace("glyph: \"dragon\"", "glyph: \"Dr\"");
    let (_, v) = post(&s, "/api/validate", &json!({ "text": fixed }));
    assert_eq!(v["valid"], true, "{v}");
}

#[test]
fn a_blast_and_a_bounce_come_back_with_their_traces() {
    let s = serve(&[]);
    let atomic = id_of(&s, "atomic");
    let (status, p) = post(
        &s,
        "/api/position",
        &json!({ "variant": { "id": atomic }, "fen": "4k3/8/3p4/2nbr3/3P4/2N5/8/4K3 w - - 0 1", "moves": ["c3d5"] }),
    );
    assert_eq!(status, 200, "{p}");
    assert_eq!(p["fen"], "4k3/8/3p4/8/3P4/8/8/4K3 b - - 0 1");
    let trace = p["last"]["trace"].as_str().unwrap();
    assert!(
        trace.contains("removed n c5") && trace.contains("removed r e5"),
        "{trace}"
    );
    assert!(p["svg"].as_str().unwrap().starts_with("<svg"));
    let bouncing = id_of(&s, "bouncing-pieces");
    let (_, p) = post(
        &s,
        "/api/position",
        &json!({ "variant": { "id": bouncing }, "fen": "5k2/5pp1/8/8/8/8/8/2b1R1K1 w - - 0 1", "moves": [] }),
    );
    let moves = p["moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["uci"] == "e1e8,f8g8"), "the bounce is offered");
    let (_, p) = post(
        &s,
        "/api/position",
        &json!({ "variant": { "id": bouncing }, "fen": "5k2/5pp1/8/8/8/8/8/2b1R1K1 w - - 0 1", "moves": ["e1e8,f8g8"] }),
    );
    assert!(p["last"]["trace"].as_str().unwrap().contains("bounced k f8-g8"), "{p}");
    // An illegal move is refused with its number.
    let (status, e) = post(
        &s,
        "/api/position",
        &json!({ "variant": { "id": atomic }, "moves": ["e2e4", "e2e4"] }),
    );
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().starts_with("move 2 (e2e4)"), "{e}");
}

#[test]
fn a_recorded_line_is_a_scenario_kaboom_test_passes() {
    let s = serve(&[]);
    let atomic = id_of(&s, "atomic");
    let (_, v) = post(
        &s,
        "/api/scenario",
        &json!({ "variant": { "id": atomic }, "moves": ["e2e4", "d7d5", "e4d5"] }),
    );
    let text = v["text"].as_str().unwrap();
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-scenario.ron");
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = kaboom(&["test", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{text}\n{out}{err}");
}

#[test]
fn the_engine_answers_within_its_time() {
    let s = serve(&[]);
    let chess = id_of(&s, "chess");
    let started = Instant::now();
    let (status, v) = post(
        &s,
        "/api/engine",
        &json!({ "variant": { "id": chess }, "moves": ["e2e4"], "movetime": 100 }),
    );
    assert_eq!(status, 200, "{v}");
    assert!(v["best"].is_string(), "{v}");
    assert!(started.elapsed() < Duration::from_secs(5));
    // Past the cap, the time asked is cut to it (the reply says what was used).
    let (_, v) = post(
        &s,
        "/api/engine",
        &json!({ "variant": { "id": chess }, "moves": ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"], "movetime": 99_999_999u64 }),
    );
    assert_eq!(v["best"], Value::Null, "checkmate: no move");
}

#[test]
fn bodies_texts_and_lines_are_capped() {
    let s = serve(&[]);
    let big = vec![b' '; 600 * 1024];
    let (status, _) = request(&s, "POST", "/api/validate", None, &big);
    assert_eq!(status, 413);
    let text = "/".repeat(300 * 1024);
    let (_, v) = post(&s, "/api/validate", &json!({ "text": text }));
    assert_eq!(v["valid"], false);
    assert!(
        v["diagnostics"][0]["message"].as_str().unwrap().contains("larger than"),
        "{v}"
    );
    let (status, _) = post(&s, "/api/position", &json!({ "variant": { "text": text } }));
    assert_eq!(status, 413);
    let moves: Vec<&str> = std::iter::repeat_n("e2e4", 2001).collect();
    let (status, _) = post(&s, "/api/position", &json!({ "variant": { "id": 0 }, "moves": moves }));
    assert_eq!(status, 413);
    let (status, _) = request(&s, "POST", "/api/position", None, b"{not json");
    assert_eq!(status, 400);
}

#[test]
fn a_costly_variant_gets_the_command_lines_error_and_stalls_nobody() {
    let s = serve(&[]);
    let hostile = std::fs::read_to_string("tests/fixtures/adversarial/setup-unsatisfiable.ron").unwrap();
    let (_, cli, _) = kaboom(&[
        "validate",
        "--format",
        "json",
        "tests/fixtures/adversarial/setup-unsatisfiable.ron",
    ]);
    let cli: Value = serde_json::from_str(&cli).unwrap();
    let addr = s.addr.clone();
    let workers: Vec<_> = (0..3)
        .map(|_| {
            let text = hostile.clone();
            let addr = addr.clone();
            std::thread::spawn(move || {
                let s = Server {
                    child: Command::new("true").spawn().unwrap(),
                    addr,
                };
                post(&s, "/api/validate", &json!({ "text": text }))
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    let (status, _) = get(&s, "/api/variants");
    let waited = started.elapsed();
    assert_eq!(status, 200);
    assert!(waited < Duration::from_millis(300), "a plain request waited {waited:?}");
    for w in workers {
        let (status, v) = w.join().unwrap();
        assert_eq!(status, 200);
        assert_eq!(v["valid"], false);
        assert_eq!(
            v["diagnostics"][0]["message"],
            cli["files"][0]["diagnostics"][0]["message"]
        );
    }
}

#[test]
fn command_line_errors() {
    let (code, _, err) = kaboom(&["serve", "--port", "70000"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("70000"), "{err}");
    let (code, _, err) = kaboom(&["serve", "--port", "0", "no/such/file.ron"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no/such/file.ron"), "{err}");
    let (code, _, err) = kaboom(&["serve", "--port", "0", "--host", "not an address"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot listen on not an address"), "{err}");
    // A folder that cannot be read (as root every folder can: then skip that part).
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-locked");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.ron"), "()").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read_dir(&dir).is_err() {
        let (code, _, err) = kaboom(&["serve", "--port", "0", dir.to_str().unwrap()]);
        assert_eq!(code, 2, "{err}");
    }
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    // A folder with no variant file in it.
    let empty = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (code, _, err) = kaboom(&["serve", "--port", "0", empty.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("holds no .ron files"), "{err}");
    // A port already taken.
    let s = serve(&[]);
    let port = s.addr.rsplit(':').next().unwrap();
    let (code, _, err) = kaboom(&["serve", "--port", port]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot listen"), "{err}");
}
