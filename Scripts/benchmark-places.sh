#!/usr/bin/env bash
# Places: Meridian's index side by side with SQLite FTS5 + R*Tree driven
# from Python's sqlite3 (Benchmarks/Peers/places_fts5.py), in one run, on N
# generated places (Scripts/generate-places.py: Natural Earth's and the IMDF
# fixtures' names mixed with generated ones) and the same queries.
#
#   Scripts/benchmark-places.sh [N]        (default: 1000000)
#
# Both sides build their index from the same GeoJSON sequence, write it to a
# file and reopen it (its size and open time are printed), and
# run every query one at a time on one core: completion fragments of 1 to 8
# characters, two-word searches, and reverse geocoding around the places.
# Prints each side's build rate and p50/p99 latencies in milliseconds.
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
count=${1:-1000000}
data="$work/places-$count.geojsonseq"
queries="$work/places-queries-$count.txt"
[ -f "$data" ] && [ -f "$queries" ] || python3 Scripts/generate-places.py "$data" "$count" "$queries" >/dev/null
benchmark_build
echo "== Meridian (PlaceIndex, built in memory, written to a file and reopened)"
/usr/bin/time -f "peak %M KB" "$bench_bin/meridian-benchmark" places "$data" "$queries"
echo "== SQLite FTS5 + R*Tree from Python's sqlite3 (built into a file and reopened)"
/usr/bin/time -f "peak %M KB" python3 Benchmarks/Peers/places_fts5.py "$data" "$queries"
