#!/usr/bin/env python3
"""Prints the sections of a josekic index and its bytes per trie node, without the merge
sections (what `merge` and `--update` need, not the queries) and with them. Section names come
from docs/index-format.md's table, which tests/index/index_format_doc_test.cpp checks against
the format's own table.

usage: bench/index_sections.py DIR/index.jki
"""
import os
import re
import struct
import sys

DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "index-format.md")
ROW = re.compile(r"^\| (0x[0-9a-f]+|[0-9]+) \| ([a-z ]+) \| [^|]+ \| ([0-9]+) \|$")
NAMES = {}
with open(DOC, encoding="utf-8") as doc:
    for line in doc:
        row = ROW.match(line.rstrip("\n"))
        if row:
            NAMES[int(row[1], 0)] = row[2]
MERGE = (0x40, 0x41, 0x42, 0x43)
TREE_NODES = (0x10, 0x20)

with open(sys.argv[1], "rb") as index:
    head = index.read(32)
    magic, version, count, size, crc = struct.unpack_from("<8sIIQI", head, 0)
    table = index.read(32 * count)
nodes = 0
merge = 0
print(f"{sys.argv[1]}: format {version}, {size} bytes, {count} sections")
for i in range(count):
    sid, rsize, offset, n, scrc = struct.unpack_from("<IIQQI", table, 32 * i)
    if sid in TREE_NODES:
        nodes += n - 1  # the sentinel record is no node
    if sid in MERGE:
        merge += n * rsize
    print(f"  {NAMES.get(sid, hex(sid)):28} {n:>10} x {rsize:>2} = {n * rsize:>10} bytes")
print(f"trie nodes (joseki + fuseki, roots included): {nodes}")
print(f"bytes per node: {(size - merge) / nodes:.2f} ({size - merge} bytes without the merge "
      f"sections); {size / nodes:.2f} with them ({merge} bytes)")
