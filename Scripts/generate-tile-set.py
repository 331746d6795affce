#!/usr/bin/env python3
"""A large GeoJSON FeatureCollection for tiling benchmarks: building-sized
polygons (rotated rectangles), street-like lines and points scattered over
western Europe, each with a handful of properties, written until the file
reaches SIZE bytes (default 1 GB). Deterministic (seeded), standard
library only.

    Scripts/generate-tile-set.py OUT.geojson [SIZE_BYTES]
"""
import json
import math
import random
import sys

path = sys.argv[1]
size = int(float(sys.argv[2])) if len(sys.argv) > 2 else 1_000_000_000
random.seed(40)
kinds = ["house", "shop", "school", "church", "office", "barn"]
with open(path, "w") as out:
    out.write('{"type":"FeatureCollection","features":[\n')
    written = 0
    number = 0
    while written < size:
        # Clusters, as towns are: a centre, then features around it.
        lon0, lat0 = random.uniform(-5, 15), random.uniform(42, 55)
        for _ in range(2000):
            lon = lon0 + random.gauss(0, 0.05)
            lat = lat0 + random.gauss(0, 0.03)
            roll = random.random()
            if roll < 0.7:
                w, h, a = random.uniform(5e-5, 3e-4), random.uniform(5e-5, 3e-4), random.uniform(0, math.pi)
                ring = []
                for dx, dy in [(-1, -1), (1, -1), (1, 1), (-1, 1), (-1, -1)]:
                    x, y = dx * w / 2, dy * h / 2
                    ring.append([round(lon + x * math.cos(a) - y * math.sin(a), 7),
                                 round(lat + x * math.sin(a) + y * math.cos(a), 7)])
                geometry = {"type": "Polygon", "coordinates": [ring]}
            elif roll < 0.9:
                points, x, y = [], lon, lat
                for _ in range(random.randint(3, 12)):
                    x += random.gauss(0, 5e-4)
                    y += random.gauss(0, 5e-4)
                    points.append([round(x, 7), round(y, 7)])
                geometry = {"type": "LineString", "coordinates": points}
            else:
                geometry = {"type": "Point", "coordinates": [round(lon, 7), round(lat, 7)]}
            feature = {"type": "Feature", "id": number,
                       "properties": {"kind": random.choice(kinds), "levels": random.randint(1, 6),
                                      "name": "feature %d" % number, "height": round(random.uniform(3, 30), 1)},
                       "geometry": geometry}
            text = ("," if number else "") + json.dumps(feature, separators=(",", ":")) + "\n"
            out.write(text)
            written += len(text)
            number += 1
    out.write("]}\n")
