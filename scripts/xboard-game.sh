#!/bin/sh
# Plays a short engine-against-engine game of kaboom against itself in
# XBoard (Debian's xboard 4.9) on a virtual X display (Xvfb), then saves a
# screenshot of the screen as PNG.
#
#   scripts/xboard-game.sh VARIANT OUT.png [SECONDS] [LOG]
#
# VARIANT is a bundled variant's XBoard name (`normal` for chess). The
# engines play at 1 s per move (XBoard's `st`) for SECONDS (default 20),
# then the screen is captured with xwd and converted with ImageMagick.
# XBoard's own log of the protocol goes to LOG (default /tmp/xboard.debug).
# Legality testing is off: kaboom, not XBoard, judges the moves (XBoard
# knows chess, capablanca and atomic itself, nothing of the other
# variants but the board, glyphs and Betza moves kaboom sends it).
# Needs: xboard, xvfb, x11-apps (xwd), imagemagick (convert).
set -eu
variant=${1:?usage: xboard-game.sh VARIANT OUT.png [SECONDS] [LOG]}
out=${2:?usage: xboard-game.sh VARIANT OUT.png [SECONDS] [LOG]}
seconds=${3:-20}
log=${4:-/tmp/xboard.debug}
root=$(cd "$(dirname "$0")/.." && pwd)
kaboom=${KABOOM:-$root/target/release/kaboom}
xboard=$(command -v xboard || echo /usr/games/xboard)
display=:$((90 + $$ % 100))
# XBoard names chess `normal`; kaboom's engines start in the variant
# (XBoard tells a second engine only the start FEN of a variant it does
# not know itself).
case $variant in normal) kvariant=chess ;; *) kvariant=$variant ;; esac

Xvfb "$display" -screen 0 1024x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xboard_pid $xvfb 2>/dev/null || true' EXIT INT TERM
sleep 1
home=$(mktemp -d)
HOME=$home DISPLAY=$display "$xboard" \
    -fcp "$kaboom xboard $kvariant" -fd "$root" -scp "$kaboom xboard $kvariant" -sd "$root" \
    -variant "$variant" -mode TwoMachines -searchTime 0:01 \
    -testLegality false -popupExitMessage false -popupMoveErrors false \
    -saveSettingsOnExit false -autoCallFlag true \
    -boardSize medium -debug -nameOfDebugFile "$log" >/dev/null 2>&1 &
xboard_pid=$!
sleep "$seconds"
DISPLAY=$display xwd -root -silent | convert xwd:- -trim +repage "png:$out"
kill "$xboard_pid" 2>/dev/null || true
rm -rf "$home"
echo "saved $out"
