#!/usr/bin/env python3
"""Writes a synthetic IMDF venue of 100 000 units (not committed) to time
the validator's spatial checks:

  python3 Scripts/generate-large-venue.py [OUTPUT_FOLDER] [UNITS]
  swift build -c release && time .build/release/meridian validate big-venue

Defaults: ./big-venue, 100000 units. Units are 4 x 4 m rooms on a grid,
spread over 4 levels; neighbours share walls exactly (the overlap check
must pair them and find no overlap). Every tenth unit has a doorway on its
south wall, every fiftieth an anchor and an occupant. The archive is valid
but for warnings, so a run measures the checks rather than the reporting.
"""
import json, math, os, sys, random

out = sys.argv[1] if len(sys.argv) > 1 else "big-venue"
total = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
levels = 4
per_level = total // levels
columns = int(math.ceil(math.sqrt(per_level)))
rows = int(math.ceil(per_level / columns))
size = 4.0
origin = (-0.1276, 51.5072)
rng = random.Random(7)

def uuid4():
    value = rng.getrandbits(128)
    value &= ~(0xF000 << 64); value |= 0x4000 << 64
    value &= ~(0xC000 << 48); value |= 0x8000 << 48
    h = "%032x" % value
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"

phi = math.radians(origin[1])
m_lat = 111132.954 - 559.822 * math.cos(2 * phi)
m_lon = 111412.84 * math.cos(phi)
def node(i, j):
    return [round(origin[0] + i * size / m_lon, 9), round(origin[1] + j * size / m_lat, 9)]

def rect(i0, j0, i1, j1):
    return {"type": "Polygon", "coordinates": [[node(i0, j0), node(i1, j0), node(i1, j1), node(i0, j1), node(i0, j0)]]}

def fc(features):
    return {"type": "FeatureCollection", "features": features}

os.makedirs(out, exist_ok=True)
address = uuid4()
building = uuid4()
venue_rect = rect(0, 0, columns, rows)
def write(name, value):
    with open(os.path.join(out, name), "w") as handle:
        json.dump(value, handle, separators=(",", ":"))

write("manifest.json", {"version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "en"})
write("address.geojson", fc([{"type": "Feature", "id": address, "feature_type": "address", "geometry": None,
    "properties": {"address": "1 Grid Street", "unit": "A", "locality": "London", "country": "GB"}}]))
center = {"type": "Point", "coordinates": node(columns / 2 + 0.5, rows / 2 + 0.5)}
write("venue.geojson", fc([{"type": "Feature", "id": uuid4(), "feature_type": "venue", "geometry": venue_rect,
    "properties": {"category": "conventioncenter", "name": {"en": "Grid Hall"}, "display_point": center, "address_id": address}}]))
write("building.geojson", fc([{"type": "Feature", "id": building, "feature_type": "building", "geometry": None,
    "properties": {"category": "unspecified", "display_point": center}}]))
level_features, units, openings, anchors, occupants = [], [], [], [], []
count = 0
for ordinal in range(levels):
    level = uuid4()
    level_features.append({"type": "Feature", "id": level, "feature_type": "level", "geometry": venue_rect,
        "properties": {"category": "unspecified", "outdoor": False, "ordinal": ordinal, "name": {"en": f"Level {ordinal}"},
                       "short_name": {"en": str(ordinal)}, "display_point": center, "building_ids": [building]}})
    for k in range(per_level):
        i, j = k % columns, k // columns
        unit = uuid4()
        units.append({"type": "Feature", "id": unit, "feature_type": "unit", "geometry": rect(i, j, i + 1, j + 1),
            "properties": {"category": "room", "level_id": level, "name": {"en": f"Room {ordinal}-{k}"},
                           "display_point": {"type": "Point", "coordinates": node(i + 0.5, j + 0.5)}}})
        if k % 10 == 0:
            openings.append({"type": "Feature", "id": uuid4(), "feature_type": "opening",
                "geometry": {"type": "LineString", "coordinates": [node(i + 0.25, j), node(i + 0.75, j)]},
                "properties": {"category": "pedestrian", "level_id": level,
                               "display_point": {"type": "Point", "coordinates": node(i + 0.5, j)}}})
        if k % 50 == 0:
            anchor = uuid4()
            anchors.append({"type": "Feature", "id": anchor, "feature_type": "anchor",
                "geometry": {"type": "Point", "coordinates": node(i + 0.5, j + 0.5)}, "properties": {"unit_id": unit}})
            occupants.append({"type": "Feature", "id": uuid4(), "feature_type": "occupant", "geometry": None,
                "properties": {"name": {"en": f"Tenant {count}"}, "category": "office", "anchor_id": anchor}})
        count += 1
write("level.geojson", fc(level_features))
write("unit.geojson", fc(units))
write("opening.geojson", fc(openings))
write("anchor.geojson", fc(anchors))
write("occupant.geojson", fc(occupants))
print(f"wrote {out}: {len(units)} units on {levels} levels ({columns} x {rows} grid), {len(openings)} openings, {len(anchors)} anchors")
