#!/usr/bin/env python3
"""Prints the sections of a josekic index (docs/index-format.md) and its bytes per trie node.

usage: bench/index_sections.py DIR/index.jki
"""
import struct
import sys

NAMES = {1: "strings", 2: "games", 3: "positions", 4: "position directory", 5: "options"}
for base, tree in ((0x10, "joseki"), (0x20, "fuseki")):
    for part, what in enumerate(("nodes", "lines", "move numbers", "stats")):
        NAMES[base + part] = f"{tree} {what}"

data = open(sys.argv[1], "rb").read()
magic, version, count, size, crc = struct.unpack_from("<8sIIQI", data, 0)
nodes = 0
print(f"{sys.argv[1]}: format {version}, {size} bytes, {count} sections")
for i in range(count):
    sid, rsize, offset, n, scrc = struct.unpack_from("<IIQQI", data, 32 + 32 * i)
    if sid in (0x10, 0x20):
        nodes += n - 1  # the sentinel record is no node
    print(f"  {NAMES.get(sid, hex(sid)):28} {n:>10} x {rsize:>2} = {n * rsize:>10} bytes")
print(f"trie nodes (joseki + fuseki, roots included): {nodes}")
print(f"bytes per node: {size / nodes:.2f}")
