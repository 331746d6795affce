#!/usr/bin/env python3
"""Shortest paths by networkx's Dijkstra, for checking Meridian's routes:
reads a graph's edges and a list of node pairs as JSON on standard input
({"edges": [[from, to, seconds], ...], "pairs": [[source, target], ...]},
directed edges, as RoutingGraph.edges(for:) gives them) and prints, for
each pair, the cost in seconds and the nodes of the path (null for a pair
with none), as a JSON list.

Usage: route-oracle.py < REQUEST.json
"""
import json
import sys

import networkx

request = json.load(sys.stdin)
graph = networkx.DiGraph()
for source, target, seconds in request["edges"]:
    # Two ways between the same nodes: the quicker one is the edge.
    if not graph.has_edge(source, target) or graph[source][target]["weight"] > seconds:
        graph.add_edge(source, target, weight=seconds)
answers = []
for source, target in request["pairs"]:
    try:
        cost, path = networkx.single_source_dijkstra(graph, source, target, weight="weight")
        answers.append({"seconds": cost, "nodes": path})
    except (networkx.NetworkXNoPath, networkx.NodeNotFound):
        answers.append(None)
json.dump(answers, sys.stdout)
