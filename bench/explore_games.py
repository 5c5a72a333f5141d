#!/usr/bin/env python3
"""Games opened through the explorer's API, one server after another in one run.

    bench/explore_games.py DIR JOSEKIC... [--requests N] [--seed S]

For each JOSEKIC (a build of josekic with its josekic-explore beside it), starts
`JOSEKIC explore DIR` on a free port, asks for N random games (`/api/games/ID?move=5`, the
same ids for every binary) one after another, and prints the first request's time, the median
and the largest of the others, and the server's resident memory after them. A dictionary
compiled from an archive (fox-28k.tar.xz) shows what reading its members costs. Prints
figures; asserts nothing.
"""
import argparse
import json
import random
import socket
import statistics
import subprocess
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def measure(josekic, directory, ids):
    port = free_port()
    server = subprocess.Popen([josekic, "explore", directory, "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                info = json.load(urllib.request.urlopen(base + "/api/info", timeout=5))
                break
            except OSError:
                time.sleep(0.05)
        times = []
        for game in ids:
            game %= info["games"]
            start = time.perf_counter()
            answer = json.load(urllib.request.urlopen(f"{base}/api/games/{game}?move=5"))
            times.append(time.perf_counter() - start)
            if answer.get("record") is None:
                print(f"  game {game}: {answer.get('record_problem')}")
        with open(f"/proc/{server.pid}/status") as status:
            rss_kb = int(status.read().split("VmRSS:")[1].split()[0])
    finally:
        server.terminate()
        server.wait()
    rest = times[1:] or times
    print(f"{josekic}: first {times[0] * 1000:.0f} ms; then median {statistics.median(rest) * 1000:.1f}"
          f" ms, largest {max(rest) * 1000:.0f} ms ({len(rest)} requests); RSS {rss_kb / 1024:.0f} MB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("josekic", nargs="+")
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ids = [rng.randrange(1 << 30) for _ in range(args.requests)]  # taken modulo the games
    for josekic in args.josekic:
        measure(josekic, args.directory, ids)


if __name__ == "__main__":
    main()
