#!/usr/bin/env bash
# Shapefiles to GeoJSON, Meridian beside ogr2ogr in one run, whole
# process: Natural Earth's 50m admin-1 and land layers (written as
# shapefiles by ogr2ogr from the fixtures), and a generated set of SIZE MB
# (default 1000) of polygons (Scripts/generate-large-shapefile.py).
#
#   Scripts/benchmark-shapefile.sh [SIZE_MB]
#
# Both write GeoJSON to a file; best of three each (wall, user seconds, peak
# MB). Needs gdal-bin and ../shared/fixtures.
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
size=${1:-1000}
fixtures=../shared/fixtures/geojson/real
for layer in ne_50m_admin_1_states_provinces ne_50m_land; do
  [ -f "$work/$layer.shp" ] || ogr2ogr -f "ESRI Shapefile" "$work/$layer.shp" "$fixtures/$layer.json" 2>/dev/null
done
large="$work/polygons-$size"
[ -f "$large.shp" ] || python3 Scripts/generate-large-shapefile.py "$large" "$size" >/dev/null
echo "== shapefile to GeoJSON, whole process (wall seconds, user seconds, peak MB; best of three)"
printf "%-34s %18s %8s %18s %8s %9s\n" input meridian peak ogr2ogr peak speed-up
for stem in "$work/ne_50m_admin_1_states_provinces" "$work/ne_50m_land" "$large"; do
  rm -f "$work/shp-m.geojson" "$work/shp-o.geojson"
  read -r m mu mp <<<"$(measure_best sh -c "rm -f '$work/shp-m.geojson'; exec '$bin/meridian' convert '$stem.shp' -o '$work/shp-m.geojson'")"
  read -r o ou op <<<"$(measure_best sh -c "rm -f '$work/shp-o.geojson'; exec ogr2ogr -f GeoJSON '$work/shp-o.geojson' '$stem.shp'")"
  mb=$(du -m "$stem.shp" | cut -f1)
  printf "%-34s %18s %8s %18s %8s %9s\n" "$(basename "$stem") ($mb MB .shp)" "$m ($mu)" "$mp" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
done
