#!/bin/sh
# Builds the seed corpora of the fuzzers from the project's own files:
#   fuzz/make_corpus.sh JOSEKIC_BINARY CORPUS_DIR
# sgf_reader:        every .sgf/.mgt under tests/ and samples/, and the dictionaries
#                    josekic compiles from samples/ (files the project writes itself);
# dictionary_reader: those dictionaries, plus the golden dictionaries of tests/emit;
# prune_list:        prune lists from samples/ and tests/, and short hand-made entries;
# zone_map:          the default zone as `josekic zones --map` prints it, and variants;
# record_reader:     Sabaki's GIB/NGF/UGF samples when ../shared is present, and small
#                    hand-made files in each format;
# index_reader, index_verify: the indexes josekic compiles from samples/ (small, so that
#                    mutations reach every section), and from a handful of its games (once
#                    with --patterns, so that the corner pattern sections are reached, and once
#                    with every pattern summarised).
# Existing corpus files are kept (a longer run's discoveries survive a rebuild).
set -eu
binary=$1
corpus=$2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$corpus/sgf_reader" "$corpus/dictionary_reader" "$corpus/prune_list" "$corpus/zone_map" \
         "$corpus/record_reader" "$corpus/index_reader" "$corpus/index_verify"

n=0
find "$root/tests" "$root/samples" -type d -name node_modules -prune -o -type f \
     \( -iname '*.sgf' -o -iname '*.mgt' \) -print | sort | while IFS= read -r f; do
  n=$((n + 1))
  cp "$f" "$corpus/sgf_reader/seed-$n.sgf"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$binary" compile "$root/samples" -o "$work/single" --fuseki-handicap >/dev/null 2>&1 || true
"$binary" compile "$root/samples" -o "$work/split" --split >/dev/null 2>&1 || true
for f in "$work"/single/*.sgf "$work"/split/*.sgf; do
  [ -f "$f" ] || continue
  name=$(basename "$(dirname "$f")")-$(basename "$f")
  cp "$f" "$corpus/dictionary_reader/$name"
  cp "$f" "$corpus/sgf_reader/dict-$name"
done
mkdir -p "$work/few"
for f in "$root"/samples/*.sgf; do
  [ -f "$f" ] && cp "$f" "$work/few/" && break
done
"$binary" compile "$work/few" -o "$work/small" >/dev/null 2>&1 || true
"$binary" compile "$work/few" -o "$work/patterns" --patterns >/dev/null 2>&1 || true
"$binary" compile "$work/few" -o "$work/summaries" --patterns --pattern-summaries 0 >/dev/null 2>&1 || true
for f in "$work"/single/index.jki "$work"/split/index.jki "$work"/small/index.jki \
         "$work"/patterns/index.jki "$work"/summaries/index.jki; do
  [ -f "$f" ] || continue
  cp "$f" "$corpus/index_reader/$(basename "$(dirname "$f")")-index.jki"
  cp "$f" "$corpus/index_verify/$(basename "$(dirname "$f")")-index.jki"
done
if [ -d "$root/tests/emit/golden" ]; then
  for f in "$root"/tests/emit/golden/*.sgf; do
    [ -f "$f" ] && cp "$f" "$corpus/dictionary_reader/golden-$(basename "$f")"
  done
fi

for f in "$root"/samples/*.txt "$root"/tests/*/*prune*.txt; do
  [ -f "$f" ] || continue
  cp "$f" "$corpus/prune_list/$(basename "$(dirname "$f")")-$(basename "$f")"
done
printf 'pc qe qd\n' >"$corpus/prune_list/hand-1.txt"
printf 'B[pd] W[tenuki] B[qf]  # colours\n' >"$corpus/prune_list/hand-2.txt"
printf 'joseki: pd qc\nfuseki: keep pd dd\n' >"$corpus/prune_list/hand-3.txt"
printf 'pd ** tenuki\n** W[aa]\n' >"$corpus/prune_list/hand-4.txt"

"$binary" zones --map >"$corpus/zone_map/default.zone"
{ echo '; a comment line'; sed 's/\(.\)/\1 /g' "$corpus/zone_map/default.zone"; } >"$corpus/zone_map/spaced.zone"
samples="$root/../shared/fixtures/sgf-edge-cases/SabakiHQ-Sabaki/test"
for f in "$samples"/gib/* "$samples"/ngf/* "$samples"/ugf/*; do
  [ -f "$f" ] && cp "$f" "$corpus/record_reader/sabaki-$(basename "$f")"
done
printf '\\HS\n\\[GAMEBLACKNAME=a (1D)\\]\n\\HE\n\\GS\nINI 0 1 3 &4\nSTO 0 2 2 15 15\n\\GE\n' \
  >"$corpus/record_reader/hand.gib"
printf 'Rated game\n19\nw 1D\nb 2K\nsite\n2\n0\n0\n20170316 [09:37]\n5\nWhite wins by resign!\n1\nPMABWQRRQ\n' \
  >"$corpus/record_reader/hand.ngf"
printf '[Header]\nLang=SJIS\nSize=19\nHdcp=0,6.50\nWinner=B,C\n[Data]\nQP,B1,1,0\nYA,W1,2,0\n' \
  >"$corpus/record_reader/hand.ugf"

echo "corpora in $corpus: $(find "$corpus" -type f | wc -l) files"
