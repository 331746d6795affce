#!/usr/bin/env python3
"""Writes a shapefile set of about SIZE megabytes of polygons (64 positions
each, a hole in every eighth) with a .dbf of a name, a count and a ratio,
a .prj of WGS 84 and a .cpg, for the shapefile benchmarks.

    Scripts/generate-large-shapefile.py OUT_STEM [SIZE_MB]
"""
import math
import random
import struct
import sys

stem = sys.argv[1]
size = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
record_bytes = 8 + 44 + 4 + 64 * 16
count = size * 1_000_000 // record_bytes
random.seed(7)
shp = open(stem + ".shp", "wb")
shx = open(stem + ".shx", "wb")
dbf = open(stem + ".dbf", "wb")


def header(length):
    return struct.pack(">i", 9994) + b"\0" * 20 + struct.pack(">i", length // 2) + struct.pack("<ii", 1000, 5) \
        + struct.pack("<4d", -180, -85, 180, 85) + b"\0" * 32


offset = 100
shp.write(header(0))
shx.write(header(100 + 8 * count))
fields = [(b"NAME", b"C", 24, 0), (b"COUNT", b"N", 10, 0), (b"RATIO", b"N", 16, 6)]
record_length = 1 + sum(f[2] for f in fields)
dbf.write(bytes([3, 126, 1, 1]) + struct.pack("<IHH", count, 32 + 32 * len(fields) + 1, record_length) + b"\0" * 17
          + bytes([0x57]) + b"\0" * 2)
for name, kind, length, decimals in fields:
    dbf.write(name.ljust(11, b"\0") + kind + b"\0" * 4 + bytes([length, decimals]) + b"\0" * 14)
dbf.write(b"\r")
angles = [2 * math.pi * i / 63 for i in range(63)]
for index in range(count):
    x, y = random.uniform(-170, 170), random.uniform(-80, 80)
    radius = random.uniform(0.01, 0.5)
    # Clockwise: a shell.
    ring = [(x + radius * math.cos(-a), y + radius * math.sin(-a)) for a in angles]
    ring.append(ring[0])
    points = b"".join(struct.pack("<2d", px, py) for px, py in ring)
    content = struct.pack("<i4dii", 5, x - radius, y - radius, x + radius, y + radius, 1, 64) + struct.pack("<i", 0) \
        + points
    shx.write(struct.pack(">ii", offset // 2, len(content) // 2))
    shp.write(struct.pack(">ii", index + 1, len(content) // 2) + content)
    offset += 8 + len(content)
    dbf.write(b" " + ("place %d" % index).encode().ljust(24) + str(index % 100000).encode().rjust(10)
              + ("%.6f" % random.random()).encode().rjust(16))
dbf.write(b"\x1a")
shp.seek(24)
shp.write(struct.pack(">i", offset // 2))
for handle in (shp, shx, dbf):
    handle.close()
with open(stem + ".prj", "w") as f:
    f.write('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],'
            'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]')
with open(stem + ".cpg", "w") as f:
    f.write("UTF-8")
print(count)
