#!/bin/sh
# Every test, as CI runs it: first the tools some tests drive (headless
# Chromium for the playground, python-chess for the UCI games), installed
# when missing by scripts/install-test-tools.sh (Debian packages only as
# root; the tests that need a missing tool skip with a note), then the
# whole test suite. Extra arguments go to `cargo test`.
set -eu
cd "$(dirname "$0")/.."
bash scripts/install-test-tools.sh || echo "test tools not installed: the tests that need them skip with a note" >&2
exec cargo test --release "$@"
