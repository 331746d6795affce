#!/usr/bin/env python3
"""Makes Samples/natural-earth.pmtiles, the small basemap bundled with the
samples, from the Natural Earth fixtures (../shared/fixtures/geojson/real),
with `meridian tile`.

Layers (the schema the built-in styles `light` and `dark` draw):
  land     ne_50m_land: land polygons (the sea is the background)
  borders  the land borders between the countries of ne_110m_admin_0_countries:
           each pair of neighbours' shared boundary, as lines (a, b: their names)
  states   the same between the states and provinces of ne_50m_admin_1
           (Australia, Brazil, Canada, the United States)
  rivers   ne_10m_rivers_europe: river centre lines (name)
  places   ne_50m_populated_places: name, rank (Natural Earth's SCALERANK,
           0 the most important), population; most important first

Natural Earth has no border lines at these scales, so the shared
boundaries are worked out here with shapely; everything else is the
fixtures' own geometry. Usage (after swift build -c release):

    python3 Scripts/make-basemap.py [--max-zoom 6] [-o Samples/natural-earth.pmtiles]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from shapely.geometry import mapping, shape
from shapely.ops import linemerge
from shapely.strtree import STRtree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "..", "shared", "fixtures", "geojson", "real")


def load(name):
    with open(os.path.join(FIXTURES, name)) as file:
        return json.load(file)["features"]


def shared_borders(features, name_key):
    shapes = [shape(f["geometry"]).buffer(0) for f in features]
    tree = STRtree(shapes)
    lines = []
    for i, a in enumerate(shapes):
        for j in tree.query(a):
            j = int(j)
            if j <= i:
                continue
            common = a.boundary.intersection(shapes[j].boundary)
            parts = [g for g in getattr(common, "geoms", [common]) if g.geom_type in ("LineString", "MultiLineString")]
            if not parts:
                continue
            merged = linemerge(parts) if len(parts) > 1 else parts[0]
            if merged.is_empty or merged.length == 0:
                continue
            lines.append({
                "type": "Feature",
                "properties": {"a": features[i]["properties"].get(name_key), "b": features[j]["properties"].get(name_key)},
                "geometry": mapping(merged),
            })
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-zoom", type=int, default=6)
    parser.add_argument("-o", "--output", default=os.path.join(ROOT, "Samples", "natural-earth.pmtiles"))
    parser.add_argument("--meridian", default=os.path.join(ROOT, ".build", "release", "meridian"))
    args = parser.parse_args()

    layers = {
        "land": [{"type": "Feature", "properties": {}, "geometry": f["geometry"]} for f in load("ne_50m_land.json")],
        "borders": shared_borders(load("ne_110m_admin_0_countries.json"), "NAME"),
        "states": shared_borders(load("ne_50m_admin_1_states_provinces.json"), "name"),
        "rivers": [
            {"type": "Feature", "properties": {"name": f["properties"].get("name")}, "geometry": f["geometry"]}
            for f in load("ne_10m_rivers_europe.json")
        ],
        "places": sorted(
            (
                {
                    "type": "Feature",
                    "properties": {
                        "name": f["properties"]["NAME"],
                        "rank": f["properties"]["SCALERANK"],
                        "population": f["properties"]["POP_MAX"],
                    },
                    "geometry": f["geometry"],
                }
                for f in load("ne_50m_populated_places.json")
            ),
            key=lambda f: (f["properties"]["rank"], -f["properties"]["population"]),
        ),
    }
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, features in layers.items():
            path = os.path.join(folder, name + ".geojson")
            with open(path, "w") as file:
                json.dump({"type": "FeatureCollection", "features": features}, file)
            paths.append(path)
        command = [args.meridian, "tile", *paths, "-o", args.output, "--max-zoom", str(args.max_zoom)]
        print(" ".join(command[:2]) + " land borders states rivers places -o " + args.output, file=sys.stderr)
        subprocess.run(command, check=True)
    print(f"{args.output}: {os.path.getsize(args.output)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
