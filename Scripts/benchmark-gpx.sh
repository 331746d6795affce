#!/usr/bin/env bash
# GPX -> GeoJSON: Meridian side by side with GDAL's ogr2ogr, in one run, on
# a GPX 1.1 file generated from the togeojson fixtures (Scripts/generate-large-gpx.py).
#
#   Scripts/benchmark-gpx.sh [SIZE_MB]      (default: 100)
#
# Prints wall-clock seconds, user CPU seconds and peak resident memory (GNU
# time's %M) of the whole process for each tool (the best of three runs of
# each), and the speed-up. Needs
# gdal-bin, python3 and /usr/bin/time. Meridian is built in release mode.
#
# What each side does. Meridian writes one FeatureCollection: a Point per
# wpt and a LineString/MultiLineString per trk, elevation as the third
# coordinate, and per-point times and extension values (gpxtpx:hr, cad...)
# in coordinateProperties. GDAL's GPX driver splits the file into layers
# (waypoints, routes, tracks, route_points, track_points); the same features
# are its `waypoints` and `tracks` layers. Its GeoJSON driver holds one layer
# per file (`-f GeoJSON out.geojson FILE tracks waypoints` fails: "Layer
# 'waypoints' ... cannot be created by the output driver"), so ogr2ogr
# writes GeoJSONSeq instead, which takes both layers into one file in one
# process, with the same feature writer and no FeatureCollection around it.
# GPX_ELE_AS_25D=YES makes GDAL keep elevation as Meridian does. GDAL's
# tracks layer still carries no per-point time or extensions (those are only
# in its track_points layer), so it does somewhat less work than Meridian:
# the comparison leans, if anything, GDAL's way. The two feature counts are
# printed to show both read the same wpt and trk.
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
size=${1:-100}

large="$work/large-$size.gpx"
[ -f "$large" ] || python3 Scripts/generate-large-gpx.py "$large" "$size" >/dev/null

echo "== GPX -> GeoJSON, whole process (seconds, peak MB)"
echo "(best wall seconds of three; user CPU seconds in brackets; the machine may be shared)"
echo "(ogr2ogr: GeoJSONSeq of the tracks and waypoints layers, elevation kept)"
printf "%-18s %7s %16s %8s %16s %8s %9s %9s %9s\n" file "MB" "meridian" "peak" "ogr2ogr" "peak" "speed-up" "features" "ogr feat"
for file in "$large"; do
  mb=$(python3 -c "import os; print(f'{os.path.getsize(\"$file\") / 1e6:.1f}')")
  rm -f "$work/gpx-m.geojson" "$work/gpx-o.geojsons"
  read -r m mu mp <<<"$(measure_best "$bin/meridian" convert "$file" -o "$work/gpx-m.geojson")"
  read -r o ou op <<<"$(measure_best ogr2ogr --config GPX_ELE_AS_25D YES -f GeoJSONSeq "$work/gpx-o.geojsons" "$file" tracks waypoints)"
  features=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['features']))" "$work/gpx-m.geojson")
  ogr_features=$(grep -c '"type": *"Feature"' "$work/gpx-o.geojsons" || true)
  printf "%-18s %7s %16s %8s %16s %8s %9s %9s %9s\n" "$(basename "$file")" "$mb" "$m ($mu)" "$mp" "$o ($ou)" "$op" "$(ratio "$o" "$m")" "$features" "$ogr_features"
done
