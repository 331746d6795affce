#!/usr/bin/env bash
# KML -> GeoJSON: Meridian side by side with GDAL's ogr2ogr, in one run, on
# a KML file generated from the togeojson fixtures (Scripts/generate-large-kml.py).
#
#   Scripts/benchmark-kml.sh [SIZE_MB]      (default: 100)
#
# Prints wall-clock seconds and peak resident memory (GNU time's %M) of the
# whole process for each tool, and the speed-up. Needs gdal-bin, python3
# and /usr/bin/time. Meridian is built in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
work=${TMPDIR:-/tmp}/meridian-benchmark
mkdir -p "$work"
size=${1:-100}

swift build -c release --product meridian >/dev/null
bin=$(swift build -c release --show-bin-path)

large="$work/large-$size.kml"
[ -f "$large" ] || python3 Scripts/generate-large-kml.py "$large" "$size" >/dev/null

ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.1f}x' if b > 0 else '-')" "$1" "$2"; }
# Runs a command under GNU time; prints "seconds peak_mb".
# (ogr2ogr prints thousands of warnings on the fixtures' odd rings: they are discarded.)
measure() {
  /usr/bin/time -f "%e %U %M" "$@" 2>"$work/time.txt" >/dev/null || true
  tail -1 "$work/time.txt" | awk '{ printf "%.2f %.2f %.0f", $1, $2, $3 / 1024 }'
}

echo "== KML -> GeoJSON, whole process (seconds, peak MB)"
echo "(wall seconds; user CPU seconds in brackets; the machine may be shared)"
printf "%-18s %7s %16s %8s %16s %8s %9s %9s\n" file "MB" "meridian" "peak" "ogr2ogr" "peak" "speed-up" "features"
for file in "$large"; do
  mb=$(python3 -c "import os; print(f'{os.path.getsize(\"$file\") / 1e6:.1f}')")
  rm -f "$work/kml-m.geojson" "$work/kml-o.geojson"
  read -r m mu mp <<<"$(measure "$bin/meridian" convert "$file" -o "$work/kml-m.geojson")"
  read -r o ou op <<<"$(measure ogr2ogr -f GeoJSON "$work/kml-o.geojson" "$file")"
  features=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['features']))" "$work/kml-m.geojson")
  printf "%-18s %7s %16s %8s %16s %8s %9s %9s\n" "$(basename "$file")" "$mb" "$m ($mu)" "$mp" "$o ($ou)" "$op" "$(ratio "$o" "$m")" "$features"
done
