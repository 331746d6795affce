#!/usr/bin/env python3
"""The places benchmark's peer: what a pipeline would otherwise write
itself, SQLite FTS5 (full-text search with prefix indexes, bm25 ranking) and
an R*Tree, driven from Python's sqlite3 over the same places and queries as
`meridian-benchmark places` (Scripts/benchmark-places.sh).

    python3 Benchmarks/Peers/places_fts5.py DATA.geojsonseq QUERIES.txt

The index is built into a file (journal and sync off) and reopened: the
open time is a connection and its first query, the best of five.

Completion: each word of the fragment as a quoted prefix term ("cof"*, so
nothing in it is FTS5 syntax), ORDER BY rank LIMIT 10. Search: the words as
quoted prefix terms, ORDER BY rank LIMIT 25. Reverse: the R*Tree searched
in growing boxes until it holds 5 places, sorted by distance. Prints the
build rate and p50/p99 in milliseconds per kind, one query at a time (each
three times, its best time kept, as the Swift side does).
"""
import json
import math
import random
import sqlite3
import sys
import time
import unicodedata

data, queries = sys.argv[1], sys.argv[2]


def text(properties):
    parts = [str(v) for k, v in properties.items() if k.startswith("name") and isinstance(v, str)]
    parts += [str(properties[k]) for k in ("amenity", "shop", "tourism", "leisure", "railway") if k in properties]
    parts += [str(properties[k]) for k in ("addr:street", "addr:city", "addr:housenumber") if k in properties]
    return " ".join(parts)


start = time.perf_counter()
rows = []
with open(data, encoding="utf-8") as f:
    for line in f:
        line = line.strip("\x1e\n")
        if not line:
            continue
        feature = json.loads(line)
        lon, lat = feature["geometry"]["coordinates"][:2]
        rows.append((feature["properties"].get("name", ""), text(feature["properties"]), lat, lon))
read = time.perf_counter() - start

import os
path = data + ".sqlite"
if os.path.exists(path):
    os.remove(path)
start = time.perf_counter()
db = sqlite3.connect(path)
db.execute("PRAGMA journal_mode=OFF")
db.execute("PRAGMA synchronous=OFF")
db.execute("CREATE VIRTUAL TABLE places USING fts5(name, body, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4')")
db.execute("CREATE VIRTUAL TABLE boxes USING rtree(id, minx, maxx, miny, maxy)")
db.executemany("INSERT INTO places(rowid, name, body) VALUES (?, ?, ?)",
               ((i, name, body) for i, (name, body, _, _) in enumerate(rows)))
db.executemany("INSERT INTO boxes VALUES (?, ?, ?, ?, ?)",
               ((i, lon, lon, lat, lat) for i, (_, _, lat, lon) in enumerate(rows)))
db.commit()
build = time.perf_counter() - start
db.close()
opens = []
for _ in range(5):
    t = time.perf_counter()
    db = sqlite3.connect(path)
    db.execute("SELECT rowid FROM places WHERE places MATCH '\"a\"*' LIMIT 1").fetchall()
    opens.append(time.perf_counter() - t)
    if len(opens) < 5:
        db.close()


def words(query):
    folded = unicodedata.normalize("NFKD", query.lower())
    cleaned = "".join(c if c.isalnum() else " " for c in folded if not unicodedata.combining(c))
    return cleaned.split()


def match(query):
    return " AND ".join('"' + w.replace('"', '""') + '"*' for w in words(query))


completion, search, reverse = [], [], []
found = 0
for line in open(queries, encoding="utf-8").read().split("\n"):
    if not line:
        continue
    is_search = line.startswith("search:")
    query = line[7:] if is_search else line
    expression = match(query)
    fastest = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        if expression:
            found += len(db.execute(
                "SELECT rowid, name FROM places WHERE places MATCH ? ORDER BY rank LIMIT ?",
                (expression, 25 if is_search else 10)).fetchall())
        fastest = min(fastest, time.perf_counter() - t)
    (search if is_search else completion).append(fastest)

random.seed(3)
for _ in range(200):
    _, _, lat, lon = random.choice(rows)
    fastest = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        size = 0.001
        while True:
            hits = db.execute("SELECT id, minx, miny FROM boxes WHERE maxx >= ? AND minx <= ? AND maxy >= ? AND miny <= ?",
                              (lon - size, lon + size, lat - size, lat + size)).fetchall()
            if len(hits) >= 5 or size > 360:
                break
            size *= 4
        hits.sort(key=lambda h: math.hypot(h[1] - lon, h[2] - lat))
        found += len(hits[:5])
        fastest = min(fastest, time.perf_counter() - t)
    reverse.append(fastest)


def percentile(values, p):
    values = sorted(values)
    return "%.3f" % (values[min(len(values) - 1, int(len(values) * p))] * 1000) if values else "-"


print(f"places {len(rows)} read {read:.2f} s")
print(f"build {build:.2f} s ({int(len(rows) / build)} places/s)")
size = os.path.getsize(path)
print(f"index {size // 1000000} MB ({size / os.path.getsize(data):.2f}x the input), open {min(opens) * 1000:.2f} ms")
print(f"complete p50 {percentile(completion, 0.5)} ms p99 {percentile(completion, 0.99)} ms ({len(completion)} queries)")
print(f"search p50 {percentile(search, 0.5)} ms p99 {percentile(search, 0.99)} ms ({len(search)} queries)")
print(f"reverse p50 {percentile(reverse, 0.5)} ms p99 {percentile(reverse, 0.99)} ms ({len(reverse)} queries)")
