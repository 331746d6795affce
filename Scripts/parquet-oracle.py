#!/usr/bin/env python3
"""GeoParquet as the Python data tools read and write it: the oracle of
Meridian's GeoParquet tests and benchmarks.

    parquet-oracle.py read LIBRARY IN.parquet OUT.geojson
        LIBRARY (pyarrow, geopandas or duckdb) reads IN; the rows are
        written as a GeoJSON FeatureCollection: geometry from the WKB
        column (through shapely), every other column a property (the bbox
        covering left out), timestamps and dates as ISO 8601 text.
    parquet-oracle.py write LIBRARY COMPRESSION IN.geojson OUT.parquet
        geopandas (with a bbox covering, 50-row row groups), pyarrow
        (data pages v2, dictionaries) or duckdb (WKB in a BLOB column,
        no geo metadata) writes IN's features with COMPRESSION (snappy,
        gzip, zstd or none).
    parquet-oracle.py check IN.parquet
        prints what pyarrow sees: rows, row groups, each column's type,
        the compression and the geo metadata, as JSON.
"""
import datetime
import decimal
import json
import math
import sys


def plain(value):
    if value is None:
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, bytes):
        import base64

        return base64.b64encode(value).decode()
    if hasattr(value, "item"):
        return plain(value.item())
    return value


def features(rows, geometry_column, skip):
    import shapely

    for row in rows:
        wkb = row.get(geometry_column)
        geometry = json.loads(shapely.to_geojson(shapely.from_wkb(wkb))) if wkb is not None else None
        properties = {k: plain(v) for k, v in row.items() if k != geometry_column and k not in skip}
        yield {"type": "Feature", "properties": properties, "geometry": geometry}


def read(library, source, target):
    import pyarrow.parquet as pq

    metadata = pq.read_metadata(source).metadata or {}
    geo = json.loads(metadata[b"geo"]) if b"geo" in metadata else None
    column = geo["primary_column"] if geo else "geometry"
    skip = set()
    if geo:
        covering = geo["columns"][column].get("covering", {}).get("bbox")
        if covering:
            skip.add(covering["xmin"][0])
    if library == "pyarrow":
        rows = pq.read_table(source).to_pylist()
    elif library == "geopandas":
        import geopandas
        import shapely

        frame = geopandas.read_parquet(source)
        rows = []
        for record in frame.to_dict("records"):
            shape = record.pop(frame.geometry.name)
            record[column] = None if shape is None else shapely.to_wkb(shape)
            rows.append(record)
    else:
        import duckdb

        relation = duckdb.sql(f"select * from read_parquet('{source}')")
        names = relation.columns
        rows = [dict(zip(names, values)) for values in relation.fetchall()]
    with open(target, "w") as out:
        json.dump({"type": "FeatureCollection", "features": list(features(rows, column, skip))}, out)


def write(library, compression, source, target):
    import geopandas

    frame = geopandas.read_file(source)
    codec = None if compression == "none" else compression
    if library == "geopandas":
        frame.to_parquet(target, compression=codec, write_covering_bbox=True, row_group_size=50)
    elif library == "pyarrow":
        import pyarrow.parquet as pq

        import pyarrow
        import shapely

        # GeoParquet 1.0 metadata, no covering: WKB written by hand.
        data = pyarrow.Table.from_pandas(frame.drop(columns=frame.geometry.name), preserve_index=False)
        data = data.append_column("geometry", pyarrow.array([shapely.to_wkb(g) for g in frame.geometry]))
        geo = {"version": "1.0.0", "primary_column": "geometry",
               "columns": {"geometry": {"encoding": "WKB", "geometry_types": []}}}
        table = data.replace_schema_metadata({**(data.schema.metadata or {}), b"geo": json.dumps(geo).encode()})
        pq.write_table(
            table, target, compression=codec or "none", data_page_version="2.0", use_dictionary=True,
            row_group_size=64)
    else:
        import duckdb
        import pandas
        import shapely

        data = pandas.DataFrame(frame.drop(columns=frame.geometry.name))
        data["geometry"] = [None if g is None else shapely.to_wkb(g) for g in frame.geometry]
        duckdb.register("data", data)
        codec_name = "uncompressed" if codec is None else codec
        duckdb.sql(f"copy data to '{target}' (format parquet, compression {codec_name})")


def check(source):
    import pyarrow.parquet as pq

    file = pq.ParquetFile(source)
    metadata = file.metadata
    geo = (file.schema_arrow.metadata or {}).get(b"geo")
    print(json.dumps({
        "rows": metadata.num_rows,
        "row_groups": metadata.num_row_groups,
        "columns": {field.name: str(field.type) for field in file.schema_arrow},
        "compression": metadata.row_group(0).column(0).compression if metadata.num_row_groups else None,
        "geo": json.loads(geo) if geo else None,
    }))


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "read" and len(sys.argv) == 5:
        read(*sys.argv[2:])
    elif command == "write" and len(sys.argv) == 6:
        write(*sys.argv[2:])
    elif command == "check" and len(sys.argv) == 3:
        check(sys.argv[2])
    else:
        sys.exit(__doc__)
