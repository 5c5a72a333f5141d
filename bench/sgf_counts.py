#!/usr/bin/env python3
"""Prints the move tree and the counts of a josekic dictionary without its prose.

    bench/sgf_counts.py FILE.sgf

Writes the SGF with every comment (C), the application and format version (AP, XD), the
provenance lines (XP), the listed games (XG, which since 0.2 holds only the games a comment shows) and the properties added after 0.1 (XE, XN) left out, one node per line:
what must stay the same when only the wording of comments changes. bench/same_counts.sh
compares two of these. SGF_COUNTS_DROP="XG" (environment) leaves more properties out: the
listed games, which hold only the games a comment shows since the budget's slimming.
"""
import os
import re
import sys

# The properties whose values are words for people or say which josekic wrote the file.
DROPPED = {b"C", b"AP", b"XD", b"XP", b"XE", b"XN", b"XG"} | set(
    os.environ.get("SGF_COUNTS_DROP", "").encode().split())
TOKEN = re.compile(rb"([A-Za-z]+)|(\[(?:\\.|[^\\\]])*\])|([;()])|\s+", re.S)


def main(path):
    data = open(path, "rb").read()
    out = sys.stdout.buffer
    current = None
    pos = 0
    pieces = []
    for m in TOKEN.finditer(data):
        if m.start() != pos:
            sys.exit(f"{path}: cannot tokenise at byte {pos}")
        pos = m.end()
        name, value, punct = m.group(1), m.group(2), m.group(3)
        if name is not None:
            current = name
            if current not in DROPPED:
                pieces.append(name)
        elif value is not None:
            if current not in DROPPED:
                pieces.append(value)
        elif punct is not None:
            if punct == b";" and pieces:
                pieces.append(b"\n")
            pieces.append(punct)
        if len(pieces) > 4096:
            out.write(b"".join(pieces))
            pieces = []
    if pos != len(data):
        sys.exit(f"{path}: cannot tokenise at byte {pos}")
    out.write(b"".join(pieces) + b"\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
