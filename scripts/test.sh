#!/bin/sh
# Every test, as CI runs it: first the tools some tests drive (headless
# Chromium for the playground, python-chess for the UCI games), installed
# when missing by scripts/install-test-tools.sh (Debian packages only as
# root; the tests that need a missing tool skip with a note), then the
# whole test suite, then the Python module's tests (scripts/test-python.sh).
# The static playground (web/) is built first, once, in release
# (scripts/build-web.sh: the WebAssembly module), so that its browser test
# (tests/browser_web.rs) and its JavaScript tests (scripts/test-wasm.sh)
# use it; without the wasm32 target it is skipped with a note.
# Extra arguments go to `cargo test` (and skip the Python and JavaScript tests).
set -eu
cd "$(dirname "$0")/.."
bash scripts/install-test-tools.sh || echo "test tools not installed: the tests that need them skip with a note" >&2
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    KABOOM_NO_WASM_OPT=1 sh scripts/build-web.sh
else
    echo "test: no wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown): the static playground is not built and its tests skip" >&2
fi
cargo test --release "$@"
# The Python module's wheel and its pytest suite (skips with a note when
# Python, venv or maturin is missing); not when the arguments pick tests.
if [ $# -eq 0 ]; then
    sh scripts/test-python.sh
    sh scripts/test-wasm.sh
fi
