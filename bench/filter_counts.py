#!/usr/bin/env python3
"""Counts, independently of josekic, the games of a directory of one-game SGF files (the Fox
collections) that pass josekic's filters --since YEAR, --min-rank 9d and --player NAME.

    bench/filter_counts.py DIR [--since YEAR] [--min-rank-9d] [--player NAME]

Reads each file's root properties (DT, BR, WR, PB, PW, SZ) with a regular expression and its
moves as written. A file that starts with ';' is a game without its '(' (josekic reads it so);
a file without '(' otherwise, without a move, or not 19x19, is not a game; a game
whose move list is the same text as an earlier file's (in sorted path order) is a duplicate:
josekic also finds copies rotated or reflected, which this does not. The year is the first
four-digit run in DT; a rank is Fox's: P<n>段 professional, <n>段 amateur dan, <n>级 kyu, so
--min-rank-9d keeps games whose two ranks are 9段 or P<n>段. Names match after lowering ASCII
and removing spaces and commas. Prints the games read, kept and removed by each filter.
"""
import argparse
import os
import re

PROP = {
    key: re.compile(rb"(?<![A-Z])" + key + rb"\[((?:\\.|[^\\\]])*)\]")
    for key in (b"DT", b"BR", b"WR", b"PB", b"PW", b"SZ")
}
MOVE = re.compile(rb";\s*([BW])\[([a-s]{0,2})\]")


def prop(data, key):
    m = PROP[key].search(data)
    return m.group(1).decode("utf-8", "replace") if m else ""


def is_9d_or_pro(rank):
    return rank == "9段" or re.fullmatch(r"P[1-9]段", rank) is not None


def name_key(name):
    return re.sub(r"[\s,.\-_]", "", name).lower()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--since", type=int)
    parser.add_argument("--min-rank-9d", action="store_true")
    parser.add_argument("--player")
    args = parser.parse_args()
    paths = sorted(
        os.path.join(d, f) for d, _, files in os.walk(args.dir) for f in files if f.endswith(".sgf")
    )
    seen = set()
    read = kept = duplicates = 0
    removed = {"older": 0, "undated": 0, "weaker": 0, "unranked": 0, "other players": 0}
    for path in paths:
        data = open(path, "rb").read()
        data = data.lstrip()
        if not data.startswith(b";"):  # a game without its '(' is read as josekic reads it
            if b"(" not in data:
                continue
            data = data[data.index(b"(") :]
        moves = MOVE.findall(data)
        read += 1
        size = prop(data, b"SZ")
        if not moves or (size and size not in ("19", "19:19")):
            continue
        key = b"".join(c + p for c, p in moves)
        if key in seen:
            duplicates += 1
            continue
        seen.add(key)
        passes = True
        if args.since is not None:
            year = re.search(r"(?<!\d)(\d{4})(?!\d)", prop(data, b"DT"))
            if not year:
                removed["undated"] += 1
                passes = False
            elif int(year.group(1)) < args.since:
                removed["older"] += 1
                passes = False
        if args.min_rank_9d:
            ranks = [prop(data, b"BR"), prop(data, b"WR")]
            if not all(ranks):
                removed["unranked"] += 1
                passes = False
            elif not all(is_9d_or_pro(r) for r in ranks):
                removed["weaker"] += 1
                passes = False
        if args.player is not None:
            wanted = name_key(args.player)
            if wanted not in (name_key(prop(data, b"PB")), name_key(prop(data, b"PW"))):
                removed["other players"] += 1
                passes = False
        kept += passes
    print(f"games {read}, duplicates {duplicates}, kept {kept}")
    print("removed: " + ", ".join(f"{n} {why}" for why, n in removed.items() if n))


if __name__ == "__main__":
    main()
