#!/bin/sh
# Every cargo-fuzz target, built once and run side by side, one core each.
#
#   scripts/fuzz-all.sh build             # build every target (optimised, debug
#                                          # assertions and overflow checks on),
#                                          # stripped, packed into target/fuzz-bin.tar.xz
#   scripts/fuzz-all.sh run SECONDS [DIR] # unpack (if DIR holds the pack) and run every
#                                          # target for SECONDS, JOBS at a time (default all
#                                          # at once), corpora seeded
#                                          # from variants/ and tests/fixtures/; prints one
#                                          # line per target: executions, corpus, crashes
#
# The two halves are apart so that a larger machine without a Rust
# toolchain can run what this one built (docs/limits.md, "Fuzzing"). The
# sanitizer is off (`-s none`): kaboom is safe Rust, and without it each
# target runs several times faster; overflow checks stay on (`-a`).
set -eu
cd "$(dirname "$0")/.."
targets=$(sed -n 's/^name = "\(.*\)"/\1/p' fuzz/Cargo.toml | grep -v '^kaboom-fuzz$')
case "${1:-}" in
build)
    bin=fuzz/target/x86_64-unknown-linux-gnu/release
    out=target/fuzz-bin
    rm -rf "$out" && mkdir -p "$out"
    RUSTC_BOOTSTRAP=1 cargo fuzz build -O -a -s none --fuzz-dir fuzz >&2
    for t in $targets; do
        cp "$bin/$t" "$out/$t" && strip "$out/$t"
    done
    tar -C target -cJf target/fuzz-bin.tar.xz fuzz-bin
    ls -la target/fuzz-bin.tar.xz >&2
    ;;
run)
    seconds=${2:?seconds}
    dir=${3:-target}
    [ -f "$dir/fuzz-bin.tar.xz" ] && tar -C "$dir" -xJf "$dir/fuzz-bin.tar.xz"
    work=${FUZZ_WORK:-$dir/fuzz-run}
    mkdir -p "$work"
    for t in $targets; do
        mkdir -p "$work/corpus-$t" "$work/crashes-$t"
        cp variants/*.ron tests/fixtures/*/*.ron "$work/corpus-$t/" 2>/dev/null || true
    done
    # JOBS targets at a time (default: all at once, for a machine with a
    # core per target).
    export dir work seconds
    printf '%s\n' $targets | xargs -P "${JOBS:-0}" -I{} sh -c '
        "$dir/fuzz-bin/{}" "$work/corpus-{}" -max_total_time="$seconds" -rss_limit_mb=2048 \
            -timeout=20 -print_final_stats=1 -artifact_prefix="$work/crashes-{}/" \
            >"$work/{}.log" 2>&1 || true'

    printf '%-20s %14s %8s %8s\n' target executions corpus crashes
    for t in $targets; do
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$t.log" | tail -1)
        corpus=$(ls "$work/corpus-$t" | wc -l)
        crashes=$(ls "$work/crashes-$t" | wc -l)
        printf '%-20s %14s %8s %8s\n' "$t" "${execs:-?}" "$corpus" "$crashes"
    done
    ;;
*)
    sed -n '2,14p' "$0" >&2
    exit 2
    ;;
esac
