#!/bin/sh
# Compiles a collection in shards through GNU parallel, merges the shards' dictionaries and
# checks that the merge wrote the same files, byte for byte, as one compile of all the
# shards (docs/scale-out.md shows the same on several machines).
#
#   bench/merge_shards.sh JOSEKIC INPUT_DIR [SHARDS [JOBS]]
#
# The files of INPUT_DIR (sorted) are copied into SHARDS directories shard-00, shard-01, ...
# in turn of their names (4 by default), or with SHARDS "year" into one directory per year
# (of a Fox file name's Unix time, else of its DT[]); JOBS compiles run at once (2 by
# default). Prints
# the time of each stage and one line per file (same/DIFFERENT with its sha256), exits 1
# when a file differs, 77 (skipped) when GNU parallel or INPUT_DIR is missing. Run by the
# test suite on /usr/share/goban.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 JOSEKIC INPUT_DIR [SHARDS [JOBS]]" >&2; exit 2; }
josekic=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") input=$2 shards=${3:-4} jobs=${4:-2}
command -v parallel >/dev/null 2>&1 ||
  { echo "merge_shards: GNU parallel is not installed (apt-get install parallel): skipped" >&2; exit 77; }
[ -d "$input" ] || { echo "merge_shards: $input is missing: skipped" >&2; exit 77; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

now() { date +%s.%N; }
since() { echo "$(now) $1" | awk '{ printf "%.2f", $1 - $2 }'; }

# Each file copied into its shard, numbered so that the shards' files keep the collection's
# order and never collide.
python3 - "$input" "$shards" "$scratch" <<'PY'
import os, re, shutil, sys, time
root, shards, out = sys.argv[1], sys.argv[2], sys.argv[3]
files = sorted(os.path.join(d, f) for d, _, names in os.walk(root) for f in names)
def year(path):
    name = os.path.basename(path)
    if re.match(r"1[0-9]{9}", name):
        return time.gmtime(int(name[:10])).tm_year
    m = re.search(rb"DT\[([0-9]{4})", open(path, "rb").read(4096))
    return int(m.group(1)) if m else 0
for i, path in enumerate(files):
    shard = f"shard-{year(path)}" if shards == "year" else f"shard-{i * int(shards) // len(files):02d}"
    os.makedirs(os.path.join(out, shard), exist_ok=True)
    shutil.copyfile(path, os.path.join(out, shard, f"{i:07d}-{os.path.basename(path)}"))
PY

cd "$scratch"
shards=$(ls -d shard-* | wc -l)
start=$(now)
ls -d shard-* | parallel --will-cite -j "$jobs" "$josekic" compile -q {} -o {}.dict '>' /dev/null
echo "compile of $shards shards ($jobs at once): $(since "$start") s"
start=$(now)
# shellcheck disable=SC2046
"$josekic" merge $(ls -d shard-*.dict) -o merged >/dev/null 2>&1
echo "merge of $shards dictionaries: $(since "$start") s"
start=$(now)
# shellcheck disable=SC2046
"$josekic" compile -q $(ls -d shard-* | grep -v '\.dict$') -o whole >/dev/null
echo "compile of the whole: $(since "$start") s"

status=0
for f in $(ls whole); do
  expected=$(sha256sum <"whole/$f" | cut -c1-16)
  got=$( [ -e "merged/$f" ] && sha256sum <"merged/$f" | cut -c1-16 || echo missing)
  if [ "$expected" = "$got" ]; then echo "same       $f $got"; else echo "DIFFERENT  $f $expected $got"; status=1; fi
done
for f in $(ls merged); do [ -e "whole/$f" ] || { echo "NEW        $f"; status=1; }; done
exit $status
