#!/usr/bin/env python3
"""Runs every command of the release build over generated hostile inputs and
tabulates what happened: per category, the inputs, the runs, the clean
rejections, and what must be zero: crashes, hangs, runs over 1 GB of memory,
files left behind, and data leaked (a secret file that an XML entity or
include points at, showing up in any output).

    swift build -c release && Scripts/hostile-battery.py [--quick] [--only CATEGORY]

Categories: json, values, kml, zip, imdf, nesting, places, gpkg, crs, shp, fgb, topojson, parquet, csv, gpx,
fix, osm (PBF with lying sizes, counts and string indexes, zlib bombs, overflowing
deltas, ten million tags, cyclic relations; XML entities, nesting, gzip bombs),
tiles (PMTiles whose header, directories and tiles lie, a 100 MiB gzip tile,
a cyclic leaf directory; MVT commands that overrun or leave 32-bit range;
MBTiles without tables, of raster tiles, of zoom 99, of garbage, a bomb or
text for a tile, with rows off the grid),
png (labels with markup, controls, 10 000 characters or 5 000 combining
marks, scripts needing font fallback; hostile colours, widths and symbol
paths, drawn to PNG by the painter),
basemaps (those archives drawn under a render; styles with unknown layer
types and operators, 100 000-deep expressions, 20 000 layers, numbers past
1e308, 150 000 stops and match labels, markup in ids, text and colours),
spatial (zones, measures, dissolves, joins, overlays and cleaning of
invalid, empty, mixed, off-the-globe and nearly coincident geometry; two
million points joined to 90 000 polygons), routing (prepared networks cut
short, with counts that lie, garbage and stamped words; a venue unit that
zigzags 20 000 times with doors along it), streams, postgis (hostile tables, queries and locations on a throwaway
PostgreSQL with PostGIS, and loads that fail or are interrupted), outputs
(destinations and signals), serve (every input file
posted to POST /validate while wrk loads /health; wrk from Debian).

Every input is built here; nothing comes from ../shared. Runs as the user
it is started as (root in containers, as CI runs it).
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, ".build", "release", "meridian")
QUICK = "--quick" in sys.argv
ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
TIMEOUT = 60
SECRET = "MERIDIAN-SECRET-7f3a9c"
GIGABYTE_KB = 1 << 20

work = tempfile.mkdtemp(prefix="meridian-battery-")
inputs_dir = os.path.join(work, "inputs")
os.makedirs(inputs_dir)
secret_path = os.path.join(work, "secret.txt")
with open(secret_path, "w") as f:
    f.write(SECRET + "\n")

categories = {}  # name -> list of (input path or stdin spec, extra args per command)


def add(category, name, data, commands=None):
    path = os.path.join(inputs_dir, name)
    if isinstance(data, str):
        data = data.encode()
    with open(path, "wb") as f:
        f.write(data)
    categories.setdefault(category, []).append(("file", path, commands))


def add_stream(category, label, shell, commands=None):
    categories.setdefault(category, []).append(("stream", (label, shell), commands))


def add_location(category, label, location, commands=None):
    categories.setdefault(category, []).append(("location", (label, location), commands))


def feature(lon=0.12, lat=52.2, props=None):
    return {"type": "Feature", "properties": props or {"name": "A"},
            "geometry": {"type": "Point", "coordinates": [lon, lat]}}


def collection(features):
    return json.dumps({"type": "FeatureCollection", "features": features})


def zip_bytes(entries, method=zipfile.ZIP_DEFLATED):
    path = os.path.join(work, "scratch.zip")
    with zipfile.ZipFile(path, "w", method) as z:
        for name, data in entries:
            z.writestr(name, data)
    with open(path, "rb") as f:
        return bytearray(f.read())


def central_headers(data):
    offsets, start = [], 0
    while True:
        start = data.find(b"PK\x01\x02", start)
        if start < 0:
            return offsets
        offsets.append(start)
        start += 4


KML = '<kml xmlns="http://www.opengis.net/kml/2.2">%s</kml>'
PLACEMARK = "<Placemark><name>%s</name><Point><coordinates>%s</coordinates></Point></Placemark>"
MANIFEST = json.dumps({"version": "1.0.0", "language": "en", "created": "2026-01-01T00:00:00Z"})


def venue_files(units):
    level = "a0000003-0000-4000-8000-000000000003"
    square = [[[0.1, 52.2], [0.1001, 52.2], [0.1001, 52.2001], [0.1, 52.2001], [0.1, 52.2]]]
    unit_features = [{"type": "Feature", "id": "c%07x-0000-4000-8000-000000000000" % i, "feature_type": "unit",
                      "geometry": {"type": "Polygon", "coordinates": square},
                      "properties": {"category": "room", "level_id": level, "name": None,
                                     "alt_name": None, "display_point": None}} for i in range(units)]
    levels = [{"type": "Feature", "id": level, "feature_type": "level",
               "geometry": {"type": "Polygon", "coordinates": square},
               "properties": {"category": "unspecified", "outdoor": False, "ordinal": 0,
                              "name": {"en": "G"}, "short_name": {"en": "G"}, "display_point": None,
                              "address_id": None, "building_ids": None}}]
    return [("manifest.json", MANIFEST),
            ("level.geojson", json.dumps({"type": "FeatureCollection", "features": levels})),
            ("unit.geojson", json.dumps({"type": "FeatureCollection", "features": unit_features}))]


# --- GeoJSON and JSON ------------------------------------------------------
big = 2_000_000 if QUICK else 20_000_000
add("json", "truncated.geojson", collection([feature()])[:-7])
add("json", "deep.geojson", "[" * 100_000 + "]" * 100_000)
add("json", "deep-object.geojson", '{"a":' * 50_000 + "1" + "}" * 50_000)
add("json", "huge-number.geojson", '{"type":"Point","coordinates":[1e999999,2]}')
add("json", "long-number.geojson", '{"type":"Point","coordinates":[' + "1" * 1_000_000 + ',2]}')
add("json", "invalid-utf8.geojson", b'{"type":"Feature","properties":{"n":"\xff\xfe"},"geometry":null}')
add("json", "nan.geojson", '{"type":"Point","coordinates":[NaN,1]}')
add("json", "bom.geojson", b"\xef\xbb\xbf" + collection([feature()]).encode())
add("json", "utf16.geojson", b"\xff\xfe" + collection([feature()]).encode("utf-16-le"))
add("json", "repeated-keys.geojson", collection([{"type": "Feature", "properties": {}, "geometry": None}] * 20000).replace(
    '"properties": {}', '"properties": {"a": 1, "a": 2}'))
add("json", "many-keys.geojson", collection([feature(props={"k%d" % i: i for i in range(200_000)})]))
add("json", "long-string.geojson", '{"type":"Feature","properties":{"s":"' + "a" * big + '"},"geometry":null}')
add("json", "zeros.geojson", b"\0" * big)
add("json", "blank-then-data.geojson", "\n" * big + collection([feature()]))
add("json", "unterminated-string.geojson", '{"type":"Feature","properties":{"s":"' + "a" * 100_000)
add("json", "script-label.geojson", collection([feature(props={"name": "<script>alert(1)</script>\"'&"})]))
add("json", "control-chars.geojson", collection([feature(props={"name": "a\u0001\u001b[31mred"})]))
add("json", "valid.ndjson", "\n".join(json.dumps(feature(lon=i / 10)) for i in range(100)) + "\n")
add("json", "valid.geojsonseq", "".join("\x1e" + json.dumps(feature(lon=i / 10)) + "\n" for i in range(100)))
add("json", "one-line-collection.geojson", collection([
    {"type": "Feature", "properties": {"n": i},
     "geometry": {"type": "LineString", "coordinates": [[i % 180, 0.1 * (j % 800)] for j in range(100)]}}
    for i in range(20_000 if QUICK else 120_000)]))
add("json", "random.bin", os.urandom(big // 4))
# A polygon's rings past 64 KB are read on every core, cut at "]],[[":
# a string, an object, a deeper or an unclosed ring late in them, brackets
# of the cut's shape inside a string, and rings nested as deep as allowed.
rings = ",".join("[" + ",".join("[%d.123456789012345,%d.5]" % (r, j) for j in range(60)) + "]" for r in range(400))
polygon = '{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[%s]}}'
add("json", "rings-string.geojson", polygon % (rings + ',[[1,2],["]],[[",3]]'))
add("json", "rings-object.geojson", polygon % (rings + ',[[1,2],{"a":[[1]]}]'))
add("json", "rings-deeper.geojson", polygon % rings.replace("[350.123456789012345,7.5]", "[[350.123456789012345,7.5]]"))
add("json", "rings-unclosed.geojson", (polygon % rings)[:-60])
add("json", "rings-deep.geojson", polygon % (rings + "," + "[" * 600 + "1" + "]" * 600))

# --- Extreme values ---------------------------------------------------------
add("values", "far-longitudes.geojson", collection([feature(1e300, 10), feature(-1e300, -10), feature(1e15, 0)]))
add("values", "far-polygon.geojson", json.dumps({"type": "Feature", "properties": {}, "geometry": {
    "type": "Polygon", "coordinates": [[[170, -10], [1e300, -10], [-1e300, 10], [170, 10], [170, -10]]]}}))
add("values", "out-of-range.geojson", collection([feature(200, 95), feature(-400, -100)]))
add("values", "many-points.geojson", collection([feature(i % 360 - 180, (i * 7) % 170 - 85)
                                                  for i in range(20_000 if QUICK else 100_000)]))
add("values", "long-line.geojson", json.dumps({"type": "Feature", "properties": {}, "geometry": {
    "type": "LineString",
    "coordinates": [[(i % 2000) / 1000, (i // 2000) / 1000] for i in range(200_000 if QUICK else 2_000_000)]}}))
if not QUICK:
    # Ten million positions in one line: the validator keeps them packed (about 85 bytes a position in all).
    add("values", "ten-million-point-line.geojson", '{"type":"FeatureCollection","features":[{"type":"Feature",'
        '"properties":{},"geometry":{"type":"LineString","coordinates":['
        + ",".join("[%s,%s]" % ((i % 2000) / 1000, (i // 2000) / 1000) for i in range(10_000_000)) + "]}}]}")
render_options = [["--bbox=-1e300,-80,1e300,80"], ["--region", "0,1e300,1,1"], ["--camera", "52,0,1e300"],
                  ["--camera", "52,0,1e-300"], ["--padding", "nan"], ["--size", "100000x100000"],
                  ["--scale", "1e9"], ["--precision", "99"], ["--region", "0,0,nan,1"]]
for index, options in enumerate(render_options):
    add("values", "options-%d.geojson" % index, collection([feature()]), commands=[("render", options)])

# --- KML ----------------------------------------------------------------------
laughs = '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa">' + "".join(
    '<!ENTITY %s "%s">' % (chr(98 + i), ("&" + chr(97 + i) + ";") * 10) for i in range(9)) + ']>' + KML % (
    "<Placemark><name>&j;</name></Placemark>")
add("kml", "billion-laughs.kml", laughs)
add("kml", "xxe.kml", '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY s SYSTEM "file://%s">]>' % secret_path
    + KML % "<Placemark><name>&s;</name></Placemark>")
add("kml", "external-dtd.kml", '<?xml version="1.0"?><!DOCTYPE kml SYSTEM "file://%s">' % secret_path
    + KML % PLACEMARK % ("a", "1,2"))
add("kml", "xinclude.kml", '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:xi="http://www.w3.org/2001/XInclude">'
    '<Placemark><name><xi:include href="file://%s" parse="text"/></name></Placemark></kml>' % secret_path)
add("kml", "network-link.kml", KML % '<NetworkLink><Link><href>http://127.0.0.1:1/x.kml</href></Link></NetworkLink>')
add("kml", "wrong-namespace.kml", '<kml xmlns="http://example.com/x"><Placemark/></kml>')
add("kml", "utf16.kml", ("\ufeff" + KML % PLACEMARK % ("a", "1,2")).encode("utf-16-le"))
add("kml", "extended-data.kml", KML % ("<Placemark><ExtendedData>" + "".join(
    '<Data name="k%d"><value>%d</value></Data>' % (i, i) for i in range(100_000))
    + "</ExtendedData><Point><coordinates>1,2</coordinates></Point></Placemark>"))
add("kml", "deep.kml", KML % ("<Folder>" * 50_000 + "</Folder>" * 50_000))
add("kml", "nan-coordinates.kml", KML % (PLACEMARK % ("a", "nan,1") + PLACEMARK % ("b", "1e300,-1e300")))
add("kml", "script-name.kml", KML % PLACEMARK % ("&lt;script&gt;alert(1)&lt;/script&gt;", "1,2"))
add("kml", "colour.kml", KML % ('<Style id="s"><LineStyle><color>ffé0000</color></LineStyle></Style>'
                                + PLACEMARK % ("a", "1,2")))
add("kml", "truncated.kml", (KML % (PLACEMARK % ("a", "1,2") * 1000))[:-100])
add("kml", "many-placemarks.kml", KML % "".join(PLACEMARK % ("p%d" % i, "%f,%f" % (i % 360 - 180, i % 170 - 85))
                                                for i in range(20_000 if QUICK else 200_000)))

# --- Zips (KMZ and IMDF) --------------------------------------------------------
doc = (KML % PLACEMARK % ("a", "1,2")).encode()
add("zip", "valid.kmz", bytes(zip_bytes([("doc.kml", doc)])))
add("zip", "bomb.kmz", bytes(zip_bytes([("doc.kml", b"<kml>" + b" " * 300_000_000 + b"</kml>")])))
add("zip", "slip.kmz", bytes(zip_bytes([("../../evil.kml", doc)])))
add("zip", "absolute.kmz", bytes(zip_bytes([("/tmp/evil.kml", doc)])))
forged = zip_bytes([("doc.kml", doc)])
for header in central_headers(forged):
    forged[header + 24:header + 28] = struct.pack("<I", 0xF0000000)
add("zip", "forged-size.kmz", bytes(forged))
small = zip_bytes([("doc.kml", b"x" * 5000)])
for header in central_headers(small):
    forged_small = bytearray(small)
    forged_small[header + 24:header + 28] = struct.pack("<I", 10)
add("zip", "forged-small.kmz", bytes(forged_small))
crc = zip_bytes([("doc.kml", doc)], method=zipfile.ZIP_STORED)
crc[30 + len("doc.kml") + 5] ^= 0x20
add("zip", "bad-crc.kmz", bytes(crc))
encrypted = zip_bytes([("doc.kml", doc)])
for header in central_headers(encrypted):
    encrypted[header + 8] |= 1
encrypted[6] |= 1
add("zip", "encrypted.kmz", bytes(encrypted))
zip64 = zip_bytes([("doc.kml", doc)])
end = zip64.rfind(b"PK\x05\x06")
zip64[end + 10:end + 12] = b"\xff\xff"
zip64[end + 16:end + 20] = b"\xff\xff\xff\xff"
add("zip", "forged-zip64.kmz", bytes(zip64))
add("zip", "not-a-zip.kmz", "plain text")
add("zip", "empty.zip", bytes(zip_bytes([])))
add("zip", "many-entries.zip", bytes(zip_bytes([("f%d.txt" % i, b"") for i in range(10_001)])))
add("zip", "pk-then-zeros.kmz", b"PK\x03\x04" + b"\0" * (big // 4))
add("zip", "venue-slip.zip", bytes(zip_bytes(venue_files(2) + [("../unit.geojson", "{}")])))

# --- IMDF ---------------------------------------------------------------------------
add("imdf", "valid.zip", bytes(zip_bytes(venue_files(3))))
add("imdf", "units-array.zip", bytes(zip_bytes(venue_files(3)[:2] + [("unit.geojson", "[]")])))
add("imdf", "units-truncated.zip", bytes(zip_bytes(venue_files(3)[:2] + [("unit.geojson", venue_files(3)[2][1][:-30])])))
add("imdf", "broken-manifest.zip", bytes(zip_bytes([("manifest.json", "{")] + venue_files(3)[1:])))
add("imdf", "stacked-units.zip", bytes(zip_bytes(venue_files(2_000 if QUICK else 5_000))))
oversized = zip_bytes(venue_files(3))
for header in central_headers(oversized)[-1:]:
    oversized[header + 24:header + 28] = struct.pack("<I", 0xF0000000)
add("imdf", "oversized-entry.zip", bytes(oversized))
folder = os.path.join(inputs_dir, "not-a-venue")
os.makedirs(folder)
with open(os.path.join(folder, "unit.geojson"), "w") as f:
    f.write(venue_files(1)[2][1])
categories.setdefault("imdf", []).append(("file", folder, None))
categories["imdf"].append(("file", "/etc", None))

# --- Nesting: each structure a parser could follow by recursion -------------------
# (text gathered from nested XML, WKT read by GEOS, --where, meridian.toml)
nested = 20_000 if QUICK else 100_000
deep_text = "<b>" * nested + "x" + "</b>" * nested
add("nesting", "deep-description.kml", KML % ("<Placemark><description>" + deep_text + "</description>"
                                              "<Point><coordinates>1,2</coordinates></Point></Placemark>"))
add("nesting", "deep-address.kml", KML % ("<Placemark><address>" + deep_text + "</address></Placemark>"))
add("nesting", "deep-extensions.gpx", '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">'
    '<wpt lat="1" lon="2"><extensions>' + deep_text + "</extensions></wpt></gpx>")
for depth in (300, 20_000, 100_000):
    add("nesting", "deep-wkt-%d.csv" % depth, 'id,wkt\n1,"' + "GEOMETRYCOLLECTION(" * depth + "POINT(1 2)"
        + ")" * depth + '"\n')
# One argument holds at most 128 KiB: these stay under it.
where = ["(" * 3_000 + "a = 1" + ")" * 3_000, "not " * 30_000 + "a = 1", " or ".join(["a = 1"] * 10_000),
         " and ".join(["a = 1"] * 10_000)]
for index, expression in enumerate(where):
    add("nesting", "where-%d.geojson" % index, collection([feature()]),
        commands=[("convert", ["-o", "OUT.geojson", "--where", expression])])
# A meridian.toml is found upward from any input: every command reads it.
toml_folder = os.path.join(inputs_dir, "toml-nesting")
os.makedirs(toml_folder)
with open(os.path.join(toml_folder, "meridian.toml"), "w") as f:
    f.write("[" + ".".join(["a"] * 50_000) + "]\nx = 1\n")
with open(os.path.join(toml_folder, "valid.geojson"), "w") as f:
    f.write(collection([feature()]))
categories["nesting"].append(("file", os.path.join(toml_folder, "valid.geojson"), None))

# --- Place indexes: files Meridian wrote are still input ---------------------------
# Every single-bit flip must be refused (exit 3): an answer from a damaged
# index is a silent wrong result.
PLACES = [("search", ["cafe", "SUBJECT"]), ("complete", ["ca", "SUBJECT"]), ("lookup", ["x", "SUBJECT"]),
          ("reverse", ["52.2,0.12", "SUBJECT"]), ("geocode", ["market street", "SUBJECT"])]
MUST_FAIL = set()  # input names on which exit status 0 is a silent wrong result
index_path = os.path.join(inputs_dir, "good.idx")
subprocess.run([TOOL, "index", os.path.join(ROOT, "Samples", "meridian-arcade.zip"), "-o", index_path],
               capture_output=True)
if os.path.exists(index_path):
    with open(index_path, "rb") as f:
        good_index = f.read()
    categories.setdefault("places", []).append(("file", index_path, PLACES))
    import random
    flips = random.Random(37)
    for n in range(30):
        damaged = bytearray(good_index)
        at = flips.randrange(len(damaged))
        damaged[at] ^= 1 << flips.randrange(8)
        add("places", "flip-%02d.idx" % n, bytes(damaged), PLACES)
        MUST_FAIL.add("flip-%02d.idx" % n)
    add("places", "truncated.idx", good_index[: len(good_index) // 2], PLACES)
    add("places", "header-only.idx", good_index[:48], PLACES)
    add("places", "magic-then-random.idx", b"MRDNPLCS" + os.urandom(100_000), PLACES)
    for name in ("truncated.idx", "header-only.idx", "magic-then-random.idx"):
        MUST_FAIL.add(name)

# --- GeoPackage: SQLite runs the file's own SQL ------------------------------------
def geopackage(name, statements):
    import sqlite3
    path = os.path.join(inputs_dir, name)
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT, srs_id INTEGER PRIMARY KEY, organization TEXT,
          organization_coordsys_id INTEGER, definition TEXT, description TEXT);
        INSERT INTO gpkg_spatial_ref_sys VALUES ('WGS 84', 4326, 'EPSG', 4326, '', NULL);
        INSERT INTO gpkg_spatial_ref_sys VALUES ('OSGB36', 27700, 'EPSG', 27700, '', NULL);
        CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT, identifier TEXT, description TEXT,
          last_change TEXT, min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER);
        CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT,
          srs_id INTEGER, z TINYINT, m TINYINT);
        CREATE TABLE places (fid INTEGER PRIMARY KEY, geom BLOB, name TEXT);
        INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES ('places', 'features', 'places', 4326);
        INSERT INTO gpkg_geometry_columns VALUES ('places', 'geom', 'GEOMETRY', 4326, 0, 0);
    """ + statements)
    db.commit()
    db.close()
    categories.setdefault("gpkg", []).append(("file", path, None))


def gpkg_point(lon, lat, srs=4326):
    return "x'4750000" + "1" + struct.pack("<i", srs).hex() + "01" + struct.pack("<I", 1).hex() \
        + struct.pack("<dd", lon, lat).hex() + "'"


def gpkg_blob(wkb, srs=4326):
    return "x'47500001" + struct.pack("<i", srs).hex() + wkb.hex() + "'"


layer = "INSERT INTO gpkg_contents (table_name, data_type, identifier) VALUES ('%s', 'features', '%s');"
geopackage("endless-view.gpkg", "CREATE VIEW endless AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
           "FROM n) SELECT i AS fid FROM n;" + layer % ("endless", "endless"))
geopackage("huge-value-view.gpkg", "CREATE VIEW big AS SELECT 1 AS fid, zeroblob(900000000) AS b;" + layer % ("big", "big"))
geopackage("text-keys.gpkg", "CREATE TABLE named (code TEXT PRIMARY KEY, note TEXT); "
           "INSERT INTO named VALUES ('CB2', 'before' || char(0) || 'after');" + layer % ("named", "named"))
geopackage("off-globe.gpkg", "INSERT INTO places VALUES (1, %s, 'lat 200'), (2, %s, 'lat 1e308'), (3, %s, 'inf');"
           % (gpkg_point(0, 200), gpkg_point(0, 1e308), gpkg_point(float("inf"), 0)))
geopackage("other-srs-blob.gpkg", "INSERT INTO places VALUES (1, %s, 'grid');" % gpkg_point(530000, 180000, 27700))
line = struct.pack("<BII", 1, 2, 2) + struct.pack("<dddd", 0, 0, 1, 1)
point = struct.pack("<BI", 1, 1) + struct.pack("<dd", 2, 2)
geopackage("multipoint-with-line.gpkg", "INSERT INTO places VALUES (1, %s, 'mixed');"
           % gpkg_blob(struct.pack("<BII", 1, 4, 2) + point + line))
geopackage("metadata-view.gpkg", "ALTER TABLE gpkg_contents RENAME TO contents; "
           "CREATE VIEW gpkg_contents AS SELECT * FROM contents;")
# Pages that loop (a table read round for ever), as the fuzzer found them.
for kept in sorted(os.listdir(os.path.join(ROOT, "Tests", "FuzzRegressions", "gpkg"))):
    categories["gpkg"].append(("file", os.path.join(ROOT, "Tests", "FuzzRegressions", "gpkg", kept), None))
for name in ("off-globe.gpkg", "other-srs-blob.gpkg", "multipoint-with-line.gpkg"):
    MUST_FAIL.add(name + ":validate")

# --- Coordinate systems: what inputs declare, and what PROJ is asked ----------------
def crs_collection(name, positions):
    return json.dumps({
        "type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": name}},
        "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [x, y]}}
                     for x, y in positions]})


CRS = [("info", []), ("convert", ["-o", "OUT.geojson"]), ("validate", []), ("render", ["-o", "OUT.svg"]),
       ("convert", ["--t-srs", "EPSG:3857", "-o", "OUT.geojson"])]
add("crs", "unknown-code.geojson", crs_collection("urn:ogc:def:crs:EPSG::999999", [(1, 2)]), CRS)
add("crs", "nested-wkt.geojson", crs_collection("GEOGCS[" * 200_000, [(1, 2)]), CRS)
add("crs", "long-wkt.geojson", crs_collection('PROJCS["x",' + 'PARAMETER["a",1],' * 300_000 + "]", [(1, 2)]), CRS)
add("crs", "an-operation-not-a-system.geojson",
    crs_collection("+proj=pipeline +step +proj=axisswap +order=2,1", [(1, 2)]), CRS)
add("crs", "far-side-of-a-globe.geojson",
    crs_collection("+proj=ortho +lat_0=52 +lon_0=0 +ellps=WGS84", [(0, 0), (1e7, 1e7), (float("inf"), 0)])
    .replace("Infinity", "1e999"), CRS)
add("crs", "grid-beyond-the-earth.geojson", crs_collection("EPSG:27700", [(530000, 180000), (1e300, -1e300)]), CRS)
add("crs", "link-member.geojson", json.dumps({"type": "FeatureCollection", "crs": {
    "type": "link", "properties": {"href": "file:///etc/passwd", "type": "proj4"}}, "features": [
    {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]}), CRS)
for name in ("unknown-code.geojson", "nested-wkt.geojson", "long-wkt.geojson", "an-operation-not-a-system.geojson",
             "far-side-of-a-globe.geojson", "grid-beyond-the-earth.geojson"):
    MUST_FAIL.add(name)
geopackage("undefined-srs.gpkg", "UPDATE gpkg_geometry_columns SET srs_id = 31337; INSERT INTO places VALUES (1, %s, 'a');"
           % gpkg_point(1, 2, 31337))
geopackage("garbage-wkt-srs.gpkg", "INSERT INTO gpkg_spatial_ref_sys VALUES ('odd', 9, 'NONE', 9, '%s', NULL); "
           "UPDATE gpkg_geometry_columns SET srs_id = 9; INSERT INTO places VALUES (1, %s, 'a');"
           % ("PROJCS[" * 100_000, gpkg_point(1, 2, 9)))
geopackage("grid-beyond-the-earth.gpkg", "UPDATE gpkg_geometry_columns SET srs_id = 27700; "
           "INSERT INTO places VALUES (1, %s, 'fine'), (2, %s, 'beyond');"
           % (gpkg_point(530000, 180000, 27700), gpkg_point(1e300, -1e300, 27700)))
for name in ("undefined-srs.gpkg", "garbage-wkt-srs.gpkg", "grid-beyond-the-earth.gpkg"):
    categories["crs"].append(categories["gpkg"].pop())
    MUST_FAIL.add(name)

# --- Shapefiles: counts and lengths that lie, across .shp, .shx and .dbf --------------
def shp_set(name, records, shape_type=5, dbf=None, shx=True, prj=None, cpg=None, commands=None):
    """A folder holding NAME.shp (records: raw contents), NAME.shx, NAME.dbf."""
    folder = os.path.join(inputs_dir, name)
    os.makedirs(folder)
    body, index = b"", b""
    for number, content in enumerate(records):
        index += struct.pack(">ii", (100 + len(body)) // 2, len(content) // 2)
        body += struct.pack(">ii", number + 1, len(content) // 2) + content
    def header(length):
        return struct.pack(">i", 9994) + b"\0" * 20 + struct.pack(">i", length // 2) + struct.pack("<ii", 1000, shape_type) \
            + b"\0" * 64
    with open(os.path.join(folder, name + ".shp"), "wb") as f:
        f.write(header(100 + len(body)) + body)
    if shx:
        with open(os.path.join(folder, name + ".shx"), "wb") as f:
            f.write(header(100 + len(index)) + (index if shx is True else shx))
    if dbf is None:
        dbf = dbf_table(len(records))
    with open(os.path.join(folder, name + ".dbf"), "wb") as f:
        f.write(dbf)
    for ext, text in (("prj", prj), ("cpg", cpg)):
        if text is not None:
            with open(os.path.join(folder, name + "." + ext), "wb") as f:
                f.write(text if isinstance(text, bytes) else text.encode())
    categories.setdefault("shp", []).append(("file", folder, commands))


def dbf_table(count, claimed=None, header_length=None, value=b"Ely       "):
    fields = b"NAME" + b"\0" * 7 + b"C" + b"\0" * 4 + bytes([10, 0]) + b"\0" * 14
    length = header_length or 32 + 32 + 1
    return bytes([3, 126, 1, 1]) + struct.pack("<IHH", claimed if claimed is not None else count, length, 11) \
        + b"\0" * 20 + fields + b"\r" + (b" " + value) * count + b"\x1a"


def polygon(rings, parts=None, points=None):
    count = sum(len(r) for r in rings)
    content = struct.pack("<i", 5) + b"\0" * 32 + struct.pack("<ii", parts if parts is not None else len(rings),
                                                            points if points is not None else count)
    start = 0
    for ring in rings:
        content += struct.pack("<i", start)
        start += len(ring)
    for ring in rings:
        for x, y in ring:
            content += struct.pack("<dd", x, y)
    return content


square = [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)]
shp_set("lying-parts", [polygon([square], parts=0x7FFFFFFF)])
shp_set("lying-points", [polygon([square], points=100_000_000)])
shp_set("shx-past-the-end", [polygon([square])], shx=struct.pack(">ii", 0x7FFFFFF0, 0x7FFFFFF0))
shp_set("record-length-lies", [polygon([square])], shx=False)
with open(os.path.join(inputs_dir, "record-length-lies", "record-length-lies.shp"), "r+b") as f:
    f.seek(104)
    f.write(struct.pack(">i", 0x7FFFFFFF))
shp_set("dbf-count-lies", [polygon([square])], dbf=dbf_table(1, claimed=0xFFFFFFFF))
shp_set("dbf-header-lies", [polygon([square])], dbf=dbf_table(1, header_length=0xFFFF))
shp_set("counts-disagree", [polygon([square])] * 3, dbf=dbf_table(2))
shp_set("multipatch", [struct.pack("<i", 31) + b"\0" * 40], shape_type=31)
shp_set("unknown-shape", [struct.pack("<i", 77) + b"\0" * 16])
shp_set("open-rings", [polygon([square[:-1]])])
shp_set("many-parts", [polygon([[(i, 0)] for i in range(200_000)])])
shp_set("lying-cpg", [polygon([square])], dbf=dbf_table(1, value="Zürich".encode("cp1252").ljust(10)), cpg="UTF-8")
shp_set("huge-cpg", [polygon([square])], cpg="x" * 900_000)
shp_set("garbage-prj", [polygon([square])], prj="PROJCS[" * 100_000)
for name in ("lying-parts", "lying-points", "shx-past-the-end", "record-length-lies", "dbf-count-lies",
             "dbf-header-lies", "counts-disagree", "multipatch", "unknown-shape", "garbage-prj"):
    MUST_FAIL.add(name + ":validate")
MUST_FAIL.add("multipatch")
MUST_FAIL.add("garbage-prj")
zip_path = os.path.join(inputs_dir, "escaping-shapefile.zip")
with zipfile.ZipFile(zip_path, "w") as archive:
    for ext in ("shp", "shx", "dbf"):
        with open(os.path.join(inputs_dir, "open-rings", "open-rings." + ext), "rb") as f:
            archive.writestr("../../escape." + ext, f.read())
categories["shp"].append(("file", zip_path, None))
MUST_FAIL.add("escaping-shapefile.zip")

# --- FlatGeobuf: a header, an index and features whose sizes, counts and offsets lie --
def fgb_valid():
    """A FlatGeobuf the release tool writes (indexed), from 40 squares."""
    source = os.path.join(work, "fgb-source.geojson")
    with open(source, "w") as f:
        json.dump({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"n": i, "name": "sq%d" % i},
             "geometry": {"type": "Polygon", "coordinates": [[[i, 0], [i + 1, 0], [i + 1, 1], [i, 0]]]}}
            for i in range(40)]}, f)
    target = os.path.join(work, "fgb-valid.fgb")
    subprocess.run([TOOL, "convert", source, "-o", target], check=True)
    with open(target, "rb") as f:
        return bytearray(f.read())


def fgb_layout(data):
    """Where the header table is, a header field, the index and the first feature."""
    header_size = struct.unpack_from("<I", data, 8)[0]
    table = 12 + struct.unpack_from("<I", data, 12)[0]
    vtable = table - struct.unpack_from("<i", data, table)[0]
    def field(index):
        return table + struct.unpack_from("<H", data, vtable + 4 + 2 * index)[0]
    count = struct.unpack_from("<Q", data, field(8))[0]
    nodes, n = count, count
    while True:
        n = (n + 15) // 16
        nodes += n
        if n == 1:
            break
    return header_size, field, 12 + header_size, 12 + header_size + 40 * nodes


if os.path.exists(TOOL):
    valid = fgb_valid()
    header_size, field, index_start, first = fgb_layout(valid)
    def fgb(name, change, must_fail=True, commands=None):
        data = bytearray(valid)
        change(data)
        add("fgb", name, bytes(data), commands)
        if must_fail:
            MUST_FAIL.add(name)
    fgb("header-size-lies.fgb", lambda d: struct.pack_into("<I", d, 8, 0xFFFFFFF0))
    fgb("version-9.fgb", lambda d: d.__setitem__(3, 9))
    fgb("count-lies-huge.fgb", lambda d: struct.pack_into("<Q", d, field(8), 0x7FFFFFFFFFFFFFFF))
    fgb("count-lies-index-larger.fgb", lambda d: struct.pack_into("<Q", d, field(8), 4000))
    fgb("node-size-one.fgb", lambda d: struct.pack_into("<H", d, field(9), 1))
    # The index is read only for a box: a full read goes through the features in order.
    through_index = [("convert", ["--bbox", "-180,-90,180,90", "-o", "OUT.geojson"]),
                     ("convert", ["--bbox", "0,0,5,5", "-o", "OUT.fgb"])]
    fgb("leaves-point-past-the-end.fgb", lambda d: [struct.pack_into("<Q", d, first - 40 * (k + 1) + 32, 1 << 62)
                                                    for k in range(40)], commands=through_index)
    fgb("inner-node-points-outside.fgb", lambda d: struct.pack_into("<Q", d, index_start + 32, 1 << 40),
        commands=through_index)
    fgb("feature-size-lies.fgb", lambda d: struct.pack_into("<I", d, first, 0x7FFFFFFF))
    fgb("feature-root-outside.fgb", lambda d: struct.pack_into("<I", d, first + 4, 0x00FFFFFF))
    fgb("vtable-outside.fgb", lambda d: struct.pack_into("<i", d, first + 4 + struct.unpack_from("<I", d, first + 4)[0],
                                                          -0x7FFFFFF0))
    add("fgb", "truncated.fgb", bytes(valid[:len(valid) - 7]))
    MUST_FAIL.add("truncated.fgb")
    add("fgb", "magic-only.fgb", bytes(valid[:8]))
    MUST_FAIL.add("magic-only.fgb")
    # No index, and a count that says fewer features than the file holds: all are read, with a warning.
    fgb("count-says-fewer-no-index.fgb", lambda d: (struct.pack_into("<Q", d, field(8), 3),
                                                    struct.pack_into("<H", d, field(9), 0)), must_fail=False)
    MUST_FAIL.add("count-says-fewer-no-index.fgb:validate")
    add_stream("fgb", "a lying FlatGeobuf on a pipe", "cat %s |" % os.path.join(inputs_dir, "feature-size-lies.fgb"))
    add_stream("fgb", "endless FlatGeobuf on a pipe", "(printf 'fgb\\003fgb\\000\\377\\377\\377\\177'; head -c %d /dev/zero) |" % (1 << 30))

# --- GeoParquet: footers, pages, counts and WKB that lie ------------------------------
class Thrift:
    """Thrift's compact protocol, generic: a struct is {field id: (type, value)},
    a list (element type, [values]); enough to change a footer and write it again."""

    def __init__(self, data, at=0):
        self.data, self.at = data, at

    def varint(self):
        value = shift = 0
        while True:
            b = self.data[self.at]
            self.at += 1
            value |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return value

    def value(self, kind):
        if kind in (1, 2):
            return kind == 1
        if kind == 3:
            self.at += 1
            return self.data[self.at - 1]
        if kind in (4, 5, 6):
            v = self.varint()
            return (v >> 1) ^ -(v & 1)
        if kind == 7:
            self.at += 8
            return bytes(self.data[self.at - 8:self.at])
        if kind == 8:
            n = self.varint()
            self.at += n
            return bytes(self.data[self.at - n:self.at])
        if kind in (9, 10):
            head = self.data[self.at]
            self.at += 1
            count, element = head >> 4, head & 0x0F
            if count == 15:
                count = self.varint()
            return (element, [self.value(element) if element not in (1, 2) else self.value(3) == 1
                              for _ in range(count)])
        if kind == 12:
            return self.struct()
        raise ValueError("kind %d" % kind)

    def struct(self):
        fields, last = {}, 0
        while True:
            head = self.data[self.at]
            self.at += 1
            if head == 0:
                return fields
            delta, kind = head >> 4, head & 0x0F
            if delta:
                last += delta
            else:
                v = self.varint()
                last = (v >> 1) ^ -(v & 1)
            fields[last] = (kind, self.value(kind))

    @staticmethod
    def encode_varint(v, out):
        while v >= 0x80:
            out.append((v & 0x7F) | 0x80)
            v >>= 7
        out.append(v)

    @staticmethod
    def encode(kind, value, out):
        if kind in (4, 5, 6):
            Thrift.encode_varint((value << 1) ^ (value >> 63), out)
        elif kind == 3:
            out.append(value & 0xFF)
        elif kind in (7,):
            out.extend(value)
        elif kind == 8:
            Thrift.encode_varint(len(value), out)
            out.extend(value)
        elif kind in (9, 10):
            element, values = value
            if len(values) < 15:
                out.append(len(values) << 4 | element)
            else:
                out.append(0xF0 | element)
                Thrift.encode_varint(len(values), out)
            for v in values:
                if element in (1, 2):
                    out.append(1 if v else 2)
                else:
                    Thrift.encode(element, v, out)
        elif kind == 12:
            Thrift.encode_struct(value, out)

    @staticmethod
    def encode_struct(fields, out):
        last = 0
        for fid in sorted(fields):
            kind, value = fields[fid]
            if kind in (1, 2):
                kind = 1 if value else 2
            if 0 < fid - last <= 15:
                out.append((fid - last) << 4 | kind)
            else:
                out.append(kind)
                Thrift.encode_varint((fid << 1) ^ (fid >> 63), out)
            last = fid
            if kind not in (1, 2):
                Thrift.encode(kind, value, out)
        out.append(0)


def parquet_valid(compression="none"):
    """A GeoParquet the release tool writes from 40 squares, in row groups of 16."""
    source = os.path.join(work, "parquet-source.geojson")
    with open(source, "w") as f:
        json.dump({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"n": i, "name": "sq%d" % i, "open": i % 2 == 0},
             "geometry": {"type": "Polygon", "coordinates": [[[i, 0], [i + 1, 0], [i + 1, 1], [i, 0]]]}}
            for i in range(40)]}, f)
    target = os.path.join(work, "parquet-valid-%s.parquet" % compression)
    subprocess.run([TOOL, "convert", source, "-o", target, "--compression", compression, "--row-group-size", "16"],
                   check=True)
    with open(target, "rb") as f:
        return bytes(f.read())


def parquet_with_footer(data, change):
    """`data` with its footer decoded, changed by `change` and written again."""
    length = struct.unpack_from("<I", data, len(data) - 8)[0]
    start = len(data) - 8 - length
    footer = Thrift(data, start).struct()
    change(footer)
    out = bytearray()
    Thrift.encode_struct(footer, out)
    return data[:start] + bytes(out) + struct.pack("<I", len(out)) + b"PAR1"


def chunks(footer):
    """Every column chunk's metadata struct, row group by row group."""
    for group in footer[4][1][1]:
        for chunk in group[1][1][1]:
            yield chunk[3][1]


def set_geo(footer, text):
    footer[5] = (9, (12, [{1: (8, b"geo"), 2: (8, text.encode())}]))


if os.path.exists(TOOL):
    plain = parquet_valid()
    snappy = parquet_valid("snappy")
    def parquet(name, data, must_fail=True, commands=None):
        add("parquet", name, data, commands)
        if must_fail:
            MUST_FAIL.add(name)
    parquet("footer-length-lies.parquet", plain[:-8] + struct.pack("<I", 0xFFFFFFF0) + b"PAR1")
    parquet("footer-length-zero.parquet", plain[:-8] + struct.pack("<I", 0) + b"PAR1")
    parquet("magic-only.parquet", b"PAR1PAR1")
    parquet("truncated.parquet", plain[:len(plain) // 2])
    parquet("encrypted-footer.parquet", plain[:-4] + b"PARE")
    # A footer whose list of row groups says it holds two billion.
    parquet("footer-list-count-lies.parquet",
            b"PAR1" + bytes([0x49, 0xFC, 0xFF, 0xFF, 0xFF, 0x07, 0x00]) + struct.pack("<I", 7) + b"PAR1")
    # Structs nested a thousand deep in the footer.
    deep = bytes([0x1C] * 1000) + bytes(1000)
    parquet("footer-nested-deep.parquet", b"PAR1" + deep + struct.pack("<I", len(deep)) + b"PAR1")
    def each_chunk(change):
        return lambda footer: [change(chunk) for chunk in chunks(footer)]
    parquet("rows-lie.parquet", parquet_with_footer(plain, lambda f: [g.__setitem__(3, (6, 1 << 62))
                                                                     for g in f[4][1][1]]))
    parquet("page-offset-past-the-end.parquet",
            parquet_with_footer(plain, each_chunk(lambda c: c.__setitem__(9, (6, 1 << 40)))))
    parquet("page-offset-negative.parquet",
            parquet_with_footer(plain, each_chunk(lambda c: c.__setitem__(9, (6, -(1 << 40))))))
    parquet("chunk-size-lies.parquet",
            parquet_with_footer(plain, each_chunk(lambda c: c.__setitem__(7, (6, 1 << 50)))))
    parquet("value-count-lies.parquet",
            parquet_with_footer(plain, each_chunk(lambda c: c.__setitem__(5, (6, 1 << 40)))))
    parquet("codec-brotli.parquet", parquet_with_footer(plain, each_chunk(lambda c: c.__setitem__(4, (5, 4)))))
    parquet("codec-unknown.parquet", parquet_with_footer(plain, each_chunk(lambda c: c.__setitem__(4, (5, 99)))))
    parquet("codec-says-zstd.parquet", parquet_with_footer(plain, each_chunk(lambda c: c.__setitem__(4, (5, 6)))))
    parquet("codec-says-none-of-snappy.parquet",
            parquet_with_footer(snappy, each_chunk(lambda c: c.__setitem__(4, (5, 0)))))
    parquet("schema-children-lie.parquet",
            parquet_with_footer(plain, lambda f: f[2][1][1][0].__setitem__(5, (5, 1 << 30))))
    parquet("schema-type-unknown.parquet",
            parquet_with_footer(plain, lambda f: f[2][1][1][1].__setitem__(1, (5, 77))))
    parquet("schema-fixed-length-zero.parquet",
            parquet_with_footer(plain, lambda f: (f[2][1][1][1].__setitem__(1, (5, 7)),
                                                  f[2][1][1][1].__setitem__(2, (5, 0)))))
    parquet("geo-not-json.parquet", parquet_with_footer(plain, lambda f: set_geo(f, "{not json")))
    parquet("geo-missing-column.parquet", parquet_with_footer(plain, lambda f: set_geo(
        f, '{"version":"1.1.0","primary_column":"shape","columns":{"shape":{"encoding":"WKB","geometry_types":[]}}}')))
    parquet("geo-native-encoding.parquet", parquet_with_footer(plain, lambda f: set_geo(
        f, '{"version":"1.1.0","primary_column":"geometry","columns":{"geometry":{"encoding":"point","geometry_types":[]}}}')))
    parquet("geo-deep-json.parquet", parquet_with_footer(plain, lambda f: set_geo(f, "[" * 100000 + "]" * 100000)))
    # The metadata's bbox holds none of the squares: read, an error when validated.
    parquet("geo-bbox-lies.parquet", parquet_with_footer(plain, lambda f: set_geo(
        f, '{"version":"1.1.0","primary_column":"geometry","columns":{"geometry":{"encoding":"WKB",'
           '"geometry_types":["Polygon"],"bbox":[100,80,101,81]}}}')), must_fail=False)
    MUST_FAIL.add("geo-bbox-lies.parquet:validate")
    # Page headers and WKB inside an uncompressed file, changed in place.
    footer = Thrift(plain, len(plain) - 8 - struct.unpack_from("<I", plain, len(plain) - 8)[0]).struct()
    first = list(chunks(footer))[0][9][1]
    parquet("page-header-garbage.parquet", plain[:first] + b"\xff" * 12 + plain[first + 12:])
    square = struct.pack("<BI", 1, 3) + struct.pack("<I", 1)
    at = plain.find(square)
    parquet("wkb-ring-count-lies.parquet", plain[:at + 5] + struct.pack("<I", 0x7FFFFFFF) + plain[at + 9:])
    parquet("wkb-point-count-lies.parquet", plain[:at + 9] + struct.pack("<I", 0x7FFFFFFF) + plain[at + 13:])
    parquet("wkb-type-unknown.parquet", plain[:at + 1] + struct.pack("<I", 17) + plain[at + 5:])
    add_stream("parquet", "a lying GeoParquet on a pipe",
               "cat %s |" % os.path.join(inputs_dir, "page-offset-past-the-end.parquet"))
    add_stream("parquet", "endless Parquet on a pipe", "(printf 'PAR1'; head -c %d /dev/zero) |" % (1 << 28))

# --- TopoJSON: arc indices, transforms and nesting that lie --------------------------
def topology(objects, arcs, transform=None):
    root = {"type": "Topology", "objects": objects, "arcs": arcs}
    if transform is not None:
        root["transform"] = transform
    return json.dumps(root)


square_arc = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]
for name, text in [
    ("arc-index-past-the-end.topojson", topology({"a": {"type": "Polygon", "arcs": [[7]]}}, [square_arc])),
    ("arc-index-negative-past.topojson", topology({"a": {"type": "LineString", "arcs": [-99]}}, [square_arc])),
    ("arc-index-huge.topojson", topology({"a": {"type": "LineString", "arcs": [2 ** 63 - 1]}}, [square_arc])),
    ("arc-index-fraction.topojson", topology({"a": {"type": "LineString", "arcs": [0.5]}}, [square_arc])),
    ("transform-one-number.topojson", topology({}, [], {"scale": [1], "translate": [0, 0]})),
    ("transform-strings.topojson", topology({}, [], {"scale": ["a", "b"], "translate": [0, 0]})),
    ("arc-of-one-position.topojson", topology({"a": {"type": "LineString", "arcs": [0]}}, [[[0, 0]]])),
    ("unknown-type.topojson", topology({"a": {"type": "Circle", "arcs": [0]}}, [square_arc])),
    ("not-a-topology.topojson", json.dumps({"type": "Topology"})),
]:
    add("topojson", name, text)
    MUST_FAIL.add(name)
# A topology that refers to one arc a million times: expansion bounded by the output, no blow-up.
add("topojson", "one-arc-a-million-times.topojson",
    topology({"a": {"type": "LineString", "arcs": [0, -1] * 500_000}}, [square_arc]))
# Collections nested 10 000 deep: refused by the JSON reader's nesting limit.
add("topojson", "deep-collections.topojson",
    '{"type":"Topology","arcs":[],"objects":{"a":' + '{"type":"GeometryCollection","geometries":[' * 10_000
    + ']}' * 10_000 + '}}')
MUST_FAIL.add("deep-collections.topojson")
# Quantized positions far past a double once transformed.
add("topojson", "transform-overflow.topojson",
    topology({"a": {"type": "Point", "coordinates": [1e308, 1e308]}}, [], {"scale": [1e308, 1e308], "translate": [0, 0]}))
MUST_FAIL.add("transform-overflow.topojson")

# --- CSV and WKT --------------------------------------------------------------------
wide = ",".join("c%d" % i for i in range(100_000))
add("csv", "wide-header-short-rows.csv", "lon,lat," + wide + "\n" + "1,2\n" * 150_000)
add("csv", "too-many-fields.csv", "lon,lat\n1,2\n" + "," * 70_000 + "\n")
add("csv", "huge-record.csv", 'lon,lat,note\n1,2,"' + "x" * (300_000_000 if not QUICK else 3_000_000))
add("csv", "duplicate-columns.csv", "name,lon,lat,name\nA,1,2,B\n")
add("csv", "wkt-off-globe.csv", 'wkt,name\n"POINT (inf 0)",a\n"LINESTRING (0 0, 1 1e300)",b\n')
MUST_FAIL.add("wkt-off-globe.csv:validate")

# --- GPX and TCX ----------------------------------------------------------------------
add("gpx", "distinct-extensions.gpx", '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>'
    + "".join('<trkpt lat="1" lon="%f"><extensions><x%d>%d</x%d></extensions></trkpt>' % (i / 1e4, i, i, i)
              for i in range(10_000)) + "</trkseg></trk></gpx>")
add("gpx", "off-globe.gpx", '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">'
    '<wpt lat="100" lon="2"/><wpt lat="1e308" lon="2"/><wpt lat="1" lon="2"/></gpx>')
MUST_FAIL.add("off-globe.gpx:validate")

# --- fix: bounded cost, and --precision never breaks a venue -----------------------
import math


def star(n):
    ring = [[math.cos(2 * math.pi * (i * (n // 2 - 1) % n) / n) + 1e-7 * i,
             math.sin(2 * math.pi * (i * (n // 2 - 1) % n) / n)] for i in range(n)]
    return ring + [ring[0]]


FIX = [("fix", ["-o", "OUT.geojson"]), ("convert", ["--fix", "-o", "OUT.geojson"])]
for n in (200, 400):
    add("fix", "star-%d.geojson" % n, collection([{"type": "Feature", "id": "star", "properties": {},
                                                   "geometry": {"type": "Polygon", "coordinates": [star(n)]}}]), FIX)
holes = [[[x, y], [x + 3, y], [x + 3, y + 3], [x, y + 3], [x, y]] for x, y in
         ((0.5 + (i * 37 % 97) / 10, 0.5 + (i * 53 % 89) / 10) for i in range(3_000))]
add("fix", "overlapping-holes.geojson", collection([{"type": "Feature", "properties": {}, "geometry": {
    "type": "Polygon", "coordinates": [[[0, 0], [20, 0], [20, 20], [0, 20], [0, 0]]] + holes}}]), FIX)
million = 100_000 if QUICK else 1_000_000
ring = [[math.cos(i / million * 2 * math.pi), math.sin(i / million * 2 * math.pi)] for i in range(million)]
ring[million // 2] = [5, 5]
add("fix", "spiked-ring.geojson", collection([{"type": "Feature", "properties": {}, "geometry": {
    "type": "Polygon", "coordinates": [ring + [ring[0]]]}}]), FIX)
categories["fix"].append(("file", os.path.join(ROOT, "Samples", "meridian-arcade.zip"),
                          [("fix", ["--precision", "4", "-o", "OUT.zip"])]))

# --- osm: OpenStreetMap PBF and XML whose sizes, counts, references and nesting lie --
def pb_varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def pb_field(number, value):
    if isinstance(value, (bytes, bytearray)):
        return pb_varint(number << 3 | 2) + pb_varint(len(value)) + bytes(value)
    return pb_varint(number << 3) + pb_varint(value)


def pb_zigzag(value):
    return (value << 1) ^ (value >> 63)


def pbf_blob(kind, raw=None, blob=None, stated=None, header_size=None):
    body = blob if blob is not None else pb_field(1, raw)
    header = pb_field(1, kind.encode()) + pb_field(3, stated if stated is not None else len(body))
    return struct.pack(">I", header_size if header_size is not None else len(header)) + header + body


PBF_HEADER = pbf_blob("OSMHeader", pb_field(4, b"OsmSchema-V0.6") + pb_field(4, b"DenseNodes")
                      + pb_field(5, b"Sort.Type_then_ID"))


def pbf_block(groups, strings=(b"", b"amenity", b"cafe", b"type", b"multipolygon", b"outer", b"building", b"yes")):
    table = pb_field(1, b"".join(pb_field(1, text) for text in strings))
    return table + b"".join(pb_field(2, group) for group in groups)


def dense(ids, lats, lons, keys_vals=None):
    packed = lambda values: b"".join(pb_varint(pb_zigzag(v)) for v in values)
    group = pb_field(1, packed(ids)) + pb_field(8, packed(lats)) + pb_field(9, packed(lons))
    if keys_vals is not None:
        group += pb_field(10, b"".join(pb_varint(v) for v in keys_vals))
    return pb_field(2, group)


def way(way_id, refs, keys=(6,), vals=(7,)):
    packed_refs = b"".join(pb_varint(pb_zigzag(d)) for d in [refs[0]] + [b - a for a, b in zip(refs, refs[1:])])
    return pb_field(3, pb_field(1, way_id) + pb_field(2, b"".join(pb_varint(k) for k in keys))
                    + pb_field(3, b"".join(pb_varint(v) for v in vals)) + pb_field(8, packed_refs))


def relation(rel_id, members):
    ids = [m[1] for m in members]
    deltas = [ids[0]] + [b - a for a, b in zip(ids, ids[1:])]
    return pb_field(4, pb_field(1, rel_id) + pb_field(2, pb_varint(3)) + pb_field(3, pb_varint(4))
                    + pb_field(8, b"".join(pb_varint(5) for _ in members))
                    + pb_field(9, b"".join(pb_varint(pb_zigzag(d) & 0xFFFFFFFFFFFFFFFF) for d in deltas))
                    + pb_field(10, b"".join(pb_varint(m[0]) for m in members)))


def osm_file(name, *blocks, must_fail=True):
    add("osm", name, PBF_HEADER + b"".join(blocks))
    if must_fail:
        MUST_FAIL.add(name)


square_nodes = dense([1, 1, 1, 1], [10_000_000, 0, 100_000, 0], [10_000_000, 100_000, 0, -100_000])
osm_file("header-size-lies.osm.pbf", pbf_blob("OSMData", pbf_block([square_nodes]), header_size=0x7FFFFFF0))
osm_file("blob-past-the-end.osm.pbf", pbf_blob("OSMData", pbf_block([square_nodes]), stated=1 << 24))
osm_file("blob-over-32mib.osm.pbf", pbf_blob("OSMData", pbf_block([square_nodes]), stated=1 << 30))
osm_file("raw-size-1gib.osm.pbf", pbf_blob("OSMData", blob=pb_field(2, 1 << 30) + pb_field(3, zlib.compress(b"x" * 100))))
osm_file("zlib-bomb.osm.pbf", pbf_blob("OSMData", blob=pb_field(2, 1000) + pb_field(3, zlib.compress(bytes(64 << 20), 9))))
osm_file("zlib-garbage.osm.pbf", pbf_blob("OSMData", blob=pb_field(2, 1000) + pb_field(3, b"\x78\x9c" + os.urandom(500))))
osm_file("lz4-garbage.osm.pbf", pbf_blob("OSMData", blob=pb_field(2, 1000) + pb_field(6, os.urandom(500))))
osm_file("zstd-garbage.osm.pbf", pbf_blob("OSMData", blob=pb_field(2, 1000) + pb_field(7, os.urandom(500))))
osm_file("dense-counts-differ.osm.pbf", pbf_blob("OSMData", pbf_block([dense([1, 1, 1], [0, 1], [0, 1, 1])])))
osm_file("string-index-outside.osm.pbf", pbf_blob("OSMData", pbf_block([dense([1], [0], [0], [900, 2, 0])])))
osm_file("varint-runs-off.osm.pbf", pbf_blob("OSMData", pbf_block([pb_field(2, pb_field(1, b"\xff" * 40))])))
osm_file("truncated.osm.pbf", pbf_blob("OSMData", pbf_block([square_nodes]))[:-9])
osm_file("no-header.osm.pbf", pbf_blob("OSMData", pbf_block([square_nodes]))[0:0] + pbf_blob("OSMHeader", b"")[:3])
# Coordinates whose deltas overflow, ids that wrap: the nodes are off the globe, left out with a warning.
osm_file("deltas-overflow.osm.pbf", pbf_blob("OSMData", pbf_block([dense(
    [1, 1 << 62, 1 << 62, -(1 << 63)], [1 << 62, 1 << 62, 1, -(1 << 62)], [0, 1 << 62, 1 << 62, 0], [1, 2, 0] * 4)])),
    must_fail=False)
MUST_FAIL.add("deltas-overflow.osm.pbf:validate")
# A way of nodes the file lacks, a ring that never closes, relations that hold themselves and each other.
osm_file("references-missing-and-cyclic.osm.pbf",
         pbf_blob("OSMData", pbf_block([square_nodes])),
         pbf_blob("OSMData", pbf_block([way(10, [1, 2, 3, 99, 1]) + way(11, [1, 2, 3])])),
         pbf_blob("OSMData", pbf_block([relation(20, [(1, 11), (2, 20), (2, 21)]) + relation(21, [(2, 20), (2, 21)])])),
         must_fail=False)
MUST_FAIL.add("references-missing-and-cyclic.osm.pbf:validate")
# Ten million tags on one way (a block of 20 MB): the first 5 000 are kept.
osm_file("ten-million-tags.osm.pbf", pbf_blob("OSMData", pbf_block([square_nodes]) + pbf_block(
    [way(10, [1, 2, 3, 1], keys=[6] * (200_000 if QUICK else 10_000_000), vals=[7] * (200_000 if QUICK else 10_000_000))])),
    must_fail=False)
add_stream("osm", "a lying PBF on a pipe", "cat %s |" % os.path.join(inputs_dir, "blob-past-the-end.osm.pbf"))
add_stream("osm", "an endless PBF on a pipe", "(cat %s; head -c %d /dev/zero) |" % (
    os.path.join(inputs_dir, "references-missing-and-cyclic.osm.pbf"), 1 << 30))
xml_head = "<?xml version='1.0'?>\n<osm version='0.6'>\n"
add("osm", "entity-bomb.osm", "<?xml version='1.0'?>\n<!DOCTYPE osm [<!ENTITY a 'aaaaaaaaaa'>"
    + "".join("<!ENTITY %s '%s'>" % (chr(98 + i), ("&%s;" % chr(97 + i)) * 10) for i in range(8))
    + "]>\n<osm version='0.6'><node id='1' lat='0' lon='0'><tag k='name' v='&i;'/></node></osm>\n")
MUST_FAIL.add("entity-bomb.osm")
add("osm", "external-entity.osm", "<?xml version='1.0'?>\n<!DOCTYPE osm [<!ENTITY s SYSTEM 'file://%s'>]>\n"
    "<osm version='0.6'><node id='1' lat='0' lon='0'><tag k='name' v='&s;'/></node></osm>\n" % secret_path)
MUST_FAIL.add("external-entity.osm")
add("osm", "deep.osm", xml_head + "<node id='1' lat='0' lon='0'>" + "<tag>" * 100_000 + "</tag>" * 100_000
    + "</node></osm>\n")
MUST_FAIL.add("deep.osm")
add("osm", "unclosed-ring-and-missing.osm", xml_head + "".join(
    "<node id='%d' lat='%s' lon='%s'/>" % (i + 1, i % 2, i // 2) for i in range(4))
    + "<way id='1'><nd ref='1'/><nd ref='2'/><nd ref='4'/><nd ref='3'/><tag k='building' v='yes'/></way>"
    + "<way id='2'><nd ref='1'/><nd ref='77'/><tag k='highway' v='path'/></way>"
    + "<relation id='1'><member type='way' ref='1' role='outer'/><member type='relation' ref='1' role=''/>"
    + "<tag k='type' v='multipolygon'/><tag k='landuse' v='grass'/></relation></osm>\n")
MUST_FAIL.add("unclosed-ring-and-missing.osm:validate")
add("osm", "huge-numbers.osm", xml_head + "<node id='99999999999999999999999' lat='1e400' lon='-1e400'/>"
    + "<node id='1' lat='NaN' lon='inf'><tag k='a' v='b'/></node></osm>\n")
MUST_FAIL.add("huge-numbers.osm")
gzip_bomb = zlib.compressobj(9, zlib.DEFLATED, 31)
add("osm", "gzip-bomb.osm.gz", gzip_bomb.compress(xml_head.encode()) + b"".join(
    gzip_bomb.compress(b" " * (1 << 20)) for _ in range(64 if QUICK else 512)) + gzip_bomb.compress(b"</osm>\n")
    + gzip_bomb.flush())
add("osm", "truncated.osm.gz", zlib.compress(xml_head.encode() * 100, 9)[:40])

# --- tiles: PMTiles and vector tiles whose headers, directories, tiles and commands lie --
def pmtiles_archive(root_entries, tile_bytes, root_override=None, tile_compression=2, header_edit=None):
    """A PMTiles v3 archive of one directory (entries: (id, offset, length, run)) and the tiles' bytes."""
    directory = pb_varint(len(root_entries))
    last = 0
    for entry in root_entries:
        directory += pb_varint(entry[0] - last)
        last = entry[0]
    directory += b"".join(pb_varint(e[3]) for e in root_entries) + b"".join(pb_varint(e[2]) for e in root_entries)
    directory += b"".join(pb_varint(e[1] + 1) for e in root_entries)
    root = root_override if root_override is not None else gzip_bytes(directory)
    metadata = gzip_bytes(b"{}")
    header = bytearray(127)
    header[0:7] = b"PMTiles"
    header[7] = 3
    sections = [127, len(root), 127 + len(root), len(metadata), 127 + len(root) + len(metadata), 0,
                127 + len(root) + len(metadata), len(tile_bytes)]
    for index, value in enumerate(sections):
        struct.pack_into("<Q", header, 8 + 8 * index, value)
    header[96:102] = bytes([1, 2, tile_compression, 1, 0, 0])
    if header_edit:
        header_edit(header)
    return bytes(header) + root + metadata + tile_bytes


def gzip_bytes(data):
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    return packer.compress(data) + packer.flush()


def mvt(commands, geometry_type=3, tags=(0, 0), extent=4096):
    feature = pb_field(2, b"".join(pb_varint(t) for t in tags)) + pb_field(3, geometry_type) \
        + pb_field(4, b"".join(pb_varint(c) for c in commands))
    layer = pb_field(15, 2) + pb_field(1, b"hostile") + pb_field(2, feature) + pb_field(3, b"name") \
        + pb_field(4, pb_field(1, b"<script>alert(1)</script>")) + pb_field(5, extent)
    return pb_field(3, layer)


square_commands = [9, 0, 0, 26, 4000, 0, 0, 4000, 7999, 0, 15]
good_tile = gzip_bytes(mvt(square_commands))
add("tiles", "good.pmtiles", pmtiles_archive([(0, 0, len(good_tile), 1)], good_tile), [])
add("tiles", "header-past-end.pmtiles", pmtiles_archive([(0, 0, len(good_tile), 1)], good_tile,
    header_edit=lambda h: struct.pack_into("<Q", h, 56, 1 << 40)))
MUST_FAIL.add("header-past-end.pmtiles")
add("tiles", "directory-count-lies.pmtiles", pmtiles_archive([], good_tile,
    root_override=gzip_bytes(pb_varint(1 << 40))))
MUST_FAIL.add("directory-count-lies.pmtiles")
add("tiles", "directory-garbage.pmtiles", pmtiles_archive([], good_tile, root_override=os.urandom(64)))
MUST_FAIL.add("directory-garbage.pmtiles")
add("tiles", "tile-past-data.pmtiles", pmtiles_archive([(0, 10 ** 9, len(good_tile), 1)], good_tile))
MUST_FAIL.add("tile-past-data.pmtiles")
add("tiles", "tile-not-gzip.pmtiles", pmtiles_archive([(0, 0, 100, 1)], os.urandom(100)))
MUST_FAIL.add("tile-not-gzip.pmtiles")
bomb = gzip_bytes(bytes((16 if QUICK else 100) << 20))
add("tiles", "tile-bomb.pmtiles", pmtiles_archive([(0, 0, len(bomb), 1)], bomb))
MUST_FAIL.add("tile-bomb.pmtiles")
# A leaf directory that points at itself.
leaf_loop = pb_varint(1) + pb_varint(0) + pb_varint(0) + pb_varint(10) + pb_varint(1)
add("tiles", "leaf-cycle.pmtiles", pmtiles_archive([], good_tile, root_override=gzip_bytes(leaf_loop),
    header_edit=lambda h: (struct.pack_into("<Q", h, 40, 127), struct.pack_into("<Q", h, 48, 60))))
MUST_FAIL.add("leaf-cycle.pmtiles")
for name, commands, kind in [("count-overruns", [9 | (1 << 20) << 3, 2, 2], 1),
                             ("zigzag-out-of-range", [9 | 2 << 3, 0xFFFFFFFE, 0xFFFFFFFE, 0xFFFFFFFE, 0xFFFFFFFE], 1),
                             ("unknown-command", [5, 2, 2], 2)]:
    lying = gzip_bytes(mvt(commands, kind))
    add("tiles", name + ".pmtiles", pmtiles_archive([(0, 0, len(lying), 1)], lying))
    MUST_FAIL.add(name + ".pmtiles")
unclosed = gzip_bytes(mvt([9, 0, 0, 18, 20, 0, 0, 20]))
add("tiles", "unclosed-ring.pmtiles", pmtiles_archive([(0, 0, len(unclosed), 1)], unclosed))
MUST_FAIL.add("unclosed-ring.pmtiles:validate")
os.makedirs(os.path.join(inputs_dir, "mvt", "0", "0"), exist_ok=True)
add("tiles", "mvt/0/0/0.mvt", mvt([9 | 50 << 3] + [2] * 100 + [7, 7] * 1000, 1))

# MBTiles databases that lie: no tables, another tile format, zooms past 30,
# tiles that are garbage, a gzip bomb, rows off the grid, a huge zoom range.
def mbtiles(name, statements, must_fail=True):
    import sqlite3
    path = os.path.join(inputs_dir, name)
    database = sqlite3.connect(path)
    database.execute("PRAGMA application_id = 1297105496")
    for statement, *arguments in statements:
        database.execute(statement, *arguments)
    database.commit()
    database.close()
    categories.setdefault("tiles", []).append(("file", path, None))
    if must_fail:
        MUST_FAIL.add(name)


TABLES = [("CREATE TABLE metadata (name TEXT, value TEXT)",),
          ("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)",)]
mbtiles("no-tables.mbtiles", [])
mbtiles("raster.mbtiles", TABLES + [("INSERT INTO metadata VALUES ('format', 'png')",),
                                    ("INSERT INTO tiles VALUES (0, 0, 0, ?)", (good_tile,))])
mbtiles("zoom-99.mbtiles", TABLES + [("INSERT INTO tiles VALUES (99, 0, 0, ?)", (good_tile,))])
mbtiles("garbage-tile.mbtiles", TABLES + [("INSERT INTO tiles VALUES (0, 0, 0, ?)", (os.urandom(300),))])
mbtiles("bomb-tile.mbtiles", TABLES + [("INSERT INTO tiles VALUES (0, 0, 0, ?)", (bomb,))])
mbtiles("off-grid.mbtiles", TABLES + [("INSERT INTO tiles VALUES (1, 5, -3, ?)", (good_tile,)),
                                      ("INSERT INTO tiles VALUES (1, 0, 0, ?)", (good_tile,))], must_fail=False)
mbtiles("text-tile.mbtiles", TABLES + [("INSERT INTO tiles VALUES (0, 0, 0, 'not a tile')",)])

# --- png: data whose labels, colours and symbols reach the PNG painter ---
PNG = [("render", ["-o", "OUT.png"]), ("render", ["--theme", "dark", "--scale", "2", "-o", "OUT.png"])]
arcs = "M0,0" + "a5,5 0 1 1 3,3" * 200
add("png", "labels.geojson", collection([
    feature(lon=0.1, props={"name": "<script>alert(1)</script>&amp;&#0;"}),
    feature(lon=0.11, props={"name": "\u202eevil\u202c \u0000\u0007\ufffe\uffff"}),
    feature(lon=0.12, props={"name": "x" * 10_000}),
    feature(lon=0.13, props={"name": "e" + "\u0301" * 5_000}),
    feature(lon=0.14, props={"name": "\u5317\u4eac \U0001F5FA \u0627\u0644\u0642\u0627\u0647\u0631\u0629"}),
]), commands=PNG)
add("png", "styles.geojson", collection([
    feature(lon=0.1, props={"meridian:marker": "path", "meridian:symbol-path": arcs, "marker-color": "url(#x)",
                                   "title": "a"}),
    feature(lon=0.11, props={"marker-color": "red\" onload=\"alert(1)", "marker-size": "large"}),
    {"type": "Feature", "properties": {"stroke": "#12345678", "stroke-width": 1e308, "stroke-opacity": -5,
                                       "fill": "transparent", "fill-opacity": 1e308},
     "geometry": {"type": "Polygon", "coordinates": [[[0, 52], [0.2, 52], [0.2, 52.3], [0, 52]]]}},
    {"type": "Feature", "properties": {"stroke-width": 0, "stroke": "none"},
     "geometry": {"type": "LineString", "coordinates": [[0, 52], [0.2, 52.3]]}},
]), commands=PNG)

# --- basemaps: the hostile archives under a render, and hostile styles over the sample basemap --
track = os.path.join(ROOT, "Samples", "london-brussels.gpx")
natural_earth = os.path.join(ROOT, "Samples", "natural-earth.pmtiles")
for _, path, _ in list(categories["tiles"]):
    if path.endswith(".pmtiles") or path.endswith(".mbtiles"):
        categories.setdefault("basemaps", []).append(("file", path, [
            ("render", [track, "--basemap", "SUBJECT", "-o", "OUT.svg"]),
            ("render", [track, "--basemap", "SUBJECT", "--theme", "dark", "-o", "OUT.png"])]))
STYLED = [("render", [track, "--basemap", natural_earth, "--style", "SUBJECT", "-o", "OUT.svg"]),
          ("render", [track, "--basemap", natural_earth, "--style", "SUBJECT", "--camera", "50.9,1.9,400000,30,60",
                      "-o", "OUT.png"])]


def style(layers):
    return json.dumps({"version": 8, "layers": layers})


stops = 50_000 if QUICK else 150_000
hostile_styles = {
    "unknown-layer-type.json": (style([{"id": "x", "type": "extrusion", "source-layer": "land"}]), True),
    "unknown-operator.json": (style([{"id": "x", "type": "line", "source-layer": "borders",
                                      "filter": ["let", "a", 1, ["var", "a"]]}]), True),
    "deep-expression.json": ('{"version": 8, "layers": [{"id": "x", "type": "fill", "source-layer": "land", "filter": '
                             + '["!", ' * 100_000 + "true" + "]" * 100_000 + "}]}", True),
    "too-many-layers.json": (style([{"id": "l%d" % i, "type": "fill", "source-layer": "land"} for i in range(20_000)]),
                             True),
    "layers-not-array.json": ('{"version": 8, "layers": "land"}', True),
    "not-json.json": ('{"version": 8, "layers": [', True),
    "huge-values.json": (style([
        {"id": "a", "type": "line", "source-layer": "borders",
         "paint": {"line-width": 1e308, "line-dasharray": [1e308, 1e-308], "line-opacity": -1e308,
                   "line-color": "rgba(1e308, -1e308, 0, 1e308)"}},
        {"id": "b", "type": "circle", "source-layer": "places",
         "paint": {"circle-radius": 1e308, "circle-stroke-width": 1e308, "circle-color": "hsl(1e308, 1e308%, 50%)"}},
        {"id": "c", "type": "symbol", "source-layer": "places", "minzoom": 0,
         "layout": {"text-field": "{name}" * 10_000, "text-size": 1e308}}]), False),
    "many-stops-and-labels.json": (style([
        {"id": "a", "type": "fill", "source-layer": "land",
         "paint": {"fill-color": ["interpolate", ["exponential", 1e308], ["zoom"]]
                   + [x for i in range(stops) for x in (i / 1000, "#%06x" % (i * 2654435761 % 0xFFFFFF))]}},
        {"id": "b", "type": "line", "source-layer": "borders",
         "filter": ["match", ["get", "a"]] + [x for i in range(stops) for x in ("country %d" % i, i % 2 == 0)] + [True],
         "paint": {"line-width": ["step", ["zoom"], 1] + [x for i in range(1, stops) for x in (i / 100, i % 7)]}}]),
        False),
    "markup-in-names.json": (style([
        {"id": "\"><script>alert(1)</script>", "type": "symbol", "source-layer": "places",
         "layout": {"text-field": ["concat", "<script>alert(1)</script>", ["get", "name"]]},
         "paint": {"text-color": "red\" onload=\"alert(1)"}}]), True),
}
for name, (text, must_fail) in hostile_styles.items():
    add("basemaps", "style-" + name, text, STYLED)
    if must_fail:
        MUST_FAIL.add("style-" + name)

# --- spatial: zones, measures, dissolves and joins of hostile geometry ------------
SPATIAL = [("buffer", ["-d", "500m", "-o", "OUT.geojson"]), ("buffer", ["-d", "1e9m", "-o", "OUT.geojson"]),
           ("buffer", ["-d", "-2km", "--cap", "flat", "--join", "mitre", "-o", "OUT.geojson"]),
           ("buffer", ["-d", "15000km", "-o", "OUT.geojson"]),
           ("measure", ["--area", "a", "--length", "l", "--centroid", "c", "--point-on-surface", "p", "--bbox", "b",
                        "--convex-hull", "h", "--concave-hull", "k", "-o", "OUT.geojson"]),
           ("dissolve", ["--by", "name", "--count", "n", "--sum", "pop", "--list", "name", "-o", "OUT.geojson"]),
           ("join", ["SUBJECT", "SUBJECT", "--count", "n", "-o", "OUT.geojson"]),
           ("join", ["SUBJECT", "SUBJECT", "--predicate", "nearest", "--all", "-o", "OUT.geojson"]),
           ("overlay", ["SUBJECT", "SUBJECT", "--op", "union", "-o", "OUT.geojson"]),
           ("overlay", ["SUBJECT", "SUBJECT", "--op", "erase", "-o", "OUT.geojson"]),
           ("clean", ["--gap-area", "1km2", "-o", "OUT.geojson"]), ("clean", ["--check", "--format", "sarif"])]
bow_tie = {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]]}
pinched = {"type": "Polygon", "coordinates": [[[0, 0], [2, 0], [1, 1], [2, 2], [0, 2], [1, 1], [0, 0]]]}
add("spatial", "invalid-and-empty.geojson", collection([
    {"type": "Feature", "properties": {"name": "bow tie", "pop": 1}, "geometry": bow_tie},
    {"type": "Feature", "properties": {"name": "pinched", "pop": "x"}, "geometry": pinched},
    {"type": "Feature", "properties": {"pop": 2}, "geometry": {"type": "Polygon", "coordinates": []}},
    {"type": "Feature", "properties": {"name": "none"}, "geometry": None},
    {"type": "Feature", "properties": {"name": "empty collection"},
     "geometry": {"type": "GeometryCollection", "geometries": []}},
    {"type": "Feature", "properties": {"name": "mixed", "pop": 1e308},
     "geometry": {"type": "GeometryCollection", "geometries": [
         {"type": "Point", "coordinates": [179.9, 89.9]}, {"type": "LineString", "coordinates": [[-180, -90], [180, 90]]},
         bow_tie]}},
    {"type": "Feature", "properties": {"name": "pole", "pop": 9223372036854775807},
     "geometry": {"type": "Point", "coordinates": [0, 90]}},
    {"type": "Feature", "properties": {"name": "pole", "pop": 9223372036854775807},
     "geometry": {"type": "Point", "coordinates": [180, -90]}}]), SPATIAL)
add("spatial", "off-the-globe.geojson", collection([
    feature(1e308, 1e308), feature(-1e308, 0), feature(0, 1e-320),
    {"type": "Feature", "properties": {"name": "wide"},
     "geometry": {"type": "LineString", "coordinates": [[-1e300, 0], [1e300, 1]]}},
    {"type": "Feature", "properties": {"name": "huge"},
     "geometry": {"type": "Polygon", "coordinates": [[[-1e300, -1e300], [1e300, -1e300], [1e300, 1e300], [-1e300, -1e300]]]}}]),
    SPATIAL)
near = [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]], [[1 + 1e-15, 0], [2, 0], [2, 1], [1 - 1e-15, 1], [1 + 1e-15, 0]]]
add("spatial", "nearly-coincident.geojson", collection([
    {"type": "Feature", "properties": {"name": "a" if i % 2 else "b", "pop": i},
     "geometry": {"type": "Polygon", "coordinates": [[[x + i * 1e-12, y] for x, y in near[i % 2][0:5]]]}}
    for i in range(200)]), SPATIAL)
# Many points against many small polygons: bounded memory, no hang.
grid_side = 100 if QUICK else 300
squares = [{"type": "Feature", "properties": {"name": "cell %d" % i},
            "geometry": {"type": "Polygon", "coordinates": [[[x, y], [x + 0.01, y], [x + 0.01, y + 0.01], [x, y + 0.01], [x, y]]]}}
           for i, (x, y) in enumerate((c * 0.01, r * 0.01) for r in range(grid_side) for c in range(grid_side))]
add("spatial", "squares.geojson", collection(squares), [])
squares_path = categories["spatial"].pop()[1]
point_count = 200_000 if QUICK else 2_000_000
points_path = os.path.join(inputs_dir, "points.csv")
with open(points_path, "w") as f:
    f.write("lon,lat\n")
    for i in range(point_count):
        f.write("%.6f,%.6f\n" % ((i * 7919 % 100_003) / 100_003 * grid_side * 0.01,
                                  (i * 104_729 % 99_991) / 99_991 * grid_side * 0.01))
categories["spatial"].append(("file", points_path, [
    ("join", [squares_path, "SUBJECT", "--count", "n", "--sum", "lon", "-o", "OUT.geojson"]),
    ("join", ["SUBJECT", squares_path, "--fields", "name", "-o", "OUT.csv"])]))

# --- routing: prepared networks whose counts and indices lie, venues too big to see across --
route_args = ["SUBJECT", "--from", "52.2,0.1", "--to", "52.2005,0.1005", "--mode", "driving"]
route_commands = [("route", route_args), ("route", route_args + ["--alternates", "--format", "json"])]
streets_path = os.path.join(inputs_dir, "streets.geojson")
with open(streets_path, "w") as f:
    f.write(collection([{"type": "Feature", "properties": {"name": "Street %d" % i},
                         "geometry": {"type": "LineString",
                                      "coordinates": [[0.1 + 0.0001 * j, 52.2 + 0.0001 * i] for j in range(12)]}}
                        for i in range(12)] +
                       [{"type": "Feature", "properties": {"name": "Avenue %d" % j},
                         "geometry": {"type": "LineString",
                                      "coordinates": [[0.1 + 0.0001 * j, 52.2 + 0.0001 * i] for i in range(12)]}}
                        for j in range(12)]))
prepared_path = os.path.join(inputs_dir, "good.mrnet")
subprocess.run([TOOL, "route", streets_path, "--mode", "driving", "--prepare", prepared_path], check=True,
               capture_output=True)
with open(prepared_path, "rb") as f:
    prepared = f.read()
categories.setdefault("routing", []).append(("file", prepared_path, route_commands))


def prepared_case(name, data):
    add("routing", name, data, route_commands)
    MUST_FAIL.add(name)


prepared_case("cut-short.mrnet", prepared[:len(prepared) // 2])
prepared_case("count-lies.mrnet", prepared[:8] + struct.pack("<Q", 2 ** 60) + prepared[16:])
prepared_case("garbage-after-magic.mrnet", prepared[:8] + os.urandom(len(prepared) - 8))
prepared_case("zero-tail.mrnet", prepared[:len(prepared) // 3] + b"\0" * (len(prepared) - len(prepared) // 3))
for offset in (len(prepared) // 5, len(prepared) // 2, len(prepared) - 64):
    offset -= offset % 4
    stamped = prepared[:offset] + b"\xff\xff\xff\x7f" + prepared[offset + 4:]
    add("routing", "stamped-%d.mrnet" % offset, stamped, route_commands)
# A venue whose one unit zigzags 20 000 times, its doors all along it: routed in bounded time.
zigzag = [[0.1 + 0.001 * k / 10000, 52.2 + (0.00001 if k % 2 else 0)] for k in range(20000)]
zigzag += [[0.101, 52.2001], [0.1, 52.2001], zigzag[0]]
venue = dict(venue_files(1))
units = json.loads(venue["unit.geojson"])
units["features"][0]["geometry"]["coordinates"] = [zigzag]
venue["unit.geojson"] = json.dumps(units)
openings = [{"type": "Feature", "id": "d%07x-0000-4000-8000-000000000000" % i, "feature_type": "opening",
             "geometry": {"type": "LineString", "coordinates": [[0.1 + 0.00005 * i, 52.2001],
                                                                [0.1 + 0.00005 * i + 0.00001, 52.2001]]},
             "properties": {"category": "pedestrian", "level_id": "a0000003-0000-4000-8000-000000000003",
                            "accessibility": None, "access_control": None, "door": None, "name": None,
                            "alt_name": None, "display_point": None}} for i in range(20)]
venue["opening.geojson"] = json.dumps({"type": "FeatureCollection", "features": openings})
add("routing", "zigzag-venue.zip", zip_bytes(list(venue.items())),
    [("route", ["SUBJECT", "--from", "52.20009,0.1002", "--to", "52.20009,0.1008"])])

# --- Streams ----------------------------------------------------------------------
sample = os.path.join(ROOT, "Samples", "cambridge-landmarks.geojson")
add_stream("streams", "zeros on stdin", "head -c %d /dev/zero |" % big)
add_stream("streams", "blank lines on stdin", "yes '' | head -c %d |" % big)
add_stream("streams", "endless KML elements", "(printf '<kml xmlns=\"http://www.opengis.net/kml/2.2\">'; yes '<Folder>' "
           "| head -c %d) |" % big)
add_stream("streams", "PK then zeros on stdin", "(printf 'PK\\003\\004'; head -c %d /dev/zero) |" % big)
add_stream("streams", "endless string on stdin", "(printf '{\"type\":\"'; head -c %d /dev/zero | tr '\\0' a) |" % big)
add_stream("streams", "random bytes on stdin", "head -c %d /dev/urandom |" % (big // 4))
add_stream("streams", "a sample on stdin", "cat %s |" % sample)
add_stream("streams", "a KMZ on stdin", "cat %s |" % os.path.join(inputs_dir, "valid.kmz"))
add_stream("streams", "process substitution", "PROCSUB")

# --- PostGIS: hostile tables, queries and locations on a throwaway cluster ---------
class Cluster:
    """PostgreSQL with PostGIS in a folder of `work`, on a free port; host
    connections need the password, which is SECRET (so a location or
    message that shows it counts as leaked data)."""

    def __init__(self):
        import glob
        import socket
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        self.bin = os.path.dirname(found[-1]) if found else None
        if not self.bin or not glob.glob("/usr/share/postgresql/*/extension/postgis.control"):
            self.bin = None
            return
        self.folder = os.path.join(work, "postgres")
        os.makedirs(self.folder)
        self.prefix = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        with open(os.path.join(self.folder, "password"), "w") as f:
            f.write(SECRET)
        if os.getuid() == 0:
            subprocess.run(["chown", "-R", "postgres", work])
        data = os.path.join(self.folder, "data")
        subprocess.run(self.prefix + [self.bin + "/initdb", "-D", data, "-U", "meridian", "--pwfile",
                                      os.path.join(self.folder, "password"), "--auth-local", "trust",
                                      "--auth-host", "scram-sha-256", "--no-sync", "-E", "UTF8", "--locale", "C"],
                       check=True, capture_output=True)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        subprocess.run(self.prefix + [self.bin + "/pg_ctl", "-D", data, "-l", os.path.join(self.folder, "log"),
                                      "-w", "-o", "-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off"
                                      % (self.port, self.folder), "start"], check=True, capture_output=True)
        self.data = data
        self.psql("CREATE DATABASE gis", "postgres")
        self.psql("CREATE EXTENSION postgis")

    def url(self, parameters, password=SECRET):
        return "postgresql://meridian:%s@127.0.0.1:%d/gis?%s" % (password, self.port, parameters)

    def psql(self, sql, database="gis"):
        return subprocess.run(self.prefix + [self.bin + "/psql", "-X", "-q", "-At", "-h", self.folder, "-p",
                                             str(self.port), "-U", "meridian", "-d", database, "-c", sql],
                              capture_output=True, check=True).stdout.decode().strip()

    def stop(self):
        if self.bin:
            subprocess.run(self.prefix + [self.bin + "/pg_ctl", "-D", self.data, "-m", "immediate", "stop"],
                           capture_output=True)


cluster = Cluster() if ONLY in (None, "postgis") else None
if cluster and cluster.bin:
    rows_count = 20_000 if QUICK else 200_000
    cluster.psql("""
        CREATE TABLE mixed_srid (id int PRIMARY KEY, geom geometry);
        INSERT INTO mixed_srid VALUES (1, 'SRID=4326;POINT(0 0)'), (2, 'SRID=3857;POINT(1 1)'), (3, NULL);
        CREATE TABLE huge_numbers (id int PRIMARY KEY, n numeric, f float8, geom geometry(Point, 4326));
        INSERT INTO huge_numbers VALUES (1, 1e1000, 'Infinity', 'SRID=4326;POINT(0 0)'),
            (2, -1e-1000, 'NaN', 'SRID=4326;POINT(1 1)');
        CREATE TABLE deep_json (id int PRIMARY KEY, doc jsonb, geom geometry(Point, 4326));
        INSERT INTO deep_json VALUES (1, (repeat('[', 3000) || repeat(']', 3000))::jsonb, 'SRID=4326;POINT(0 0)');
        CREATE TABLE script_labels (id int PRIMARY KEY, name text, geom geometry(Point, 4326));
        INSERT INTO script_labels VALUES (1, '<script>alert(1)</script>', 'SRID=4326;POINT(0.12 52.2)'),
            (2, ']]><svg onload=alert(1)>', 'SRID=4326;POINT(0.13 52.21)');
        CREATE TABLE long_line (id int PRIMARY KEY, geom geometry(LineString, 4326));
        INSERT INTO long_line SELECT 1, ST_MakeLine(array_agg(ST_MakePoint(i / 1e6, (i %% 1000) / 1e6)))
            FROM generate_series(1, 1000000) i;
        CREATE TABLE no_srs (id int PRIMARY KEY, geom geometry);
        INSERT INTO no_srs VALUES (1, 'SRID=990001;POINT(0 0)');
        CREATE TABLE wide (id int PRIMARY KEY, geom geometry(Point, 4326));
        CREATE TABLE many_rows AS SELECT i AS id, md5(i::text) AS label,
            ST_SetSRID(ST_MakePoint((i %% 360) - 180, (i %% 170) - 85), 4326)::geometry(Point, 4326) AS geom
            FROM generate_series(1, %d) i;
        CREATE TABLE strict (name text, kind integer, geom geometry);
        """ % rows_count)
    cluster.psql("ALTER TABLE wide " + ", ".join("ADD COLUMN c%d text DEFAULT 'x'" % i for i in range(1500))
                 + "; INSERT INTO wide (id, geom) VALUES (1, 'SRID=4326;POINT(0 0)')")
    read_commands = [("info", []), ("convert", ["-o", "OUT.geojson"]), ("validate", ["--format", "sarif"]),
                     ("render", ["-o", "OUT.svg"])]
    for table in ["mixed_srid", "huge_numbers", "deep_json", "script_labels", "long_line", "no_srs", "wide",
                  "many_rows"]:
        add_location("postgis", table, cluster.url("table=" + table), read_commands)
    MUST_FAIL.update({"deep_json:convert", "no_srs:convert", "no_srs:info", "mixed_srid:validate"})
    for label, parameters in [
        ("table name injection", 'table=x%22%3B%20DROP%20TABLE%20strict%3B%20--'),
        ("query injection", "query=SELECT%201%3B%20DROP%20TABLE%20strict"),
        ("query error", "query=SELECT%20*%20FROM%20nowhere"),
        ("query of no geometry", "query=SELECT%20generate_series(1%2C3)%20AS%20n"),
        ("bad escape", "table=%zz"),
        ("table and query", "table=a&query=b"),
        ("unknown mode", "table=a&mode=truncate"),
        ("geometry column missing", "table=many_rows&geometry=nothing"),
    ]:
        add_location("postgis", label, cluster.url(parameters), read_commands)
    MUST_FAIL.update({"table name injection", "query injection", "query error", "bad escape", "table and query",
                      "unknown mode", "geometry column missing"})
    add_location("postgis", "wrong password", cluster.url("table=many_rows", password="x" + SECRET), read_commands)
    add_location("postgis", "nothing listening", "postgresql://meridian:%s@127.0.0.1:1/gis?table=t" % SECRET,
                 read_commands)
    MUST_FAIL.update({"wrong password", "nothing listening"})
    # Loads into the database, as outputs.
    for label, parameters in [("load, table exists", "table=many_rows"), ("load, fails half-way", "table=strict&mode=append"),
                              ("load, name injection", 'table=y%22%3B%20DROP%20TABLE%20strict%3B%20--')]:
        categories.setdefault("postgis", []).append(
            ("file", os.path.join(ROOT, "Samples", "cambridge-landmarks.geojson"),
             [("convert", ["SUBJECT", "-o", cluster.url(parameters)])]))


def postgis_checks():
    """What the loads must have left: the strict table empty and there, the
    big table whole; and a load interrupted by SIGINT leaves no table."""
    if not (cluster and cluster.bin):
        return
    row = rows.setdefault("postgis", new_row())
    intact = cluster.psql("SELECT count(*) FROM strict") == "0" and \
        cluster.psql("SELECT count(*) FROM many_rows") == str(20_000 if QUICK else 200_000)
    outdir = tempfile.mkdtemp(dir=work, prefix="out-")
    tmpdir = tempfile.mkdtemp(dir=work, prefix="tmp-")
    source = os.path.join(inputs_dir, "one-line-collection.geojson")
    # (The password from the environment: bash's job report echoes the command.)
    status, stdout, stderr, rss = run("export PGPASSWORD=%s; set -m; %s convert %s -o %s & sleep 1; kill -INT $!; "
                                      "wait $!; true" % (SECRET, TOOL, source, shlex_quote(
                                          cluster.url("table=interrupted", password="").replace("meridian:@", "meridian@"))),
                                      outdir, tmpdir)
    import time
    time.sleep(1)
    row["inputs"].add("load interrupted by SIGINT")
    ok = record("postgis", status, stdout, stderr, rss, leftovers(outdir, tmpdir), outdir)
    if cluster.psql("SELECT to_regclass('interrupted') IS NULL") != "t" or not intact:
        row["clobbered"] += 1
        ok = False
    if ok:
        row["clean"] += 1
    else:
        print("  not clean: postgis loads -> strict/many_rows intact %s" % intact, file=sys.stderr)
    cluster.stop()


COMMANDS = [("info", []), ("convert", ["-o", "OUT.geojson"]), ("convert", ["-o", "OUT.kml"]),
            ("validate", []), ("validate", ["--format", "json"]), ("render", ["-o", "OUT.svg"]),
            ("preview", ["-o", "OUT.html"]), ("validate", ["--format", "sarif"]),
            ("split", ["-o", "OUT-shards", "--max-features", "1000"])]

# --- Outputs: each a command run on a valid input with a hostile destination ---------
output_cases = []


def output_case(label, setup, args, check):
    output_cases.append((label, setup, args, check))


def run(shell_command, outdir, tmpdir):
    env = dict(os.environ, TMPDIR=tmpdir, NO_COLOR="1")
    wrapped = "/usr/bin/time -f 'MAXRSS %%M' -o %s/rss timeout -s KILL %d bash -c %s" % (
        tmpdir, TIMEOUT, shlex_quote(shell_command))
    result = subprocess.run(["bash", "-c", wrapped], cwd=outdir, env=env, capture_output=True)
    rss = 0
    try:
        with open(os.path.join(tmpdir, "rss")) as f:
            for line in f:
                if line.startswith("MAXRSS"):
                    rss = int(line.split()[1])
    except (OSError, ValueError):
        pass
    return result.returncode, result.stdout, result.stderr, rss


def shlex_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def leftovers(outdir, tmpdir):
    found = []
    for folder in (outdir, tmpdir):
        for name in os.listdir(folder):
            if name.endswith(".partial") or name.startswith("meridian-"):
                found.append(os.path.join(folder, name))
    return found


rows = {}


def new_row():
    return {"inputs": set(), "runs": 0, "clean": 0, "crashes": 0, "hangs": 0, "over1gb": 0, "left": 0,
            "leaked": 0, "clobbered": 0, "wrong": 0}


def record(category, status, stdout, stderr, rss, left, outdir):
    row = rows.setdefault(category, new_row())
    row["runs"] += 1
    crashed = status in (132, 134, 139) or (status > 128 and status != 137) or b"Fatal error" in stderr \
        or b"Program crashed" in stderr
    hung = status in (124, 137)
    leaked = SECRET.encode() in stdout or SECRET.encode() in stderr
    for name in os.listdir(outdir):
        path = os.path.join(outdir, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                if SECRET.encode() in f.read():
                    leaked = True
    if crashed:
        row["crashes"] += 1
    if hung:
        row["hangs"] += 1
    if rss > GIGABYTE_KB:
        row["over1gb"] += 1
    if left:
        row["left"] += 1
    if leaked:
        row["leaked"] += 1
    return not (crashed or hung or leaked or left or rss > GIGABYTE_KB) and (
        status == 0 or (status in (1, 2, 3) and bool(stderr.strip() or stdout.strip())))


def main():
    if not os.path.exists(TOOL):
        sys.exit("build the release tool first: swift build -c release")
    for category, entries in categories.items():
        if ONLY and category != ONLY:
            continue
        for kind, subject, commands in entries:
            for command, args in (commands or COMMANDS):
                outdir = tempfile.mkdtemp(dir=work, prefix="out-")
                tmpdir = tempfile.mkdtemp(dir=work, prefix="tmp-")
                args = [a.replace("OUT", os.path.join(outdir, "out")) for a in args]
                if command == "render" and "-o" not in args:
                    args = args + ["-o", os.path.join(outdir, "out.svg")]
                if kind == "file" and "SUBJECT" in args:
                    args = [subject if a == "SUBJECT" else a for a in args]
                    shell = "%s %s %s" % (TOOL, command, " ".join(map(shlex_quote, args)))
                    label = os.path.basename(subject)
                elif kind == "file":
                    shell = "%s %s %s %s" % (TOOL, command, shlex_quote(subject), " ".join(map(shlex_quote, args)))
                    label = os.path.basename(subject)
                elif kind == "location":
                    shell = "%s %s %s %s" % (TOOL, command, shlex_quote(subject[1]), " ".join(map(shlex_quote, args)))
                    label = subject[0]
                elif subject[1] == "PROCSUB":
                    shell = "%s %s <(cat %s) %s" % (TOOL, command, sample, " ".join(map(shlex_quote, args)))
                    label = subject[0]
                else:
                    shell = "%s %s %s - %s" % (subject[1], TOOL, command, " ".join(map(shlex_quote, args)))
                    label = subject[0]
                status, stdout, stderr, rss = run(shell, outdir, tmpdir)
                left = leftovers(outdir, tmpdir)
                rows.setdefault(category, new_row())
                rows[category]["inputs"].add(label)
                wrong = status == 0 and (label in MUST_FAIL or "%s:%s" % (label, command) in MUST_FAIL)
                if "--precision" in args and status == 0:
                    # What fix --precision writes must still validate without an error.
                    check = subprocess.run([TOOL, "validate", args[-1]], capture_output=True)
                    wrong = check.returncode != 0
                if wrong:
                    rows[category]["wrong"] += 1
                if record(category, status, stdout, stderr, rss, left, outdir) and not wrong:
                    rows[category]["clean"] += 1
                else:
                    print("  not clean: %s %s %s -> %d (%d KB) %s" % (category, label, command, status, rss,
                                                                   stderr[-200:].decode(errors="replace").strip()),
                          file=sys.stderr)
                shutil.rmtree(outdir, ignore_errors=True)
                shutil.rmtree(tmpdir, ignore_errors=True)
    if ONLY in (None, "postgis"):
        postgis_checks()
    if ONLY in (None, "outputs"):
        run_output_cases()
    if ONLY in (None, "serve"):
        run_serve_cases()
    columns = ["inputs", "runs", "clean", "crashes", "hangs", "over1gb", "left", "leaked", "clobbered", "wrong"]
    print("| category | inputs | runs | clean rejections or successes | crashes | hangs | memory over 1 GB "
          "| files left behind | data leaked | outputs clobbered | silent wrong results |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    total = {key: 0 for key in columns}
    for category, row in rows.items():
        values = [len(row["inputs"])] + [row[key] for key in columns[1:]]
        for key, value in zip(columns, values):
            total[key] += value
        print("| %s | %s |" % (category, " | ".join(map(str, values))))
    print("| **all** | %s |" % " | ".join(str(total[key]) for key in columns))
    shutil.rmtree(work, ignore_errors=True)
    bad = ("crashes", "hangs", "over1gb", "left", "leaked", "clobbered", "wrong")
    sys.exit(0 if all(total[key] == 0 for key in bad) else 1)


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0


def run_serve_cases():
    """Every hostile input posted to `meridian serve`'s /validate while wrk
    loads /health: the server must answer each with 200 or a 4xx, keep
    answering /health (no failed request) and keep its memory flat."""
    category = "serve"
    row = rows.setdefault(category, new_row())
    server = subprocess.Popen([TOOL, "serve", sample, "--port", "0", "--log-level", "warning"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=work)
    line = server.stdout.readline().decode()
    port = line.rsplit(":", 1)[-1].strip()
    base = "http://127.0.0.1:%s" % port
    subprocess.run(["curl", "-s", "-o", "/dev/null", base + "/health"])
    before = rss_mb(server.pid)
    wrk = subprocess.Popen(["wrk", "-t1", "-c4", "-d3600s", base + "/health"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT) if shutil.which("wrk") else None
    files = [subject for entries in categories.values() for kind, subject, _ in entries
             if kind == "file" and os.path.isfile(subject)]
    for path in files:
        label = os.path.basename(path)
        row["inputs"].add(label)
        row["runs"] += 1
        answer = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "120",
                                 "--data-binary", "@" + path, base + "/validate?geometry=all"], capture_output=True)
        code = answer.stdout.decode()
        alive = server.poll() is None
        if not alive:
            row["crashes"] += 1
            print("  not clean: serve %s killed the server" % label, file=sys.stderr)
            break
        if code in ("200", "400", "413", "422"):
            row["clean"] += 1
        else:
            row["hangs" if code == "000" else "crashes"] += 1
            print("  not clean: serve %s -> HTTP %s" % (label, code), file=sys.stderr)
    failed = "not measured (wrk is not installed)"
    if wrk is not None:
        wrk.send_signal(2)
        report = wrk.communicate()[0].decode()
        errors = sum(int(n) for n in __import__("re").findall(r"(?:connect|read|write|timeout) (\d+)", report))
        non2xx = __import__("re").search(r"Non-2xx or 3xx responses: (\d+)", report)
        requests = __import__("re").search(r"(\d+) requests in", report)
        failures = errors + (int(non2xx.group(1)) if non2xx else 0)
        failed = "%s health requests, %d failed" % (requests.group(1) if requests else "?", failures)
        if failures:
            row["hangs"] += 1
    after = rss_mb(server.pid) if server.poll() is None else 0
    if after > 1024:
        row["over1gb"] += 1
    server.terminate()
    server.wait()
    print("serve: %d uploads; %s; server RSS %.0f MB before, %.0f MB after" % (row["runs"], failed, before, after),
          file=sys.stderr)


def run_output_cases():
    """Destinations: devices, FIFOs, folders, same-file outputs, planted links."""
    category = "outputs"
    sample_kml = os.path.join(inputs_dir, "valid.kmz")
    t = TOOL
    cases = [
        ("/dev/full", f"{t} convert {sample} -o /dev/full",
         lambda d: os.path.exists("/dev/full") and not os.path.isfile("/dev/full")),
        ("/dev/null", f"{t} convert {sample} -o /dev/null", lambda d: not os.path.isfile("/dev/null")),
        ("stdout to /dev/full", f"{t} info {sample} > /dev/full", None),
        ("validate json to /dev/full", f"{t} validate --format json {sample} > /dev/full", None),
        ("a folder", f"{t} convert {sample} -o {{d}}", None),
        ("through a file", f"{t} convert {sample} -o {{d}}/file/out.geojson", None),
        ("missing folder", f"{t} convert {sample} -o {{d}}/missing/out.geojson", None),
        ("report beside missing folder", f"{t} merge {sample} -o {{d}}/m.geojson --report-file /nonexistent/r.txt",
         lambda d: not os.path.exists(os.path.join(d, "m.geojson"))),
        ("report over the output", f"{t} merge {sample} -o {{d}}/m.geojson --report-file {{d}}/m.geojson",
         lambda d: not os.path.exists(os.path.join(d, "m.geojson"))),
        ("a FIFO", f"mkfifo {{d}}/pipe; (cat {{d}}/pipe > {{d}}/got &); {t} convert {sample} -o {{d}}/pipe; sleep 0.2",
         lambda d: os.path.exists(os.path.join(d, "pipe")) and not os.path.isfile(os.path.join(d, "pipe"))
         and os.path.getsize(os.path.join(d, "got")) > 0),
        ("mode 0600 kept", f"echo x > {{d}}/o.geojson; chmod 600 {{d}}/o.geojson; {t} convert {sample} -o {{d}}/o.geojson",
         lambda d: (os.stat(os.path.join(d, "o.geojson")).st_mode & 0o777) == 0o600),
        ("planted link", f"echo safe > {{d}}/victim; for p in $(seq $$ $(($$+50))); do ln -s {{d}}/victim {{d}}/.out.kml.$p.partial; done; "
         f"{t} convert {sample_kml} -o {{d}}/out.kml; rm -f {{d}}/.out.kml.*.partial",
         lambda d: open(os.path.join(d, "victim")).read() == "safe\n"),
        # (set -m: with job control, a background job does not ignore SIGINT and SIGQUIT.)
        ("SIGINT while writing", f"set -m; {t} convert {os.path.join(inputs_dir, 'one-line-collection.geojson')} -o {{d}}/big.geojson & "
         "sleep 0.3; kill -INT $!; wait $!; true", None),
        ("SIGTERM while writing", f"set -m; {t} convert {os.path.join(inputs_dir, 'one-line-collection.geojson')} -o {{d}}/big.kml & "
         "sleep 0.3; kill -TERM $!; wait $!; true", None),
        ("SIGTERM while splitting into 6 000 shards",
         f"set -m; {t} split {os.path.join(inputs_dir, 'one-line-collection.geojson')} -o {{d}}/shards --max-features 20 & "
         "sleep 1.5; kill -TERM $!; wait $!; true", lambda d: not os.path.exists(os.path.join(d, "shards"))),
    ] + [
        # Every ending signal leaves the old file as it was and nothing
        # half-written. (The tool ignores SIGPIPE, to see EPIPE on a closed
        # pipe instead: that run finishes, and the file is the whole new one.)
        ("SIG%s while writing" % name,
         f"set -m; echo old > {{d}}/kept.kml; {t} convert {os.path.join(inputs_dir, 'one-line-collection.geojson')} "
         f"-o {{d}}/kept.kml & sleep 0.3; kill -{name} $!; wait $!; true",
         lambda d: open(os.path.join(d, "kept.kml"), "rb").read() == b"old\n"
         or open(os.path.join(d, "kept.kml"), "rb").read().endswith(b"</kml>\n"))
        for name in ("HUP", "USR1", "USR2", "ALRM", "XFSZ", "PIPE", "QUIT")
    ]
    for label, command, check in cases:
        outdir = tempfile.mkdtemp(dir=work, prefix="out-")
        tmpdir = tempfile.mkdtemp(dir=work, prefix="tmp-")
        with open(os.path.join(outdir, "file"), "w") as f:
            f.write("x")
        shell = command.replace("{d}", outdir)
        status, stdout, stderr, rss = run(shell, outdir, tmpdir)
        left = leftovers(outdir, tmpdir)
        rows.setdefault(category, new_row())
        rows[category]["inputs"].add(label)
        expected_failure = label not in ("/dev/null", "a FIFO", "mode 0600 kept", "planted link") \
            and not label.startswith("SIG")
        ok = record(category, status, stdout, stderr, rss, left, outdir)
        if check is not None and not check(outdir):
            ok = False
            rows[category]["clobbered"] += 1
        if expected_failure and status == 0:
            ok = False
        if ok:
            rows[category]["clean"] += 1
        else:
            print("  not clean: outputs %s -> %d %s" % (label, status, stderr[-200:].decode(errors="replace").strip()),
                  file=sys.stderr)
        shutil.rmtree(outdir, ignore_errors=True)
        shutil.rmtree(tmpdir, ignore_errors=True)


if __name__ == "__main__":
    main()
