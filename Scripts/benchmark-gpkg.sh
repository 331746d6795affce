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
source "$(dirname "$0")/benchmark-common.sh"
count=${1:-1000000}

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

rm -f "$work/m.gpkg" "$work/o.gpkg" "$work/m.geojsonseq" "$work/o.geojsonseq"
read -r mw mwu mwp <<<"$(measure "$bin/meridian" convert "$points" -o "$work/m.gpkg")"
read -r ow owu owp <<<"$(measure ogr2ogr -f GPKG "$work/o.gpkg" "$points")"
read -r mr mru mrp <<<"$(measure "$bin/meridian" convert "$work/o.gpkg" -o "$work/m.geojsonseq")"
read -r or oru orp <<<"$(measure ogr2ogr -f GeoJSONSeq "$work/o.geojsonseq" "$work/o.gpkg")"
echo "== GeoPackage, $count point features, whole process (wall seconds, user seconds, peak MB)"
printf "%-8s %18s %8s %18s %8s %9s\n" step meridian peak ogr2ogr peak speed-up
printf "%-8s %18s %8s %18s %8s %9s\n" write "$mw ($mwu)" "$mwp" "$ow ($owu)" "$owp" "$(ratio "$ow" "$mw")"
printf "%-8s %18s %8s %18s %8s %9s\n" read "$mr ($mru)" "$mrp" "$or ($oru)" "$orp" "$(ratio "$or" "$mr")"
