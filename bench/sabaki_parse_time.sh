#!/bin/sh
# Times the parse of each SGF file by @sabaki/sgf, the parser of the Sabaki viewer: what a
# user waits for before Sabaki draws a dictionary (the budget's target: 2 s per file).
#
#   bench/sabaki_parse_time.sh FILE.sgf...      (RUNS=N parses per file, median; default 3)
#
# Needs node and @sabaki/sgf (`make -f Makefile.dist test-tools` installs it into
# tests/emit/node_modules).
set -eu
[ $# -ge 1 ] || { echo "usage: $0 FILE.sgf..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
NODE_PATH="$here/../tests/emit/node_modules${NODE_PATH:+:$NODE_PATH}" \
  exec node --max-old-space-size=4096 "$here/sabaki_parse_time.js" "$@"
