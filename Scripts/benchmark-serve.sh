#!/usr/bin/env bash
# meridian serve under load, on loopback: wrk with 64 connections for
# SECONDS per endpoint (autocomplete, search, reverse geocoding, a 1024x768
# snapshot of the sample venue, directions and ETAs through it), throughput and p50/p99 latency, the
# server's RSS at start and after each run; then the faults: a SIGHUP reload during a
# run (no request may fail), malformed requests (bad JSON, a huge header, a
# client sending one byte a second) while wrk runs, and SIGTERM during a
# run (exit status 0).
#
#   Scripts/benchmark-serve.sh [SECONDS]      (default: 60)
set -euo pipefail
seconds=${1:-60}
source "$(dirname "$0")/benchmark-common.sh"
release_build --product meridian-serve >/dev/null
command -v wrk >/dev/null || { echo "benchmark-serve: wrk is required (apt-get install wrk)" >&2; exit 1; }
venue=Samples/meridian-arcade.zip
landmarks=Samples/cambridge-landmarks.geojson

load() { wrk_load "${2:-$seconds}" "$base$1"; }

serve_start "$venue" "$landmarks"
inside=$(curl -s "$base/v1/search?q=restroom&limit=1" | python3 -c \
  "import json, sys; c = json.load(sys.stdin)['results'][0]['coordinate']; print(f\"{c['latitude']},{c['longitude']}\")")
echo "== meridian serve on $venue and $landmarks, wrk -t2 -c64 -d${seconds}s, $(nproc) cores"
echo "RSS at start: $(rss_mb) MB"
printf '| endpoint | requests/s | p50 | p99 | failed | RSS after |\n|---|---:|---:|---:|---:|---:|\n'
while IFS='|' read -r label target; do
  read -r rate p50 p99 bad <<<"$(load "$target")"
  printf '| %s | %s | %s | %s | %s | %s MB |\n' "$label" "$rate" "$p50" "$p99" "$bad" "$(rss_mb)"
done <<LIST
autocomplete|/v1/searchAutocomplete?q=caf
search|/v1/search?q=coffee
reverse geocoding|/v1/reverseGeocode?loc=$inside
snapshot 1024x768 SVG of the venue|/snapshot?size=1024x768&datasets=meridian-arcade&format=svg
directions through the venue, two levels|/v1/directions?origin=52.2053674,0.12190971@0&destination=52.20559208,0.12212912@1
directions by wheelchair, by place names|/v1/directions?origin=Bean+There&destination=Noodle+Bar&transportType=Wheelchair
ETAs to three shops|/v1/etas?origin=52.2053674,0.12190971@0&destinations=Noodle+Bar%7CPixel+Games%7CTidy+Threads
LIST
echo "RSS after the runs: $(rss_mb) MB"
sleep 6
echo "RSS six seconds later (the server trims free memory every 5 s): $(rss_mb) MB"

echo "== faults"
# A reload in the middle of a run loses nothing.
( sleep 3; kill -HUP "$server" ) &
read -r rate _ _ bad <<<"$(load "/v1/searchAutocomplete?q=caf" 8)"
echo "SIGHUP during load: $rate requests/s, $bad failed; generation $(curl -s "$base/datasets" | python3 -c 'import json,sys; print(json.load(sys.stdin)["generation"])')"

# Malformed requests while wrk runs: the server stays up and others are served.
slow_client() {
  python3 - "$port" <<'PY'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
for byte in b"GET /health HTTP/1.1\r\nHost: x\r\n":
    s.send(bytes([byte])); time.sleep(1)
PY
}
slow_client >/dev/null 2>&1 &
slow=$!
( for _ in $(seq 20); do
    curl -s -m 5 -o /dev/null -X POST --data-binary '{"type": "Feature", oops' "$base/validate"
    curl -s -m 5 -o /dev/null -H "X-Huge: $(head -c 100000 /dev/zero | tr '\0' a)" "$base/health"
  done ) &
malformed=$!
read -r rate _ p99 bad <<<"$(load "/v1/searchAutocomplete?q=caf" 10)"
pkill -P "$slow" 2>/dev/null || true
kill "$slow" 2>/dev/null || true
wait "$malformed" 2>/dev/null || true
status=$(curl -s -o /dev/null -w '%{http_code}' "$base/health")
echo "malformed requests and a one-byte-a-second client during load: $rate requests/s, p99 $p99, $bad failed; /health then $status"
echo "RSS after the faults: $(rss_mb) MB"

# SIGTERM during a run: in-flight requests finish, exit status 0.
wrk -t2 -c64 -d5s "$base/v1/search?q=coffee" >/dev/null 2>&1 &
load_pid=$!
sleep 2
kill -TERM "$server"
set +e
wait "$server"
echo "SIGTERM during load: exit status $?"
set -e
wait "$load_pid" 2>/dev/null || true
