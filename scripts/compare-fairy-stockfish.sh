#!/bin/sh
# Measures kaboom and Fairy-Stockfish side by side, in one run, on the same
# positions and depths: single-thread perft from the start position, counted
# the standard way (Fairy-Stockfish's `go perft` does the same). Prints the
# nodes per second of each and their ratio, pair by pair, then kaboom's
# speed on the variants Fairy-Stockfish does not play, as a share of
# kaboom's chess speed in the same run.
#
#   scripts/compare-fairy-stockfish.sh            # chess 6, atomic 6, capablanca 5, crazyhouse 5, horde 6, xiangqi 5,
#                                                 # racing kings 5, grand 4; then bouncing-pieces 5, tilting-the-balance 5,
#                                                 # kaboom 5 against chess
#   VARIANTS="xiangqi 4;racing-kings 5 racingkings" scripts/compare-fairy-stockfish.sh
#   ONLY_KABOOM="bouncing-pieces 4" scripts/compare-fairy-stockfish.sh   # ONLY_KABOOM="" skips them
#   REPEAT=3 scripts/compare-fairy-stockfish.sh   # best of 3 runs each
#   FSF_FROM_SOURCE=1 scripts/compare-fairy-stockfish.sh
#   FSF=/path/to/stockfish scripts/compare-fairy-stockfish.sh
#
# Fairy-Stockfish: $FSF if given (one build for every row). With
# FSF_FROM_SOURCE=1, two builds from its source at commit $FSF_COMMIT (cloned
# once into target/fairy-stockfish), both for this CPU: the standard one
# (`make build ARCH=x86-64-modern`, 64-bit boards: chess, atomic,
# crazyhouse, horde, racing kings), which every 8x8 row uses, and the one
# for large boards and every variant (`largeboards=yes all=yes`: capablanca,
# xiangqi, grand, shogi, janggi, duck), used where the first does not play
# the variant. Else Debian's package (installed with apt-get if missing; it
# lacks atomic, which is then skipped). The build each row used is printed.
# kaboom's release build is built if missing.
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-1}
FSF_COMMIT=${FSF_COMMIT:-c19b5f6c66894fdb0e88d0dd100e3885f744760a}
FSF_LARGE=${FSF_LARGE:-}
# build_fsf DIR MAKE-ARGS...: Fairy-Stockfish at $FSF_COMMIT, built in DIR.
build_fsf() {
    dir=$1
    shift
    if [ ! -x "$dir/src/stockfish" ]; then
        echo "building Fairy-Stockfish $FSF_COMMIT ($*) in $dir..." >&2
        if [ ! -d target/fairy-stockfish/.git ]; then
            git clone --quiet https://github.com/fairy-stockfish/Fairy-Stockfish.git target/fairy-stockfish
        fi
        [ -d "$dir/.git" ] || git clone --quiet target/fairy-stockfish "$dir"
        git -C "$dir" checkout --quiet "$FSF_COMMIT"
        make -C "$dir/src" build ARCH=x86-64-modern "$@" -j2 >/dev/null 2>&1
    fi
}
if [ -z "${FSF:-}" ] && [ "${FSF_FROM_SOURCE:-0}" = 1 ]; then
    build_fsf target/fairy-stockfish-standard
    build_fsf target/fairy-stockfish-large largeboards=yes all=yes
    FSF=target/fairy-stockfish-standard/src/stockfish
    FSF_LARGE=target/fairy-stockfish-large/src/stockfish
fi
if [ -z "${FSF:-}" ]; then
    FSF=$(command -v fairy-stockfish || true)
    [ -n "$FSF" ] || FSF=/usr/games/fairy-stockfish
    if [ ! -x "$FSF" ]; then
        echo "installing Debian's fairy-stockfish package..." >&2
        apt-get install -y fairy-stockfish >/dev/null
    fi
fi
# known ENGINE: the variants this Fairy-Stockfish plays, one per line.
known() {
    printf 'uci\nquit\n' | "$1" 2>/dev/null | sed -n 's/^option name UCI_Variant type combo default [^ ]* //p' \
        | sed 's/var //g' | tr ' ' '\n'
}
KNOWN=$(known "$FSF")
KNOWN_LARGE=
[ -z "$FSF_LARGE" ] || KNOWN_LARGE=$(known "$FSF_LARGE")
[ -x target/release/kaboom ] || cargo build --release --quiet
KABOOM=target/release/kaboom

now_ns() { date +%s%N; }

# fsf_perft VARIANT DEPTH -> "nodes nanoseconds", with the build in $ENGINE
fsf_perft() {
    start=$(now_ns)
    nodes=$(printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\n' "$1" "$2" \
        | "$ENGINE" 2>/dev/null | sed -n 's/^Nodes searched: //p')
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


printf '%-20s %5s %12s %14s %14s %7s  %s\n' variant depth nodes "kaboom nps" "fsf nps" ratio "fairy-stockfish build"
# Entries separated by `;`, each kaboom's variant, the depth, and
# Fairy-Stockfish's name when it differs.
VARIANTS=${VARIANTS:-"chess 6;atomic 6;capablanca 5;crazyhouse 5;horde 6;xiangqi 5;racing-kings 5 racingkings;grand 4"}
# kaboom's chess speed in this run, nodes per second (0: not measured yet).
CHESS_NPS=0
old_ifs=$IFS
IFS=';'
set -f
for pair in $VARIANTS; do
    IFS=$old_ifs
    set -- $pair
    fsf_name=${3:-$1}
    if printf '%s\n' "$KNOWN" | grep -qx "$fsf_name"; then
        ENGINE=$FSF
    elif [ -n "$KNOWN_LARGE" ] && printf '%s\n' "$KNOWN_LARGE" | grep -qx "$fsf_name"; then
        ENGINE=$FSF_LARGE
    else
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
    [ "$1" != chess ] || CHESS_NPS=$(awk -v n="$kn" -v t="$kt" 'BEGIN { printf "%.0f", n / (t / 1e9) }')
    awk -v v="$1" -v d="$2" -v n="$kn" -v kt="$kt" -v ft="$ft" -v e="$ENGINE" 'BEGIN {
        k = n / (kt / 1e9); f = n / (ft / 1e9);
        printf "%-20s %5s %12d %14.0f %14.0f %6.2fx  %s\n", v, d, n, k, f, k / f, e }'
    IFS=';'
done
IFS=$old_ifs

# The variants only kaboom plays, against kaboom's own chess speed.
ONLY_KABOOM=${ONLY_KABOOM-"bouncing-pieces 5;tilting-the-balance 5;kaboom 5"}
[ -n "$ONLY_KABOOM" ] || exit 0
if [ "$CHESS_NPS" -eq 0 ]; then
    c=$(best kaboom_perft chess 6)
    CHESS_NPS=$(awk -v n="${c% *}" -v t="${c#* }" 'BEGIN { printf "%.0f", n / (t / 1e9) }')
fi
echo
printf '%-20s %5s %12s %14s %14s\n' variant depth nodes "kaboom nps" "of chess's"
IFS=';'
for pair in $ONLY_KABOOM; do
    IFS=$old_ifs
    set -- $pair
    k=$(best kaboom_perft "$1" "$2")
    awk -v v="$1" -v d="$2" -v n="${k% *}" -v kt="${k#* }" -v c="$CHESS_NPS" 'BEGIN {
        k = n / (kt / 1e9);
        printf "%-20s %5s %12d %14.0f %13.2fx\n", v, d, n, k, k / c }'
    IFS=';'
done
