#!/usr/bin/env bash
# Generates Tests/MeridianCoreTests/Resources/projection-reference.csv: random
# coordinates projected by PROJ (cs2cs, EPSG:4326 -> EPSG:3857), the reference
# MapPoint is checked against. Needs Debian's proj-bin. Run once; the table is
# committed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Tests/MeridianCoreTests/Resources/projection-reference.csv
python3 - <<'PY' > /tmp/meridian-proj-in.txt
import random
random.seed(20261121)
for _ in range(3000):
    lat = random.uniform(-85, 85)
    lon = random.uniform(-180, 180)
    print(f"{lat:.9f} {lon:.9f}")
# The edges of the projected world.
for lat, lon in [(0, 0), (85, 180), (-85, -180), (45.52, -122.681944), (1e-9, 1e-9)]:
    print(f"{lat:.9f} {lon:.9f}")
PY
{
  echo "latitude,longitude,easting,northing"
  cs2cs -f %.10f EPSG:4326 EPSG:3857 < /tmp/meridian-proj-in.txt |
    paste -d' ' /tmp/meridian-proj-in.txt - |
    awk '{ printf "%s,%s,%s,%s\n", $1, $2, $3, $4 }'
} > "$out"
echo "wrote $(($(wc -l < "$out") - 1)) rows to $out"
