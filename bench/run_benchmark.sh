#!/usr/bin/env bash
# Benchmark of `josekic compile` against the time it takes to read the same input.
#
#   bench/run_benchmark.sh [options] CORPUS [CORPUS...] [-- EXTRA COMPILE ARGS]
#
# CORPUS is a directory of SGF files, an archive (.tar.xz, .tar.gz, .tar.bz2, .tar, .zip) or
# one large multi-game SGF file. For each corpus and each thread count the script runs, in
# the same session, the "floor" (cat of every file in the order josekic reads them; for an
# archive the matching decompressor, e.g. `xz -dc`) and `josekic compile -q --timings`
# (both dictionaries written), RUNS times each after one warm-up (none when RUNS is 1), and
# prints medians. Every timed command runs on a warm page cache: the input is read, untimed,
# just before it (some machines drop cached pages within seconds).
#
#   corpus threads games MB cat_s compile_s ratio games/s MB/s rss_MB cpu_s speedup
#
# Runs are made in rounds (the floor, then compile with each thread count) so that the
# figures compared were measured moments apart. ratio: the median over rounds of compile
# time / floor time of the same round. speedup: median compile time with the first thread
# count / with this one. cpu_s: user + system CPU seconds of the median compile run, which
# a loaded machine inflates much less than wall time.
# followed by the per-stage times (read+parse+track, parse, replay, analysis, merge, graph,
# format, write) of the median compile run. MB is the bytes josekic read (uncompressed for
# an archive). Peak RSS comes from /usr/bin/time -v. It is a benchmark, not a test: nothing
# is asserted. Output goes to a scratch directory under $TMPDIR (default /tmp), removed at
# the end.
#
# Options:
#   --runs N        timed runs of each command (default 3; the median is reported)
#   --threads LIST  comma-separated thread counts for compile (default: 1,<nproc>)
#   --josekic PATH  the binary (default: build/josekic, then build-*/josekic)
#   --keep          keep the scratch directory (dictionaries and logs)
set -euo pipefail

runs=3
threads_list=""
josekic=""
keep=0
corpora=()
extra=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --threads) threads_list="$2"; shift 2 ;;
        --josekic) josekic="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) corpora+=("$1"); shift ;;
    esac
done
[[ ${#corpora[@]} -gt 0 ]] || { echo "usage: $0 [--runs N] [--threads LIST] [--josekic PATH] CORPUS... [-- ARGS]" >&2; exit 2; }

repo="$(cd "$(dirname "$0")/.." && pwd)"
if [[ -z "$josekic" ]]; then
    for candidate in "$repo/build/josekic" "$repo"/build-*/josekic; do
        [[ -x "$candidate" ]] && { josekic="$candidate"; break; }
    done
fi
[[ -x "$josekic" ]] || { echo "josekic binary not found; build it or pass --josekic PATH" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "/usr/bin/time (GNU time) is needed for peak RSS" >&2; exit 2; }
[[ -z "$threads_list" ]] && threads_list="1,$(nproc)"

scratch="$(mktemp -d "${TMPDIR:-/tmp}/josekic-bench.XXXXXX")"
[[ $keep -eq 1 ]] || trap 'rm -rf "$scratch"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The floor: read every byte josekic reads, the way it reads them (directories in sorted
# order, archives through their decompressor), and throw the bytes away.
floor_command() {
    local corpus="$1"
    if [[ -d "$corpus" ]]; then
        printf 'find -L %q -type f -print0 | LC_ALL=C sort -z | xargs -0 cat > /dev/null' "$corpus"
    else
        case "$corpus" in
            *.tar.xz|*.txz) printf 'xz -dc %q > /dev/null' "$corpus" ;;
            *.tar.gz|*.tgz) printf 'gzip -dc %q > /dev/null' "$corpus" ;;
            *.tar.bz2|*.tbz2) printf 'bzip2 -dc %q > /dev/null' "$corpus" ;;
            *.tar.zst) printf 'zstd -dc %q > /dev/null' "$corpus" ;;
            *.zip) printf 'unzip -p %q > /dev/null' "$corpus" ;;
            *) printf 'cat %q > /dev/null' "$corpus" ;;
        esac
    fi
}

# Reads the corpus's bytes into the page cache, untimed. Run before every timed command:
# some machines (this project's VMs among them) drop cached pages within seconds, and a
# run that finds half its files on disk measures the disk, not the program.
warm_command() {
    local corpus="$1"
    if [[ -d "$corpus" ]]; then
        printf 'find -L %q -type f -print0 | xargs -0 -P 4 -n 256 cat > /dev/null' "$corpus"
    else
        printf 'cat %q > /dev/null' "$corpus"
    fi
}

wall_of() {  # runs a shell command, prints its wall time in seconds
    local start end
    start=$(date +%s.%N)
    bash -c "$1"
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

# One compile run: prints "wall rss_kB cpu_s" and leaves its --timings and report in $scratch.
compile_once() {
    local corpus="$1" threads="$2" tag="$3"
    local out="$scratch/out-$tag"
    rm -rf "$out"
    /usr/bin/time -f "%e %M %U %S" -o "$scratch/time-$tag" \
        "$josekic" compile "$corpus" -o "$out" -q --timings --threads "$threads" ${extra[@]+"${extra[@]}"} \
        > "$scratch/stdout-$tag" 2> "$scratch/stderr-$tag" || {
        echo "josekic compile failed on $corpus (see $scratch/stderr-$tag)" >&2; keep=1; exit 1; }
    cp "$out/report.txt" "$scratch/report-$tag"
    rm -rf "$out"
    awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' "$scratch/time-$tag"
}

stage() {  # the seconds of one --timings line
    awk -v name="$2" '{ line = $0; sub(/^ +/, "", line) } index(line, name) == 1 { print $(NF - 1); exit }' "$1"
}

echo "josekic: $josekic"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'),"\
     "$(awk '/MemTotal/ { printf "%.1f GB RAM", $2 / 1048576 }' /proc/meminfo); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "runs: $runs (medians), compile args: -q --timings --threads N ${extra[*]:-}"
echo

summary="$scratch/summary"
stages="$scratch/stages"
printf '%-28s %3s %8s %8s %7s %9s %6s %8s %7s %7s %7s %7s\n' corpus thr games MB cat_s compile_s ratio games/s MB/s rss_MB cpu_s speedup > "$summary"
printf '%-28s %3s %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s\n' corpus thr stream parse replay track merge emit graph format write total > "$stages"

# One row of the summary and one of the stage table, for the median run of one thread count.
# Reads the runs of that thread count from "$scratch/runs-$threads" (wall rss run cpu ratio).
report_rows() {
    local name="$1" threads="$2" cat_median="$3" speedup="$4"
    local compile_median ratio_median rss median_run cpu tag report games bytes timings graph format write
    compile_median="$(awk '{ print $1 }' "$scratch/runs-$threads" | median)"
    ratio_median="$(awk '{ print $5 }' "$scratch/runs-$threads" | median)"
    # The run closest to the median gives the stage times and the RSS shown.
    read -r _ rss median_run cpu < <(awk -v m="$compile_median" '{ d = $1 - m; if (d < 0) d = -d; print d, $2, $3, $4 }' \
        "$scratch/runs-$threads" | sort -g | head -1)
    tag="t$threads-r$median_run"
    report="$scratch/report-$tag"
    # report.txt writes numbers with thousands separators ("28,422", "(39,741,625 bytes)").
    games=$(awk '/^games read/ { gsub(/,/, "", $3); print $3; exit }' "$report")
    bytes=$(awk '/^files read/ { gsub(/[(),]/, "", $4); print $4; exit }' "$report")
    awk -v n="$name" -v t="$threads" -v g="$games" -v b="$bytes" -v c="$cat_median" -v w="$compile_median" \
        -v q="$ratio_median" -v r="$rss" -v u="$cpu" -v s="$speedup" \
        'BEGIN { printf "%-28s %3d %8d %8.1f %7.3f %9.3f %6.2f %8.0f %7.1f %7.0f %7.2f %7s\n", n, t, g, b / 1e6, c, w, q, g / w, b / 1e6 / w, r / 1024, u, s }' \
        >> "$summary"
    timings="$scratch/stderr-$tag"
    graph=$(awk -v a="$(stage "$timings" 'joseki graph')" -v b="$(stage "$timings" 'fuseki graph')" 'BEGIN { print a + b }')
    format=$(awk -v a="$(stage "$timings" 'joseki format')" -v b="$(stage "$timings" 'fuseki format')" 'BEGIN { print a + b }')
    write=$(awk -v a="$(stage "$timings" 'joseki write')" -v b="$(stage "$timings" 'fuseki write')" 'BEGIN { print a + b }')
    printf '%-28s %3d %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f\n' "$name" "$threads" \
        "$(stage "$timings" 'read+parse+track')" "$(stage "$timings" 'parse')" "$(stage "$timings" 'replay')" \
        "$(stage "$timings" 'analysis/track')" "$(stage "$timings" 'merge into tries')" \
        "$(stage "$timings" 'emit (all')" "$graph" "$format" "$write" "$(stage "$timings" 'total')" >> "$stages"
}

IFS=',' read -r -a thread_counts <<< "$threads_list"
for corpus in "${corpora[@]}"; do
    [[ -e "$corpus" ]] || { echo "no such corpus: $corpus" >&2; exit 2; }
    floor="$(floor_command "$corpus")"
    warm="$(warm_command "$corpus")"
    name="$(basename "$corpus")"
    bash -c "$warm"
    # A warm-up compile (binary and inputs in the page cache) unless only one run is timed.
    [[ $runs -gt 1 ]] && compile_once "$corpus" "${thread_counts[0]}" warm > /dev/null
    for threads in "${thread_counts[@]}"; do rm -f "$scratch/runs-$threads"; done
    # Rounds: the floor, then each thread count, so that every ratio compares runs made
    # moments apart under the same load (the machines are shared and noisy).
    cat_times=()
    for ((r = 0; r < runs; r++)); do
        bash -c "$warm"
        cat_wall="$(wall_of "$floor")"
        cat_times+=("$cat_wall")
        for threads in "${thread_counts[@]}"; do
            bash -c "$warm"
            read -r wall rss cpu < <(compile_once "$corpus" "$threads" "t$threads-r$r")
            awk -v w="$wall" -v c="$cat_wall" -v r="$rss" -v n="$r" -v u="$cpu" \
                'BEGIN { printf "%s %s %s %s %.3f\n", w, r, n, u, (c > 0 ? w / c : 0) }' >> "$scratch/runs-$threads"
        done
    done
    cat_median="$(printf '%s\n' "${cat_times[@]}" | median)"
    first_median="$(awk '{ print $1 }' "$scratch/runs-${thread_counts[0]}" | median)"
    for threads in "${thread_counts[@]}"; do
        median_wall="$(awk '{ print $1 }' "$scratch/runs-$threads" | median)"
        speedup="$(awk -v a="$first_median" -v b="$median_wall" 'BEGIN { printf "%.2fx", a / b }')"
        report_rows "$name" "$threads" "$cat_median" "$speedup"
    done
done

cat "$summary"
echo
echo "stage seconds of the median run (parse/replay/track summed over worker threads; graph/format/write"
echo "summed over joseki and fuseki, which run concurrently when threads > 1; emit is their wall time):"
cat "$stages"
[[ $keep -eq 1 ]] && echo "scratch kept: $scratch"
exit 0
