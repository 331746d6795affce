#!/usr/bin/env python3
"""Writes Meridian's own sample IMDF venue: "Meridian Arcade", a small
two-level shopping centre in Cambridge, valid with zero violations.

  Samples/meridian-arcade/        the archive as a folder
  Samples/meridian-arcade.zip     the same files, zipped (deterministic bytes)

Plan (metres, x east, y north, origin at the building's south-west corner):
the building is 60 x 40 m; a 10 m walkway runs west-east through the middle
(y 15..25); shops of 15 x 15 m line both sides. The east end holds an
elevator and stairs on both levels and restrooms on level 1. Every shop has
a 2 m doorway onto the walkway, and the walkway a 4 m main entrance.

Run from anywhere: python3 Scripts/generate-sample-venue.py
"""
import json, math, os, random, zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Samples", "meridian-arcade")
ORIGIN = (0.12180, 52.20530)  # lon, lat of the south-west corner
rng = random.Random(20260101)

def uuid4():
    value = rng.getrandbits(128)
    value &= ~(0xF000 << 64); value |= 0x4000 << 64          # version 4
    value &= ~(0xC000 << 48); value |= 0x8000 << 48          # RFC 4122 variant
    h = "%032x" % value
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"

def coord(x, y):
    phi = math.radians(ORIGIN[1])
    m_lat = 111132.954 - 559.822 * math.cos(2 * phi) + 1.175 * math.cos(4 * phi)
    m_lon = 111412.84 * math.cos(phi) - 93.5 * math.cos(3 * phi)
    return [round(ORIGIN[0] + x / m_lon, 8), round(ORIGIN[1] + y / m_lat, 8)]

def rect(x0, y0, x1, y1):
    # Counter-clockwise exterior ring, closed: the right-hand rule.
    return {"type": "Polygon", "coordinates": [[coord(x0, y0), coord(x1, y0), coord(x1, y1), coord(x0, y1), coord(x0, y0)]]}

def point(x, y):
    return {"type": "Point", "coordinates": coord(x, y)}

def line(x0, y0, x1, y1):
    return {"type": "LineString", "coordinates": [coord(x0, y0), coord(x1, y1)]}

def labels(en, fr=None):
    return {"en": en, **({"fr": fr} if fr else {})}

files = {t: [] for t in ["address", "venue", "building", "footprint", "level", "unit", "opening", "amenity",
                         "anchor", "occupant", "fixture", "kiosk", "section", "relationship"]}

def feature(kind, geometry, properties, fid=None):
    fid = fid or uuid4()
    files[kind].append({"type": "Feature", "id": fid, "feature_type": kind, "geometry": geometry, "properties": properties})
    return fid

address = feature("address", None, {
    "address": "1 Meridian Arcade, Market Street", "unit": None, "locality": "Cambridge", "province": "GB-CAM",
    "country": "GB", "postal_code": "CB2 3NJ", "postal_code_ext": None, "postal_code_vanity": None})
shop_address = feature("address", None, {
    "address": "1 Meridian Arcade, Market Street", "unit": "Shop 1", "locality": "Cambridge", "province": "GB-CAM",
    "country": "GB", "postal_code": "CB2 3NJ", "postal_code_ext": None, "postal_code_vanity": None})
feature("venue", rect(0, 0, 60, 40), {
    "category": "shoppingcenter", "restriction": None, "name": labels("Meridian Arcade", "Galerie Méridien"),
    "alt_name": None, "hours": "Mo-Sa 09:00-20:00; Su 11:00-17:00", "phone": "+441223000000",
    "website": "https://example.org/meridian-arcade", "display_point": point(30, 20), "address_id": address})
building = feature("building", None, {
    "category": "unspecified", "restriction": None, "name": labels("Meridian Arcade"), "alt_name": None,
    "display_point": point(30, 20), "address_id": address})
feature("footprint", rect(0, 0, 60, 40), {"category": "ground", "name": None, "building_ids": [building]})

shops = {0: [("Bean There", "cafe"), ("Page Turner Books", "bookstore"), ("Pedal Power", "bicycle"),
             ("Tidy Threads", "clothing"), ("Fresh Fields", "grocery"), ("Tick Tock Repairs", "watches")],
         1: [("Pixel Games", "toys"), ("Sole Mates", "shoes"), ("Green Leaf", "florist"),
             ("Byte Size", "electronics"), ("Noodle Bar", "restaurant")]}
stairs_units = []
for ordinal, short, name_en, name_fr in [(0, "G", "Ground Floor", "Rez-de-chaussée"), (1, "1", "First Floor", "Premier étage")]:
    level = feature("level", rect(0, 0, 60, 40), {
        "category": "unspecified", "restriction": None, "outdoor": False, "ordinal": ordinal,
        "name": labels(name_en, name_fr), "short_name": labels(short), "display_point": point(30, 20),
        "address_id": address, "building_ids": [building]})

    def unit(category, box, name=None, restriction=None, accessibility=None):
        x0, y0, x1, y1 = box
        return feature("unit", rect(*box), {
            "category": category, "restriction": restriction, "accessibility": accessibility,
            "name": labels(name) if name else None, "alt_name": None,
            "display_point": point((x0 + x1) / 2, (y0 + y1) / 2), "level_id": level})

    def opening(category, x0, y0, x1, y1, name=None, door=None):
        feature("opening", line(x0, y0, x1, y1), {
            "category": category, "accessibility": ["wheelchair"], "access_control": None, "door": door,
            "name": labels(name) if name else None, "alt_name": None,
            "display_point": point((x0 + x1) / 2, (y0 + y1) / 2), "level_id": level})

    walkway = unit("walkway", (0, 15, 60, 25), "Arcade" if ordinal == 0 else "Gallery")
    # Shop slots: x 0..15, 15..30, 30..45 on the south (y 0..15) and north (y 25..40) sides.
    slots = [(x, 0, x + 15, 15) for x in (0, 15, 30)] + [(x, 25, x + 15, 40) for x in (0, 15, 30)]
    for (name, occupant_category), box in zip(shops[ordinal], slots):
        shop = unit("room", box, name)
        door_y = 15 if box[1] == 0 else 25
        cx = (box[0] + box[2]) / 2
        opening("pedestrian", cx - 1, door_y, cx + 1, door_y, door={"type": "sliding", "automatic": True, "material": "glass"})
        anchor = feature("anchor", point(cx, (box[1] + box[3]) / 2), {
            "address_id": shop_address if name == "Bean There" else address, "unit_id": shop})
        feature("occupant", None, {
            "name": labels(name), "category": occupant_category, "anchor_id": anchor,
            "hours": "Mo-Sa 09:00-18:00", "phone": None, "website": None, "validity": None, "correlation_id": None})
    elevator = unit("elevator", (45, 0, 52.5, 15), "Lift", accessibility=["wheelchair"])
    stairs = unit("stairs", (52.5, 0, 60, 15), "Stairs")
    stairs_units.append(stairs)
    opening("pedestrian", 47.75, 15, 49.75, 15)
    opening("pedestrian", 55.25, 15, 57.25, 15)
    feature("amenity", point(48.75, 7.5), {
        "category": "elevator", "accessibility": ["wheelchair"], "name": labels("Lift"), "alt_name": None,
        "hours": None, "phone": None, "website": None, "unit_ids": [elevator], "address_id": None, "correlation_id": None})
    if ordinal == 0:
        office = unit("nonpublic", (45, 25, 60, 40), "Management Office", restriction="employeesonly")
        opening("service", 51.5, 25, 53.5, 25, door={"type": "swinging", "automatic": False, "material": "wood"})
        opening("pedestrian.principal", 0, 18, 0, 22, name="Main Entrance",
                door={"type": "sliding", "automatic": True, "material": "glass"})
        feature("amenity", point(10, 16), {
            "category": "atm", "accessibility": None, "name": labels("Cash machine"), "alt_name": None,
            "hours": "Mo-Su 00:00-24:00", "phone": None, "website": None, "unit_ids": [walkway],
            "address_id": None, "correlation_id": None})
        feature("amenity", point(5, 20), {
            "category": "information", "accessibility": ["wheelchair"], "name": labels("Information"), "alt_name": None,
            "hours": "Mo-Sa 09:00-20:00", "phone": "+441223000001", "website": None, "unit_ids": [walkway],
            "address_id": None, "correlation_id": None})
        feature("fixture", rect(28, 19, 32, 21), {
            "category": "furniture", "name": labels("Bench"), "alt_name": None, "anchor_id": None,
            "display_point": point(30, 20), "level_id": level})
    else:
        female = unit("restroom.female", (45, 25, 52.5, 40), "Women")
        male = unit("restroom.male", (52.5, 25, 60, 40), "Men")
        opening("pedestrian", 47.75, 25, 49.75, 25)
        opening("pedestrian", 55.25, 25, 57.25, 25)
        feature("amenity", point(48.75, 32.5), {
            "category": "restroom.female", "accessibility": ["wheelchair"], "name": labels("Women's restroom"),
            "alt_name": None, "hours": None, "phone": None, "website": None, "unit_ids": [female],
            "address_id": None, "correlation_id": None})
        feature("amenity", point(56.25, 32.5), {
            "category": "restroom.male", "accessibility": ["wheelchair"], "name": labels("Men's restroom"),
            "alt_name": None, "hours": None, "phone": None, "website": None, "unit_ids": [male],
            "address_id": None, "correlation_id": None})
        seating = unit("room", (30, 25, 45, 40), "Seating Area")
        opening("pedestrian", 36.5, 25, 38.5, 25)
        feature("section", rect(31, 26, 44, 39), {
            "category": "seating", "restriction": None, "accessibility": ["wheelchair"], "name": labels("Food court seating"),
            "alt_name": None, "display_point": point(37.5, 32.5), "level_id": level, "address_id": None,
            "correlation_id": None, "parents": None})
        feature("kiosk", rect(20, 19, 24, 21), {
            "name": labels("Key Cutting"), "alt_name": None, "anchor_id": None, "display_point": point(22, 20), "level_id": level})

feature("relationship", None, {
    "category": "stairs", "direction": "undirected",
    "origin": {"id": stairs_units[0], "feature_type": "unit"}, "intermediary": None,
    "destination": {"id": stairs_units[1], "feature_type": "unit"}, "hours": None})

manifest = {"version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "en-GB",
            "generated_by": "Meridian Scripts/generate-sample-venue.py", "extensions": []}

os.makedirs(OUT, exist_ok=True)
contents = {"manifest.json": json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"}
for kind, features in files.items():
    contents[f"{kind}.geojson"] = json.dumps({"type": "FeatureCollection", "features": features}, indent=1, ensure_ascii=False) + "\n"
for name, text in contents.items():
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as handle:
        handle.write(text)
with zipfile.ZipFile(OUT + ".zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for name in sorted(contents):
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        archive.writestr(info, contents[name].encode("utf-8"))
print(f"wrote {OUT} and {OUT}.zip: " + ", ".join(f"{len(v)} {k}" for k, v in files.items()))
