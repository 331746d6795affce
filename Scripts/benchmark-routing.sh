#!/usr/bin/env bash
# Routing on a generated road network of just over a million segments
# (Scripts/generate-road-network.py: a jittered grid of named streets,
# some one-way, primary and residential speeds): `meridian route` against
# networkx (Benchmarks/Peers/networkx_route.py: the same rules, pyproj's
# geodesic lengths, Dijkstra), one request by car from one corner to the
# other, whole process each (reading the network, building the graph,
# the search), same run: the best of RUNS wall-clock times, peak memory,
# and both answers' travel times, which must agree.
#
#   Scripts/benchmark-routing.sh   (RUNS=3, SIDE=708)
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
runs="${RUNS:-3}"
side="${SIDE:-708}"
python3 -c "import networkx, pyproj, numpy" 2>/dev/null || { echo "benchmark-routing: networkx, pyproj and numpy are required (pip install networkx pyproj numpy)" >&2; exit 1; }
network="$work/road-network-$side.geojson"
[ -f "$network" ] || python3 Scripts/generate-road-network.py "$network" "$side"
from="52.3001,4.8001"
to=$(python3 -c "print(f'{52.30 + ($side - 1) * 0.0009:.4f},{4.80 + ($side - 1) * 0.0015:.4f}')")

ours=$(measure_best "$bin/meridian" route "$network" --from "$from" --to "$to" --mode driving --format json)
theirs=$(measure_best python3 Benchmarks/Peers/networkx_route.py "$network" "$from" "$to")
ours_answer=$("$bin/meridian" route "$network" --from "$from" --to "$to" --mode driving --format json | python3 -c "import json, sys; r = json.load(sys.stdin); print(f\"{r['expectedTravelTime']:.3f} s, {r['distance']:.1f} m\")")
theirs_answer=$(python3 Benchmarks/Peers/networkx_route.py "$network" "$from" "$to" | python3 -c "import json, sys; r = json.load(sys.stdin); print(f\"{r['expectedTravelTime']:.3f} s, {r['distance']:.1f} m\")")
printf "| tool | wall s | user s | peak MB | answer |\n|---|---:|---:|---:|---|\n"
read -r wall user peak <<<"$ours"; echo "| meridian route | $wall | $user | $peak | $ours_answer |"
read -r twall tuser tpeak <<<"$theirs"; echo "| networkx | $twall | $tuser | $tpeak | $theirs_answer |"
echo "speed-up (wall): $(ratio "$twall" "$wall")"
