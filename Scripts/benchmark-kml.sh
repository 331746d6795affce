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
source "$(dirname "$0")/benchmark-common.sh"
size=${1:-100}

large="$work/large-$size.kml"
[ -f "$large" ] || python3 Scripts/generate-large-kml.py "$large" "$size" >/dev/null

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
