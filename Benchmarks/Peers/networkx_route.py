#!/usr/bin/env python3
"""networkx's answer to `meridian route NETWORK --from A --to B --mode
driving`, whole process, for Scripts/benchmark-routing.sh: reads the
GeoJSON network, builds a directed graph with the same rules for a car
(lengths on the WGS-84 ellipsoid by pyproj, each street's class speed,
one-way streets one way), joins each place to its nearest node, and runs
Dijkstra. Prints the travel time in seconds and the metres.

Usage: networkx_route.py NETWORK.geojson LAT,LON LAT,LON
"""
import json
import sys

import networkx
import numpy
from pyproj import Geod

speeds = {"primary": 70.0, "residential": 30.0}


def build(network):
    """The network's directed graph: nodes are (lon, lat), edges weigh seconds."""
    with open(network) as source:
        features = json.load(source)["features"]
    graph = networkx.DiGraph()
    for feature in features:
        properties = feature["properties"]
        line = feature["geometry"]["coordinates"]
        lons = numpy.array([p[0] for p in line])
        lats = numpy.array([p[1] for p in line])
        _, _, lengths = Geod(ellps="WGS84").inv(lons[:-1], lats[:-1], lons[1:], lats[1:])
        speed = speeds.get(properties.get("highway"), 40.0) / 3.6
        oneway = properties.get("oneway") == "yes"
        for a, b, length in zip(line, line[1:], lengths):
            a, b = tuple(a), tuple(b)
            graph.add_edge(a, b, weight=length / speed, length=length)
            if not oneway:
                graph.add_edge(b, a, weight=length / speed, length=length)
    return graph


if __name__ == "__main__":
    network, start, end = sys.argv[1], sys.argv[2], sys.argv[3]
    graph = build(network)
    nodes = numpy.array(list(graph.nodes))

    def nearest(text):
        lat, lon = map(float, text.split(","))
        scale = numpy.cos(numpy.radians(lat))
        d = ((nodes[:, 0] - lon) * scale) ** 2 + (nodes[:, 1] - lat) ** 2
        return tuple(nodes[int(numpy.argmin(d))])

    seconds, path = networkx.single_source_dijkstra(graph, nearest(start), nearest(end), weight="weight")
    metres = sum(graph[a][b]["length"] for a, b in zip(path, path[1:]))
    print(json.dumps({"expectedTravelTime": seconds, "distance": metres}))
