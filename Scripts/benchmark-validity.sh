#!/usr/bin/env bash
# Geometry validity: `meridian validate --geometry errors` side by side with
# shapely's is_valid (GEOS, as Python pipelines call it), in one run, over
# the same polygons: Natural Earth's 50m admin-1 and land files, and a
# large collection generated from the fixtures (Scripts/generate-large-geojson.py).
#
#   Scripts/benchmark-validity.sh [SIZE_MB]     (default: 100)
#
# Both sides do the whole job from the file: parse it, build every polygon,
# check it. Meridian's run does more (every GeoJSON structural rule too);
# shapely's parses with orjson when it is installed (the fastest Python
# JSON), else the standard library. Prints the best of 5 wall-clock runs
# and the ratio. Needs /usr/bin/python3 with shapely (python3-shapely).
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
size=${1:-100}
fixtures=../shared/fixtures/geojson/real

large="$work/polygons-$size.geojson"
[ -f "$large" ] || python3 Scripts/generate-large-geojson.py "$large" "$size" >/dev/null

cat >"$work/shapely-valid.py" <<'EOF'
import sys
try:
    import orjson as json_module
    load = lambda path: json_module.loads(open(path, "rb").read())
except ImportError:
    import json as json_module
    load = lambda path: json_module.load(open(path))
from shapely.geometry import shape
features = load(sys.argv[1])["features"]
invalid = 0
polygons = 0
for feature in features:
    geometry = feature.get("geometry")
    if geometry and geometry["type"] in ("Polygon", "MultiPolygon"):
        polygons += 1
        if not shape(geometry).is_valid:
            invalid += 1
print(polygons, invalid)
EOF

echo "== Polygon validity, whole file (parse + build + check), best of 5, seconds"
printf "%-40s %8s %10s %10s %9s %18s\n" file MB meridian shapely speed-up "polygons invalid"
for file in "$fixtures/ne_50m_admin_1_states_provinces.json" "$fixtures/ne_50m_land.json" "$large"; do
  [ -f "$file" ] || { echo "skipped: $file is missing"; continue; }
  mb=$(python3 -c "import os; print(f'{os.path.getsize(\"$file\") / 1e6:.1f}')")
  m=$(best "$bin/meridian" validate "$file" --geometry errors --format ndjson)
  s=$(best /usr/bin/python3 "$work/shapely-valid.py" "$file")
  counts=$(/usr/bin/python3 "$work/shapely-valid.py" "$file")
  ours=$("$bin/meridian" validate "$file" --geometry errors --format ndjson | grep -c '"code":"geometry\.' || true)
  ratio=$(python3 -c "print(f'{$s / $m:.1f}x')")
  printf "%-40s %8s %10s %10s %9s %18s\n" "$(basename "$file")" "$mb" "$m" "$s" "$ratio" "$counts (ours: $ours)"
done
