#!/usr/bin/env python3
"""Writes a large FeatureCollection built from the real fixture files, for
benchmarks and memory tests: the features of the Natural Earth files and
countries.geo.json, repeated with shifted longitudes until the output
reaches the requested size.

    Scripts/generate-large-geojson.py OUT.geojson SIZE_MB [FIXTURES_DIR]
"""
import json
import os
import sys

out, size_mb = sys.argv[1], float(sys.argv[2])
fixtures = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "fixtures")
real = os.path.join(fixtures, "geojson", "real")
features = []
for name in sorted(os.listdir(real)):
    if name.startswith("ne_") or name == "countries.geo.json":
        with open(os.path.join(real, name)) as f:
            features.extend(json.load(f)["features"])

def shift(coords, dx):
    if isinstance(coords[0], (int, float)):
        return [round(((coords[0] + dx + 180) % 360) - 180, 9)] + coords[1:]
    return [shift(c, dx) for c in coords]

target = size_mb * 1e6
written = 0
with open(out, "w") as f:
    f.write('{"type":"FeatureCollection","features":[\n')
    first = True
    round_number = 0
    while written < target:
        for feature in features:
            geometry = feature.get("geometry")
            if geometry and "coordinates" in geometry and round_number:
                geometry = dict(geometry, coordinates=shift(geometry["coordinates"], round_number * 0.001))
            text = json.dumps(dict(feature, geometry=geometry), separators=(",", ":"))
            f.write(("" if first else ",\n") + text)
            first = False
            written += len(text) + 2
            if written >= target:
                break
        round_number += 1
    f.write("\n]}\n")
print(f"wrote {out}: {os.path.getsize(out) / 1e6:.1f} MB")
