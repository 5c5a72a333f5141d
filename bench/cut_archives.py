#!/usr/bin/env python3
"""Cuts a .tar.gz or .tar.xz at many places and checks that josekic keeps every game record
entry whose data came whole before the cut.

    bench/cut_archives.py JOSEKIC ARCHIVE WORKDIR [--step 37]

For each cut (every `--step` bytes of ARCHIVE), the entries a tar reader can recover are
counted from the decompressed prefix (Python's zlib and lzma: an entry whose header and data
are there, its padding to 512 bytes or not), and `josekic check --json` of the cut file must
report as many files read. Prints the number of cuts, those where josekic read fewer or more,
and the first few of them; exits 1 if any. Run it with an older josekic beside to see what a
change gained (docs/diagnostics.md, corrupt-archive).
"""
import argparse
import json
import lzma
import os
import subprocess
import sys
import zlib

GAME_SUFFIXES = (b".sgf", b".mgt")


def decompressed_prefix(name, prefix):
    """What the cut stream decompresses to, as far as it goes."""
    if name.endswith((".gz", ".tgz")):
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(prefix)
    if name.endswith(".xz"):
        return lzma.LZMADecompressor().decompress(prefix)
    raise SystemExit(f"{name}: give a .tar.gz, .tgz or .tar.xz")


def recoverable_entries(tar_prefix):
    """Game record entries of a tar prefix whose header and data are whole."""
    count = 0
    position = 0
    while position + 512 <= len(tar_prefix):
        header = tar_prefix[position:position + 512]
        if header == b"\0" * 512:
            break
        try:
            size = int(header[124:136].strip(b"\0 ") or b"0", 8)
        except ValueError:
            break
        if position + 512 + size > len(tar_prefix):
            break
        name = header[0:100].rstrip(b"\0").lower()
        if header[156:157] in (b"0", b"\0") and name.endswith(GAME_SUFFIXES):
            count += 1
        position += 512 + (size + 511) // 512 * 512
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("josekic")
    parser.add_argument("archive")
    parser.add_argument("workdir")
    parser.add_argument("--step", type=int, default=37)
    args = parser.parse_args()
    data = open(args.archive, "rb").read()
    os.makedirs(args.workdir, exist_ok=True)
    suffix = ".tar.xz" if args.archive.endswith(".xz") else ".tar.gz"
    cut_path = os.path.join(args.workdir, "cut" + suffix)
    cuts = 0
    wrong = []
    for cut in range(10, len(data), args.step):
        with open(cut_path, "wb") as out:
            out.write(data[:cut])
        expected = recoverable_entries(decompressed_prefix(suffix, data[:cut]))
        done = subprocess.run([args.josekic, "check", cut_path, "--json"], capture_output=True,
                              text=True)
        read = json.loads(done.stdout)["files_read"]
        cuts += 1
        if read != expected:
            wrong.append((cut, expected, read))
    print(f"{args.archive}: {cuts} cuts, every {args.step} bytes of {len(data)}; "
          f"files read differ from the recoverable entries in {len(wrong)}")
    for cut, expected, read in wrong[:5]:
        print(f"  cut at {cut}: {expected} recoverable, {read} read")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
