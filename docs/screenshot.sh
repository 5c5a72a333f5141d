#!/bin/sh
# Makes docs/screenshot-joseki.png: a joseki dictionary compiled by josekic from the
# professional games Debian ships (/usr/share/goban, package goban-original-games) and
# samples/, open in a real SGF viewer, CGoban 1, on a virtual X display (Xvfb).
#
# usage: docs/screenshot.sh [JOSEKIC [MOVES [OUTPUT.png [GAME.sgf [TITLE]]]]]
#   JOSEKIC  the josekic binary (default: build/josekic)
#   MOVES    how many moves to step into the main line with CGoban's "forward" button
#            (default: 4, the node docs/reading-a-node.md explains)
#   OUTPUT   the picture to write (default: docs/screenshot-joseki.png)
#   GAME     open this SGF file instead of a freshly compiled joseki dictionary, e.g. the
#            output of `josekic review -o` (docs/screenshot-review.png: GAME.sgf, MOVES 2)
#   TITLE    with GAME: a pattern of the board window's title (default: '^josekic review$',
#            the GN that review -o writes)
#
# A default (budget-cut) joseki.sgf of a large collection opens the same way: GAME is the
# file, TITLE '^josekic joseki dictionary$'. The script says how long CGoban took to show
# its window.
#
# On Debian it installs what is missing (as root, with apt-get). It needs no display of
# its own and leaves nothing running: CGoban exits when its X server is stopped.
#
# Why the main line: CGoban 1 follows an existing variation only through its tree window
# (clicking a board point always starts a new one), and the tree's layout is not
# predictable enough to click into. The main line of a josekic dictionary is its most
# frequent line, so stepping forward shows a real, common node.
# Why that node: CGoban shows text as Latin-1, so a comment with non-ASCII player names
# would come out garbled; the comment of move 4 of the main line is plain ASCII.
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
josekic=${1:-$repo/build/josekic}
moves=${2:-4}
output=${3:-$repo/docs/screenshot-joseki.png}
game=${4:-}
title='^josekic joseki dictionary$'
[ -z "$game" ] || title=${5:-'^josekic review$'}
cgoban=/usr/games/cgoban

# The board window's size fixes where CGoban draws its buttons; the forward button's
# position below was measured in a window of exactly this size.
window_width=700
window_height=940
forward_x=638
forward_y=165

die() { echo "screenshot.sh: $*" >&2; exit 1; }

[ -x "$josekic" ] || die "no josekic binary at $josekic (build it, or pass its path)"
[ -d /usr/share/goban ] || need_goban=1

missing=""
[ -x "$cgoban" ] || missing="$missing cgoban"
command -v Xvfb >/dev/null || missing="$missing xvfb"
command -v import >/dev/null || missing="$missing imagemagick"
command -v xdotool >/dev/null || missing="$missing xdotool"
command -v xwininfo >/dev/null || missing="$missing x11-utils"
[ -z "${need_goban:-}" ] || missing="$missing goban-original-games"
if [ -n "$missing" ]; then
    [ "$(id -u)" = 0 ] || die "missing:$missing; install them with: sudo apt-get install$missing"
    echo "screenshot.sh: installing$missing" >&2
    # shellcheck disable=SC2086 # $missing is a list of package names, split on purpose
    apt-get install -y --no-install-recommends $missing >/dev/null ||
        { apt-get update >/dev/null && apt-get install -y --no-install-recommends $missing >/dev/null; } ||
        die "apt-get could not install$missing"
fi

work=$(mktemp -d)
xvfb_pid=""
cleanup() {
    [ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

if [ -n "$game" ]; then
    [ -f "$game" ] || die "no file $game"
    dictionary=$game
else
    echo "screenshot.sh: compiling /usr/share/goban and samples/ with $josekic" >&2
    "$josekic" compile /usr/share/goban "$repo/samples" -o "$work/dict" -q >/dev/null
    dictionary=$work/dict/joseki.sgf
fi

# A display number nobody uses, so that a running X server (or another run) is untouched.
display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
    display=$((display + 1))
done
Xvfb ":$display" -screen 0 1280x1024x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
DISPLAY=":$display"
export DISPLAY
tries=0
until xwininfo -root >/dev/null 2>&1; do
    tries=$((tries + 1))
    [ "$tries" -lt 50 ] || die "Xvfb did not start: $(cat "$work/xvfb.log")"
    sleep 0.1
done

# CGoban forks into the background; it lives as long as the X server does.
started=$(date +%s.%N)
"$cgoban" -edit "$dictionary" >"$work/cgoban.log" 2>&1 &
board=$(timeout 60 xdotool search --sync --name "$title" | head -n 1) ||
    die "CGoban did not open $dictionary: $(cat "$work/cgoban.log")"
echo "screenshot.sh: CGoban showed $dictionary after $(echo "$(date +%s.%N) - $started" | bc) s" >&2
sleep 4 # let it finish drawing, open its other windows and take down its about box

# Without a window manager every window sits at the top left; hide all but the board.
for title in '^CGoban Control$' '^Cgoban Tools$'; do
    for window in $(xdotool search --name "$title"); do
        xdotool windowunmap "$window"
    done
done
xdotool windowmove "$board" 0 0 windowsize "$board" "$window_width" "$window_height"
sleep 1

import -window "$board" "$work/root.png"
step=0
while [ "$step" -lt "$moves" ]; do
    xdotool mousemove --window "$board" "$forward_x" "$forward_y" click 1
    sleep 0.3
    step=$((step + 1))
done
sleep 1
import -window "$board" "$work/node.png"

if [ "$moves" -gt 0 ] &&
    [ "$(compare -metric AE "$work/root.png" "$work/node.png" null: 2>&1 || true)" = 0 ]; then
    die "stepping forward changed nothing: is the forward button still at $forward_x,$forward_y?"
fi

# 64 colours keep the wood texture recognisable and the file small.
convert "$work/node.png" -colors 64 -strip "png8:$output"
echo "screenshot.sh: wrote $output ($(wc -c <"$output") bytes)" >&2
