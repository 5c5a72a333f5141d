#!/bin/sh
# The figures of the position index (issue 15), measured side by side in one run:
#
#   bench/index_benchmark.sh JOSEKIC CORPUS [RUNS]
#
# - compile wall time with and without the index (--no-index), alternating, RUNS each
#   (default 3), medians;
# - index bytes per trie node (bench/index_sections.py);
# - lookup process time, start to exit, warm (the index in the page cache: one run first),
#   median of 20, and its peak RSS (/usr/bin/time -v);
# - review time of a 250-move game, when the binary has `review`.
# Scratch output goes to a temporary directory. Prints figures; asserts nothing.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 JOSEKIC CORPUS [RUNS]" >&2; exit 2; }
josekic=$1 corpus=$2 runs=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

now() { date +%s.%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "corpus:  $corpus"
i=0
while [ $i -lt "$runs" ]; do
  for mode in with without; do
    flag=; [ $mode = without ] && flag=--no-index
    start=$(now)
    "$josekic" compile "$corpus" -o "$scratch/$mode" $flag --quiet >/dev/null 2>&1
    end=$(now)
    echo "$end - $start" | bc >> "$scratch/compile-$mode"
  done
  i=$((i + 1))
done
with=$(median < "$scratch/compile-with")
without=$(median < "$scratch/compile-without")
echo "compile wall, median of $runs: with index $with s, without $without s," \
     "index adds $(echo "scale=1; 100 * ($with - $without) / $without" | bc) %"
python3 "$here/index_sections.py" "$scratch/with/index.jki" | tail -2

lookup() { "$josekic" lookup "$scratch/with" --moves "pd qc qd" --games 5 >/dev/null; }
lookup
: > "$scratch/lookup"
i=0
while [ $i -lt 20 ]; do
  start=$(now); lookup; end=$(now)
  echo "($end - $start) * 1000" | bc >> "$scratch/lookup"
  i=$((i + 1))
done
echo "lookup --moves 'pd qc qd', start to exit, warm, median of 20: $(median < "$scratch/lookup") ms"
/usr/bin/time -v "$josekic" lookup "$scratch/with" --moves "pd qc qd" >/dev/null 2>"$scratch/time"
echo "lookup peak RSS: $(awk -F: '/Maximum resident/ { print $2 + 0 }' "$scratch/time") kB"

if "$josekic" review --help >/dev/null 2>&1; then
  game=$(find "$corpus" -name '*.sgf' | head -200 | while read -r f; do
           n=$(grep -o ';[BW]\[' "$f" | wc -l); [ "$n" -ge 250 ] && { echo "$f"; break; }; done)
  if [ -n "$game" ]; then
    "$josekic" review "$scratch/with" "$game" >/dev/null 2>&1
    start=$(now); "$josekic" review "$scratch/with" "$game" >/dev/null 2>&1; end=$(now)
    echo "review of a game of $(grep -o ";[BW]\\[" "$game" | wc -l) moves ($game): $(echo "($end - $start) * 1000" | bc) ms"
  fi
else
  echo "review: not in this binary"
fi
