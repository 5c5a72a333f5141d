#!/bin/sh
# Merge and update against a full compile (docs/PERFORMANCE.md, "Merge and update"):
#
#   [RUNS=N] bench/merge_benchmark.sh JOSEKIC INPUT_DIR [PARTS...]
#
# INPUT_DIR's files (sorted; /tmp/scale/months: 200 monthly files of 5,000 games) are linked
# into shards. Prints, each with wall seconds and peak RSS (GNU time):
#   - the compile of the whole (two halves a/ b/ as inputs), of each half, the merge of the
#     halves, and whether the merge equals the whole (sha256 of the four files);
#   - the compile of the first 99% of the files, `compile --update` with the last 1%, and
#     whether that equals the compile of both;
#   - for each number of PARTS (default 2 4 8 16; "none" for none): the compile of the parts
#     one after the other and their merge.
# With RUNS=N (default 1) each timed command runs N times and the medians are printed (an
# update starts each time from a copy of the dictionary it updates).
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
# timed LABEL COMMAND...: runs it $runs times (before each, the command in $before, if set),
# prints "LABEL: S s, C s CPU, R MB peak RSS", the medians of the runs (wall, user + system,
# RSS; on a shared machine CPU seconds and RSS move less than wall time).
timed() {
  label=$1
  shift
  : >times.txt
  i=0
  while [ "$i" -lt "$runs" ]; do
    [ -z "${before:-}" ] || eval "$before"
    /usr/bin/time -f "%e %M %U %S" -o time.txt "$@" >/dev/null 2>err.txt || { cat err.txt >&2; exit 1; }
    cat time.txt >>times.txt
    i=$((i + 1))
  done
  median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
  t=$(cut -d' ' -f1 times.txt | median)
  m=$(cut -d' ' -f2 times.txt | median)
  c=$(awk '{ print $3 + $4 }' times.txt | median)
  printf "%-44s %8.2f s %8.2f s CPU %6.0f MB peak RSS (median of %d)\n" "$label:" "$t" "$c" \
    "$(echo "$m" | awk '{ print $1 / 1024 }')" "$runs"
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
timed "compile of the whole ($total files)" "$josekic" compile -q a b -o whole
timed "compile of the first half" "$josekic" compile -q a -o a.dict
timed "compile of the second half" "$josekic" compile -q b -o b.dict
timed "merge of the two halves" "$josekic" merge a.dict b.dict -o merged
same whole merged
rm -rf merged b.dict

new=$((total / 100))
[ "$new" -gt 0 ] || new=1
link 1 $((total - new)) a-old
link $((total - new + 1)) "$total" b-new
timed "compile of the first 99% ($((total - new)) files)" "$josekic" compile -q a-old -o old
before='rm -rf updated && cp -a old updated'
timed "compile --update with the last 1% ($new files)" "$josekic" compile -q b-new --update updated
before=
timed "compile of both" "$josekic" compile -q a-old b-new -o both
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
