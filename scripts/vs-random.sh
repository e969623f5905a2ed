#!/bin/sh
# The engine against a random mover: GAMES games (default 100) in every
# bundled variant at NODES nodes per move (default 10000), the engine White
# in even games and Black in odd ones, no random opening plies (the random
# mover varies the games). Prints one line per variant: wins, draws,
# losses and how the games ended (each variant's JSON report is kept in
# $OUT, default a temporary folder). Exits 1 if the engine failed to win
# a game somewhere.
#
#   scripts/vs-random.sh [GAMES] [NODES] [THREADS] [VARIANT...]
#
# With VARIANTs, only those are played: bundled names or variant files
# (`scripts/vs-random.sh 100 10000 2 variants/fairy/*.ron`).
set -eu
games=${1:-100}
nodes=${2:-10000}
threads=${3:-2}
[ $# -gt 3 ] && shift 3 || set --
root=$(cd "$(dirname "$0")/.." && pwd)
kaboom=${KABOOM:-$root/target/release/kaboom}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
status=0
printf '%-22s %5s %5s %5s %8s  %s\n' variant wins draws losses seconds endings
if [ $# -eq 0 ]; then
    set -- $(for f in "$root"/variants/*.ron; do basename "$f" .ron; done)
fi
for variant in "$@"; do
    name=$(basename "$variant" .ron)
    start=$(date +%s)
    json=$("$kaboom" match "$variant" --games "$games" --nodes "$nodes" --threads "$threads" \
        --opponent random --openings 0 --format json)
    end=$(date +%s)
    echo "$json" > "$out/$name.json"
    python3 - "$out/$name.json" "$name" "$((end - start))" <<'PY' || status=1
import json, sys
r = json.load(open(sys.argv[1]))
e = r["engine"]
endings = ", ".join("%s %d" % kv for kv in sorted(r["endings"].items(), key=lambda kv: -kv[1]))
print("%-22s %5d %5d %5d %8s  %s" % (sys.argv[2], e["wins"], e["draws"] + e["both_lose"], e["losses"], sys.argv[3], endings))
sys.exit(0 if e["wins"] == r["played"] else 1)
PY
done
exit $status
