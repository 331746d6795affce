#!/usr/bin/env python3
"""Writes a large KML file for benchmarks, built from the togeojson fixtures.

    Scripts/generate-large-kml.py OUT.kml [SIZE_MB]   (default 100)

Every Placemark of ../shared/fixtures/kml/togeojson (points, lines,
polygons with holes, MultiGeometry, gx:Track, styles, ExtendedData) is
repeated inside one Folder (one layer for GDAL, whose LIBKML driver makes
a layer per Folder), shifted a little each time so that no two copies are
equal, until the file reaches SIZE_MB (10^6 bytes). Shared Styles and
Schemas are copied once into the Document.
"""
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
fixtures = os.path.join(here, "..", "..", "shared", "fixtures", "kml", "togeojson")
out_path = sys.argv[1]
target = int(float(sys.argv[2] if len(sys.argv) > 2 else 100) * 1e6)

placemark_re = re.compile(r"<Placemark[\s>].*?</Placemark>", re.S)
shared_re = re.compile(r"<(Style|StyleMap|Schema)\s[^>]*id=\"[^\"]*\"[^>]*>.*?</\1>", re.S)
coords_re = re.compile(r"(-?\d+\.\d+),(-?\d+\.\d+)")

placemarks, shared = [], []
for name in sorted(os.listdir(fixtures)):
    if not name.endswith(".kml"):
        continue
    text = open(os.path.join(fixtures, name), encoding="utf-8").read()
    if "xmlns:gx" not in text and "gx:" in text:
        continue
    placemarks += [m.group(0) for m in placemark_re.finditer(text)]
    shared += [m.group(0) for m in shared_re.finditer(text)]

def shifted(placemark, k):
    dx = (k % 97) * 0.001
    dy = (k % 89) * 0.001
    return coords_re.sub(lambda m: f"{float(m.group(1)) + dx:.7f},{float(m.group(2)) + dy:.7f}", placemark)

with open(out_path, "w", encoding="utf-8") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write('<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">\n<Document>\n<name>benchmark</name>\n')
    for item in shared:
        out.write(item + "\n")
    k = 0
    out.write("<Folder><name>placemarks</name>\n")
    while out.tell() < target:
        for placemark in placemarks:
            out.write(shifted(placemark, k) + "\n")
            k += 1
    out.write("</Folder>\n</Document>\n</kml>\n")
print(out_path, os.path.getsize(out_path), "bytes,", k, "placemarks")
