#!/bin/sh
# Every test, as CI runs it: first the tools some tests drive (headless
# Chromium for the playground, python-chess for the UCI games), installed
# when missing by scripts/install-test-tools.sh (Debian packages only as
# root; the tests that need a missing tool skip with a note), then the
# whole test suite, then the Python module's tests (scripts/test-python.sh).
# Extra arguments go to `cargo test` (and skip the Python tests).
set -eu
cd "$(dirname "$0")/.."
bash scripts/install-test-tools.sh || echo "test tools not installed: the tests that need them skip with a note" >&2
cargo test --release "$@"
# The Python module's wheel and its pytest suite (skips with a note when
# Python, venv or maturin is missing); not when the arguments pick tests.
if [ $# -eq 0 ]; then
    sh scripts/test-python.sh
fi
