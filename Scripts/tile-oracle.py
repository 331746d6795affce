#!/usr/bin/env python3
"""Checks a PMTiles archive of vector tiles that `meridian tile` wrote, with
the format's own Python packages (pmtiles, mapbox-vector-tile) and shapely:
every tile decodes, every feature's geometry is valid and lies inside its
tile's buffered bounds, the metadata names the layers, and at ZOOM the
union of a polygon layer's tiles covers what the source's polygons cover
in Web Mercator (intersection over union at least 0.99).

Usage: tile-oracle.py ARCHIVE.pmtiles SOURCE.geojson LAYER ZOOM
       tile-oracle.py roundtrip BACK.geojson SOURCE.geojson
       tile-oracle.py tile Z/X/Y.pbf BACK.geojson
       tile-oracle.py mbtiles DATABASE.mbtiles BACK.geojson
(prints a JSON summary; exit 1 on any problem)

`roundtrip` compares what `meridian convert ARCHIVE.pmtiles` gives back
(the highest zoom, in longitude and latitude) with the source's polygons
within Web Mercator's band: intersection over union at least 0.99.

`tile` compares what `meridian convert Z/X/Y.pbf` gives back from one tile
another program wrote (GDAL's MVT driver, in the tests) with the tile as
mapbox-vector-tile decodes it, feature by feature in order: the same
layers and properties, and the same geometry in longitude and latitude
(polygons to an intersection over union of 0.999999, lines and points to
1e-9 degrees). A feature Meridian leaves out must be one with no area or
length (it says so in a warning). `mbtiles` does the same for every tile of
an MBTiles database's highest zoom (tiles off the grid left out).
"""
import gzip
import json
import math
import sys
import warnings

import mapbox_vector_tile
from pmtiles.reader import MmapSource, Reader, all_tiles
from shapely.geometry import box, shape
from shapely.ops import transform, unary_union

EXTENT, BUFFER = 4096, 64
warnings.filterwarnings("ignore", category=DeprecationWarning)


def mercator(zoom):
    size = EXTENT * (1 << zoom)
    limit = 85.0511287798066

    def project(x, y, z=None):
        lat = [max(-limit, min(limit, v)) for v in (y if hasattr(y, "__iter__") else [y])]
        xs = [(v + 180) / 360 * size for v in (x if hasattr(x, "__iter__") else [x])]
        ys = [(1 - math.log(math.tan(math.radians(v)) + 1 / math.cos(math.radians(v))) / math.pi) / 2 * size
              for v in lat]
        return (xs, ys) if hasattr(x, "__iter__") else (xs[0], ys[0])
    return project


def roundtrip(back, source):
    def union(path):
        with open(path, encoding="utf-8") as handle:
            features = json.load(handle)["features"]
        return unary_union([shape(f["geometry"]).buffer(0) for f in features
                            if f.get("geometry") and f["geometry"]["type"] in ("Polygon", "MultiPolygon")])
    band = box(-180, -85.0511287798066, 180, 85.0511287798066)
    made, expected = union(back), union(source).intersection(band)
    iou = made.intersection(expected).area / made.union(expected).area
    print(json.dumps({"iou": round(iou, 5)}))
    sys.exit(0 if iou >= 0.99 else 1)


def decoded(data, z, x, y):
    """A tile's features as mapbox-vector-tile decodes them: (layer, properties, geometry in lon/lat)."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    found = []
    for name, layer in mapbox_vector_tile.decode(data, default_options={"y_coord_down": True}).items():
        extent = layer.get("extent", EXTENT)
        size = extent * (1 << z)

        def lonlat(a, b, c=None, extent=extent, size=size):
            lons = [(v + x * extent) / size * 360 - 180 for v in a]
            lats = [math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * (v + y * extent) / size)))) for v in b]
            return lons, lats
        for feature in layer["features"]:
            found.append((name, feature["properties"], transform(lonlat, shape(feature["geometry"]))))
    return found


def compare(expected, back, what):
    with open(back, encoding="utf-8") as handle:
        made = json.load(handle)["features"]
    problems, left_out, position = [], 0, 0
    for name, properties, geometry in expected:
        if position < len(made) and made[position]["properties"] == properties:
            ours = shape(made[position]["geometry"])
            position += 1
            if geometry.geom_type in ("Polygon", "MultiPolygon"):
                fixed = geometry.buffer(0)
                union = fixed.union(ours).area
                iou = fixed.intersection(ours).area / union if union > 0 else 1.0
                if iou < 0.999999:
                    problems.append(f"{name}: a polygon comes back with IoU {iou:.7f}")
            elif geometry.hausdorff_distance(ours) > 1e-9:
                problems.append(f"{name}: a {geometry.geom_type} comes back {geometry.hausdorff_distance(ours)} degrees off")
        elif geometry.area == 0 and geometry.length == 0 or geometry.geom_type.endswith("Polygon") and geometry.buffer(0).area == 0:
            left_out += 1
        else:
            problems.append(f"{name}: a feature ({geometry.geom_type}) does not come back")
    if position != len(made):
        problems.append(f"{len(made) - position} features more than the tiles hold")
    print(json.dumps({"what": what, "features": len(expected), "left out": left_out, "problems": problems[:20]}))
    sys.exit(1 if problems else 0)


def one_tile(path, back):
    z, x, y = (int(part) for part in path.replace(".pbf", "").replace(".mvt", "").split("/")[-3:])
    with open(path, "rb") as handle:
        compare(decoded(handle.read(), z, x, y), back, f"{z}/{x}/{y}")


def mbtiles(path, back):
    import sqlite3
    database = sqlite3.connect(path)
    zoom = database.execute("SELECT max(zoom_level) FROM tiles").fetchone()[0]
    expected = []
    for x, row, data in database.execute(
            "SELECT tile_column, tile_row, tile_data FROM tiles WHERE zoom_level = ? ORDER BY rowid", (zoom,)):
        if 0 <= x < 2 ** zoom and 0 <= row < 2 ** zoom:
            expected += decoded(data, zoom, x, 2 ** zoom - 1 - row)
    compare(expected, back, f"{path} zoom {zoom}")


def main():
    if sys.argv[1] == "roundtrip":
        roundtrip(sys.argv[2], sys.argv[3])
    if sys.argv[1] == "tile":
        one_tile(sys.argv[2], sys.argv[3])
    if sys.argv[1] == "mbtiles":
        mbtiles(sys.argv[2], sys.argv[3])
    archive, source, layer_name, zoom = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    problems = []
    tiles = features = 0
    pieces = []
    with open(archive, "rb") as handle:
        reader = Reader(MmapSource(handle))
        metadata = reader.metadata()
        if layer_name not in [layer["id"] for layer in metadata.get("vector_layers", [])]:
            problems.append(f"the metadata does not name the layer {layer_name}")
        for (z, x, y), data in all_tiles(reader.get_bytes):
            tiles += 1
            decoded = mapbox_vector_tile.decode(gzip.decompress(data), default_options={"y_coord_down": True})
            for name, layer in decoded.items():
                for feature in layer["features"]:
                    features += 1
                    geometry = shape(feature["geometry"])
                    if not geometry.is_valid:
                        problems.append(f"{z}/{x}/{y} {name}: a geometry that is not valid")
                    minx, miny, maxx, maxy = geometry.bounds
                    if minx < -BUFFER or miny < -BUFFER or maxx > EXTENT + BUFFER or maxy > EXTENT + BUFFER:
                        problems.append(f"{z}/{x}/{y} {name}: a geometry outside the tile's buffer")
                    if z == zoom and name == layer_name and geometry.geom_type in ("Polygon", "MultiPolygon"):
                        # Each tile's own square, in world units of the zoom.
                        own = geometry.intersection(box(0, 0, EXTENT, EXTENT))
                        pieces.append(transform(lambda a, b: ([v + x * EXTENT for v in a], [v + y * EXTENT for v in b]),
                                                own))
    with open(source, encoding="utf-8") as handle:
        collection = json.load(handle)
    polygons = [shape(f["geometry"]).buffer(0) for f in collection["features"]
                if f.get("geometry") and f["geometry"]["type"] in ("Polygon", "MultiPolygon")]
    band = box(-180, -85.0511287798066, 180, 85.0511287798066)
    expected = transform(mercator(zoom), unary_union(polygons).intersection(band))
    made = unary_union(pieces)
    union = expected.union(made).area
    iou = expected.intersection(made).area / union if union > 0 else 1.0
    if iou < 0.99:
        problems.append(f"at zoom {zoom} the tiles cover {iou:.4f} of what the source covers (intersection over union)")
    print(json.dumps({"tiles": tiles, "features": features, "iou": round(iou, 5), "problems": problems[:30]},
                     indent=1))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
