#!/usr/bin/env python3
"""Makes a large OpenStreetMap PBF file from a small real one, for the
benchmarks: COPIES copies of its nodes, ways and relations side by side on
a grid (each copy's ids offset and positions shifted), written sorted by
osmium as the extracts of Geofabrik are.

Usage: make-osm-extract.py IN.osm.pbf OUT.osm.pbf COPIES
"""
import os
import subprocess
import sys
import tempfile


def main():
    source, target, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
    opl = subprocess.run(["osmium", "cat", "-f", "opl", source], capture_output=True, check=True, text=True).stdout
    lines = opl.splitlines()
    side = int(copies ** 0.5) + 1
    offset = 20_000_000_000
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "copies.opl")
        with open(path, "w") as out:
            for copy in range(copies):
                shift_x, shift_y = (copy % side) * 0.2, (copy // side) * 0.3
                base = copy * offset

                def move(field):
                    kind, value = field[0], field[1:]
                    if kind in "xy" and value:
                        number = float(value) + (shift_x if kind == "x" else shift_y)
                        return f"{kind}{number:.7f}"
                    return field

                for line in lines:
                    fields = line.split(" ")
                    fields[0] = fields[0][0] + str(int(fields[0][1:]) + base)
                    fields = [move(f) if f[:1] in "xy" else f for f in fields]
                    for index, field in enumerate(fields):
                        if field.startswith("N") and len(field) > 1:
                            fields[index] = "N" + ",".join(
                                "n" + str(int(ref[1:]) + base) for ref in field[1:].split(","))
                        elif field.startswith("M") and len(field) > 1:
                            members = []
                            for member in field[1:].split(","):
                                ref, _, role = member.partition("@")
                                members.append(f"{ref[0]}{int(ref[1:]) + base}@{role}")
                            fields[index] = "M" + ",".join(members)
                    out.write(" ".join(fields) + "\n")
        subprocess.run(["osmium", "sort", "-O", "-o", target, path], check=True)


if __name__ == "__main__":
    main()
