#!/usr/bin/env bash
# Routing on a generated road network of just over a million segments
# (Scripts/generate-road-network.py: a jittered grid of named streets,
# some one-way, primary and residential speeds), peers in the same run:
#
# 1. One request, whole process each (reading the network, building the
#    graph, the search): `meridian route` from the GeoJSON and from the
#    network prepared by `meridian route --prepare` (a contraction
#    hierarchy), against networkx (Benchmarks/Peers/networkx_route.py: the
#    same rules, pyproj's geodesic lengths, Dijkstra); best of RUNS wall
#    times, peak memory, and each answer's travel time, which must agree.
# 2. Routes on a loaded network, the same random pairs for every tool
#    (Benchmarks/Peers/routing_queries.py picks them): `meridian serve`
#    of the prepared network under wrk (one connection: each route's
#    latency; 16: throughput), networkx's Dijkstra on its built graph
#    (NX_QUERIES pairs), and pgRouting's pgr_dijkstra on the same edges in
#    a throwaway PostgreSQL (PG_QUERIES pairs); median and p99 of each.
# 3. /v1/directions through the sample venue under wrk, 16 connections.
#
#   Scripts/benchmark-routing.sh   (RUNS=3, SIDE=708, SECONDS=20, NX_QUERIES=20, PG_QUERIES=20)
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
runs="${RUNS:-3}"
side="${SIDE:-708}"
seconds="${SECONDS_EACH:-20}"
release_build --product meridian-serve >/dev/null
python3 -c "import networkx, pyproj, numpy" 2>/dev/null || { echo "benchmark-routing: networkx, pyproj and numpy are required (pip install networkx pyproj numpy)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "benchmark-routing: wrk is required (apt-get install wrk)" >&2; exit 1; }
network="$work/road-network-$side.geojson"
[ -f "$network" ] || python3 Scripts/generate-road-network.py "$network" "$side"
from="52.3001,4.8001"
to=$(python3 -c "print(f'{52.30 + ($side - 1) * 0.0009:.4f},{4.80 + ($side - 1) * 0.0015:.4f}')")
answer() { python3 -c "import json, sys; r = json.load(sys.stdin); print(f\"{r['expectedTravelTime']:.3f} s, {r['distance']:.1f} m\")"; }

echo "== one route, whole process ($side x $side crossings)"
read -r pwall puser ppeak <<<"$(measure "$bin/meridian" route "$network" --mode driving --prepare "$work/network.mrnet")"
ours=$(measure_best "$bin/meridian" route "$network" --from "$from" --to "$to" --mode driving --format json)
prepared=$(measure_best "$bin/meridian" route "$work/network.mrnet" --from "$from" --to "$to" --mode driving --format json)
theirs=$(measure_best python3 Benchmarks/Peers/networkx_route.py "$network" "$from" "$to")
printf "| tool | wall s | user s | peak MB | answer |\n|---|---:|---:|---:|---|\n"
echo "| meridian route --prepare (once) | $pwall | $puser | $ppeak | $(python3 -c "import os; print(f'{os.path.getsize(\"$work/network.mrnet\") / 1e6:.0f} MB file')") |"
read -r wall user peak <<<"$ours"
echo "| meridian route (GeoJSON) | $wall | $user | $peak | $("$bin/meridian" route "$network" --from "$from" --to "$to" --mode driving --format json | answer) |"
read -r fwall fuser fpeak <<<"$prepared"
echo "| meridian route (prepared) | $fwall | $fuser | $fpeak | $("$bin/meridian" route "$work/network.mrnet" --from "$from" --to "$to" --mode driving --format json | answer) |"
read -r twall tuser tpeak <<<"$theirs"
echo "| networkx | $twall | $tuser | $tpeak | $(python3 Benchmarks/Peers/networkx_route.py "$network" "$from" "$to" | answer) |"
echo "speed-up (wall): $(ratio "$twall" "$wall") from the GeoJSON, $(ratio "$twall" "$fwall") from the prepared network"

echo "== routes on a loaded network: the same random pairs"
read -r nx_median nx_p99 nx_total <<<"$(cd Benchmarks/Peers && python3 routing_queries.py "$network" 1000 "${NX_QUERIES:-20}" \
  "$work/pairs.txt" "$work/edges.csv" "$work/pair-ids.txt")"
cat >"$work/pairs.lua" <<LUA
local pairs = {}
for line in io.lines("$work/pairs.txt") do pairs[#pairs + 1] = line end
local i = 0
request = function()
  i = i % #pairs + 1
  local a, b = pairs[i]:match("(%S+) (%S+)")
  return wrk.format("GET", "/v1/directions?origin=" .. a .. "&destination=" .. b .. "&transportType=Automobile")
end
LUA
serve_start "$work/network.mrnet"
wrk -t1 -c1 -d"${seconds}s" --latency -s "$work/pairs.lua" "$base" >"$work/wrk-one.txt" 2>&1 || true
wrk -t2 -c16 -d"${seconds}s" --latency -s "$work/pairs.lua" "$base" >"$work/wrk-many.txt" 2>&1 || true
rss=$(rss_mb)
kill "$server"; wait "$server" 2>/dev/null || true
figures() { awk '/Requests\/sec/ { rate = $2 } /^ +50%/ { p50 = $2 } /^ +99%/ { p99 = $2 } /Non-2xx/ { bad += $NF }
  END { printf "%s %s %s %d", rate, p50, p99, bad }' "$1"; }
read -r one_rate one_p50 one_p99 one_bad <<<"$(figures "$work/wrk-one.txt")"
read -r many_rate many_p50 many_p99 many_bad <<<"$(figures "$work/wrk-many.txt")"

# pgRouting on the same edges, in a throwaway cluster.
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
cluster="$work/postgres"
as=()
[ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
rm -rf "$cluster" && mkdir -p "$cluster"
cp "$work/edges.csv" "$cluster/edges.csv"
[ "$(id -u)" = 0 ] && chown -R postgres "$cluster"
"${as[@]}" "$pgbin/initdb" -D "$cluster/data" -U meridian --auth-local trust -E UTF8 --locale C >/dev/null
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
"${as[@]}" "$pgbin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w -o "-p $port -k $cluster -c listen_addresses=''" start >/dev/null
trap '"${as[@]}" "$pgbin/pg_ctl" -D "$cluster/data" -m fast stop >/dev/null; rm -rf "$cluster"' EXIT
psql() { "${as[@]}" "$pgbin/psql" -X -q -At -h "$cluster" -p "$port" -U meridian "$@"; }
psql -d postgres -c "CREATE DATABASE routing"
psql -d routing -c "CREATE EXTENSION pgrouting CASCADE"
psql -d routing -c "CREATE TABLE edges (id bigint, source bigint, target bigint, cost float8, reverse_cost float8)"
psql -d routing -c "\\copy edges FROM '$cluster/edges.csv' WITH (FORMAT csv)"
pg_times=()
pg_total=0
while read -r a b; do
  line=$(psql -d routing -c "\\timing on" -c "SELECT coalesce(max(agg_cost), -1) FROM pgr_dijkstra('SELECT id, source, target, cost, reverse_cost FROM edges', $a, $b, true)" \
    | tr '\n' ' ')
  cost=$(awk '{ print $1 }' <<<"$line")
  ms=$(grep -o 'Time: [0-9.]*' <<<"$line" | awk '{ print $2 }')
  pg_times+=("$ms")
  pg_total=$(python3 -c "print($pg_total + max(0.0, $cost))")
done < <(head -"${PG_QUERIES:-20}" "$work/pair-ids.txt")
read -r pg_median pg_p99 <<<"$(printf "%s\n" "${pg_times[@]}" | sort -n | awk '{ v[NR] = $1 } END { i = int(NR * 0.99 + 0.999999); printf "%s %s", v[int((NR + 1) / 2)], v[i] }')"
# The same first pairs through meridian's hierarchy, for the sum of travel times.
ours_total=$(head -"${PG_QUERIES:-20}" "$work/pairs.txt" | while read -r a b; do
  "$bin/meridian" route "$work/network.mrnet" --from "$a" --to "$b" --mode driving --format json | python3 -c "import json, sys; print(json.load(sys.stdin)['expectedTravelTime'])"
done | python3 -c "import sys; print(f'{sum(map(float, sys.stdin)):.3f}')")
printf "| tool | routes | median | p99 | requests/s | answers (sum of the first %s routes' seconds) |\n|---|---:|---:|---:|---:|---|\n" "${PG_QUERIES:-20}"
echo "| meridian serve, prepared, 1 connection | wrk ${seconds} s | $one_p50 | $one_p99 | $one_rate | $ours_total (RSS $rss MB, $one_bad failed) |"
echo "| meridian serve, prepared, 16 connections | wrk ${seconds} s | $many_p50 | $many_p99 | $many_rate | ($many_bad failed) |"
echo "| networkx Dijkstra, graph built | ${NX_QUERIES:-20} | ${nx_median}ms | ${nx_p99}ms | - | $nx_total (its first ${NX_QUERIES:-20}) |"
echo "| pgRouting pgr_dijkstra | ${PG_QUERIES:-20} | ${pg_median}ms | ${pg_p99}ms | - | $(printf '%.3f' "$pg_total") |"

echo "== /v1/directions through the sample venue, wrk -t2 -c16"
serve_start Samples/meridian-arcade.zip
printf "| request | requests/s | p50 | p99 | failed |\n|---|---:|---:|---:|---:|\n"
for request in "/v1/directions?origin=52.2053674,0.12190971@0&destination=52.20559208,0.12212912@1" \
  "/v1/directions?origin=Bean+There&destination=Noodle+Bar&transportType=Wheelchair"; do
  wrk -t2 -c16 -d"${seconds}s" --latency "$base$request" >"$work/wrk-venue.txt" 2>&1 || true
  read -r rate p50 p99 bad <<<"$(figures "$work/wrk-venue.txt")"
  echo "| ${request%%&transportType*} | $rate | $p50 | $p99 | $bad |"
done
kill "$server"; wait "$server" 2>/dev/null || true
