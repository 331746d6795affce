#!/usr/bin/env python3
"""Flatten one level of an IMDF folder into a GeoJSON FeatureCollection of
plain features carrying `feature_type` and `category`, the form
MeridianSnapshot renders. A stop-gap for looking at IMDF renders until the
MeridianIMDF module's `venue.features(...)` glue exists.

usage: imdf-level-features.py IMDF_FOLDER ORDINAL > level.geojson
"""
import json, os, sys

folder, ordinal = sys.argv[1], int(sys.argv[2])

def load(name):
    path = os.path.join(folder, name + ".geojson")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return json.load(f)["features"]

def tag(feature, kind):
    props = dict(feature.get("properties") or {})
    props["feature_type"] = kind
    return {"type": "Feature", "id": feature.get("id"), "properties": props, "geometry": feature.get("geometry")}

levels = [l for l in load("level") if (l["properties"] or {}).get("ordinal") == ordinal]
level_ids = {l["id"] for l in levels}
out = [tag(f, "venue") for f in load("venue")] + [tag(f, "footprint") for f in load("footprint")]
out += [tag(l, "level") for l in levels]
units = [u for u in load("unit") if u["properties"].get("level_id") in level_ids]
unit_ids = {u["id"] for u in units}
out += [tag(u, "unit") for u in units]
for kind in ("section", "fixture", "kiosk", "opening", "detail"):
    out += [tag(f, kind) for f in load(kind) if f["properties"].get("level_id") in level_ids]
out += [tag(a, "amenity") for a in load("amenity") if set(a["properties"].get("unit_ids") or []) & unit_ids]
anchors = {a["id"]: a for a in load("anchor") if a["properties"].get("unit_id") in unit_ids}
for occupant in load("occupant"):
    anchor = anchors.get(occupant["properties"].get("anchor_id"))
    if anchor:
        feature = tag(occupant, "occupant")
        feature["geometry"] = anchor["geometry"]
        out.append(feature)
json.dump({"type": "FeatureCollection", "features": out}, sys.stdout)
