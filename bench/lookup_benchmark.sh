#!/bin/sh
# lookup and review against compiled dictionaries, side by side in one run (issue 15):
#
#   bench/lookup_benchmark.sh JOSEKIC GAME.sgf DIR... [-- RUNS]
#
# For each DIR (a compiled dictionary: DIR/index.jki), the start-to-exit wall time of a
# process, warm (one run first), median and fastest of RUNS (default 21; bench/process_time.py)
# and the peak RSS (/usr/bin/time) of: lookup of a corner line, of a whole-board opening,
# lookup --game GAME, review GAME. Prints figures; asserts nothing.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 JOSEKIC GAME.sgf DIR... [-- RUNS]" >&2; exit 2; }
josekic=$1 game=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
dirs=""
runs=21
while [ $# -gt 0 ]; do
  if [ "$1" = -- ]; then runs=$2; break; fi
  dirs="$dirs $1"
  shift
done

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "game:    $game ($(grep -o ';[BW]\[' "$game" | wc -l) moves)"
echo "process start to exit of /bin/true: $(python3 "$here/process_time.py" "$runs" /bin/true | cut -d, -f1-2)"
for dir in $dirs; do
  echo "$dir: $(python3 "$here/index_sections.py" "$dir/index.jki" | awk "NR == 1" | cut -d: -f2-)"
  for query in "lookup $dir --moves pd" "lookup $dir --moves pd_qc_qd" \
               "lookup $dir --fuseki --moves pd_dd_pq_dp" "lookup $dir --game $game" \
               "review $dir $game"; do
    # shellcheck disable=SC2086 # the query is split into words on purpose; _ joins moves
    set -- $query
    args=$(printf '%s\n' "$@" | sed 's/_/ /g')
    old_ifs=$IFS; IFS='
'
    # shellcheck disable=SC2086
    time=$(python3 "$here/process_time.py" "$runs" "$josekic" $args | cut -d, -f1-2)
    # shellcheck disable=SC2086
    rss=$(/usr/bin/time -f '%M' "$josekic" $args 2>&1 >/dev/null | tail -1)
    IFS=$old_ifs
    echo "  $(echo "$query" | sed "s|$dir|DIR|; s|$game|GAME|; s/_/ /g"): $time, peak RSS $rss kB"
  done
done
