#!/usr/bin/env bash
# What shaping costs: `meridian convert` of a large FeatureCollection to
# NDJSON, plain and with a --where filter that keeps every feature (so both
# write the same output), best of 5 wall-clock runs each, and the ratio.
#
#   Scripts/benchmark-shaping.sh [SIZE_MB]      (default: 100)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
work=${TMPDIR:-/tmp}/meridian-benchmark
mkdir -p "$work"
size=${1:-100}
swift build -c release --product meridian >/dev/null
bin=$(swift build -c release --show-bin-path)
large="$work/polygons-$size.geojson"
[ -f "$large" ] || python3 Scripts/generate-large-geojson.py "$large" "$size" >/dev/null

best() {
  local best=999999
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    best=$(python3 -c "print(min($best, $end - $start))")
  done
  printf "%.3f" "$best"
}

expression="not (name = 'zzz' and scalerank > 3) or featurecla in ('a', 'b')"
plain=$(best "$bin/meridian" convert "$large" -o "$work/shaping-plain.ndjson" --to ndjson)
filtered=$(best "$bin/meridian" convert "$large" -o "$work/shaping-where.ndjson" --to ndjson --where "$expression")
cmp -s "$work/shaping-plain.ndjson" "$work/shaping-where.ndjson" || { echo "the filter changed the output"; exit 1; }
echo "== convert $(basename "$large") to NDJSON, best of 5, seconds"
echo "plain           $plain"
echo "--where         $filtered   ($expression)"
python3 -c "print(f'cost of --where: {($filtered / $plain - 1) * 100:+.0f}%')"
