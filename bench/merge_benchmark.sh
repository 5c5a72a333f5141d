#!/bin/sh
# Merge and update against a full compile (docs/PERFORMANCE.md, "Merge and update"):
#
#   [RUNS=N] bench/merge_benchmark.sh JOSEKIC INPUT_DIR [PARTS...]
#
# INPUT_DIR's files (sorted; /tmp/scale/months: 200 monthly files of 5,000 games) are linked
# into shards. Prints, each with wall seconds and peak RSS (GNU time):
#   - the compile of each half, of the whole (two halves a/ b/ as inputs) and the merge of the
#     halves, the merge's time over the compile's, and whether the merge equals the whole
#     (sha256 of the four files);
#   - the compile of the first 99% of the files, of both, `compile --update` with the last
#     1%, the update's time over the compile's, and whether the update equals the compile;
#   - for each number of PARTS (default 2 4 8 16; "none" for none): the compile of the parts
#     one after the other and their merge.
# With RUNS=N (default 1) each timed command runs N times and the medians are printed (an
# update starts each time from a copy of the dictionary it updates). The commands compared
# run in turn (compile, merge, compile, merge, ...), and each ratio is the median of the
# ratios of those pairs: on a shared machine whose speed drifts, a ratio of medians taken
# minutes apart is not.
# Scratch output goes to a temporary directory (about 4 dictionaries of the input's size).
# On the 1M-game corpus take the machine's lock: flock /tmp/scale.lock bench/merge_benchmark.sh
set -eu
[ $# -ge 2 ] || { echo "usage: $0 JOSEKIC INPUT_DIR [PARTS...]" >&2; exit 2; }
josekic=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
input=$(cd "$2" && pwd)
shift 2
parts=${*:-2 4 8 16}
[ "$parts" = none ] && parts=
runs=${RUNS:-1}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/merge-bench-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
find "$input" -type f | LC_ALL=C sort >list
total=$(wc -l <list)

# link FIRST LAST DIR: files FIRST..LAST (1-based) of the list linked into DIR, each name
# after its number in the list, so that they keep the list's order and never collide (the
# files of fox-28k's folders share names).
link() {
  mkdir -p "$3"
  number=$1
  sed -n "$1,$2p" list | while IFS= read -r f; do
    ln -s "$f" "$3/$(printf '%07d' "$number")-$(basename "$f")"
    number=$((number + 1))
  done
}
# once FILE COMMAND...: runs the command once (after the command in $before, if set) and
# appends "wall RSS CPU" to FILE (seconds, KB, user + system seconds; GNU time).
once() {
  file=$1
  shift
  [ -z "${before:-}" ] || eval "$before"
  /usr/bin/time -f "%e %M %U %S" -o time.txt "$@" >/dev/null 2>err.txt || { cat err.txt >&2; exit 1; }
  awk '{ print $1, $2, $3 + $4 }' time.txt >>"$file"
}
# median: the median of the numbers on stdin, one a line.
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# show LABEL FILE: "LABEL: S s, C s CPU, R MB peak RSS", the medians of FILE's runs (on a
# shared machine CPU seconds and RSS move less than wall time).
show() {
  t=$(cut -d' ' -f1 "$2" | median)
  m=$(cut -d' ' -f2 "$2" | median)
  c=$(cut -d' ' -f3 "$2" | median)
  printf "%-44s %8.2f s %8.2f s CPU %6.0f MB peak RSS (median of %d)\n" "$1:" "$t" "$c" \
    "$(echo "$m" | awk '{ print $1 / 1024 }')" "$(wc -l <"$2")"
}
# timed LABEL COMMAND...: runs it $runs times and shows the medians.
timed() {
  label=$1
  shift
  : >runs.txt
  i=0
  while [ "$i" -lt "$runs" ]; do
    once runs.txt "$@"
    i=$((i + 1))
  done
  show "$label" runs.txt
}
# ratio LABEL FILE_A FILE_B: the median over the runs of B's figure over A's, run by run (the
# two commands were run in turn, so that both see the machine as it was then).
ratio() {
  wall=$(paste -d' ' "$2" "$3" | awk '{ print $4 / $1 }' | median)
  cpu=$(paste -d' ' "$2" "$3" | awk '{ print $6 / $3 }' | median)
  printf "%-44s %8.2fx wall %6.2fx CPU (median of %d pairs run in turn)\n" "$1:" "$wall" "$cpu" \
    "$(wc -l <"$2")"
}
# same A B: whether two dictionaries' four files are equal.
same() {
  for f in joseki.sgf fuseki.sgf index.jki report.txt; do
    cmp -s "$1/$f" "$2/$f" || { echo "DIFFERENT: $f"; return 0; }
  done
  echo "equal: joseki.sgf fuseki.sgf index.jki report.txt $(sha256sum <"$1/index.jki" | cut -c1-16)"
}

half=$((total / 2))
link 1 "$half" a
link $((half + 1)) "$total" b
timed "compile of the first half" "$josekic" compile -q a -o a.dict
timed "compile of the second half" "$josekic" compile -q b -o b.dict
: >whole.txt
: >merge.txt
i=0
while [ "$i" -lt "$runs" ]; do
  once whole.txt "$josekic" compile -q a b -o whole
  once merge.txt "$josekic" merge a.dict b.dict -o merged
  i=$((i + 1))
done
show "compile of the whole ($total files)" whole.txt
show "merge of the two halves" merge.txt
ratio "merge / compile of the whole" whole.txt merge.txt
same whole merged
rm -rf merged b.dict

new=$((total / 100))
[ "$new" -gt 0 ] || new=1
link 1 $((total - new)) a-old
link $((total - new + 1)) "$total" b-new
timed "compile of the first 99% ($((total - new)) files)" "$josekic" compile -q a-old -o old
: >both.txt
: >update.txt
i=0
while [ "$i" -lt "$runs" ]; do
  once both.txt "$josekic" compile -q a-old b-new -o both
  before='rm -rf updated && cp -a old updated && sync'
  once update.txt "$josekic" compile -q b-new --update updated
  before=
  i=$((i + 1))
done
show "compile of both" both.txt
show "compile --update with the last 1% ($new files)" update.txt
ratio "update / compile of both" both.txt update.txt
same both updated
rm -rf old updated both whole a.dict

for n in $parts; do
  names=""
  for p in $(seq 0 $((n - 1))); do
    first=$((p * total / n + 1))
    last=$(((p + 1) * total / n))
    link "$first" "$last" "p$n-$(printf '%02d' "$p")"
    names="$names p$n-$(printf '%02d' "$p")"
  done
  start=$(date +%s.%N)
  for name in $names; do "$josekic" compile -q "$name" -o "$name.dict" >/dev/null 2>&1; done
  echo "compile of $n parts, one after the other: $(echo "$(date +%s.%N) $start" | awk '{ printf "%.2f", $1 - $2 }') s"
  # shellcheck disable=SC2046
  timed "merge of $n parts" "$josekic" merge $(for name in $names; do echo "$name.dict"; done) -o m$n
  rm -rf m$n p$n-*
done
