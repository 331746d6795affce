#!/usr/bin/env bash
# What shaping costs: `meridian convert` of a large FeatureCollection to
# NDJSON, plain and with a --where filter that keeps every feature (so both
# write the same output), best of 5 wall-clock runs each, and the ratio.
#
#   Scripts/benchmark-shaping.sh [SIZE_MB]      (default: 100)
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
size=${1:-100}
large="$work/polygons-$size.geojson"
[ -f "$large" ] || python3 Scripts/generate-large-geojson.py "$large" "$size" >/dev/null

expression="not (name = 'zzz' and scalerank > 3) or featurecla in ('a', 'b')"
plain=$(best "$bin/meridian" convert "$large" -o "$work/shaping-plain.ndjson" --to ndjson)
filtered=$(best "$bin/meridian" convert "$large" -o "$work/shaping-where.ndjson" --to ndjson --where "$expression")
cmp -s "$work/shaping-plain.ndjson" "$work/shaping-where.ndjson" || { echo "the filter changed the output"; exit 1; }
echo "== convert $(basename "$large") to NDJSON, best of 5, seconds"
echo "plain           $plain"
echo "--where         $filtered   ($expression)"
python3 -c "print(f'cost of --where: {($filtered / $plain - 1) * 100:+.0f}%')"

# Topology-preserving simplification of Natural Earth's 50m admin-1 file:
# time, vertices before and after, and a check that no shared border opened
# (every pair of neighbours still shares a segment; shapely, when present,
# measures overlaps between the simplified polygons).
states=../shared/fixtures/geojson/real/ne_50m_admin_1_states_provinces.json
if [ -f "$states" ]; then
  echo
  echo "== --simplify 0.05 --keep-shared-borders on $(basename "$states"), best of 5, seconds"
  for method in dp visvalingam; do
    seconds=$(best "$bin/meridian" convert "$states" -o "$work/simplified-$method.geojson" --simplify 0.05 --simplify-method "$method" --keep-shared-borders)
    python3 - "$states" "$work/simplified-$method.geojson" "$method" "$seconds" <<'PY'
import json, sys
def load(path):
    return [f for f in json.load(open(path))["features"] if f["geometry"]]
def rings(g):
    return g["coordinates"] if g["type"] == "Polygon" else [r for p in g["coordinates"] for r in p]
def segments(f):
    out = set()
    for r in rings(f["geometry"]):
        for a, b in zip(r, r[1:]):
            out.add(tuple(sorted([tuple(a), tuple(b)])))
    return out
def vertices(features):
    return sum(len(r) for f in features for r in rings(f["geometry"]))
before, after = load(sys.argv[1]), load(sys.argv[2])
sb, sa = [segments(f) for f in before], [segments(f) for f in after]
pairs = [(i, j) for i in range(len(sb)) for j in range(i + 1, len(sb)) if sb[i] & sb[j]]
opened = [(i, j) for i, j in pairs if not (sa[i] & sa[j])]
print(f"{sys.argv[3]:12} {sys.argv[4]} s  vertices {vertices(before)} -> {vertices(after)}  neighbour pairs {len(pairs)}, borders opened {len(opened)}")
PY
  done
fi
