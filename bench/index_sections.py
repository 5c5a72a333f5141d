#!/usr/bin/env python3
"""Prints the sections of a josekic index (docs/index-format.md) and its bytes per trie node,
without the merge sections (what `merge` and `--update` need, not the queries) and with them.

usage: bench/index_sections.py DIR/index.jki
"""
import struct
import sys

NAMES = {1: "strings", 2: "games", 3: "positions", 4: "position directory", 5: "options",
         0x40: "merge run", 0x41: "merge games", 0x42: "merge game numbers"}
MERGE = (0x40, 0x41, 0x42)
for base, tree in ((0x10, "joseki"), (0x20, "fuseki")):
    for part, what in enumerate(("nodes", "lines", "move numbers", "stats")):
        NAMES[base + part] = f"{tree} {what}"

data = open(sys.argv[1], "rb").read()
magic, version, count, size, crc = struct.unpack_from("<8sIIQI", data, 0)
nodes = 0
merge = 0
print(f"{sys.argv[1]}: format {version}, {size} bytes, {count} sections")
for i in range(count):
    sid, rsize, offset, n, scrc = struct.unpack_from("<IIQQI", data, 32 + 32 * i)
    if sid in (0x10, 0x20):
        nodes += n - 1  # the sentinel record is no node
    if sid in MERGE:
        merge += n * rsize
    print(f"  {NAMES.get(sid, hex(sid)):28} {n:>10} x {rsize:>2} = {n * rsize:>10} bytes")
print(f"trie nodes (joseki + fuseki, roots included): {nodes}")
print(f"bytes per node: {(size - merge) / nodes:.2f} ({size - merge} bytes without the merge "
      f"sections); {size / nodes:.2f} with them ({merge} bytes)")
