#!/usr/bin/env python3
"""Many routes on one loaded network, for Scripts/benchmark-routing.sh:
picks COUNT random pairs of the network's crossings (seeded), writes them
as "LAT,LON LAT,LON" lines to PAIRS (what wrk asks `meridian serve` for),
writes the graph's edges for pgRouting as CSV to EDGES (id, source,
target, cost, reverse_cost: seconds, -1 for none) and the pairs as node
ids to PAIR_IDS, then times networkx's Dijkstra on the first NX_COUNT
pairs with the graph already built, and prints
"median_ms p99_ms total_seconds_of_routes" for it.

Usage: routing_queries.py NETWORK.geojson COUNT NX_COUNT PAIRS EDGES PAIR_IDS
"""
import random
import sys
import time

import networkx

from networkx_route import build

network, count, nx_count, pairs_path, edges_path, ids_path = sys.argv[1:7]
graph = build(network)
nodes = list(graph.nodes)
index = {node: i + 1 for i, node in enumerate(nodes)}
random.seed(2026)
pairs = [(random.choice(nodes), random.choice(nodes)) for _ in range(int(count))]
with open(pairs_path, "w") as out:
    for a, b in pairs:
        out.write(f"{a[1]},{a[0]} {b[1]},{b[0]}\n")
with open(ids_path, "w") as out:
    for a, b in pairs:
        out.write(f"{index[a]} {index[b]}\n")
with open(edges_path, "w") as out:
    done = set()
    number = 0
    for a, b, data in graph.edges(data=True):
        if (b, a) in done:
            continue
        done.add((a, b))
        back = float(graph[b][a]["weight"]) if graph.has_edge(b, a) else -1.0
        number += 1
        out.write(f"{number},{index[a]},{index[b]},{float(data['weight'])!r},{back!r}\n")
times = []
total = 0.0
for a, b in pairs[: int(nx_count)]:
    began = time.perf_counter()
    seconds, _ = networkx.single_source_dijkstra(graph, a, b, weight="weight")
    times.append(time.perf_counter() - began)
    total += seconds
times.sort()
median = times[len(times) // 2] * 1000
p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
print(f"{median:.2f} {p99:.2f} {total:.3f}")
