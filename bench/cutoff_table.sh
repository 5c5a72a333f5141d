#!/bin/sh
# The table of docs/cutoff.md: compiles each corpus with every cutoff rule and zone shape and
# measures each joseki dictionary against each book (bench/cutoff_measures/main.cpp).
#
#   bench/cutoff_table.sh JOSEKIC MEASURES WORK_DIR [NAME=INPUT[,INPUT...]...]
#
# JOSEKIC is the josekic binary, MEASURES the josekic_cutoff_measures binary, WORK_DIR keeps the
# dictionaries (WORK_DIR/NAME/RULE-ZONE) and measures.tsv. Without corpora, the three of
# HELPERS.md: goban-596, fox-pro-even-1404 and fox-28k's professional games (Pro and Pro2).
# RULES and ZONES (environment) override the lists; BOOKS the --reference arguments; OPTIONS
# adds compile options to every run, and TAG (required with OPTIONS) names them in the zone
# column and the directories (RULE-ZONE-TAG), e.g. OPTIONS="--max-gap 20" TAG=gap20.
# Prints one Markdown table per corpus: rows RULE ZONE, columns the size and, for each book,
# known share and book recall.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 JOSEKIC MEASURES WORK_DIR [NAME=INPUT[,INPUT...]...]" >&2; exit 2; }
josekic=$1 measures=$2 work=$3
shift 3
ref=${REFERENCE_DIR:-/work/shared/reference}
books=${BOOKS:-"gnugo=$ref/gnugo-joseki pachi=$ref/pachi-joseki/joseki pachi-fix=$ref/pachi-joseki/josekifix/josekifix.sgf dagaz=$ref/dagaz-gobot/joseki.sgf"}
rules=${RULES:-"ring locality spill contact"}
zones=${ZONES:-"sawtooth 7x7 8x8 10x10"}
options=${OPTIONS:-}
tag=${TAG:-}
[ -z "$options" ] || [ -n "$tag" ] || { echo "$0: OPTIONS needs a TAG" >&2; exit 2; }
if [ $# -eq 0 ]; then
  set -- goban-596=/tmp/corpus/goban-596 fox-pro-even-1404=/tmp/corpus/fox-pro-even-1404 \
    fox-28k-pro=/tmp/corpus/fox-28k/featurecat-fox/Pro,/tmp/corpus/fox-28k/featurecat-fox/Pro2
fi
mkdir -p "$work"
references=""
for b in $books; do references="$references --reference $b"; done
: >"$work/measures.tsv"
for corpus in "$@"; do
  name=${corpus%%=*}
  inputs=$(echo "${corpus#*=}" | tr ',' ' ')
  dirs=""
  for rule in $rules; do
    for zone in $zones; do
      out="$work/$name/$rule-$zone${tag:+-$tag}"
      if [ ! -f "$out/joseki.sgf" ]; then
        # shellcheck disable=SC2086
        "$josekic" compile -q $inputs -o "$out" --cutoff "$rule" --zones "$zone" --full \
          --min-count 2 --no-index $options >/dev/null
      fi
      dirs="$dirs $out"
    done
  done
  # shellcheck disable=SC2086
  "$measures" $references $dirs >>"$work/measures.tsv"
done
python3 - "$work/measures.tsv" <<'PY'
import collections, sys
rows = collections.OrderedDict()
books = []
for line in open(sys.argv[1]):
    d, book, first, known, _, _, recall, _, _, nodes = line.rstrip("\n").split("\t")
    if first != "all":
        continue
    corpus, config = d.rstrip("/").split("/")[-2:]
    if book not in books:
        books.append(book)
    rows.setdefault(corpus, collections.OrderedDict()).setdefault(config, {})[book] = (known, recall, nodes)
for corpus, configs in rows.items():
    print(f"\n{corpus}: known share / book recall (%), size = nodes played >= 5\n")
    print("| rule | zone | size | " + " | ".join(books) + " |")
    print("|---|---|---:|" + "---:|" * len(books))
    for config, by_book in configs.items():
        rule, zone = config.split("-", 1)
        size = next(iter(by_book.values()))[2]
        cells = [f"{by_book[b][0]} / {by_book[b][1]}" for b in books]
        print(f"| {rule} | {zone} | {size} | " + " | ".join(cells) + " |")
PY
