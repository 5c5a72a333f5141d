#!/bin/sh
# Corner patterns (issue 31), side by side in one run:
#
#   bench/pattern_benchmark.sh JOSEKIC INPUT [WORKDIR] [-- RUNS]
#
# Compiles INPUT into WORKDIR (default: a temporary directory, removed at the end) without
# --patterns, with --patterns but no pattern summaries (--pattern-summaries 4294967295), and
# with --patterns as by default (MODES, in the environment, may name fewer of "without
# nosummaries with"), and prints for each: wall time and peak RSS of the compile
# (/usr/bin/time), the index's size; then, of the one with patterns (the last compiled), the
# pattern sections' bytes, the summaries' bytes and count, the occurrences per game and the
# bytes per occurrence (patterns and occurrences included, and with the game table and strings
# counted too), and the start-to-exit time (warm, median and fastest of RUNS, default 21;
# bench/process_time.py) and peak RSS of a `lookup --corner` of the commonest shape (one 4-4
# stone: a summary), of a joseki (a summary on a large index) and of the commonest shape with a
# filter (--since 2018: every occurrence read). Prints figures; asserts nothing.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 JOSEKIC INPUT [WORKDIR] [-- RUNS]" >&2; exit 2; }
josekic=$1 input=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
work="" runs=21
if [ $# -gt 0 ] && [ "$1" != -- ]; then work=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" = -- ]; then runs=$2; fi
cleanup=""
if [ -z "$work" ]; then work=$(mktemp -d); cleanup=$work; fi
mkdir -p "$work"
trap '[ -z "$cleanup" ] || rm -rf "$cleanup"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "input:   $input"
dir=""
for mode in ${MODES:-without nosummaries with}; do
  case $mode in
    without) flags="" what="without patterns" ;;
    nosummaries) flags="--patterns --pattern-summaries 4294967295" what="with patterns, no summaries" ;;
    with) flags="--patterns" what="with patterns and summaries" ;;
    *) echo "$0: unknown mode '$mode' in MODES" >&2; exit 2 ;;
  esac
  rm -rf "${work:?}/$mode"
  # shellcheck disable=SC2086 # flags are words
  /usr/bin/time -f '%e %M' -o "$work/time-$mode" "$josekic" compile -q $flags "$input" -o "$work/$mode" >/dev/null 2>&1
  read -r seconds rss <"$work/time-$mode"
  size=$(stat -L -c %s "$work/$mode/index.jki")
  echo "compile $what: $seconds s, peak RSS $((rss / 1024)) MB, index $size bytes"
  [ "$mode" = without ] || dir=$work/$mode
done
[ -n "$dir" ] || exit 0
python3 - "$dir/index.jki" <<'EOF'
import struct, sys
path = sys.argv[1]
with open(path, "rb") as f:
    head = f.read(32)
    count = struct.unpack_from("<I", head, 12)[0]
    table = f.read(32 * count)
    s = {}
    for i in range(count):
        sid, size, off, n, _crc = struct.unpack_from("<IIQQI", table, 32 * i)
        s[sid] = (size, n, off)
    # The directory's sentinel, its last 26-byte record, holds the totals: u32 patterns and
    # u32 occurrences after the key (10 bytes) and the offset (8).
    size, n, off = s[0x32]
    f.seek(off + size * (n - 1) + 18)
    patterns, occurrences = struct.unpack("<II", f.read(8))
games = s[2][1]
part = {sid: s[sid][0] * s[sid][1] for sid in s}
pattern_bytes = part[0x32] + part[0x33] + part[0x34]
game_bytes = part[1] + part[2]
print(f"games {games:,}, distinct patterns {patterns:,}, occurrences {occurrences:,} "
      f"({occurrences / max(games, 1):.1f} per game, {occurrences / max(patterns, 1):.2f} per pattern)")
print(f"pattern sections {pattern_bytes:,} bytes (blocks {part[0x33]:,}, directory {part[0x32]:,}, "
      f"years {part[0x34]:,}): {pattern_bytes / max(occurrences, 1):.2f} bytes per occurrence; "
      f"with the game table and strings {(pattern_bytes + game_bytes) / max(occurrences, 1):.2f}")
# The summaries: a 22-byte record each and a sentinel, whose u32 after the key (10 bytes) and
# the offset (8) is the threshold.
if 0x35 in s:
    size, n, off = s[0x35]
    with open(path, "rb") as f:
        f.seek(off + size * (n - 1) + 18)
        above = struct.unpack("<I", f.read(4))[0]
    summary_bytes = part[0x35] + part[0x36]
    print(f"pattern summaries {summary_bytes:,} bytes ({n - 1:,} patterns of more than {above:,} "
          f"occurrences): {100 * summary_bytes / max(pattern_bytes, 1):.2f}% of the pattern sections")
EOF
# The most common pattern (one 4-4 stone: the most occurrences a query would read), a joseki,
# and the most common pattern filtered (every occurrence read, summary or not).
for query in "B[pd]" "B[pd]_W[qc]_B[pc]_W[qd]" "B[pd]_--since_2018"; do
  stones=$(echo "$query" | sed 's/_--.*//; s/_/ /g')
  # shellcheck disable=SC2046 # the filter is words
  set -- --corner "$stones" $(echo "$query" | sed -n 's/^[^-]*_--/--/p' | sed 's/_/ /g')
  time=$(python3 "$here/process_time.py" "$runs" "$josekic" lookup "$dir" "$@" | cut -d, -f1-2)
  rss=$(/usr/bin/time -f '%M' "$josekic" lookup "$dir" "$@" 2>&1 >/dev/null | tail -1)
  count=$("$josekic" lookup "$dir" "$@" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
  echo "  lookup DIR $* ($count occurrences): $time, peak RSS $rss kB"
done
