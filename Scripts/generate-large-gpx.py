#!/usr/bin/env python3
"""Writes a large GPX 1.1 file for benchmarks, built from the togeojson fixtures.

    Scripts/generate-large-gpx.py OUT.gpx SIZE_MB [FIXTURES_DIR]

Every trk and wpt of FIXTURES_DIR/gpx/togeojson (default: ../shared/fixtures;
Strava, Garmin, Apple Watch, OsmAnd, ExpertGPS, OpenStreetMap tracks with
ele, time, hdop and extensions such as gpxtpx:hr/cad) is repeated, with the
longitudes shifted a little each round so that no two copies are equal,
until the file reaches SIZE_MB (10^6 bytes). Each copy is its own trk of
ordinary size: many tracks, not one giant one. All waypoints come first,
since GPX 1.1 puts wpt before trk.

The output is valid GPX 1.1 (it validates against
Tests/MeridianKMLTests/Resources/gpx-1.1.xsd). Fixtures that are not are
mended on the way in: GPX 1.0 and namespace-less elements are moved into
the GPX 1.1 namespace, children are put into schema order, 1.0-only or
unknown GPX children (url, speed, course, an empty ele) are dropped, other
namespaces' children go into one extensions element, and points whose
lat/lon are not numbers are skipped, as are track segments of fewer than
two points and tracks left without a segment.
"""
import math
import os
import re
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

out_path, size_mb = sys.argv[1], float(sys.argv[2])
fixtures = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "fixtures")
source = os.path.join(fixtures, "gpx", "togeojson")
target = int(size_mb * 1e6)

GPX11 = "http://www.topografix.com/GPX/1/1"
GPX_NAMESPACES = {"", GPX11, "http://www.topografix.com/GPX/1/0"}
# Child order of wptType and trkType in the GPX 1.1 schema; "link" is the only repeatable child.
WPT_ORDER = ["ele", "time", "magvar", "geoidheight", "name", "cmt", "desc", "src", "link", "sym", "type",
             "fix", "sat", "hdop", "vdop", "pdop", "ageofdgpsdata", "dgpsid", "extensions"]
TRK_ORDER = ["name", "cmt", "desc", "src", "link", "number", "type", "extensions", "trkseg"]
DECIMAL = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
INTEGER = re.compile(r"^\+?\d+$")
DATETIME = re.compile(r"^-?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$")
VALUE_CHECKS = {
    "ele": DECIMAL.match, "geoidheight": DECIMAL.match, "hdop": DECIMAL.match, "vdop": DECIMAL.match,
    "pdop": DECIMAL.match, "ageofdgpsdata": DECIMAL.match, "time": DATETIME.match, "sat": INTEGER.match,
    "number": INTEGER.match,
    "magvar": lambda v: DECIMAL.match(v) and 0 <= float(v) < 360,
    "dgpsid": lambda v: INTEGER.match(v) and int(v) <= 1023,
    "fix": lambda v: v in ("none", "2d", "3d", "dgps", "pps"),
    "link": lambda v: True,
}

prefixes = {}  # namespace URI -> prefix, for the extension elements


def split(tag):
    return tuple(tag[1:].split("}", 1)) if tag.startswith("{") else ("", tag)


def is_gpx(element):
    return split(element.tag)[0] in GPX_NAMESPACES


def qualified(tag):
    uri, local = split(tag)
    if uri in GPX_NAMESPACES:
        return local
    if uri not in prefixes:
        prefixes[uri] = f"ns{sum(p.startswith('ns') for p in prefixes.values()) + 1}"
    return f"{prefixes[uri]}:{local}"


def foreign(element):
    """Serializes an extension element, keeping its own namespace."""
    attributes = "".join(f" {qualified(k)}={quoteattr(v)}" for k, v in element.attrib.items())
    inner = escape((element.text or "").strip()) + "".join(foreign(child) for child in element)
    name = qualified(element.tag)
    return f"<{name}{attributes}>{inner}</{name}>" if inner else f"<{name}{attributes}/>"


def gpx_child(element):
    """Serializes a GPX child of a point or track (link included) in the 1.1 namespace."""
    _, local = split(element.tag)
    attributes = "".join(f" {k}={quoteattr(v)}" for k, v in element.attrib.items() if not k.startswith("{"))
    inner = escape((element.text or "").strip()) + "".join(gpx_child(child) for child in element if is_gpx(child))
    return f"<{local}{attributes}>{inner}</{local}>"


def children(element, order, extra=()):
    """The schema-ordered, checked children of a wpt, trkpt or trk, as strings.
    Children named in `extra` (trkseg) are returned separately, in document order."""
    kept, extensions, rest = {}, [], []
    for child in element:
        _, local = split(child.tag)
        if not is_gpx(child):
            extensions.append(foreign(child))
        elif local == "extensions":
            extensions += [foreign(grandchild) for grandchild in child if not is_gpx(grandchild)]
        elif local in extra:
            rest.append(child)
        elif local in order and (local == "link" or local not in kept):
            text = (child.text or "").strip()
            if local == "link" and "href" not in child.attrib:
                continue
            check = VALUE_CHECKS.get(local)
            if check and not check(text):
                continue
            kept.setdefault(local, []).append(gpx_child(child))
    if extensions:
        kept["extensions"] = ["<extensions>" + "".join(extensions) + "</extensions>"]
    return "".join("".join(kept[name]) for name in order if name in kept), rest


def point(element):
    lat, lon = (element.get("lat") or "").strip(), (element.get("lon") or "").strip()
    if not (DECIMAL.match(lat) and DECIMAL.match(lon) and -90 <= float(lat) <= 90 and -180 <= float(lon) < 180):
        return None
    tag = split(element.tag)[1]
    inner, _ = children(element, WPT_ORDER)
    return f'<{tag} lat="{lat}" lon="{lon}">{inner}</{tag}>'


def track(element):
    head, segments = children(element, TRK_ORDER, extra=("trkseg",))
    lines = []
    for segment in segments:
        points = [p for p in (point(c) for c in segment if is_gpx(c) and split(c.tag)[1] == "trkpt") if p]
        if len(points) >= 2:
            lines.append("<trkseg>\n" + "\n".join(points) + "\n</trkseg>")
    return "<trk>" + head + "\n" + "\n".join(lines) + "\n</trk>" if lines else None


waypoints, tracks = [], []
for name in sorted(os.listdir(source)):
    if not name.endswith(".gpx"):
        continue
    path = os.path.join(source, name)
    for _, (prefix, uri) in ET.iterparse(path, events=("start-ns",)):
        if prefix and uri not in GPX_NAMESPACES and uri not in prefixes and prefix not in prefixes.values():
            prefixes[uri] = prefix
    root = ET.parse(path).getroot()
    if not (is_gpx(root) and split(root.tag)[1] == "gpx"):
        continue
    for child in root:
        local = split(child.tag)[1] if is_gpx(child) else None
        if local == "wpt":
            waypoints.append(point(child))
        elif local == "trk":
            tracks.append(track(child))
waypoints = [w for w in waypoints if w]
tracks = [t for t in tracks if t]

lon_re = re.compile(r' lon="([^"]*)"')


def shifted(text, dx):
    def sub(m):
        lon = ((float(m.group(1)) + dx + 180) % 360) - 180
        return f' lon="{lon:.7f}"'
    return lon_re.sub(sub, text) if dx else text


header = ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Meridian generate-large-gpx.py"'
          f' xmlns="{GPX11}"'
          + "".join(f' xmlns:{prefix}="{uri}"' for uri, prefix in sorted(prefixes.items(), key=lambda kv: kv[1]))
          + ">\n<metadata><name>benchmark</name></metadata>\n").encode("utf-8")
footer = b"</gpx>\n"
# As many rounds of waypoints as there will be rounds of tracks (all wpt must precede the first trk).
round_size = sum(len(t.encode("utf-8")) + 1 for t in tracks) + sum(len(w.encode("utf-8")) + 1 for w in waypoints)
rounds = max(1, math.ceil((target - len(header)) / round_size))

written, wpt_count, trk_count, trkpt_count = 0, 0, 0, 0
with open(out_path, "wb") as out:
    out.write(header)
    written += len(header)
    for k in range(rounds):
        chunk = "".join(shifted(w, k * 0.001) + "\n" for w in waypoints).encode("utf-8")
        out.write(chunk)
        written += len(chunk)
        wpt_count += len(waypoints)
    k = 0
    while written + len(footer) < target:
        for t in tracks:
            chunk = (shifted(t, k * 0.001) + "\n").encode("utf-8")
            out.write(chunk)
            written += len(chunk)
            trk_count += 1
            trkpt_count += chunk.count(b"<trkpt ")
            if written + len(footer) >= target:
                break
        k += 1
    out.write(footer)
print(f"wrote {out_path}: {os.path.getsize(out_path) / 1e6:.1f} MB, "
      f"{wpt_count} wpt, {trk_count} trk, {trkpt_count} trkpt")
