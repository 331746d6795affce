#!/usr/bin/env python3
"""A generated road network for routing benchmarks: a grid of SIDE x SIDE
crossings about 100 m apart (jittered), each row and column a street of
its own (named, some one-way, some residential at 30 km/h, some primary at
70), so the network has 2 x SIDE x (SIDE - 1) segments (SIDE 708: just
over a million). Deterministic (seeded), standard library only.

    Scripts/generate-road-network.py OUT.geojson [SIDE]
"""
import json
import random
import sys

path = sys.argv[1]
side = int(sys.argv[2]) if len(sys.argv) > 2 else 708
random.seed(43)
grid = [[(round(4.80 + c * 0.0015 + random.uniform(-0.0003, 0.0003), 7),
          round(52.30 + r * 0.0009 + random.uniform(-0.0002, 0.0002), 7))
         for c in range(side)] for r in range(side)]
with open(path, "w") as out:
    out.write('{"type":"FeatureCollection","features":[\n')
    first = True
    for kind in ("row", "column"):
        for i in range(side):
            line = grid[i] if kind == "row" else [grid[r][i] for r in range(side)]
            properties = {"name": "%s %d" % (kind.title(), i),
                          "highway": "primary" if i % 10 == 0 else "residential"}
            if i % 7 == 3:
                properties["oneway"] = "yes"
            feature = {"type": "Feature", "properties": properties,
                       "geometry": {"type": "LineString", "coordinates": [list(p) for p in line]}}
            out.write(("" if first else ",\n") + json.dumps(feature, separators=(",", ":")))
            first = False
    out.write("\n]}\n")
