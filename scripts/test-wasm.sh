#!/bin/sh
# The WebAssembly build's JavaScript API (web/kaboom.js over
# web/kaboom.wasm) tested in Node (wasm/tests, node's own test runner).
# Needs web/ built (sh scripts/build-web.sh; scripts/test.sh builds it
# first). Skips with a note, exit 0, when node (18 or later) or the build
# is missing. The page itself is tested in Chromium by tests/browser_web.rs.
set -eu
cd "$(dirname "$0")/.."
skip() {
    echo "test-wasm: skipped: $1" >&2
    exit 0
}
command -v node >/dev/null 2>&1 || skip "no node"
node -e 'process.exit(parseInt(process.versions.node, 10) >= 18 ? 0 : 1)' || skip "node $(node --version) is older than 18"
[ -f web/kaboom.wasm ] || skip "web/kaboom.wasm is not built (sh scripts/build-web.sh)"
node --test wasm/tests/
