#!/usr/bin/env python3
"""Filtered lookups against unfiltered ones, side by side in one run (issue 26).

    bench/filter_benchmark.py JOSEKIC DIR [--query-time BIN] [--node MOVES]...
                              [--player NAME] [--event TEXT] [--runs N]

For the joseki root, the fuseki root and each --node (default "pd nd"; pick joseki nodes
played under 10,000 times), and for each filter and a few combinations, prints:

  cold    the start-to-exit wall time of a `JOSEKIC lookup DIR --moves ... FILTER` process
          and its CPU time (user + system: steadier on a shared machine), medians of N runs
          after a warm-up run; the first row of each table is the unfiltered query, measured
          in the same run;
  warm    with --query-time (build/bench/josekic_query_time), the same query inside one
          process that keeps the index open, as the explorer does: the first filtered query
          (making the selection included) and a second one with the same selection, medians
          of N runs, beside the unfiltered query's second.

--player defaults to the most frequent Black player of the 200 most recent games, --event to
their most frequent event (Meijin when none has one). Prints figures; asserts nothing.
"""
import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import time


def lookup_json(josekic, dictionary, args):
    done = subprocess.run([josekic, "lookup", dictionary, "--json", *args],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def run_once(command):
    """Wall and CPU (user + system) time of one run of `command`, in ms."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)} failed")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def cold_ms(command, runs):
    """Median wall and CPU time of `command` in ms, after one warm-up run."""
    run_once(command)
    times = [run_once(command) for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def warm_text(query_time, dictionary, args, runs):
    done = subprocess.run([query_time, dictionary, "--runs", str(runs), *args],
                          capture_output=True, text=True, check=True)
    # "unfiltered first A second B; filtered selection S first F (selection included) second W"
    words = done.stdout.replace(";", " ").split()
    value = {}
    for i, word in enumerate(words[:-1]):
        if word in ("first", "second", "selection") and words[i + 1][0].isdigit():
            prefix = "filtered " if "filtered" in words[:i] else ""
            value.setdefault(prefix + word, words[i + 1])
    if "filtered first" not in value:
        return f"{value['second']} second (unfiltered)"
    return (f"{value['filtered first']} first (selection {value['filtered selection']}), "
            f"{value['filtered second']} second; unfiltered second {value['second']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("josekic")
    parser.add_argument("dictionary")
    parser.add_argument("--query-time")
    parser.add_argument("--node", action="append")
    parser.add_argument("--player")
    parser.add_argument("--event")
    parser.add_argument("--runs", type=int, default=9)
    a = parser.parse_args()
    nodes = a.node or ["pd nd"]
    games = lookup_json(a.josekic, a.dictionary,
                        ["--fuseki", "--moves", "", "--games", "200"]).get("games", [])

    def most_frequent(field, otherwise):
        values = collections.Counter(g[field] for g in games if g.get(field))
        return values.most_common(1)[0][0] if values else otherwise

    player = a.player or most_frequent("black", "nobody")
    a.event = a.event or most_frequent("event", "Meijin")

    filters = [
        [],
        ["--since", "2015"],
        ["--until", "2010"],
        ["--min-rank", "9d"],
        ["--max-rank", "5d"],
        ["--player", player],
        ["--event", a.event],
        ["--min-rank", "9d", "--since", "2015"],
        ["--min-rank", "1d", "--max-rank", "9d", "--player", player, "--event", a.event,
         "--until", "2020"],
    ]
    queries = [("joseki root (--moves \"\")", ["--moves", ""]),
               ("fuseki root (--fuseki --moves \"\")", ["--fuseki", "--moves", ""])]
    for node in nodes:
        plays = lookup_json(a.josekic, a.dictionary, ["--moves", node]).get("count", "?")
        queries.append((f"joseki node --moves \"{node}\" (played {plays:,} times)",
                        ["--moves", node]))

    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                  if line.startswith("model name")), "?")
    print(f"machine: {os.cpu_count()} cores, {model}, load {load}")
    print(f"josekic: {a.josekic}")
    print(f"index:   {a.dictionary} ({os.path.getsize(os.path.join(a.dictionary, 'index.jki')):,} bytes)")
    print(f"runs:    {a.runs} (medians)")
    for label, query in queries:
        print(f"\n{label}")
        print(f"  {'filter':<52} {'cold process: wall / CPU':>24}   "
              + ("in one process (ms)" if a.query_time else ""))
        for extra in filters:
            args = [*query, *extra]
            wall, cpu = cold_ms([a.josekic, "lookup", a.dictionary, *args], a.runs)
            warm = warm_text(a.query_time, a.dictionary, args, a.runs) if a.query_time else ""
            shown = " ".join(w if w and " " not in w else json.dumps(w) for w in extra)
            cold = f"{wall:.1f} / {cpu:.1f} ms"
            print(f"  {shown or '(none)':<52} {cold:>24}   {warm}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
