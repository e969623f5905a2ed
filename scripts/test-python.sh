#!/bin/sh
# The Python module (python/): builds its wheel with maturin (release),
# installs it into a fresh virtual environment and runs the pytest suite
# (python/tests) against the installed wheel. Skips with a note, exit 0,
# when a tool it needs is missing: python3, its venv module, maturin, or
# pytest (installed into the environment from PyPI when reachable, else the
# one of the interpreter that runs the script).
# Run by scripts/test.sh after cargo test. Extra arguments go to pytest.
#
#   scripts/test-python.sh            # build, install, test
#   PYTHON=python3.8 scripts/test-python.sh
#   KABOOM_WHEEL_DIR=dist scripts/test-python.sh   # keep the wheel there
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
PYTHON=${PYTHON:-python3}

skip() {
    echo "test-python: skipped: $1" >&2
    exit 0
}

command -v "$PYTHON" >/dev/null 2>&1 || skip "no $PYTHON"
if command -v maturin >/dev/null 2>&1; then
    maturin=maturin
elif "$PYTHON" -m maturin --version >/dev/null 2>&1; then
    maturin="$PYTHON -m maturin"
else
    skip "no maturin (pip install maturin)"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
"$PYTHON" -m venv "$work/venv" >/dev/null 2>&1 || skip "$PYTHON has no working venv module (apt-get install python3-venv)"
venv_python="$work/venv/bin/python"

wheels=${KABOOM_WHEEL_DIR:-$work/wheels}
echo "test-python: building the wheel (maturin, release)" >&2
start=$(date +%s)
$maturin build --release --locked --manifest-path python/Cargo.toml --interpreter "$PYTHON" --out "$wheels"
echo "test-python: wheel built in $(( $(date +%s) - start )) s" >&2
wheel=$(ls -t "$wheels"/kaboom-*.whl | head -n 1)
PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv_python" -m pip install --quiet --no-index --force-reinstall "$wheel"

# pytest in the fresh environment, else the interpreter's own pytest with
# the environment's packages first on the path.
if PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv_python" -m pip install --quiet pytest >/dev/null 2>&1; then
    runner="$venv_python"
    pythonpath=""
elif "$PYTHON" -m pytest --version >/dev/null 2>&1; then
    runner="$PYTHON"
    pythonpath=$("$venv_python" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')
else
    skip "no pytest (PyPI unreachable and $PYTHON has none)"
fi

# From a directory without the source package, so that the installed
# wheel is what is imported.
cd "$work"
PYTHONPATH="$pythonpath" "$runner" -m pytest -p no:cacheprovider "$root/python/tests" "$@"
