#!/bin/sh
# Every perft count of the data files under tests/perft/, the deep ones
# included: CI counts at most perft_data::TEST_BUDGET nodes a test (the
# cheapest counts first, tests/common/perft_data.rs), and this counts the
# rest too (tests/perft.rs, and the Fairy-Stockfish comparisons in
# tests/fsf_import.rs: about 5.8 billion nodes, minutes in release).
# Extra arguments go to `cargo test`.
set -eu
cd "$(dirname "$0")/.."
KABOOM_PERFT_FULL=1 cargo test --release --test perft --test fsf_import "$@"
