#!/usr/bin/env bash
# Time, per-stage times and peak RSS of `josekic compile` against `josekic check` on the same
# input, for issue 16's "compile takes at most 1.25x check" and "peak RSS at most 1 GB".
#
#   bench/scale_benchmark.sh [--josekic PATH] INPUT... [-- EXTRA COMPILE ARGS]
#
# For each INPUT (default: the scale subsets /tmp/scale/games-{100000,250000,500000,1000000}
# that `make -f Makefile.dist scale-corpus` writes) it runs, one after the other, `josekic
# check -q` and `josekic compile -q --timings` (defaults: every output, the index included),
# each under /usr/bin/time -v, and prints
#
#   input  check_s check_MB  compile_s compile_MB  ratio  trie_nodes  bytes/node
#
# then the compile's --timings lines. bytes/node: compile peak RSS over the joseki plus fuseki
# trie nodes of report.txt. One run each (a 1M compile takes minutes): quote figures from a
# quiet machine and compare builds side by side. Not a test: nothing is asserted. Output goes
# to a scratch directory under $TMPDIR (default /tmp), removed at the end.
set -euo pipefail

josekic=""
inputs=()
extra=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --josekic) josekic="$2"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) inputs+=("$1"); shift ;;
    esac
done
if [[ ${#inputs[@]} -eq 0 ]]; then
    for k in 100000 250000 500000 1000000; do inputs+=("/tmp/scale/games-$k"); done
fi
repo="$(cd "$(dirname "$0")/.." && pwd)"
[[ -n "$josekic" ]] || josekic="$repo/build/josekic"
[[ -x "$josekic" ]] || { echo "josekic binary not found; build it or pass --josekic PATH" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "/usr/bin/time (GNU time) is needed for peak RSS" >&2; exit 2; }

scratch="$(mktemp -d "${TMPDIR:-/tmp}/josekic-scale.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

# wall seconds and peak MB of a /usr/bin/time -v log
wall_of() { awk -F': ' '/Elapsed/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + p[i]; print s }' "$1"; }
rss_of() { awk '/Maximum resident/ { printf "%.0f\n", $NF / 1024 }' "$1"; }

printf '%-28s %8s %8s %10s %10s %6s %11s %10s\n' input check_s check_MB compile_s compile_MB ratio trie_nodes bytes/node
for input in "${inputs[@]}"; do
    [[ -e "$input" ]] || { echo "skipped (missing): $input" >&2; continue; }
    /usr/bin/time -v -o "$scratch/check.time" "$josekic" check -q "$input" > /dev/null 2>&1 || true
    rm -rf "$scratch/out"
    /usr/bin/time -v -o "$scratch/compile.time" "$josekic" compile -q --timings "$input" \
        -o "$scratch/out" "${extra[@]}" > /dev/null 2> "$scratch/compile.err" || true
    check_s=$(wall_of "$scratch/check.time")
    compile_s=$(wall_of "$scratch/compile.time")
    compile_mb=$(rss_of "$scratch/compile.time")
    nodes=$(awk '$1 == "trie" { gsub(",", "", $2); n += $2 } END { print n + 0 }' "$scratch/out/report.txt" 2>/dev/null || echo 0)
    printf '%-28s %8.2f %8s %10.2f %10s %6.2f %11s %10s\n' "$(basename "$input")" "$check_s" \
        "$(rss_of "$scratch/check.time")" "$compile_s" "$compile_mb" \
        "$(awk -v a="$compile_s" -v b="$check_s" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$nodes" \
        "$(awk -v m="$compile_mb" -v n="$nodes" 'BEGIN { if (n > 0) printf "%.0f", m * 1048576 / n; else print "-" }')"
    sed -n '/^timings/,$p' "$scratch/compile.err" | sed 's/^/    /'
done
