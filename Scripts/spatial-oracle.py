#!/usr/bin/env python3
"""The oracle of Meridian's spatial operations: geopandas, shapely and
pyproj compute what `meridian buffer`, `measure`, `dissolve`, `overlay`,
`join` and `clean` wrote, and each difference is printed, one per line.
Nothing printed means they agree.

    spatial-oracle.py measure OURS INPUT AREA LENGTH
    spatial-oracle.py buffer OURS INPUT METRES
    spatial-oracle.py dissolve OURS INPUT KEY[,KEY...] [COUNT_NAME] [SUM_FIELD...]
    spatial-oracle.py join OURS INPUT OTHER PREDICATE left|inner FIELD[:OURS]
    spatial-oracle.py join-all OURS INPUT OTHER PREDICATE FIELD
    spatial-oracle.py join-count OURS INPUT OTHER COUNT_NAME
    spatial-oracle.py nearest OURS INPUT OTHER FIELD[:OURS] DISTANCE_NAME [MAX_METRES]
    spatial-oracle.py overlay OURS INPUT OTHER clip|erase|intersect|identity|union|symmetric-difference
    spatial-oracle.py clean OURS INPUT GAP_SQUARE_METRES

OURS is Meridian's GeoJSON output of INPUT. Every geometry of OURS must be
valid for GEOS. Areas are geodesic (pyproj's Geod on WGS 84): measures
within 1e-9 relative; buffers within 1e-3 of geopandas's buffer drawn in
a local azimuthal equidistant projection centred on each feature (PROJ's
aeqd), edges cut into pieces as Meridian cuts them, and a feature reaching
more than 300 km from its centre buffered in pieces of 200 km, each in its
own plane (features that cross the antimeridian are left to the Swift
tests); dissolved geometries within 1e-9 of geopandas's (the area of the
symmetric difference, against the group's area), with equal properties;
joins are geopandas's `sjoin` (a one-to-one join takes each feature's
earliest match), counts its `sjoin` grouped, and the nearest point is found
by brute force over pyproj's geodesic distances (within 1e-6 m); overlays
are geopandas's `overlay` (`clip` its `clip`) with `keep_geom_type`: the
same pieces, matched by their properties' values, of areas within 1e-9
(pieces under a square metre, rounding in the noding, are left out); a
cleaned layer has no overlap and no gap under the threshold left (within a
square metre), and away from the overlaps and gaps shapely finds in the
input, every feature's boundary is where it was.
"""
import json
import math
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


def local_zone(geometry, metres):
    """geopandas's buffer of `geometry` in a local azimuthal equidistant
    plane centred on it, edges cut as Meridian cuts them; a geometry that
    reaches more than 300 km from its centre is buffered in pieces of at
    most 200 km, each in its own plane, as Meridian does."""
    geometry = shapely.segmentize(geometry, 0.1)
    west, south, east, north = geometry.bounds
    local = pyproj.CRS.from_proj4(
        f"+proj=aeqd +lat_0={(south + north) / 2} +lon_0={(west + east) / 2} +datum=WGS84 +units=m")
    planar = geopandas.GeoSeries([geometry], crs=4326).to_crs(local)
    coordinates = shapely.get_coordinates(planar[0])
    reach = max((x * x + y * y) ** 0.5 for x, y in coordinates) if len(coordinates) else 0
    if reach <= 300_000 or geometry.geom_type == "Point":
        return planar.buffer(metres, quad_segs=8).segmentize(10_000).to_crs(4326)[0]
    if geometry.geom_type in ("Polygon", "MultiPolygon"):
        edges = shapely.union_all([local_zone(piece, abs(metres)) for piece in pieces(geometry.boundary)])
        return geometry.union(edges) if metres > 0 else geometry.difference(edges)
    return shapely.union_all([local_zone(piece, metres) for piece in pieces(geometry)])


def pieces(geometry):
    """The lines of `geometry` (or its points) in runs of at most 200 km."""
    if geometry.geom_type in ("Point", "MultiPoint"):
        return list(shapely.get_parts(geometry))
    runs = []
    for line in shapely.get_parts(geometry):
        points = list(line.coords)
        run, length = [points[0]], 0.0
        for a, b in zip(points, points[1:]):
            step = GEOD.inv(a[0], a[1], b[0], b[1])[2]
            if length + step > 200_000 and len(run) > 1:
                runs.append(shapely.LineString(run))
                run, length = [a], 0.0
            run.append(b)
            length += step
        runs.append(shapely.LineString(run))
    return runs


def buffer(ours_path, input_path, metres):
    ours = features(ours_path)
    source = geopandas.read_file(input_path)
    check_valid(ours)
    if len(ours) != len(source):
        print("counts", len(ours), len(source))
    for index, (mine, geometry) in enumerate(zip(ours, source.geometry)):
        geometry = shapely.make_valid(geometry)
        west, south, east, north = geometry.bounds
        # Zones that reach the antimeridian or a pole are cut or closed
        # there, which PROJ's planes do not do: the Swift tests check those.
        grow = abs(metres) / 110_000
        widest = min(89.9, max(abs(south), abs(north)) + grow)
        wide = grow / math.cos(math.radians(widest))
        if east - west > 180 or west - wide <= -180 or east + wide >= 180 or widest >= 89.9:
            continue
        theirs = local_zone(geometry, metres)
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


def joined_pairs(input_path, other_path, predicate, how):
    left = geopandas.read_file(input_path)
    right = geopandas.read_file(other_path)
    left["geometry"], right["geometry"] = left.geometry.make_valid(), right.geometry.make_valid()
    pairs = geopandas.sjoin(left[["geometry"]], right[["geometry"]], how=how, predicate=predicate)
    return left, right, pairs


def names(field):
    """OTHER's field and the name Meridian wrote it under: FIELD or FIELD:OURS."""
    other, _, ours = field.partition(":")
    return other, ours or other


def join(ours_path, input_path, other_path, predicate, how, field):
    field, written = names(field)
    ours = features(ours_path)
    check_valid(ours)
    left, right, pairs = joined_pairs(input_path, other_path, predicate, how)
    first = pairs["index_right"].groupby(level=0).min()
    expected = []
    for index in range(len(left)):
        match = first.get(index)
        if match is None or match != match:
            if how == "left":
                expected.append(None)
        else:
            value = right[field].iloc[int(match)]
            expected.append(None if value != value else value)
    got = [feature["properties"].get(written) for feature in ours]
    if len(got) != len(expected):
        print("counts", len(got), len(expected))
    for index, (a, b) in enumerate(zip(got, expected)):
        if a != b:
            print(index, field, a, b)


def join_all(ours_path, input_path, other_path, predicate, field):
    ours = features(ours_path)
    left, right, pairs = joined_pairs(input_path, other_path, predicate, "inner")
    expected = sorted((int(i), str(right[field].iloc[int(j)])) for i, j in pairs["index_right"].items())
    # Ours: one feature per match, the input's in order; its position is
    # found from the input's own properties.
    keys = [json.dumps(f["properties"], sort_keys=True) for f in features(input_path)]
    position = {}
    for index, key in enumerate(keys):
        position.setdefault(key, index)
    got = []
    source_names = set(features(input_path)[0]["properties"])
    for feature in ours:
        own = {k: v for k, v in feature["properties"].items() if k in source_names}
        got.append((position.get(json.dumps(own, sort_keys=True), -1), str(feature["properties"].get(field))))
    if sorted(got) != expected:
        print("pairs differ:", len(got), len(expected), sorted(set(got) ^ set(expected))[:5])


def join_count(ours_path, input_path, other_path, count_name):
    ours = features(ours_path)
    polygons = geopandas.read_file(input_path)
    points = geopandas.read_file(other_path)
    polygons["geometry"] = polygons.geometry.make_valid()
    counts = geopandas.sjoin(points[["geometry"]], polygons[["geometry"]], predicate="intersects")
    counts = counts["index_right"].value_counts()
    if len(ours) != len(polygons):
        print("counts", len(ours), len(polygons))
    for index, feature in enumerate(ours):
        if feature["properties"][count_name] != counts.get(index, 0):
            print(index, count_name, feature["properties"][count_name], counts.get(index, 0))


def nearest(ours_path, input_path, other_path, field, distance_name, limit=None):
    field, written = names(field)
    ours = features(ours_path)
    sources, targets = features(input_path), features(other_path)
    limit = float(limit) if limit is not None else float("inf")
    lons = [t["geometry"]["coordinates"][0] for t in targets]
    lats = [t["geometry"]["coordinates"][1] for t in targets]
    for index, (mine, source) in enumerate(zip(ours, sources)):
        lon, lat = source["geometry"]["coordinates"][:2]
        _, _, distances = GEOD.inv([lon] * len(lons), [lat] * len(lats), lons, lats)
        best = min(range(len(distances)), key=lambda k: (distances[k], k))
        if distances[best] > limit:
            if mine["properties"].get(distance_name) is not None:
                print(index, "a match beyond the limit", mine["properties"].get(distance_name))
            continue
        if mine["properties"].get(written) != targets[best]["properties"].get(field):
            print(index, field, mine["properties"].get(written), targets[best]["properties"].get(field))
        if abs(mine["properties"][distance_name] - distances[best]) > 1e-6:
            print(index, "distance", mine["properties"][distance_name], distances[best])


def overlay(ours_path, input_path, other_path, kind):
    ours = features(ours_path)
    check_valid(ours)
    left, right = geopandas.read_file(input_path), geopandas.read_file(other_path)
    left["geometry"], right["geometry"] = left.geometry.make_valid(), right.geometry.make_valid()
    if kind == "clip":
        theirs = geopandas.clip(left, right, keep_geom_type=True)
    else:
        how = {"erase": "difference", "intersect": "intersection", "symmetric-difference": "symmetric_difference"}
        theirs = geopandas.overlay(left, right, how=how.get(kind, kind), keep_geom_type=True)
    # Pieces under 1e-10 square degrees (a square metre) are rounding in
    # the noding, which GEOS makes differently for a union of many
    # polygons than for a coverage: left out on both sides.
    theirs = theirs[~theirs.geometry.is_empty & theirs.geometry.notna() & (theirs.geometry.area >= 1e-10)]
    ours = [f for f in ours if shape(f["geometry"]).area >= 1e-10]

    def key(values):
        # Numbers as floats: pandas makes a column of integers with gaps floats.
        def text(v):
            return repr(float(v)) if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)
        return tuple(sorted(text(v) for v in values if v is not None and v == v))

    mine, expected = {}, {}
    for feature in ours:
        mine.setdefault(key(feature["properties"].values()), []).append(shape(feature["geometry"]).area)
    columns = [c for c in theirs.columns if c != "geometry"]
    for _, row in theirs.iterrows():
        expected.setdefault(key(row[c] for c in columns), []).append(row.geometry.area)
    if len(ours) != len(theirs):
        print("counts", len(ours), len(theirs))
    for group in sorted(set(mine) | set(expected)):
        a, b = sorted(mine.get(group, [])), sorted(expected.get(group, []))
        if len(a) != len(b) or any(not close(x, y, 1e-9) and abs(x - y) > 1e-12 for x, y in zip(a, b)):
            print("pieces differ for", group[:4], a[:3], b[:3])


def gaps(geometries):
    """Holes of the layer's union that two or more features border."""
    found = []
    union = shapely.union_all(geometries)
    for polygon in shapely.get_parts(union):
        for ring in polygon.interiors:
            hole = shapely.Polygon(ring)
            if sum(1 for g in geometries if g.intersects(ring)) >= 2:
                found.append(hole)
    return found


def clean(ours_path, input_path, gap_area):
    gap_area = float(gap_area)
    ours = features(ours_path)
    check_valid(ours)
    source = [shapely.make_valid(shape(f["geometry"])) for f in features(input_path)]
    after = [shape(f["geometry"]) for f in ours]
    if len(after) != len(source):
        print("counts", len(after), len(source))
    tree = shapely.STRtree(after)
    for i, j in zip(*tree.query(after, predicate="intersects")):
        if i < j and after[i].intersection(after[j]).area > 1e-10:
            print("overlap left between", i, j, after[i].intersection(after[j]).area)
    for hole in gaps(after):
        if geodesic_area(hole) < gap_area:
            print("gap left of", geodesic_area(hole), "m² around", hole.representative_point())
    # What the input had to mend: its overlaps and its small gaps.
    mended = []
    tree = shapely.STRtree(source)
    for i, j in zip(*tree.query(source, predicate="intersects")):
        if i < j:
            shared = source[i].intersection(source[j])
            if shared.area > 0:
                mended.append(shared)
    mended += [hole for hole in gaps(source) if geodesic_area(hole) < gap_area]
    zone = shapely.union_all(mended).buffer(1e-9) if mended else shapely.Polygon()
    for index, (before, now) in enumerate(zip(source, after)):
        moved = before.boundary.difference(zone).symmetric_difference(now.boundary.difference(zone))
        if moved.length > 1e-9:
            print(index, "boundary moved away from the overlaps and gaps by", moved.length)


if __name__ == "__main__":
    operation, *arguments = sys.argv[1:]
    {
        "measure": measure,
        "buffer": lambda o, i, m: buffer(o, i, float(m)),
        "dissolve": dissolve,
        "join": join,
        "join-all": join_all,
        "join-count": join_count,
        "nearest": nearest,
        "overlay": overlay,
        "clean": clean,
    }[operation](*arguments)
