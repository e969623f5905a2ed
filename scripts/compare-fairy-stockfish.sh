#!/bin/sh
# Measures kaboom and Fairy-Stockfish side by side, in one run, on the same
# positions and depths: single-thread perft from the start position, counted
# the standard way (Fairy-Stockfish's `go perft` does the same). One row per
# bundled variant Fairy-Stockfish plays: each program's whole run, its
# start-up (the same run at depth 1, shown apart; Fairy-Stockfish's
# measured once per build, on chess) and the ratio of the
# perft speeds with the start-up taken off (Fairy-Stockfish's perft cost
# over kaboom's: above 1, kaboom is faster), then the ratio of the whole
# runs as the issue tables gave it. Then kaboom's speed on the seed
# variants (and those the issues compare with chess), as a share of
# kaboom's chess speed in the same run, start-ups taken off (in time,
# chess is run again in turn with each of them).
#
#   scripts/compare-fairy-stockfish.sh                 # wall time, every row
#   MEASURE=instructions scripts/compare-fairy-stockfish.sh
#   VARIANTS="xiangqi 4;racing-kings 5 racingkings" scripts/compare-fairy-stockfish.sh
#   SEEDS="bouncing-pieces 4" scripts/compare-fairy-stockfish.sh   # SEEDS="" skips them
#   REPEAT=3 scripts/compare-fairy-stockfish.sh        # best of 3 runs each
#   FSF_FROM_SOURCE=1 scripts/compare-fairy-stockfish.sh
#   FSF=/path/to/stockfish scripts/compare-fairy-stockfish.sh
#   KABOOM=/path/to/kaboom scripts/compare-fairy-stockfish.sh   # another build of kaboom
#
# MEASURE=time (the default): wall time of the whole process, in seconds.
# MEASURE=instructions: instructions executed, counted by valgrind's
# callgrind (needs valgrind; about 50 times slower, so the default depths
# are lower: a few hundred thousand nodes each), for a loaded machine where time cannot be trusted. The
# ratio of instruction counts is the ratio of times only where both
# programs retire as many instructions per cycle: they do not (on the
# 2-core development machine kaboom's chess perft retires fewer per cycle
# than Fairy-Stockfish's, so the instruction ratio of chess overstates the
# time ratio by about a third); the time rows, on an idle machine, are the
# ones the targets are read from.
#
# Fairy-Stockfish: $FSF if given (one build for every row; a large-board
# `all=yes` build plays them all). With FSF_FROM_SOURCE=1, two builds from
# its source at commit $FSF_COMMIT (cloned once into target/fairy-stockfish),
# both for this CPU: the standard one (`make build ARCH=x86-64-modern`,
# 64-bit boards), which every 8x8 row uses, and the one for large boards
# and every variant (`largeboards=yes all=yes`), used where the first does
# not play the variant. Else Debian's package (installed with apt-get if
# missing). The build each row used is printed. A variant the build does
# not play is skipped with a note. kaboom's release build is built if
# missing.
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-1}
MEASURE=${MEASURE:-time}
FSF_COMMIT=${FSF_COMMIT:-c19b5f6c66894fdb0e88d0dd100e3885f744760a}
FSF_LARGE=${FSF_LARGE:-}
case $MEASURE in
    time) UNIT=s ;;
    instructions)
        UNIT="millions of instructions"
        command -v valgrind >/dev/null || {
            echo "MEASURE=instructions needs valgrind" >&2
            exit 2
        }
        ;;
    *)
        echo "MEASURE must be time or instructions, not $MEASURE" >&2
        exit 2
        ;;
esac
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
if [ -z "${KABOOM:-}" ]; then
    [ -x target/release/kaboom ] || cargo build --release --quiet
    KABOOM=target/release/kaboom
fi

now_ns() { date +%s%N; }

# measured COMMAND... -> "nodes cost" of the command's run (its output
# read for "Nodes searched: N"), cost in nanoseconds or instructions.
measured() {
    if [ "$MEASURE" = time ]; then
        start=$(now_ns)
        nodes=$("$@" 2>/dev/null | sed -n 's/^Nodes searched: //p')
        end=$(now_ns)
        echo "$nodes $((end - start))"
    else
        out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1)
        nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched: //p')
        cost=$(printf '%s\n' "$out" | sed -n 's/^==[0-9]*== Collected : //p')
        echo "$nodes $cost"
    fi
}

# fsf_run VARIANT DEPTH: Fairy-Stockfish ($ENGINE) counting perft.
fsf_run() {
    printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$1" "$2" | "$ENGINE"
}
fsf_perft() { measured fsf_run "$1" "$2"; }
kaboom_perft() { measured "$KABOOM" perft "$1" "$2"; }
# In instruction mode the shell function cannot run under valgrind: the
# engine does, reading the commands from a file.
if [ "$MEASURE" = instructions ]; then
    fsf_perft() {
        cmds=$(mktemp)
        printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$1" "$2" >"$cmds"
        out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$ENGINE" <"$cmds" 2>&1)
        rm -f "$cmds"
        nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched: //p')
        cost=$(printf '%s\n' "$out" | sed -n 's/^==[0-9]*== Collected : //p')
        echo "$nodes $cost"
    }
fi

# best RUNNER VARIANT DEPTH -> "nodes cost" of the cheapest of REPEAT runs
best() {
    best_cost=0
    i=0
    while [ "$i" -lt "$REPEAT" ]; do
        result=$("$1" "$2" "$3")
        cost=${result#* }
        if [ "$best_cost" -eq 0 ] || [ "$cost" -lt "$best_cost" ]; then
            best_cost=$cost
            best_nodes=${result% *}
        fi
        i=$((i + 1))
    done
    echo "$best_nodes $best_cost"
}

# Entries separated by `;`, each kaboom's variant, the depth, and
# Fairy-Stockfish's name when it differs.
if [ "$MEASURE" = time ]; then
    # Deep enough that each of kaboom's runs takes half a second or more
    # on the 2-core development machine: shorter runs are mostly noise.
    DEFAULT_VARIANTS="chess 6;atomic 6;three-check 6 3check;five-check 6 5check;racing-kings 6 racingkings;antichess 6"
    DEFAULT_VARIANTS="$DEFAULT_VARIANTS;crazyhouse 6;horde 7;duck 3;capablanca 6;grand 5;janggi 5;xiangqi 5;shogi 6"
    DEFAULT_SEEDS="three-check 6;racing-kings 6;atomic 6;tilting-the-balance 6;kaboom 6;bouncing-pieces 6;capatomic-random 5"
    CHESS_DEPTH=6
else
    DEFAULT_VARIANTS="chess 4;atomic 4;three-check 4 3check;five-check 4 5check;racing-kings 4 racingkings;antichess 4"
    DEFAULT_VARIANTS="$DEFAULT_VARIANTS;crazyhouse 4;horde 5;duck 2;capablanca 4;grand 3;janggi 4;xiangqi 3;shogi 4"
    DEFAULT_SEEDS="three-check 4;racing-kings 4;atomic 4;tilting-the-balance 4;kaboom 4;bouncing-pieces 4;capatomic-random 3"
    CHESS_DEPTH=4
fi
VARIANTS=${VARIANTS-$DEFAULT_VARIANTS}
SEEDS=${SEEDS-$DEFAULT_SEEDS}

# show COST -> the cost in the unit of the table.
show() {
    if [ "$MEASURE" = time ]; then
        awk -v c="$1" 'BEGIN { printf "%.2f", c / 1e9 }'
    else
        awk -v c="$1" 'BEGIN { printf "%.1f", c / 1e6 }'
    fi
}

# interleaved VARIANT DEPTH: kaboom's perft of VARIANT and of chess at
# $CHESS_DEPTH run in turn REPEAT times; prints the variant's best
# "nodes cost", then "|" and chess's best cost per node, start-up off.
interleaved() {
    best_cost=0
    best_chess=0
    i=0
    while [ "$i" -lt "$REPEAT" ]; do
        c=$(kaboom_perft chess "$CHESS_DEPTH")
        result=$(kaboom_perft "$1" "$2")
        if [ "$best_chess" -eq 0 ] || [ "${c#* }" -lt "$best_chess" ]; then
            best_chess=${c#* }
            chess_nodes=${c% *}
        fi
        if [ "$best_cost" -eq 0 ] || [ "${result#* }" -lt "$best_cost" ]; then
            best_cost=${result#* }
            best_nodes=${result% *}
        fi
        i=$((i + 1))
    done
    cs=$(startup chess)
    echo "$best_nodes $best_cost|$(awk -v n="$chess_nodes" -v c="$best_chess" -v s="$cs" 'BEGIN { print (c - s) / n }')"
}

# Kaboom's start-up per variant, measured once (perft 1).
startup() { best kaboom_perft "$1" 1 | cut -d' ' -f2; }

echo "measure: $MEASURE ($UNIT); start-up: the same run at depth 1; ratio: Fairy-Stockfish's perft cost over kaboom's, start-ups taken off (whole: with them)"
printf '%-16s %5s %12s %9s %9s %9s %9s %7s %7s  %s\n' variant depth nodes kaboom "k start" fsf "f start" ratio whole "fairy-stockfish build"
# kaboom's chess perft cost per node in this run, start-up taken off.
CHESS_PER_NODE=
FSF_START=
FSF_LARGE_START=
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
        IFS=';'
        continue
    fi
    k=$(best kaboom_perft "$1" "$2")
    ks=$(startup "$1")
    f=$(best fsf_perft "$fsf_name" "$2")
    # Fairy-Stockfish's start-up, once per build (chess, perft 1).
    if [ "$ENGINE" = "$FSF" ]; then
        [ -n "$FSF_START" ] || FSF_START=$(best fsf_perft chess 1 | cut -d' ' -f2)
        fs=$FSF_START
    else
        [ -n "$FSF_LARGE_START" ] || FSF_LARGE_START=$(best fsf_perft chess 1 | cut -d' ' -f2)
        fs=$FSF_LARGE_START
    fi
    kn=${k% *}
    kc=${k#* }
    fn=${f% *}
    fc=${f#* }
    if [ "$kn" != "$fn" ]; then
        echo "$1 $2: node counts differ: kaboom $kn, fairy-stockfish $fn" >&2
        IFS=';'
        continue
    fi
    [ "$1" != chess ] || [ "$2" != "$CHESS_DEPTH" ] || CHESS_PER_NODE=$(awk -v n="$kn" -v c="$kc" -v s="$ks" 'BEGIN { print (c - s) / n }')
    printf '%-16s %5s %12s %9s %9s %9s %9s %7s %7s  %s\n' "$1" "$2" "$kn" "$(show "$kc")" "$(show "$ks")" \
        "$(show "$fc")" "$(show "$fs")" \
        "$(awk -v k="$kc" -v ks="$ks" -v f="$fc" -v fs="$fs" 'BEGIN { d = k - ks; if (d <= 0) d = 1; printf "%.2fx", (f - fs) / d }')" \
        "$(awk -v k="$kc" -v f="$fc" 'BEGIN { printf "%.2fx", f / k }')" "$ENGINE"
    IFS=';'
done
IFS=$old_ifs

# The seed variants against kaboom's own chess speed.
[ -n "$SEEDS" ] || exit 0
if [ -z "$CHESS_PER_NODE" ]; then
    c=$(best kaboom_perft chess "$CHESS_DEPTH")
    cs=$(startup chess)
    CHESS_PER_NODE=$(awk -v n="${c% *}" -v c="${c#* }" -v s="$cs" 'BEGIN { print (c - s) / n }')
fi
echo
echo "speed against kaboom's chess (perft $CHESS_DEPTH; in time, chess run in turn with each row), start-ups taken off"
printf '%-20s %5s %12s %9s %9s %10s\n' variant depth nodes kaboom "k start" "of chess's"
IFS=';'
for pair in $SEEDS; do
    IFS=$old_ifs
    set -- $pair
    if [ "$MEASURE" = time ]; then
        # In time, chess is run again beside each seed, the two in turn
        # (best of REPEAT each): a machine whose speed drifts over a long
        # run then moves both alike.
        k=$(interleaved "$1" "$2")
        chess=${k##*|}
        k=${k%|*}
    else
        k=$(best kaboom_perft "$1" "$2")
        chess=$CHESS_PER_NODE
    fi
    ks=$(startup "$1")
    printf '%-20s %5s %12s %9s %9s %10s\n' "$1" "$2" "${k% *}" "$(show "${k#* }")" "$(show "$ks")" \
        "$(awk -v n="${k% *}" -v c="${k#* }" -v s="$ks" -v chess="$chess" 'BEGIN { printf "%.2fx", chess / ((c - s) / n) }')"
    IFS=';'
done
