#!/usr/bin/env bash
# Perft speed of every fairy condition under variants/fairy/ against
# chess's, as the Markdown table of docs/fairy.md and the README (issue 34:
# each at least a quarter of chess's speed). A benchmark, not a test.
#
# Each file is counted from its start position at the smallest depth that
# gives at least NODES nodes (chess too), best of REPEAT timed runs; the
# speed is the one kaboom prints (loading the file not counted). With
# --instructions, each is also counted under valgrind's callgrind at the
# smallest depth giving INSTR_NODES nodes, less a depth-1 run (the load):
# instructions per node do not depend on what else the machine runs.
#
# Usage: scripts/fairy-speed.sh [--instructions] [FILE.ron...]
# Environment: KABOOM (default target/release/kaboom, built if missing),
# NODES (default 2000000), REPEAT (default 3), INSTR_NODES (default 150000).
set -euo pipefail
cd "$(dirname "$0")/.."

instructions=0
if [[ "${1:-}" == "--instructions" ]]; then
    instructions=1
    shift
fi
files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
    files=(variants/fairy/*.ron)
fi
kaboom=${KABOOM:-target/release/kaboom}
nodes_wanted=${NODES:-2000000}
repeat=${REPEAT:-3}
instr_nodes=${INSTR_NODES:-150000}
if [[ ! -x "$kaboom" ]]; then
    cargo build --release --quiet
fi
if [[ $instructions -eq 1 ]] && ! command -v valgrind >/dev/null; then
    echo "fairy-speed: --instructions needs valgrind" >&2
    exit 1
fi

# perft VARIANT DEPTH -> "nodes nodes_per_second"
perft() {
    local out
    out=$("$kaboom" perft "$1" "$2" 2>&1)
    local nodes nps
    nodes=$(sed -n 's/^Nodes searched: \([0-9]*\).*/\1/p' <<<"$out")
    nps=$(sed -n 's/.* \([0-9]*\) nodes per second.*/\1/p' <<<"$out")
    echo "$nodes ${nps:-0}"
}

# depth VARIANT WANTED -> the smallest depth (at most 8) with WANTED nodes
depth_for() {
    local d=1 nodes
    while :; do
        read -r nodes _ < <(perft "$1" "$d")
        if [[ $nodes -ge $2 || $d -ge 8 ]]; then
            echo "$d"
            return
        fi
        d=$((d + 1))
    done
}

# instructions VARIANT DEPTH -> instructions executed by the perft run
instructions_of() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$kaboom" perft "$1" "$2" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# measure VARIANT -> "depth nodes nps [instructions_per_node]"
measure() {
    local d nodes best=0 nps
    d=$(depth_for "$1" "$nodes_wanted")
    for _ in $(seq "$repeat"); do
        read -r nodes nps < <(perft "$1" "$d")
        if [[ $nps -gt $best ]]; then best=$nps; fi
    done
    local line="$d $nodes $best"
    if [[ $instructions -eq 1 ]]; then
        local di n1 ni i1 ii
        di=$(depth_for "$1" "$instr_nodes")
        read -r n1 _ < <(perft "$1" 1)
        read -r ni _ < <(perft "$1" "$di")
        i1=$(instructions_of "$1" 1)
        ii=$(instructions_of "$1" "$di")
        line="$line $(((ii - i1) / (ni - n1)))"
    fi
    echo "$line"
}

millions() { awk -v n="$1" 'BEGIN { printf "%.2f", n / 1e6 }'; }
share() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
with_commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

read -r c_depth c_nodes c_nps c_ipn < <(measure chess)
echo "Machine: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
if [[ $instructions -eq 1 ]]; then
    echo "| condition | depth | nodes | million nodes/s | share of chess's | instructions/node | share by instructions |"
    echo "|---|---|---|---|---|---|---|"
    echo "| chess | $c_depth | $(with_commas "$c_nodes") | $(millions "$c_nps") | 1.00 | $c_ipn | 1.00 |"
else
    echo "| condition | depth | nodes | million nodes/s | share of chess's |"
    echo "|---|---|---|---|---|"
    echo "| chess | $c_depth | $(with_commas "$c_nodes") | $(millions "$c_nps") | 1.00 |"
fi
for f in "${files[@]}"; do
    name=$(basename "$f" .ron)
    read -r depth nodes nps ipn < <(measure "$f")
    row="| $name | $depth | $(with_commas "$nodes") | $(millions "$nps") | $(share "$nps" "$c_nps") |"
    if [[ $instructions -eq 1 ]]; then
        row="$row $ipn | $(share "$c_ipn" "$ipn") |"
    fi
    echo "$row"
done
