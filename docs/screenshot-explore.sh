#!/bin/sh
# Makes docs/screenshot-explore-*.png: the explorer's page on fox-28k in headless Chromium,
# taken by the browser test (tests/explorer/browser_test.mjs) as it clicks through a joseki
# in the lower-left corner, the trends of the 3-3 invasion under a 4-4 stone, a filter
# (--since 2019), a game opened at its move, a review of a professional game of
# /usr/share/goban against fox-28k, the Pattern mode (the dictionary is compiled with
# --patterns) and the page 360 pixels wide.
#
# usage: docs/screenshot-explore.sh [JOSEKIC [FOX-28K-DIR]]
#   JOSEKIC      the josekic binary (default: build/josekic)
#   FOX-28K-DIR  the extracted fox-28k collection (default: /tmp/corpus/fox-28k)
# Needs chromium and puppeteer-core (make -f Makefile.dist test-tools); CJK names need a
# CJK font (fonts-wqy-zenhei).
set -eu
josekic=${1:-build/josekic}
fox=${2:-/tmp/corpus/fox-28k}
dict=$(mktemp -d)
trap 'rm -rf "$dict"' EXIT
"$josekic" compile "$fox" -o "$dict/fox" --quiet --patterns 2>/dev/null
JOSEKIC_BINARY=$josekic JOSEKIC_EXPLORE_DICT=$dict/fox JOSEKIC_SCREENSHOTS=docs \
  JOSEKIC_REVIEW_GAME=/usr/share/goban/Hon-97-2.mgt JOSEKIC_FILTER_SINCE=2019 \
  node tests/explorer/browser_test.mjs
