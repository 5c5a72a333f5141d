#!/bin/sh
# Compiles the same input with two josekic binaries and compares the move trees and every
# count of their dictionaries, leaving the comments' wording and the properties added since
# out (bench/sgf_counts.py): the check behind "counts unchanged" when a change rewords the
# comments on purpose (same_output.sh compares whole files).
#
#   bench/same_counts.sh OLD_JOSEKIC NEW_JOSEKIC INPUT... [-- COMPILE_OPTIONS...]
#
# Prints one line per dictionary (same/DIFFERENT, with the sha256 of the compared text) and
# exits 1 when any differs. The index (index.jki) is compared byte for byte. NEW_OPTIONS
# (environment) are given to the new binary only (NEW_OPTIONS=--full against an older
# default); SGF_COUNTS_DROP is passed on to sgf_counts.py.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 OLD_JOSEKIC NEW_JOSEKIC INPUT... [-- OPTIONS...]" >&2; exit 2; }
here=$(dirname "$0")
old=$1 new=$2
shift 2
inputs=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do inputs="$inputs $1"; shift; done
[ $# -gt 0 ] && shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# shellcheck disable=SC2086
"$old" compile $inputs -o "$scratch/old" "$@" >/dev/null 2>&1 || true
# shellcheck disable=SC2086
"$new" compile $inputs -o "$scratch/new" "$@" ${NEW_OPTIONS:-} >/dev/null 2>&1 || true
status=0
for f in $(cd "$scratch/old" && ls); do
  case $f in
    *.sgf)
      a=$(python3 "$here/sgf_counts.py" "$scratch/old/$f" | sha256sum | cut -c1-16)
      b=$(python3 "$here/sgf_counts.py" "$scratch/new/$f" | sha256sum | cut -c1-16)
      if [ "$a" = "$b" ]; then echo "same       $f (trees and counts $a)"
      else echo "DIFFERENT  $f ($a, $b)"; status=1; fi ;;
    index.jki)
      if cmp -s "$scratch/old/$f" "$scratch/new/$f"; then echo "same       $f (bytes)"
      else echo "DIFFERENT  $f"; status=1; fi ;;
  esac
done
exit $status
