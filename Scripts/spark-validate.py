#!/usr/bin/env python3
"""Runs `meridian` over a partitioned GeoJSON text sequence (or NDJSON)
dataset with Apache Spark: each partition is piped through the tool, and
the results are gathered.

    python3 Scripts/spark-validate.py validate DATASET --meridian PATH [--master local[2]] [--output FILE]
    python3 Scripts/spark-validate.py convert DATASET --meridian PATH --output DIR [--master local[2]]

DATASET is a folder of shards (`meridian split` writes one) or a file.
`validate` writes one JSON line per diagnostic, as `meridian validate
--format ndjson` does, with `record` renumbered across the whole dataset
(in the order of its files, as `cat DATASET/*` gives them), so the result
equals the single-machine run's record for record. `convert` writes each
partition's features as a GeoJSON text sequence shard in DIR (Spark's
part-NNNNN files, in order).

A dataset of GeoParquet files (`meridian split --to geoparquet` writes
one) is read by Spark's own Parquet reader: each partition's rows, as
Arrow batches (mapInArrow), are written to a GeoParquet file with the
dataset's `geo` metadata and validated by the tool; `record` is the row's
place in the dataset (its files in name order, their rows in order).

On a cluster, ship the tool with the job (`spark-submit --files
/path/to/meridian`, then `--meridian ./meridian`) or bake it into the
executors' image; every executor runs the same binary.
"""
import argparse
import json
import os
import re
import subprocess
import sys


def records(lines):
    """Non-blank lines, with a text sequence's record separator kept."""
    return [line for line in lines if line.strip("\x1e \t\r")]


def run_meridian(meridian, arguments, lines):
    """Runs meridian with the partition's records on standard input."""
    data = "".join(line + "\n" for line in lines).encode()
    process = subprocess.run([meridian] + arguments, input=data, capture_output=True)
    return process.returncode, process.stdout.decode(), process.stderr.decode()


def validate_partition(meridian):
    def run(index, lines):
        lines = records(list(lines))
        if not lines:
            return iter([])
        status, stdout, stderr = run_meridian(meridian, ["validate", "--format", "ndjson", "-"], lines)
        if status not in (0, 1):
            raise RuntimeError("meridian validate failed on partition %d (status %d): %s" % (index, status, stderr))
        found = [json.loads(line) for line in stdout.split("\n") if line.strip()]
        return iter([(index, len(lines), found)])
    return run


def convert_partition(meridian):
    def run(index, lines):
        lines = records(list(lines))
        if not lines:
            return iter([])
        status, stdout, stderr = run_meridian(meridian, ["convert", "-", "-o", "-", "--to", "geojsonseq"], lines)
        if status != 0:
            raise RuntimeError("meridian convert failed on partition %d (status %d): %s" % (index, status, stderr))
        return iter(line for line in stdout.split("\n") if line)
    return run


def parquet_files(path):
    if os.path.isdir(path):
        return sorted(os.path.join(os.path.abspath(path), n) for n in os.listdir(path)
                      if n.endswith(".parquet") and not n.startswith((".", "_")))
    return [os.path.abspath(path)] if path.endswith(".parquet") else []


def merged_geo(files):
    """The dataset's `geo` metadata: the first file's, with every file's
    geometry types and the union of their boxes."""
    import pyarrow.parquet as pq

    documents = [json.loads(m[b"geo"]) for m in (pq.read_schema(f).metadata or {} for f in files) if b"geo" in m]
    if not documents:
        return None
    merged = documents[0]
    for name, column in merged["columns"].items():
        others = [d["columns"].get(name, {}) for d in documents]
        types = [t for other in others for t in other.get("geometry_types", [])]
        column["geometry_types"] = sorted(set(types)) if all(o.get("geometry_types") for o in others) else []
        boxes = [other.get("bbox") for other in others]
        if all(box and len(box) == 4 for box in boxes):
            column["bbox"] = [min(b[0] for b in boxes), min(b[1] for b in boxes),
                              max(b[2] for b in boxes), max(b[3] for b in boxes)]
        else:
            column.pop("bbox", None)
    return json.dumps(merged).encode()


def validate_parquet(spark, files, meridian, out, dataset):
    """Validates a GeoParquet dataset read by Spark's Parquet reader."""
    import pyarrow.parquet as pq
    from pyspark.sql import Window, functions as F

    geo = merged_geo(files)
    # Each row's place in the dataset: its file's offset, then its place in
    # the file (a file is read in order, one partition's part at a time).
    counts = [pq.ParquetFile(f).metadata.num_rows for f in files]
    offsets = {"file://" + f: sum(counts[:i]) for i, f in enumerate(files)}
    offsets.update({f: offsets["file://" + f] for f in files})
    frame = spark.read.parquet(*files)
    columns = frame.columns
    frame = frame.withColumn("_file", F.input_file_name()).withColumn("_order", F.monotonically_increasing_id())
    frame = frame.withColumn("_row", F.row_number().over(Window.partitionBy("_file").orderBy("_order")) - 1)
    offset_of = F.create_map(*[x for k, v in offsets.items() for x in (F.lit(k), F.lit(v))])
    frame = frame.withColumn("_index", offset_of[F.col("_file")] + F.col("_row")).drop("_file", "_order", "_row")

    def run(batches):
        import subprocess, tempfile
        import pyarrow
        batches = [b for b in batches if b.num_rows]
        if not batches:
            return
        table = pyarrow.Table.from_batches(batches)
        indices = table.column("_index").to_pylist()
        table = table.select(columns)
        table = table.replace_schema_metadata({b"geo": geo} if geo else {})
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "partition.parquet")
            pq.write_table(table, path)
            process = subprocess.run([meridian, "validate", "--format", "ndjson", path], capture_output=True)
            if process.returncode not in (0, 1):
                raise RuntimeError("meridian validate failed (status %d): %s"
                                   % (process.returncode, process.stderr.decode()))
        lines = []
        for line in process.stdout.decode().split("\n"):
            if not line.strip():
                continue
            diagnostic = json.loads(line)
            if diagnostic.get("record") is not None:
                diagnostic["record"] = indices[diagnostic["record"] - 1] + 1
                # The partition's own row group and row mean nothing here.
                diagnostic["message"] = re.sub(r"^row group \d+, row \d+: ", "", diagnostic["message"])
            diagnostic["file"] = dataset
            lines.append(json.dumps(diagnostic, separators=(",", ":")))
        yield pyarrow.RecordBatch.from_pydict({"line": lines})

    rows = frame.mapInArrow(run, "line string").collect()
    found = [json.loads(row.line) for row in rows]
    found.sort(key=lambda d: (d.get("record") or 0, d.get("code", "")))
    for diagnostic in found:
        out.write(json.dumps(diagnostic, separators=(",", ":")) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["validate", "convert"])
    parser.add_argument("dataset")
    parser.add_argument("--meridian", required=True, help="the meridian binary every executor runs")
    parser.add_argument("--master", default=None, help="Spark master (default: spark-submit's, or local[*])")
    parser.add_argument("--output", help="validate: a file for the diagnostics (default: standard output); "
                        "convert: a folder that must not exist")
    parser.add_argument("--partitions", type=int, default=None, help="at least this many partitions")
    options = parser.parse_args()

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("meridian-" + options.mode)
    if options.master:
        builder = builder.master(options.master)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    try:
        meridian = os.path.abspath(options.meridian) if os.path.exists(options.meridian) else options.meridian
        files = parquet_files(options.dataset)
        if files:
            if options.mode != "validate":
                sys.exit("a GeoParquet dataset is validated; convert it with meridian convert")
            out = open(options.output, "w") if options.output else sys.stdout
            validate_parquet(spark, files, meridian, out, options.dataset)
            if out is not sys.stdout:
                out.close()
            return
        path = options.dataset
        if os.path.isdir(path):
            names = sorted(n for n in os.listdir(path) if not n.startswith((".", "_")))
            path = ",".join(os.path.join(os.path.abspath(options.dataset), n) for n in names)
        lines = spark.sparkContext.textFile(path, minPartitions=options.partitions or 2)
        if options.mode == "validate":
            results = sorted(lines.mapPartitionsWithIndex(validate_partition(meridian)).collect())
            out = open(options.output, "w") if options.output else sys.stdout
            offset = 0
            for _, count, found in results:
                for diagnostic in found:
                    if diagnostic.get("record") is not None:
                        diagnostic["record"] += offset
                    diagnostic["file"] = options.dataset
                    out.write(json.dumps(diagnostic, separators=(",", ":")) + "\n")
                offset += count
            if out is not sys.stdout:
                out.close()
        else:
            if not options.output:
                sys.exit("convert needs --output DIR")
            lines.mapPartitionsWithIndex(convert_partition(meridian)).saveAsTextFile(options.output)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
