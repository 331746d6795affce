#!/usr/bin/env python3
"""Generates a GeoJSON text sequence of N places for the places benchmark
(Scripts/benchmark-places.sh), from real names: Natural Earth's populated
places (with their names in other languages) and the IMDF fixtures' unit,
occupant and amenity names, mixed with generated ones ("Golden Lion Café",
"North Street Pharmacy") around the real cities, with OSM tags for their
categories and addresses for some.

    python3 Scripts/generate-places.py OUT.geojsonseq [N] [QUERIES.txt]

Also writes QUERIES.txt: completion fragments of 1 to 8 characters cut from
names, one per line, and search queries (prefixed "search:"). Seeded, so the
same N gives the same file.
"""
import glob
import json
import os
import random
import sys
import zipfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
shared = os.path.join(root, "..", "shared", "fixtures")
out_path = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
queries_path = sys.argv[3] if len(sys.argv) > 3 else None
random.seed(11)

cities = []
with open(os.path.join(shared, "geojson", "real", "ne_50m_populated_places.json")) as f:
    for feature in json.load(f)["features"]:
        p = feature["properties"]
        lon, lat = feature["geometry"]["coordinates"][:2]
        names = {k.lower().replace("name_", "name:"): v for k, v in p.items() if k.startswith("NAME_") and v}
        cities.append((p["NAME"], lat, lon, p.get("ISO_A2"), p.get("ADM1NAME"), p.get("SCALERANK", 10), names))

venue_names = set()
for path in glob.glob(os.path.join(shared, "imdf", "**", "*.geojson"), recursive=True):
    try:
        with open(path) as f:
            for feature in json.load(f).get("features", []):
                name = (feature.get("properties") or {}).get("name")
                if isinstance(name, dict):
                    venue_names.update(v for v in name.values() if isinstance(v, str) and 2 < len(v) < 40)
    except (ValueError, OSError):
        pass
venue_names = sorted(venue_names)

adjectives = ["Golden", "Silver", "Red", "Blue", "Green", "Old", "New", "Royal", "Little", "Grand", "North",
              "South", "East", "West", "Happy", "Crown", "Rose", "Oak", "Maple", "Cedar", "River", "Market",
              "Station", "Church", "Mill", "Bridge", "Castle", "Harbour", "Garden", "Sunny"]
nouns = ["Lion", "Bear", "Swan", "Star", "Moon", "Sun", "Anchor", "Fox", "Horse", "Bell", "Lamp", "Key", "Tree",
         "Stone", "Wheel", "Feather", "Compass", "Lantern", "Bean", "Leaf", "Street", "Square", "Corner", "Lane"]
kinds = [("Café", "amenity", "cafe"), ("Coffee House", "amenity", "cafe"), ("Restaurant", "amenity", "restaurant"),
         ("Pharmacy", "amenity", "pharmacy"), ("Bakery", "shop", "bakery"), ("Books", "shop", "books"),
         ("Hotel", "tourism", "hotel"), ("Museum", "tourism", "museum"), ("Bank", "amenity", "bank"),
         ("Park", "leisure", "park"), ("Toilets", "amenity", "toilets"), ("Market", "shop", "supermarket"),
         ("Cinema", "amenity", "cinema"), ("Library", "amenity", "library"), ("Gym", "leisure", "fitness_centre"),
         ("Pub", "amenity", "pub"), ("Parking", "amenity", "parking"), ("Station", "railway", "station")]
streets = ["High Street", "Station Road", "Church Lane", "rue de la Paix", "Hauptstraße", "Main Street",
           "Market Square", "Avenue des Champs", "Bahnhofstraße", "King Street"]

names_seen = []
with open(out_path, "w") as out:
    for i in range(count):
        city = cities[i % len(cities)] if i < len(cities) else random.choice(cities)
        name, lat, lon, country, region, rank, other = city
        properties = {}
        if i < len(cities):
            properties = {"name": name, "place": "city", "ISO_A2": country, "ADM1NAME": region,
                          "SCALERANK": rank, "FEATURECLA": "Populated place"}
            properties.update(other)
        else:
            lat += random.uniform(-0.2, 0.2)
            lon += random.uniform(-0.2, 0.2)
            if venue_names and random.random() < 0.15:
                label, key, value = random.choice(venue_names), *random.choice(kinds)[1:]
            else:
                kind, key, value = random.choice(kinds)
                label = f"{random.choice(adjectives)} {random.choice(nouns)} {kind}"
            properties = {"name": label, key: value}
            if random.random() < 0.3:
                properties["addr:housenumber"] = str(random.randint(1, 300))
                properties["addr:street"] = random.choice(streets)
                properties["addr:city"] = name
                if country:
                    properties["addr:country"] = country
            if random.random() < 0.05:
                properties["name:fr"] = label + " (fr)"
        feature = {"type": "Feature", "id": f"p{i}", "properties": properties,
                   "geometry": {"type": "Point", "coordinates": [round(lon, 6), round(lat, 6)]}}
        out.write("\x1e" + json.dumps(feature, ensure_ascii=False, separators=(",", ":")) + "\n")
        if i % 997 == 0:
            names_seen.append(properties["name"])

if queries_path:
    random.seed(5)
    with open(queries_path, "w") as q:
        for _ in range(2000):
            name = random.choice(names_seen).lower()
            length = random.randint(1, 8)
            fragment = name[:length].strip()
            if fragment:
                q.write(fragment + "\n")
        for _ in range(500):
            words = random.choice(names_seen).split()
            q.write("search:" + " ".join(random.sample(words, min(2, len(words)))) + "\n")
print(f"wrote {out_path}: {count} places")
