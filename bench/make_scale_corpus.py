#!/usr/bin/env python3
"""Writes a scale corpus for `josekic compile` benchmarks from a corpus of real games.

Every game of the source (a .tar.xz/.tar.gz/.tar archive or a directory of .sgf files) is
written in up to 16 variants: the 8 board symmetries, each with and without colour reversal
(Black and White swapped in moves, setup stones, players, ranks and the result). The games
go into large multi-game files of --per-file games each (scale-00000.sgf, ...), variant
after variant, so that the first 28k games of a fox-28k scale corpus are the original games.

The 8 symmetric images of a game are the same game to josekic's duplicate check (it compares
games under the 8 orientations), so compile a scale corpus with --keep-duplicates; colour
reversal makes games that the check does not fold together.

    bench/make_scale_corpus.py ../shared/corpus/fox-28k.tar.xz /tmp/scale \\
        --games 400000 --subsets 50000,100000,200000,400000

--subsets also writes DIR/games-N/ directories of symbolic links to the first N games' files
(N must be a multiple of --per-file), for per-stage growth measurements. Generated data never
belongs in the repository: write it to /tmp or another scratch directory.
"""

import argparse
import os
import re
import sys
import tarfile

SIZE = 19
LETTERS = "abcdefghijklmnopqrs"

# (x, y) -> (x', y') for the 8 symmetries of the square board.
SYMMETRIES = [
    lambda x, y: (x, y),
    lambda x, y: (SIZE - 1 - y, x),
    lambda x, y: (SIZE - 1 - x, SIZE - 1 - y),
    lambda x, y: (y, SIZE - 1 - x),
    lambda x, y: (SIZE - 1 - x, y),
    lambda x, y: (x, SIZE - 1 - y),
    lambda x, y: (y, x),
    lambda x, y: (SIZE - 1 - y, SIZE - 1 - x),
]

POINT_PROPERTIES = {b"B", b"W", b"AB", b"AW", b"AE", b"TR", b"SQ", b"CR", b"MA", b"SL", b"TB", b"TW", b"DD"}
COLOUR_SWAP = {
    b"B": b"W", b"W": b"B", b"AB": b"AW", b"AW": b"AB", b"PB": b"PW", b"PW": b"PB",
    b"BR": b"WR", b"WR": b"BR", b"BT": b"WT", b"WT": b"BT", b"BL": b"WL", b"WL": b"BL",
    b"OB": b"OW", b"OW": b"OB", b"TB": b"TW", b"TW": b"TB",
}
# A property: its identifier and all its values (values may hold escaped ']' and any text,
# so comments mentioning "B[pd]" are consumed whole and never transformed).
PROPERTY = re.compile(rb"([A-Za-z]+)(\s*(?:\[(?:[^\\\]]|\\.)*\]\s*)+)", re.S)
VALUE = re.compile(rb"\[((?:[^\\\]]|\\.)*)\]", re.S)


def point_maps():
    """maps[s][b'pd'] -> transformed two-letter point, for s in 0..7."""
    maps = []
    for sym in SYMMETRIES:
        table = {}
        for x in range(SIZE):
            for y in range(SIZE):
                nx, ny = sym(x, y)
                table[(LETTERS[x] + LETTERS[y]).encode()] = (LETTERS[nx] + LETTERS[ny]).encode()
        maps.append(table)
    return maps


MAPS = point_maps()


def transform_point_value(value, table):
    if len(value) == 2:
        return table.get(value, value)  # "tt" and other passes stay as they are
    if len(value) == 5 and value[2:3] == b":":  # a rectangle "aa:cc"
        a, b = table.get(value[:2]), table.get(value[3:])
        if a is None or b is None:
            return value
        xs = sorted((a[0], b[0]))
        ys = sorted((a[1], b[1]))
        return bytes([xs[0], ys[0]]) + b":" + bytes([xs[1], ys[1]])
    return value


def make_variant(symmetry, swap):
    table = MAPS[symmetry]

    def replace(m):
        ident = m.group(1)
        if ident not in POINT_PROPERTIES and ident not in COLOUR_SWAP and ident not in (b"RE", b"PL", b"LB"):
            return m.group(0)
        values = m.group(2)
        if ident in POINT_PROPERTIES and symmetry != 0:
            values = VALUE.sub(lambda v: b"[" + transform_point_value(v.group(1), table) + b"]", values)
        elif ident == b"LB" and symmetry != 0:
            values = VALUE.sub(lambda v: b"[" + table.get(v.group(1)[:2], v.group(1)[:2]) + v.group(1)[2:] + b"]",
                               values)
        if swap:
            if ident == b"RE" or ident == b"PL":
                values = values.translate(bytes.maketrans(b"BW", b"WB"))
            ident = COLOUR_SWAP.get(ident, ident)
        return ident + values

    return lambda data: PROPERTY.sub(replace, data)


# A move node's property as Fox and most servers write it: ";B[pd]", ";W[]", ";B[tt]".
MOVE_TOKEN = re.compile(rb"(;[BW]\[(?:[a-s]{2}|tt)?\])")


def move_token_map(symmetry, swap):
    """Every move token -> its image under the variant (dictionary lookups are what keep
    this script at a few minutes for 400,000 games)."""
    table = MAPS[symmetry]
    tokens = {}
    for colour in (b"B", b"W"):
        other = (b"W" if colour == b"B" else b"B") if swap else colour
        for point in list(table) + [b"", b"tt"]:
            tokens[b";" + colour + b"[" + point + b"]"] = b";" + other + b"[" + table.get(point, point) + b"]"
    return tokens


def make_fast_variant(symmetry, swap):
    """The variant's transform: the full property rewrite for the text before the first
    move token (root node: players, setup, result), token lookups after it. Other
    properties of move nodes (comments, time left) are kept as they are."""
    slow = make_variant(symmetry, swap)
    tokens = move_token_map(symmetry, swap)

    def transform(pieces):
        out = [slow(pieces[0])]
        for i in range(1, len(pieces), 2):
            out.append(tokens[pieces[i]])
            tail = pieces[i + 1]
            out.append(slow(tail) if b"[" in tail else tail)
        return b"".join(out)

    return transform


def source_games(source):
    """Yields (name, bytes) of every .sgf file of the source, in name order."""
    if os.path.isdir(source):
        paths = []
        for root, _, files in os.walk(source):
            paths.extend(os.path.join(root, f) for f in files if f.lower().endswith(".sgf"))
        for path in sorted(paths):
            with open(path, "rb") as f:
                yield path, f.read()
        return
    # Stream mode ("r|*"): members are read once, in archive order, then sorted; random
    # access into a compressed archive would decompress it again for every member.
    games = []
    with tarfile.open(source, "r|*") as tar:
        for m in tar:
            if m.isfile() and m.name.lower().endswith(".sgf"):
                games.append((m.name, tar.extractfile(m).read()))
    games.sort(key=lambda g: g[0])
    yield from games


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", help="archive (.tar.xz, ...) or directory of .sgf files")
    parser.add_argument("out_dir", help="directory to write into (not inside the repository)")
    parser.add_argument("--games", type=int, default=400000, help="games to write (default 400000)")
    parser.add_argument("--per-file", type=int, default=1000, help="games per output file (default 1000)")
    parser.add_argument("--subsets", default="", help="comma-separated game counts: DIR/games-N link farms")
    args = parser.parse_args()

    # Only files that hold a game tree and end it: a truncated file (an unclosed value or
    # tree) would swallow the games after it in a multi-game file.
    sources = [MOVE_TOKEN.split(data) for _, data in source_games(args.source)
               if b"(" in data and data.rstrip().endswith(b")")]
    variants = [(s, swap) for swap in (False, True) for s in range(8)]
    if args.games > len(sources) * len(variants):
        sys.exit(f"only {len(sources) * len(variants)} variants of {len(sources)} games are possible")

    os.makedirs(args.out_dir, exist_ok=True)
    written = 0
    file_index = 0
    batch = []
    names = []

    def flush():
        nonlocal file_index, batch
        name = f"scale-{file_index:05d}.sgf"
        with open(os.path.join(args.out_dir, name), "wb") as f:
            f.write(b"\n".join(batch) + b"\n")
        names.append(name)
        file_index += 1
        batch = []

    for symmetry, swap in variants:
        transform = make_fast_variant(symmetry, swap)
        for data in sources:
            if written == args.games:
                break
            batch.append(transform(data).strip())
            written += 1
            if len(batch) == args.per_file:
                flush()
        if written == args.games:
            break
    if batch:
        flush()

    for n in [int(s) for s in args.subsets.split(",") if s]:
        if n % args.per_file != 0 or n > written:
            sys.exit(f"subset {n}: must be a multiple of --per-file and at most {written}")
        sub = os.path.join(args.out_dir, f"games-{n}")
        os.makedirs(sub, exist_ok=True)
        for name in names[: n // args.per_file]:
            link = os.path.join(sub, name)
            if not os.path.lexists(link):
                os.symlink(os.path.join("..", name), link)
    print(f"{written} games in {file_index} files under {args.out_dir}")


if __name__ == "__main__":
    main()
