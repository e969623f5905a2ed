#!/bin/sh
# Measures kaboom and Fairy-Stockfish side by side, in one run, on the same
# positions and depths: single-thread perft from the start position, counted
# the standard way (Fairy-Stockfish's `go perft` does the same). Prints the
# nodes per second of each and their ratio, pair by pair.
#
#   scripts/compare-fairy-stockfish.sh            # chess 6, atomic 6, capablanca 5, crazyhouse 5, horde 6, xiangqi 5,
#                                                 # racing kings 5, grand 4
#   VARIANTS="xiangqi 4;racing-kings 5 racingkings" scripts/compare-fairy-stockfish.sh
#   REPEAT=3 scripts/compare-fairy-stockfish.sh   # best of 3 runs each
#   FSF_FROM_SOURCE=1 scripts/compare-fairy-stockfish.sh
#   FSF=/path/to/stockfish scripts/compare-fairy-stockfish.sh
#
# Fairy-Stockfish: $FSF if given; with FSF_FROM_SOURCE=1, a build from its
# source at commit $FSF_COMMIT (cloned once into target/fairy-stockfish,
# built with `make build ARCH=x86-64-modern largeboards=yes all=yes`, for
# this CPU and every variant, atomic included); else Debian's package
# (installed with apt-get if missing; it lacks atomic, which is then
# skipped). kaboom's release build is built if missing.
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-1}
FSF_COMMIT=${FSF_COMMIT:-c19b5f6c66894fdb0e88d0dd100e3885f744760a}
if [ -z "${FSF:-}" ] && [ "${FSF_FROM_SOURCE:-0}" = 1 ]; then
    src=target/fairy-stockfish
    if [ ! -x "$src/src/stockfish" ]; then
        echo "building Fairy-Stockfish $FSF_COMMIT from source in $src..." >&2
        [ -d "$src/.git" ] || git clone --quiet https://github.com/fairy-stockfish/Fairy-Stockfish.git "$src"
        git -C "$src" checkout --quiet "$FSF_COMMIT"
        make -C "$src/src" build ARCH=x86-64-modern largeboards=yes all=yes -j2 >/dev/null
    fi
    FSF=$src/src/stockfish
fi
if [ -z "${FSF:-}" ]; then
    FSF=$(command -v fairy-stockfish || true)
    [ -n "$FSF" ] || FSF=/usr/games/fairy-stockfish
    if [ ! -x "$FSF" ]; then
        echo "installing Debian's fairy-stockfish package..." >&2
        apt-get install -y fairy-stockfish >/dev/null
    fi
fi
# The variants this Fairy-Stockfish plays.
KNOWN=$(printf 'uci\nquit\n' | "$FSF" 2>/dev/null | sed -n 's/^option name UCI_Variant type combo default [^ ]* //p' | sed 's/var //g')
[ -x target/release/kaboom ] || cargo build --release --quiet
KABOOM=target/release/kaboom

now_ns() { date +%s%N; }

# fsf_perft VARIANT DEPTH -> "nodes nanoseconds"
fsf_perft() {
    start=$(now_ns)
    nodes=$(printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\n' "$1" "$2" \
        | "$FSF" 2>/dev/null | sed -n 's/^Nodes searched: //p')
    end=$(now_ns)
    echo "$nodes $((end - start))"
}

# kaboom_perft VARIANT DEPTH -> "nodes nanoseconds"
kaboom_perft() {
    start=$(now_ns)
    nodes=$("$KABOOM" perft "$1" "$2" 2>/dev/null | sed -n 's/^Nodes searched: //p')
    end=$(now_ns)
    echo "$nodes $((end - start))"
}

# best RUNNER VARIANT DEPTH -> "nodes nanoseconds" of the fastest of REPEAT runs
best() {
    best_ns=0
    i=0
    while [ "$i" -lt "$REPEAT" ]; do
        set -- "$1" "$2" "$3"
        result=$("$1" "$2" "$3")
        ns=${result#* }
        if [ "$best_ns" -eq 0 ] || [ "$ns" -lt "$best_ns" ]; then best_ns=$ns; best_nodes=${result% *}; fi
        i=$((i + 1))
    done
    echo "$best_nodes $best_ns"
}

printf '%-12s %5s %12s %14s %14s %7s\n' variant depth nodes "kaboom nps" "fsf nps" ratio
# Entries separated by `;`, each kaboom's variant, the depth, and
# Fairy-Stockfish's name when it differs.
VARIANTS=${VARIANTS:-"chess 6;atomic 6;capablanca 5;crazyhouse 5;horde 6;xiangqi 5;racing-kings 5 racingkings;grand 4"}
old_ifs=$IFS
IFS=';'
set -f
for pair in $VARIANTS; do
    IFS=$old_ifs
    set -- $pair
    fsf_name=${3:-$1}
    if ! printf '%s\n' $KNOWN | grep -qx "$fsf_name"; then
        echo "$fsf_name: this Fairy-Stockfish does not play it (FSF_FROM_SOURCE=1 builds one that does); skipped" >&2
        continue
    fi
    k=$(best kaboom_perft "$1" "$2")
    f=$(best fsf_perft "$fsf_name" "$2")
    kn=${k% *}; kt=${k#* }; fn=${f% *}; ft=${f#* }
    if [ "$kn" != "$fn" ]; then
        echo "$1 $2: node counts differ: kaboom $kn, fairy-stockfish $fn" >&2
        exit 1
    fi
    awk -v v="$1" -v d="$2" -v n="$kn" -v kt="$kt" -v ft="$ft" 'BEGIN {
        k = n / (kt / 1e9); f = n / (ft / 1e9);
        printf "%-12s %5s %12d %14.0f %14.0f %6.2fx\n", v, d, n, k, f, k / f }'
done
