#!/usr/bin/env python3
"""Runs a command RUNS times after one warm-up run and prints the median wall time from
start to exit (fork/exec included) in ms, the fastest, and the peak RSS of the runs.

usage: bench/process_time.py RUNS COMMAND [ARGS...]
"""
import resource
import statistics
import subprocess
import sys
import time

runs = int(sys.argv[1])
command = sys.argv[2:]
subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    times.append((time.perf_counter() - start) * 1000)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"median {statistics.median(times):.1f} ms, fastest {min(times):.1f} ms, "
      f"peak RSS {peak / 1024:.1f} MB, {runs} runs")
