#!/usr/bin/env bash
# GeoPackage: writing and reading N point features (default 1 000 000),
# Meridian side by side with GDAL's ogr2ogr in one run, whole process.
#
#   Scripts/benchmark-gpkg.sh [FEATURES]
#
# Write: a GeoJSON text sequence of places -> .gpkg (both build the R*Tree).
# Read: that .gpkg -> a GeoJSON text sequence. Prints wall and user seconds,
# peak MB (GNU time) and the speed-ups. Needs gdal-bin.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
work=${TMPDIR:-/tmp}/meridian-benchmark
mkdir -p "$work"
count=${1:-1000000}

swift build -c release --product meridian >/dev/null
bin=$(swift build -c release --show-bin-path)
points="$work/points-$count.geojsonseq"
[ -f "$points" ] || python3 - "$points" "$count" <<'PY'
import json, random, sys
random.seed(7)
with open(sys.argv[1], "w") as out:
    for i in range(int(sys.argv[2])):
        feature = {"type": "Feature", "properties": {"name": f"place {i}", "rank": i % 10, "population": random.random() * 1e6},
                   "geometry": {"type": "Point", "coordinates": [round(random.uniform(-180, 180), 6), round(random.uniform(-85, 85), 6)]}}
        out.write("\x1e" + json.dumps(feature, separators=(",", ":")) + "\n")
PY

ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.1f}x' if b > 0 else '-')" "$1" "$2"; }
measure() {
  /usr/bin/time -f "%e %U %M" "$@" 2>"$work/time.txt" >/dev/null || true
  tail -1 "$work/time.txt" | awk '{ printf "%.2f %.2f %.0f", $1, $2, $3 / 1024 }'
}

rm -f "$work/m.gpkg" "$work/o.gpkg" "$work/m.geojsonseq" "$work/o.geojsonseq"
read -r mw mwu mwp <<<"$(measure "$bin/meridian" convert "$points" -o "$work/m.gpkg")"
read -r ow owu owp <<<"$(measure ogr2ogr -f GPKG "$work/o.gpkg" "$points")"
read -r mr mru mrp <<<"$(measure "$bin/meridian" convert "$work/o.gpkg" -o "$work/m.geojsonseq")"
read -r or oru orp <<<"$(measure ogr2ogr -f GeoJSONSeq "$work/o.geojsonseq" "$work/o.gpkg")"
echo "== GeoPackage, $count point features, whole process (wall seconds, user seconds, peak MB)"
printf "%-8s %18s %8s %18s %8s %9s\n" step meridian peak ogr2ogr peak speed-up
printf "%-8s %18s %8s %18s %8s %9s\n" write "$mw ($mwu)" "$mwp" "$ow ($owu)" "$owp" "$(ratio "$ow" "$mw")"
printf "%-8s %18s %8s %18s %8s %9s\n" read "$mr ($mru)" "$mrp" "$or ($oru)" "$orp" "$(ratio "$or" "$mr")"
