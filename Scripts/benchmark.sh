#!/usr/bin/env bash
# Times Meridian side by side with its peers on the same files, in one run,
# and prints MB/s (10^6 bytes per second), seconds, peak memory and ratios.
#
#   Scripts/benchmark.sh [SIZE_MB]      (default: a 200 MB generated file)
#
# Peers: Python's json and orjson (parse into objects), Foundation's
# JSONSerialization and JSONDecoder into Codable structs (Benchmarks/Peers),
# and GDAL's ogr2ogr (GeoJSON -> GeoJSON, whole process). Needs python3 with
# orjson, gdal-bin and GNU time. Everything is built in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# As the README builds the tool (see benchmark-common.sh).
release_build() { swift build -c release --static-swift-stdlib "$@"; }
fixtures=../shared/fixtures/geojson/real
work=${TMPDIR:-/tmp}/meridian-benchmark
mkdir -p "$work"
size=${1:-200}

release_build --product meridian >/dev/null
benchmark_build
bin=$(release_build --show-bin-path)
swiftc -O Benchmarks/Peers/FoundationPeer.swift -o "$work/foundation-peer" 2>/dev/null

large="$work/large-$size.geojson"
[ -f "$large" ] || python3 Scripts/generate-large-geojson.py "$large" "$size" >/dev/null

ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.1f}x' if b > 0 else '-')" "$1" "$2"; }
python_rate() {
  python3 - "$1" "$2" <<'PY'
import json, sys, time
import orjson
module, path = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
loads = orjson.loads if module == "orjson" else json.loads
best, total, runs = float("inf"), 0.0, 0
while total < 1.0 or runs < 3:
    start = time.perf_counter(); loads(data); t = time.perf_counter() - start
    best, total, runs = min(best, t), total + t, runs + 1
print(f"{len(data) / 1e6 / best:.1f}")
PY
}
# Peak resident memory of a command in MB of 10^6 bytes, the unit the file
# sizes are given in (GNU time reports KiB).
peak_mb() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.0f", $1 * 1024 / 1e6 }'; }
# The best wall-clock seconds of RUNS runs (default 1), to the millisecond,
# timed around the process by Python (fork and exec included). The file
# OUTPUT names is removed before each run, untimed: both tools write a new
# file (ogr2ogr refuses to replace one; Meridian replacing one costs about
# a millisecond more on ext4, which writes out a file renamed over another).
seconds() {
  python3 - "${RUNS:-1}" "${OUTPUT:-}" "$@" <<'PY'
import os, subprocess, sys, time
runs, output, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
best = float("inf")
for _ in range(runs):
    if output and os.path.exists(output):
        os.remove(output)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    best = min(best, time.perf_counter() - start)
print(f"{best:.4f}")
PY
}

echo "== Parsing into memory (MB/s, best of repeated runs in one process; meridian on every core, then on one)"
printf "%-34s %10s %10s %10s %10s %10s %12s %12s %10s\n" file "meridian" "1 thread" "json-tree" "orjson" "py-json" "JSONSerial." "JSONDecoder" "vs orjson"
for file in "$fixtures/canada.json" "$fixtures"/ne_*.json "$fixtures/countries.geo.json"; do
  m=$("$bench_bin/meridian-benchmark" decode "$file")
  m1=$(MERIDIAN_THREADS=1 "$bench_bin/meridian-benchmark" decode "$file")
  t=$("$bench_bin/meridian-benchmark" json "$file")
  o=$(python_rate orjson "$file")
  p=$(python_rate json "$file")
  s=$("$work/foundation-peer" serialization "$file")
  d=$("$work/foundation-peer" codable "$file")
  printf "%-34s %10s %10s %10s %10s %10s %12s %12s %10s\n" "$(basename "$file")" "$m" "$m1" "$t" "$o" "$p" "$s" "$d" "$(ratio "$m" "$o")"
done

echo
echo "== Peak memory of an in-memory decode (canada.json is $(du -m "$fixtures/canada.json" | cut -f1) MB on disk)"
for file in "$fixtures/canada.json" "$large"; do
  mb=$(python3 -c "import os; print(f'{os.path.getsize(\"$file\") / 1e6:.1f}')")
  printf "%-34s file %8s MB   meridian decode peak %6s MB (one thread %6s MB)   from the file %6s MB\n" \
    "$(basename "$file")" "$mb" "$(peak_mb "$bench_bin/meridian-benchmark" decode "$file")" \
    "$(MERIDIAN_THREADS=1 peak_mb "$bench_bin/meridian-benchmark" decode "$file")" \
    "$(peak_mb "$bench_bin/meridian-benchmark" decode-file "$file")"
done

echo
echo "== Converting GeoJSON -> GeoJSON, whole process (seconds, best of 20 for the real files; peak MB)"
printf "%-34s %10s %10s %10s %10s %10s\n" file "meridian" "peak" "ogr2ogr" "peak" "speed-up"
for file in "$fixtures/canada.json" "$fixtures"/ne_*.json "$fixtures/countries.geo.json" "$large"; do
  rm -f "$work/out-m.geojson" "$work/out-o.geojson"
  runs=20
  [ "$file" = "$large" ] && runs=1
  m=$(RUNS=$runs OUTPUT="$work/out-m.geojson" seconds "$bin/meridian" convert "$file" -o "$work/out-m.geojson")
  mp=$(peak_mb "$bin/meridian" convert "$file" -o "$work/out-m.geojson")
  o=$(RUNS=$runs OUTPUT="$work/out-o.geojson" seconds ogr2ogr -f GeoJSON "$work/out-o.geojson" "$file")
  rm -f "$work/out-o.geojson"
  op=$(peak_mb ogr2ogr -f GeoJSON "$work/out-o.geojson" "$file")
  printf "%-34s %10s %10s %10s %10s %10s\n" "$(basename "$file")" "$m" "$mp" "$o" "$op" "$(ratio "$o" "$m")"
done

echo
Scripts/benchmark-kml.sh
