#!/usr/bin/env bash
# Spatial operations, Meridian beside geopandas in one run, whole process
# (best of three; wall, user seconds, peak MB):
#
# 1. Points in polygons: COUNT points (default 10 000 000, uniform over
#    Connecticut, in a GeoParquet file both read) against Connecticut's
#    282 ZIP code areas (OpenDataDE/State-zip-code-GeoJSON, the 2010
#    census ZCTAs): the points counted per area (`meridian join zips
#    points --count`; geopandas `sjoin` then a count per area), and each
#    point given its area's code (`meridian join points zips --fields`;
#    `sjoin`, written to GeoParquet by both).
# 2. Dissolve: Natural Earth's admin-1 states by country, and the ZIP code
#    areas into their state (`meridian dissolve --by`; geopandas `dissolve`).
#    mapshaper, the other peer the issue names, is packaged neither by
#    Debian nor on PyPI, so it is not run.
#
#   Scripts/benchmark-spatial.sh [COUNT]
#
# The ZIP code areas are read from $CT_ZIPS, else the work folder, else
# fetched from GitHub at a pinned commit and checked by SHA-256.
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
count=${1:-10000000}
python3 -c "import geopandas, pyarrow" 2>/dev/null || { echo "benchmark-spatial: pip install geopandas pyarrow" >&2; exit 1; }

zips=${CT_ZIPS:-$work/ct_connecticut_zip_codes_geo.min.json}
if [ ! -f "$zips" ]; then
  curl -fsSL -o "$zips" \
    https://raw.githubusercontent.com/OpenDataDE/State-zip-code-GeoJSON/2c0b1816529d254ba6f977b1b8dbb6dc22d4f767/ct_connecticut_zip_codes_geo.min.json
fi
echo "aa43fe907d49a60d49988d3cba3d08dd9966f1eec2e4708c3356267bf854b41c  $zips" | sha256sum -c --quiet 2>/dev/null \
  || echo "benchmark-spatial: note: $zips is not the pinned file (sha256 $(sha256sum "$zips" | cut -c1-16)...)" >&2
states=../shared/fixtures/geojson/real/ne_50m_admin_1_states_provinces.json

# The points: uniform over the state's box, an id each, as GeoParquet.
points="$work/ct-points-$count.parquet"
if [ ! -f "$points" ]; then
  python3 - "$work/ct-points-$count.csv" "$count" <<'PY'
import sys, numpy as np
out, count = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(1)
with open(out, "w") as f:
    f.write("id,lon,lat\n")
    np.savetxt(f, np.column_stack([np.arange(count), rng.uniform(-73.73, -71.78, count), rng.uniform(40.95, 42.05, count)]),
               fmt=["%d", "%.6f", "%.6f"], delimiter=",")
PY
  "$bin/meridian" convert "$work/ct-points-$count.csv" -o "$points"
  rm "$work/ct-points-$count.csv"
fi

peer="$work/spatial-peer.py"
cat >"$peer" <<'PY'
import sys, time
import geopandas
task, *args = sys.argv[1:]
if task == "count":
    zips, points, out = args
    areas = geopandas.read_file(zips)
    dots = geopandas.read_parquet(points)
    start = time.time()
    pairs = geopandas.sjoin(dots[["geometry"]], areas[["geometry"]], predicate="intersects")
    areas["points"] = pairs["index_right"].value_counts().reindex(areas.index, fill_value=0)
    print(f"sjoin and count {time.time() - start:.2f} s", file=sys.stderr)
    areas.to_file(out, driver="GeoJSON")
elif task == "label":
    points, zips, out = args
    dots = geopandas.read_parquet(points)
    areas = geopandas.read_file(zips)
    start = time.time()
    joined = geopandas.sjoin(dots, areas[["ZCTA5CE10", "geometry"]], how="left", predicate="intersects")
    print(f"sjoin {time.time() - start:.2f} s", file=sys.stderr)
    joined.drop(columns="index_right").to_parquet(out)
elif task == "dissolve":
    source, key, out = args
    frame = geopandas.read_file(source)
    start = time.time()
    result = frame[[key, "geometry"]].dissolve(by=key).reset_index()
    print(f"dissolve {time.time() - start:.2f} s", file=sys.stderr)
    result.to_file(out, driver="GeoJSON")
PY

row() {  # name, ours (wall user mb), theirs
  read -r ow ou om <<<"$2"
  read -r tw tu tm <<<"$3"
  printf "| %s | %s s, %s MB | %s s, %s MB | %s |\n" "$1" "$ow" "$om" "$tw" "$tm" "$(ratio "$tw" "$ow")"
}

echo "| task | meridian | geopandas $(python3 -c 'import geopandas; print(geopandas.__version__)') | ratio |"
echo "|---|---|---|---|"
row "$count points counted in 282 ZIP areas" \
  "$(measure_best "$bin/meridian" join "$zips" "$points" --count points -o "$work/counted.geojson")" \
  "$(measure_best python3 "$peer" count "$zips" "$points" "$work/counted-peer.geojson")"
row "$count points given their ZIP code" \
  "$(measure_best "$bin/meridian" join "$points" "$zips" --fields ZCTA5CE10 -o "$work/labelled.parquet")" \
  "$(measure_best python3 "$peer" label "$points" "$zips" "$work/labelled-peer.parquet")"
row "admin-1 states dissolved by country" \
  "$(measure_best "$bin/meridian" dissolve "$states" --by admin -o "$work/countries.geojson")" \
  "$(measure_best python3 "$peer" dissolve "$states" admin "$work/countries-peer.geojson")"
row "282 ZIP areas dissolved into their state" \
  "$(measure_best "$bin/meridian" dissolve "$zips" --by STATEFP10 -o "$work/state.geojson")" \
  "$(measure_best python3 "$peer" dissolve "$zips" STATEFP10 "$work/state-peer.geojson")"
# The operations alone, as geopandas's own timer and Meridian's --verbose note see them.
python3 "$peer" dissolve "$states" admin "$work/countries-peer.geojson" 2>&1 | sed 's/^/geopandas admin-1 /'
python3 "$peer" dissolve "$zips" STATEFP10 "$work/state-peer.geojson" 2>&1 | sed 's/^/geopandas ZIP areas /'
