#!/bin/sh
# Corner patterns (issue 31), side by side in one run:
#
#   bench/pattern_benchmark.sh JOSEKIC INPUT [WORKDIR] [-- RUNS]
#
# Compiles INPUT twice into WORKDIR (default: a temporary directory, removed at the end),
# without and with --patterns, and prints for each: wall time and peak RSS of the compile
# (/usr/bin/time), the index's size; then, of the one with patterns, the pattern sections'
# bytes, the occurrences per game and the bytes per occurrence (patterns and occurrences
# included, and with the game table and strings counted too), and the start-to-exit time
# (warm, median and fastest of RUNS, default 21; bench/process_time.py) and peak RSS of a
# `lookup --corner` of a common shape and of a rare one. Prints figures; asserts nothing.
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
for mode in without with; do
  flag=""
  [ "$mode" = with ] && flag=--patterns
  rm -rf "$work/$mode"
  # shellcheck disable=SC2086 # flag is empty or one word
  /usr/bin/time -f '%e %M' -o "$work/time-$mode" "$josekic" compile -q $flag "$input" -o "$work/$mode" >/dev/null 2>&1
  read -r seconds rss <"$work/time-$mode"
  size=$(stat -L -c %s "$work/$mode/index.jki")
  echo "compile $mode patterns: $seconds s, peak RSS $((rss / 1024)) MB, index $size bytes"
done
python3 - "$work/with/index.jki" <<'EOF'
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
EOF
dir=$work/with
# The most common pattern (one 4-4 stone: the most occurrences a query reads) and a joseki.
for stones in "B[pd]" "B[pd]_W[qc]_B[pc]_W[qd]"; do
  args=$(echo "lookup $dir --corner $stones" | sed 's/_/ /g')
  time=$(python3 "$here/process_time.py" "$runs" "$josekic" lookup "$dir" --corner "$(echo "$stones" | sed 's/_/ /g')" | cut -d, -f1-2)
  rss=$(/usr/bin/time -f '%M' "$josekic" lookup "$dir" --corner "$(echo "$stones" | sed 's/_/ /g')" 2>&1 >/dev/null | tail -1)
  count=$("$josekic" lookup "$dir" --corner "$(echo "$stones" | sed 's/_/ /g')" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
  echo "  $(echo "$args" | sed "s|$dir|DIR|") ($count occurrences): $time, peak RSS $rss kB"
done
