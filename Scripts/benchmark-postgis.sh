#!/usr/bin/env bash
# PostGIS, Meridian beside ogr2ogr in one run, whole process: COUNT
# features (default 1 000 000: the populated places, roads and countries
# of Natural Earth, as points, lines and polygons with their names and
# numbers, repeated with shifted longitudes; a GeoJSON of some 400 MB)
# loaded into a new table of
# a throwaway PostgreSQL with PostGIS (initdb and pg_ctl in the work
# folder, a free local port), against `ogr2ogr -f PostgreSQL` (which loads
# with COPY too; each with its spatial index, in one transaction); then the
# table read back to GeoJSON, against ogr2ogr reading it.
#
#   Scripts/benchmark-postgis.sh [COUNT]
#
# Best of three each (wall, user seconds, peak MB). Needs
# postgresql-15-postgis-3 and gdal-bin.
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
count=${1:-1000000}
command -v ogr2ogr >/dev/null || { echo "benchmark-postgis: apt-get install gdal-bin" >&2; exit 1; }
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
ls /usr/share/postgresql/*/extension/postgis.control >/dev/null 2>&1 \
  || { echo "benchmark-postgis: apt-get install postgresql-15-postgis-3" >&2; exit 1; }

# The source: COUNT features, made from the fixtures.
source_file="$work/features-$count.geojson"
[ -f "$source_file" ] || python3 - "$source_file" "$count" ../shared/fixtures/geojson/real <<'PY'
import json, sys
out, count, real = sys.argv[1], int(sys.argv[2]), sys.argv[3]
base = []
for name in ["ne_50m_populated_places.json", "ne_10m_rivers_europe.json", "ne_110m_admin_0_countries.json"]:
    for feature in json.load(open(f"{real}/{name}"))["features"]:
        props = feature["properties"]
        keep = {k: v for k, v in props.items() if k in ("NAME", "name", "SCALERANK", "scalerank", "POP_MAX", "ADMIN",
                                                        "POP_EST", "featurecla", "FEATURECLA", "LABELRANK")}
        base.append((feature["geometry"], keep))
def shift(c, dx):
    if isinstance(c[0], (int, float)):
        return [round(((c[0] + dx + 180) % 360) - 180, 7), c[1]]
    return [shift(p, dx) for p in c]
with open(out, "w") as f:
    f.write('{"type":"FeatureCollection","features":[\n')
    for i in range(count):
        geometry, props = base[i % len(base)]
        turn = i // len(base)
        feature = {"type": "Feature", "properties": dict(props, serial=i),
                   "geometry": {"type": geometry["type"], "coordinates": shift(geometry["coordinates"], turn * 0.01)}}
        f.write(("," if i else "") + json.dumps(feature, separators=(",", ":")) + "\n")
    f.write("]}\n")
PY
found=$(grep -o '"type":"Feature"' "$source_file" | wc -l)

# The cluster: the password only over TCP, as a server would be used.
cluster="$work/postgres"
as=()
[ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
rm -rf "$cluster" && mkdir -p "$cluster"
echo "benchmark" >"$cluster/password"
[ "$(id -u)" = 0 ] && chown -R postgres "$cluster"
"${as[@]}" "$pgbin/initdb" -D "$cluster/data" -U meridian --pwfile "$cluster/password" --auth-local trust \
  --auth-host scram-sha-256 -E UTF8 --locale C >/dev/null
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
"${as[@]}" "$pgbin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w \
  -o "-p $port -k $cluster -c listen_addresses=127.0.0.1 -c max_wal_size=4GB" start >/dev/null
trap '"${as[@]}" "$pgbin/pg_ctl" -D "$cluster/data" -m fast stop >/dev/null; rm -rf "$cluster"' EXIT
psql() { "${as[@]}" "$pgbin/psql" -X -q -At -h "$cluster" -p "$port" -U meridian "$@"; }
psql -d postgres -c "CREATE DATABASE gis"
psql -d gis -c "CREATE EXTENSION postgis"
export PGPASSWORD=benchmark
url="postgresql://meridian@127.0.0.1:$port/gis"
pg="PG:host=127.0.0.1 port=$port dbname=gis user=meridian"

row() { printf "%-44s %16s %7s %-22s %16s %7s %9s\n" "$@"; }
echo "== PostGIS, whole process (wall seconds (user seconds), peak MB; best of three)"
row task meridian peak peer time peak speed-up
read -r m mu mp <<<"$(measure_best "$bin/meridian" convert "$source_file" -o "$url?table=ours&mode=replace")"
read -r o ou op <<<"$(measure_best ogr2ogr -f PostgreSQL "$pg" "$source_file" -nln theirs -overwrite \
  -lco GEOMETRY_NAME=geom -nlt GEOMETRY)"
row "load $found features" "$m ($mu)" "$mp" "ogr2ogr" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
echo "   rows: ours $(psql -d gis -c 'SELECT count(*) FROM ours'), ogr2ogr's $(psql -d gis -c 'SELECT count(*) FROM theirs')"
read -r m mu mp <<<"$(measure_best sh -c "rm -f '$work/pg-m.geojson'; exec '$bin/meridian' convert '$url?table=ours' -o '$work/pg-m.geojson'")"
read -r o ou op <<<"$(measure_best sh -c "rm -f '$work/pg-o.geojson'; exec ogr2ogr -f GeoJSON '$work/pg-o.geojson' '$pg' theirs")"
row "read the table to GeoJSON" "$m ($mu)" "$mp" "ogr2ogr" "$o ($ou)" "$op" "$(ratio "$o" "$m")"
rm -f "$work/pg-m.geojson" "$work/pg-o.geojson"
