#!/usr/bin/env bash
# Tiling, zooms 0-12: `meridian tile` against GDAL's MVT driver
# (`ogr2ogr -f MVT`, GDAL 3.6 writes MBTiles or a folder, not PMTiles) on
# Natural Earth's 50m admin-1 states and land, and on a generated set
# (Scripts/generate-tile-set.py: building-sized polygons, lines and points
# over western Europe; SET_BYTES, default 1 GB). Whole process, one run
# each (GDAL takes minutes to hours here), same run: wall and user
# seconds, peak memory, and the size written. GDAL is stopped after
# GDAL_LIMIT seconds (default 3600) and its row then says so, with the
# speed-up as a lower bound. Both write MBTiles (no
# duplicates shared, so the sizes compare); Meridian's PMTiles, which
# stores a tile repeated inside a polygon once, is given as well.
#
#   Scripts/benchmark-tiling.sh [FIXTURES_DIR]   (SET_BYTES=1e9, SKIP_GDAL_SET=1 to leave GDAL out of the set)
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
fixtures="${1:-../shared/fixtures}/geojson/real"
set_bytes="${SET_BYTES:-1e9}"
command -v ogr2ogr >/dev/null || { echo "benchmark-tiling: ogr2ogr is required (apt-get install gdal-bin)" >&2; exit 1; }
set_file="$work/tile-set-$set_bytes.geojson"
[ -f "$set_file" ] || python3 Scripts/generate-tile-set.py "$set_file" "$set_bytes"

printf "| input | tool | wall s | user s | peak MB | MBTiles MB | PMTiles MB | speed-up (wall) |\n|---|---|---:|---:|---:|---:|---:|---:|\n"
for input in "$fixtures/ne_50m_admin_1_states_provinces.json" "$fixtures/ne_50m_land.json" "$set_file"; do
  name=$(basename "$input" .json)
  name=${name%.geojson}
  rm -f "$work/$name.mbtiles" "$work/$name.pmtiles" "$work/$name-gdal.mbtiles"
  read -r wall user peak <<<"$(measure "$bin/meridian" tile "$input" -o "$work/$name.mbtiles" --min-zoom 0 --max-zoom 12)"
  "$bin/meridian" tile "$input" -o "$work/$name.pmtiles" --min-zoom 0 --max-zoom 12 >/dev/null 2>&1
  mb() { python3 -c "import os, sys; print(f'{os.path.getsize(sys.argv[1]) / 1e6:.1f}')" "$1"; }
  echo "| $name | meridian | $wall | $user | $peak | $(mb "$work/$name.mbtiles") | $(mb "$work/$name.pmtiles") | |"
  if [ "$input" = "$set_file" ] && [ -n "${SKIP_GDAL_SET:-}" ]; then continue; fi
  limit=${GDAL_LIMIT:-3600}
  read -r gwall guser gpeak <<<"$(measure timeout "$limit" ogr2ogr -f MVT "$work/$name-gdal.mbtiles" "$input" -dsco MINZOOM=0 -dsco MAXZOOM=12)"
  if python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) >= float(sys.argv[2]) else 1)" "$gwall" "$limit"; then
    echo "| $name | ogr2ogr (stopped, unfinished) | > $gwall | $guser | $gpeak | - | - | > $(ratio "$gwall" "$wall") |"
  else
    echo "| $name | ogr2ogr | $gwall | $guser | $gpeak | $(mb "$work/$name-gdal.mbtiles") | - | $(ratio "$gwall" "$wall") |"
  fi
done
