#!/usr/bin/env bash
# FlatGeobuf, Meridian beside ogr2ogr in one run, whole process: the
# generated shapefile set of SIZE MB (default 1000, from
# Scripts/generate-large-shapefile.py) written as FlatGeobuf with its
# index; our file read back whole to GeoJSON; and each tool's file read
# through its index for a box of 1% of the extent (-spat for ogr2ogr).
#
#   Scripts/benchmark-flatgeobuf.sh [SIZE_MB]
#
# Best of three each (wall, user seconds, peak MB). Needs gdal-bin.
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
size=${1:-1000}
large="$work/polygons-$size"
[ -f "$large.shp" ] || python3 Scripts/generate-large-shapefile.py "$large" "$size" >/dev/null
ours="$work/fgb-m.fgb"
theirs="$work/fgb-o.fgb"
# The polygons cover -180..180 by -85..85: a tenth of each side is 1%.
box=(10 20 46 37)
row() { printf "%-40s %18s %8s %18s %8s %9s\n" "$@"; }
echo "== FlatGeobuf, whole process (wall seconds, user seconds, peak MB; best of three)"
row task meridian peak ogr2ogr peak speed-up
read -r m mu mp <<<"$(measure_best sh -c "rm -f '$ours'; exec '$bin/meridian' convert '$large.shp' -o '$ours'")"
read -r o ou op <<<"$(measure_best sh -c "rm -f '$theirs'; exec ogr2ogr -f FlatGeobuf '$theirs' '$large.shp'")"
row "write $(du -m "$large.shp" | cut -f1) MB .shp as .fgb" "$m ($mu)" "$mp" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
read -r m mu mp <<<"$(measure_best sh -c "rm -f '$work/fgb-m.geojson'; exec '$bin/meridian' convert '$ours' -o '$work/fgb-m.geojson'")"
read -r o ou op <<<"$(measure_best sh -c "rm -f '$work/fgb-o.geojson'; exec ogr2ogr -f GeoJSON '$work/fgb-o.geojson' '$ours'")"
row "read $(du -m "$ours" | cut -f1) MB .fgb to GeoJSON" "$m ($mu)" "$mp" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
for file in "$ours" "$theirs"; do
  who=$([ "$file" = "$ours" ] && echo "ours" || echo "GDAL's")
  read -r m mu mp <<<"$(measure_best sh -c "rm -f '$work/fgb-m.geojson'; exec '$bin/meridian' convert '$file' --bbox $(IFS=,; echo "${box[*]}") -o '$work/fgb-m.geojson'")"
  read -r o ou op <<<"$(measure_best sh -c "rm -f '$work/fgb-o.geojson'; exec ogr2ogr -f GeoJSON -spat ${box[*]} '$work/fgb-o.geojson' '$file'")"
  found=$(grep -o '"type":"Feature"' "$work/fgb-m.geojson" | wc -l)
  row "1% box of $who ($found features)" "$m ($mu)" "$mp" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
done
rm -f "$work/fgb-m.geojson" "$work/fgb-o.geojson"
