#!/usr/bin/env bash
# Draws the docs' pictures: every line of docs/pictures/pictures.txt
# (NAME | show|explain | VARIANT | FEN [| MOVE]) becomes
# docs/pictures/NAME.svg. tests/pictures.rs checks that the committed
# pictures are what this script draws.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
kaboom=target/release/kaboom
while IFS= read -r line; do
    case "$line" in '#'* | '') continue ;; esac
    IFS='|' read -r name command variant fen move <<<"$line"
    trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
    name=$(trim "$name"); command=$(trim "$command"); variant=$(trim "$variant")
    fen=$(trim "$fen"); move=$(trim "${move:-}")
    if [ "$command" = explain ]; then
        "$kaboom" explain "$variant" --fen "$fen" "$move" --svg "docs/pictures/$name.svg" >/dev/null
    else
        "$kaboom" show "$variant" --fen "$fen" --svg "docs/pictures/$name.svg" >/dev/null
    fi
    echo "docs/pictures/$name.svg"
done < docs/pictures/pictures.txt
