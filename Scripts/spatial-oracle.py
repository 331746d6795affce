#!/usr/bin/env python3
"""The oracle of Meridian's spatial operations: geopandas, shapely and
pyproj compute what `meridian buffer`, `measure`, `dissolve`, `overlay`,
`join` and `clean` wrote, and each difference is printed, one per line.
Nothing printed means they agree.

    spatial-oracle.py measure OURS INPUT AREA LENGTH
    spatial-oracle.py buffer OURS INPUT METRES
    spatial-oracle.py dissolve OURS INPUT KEY[,KEY...] [COUNT_NAME] [SUM_FIELD...]

OURS is Meridian's GeoJSON output of INPUT. Every geometry of OURS must be
valid for GEOS. Areas are geodesic (pyproj's Geod on WGS 84): measures
within 1e-9 relative; buffers within 1e-3 of geopandas's buffer drawn in
a local azimuthal equidistant projection centred on each feature (PROJ's
aeqd), edges cut into pieces as Meridian cuts them (features that cross the
antimeridian are left to the Swift tests); dissolved geometries within 1e-9 of geopandas's (the area of the
symmetric difference, against the group's area), with equal properties.
"""
import json
import sys
import warnings

import geopandas
import pyproj
import shapely
from shapely.geometry import shape

GEOD = pyproj.Geod(ellps="WGS84")
# GDAL's notes on reading (repeated ids renumbered) are not differences.
warnings.filterwarnings("ignore")


def features(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)["features"]


def geodesic_area(geometry):
    return abs(GEOD.geometry_area_perimeter(geometry)[0])


def close(a, b, tolerance):
    return abs(a - b) <= tolerance * max(abs(a), abs(b), 1e-300)


def check_valid(ours):
    for index, feature in enumerate(ours):
        if feature["geometry"] is not None:
            geometry = shape(feature["geometry"])
            if not geometry.is_valid:
                print(index, "invalid:", shapely.is_valid_reason(geometry))


def measure(ours_path, input_path, area_name, length_name):
    ours = features(ours_path)
    source = features(input_path)
    if len(ours) != len(source):
        print("counts", len(ours), len(source))
    for index, (mine, theirs) in enumerate(zip(ours, source)):
        if theirs["geometry"] is None:
            continue
        geometry = shapely.make_valid(shape(theirs["geometry"]))
        area = GEOD.geometry_area_perimeter(geometry)[0] if geometry.geom_type in ("Polygon", "MultiPolygon") else 0
        # Every ring counts in a polygon's perimeter, holes too (as
        # PostGIS's ST_Perimeter of a geography).
        if geometry.geom_type in ("Polygon", "MultiPolygon"):
            perimeter = sum(GEOD.geometry_length(ring) for ring in shapely.get_parts(shapely.boundary(geometry)))
        else:
            perimeter = GEOD.geometry_length(geometry)
        if not close(mine["properties"][area_name], abs(area), 1e-9):
            print(index, "area", mine["properties"][area_name], abs(area))
        if not close(mine["properties"][length_name], perimeter, 1e-9):
            print(index, "length", mine["properties"][length_name], perimeter)


def buffer(ours_path, input_path, metres):
    ours = features(ours_path)
    source = geopandas.read_file(input_path)
    check_valid(ours)
    if len(ours) != len(source):
        print("counts", len(ours), len(source))
    for index, (mine, geometry) in enumerate(zip(ours, source.geometry)):
        geometry = shapely.make_valid(geometry)
        west, south, east, north = geometry.bounds
        if east - west > 180:
            continue  # cut at the antimeridian: a plane centred on it is the Swift tests' to check
        local = pyproj.CRS.from_proj4(
            f"+proj=aeqd +lat_0={(south + north) / 2} +lon_0={(west + east) / 2} +datum=WGS84 +units=m")
        # Edges straight in longitude and latitude, as GeoJSON draws them,
        # and straight in the plane after buffering: both in short pieces.
        planar = geopandas.GeoSeries([shapely.segmentize(geometry, 0.1)], crs=4326).to_crs(local)
        zone = planar.buffer(metres, quad_segs=8).segmentize(10_000)
        theirs = zone.to_crs(4326)[0]
        if mine["geometry"] is None:
            if not theirs.is_empty:
                print(index, "no zone; geopandas's has area", geodesic_area(theirs))
            continue
        a, b = geodesic_area(shape(mine["geometry"])), geodesic_area(theirs)
        if not close(a, b, 1e-3):
            print(index, "area", a, b, abs(a - b) / b)


def dissolve(ours_path, input_path, keys, count_name=None, *sum_fields):
    ours = features(ours_path)
    check_valid(ours)
    source = geopandas.read_file(input_path)
    source["geometry"] = source.geometry.make_valid()
    keys = keys.split(",")
    aggregates = {field: "sum" for field in sum_fields}
    if count_name:
        source[count_name] = 1
        aggregates[count_name] = "sum"
    theirs = source.dissolve(by=keys, aggfunc=aggregates or "first", dropna=False).reset_index()
    if len(ours) != len(theirs):
        print("counts", len(ours), len(theirs))
    mine = {tuple(feature["properties"].get(key) for key in keys): feature for feature in ours}
    for _, row in theirs.iterrows():
        group = tuple(None if row[key] != row[key] else row[key] for key in keys)
        feature = mine.get(group)
        if feature is None:
            print("missing group", group)
            continue
        geometry = shape(feature["geometry"])
        difference = geometry.symmetric_difference(row.geometry).area
        if difference > 1e-9 * max(row.geometry.area, 1e-300):
            print(group, "geometry differs by", difference, "of", row.geometry.area)
        for field in aggregates:
            if feature["properties"].get(field) != row[field]:
                print(group, field, feature["properties"].get(field), row[field])


if __name__ == "__main__":
    operation, *arguments = sys.argv[1:]
    {"measure": measure, "buffer": lambda o, i, m: buffer(o, i, float(m)), "dissolve": dissolve}[operation](*arguments)
