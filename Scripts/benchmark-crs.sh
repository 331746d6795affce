#!/usr/bin/env bash
# Coordinate systems: positions carried by PROJ, Meridian beside pyproj in
# one run, and whole conversions beside ogr2ogr.
#
#   Scripts/benchmark-crs.sh [POSITIONS] [FEATURES]
#
# 1. POSITIONS (default 10 000 000) British National Grid positions to
#    WGS 84 (a Helmert datum shift): Meridian's SharedCoordinateTransformation
#    on one thread and on two, against pyproj's vectorised transform over
#    NumPy arrays (Debian's python3-pyproj, on the same PROJ). Millions of
#    positions per second, the best of three each.
# 2. FEATURES (default 1 000 000) points of a GeoJSON text sequence in
#    EPSG:27700 to WGS 84 (--s-srs), and a GeoPackage layer in EPSG:27700 to
#    GeoJSON, whole process, beside ogr2ogr -s_srs/-t_srs.
# Needs gdal-bin and python3-pyproj (Debian's, under /usr/bin/python3).
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
positions=${1:-10000000}
features=${2:-1000000}
benchmark_build

ours1=$("$bench_bin/meridian-benchmark" crs EPSG:27700 "$positions" 1)
ours2=$("$bench_bin/meridian-benchmark" crs EPSG:27700 "$positions" 2)
peer=$(/usr/bin/python3 - "$positions" <<'PY'
import sys, time
import numpy as np
from pyproj import Transformer
n = int(sys.argv[1])
rng = np.random.default_rng(7)
x = rng.uniform(100_000, 600_000, n)
y = rng.uniform(100_000, 1_000_000, n)
t = Transformer.from_crs("EPSG:27700", "EPSG:4326", always_xy=True)
best = min((lambda s: (t.transform(x, y), time.perf_counter() - s)[1])(time.perf_counter()) for _ in range(3))
print(f"{n / best / 1e6:.2f}")
PY
)
echo "== $positions positions, EPSG:27700 to WGS 84 (millions of positions per second, best of three)"
printf "%-28s %10s %9s\n" "" "Mpos/s" "vs pyproj"
printf "%-28s %10s %9s\n" "pyproj (one core)" "$peer" "1.0x"
printf "%-28s %10s %9s\n" "Meridian, one thread" "$ours1" "$(ratio "$ours1" "$peer")"
printf "%-28s %10s %9s\n" "Meridian, two threads" "$ours2" "$(ratio "$ours2" "$peer")"

points="$work/grid-points-$features.geojsonseq"
[ -f "$points" ] || python3 - "$points" "$features" <<'PY'
import json, random, sys
random.seed(7)
with open(sys.argv[1], "w") as out:
    for i in range(int(sys.argv[2])):
        feature = {"type": "Feature", "properties": {"name": f"place {i}", "rank": i % 10},
                   "geometry": {"type": "Point", "coordinates": [round(random.uniform(100_000, 600_000), 2), round(random.uniform(100_000, 1_000_000), 2)]}}
        out.write("\x1e" + json.dumps(feature, separators=(",", ":")) + "\n")
PY
package="$work/grid-points-$features.gpkg"
[ -f "$package" ] || ogr2ogr -f GPKG -a_srs EPSG:27700 -nln points "$package" "$points"
rm -f "$work"/crs-*.geojsonseq
read -r ms msu msp <<<"$(measure_best "$bin/meridian" convert "$points" --s-srs EPSG:27700 -o "$work/crs-m1.geojsonseq")"
read -r os osu osp <<<"$(measure_best ogr2ogr -f GeoJSONSeq -s_srs EPSG:27700 -t_srs EPSG:4326 "$work/crs-o1.geojsonseq" "$points")"
read -r mg mgu mgp <<<"$(measure_best "$bin/meridian" convert "$package" -o "$work/crs-m2.geojsonseq")"
read -r og ogu ogp <<<"$(measure_best ogr2ogr -f GeoJSONSeq -t_srs EPSG:4326 "$work/crs-o2.geojsonseq" "$package")"
echo "== $features points in EPSG:27700 to WGS 84, whole process (wall seconds, user seconds, peak MB; best of three)"
printf "%-22s %18s %8s %18s %8s %9s\n" input meridian peak ogr2ogr peak speed-up
printf "%-22s %18s %8s %18s %8s %9s\n" "GeoJSON seq, --s-srs" "$ms ($msu)" "$msp" "$os ($osu)" "$osp" "$(ratio "$os" "$ms")"
printf "%-22s %18s %8s %18s %8s %9s\n" "GeoPackage layer" "$mg ($mgu)" "$mgp" "$og ($ogu)" "$ogp" "$(ratio "$og" "$mg")"
