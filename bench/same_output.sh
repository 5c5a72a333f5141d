#!/bin/sh
# Compiles the same input with two josekic binaries and compares every output file byte for
# byte: the check behind "output identical" in a commit message.
#
#   bench/same_output.sh OLD_JOSEKIC NEW_JOSEKIC INPUT... [-- COMPILE_OPTIONS...]
#
# NEW_OPTIONS (environment), when set, are given to the new binary only: the check that
# `NEW_OPTIONS=--full` writes what an older binary wrote by default.
#
# Prints one line per file (same/DIFFERENT) and exits 1 when any file differs. Stderr of both
# runs is compared too, as a file of its own. Scratch output goes to a temporary directory.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 OLD_JOSEKIC NEW_JOSEKIC INPUT... [-- OPTIONS...]" >&2; exit 2; }
old=$1 new=$2
shift 2
inputs=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do inputs="$inputs $1"; shift; done
[ $# -gt 0 ] && shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# shellcheck disable=SC2086
"$old" compile $inputs -o "$scratch/old" "$@" >"$scratch/old.stdout" 2>"$scratch/old.stderr" || true
# shellcheck disable=SC2086
"$new" compile $inputs -o "$scratch/new" "$@" ${NEW_OPTIONS:-} >"$scratch/new.stdout" 2>"$scratch/new.stderr" || true
status=0
for f in $(cd "$scratch/old" && ls) ; do
  if cmp -s "$scratch/old/$f" "$scratch/new/$f"; then echo "same       $f"; else echo "DIFFERENT  $f"; status=1; fi
done
for f in $(cd "$scratch/new" && ls); do [ -e "$scratch/old/$f" ] || { echo "NEW        $f"; status=1; }; done
# The messages name each run's own directory: compare them with it as DIR.
for s in stdout stderr; do
  sed "s|$scratch/old|DIR|g" "$scratch/old.$s" >"$scratch/old.$s.seen"
  sed "s|$scratch/new|DIR|g" "$scratch/new.$s" >"$scratch/new.$s.seen"
  if cmp -s "$scratch/old.$s.seen" "$scratch/new.$s.seen"; then echo "same       ($s)"; else echo "different  ($s)"; fi
done
exit $status
