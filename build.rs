//! Embeds every `variants/*.ron` file in the binary, so bundled variants
//! play from anywhere without the source tree.

use std::{env, fs, path::Path};

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("variants");
    println!("cargo:rerun-if-changed=variants");
    let mut entries: Vec<_> = fs::read_dir(&dir)
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.retain(|p| p.extension().is_some_and(|e| e == "ron"));
    // Sorted by variant name (file stem), not by file name: `atomic` before `atomic-lichess`.
    entries.sort_by_key(|p| p.file_stem().map(|s| s.to_os_string()));
    let mut code = String::from("/// Bundled variants: (name, text).\npub static BUNDLED: &[(&str, &str)] = &[\n");
    for path in entries {
        println!("cargo:rerun-if-changed={}", path.display());
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("variant file names are UTF-8");
        code.push_str(&format!(
            "    ({stem:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
