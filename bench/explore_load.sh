#!/bin/sh
# The load test of `josekic explore` (docs/PERFORMANCE.md, "Explorer"): for each compiled
# dictionary DIR, starts `josekic explore DIR --port 0` and prints
#   - the time from the start of the process to its first answered request (/api/info);
#   - GET /api/joseki at CLIENTS concurrent clients, JOSEKI_REQUESTS requests: requests/s,
#     p50, p99, max, errors (bench/explore_load.cpp);
#   - a run of MIXED_REQUESTS mixed requests (joseki, fuseki, games, review);
#   - GET /api/trends/joseki (top 20) at the root and at its commonest move: medians of 9;
#   - the server's peak RSS (VmHWM) after both.
#
# usage: bench/explore_load.sh [-b BUILD] DIR...
#   e.g. bench/explore_load.sh /tmp/fox28k-dict /tmp/scale-dict
# Environment: CLIENTS (8), JOSEKI_REQUESTS (20000), MIXED_REQUESTS (100000),
# REVIEW_GAME (/usr/share/goban/Hon-97-2.mgt).
set -eu
build=build
if [ "${1:-}" = "-b" ]; then build=$2; shift 2; fi
clients=${CLIENTS:-8}
joseki_requests=${JOSEKI_REQUESTS:-20000}
mixed_requests=${MIXED_REQUESTS:-100000}
review=${REVIEW_GAME:-/usr/share/goban/Hon-97-2.mgt}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for dict in "$@"; do
  echo "=== $dict"
  # Started and timed by Python: from the spawn to the first answered GET /api/info, with no
  # shell or curl start-up in the measurement.
  python3 - "$build/josekic" "$dict" "$out" <<'PY' &
import subprocess, sys, time, urllib.request, re
start = time.monotonic()
server = subprocess.Popen([sys.argv[1], "explore", sys.argv[2], "--port", "0"], stdout=subprocess.PIPE, text=True)
line = server.stdout.readline()
port = re.search(r":(\d+)/", line).group(1)
urllib.request.urlopen(f"http://127.0.0.1:{port}/api/info").read()
ms = (time.monotonic() - start) * 1000
with open(sys.argv[3], "w") as f:
    f.write(f"{port} {server.pid} {ms:.0f}\n")
sys.exit(server.wait())
PY
  runner=$!
  while [ ! -s "$out" ]; do sleep 0.05; done
  read -r port pid ms <"$out"
  echo "first request answered $ms ms after start"
  "$build/bench/josekic_explore_load" "$port" --clients "$clients" --requests "$joseki_requests" | tail -1 | sed 's/^/joseki: /'
  "$build/bench/josekic_explore_load" "$port" --clients "$clients" --requests "$mixed_requests" --mix --review "$review" | tail -1 | sed 's/^/mixed: /'
  # /api/trends as the page asks for it at each click (top 20): at the joseki root and at its
  # commonest continuation, the median of 9 requests each.
  python3 - "$port" <<'PY'
import json, statistics, sys, time, urllib.parse, urllib.request
base = f"http://127.0.0.1:{sys.argv[1]}"
def get(path):
    with urllib.request.urlopen(base + path) as answer:
        return answer.read()
first = json.loads(get("/api/joseki?moves="))["continuations"]
for moves in [""] + [first[0]["move"]] * bool(first):
    times = []
    for _ in range(9):
        start = time.monotonic()
        get("/api/trends/joseki?top=20&moves=" + urllib.parse.quote(moves))
        times.append((time.monotonic() - start) * 1000)
    print(f"trends at {moves or 'the root'}: median {statistics.median(times):.1f} ms (9 requests)")
PY
  grep -E 'VmHWM|VmRSS' "/proc/$pid/status" | tr -s ' \t' ' ' | paste -sd ' '
  kill -TERM "$pid"
  wait "$runner" && echo "stopped by SIGTERM: exit 0"
  : >"$out"
done
