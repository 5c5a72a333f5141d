#!/bin/sh
# Filtered lookups against the unfiltered ones, side by side in one run (issue 26):
#
#   bench/filter_benchmark.sh JOSEKIC DIR [--query-time BIN] [--node MOVES] [--player NAME]
#                             [--event TEXT] [--runs N]
#
# For the joseki root, the fuseki root and a joseki node (--node, default "pd qc qd pc"; pick
# one played under 10,000 times), and for each filter and a few combinations, prints:
#   cold: the start-to-exit wall time of a `JOSEKIC lookup` process, median of N runs after
#         a warm-up run (bench/process_time.py), the unfiltered query's in the same run;
#   warm: with --query-time (build/bench/josekic_query_time), the same query inside one
#         process that keeps the index open, as the explorer does: the first filtered query
#         (making the selection included) and a second one with the same selection, medians
#         of N runs, against the unfiltered query's first and second.
# Prints figures; asserts nothing.
set -eu
usage="usage: $0 JOSEKIC DIR [--query-time BIN] [--node MOVES] [--player NAME] [--event TEXT] [--runs N]"
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
josekic=$1 dir=$2
shift 2
query_time="" node="pd qc qd pc" player="" event="Meijin" runs=9
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
  case $1 in
    --query-time) query_time=$2 ;;
    --node) node=$2 ;;
    --player) player=$2 ;;
    --event) event=$2 ;;
    --runs) runs=$2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
  shift 2
done
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "$player" ]; then
  # The most frequent Black player of the first games the index lists.
  player=$("$josekic" lookup "$dir" --fuseki --moves "" --games 200 --json |
           python3 -c 'import collections, json, sys
games = json.load(sys.stdin).get("games", [])
names = collections.Counter(g["black"] for g in games if g.get("black"))
print(names.most_common(1)[0][0] if names else "nobody")')
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "josekic: $josekic"
echo "index:   $(python3 "$here/index_sections.py" "$dir/index.jki" | head -1 | cut -d: -f2-)"
echo "runs:    $runs (medians)"
echo

# Runs the lookup `$1` (its words joined by |) with each filter, cold and warm.
measure() {
  label=$1 query=$2
  echo "$label"
  printf '  %-44s %14s   %s\n' "filter" "cold process" "in one process: first / second query"
  for filter in "" "--since 2015" "--until 2010" "--min-rank 9d" "--max-rank 5d" \
                "--player|$player" "--event|$event" "--min-rank 9d|--since 2015" \
                "--min-rank 1d|--max-rank 9d|--player|$player|--event|$event|--until 2020"; do
    old_ifs=$IFS; IFS='|'
    # shellcheck disable=SC2086 # the query and filter are split at | on purpose
    set -- $query $filter
    IFS=$old_ifs
    # "--since 2015" is one word here: split the options that carry their value in it.
    args=""
    for word in "$@"; do
      case $word in
        --since\ *|--until\ *|--min-rank\ *|--max-rank\ *) args="$args|${word% *}|${word#* }" ;;
        *) args="$args|$word" ;;
      esac
    done
    IFS='|'
    # shellcheck disable=SC2086
    set -- ${args#|}
    IFS=$old_ifs
    cold=$(python3 "$here/process_time.py" "$runs" "$josekic" lookup "$dir" "$@" | cut -d, -f1)
    warm=""
    if [ -n "$query_time" ]; then
      warm=$("$query_time" "$dir" --runs "$runs" "$@" |
             sed 's/ (medians.*//; s/ (selection included)//')
    fi
    shown=$(printf '%s' "${filter:-(none)}" | tr '|' ' ')
    printf '  %-44s %14s   %s\n' "$shown" "${cold#median }" "$warm"
  done
}

measure "joseki root (--moves \"\")" '--moves|'
measure "fuseki root (--fuseki --moves \"\")" '--fuseki|--moves|'
plays=$("$josekic" lookup "$dir" --moves "$node" --json |
        python3 -c 'import json, sys; print(json.load(sys.stdin).get("count", "?"))')
measure "joseki node --moves \"$node\" (played $plays times)" "--moves|$node"
