#!/usr/bin/env bash
# Installs the tools some tests use, when they are missing (idempotent):
# - chromium and chromium-driver (Debian packages) for tests/browser.rs,
#   which drives the playground (`kaboom serve`) in headless Chromium;
# - python-chess for tests/python_chess.rs;
# - maturin (PyPI) for scripts/test-python.sh, which builds the Python module;
# - the wasm32-unknown-unknown target (rustup) for scripts/build-web.sh,
#   which builds the static playground's WebAssembly module.
# Debian packages install only when running as root; otherwise the script
# says what is missing and the tests that need it skip with a note.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || [ -x /usr/lib/chromium/chromedriver ] || missing+=(chromium-driver)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        export DEBIAN_FRONTEND=noninteractive
        for try in 1 2 3; do
            if apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core; then
                break
            fi
            echo "apt-get failed (try $try); retrying" >&2
            sleep 5
        done
    else
        echo "install-test-tools: missing ${missing[*]} (run as root, or: apt-get install ${missing[*]})" >&2
    fi
fi

if ! python3 -c "import chess.engine, chess.variant" >/dev/null 2>&1; then
    python3 -m pip install --quiet "chess==1.11.2" || echo "install-test-tools: could not install python-chess" >&2
fi
if ! command -v maturin >/dev/null 2>&1 && ! python3 -m maturin --version >/dev/null 2>&1; then
    python3 -m pip install --quiet "maturin==1.16.0" || echo "install-test-tools: could not install maturin" >&2
fi
if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || echo "install-test-tools: could not add the wasm32-unknown-unknown target" >&2
fi
echo "install-test-tools: chromium $(command -v chromium || echo missing), chromedriver $(command -v chromedriver || echo missing)"
