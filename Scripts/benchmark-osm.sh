#!/usr/bin/env bash
# OpenStreetMap PBF to a GeoJSON text sequence with areas, Meridian beside
# osmium export and GDAL's OSM driver (ogr2ogr) in one run, whole process
# (median of five runs, one of ogr2ogr's on the large file; wall, user
# seconds, peak MB):
#
# - Samples/monaco.osm.pbf, Geofabrik's extract of Monaco (28 092 nodes);
# - a generated extract of COPIES copies of it side by side (default 100:
#   2.8 million nodes, 454 000 ways, 46 MB; Scripts/make-osm-extract.py),
#   sorted as Geofabrik's are.
#
# osmium runs with the area rules Meridian uses (Scripts/osm-oracle.py's
# configuration), so that both write the same features; ogr2ogr writes its
# points, lines, multilinestrings, multipolygons and other relations.
#
#   Scripts/benchmark-osm.sh [COPIES]
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
copies=${1:-100}
command -v osmium >/dev/null || { echo "benchmark-osm: apt-get install osmium-tool" >&2; exit 1; }
command -v ogr2ogr >/dev/null || { echo "benchmark-osm: apt-get install gdal-bin" >&2; exit 1; }

large="$work/monaco-x$copies.osm.pbf"
[ -f "$large" ] || python3 Scripts/make-osm-extract.py Samples/monaco.osm.pbf "$large" "$copies"
config="$work/osmium-config.json"
python3 -c "import json, importlib.util as u; s = u.spec_from_file_location('o', 'Scripts/osm-oracle.py'); m = u.module_from_spec(s); s.loader.exec_module(m); json.dump(m.osmium_config(), open('$config', 'w'))"

echo "| input | meridian convert | osmium export | osmium / meridian | ogr2ogr | ogr2ogr / meridian |"
echo "|---|---|---|---|---|---|"
for input in Samples/monaco.osm.pbf "$large"; do
  ours=$(measure_median "$bin/meridian" convert "$input" --to geojsonseq -o "$work/osm.geojsonseq" --quiet)
  theirs=$(measure_median osmium export -O -c "$config" -f geojsonseq -o "$work/osmium.geojsonseq" "$input")
  if [ "$input" = "$large" ]; then
    gdal=$(measure ogr2ogr -f GeoJSONSeq "$work/ogr.geojsonseq" "$input" -overwrite)
  else
    gdal=$(measure_median ogr2ogr -f GeoJSONSeq "$work/ogr.geojsonseq" "$input" -overwrite)
  fi
  rm -f "$work/ogr.geojsonseq"
  read -r ow ou om <<<"$ours"
  read -r tw tu tm <<<"$theirs"
  read -r gw gu gm <<<"$gdal"
  printf "| %s (%s MB) | %s s, %s MB | %s s, %s MB | %s | %s s, %s MB | %s |\n" "$(basename "$input")" \
    "$(du -m "$input" | cut -f1)" "$ow" "$om" "$tw" "$tm" "$(ratio "$tw" "$ow")" "$gw" "$gm" "$(ratio "$gw" "$ow")"
done

# The index of the large extract, end to end (`meridian index`), and
# completion, search and reverse geocoding on it, one query at a time
# (Benchmarks' `meridian-benchmark places`, which reads the extract the same
# way): fragments of 1 to 8 characters of the extract's own names.
elements=$(osmium fileinfo -e -g data.count.nodes "$large")
elements=$((elements + $(osmium fileinfo -e -g data.count.ways "$large") + $(osmium fileinfo -e -g data.count.relations "$large")))
indexed=$(measure_median "$bin/meridian" index "$large" -o "$work/osm.idx")
read -r iw iu im <<<"$indexed"
echo
echo "| index of $(basename "$large") | elements | wall | elements/s | peak |"
echo "|---|---|---|---|---|"
printf "| meridian index | %s | %s s | %s | %s MB |\n" "$elements" "$iw" \
  "$(python3 -c "print(f'{$elements / $iw:,.0f}')")" "$im"
queries="$work/osm-queries.txt"
"$bin/meridian" convert Samples/monaco.osm.pbf --to ndjson -o - --quiet | python3 -c '
import json, random, sys
random.seed(3)
names = [json.loads(line)["properties"].get("name") for line in sys.stdin]
names = [n for n in names if n]
for _ in range(2000):
    name = random.choice(names)
    print(name[:random.randint(1, min(8, len(name)))])
for _ in range(200):
    print("search:" + " ".join(random.choice(names).split()[:2]))' >"$queries"
benchmark_build
echo
"$bench_bin/meridian-benchmark" places "$large" "$queries"
