#!/usr/bin/env bash
# GeoParquet, Meridian beside the Python data tools in one run, whole
# process: the generated GeoJSON of SIZE MB (default 200, from
# Scripts/generate-large-geojson.py) written as GeoParquet with Snappy,
# against geopandas (read_file, then to_parquet with a bbox covering) and
# DuckDB (the same rows read from NDJSON, written as Parquet); then our
# file read back whole, against pyarrow's read_table plus shapely's WKB
# decoding (Meridian's `info` decodes every feature and sums them up);
# and a 1% box read through the row groups' bbox statistics, against
# geopandas's read_parquet(bbox=...).
#
#   Scripts/benchmark-geoparquet.sh [SIZE_MB]
#
# Best of three each (wall, user seconds, peak MB). Needs pyarrow,
# geopandas, duckdb and shapely (pip install pyarrow geopandas duckdb).
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
size=${1:-200}
python3 -c "import pyarrow, geopandas, duckdb, shapely" 2>/dev/null \
  || { echo "benchmark-geoparquet: pip install pyarrow geopandas duckdb" >&2; exit 1; }
large="$work/large-$size.geojson"
[ -f "$large" ] || python3 Scripts/generate-large-geojson.py "$large" "$size" >/dev/null
[ -f "$work/large-$size.ndjson" ] || "$bin/meridian" convert "$large" -o "$work/large-$size.ndjson" 2>/dev/null
ours="$work/gpq-m.parquet"
row() { printf "%-44s %16s %7s %-26s %16s %7s %9s\n" "$@"; }
echo "== GeoParquet, whole process (wall seconds (user seconds), peak MB; best of three)"
row task meridian peak peer time peak speed-up
read -r m mu mp <<<"$(measure_best sh -c "rm -f '$ours'; exec '$bin/meridian' convert '$large' -o '$ours'")"
read -r o ou op <<<"$(measure_best python3 -c "
import geopandas, sys
geopandas.read_file(sys.argv[1]).to_parquet(sys.argv[2], compression='snappy', write_covering_bbox=True)" "$large" "$work/gpq-g.parquet")"
row "write $size MB GeoJSON as GeoParquet" "$m ($mu)" "$mp" "geopandas" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
read -r o ou op <<<"$(measure_best python3 -c "
import duckdb, sys
duckdb.sql(f\"copy (select * from read_ndjson('{sys.argv[1]}', columns={{'type': 'VARCHAR', 'properties': 'JSON', 'geometry': 'JSON'}})) to '{sys.argv[2]}' (format parquet, compression snappy)\")" "$work/large-$size.ndjson" "$work/gpq-d.parquet")"
row "" "" "" "DuckDB (from NDJSON)" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
read -r m mu mp <<<"$(measure_best "$bin/meridian" info "$ours")"
read -r o ou op <<<"$(measure_best python3 -c "
import pyarrow.parquet, shapely, sys
table = pyarrow.parquet.read_table(sys.argv[1])
shapely.from_wkb(table.column('geometry').to_numpy(zero_copy_only=False))" "$ours")"
row "read $(du -m "$ours" | cut -f1) MB GeoParquet, every feature" "$m ($mu)" "$mp" "pyarrow + shapely" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
read -r m mu mp <<<"$(measure_best sh -c "rm -f '$work/gpq-m.geojson'; exec '$bin/meridian' convert '$ours' -o '$work/gpq-m.geojson'")"
read -r o ou op <<<"$(measure_best python3 -c "
import geopandas, sys
geopandas.read_parquet(sys.argv[1]).to_file(sys.argv[2], driver='GeoJSON')" "$ours" "$work/gpq-g.geojson")"
row "convert it to GeoJSON" "$m ($mu)" "$mp" "geopandas" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
# Row groups of 4096 rows (the generated file's rows are in their
# layers' order, not sorted in space), a box of Europe.
"$bin/meridian" convert "$large" -o "$work/gpq-sorted.parquet" --row-group-size 4096 2>/dev/null
read -r m mu mp <<<"$(measure_best sh -c "rm -f '$work/gpq-m.geojson'; exec '$bin/meridian' convert '$work/gpq-sorted.parquet' --bbox 0,40,36,57 -o '$work/gpq-m.geojson'")"
read -r o ou op <<<"$(measure_best python3 -c "
import geopandas, sys
geopandas.read_parquet(sys.argv[1], bbox=(0, 40, 36, 57)).to_file(sys.argv[2], driver='GeoJSON')" "$work/gpq-sorted.parquet" "$work/gpq-g.geojson")"
found=$(grep -o '"type":"Feature"' "$work/gpq-m.geojson" | wc -l)
row "a box of Europe ($found features)" "$m ($mu)" "$mp" "geopandas bbox=" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
rm -f "$work/gpq-m.geojson" "$work/gpq-g.geojson" "$work/gpq-g.parquet" "$work/gpq-d.parquet"
