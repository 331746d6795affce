#!/usr/bin/env python3
"""Compares `meridian convert FILE --to geojsonseq` with `osmium export` of
the same OpenStreetMap file: the same features (by type and id), the same
tags, and the same geometries (points and lines exactly, areas by shapely
with their areas equal to 1e-9 relative and no more than that apart).

osmium runs with a configuration that makes its area choice Meridian's
(`OSMAreaRules`): the area keys as `area_tags`, the inverse as lines, so
that a closed way is one feature either way. The differences Meridian
states are allowed and counted:
  - a relation osmium leaves out silently is reported by Meridian;
  - an area osmium writes as a MultiPolygon of one polygon is a Polygon.

Usage: osm-oracle.py export MERIDIAN FILE.osm.pbf
       osm-oracle.py grid MERIDIAN GRID.osm GRID-TESTS.json
       osm-oracle.py recompress IN.osm.pbf OUT.osm.pbf zstd|none
       osm-oracle.py addresses MERIDIAN FILE.osm.pbf
(prints a JSON summary; exit 1 on any difference)

`addresses` indexes the file (`meridian index`), looks every place up
(`meridian lookup --format json`) and checks its address: for a feature
with `addr:*` tags, the parts they give are the address's; for the rest,
the parts that administrative and postcode areas give are those of the
areas shapely finds holding the place (admin_level 2: the country code,
3-4: administrativeArea, 7-8: locality, 9-10: subLocality; the innermost
of the preferred level), computed here from the areas osmium assembles.

`recompress` writes the same blocks with Zstandard (the zstd tool does the
work; osmium 1.15 writes zlib, LZ4 and raw blocks, not Zstandard) or raw.

`grid` checks the multipolygon tests of the OSM test data (osm-testdata's
grid, public domain): every area the suite's `default` answer expects is
made, equal; where the suite says INVALID, Meridian makes no area, or the
suite's own `fix` or `location` answer (Meridian joins rings by position
and mends spikes and shared edges, as the suite's fixing reader does), or,
for the cases the suite leaves without one (READS_ANYWAY), a valid area.
The 9xx cases with tags on outer ways are old-style multipolygons, which
Meridian (like osmium since 2.15) reads as the ways' own areas.
"""
import json
import os
import subprocess
import sys
import tempfile

from shapely.geometry import shape

AREA_KEYS = [
    "aeroway", "amenity", "area:highway", "boundary", "building", "building:part", "craft", "geological",
    "historic", "indoor", "landuse", "leisure", "military", "natural", "office", "place", "public_transport",
    "shop", "sport", "tourism", "water", "wetland",
]
LINEAR_VALUES = {
    "natural": ["coastline", "cliff", "ridge", "arete", "tree_row", "valley", "earth_bank", "gully"],
    "leisure": ["track", "slipway"],
    "historic": ["citywalls", "city_wall", "wall"],
    "military": ["trench"],
    "public_transport": ["platform_edge"],
}


def osmium_config():
    tags = []
    for key in AREA_KEYS:
        if key in LINEAR_VALUES:
            tags.append(f"{key}!={','.join(LINEAR_VALUES[key])}")
        else:
            tags.append(key)
    return {"attributes": {"type": True, "id": True}, "area_tags": tags, "linear_tags": None}


def read_sequence(path):
    features = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip().strip("\x1e")
            if line:
                features.append(json.loads(line))
    return features


# Cases the suite calls invalid, without a fixed answer, that Meridian reads
# as an OGC-valid area: rings touching at a point that is not a node of both
# (771, 773), a ring given by three identical ways (794: even-odd, one
# remains), and an inner way listed twice (795: a member counts once).
READS_ANYWAY = {771, 773, 794, 795}


def grid(meridian, source, tests_path):
    from shapely import wkt
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "grid.geojsonseq")
        run = subprocess.run(
            [meridian, "convert", source, "--to", "geojsonseq", "-o", out, "--quiet"], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr, file=sys.stderr)
            sys.exit(1)
        ours = {feature["id"]: feature for feature in read_sequence(out)}
    problems = []
    checked = 0
    for test in json.load(open(tests_path)):
        answers = test.get("areas")
        if not answers:
            continue
        checked += 1
        fixed = {}
        for name in ("fix", "fixed", "location"):
            for area in answers.get(name) or []:
                fixed[f"{area['from_type']}/{area['from_id']}"] = area["wkt"]
        for area in answers.get("default") or []:
            key = f"{area['from_type']}/{area['from_id']}"
            mine = ours.get(key)
            if mine is not None and mine["geometry"]["type"] not in ("Polygon", "MultiPolygon"):
                mine = None
            expected = area["wkt"] if area["wkt"] != "INVALID" else fixed.get(key)
            if mine is None:
                if area["wkt"] != "INVALID":
                    problems.append(f"{test['test_id']} {key}: no area ({test['description']})")
                continue
            geometry = shape(mine["geometry"])
            if not geometry.is_valid:
                problems.append(f"{test['test_id']} {key}: an area that is not valid")
            elif expected is None:
                if test["test_id"] not in READS_ANYWAY:
                    problems.append(f"{test['test_id']} {key}: an area where the suite expects none ({test['description']})")
            else:
                theirs = wkt.loads(expected)
                if abs(theirs.area - geometry.area) > 1e-12 or theirs.symmetric_difference(geometry).area > 1e-12:
                    problems.append(f"{test['test_id']} {key}: the area differs ({test['description']})")
    print(json.dumps({"tests": checked, "problems": problems}, indent=1))
    sys.exit(1 if problems else 0)


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def read_varint(data, i):
    """The varint at data[i] and the index after it."""
    value, shift = 0, 0
    while True:
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def fields(data):
    """The (number, wire type, value) fields of a protobuf message."""
    i = 0
    while i < len(data):
        key, i = read_varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = read_varint(data, i)
        elif wire == 2:
            length, i = read_varint(data, i)
            value = data[i:i + length]
            i += length
        else:
            raise ValueError("unexpected wire type")
        yield number, wire, value


def recompress(source, target, codec):
    import struct
    import zlib
    data = open(source, "rb").read()
    out = bytearray()
    i = 0
    while i < len(data):
        (size,) = struct.unpack(">I", data[i:i + 4])
        header = data[i + 4:i + 4 + size]
        datasize = next(v for n, w, v in fields(header) if n == 3)
        blob = data[i + 4 + size:i + 4 + size + datasize]
        i += 4 + size + datasize
        raw = None
        for n, w, v in fields(blob):
            if n == 1:
                raw = v
            elif n == 3:
                raw = zlib.decompress(v)
        if codec == "none":
            body = b"\x0a" + varint(len(raw)) + raw
        else:
            packed = subprocess.run(["zstd", "-q", "-c"], input=raw, capture_output=True, check=True).stdout
            body = b"\x10" + varint(len(raw)) + b"\x3a" + varint(len(packed)) + packed
        new_header = b"".join(
            bytes([n << 3 | w]) + (varint(len(v)) + v if w == 2 else varint(v))
            for n, w, v in fields(header) if n != 3) + b"\x18" + varint(len(body))
        out += struct.pack(">I", len(new_header)) + new_header + body
    open(target, "wb").write(out)


def addresses(meridian, source):
    from shapely.geometry import Point
    from shapely.prepared import prep
    with tempfile.TemporaryDirectory() as folder:
        config = os.path.join(folder, "config.json")
        with open(config, "w") as handle:
            json.dump(osmium_config(), handle)
        features_path = os.path.join(folder, "osmium.geojsonseq")
        subprocess.run(["osmium", "export", "-O", "-c", config, "-f", "geojsonseq", "-o", features_path, source],
                       check=True)
        features = read_sequence(features_path)
        index = os.path.join(folder, "places.idx")
        subprocess.run([meridian, "index", source, "-o", index], check=True, capture_output=True)
        by_id = {}
        for feature in features:
            props = feature["properties"]
            by_id[f"{props.pop('@type')}/{props.pop('@id')}"] = feature
        ids = sorted(by_id)
        places = []
        for start in range(0, len(ids), 500):
            run = subprocess.run([meridian, "lookup", ",".join(ids[start:start + 500]), index, "--format", "json"],
                                 capture_output=True, text=True)
            places += json.loads(run.stdout)["results"]
    areas = []
    for feature in features:
        props = feature["properties"]
        if feature["geometry"]["type"] not in ("Polygon", "MultiPolygon"):
            continue
        geometry = shape(feature["geometry"])
        if props.get("boundary") == "postal_code" and (props.get("postal_code") or props.get("name")):
            areas.append((100, props.get("postal_code") or props["name"], geometry))
        elif props.get("boundary") == "administrative" and props.get("admin_level", "").isdigit():
            level = int(props["admin_level"])
            name = (props.get("ISO3166-1") or props.get("ISO3166-1:alpha2") or props.get("country_code", "")).upper() \
                if level == 2 else props.get("name")
            if name and 2 <= level <= 10:
                areas.append((level, name, geometry))
    prepared = [(level, name, geometry, prep(geometry)) for level, name, geometry in areas]
    ranks = [("countryCode", [2]), ("administrativeArea", [4, 3]), ("locality", [8, 7]), ("subLocality", [9, 10]),
             ("postCode", [100])]
    tag_parts = {"addr:street": "thoroughfare", "addr:housenumber": "subThoroughfare", "addr:city": "locality",
                 "addr:postcode": "postCode", "addr:state": "administrativeArea"}
    problems = []
    from_tags = from_areas = 0
    for place in places:
        feature = by_id.get(place["id"])
        if feature is None:
            continue
        props = feature["properties"]
        structured = dict(place.get("structuredAddress") or {})
        if place.get("countryCode"):
            structured["countryCode"] = place["countryCode"]
        point = Point(place["coordinate"]["longitude"], place["coordinate"]["latitude"])
        holding = [(level, name, geometry) for level, name, geometry, ready in prepared
                   if ready.contains(point) or geometry.touches(point)]
        given = set()
        for tag, part in tag_parts.items():
            if tag in props:
                given.add(part)
                from_tags += 1
                if structured.get(part) != props[tag]:
                    problems.append(f"{place['id']}: {part} is {structured.get(part)!r}, its {tag} says {props[tag]!r}")
        if "addr:country" in props:
            given.add("countryCode")
        for part, levels in ranks:
            if part in given:
                continue
            expected = None
            for level in levels:
                candidates = [(g.bounds, name) for lvl, name, g in holding if lvl == level]
                if candidates:
                    expected = min(candidates, key=lambda c: (c[0][2] - c[0][0]) * (c[0][3] - c[0][1]))[1]
                    break
            if expected is not None:
                from_areas += 1
            if structured.get(part) != expected:
                problems.append(f"{place['id']}: {part} is {structured.get(part)!r}, the areas say {expected!r}")
    print(json.dumps({"places": len(places), "parts_from_tags": from_tags, "parts_from_areas": from_areas,
                      "areas": len(areas), "problems": problems[:40]}, indent=1))
    sys.exit(1 if problems or not places else 0)


def main():
    if sys.argv[1] == "addresses":
        addresses(*sys.argv[2:4])
    if sys.argv[1] == "recompress":
        recompress(*sys.argv[2:5])
        sys.exit(0)
    if sys.argv[1] == "grid":
        grid(*sys.argv[2:5])
    meridian, source = sys.argv[2], sys.argv[3]
    with tempfile.TemporaryDirectory() as folder:
        config = os.path.join(folder, "config.json")
        with open(config, "w") as handle:
            json.dump(osmium_config(), handle)
        theirs_path = os.path.join(folder, "osmium.geojsonseq")
        ours_path = os.path.join(folder, "meridian.geojsonseq")
        subprocess.run(
            ["osmium", "export", "-O", "-c", config, "-f", "geojsonseq", "-o", theirs_path, source], check=True)
        run = subprocess.run(
            [meridian, "convert", source, "--to", "geojsonseq", "-o", ours_path, "--quiet"],
            capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr, file=sys.stderr)
            sys.exit(1)
        theirs = read_sequence(theirs_path)
        ours = read_sequence(ours_path)

    theirs_by_id = {}
    for feature in theirs:
        props = feature["properties"]
        key = f"{props.pop('@type')}/{props.pop('@id')}"
        theirs_by_id[key] = feature
    ours_by_id = {feature["id"]: feature for feature in ours}
    problems = []
    only_theirs = sorted(set(theirs_by_id) - set(ours_by_id))
    only_ours = sorted(set(ours_by_id) - set(theirs_by_id))
    for key in only_theirs[:20]:
        problems.append(f"{key}: osmium writes it, Meridian does not")
    for key in only_ours[:20]:
        problems.append(f"{key}: Meridian writes it, osmium does not")
    compared = 0
    areas = 0
    worst_area = 0.0
    for key in sorted(set(theirs_by_id) & set(ours_by_id)):
        a, b = theirs_by_id[key], ours_by_id[key]
        if a["properties"] != b["properties"]:
            problems.append(f"{key}: tags differ: {a['properties']} / {b['properties']}")
            continue
        ga, gb = shape(a["geometry"]), shape(b["geometry"])
        compared += 1
        if ga.geom_type in ("Polygon", "MultiPolygon"):
            areas += 1
            if gb.geom_type not in ("Polygon", "MultiPolygon"):
                problems.append(f"{key}: osmium writes an area, Meridian a {gb.geom_type}")
                continue
            if not gb.is_valid:
                problems.append(f"{key}: Meridian's area is not valid")
            relative = abs(ga.area - gb.area) / max(ga.area, 1e-300)
            worst_area = max(worst_area, relative)
            if relative > 1e-9 or ga.symmetric_difference(gb).area > 1e-9 * ga.area:
                problems.append(f"{key}: areas differ ({ga.area} / {gb.area})")
        elif a["geometry"] != b["geometry"]:
            problems.append(f"{key}: geometries differ")
    summary = {
        "osmium": len(theirs), "meridian": len(ours), "compared": compared, "areas": areas,
        "worst_area_difference": worst_area, "only_osmium": len(only_theirs), "only_meridian": len(only_ours),
        "problems": problems[:50],
    }
    print(json.dumps(summary, indent=1))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
