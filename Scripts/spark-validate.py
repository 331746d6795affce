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

On a cluster, ship the tool with the job (`spark-submit --files
/path/to/meridian`, then `--meridian ./meridian`) or bake it into the
executors' image; every executor runs the same binary.
"""
import argparse
import json
import os
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
        path = options.dataset
        if os.path.isdir(path):
            names = sorted(n for n in os.listdir(path) if not n.startswith((".", "_")))
            path = ",".join(os.path.join(os.path.abspath(options.dataset), n) for n in names)
        lines = spark.sparkContext.textFile(path, minPartitions=options.partitions or 2)
        meridian = os.path.abspath(options.meridian) if os.path.exists(options.meridian) else options.meridian
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
