#!/usr/bin/env bash
# Fuzzes one of Meridian's parsers with libFuzzer for SECONDS (default 600),
# starting from the fixture files and the saved regressions:
#
#   Scripts/fuzz.sh HARNESS [SECONDS]
#
#   json      JSON reader, GeoJSON decoder, writer and validator
#   kml       KML reader and writer and validator; GPX/TCX reader and GPX writer
#   imdf      IMDF decoding and validation (member files as sections)
#   zip       the zip guard, then the KMZ or IMDF reader behind it
#   maps-url  the Apple Maps URL parser
#   toml      the TOML reader (meridian.toml, the server's configuration)
#   places    the place index reader (each input resealed, then queried)
#   gpkg      the GeoPackage reader (SQLite, as the tool reads it)
#   shp       the shapefile reader (.shp, .shx and .dbf as sections of one input)
#   fgb       the FlatGeobuf reader, in order and through its index
#   topojson  the TopoJSON reader, its features written and read again
#   parquet   the GeoParquet reader: footer, pages, encodings and WKB
#   postgis   PostGIS's binary COPY rows (in chunks) and location URLs
#   osm       the OpenStreetMap reader: PBF blocks and XML, multipolygons assembled
#   tiles     the vector tile readers: PMTiles archives and single Mapbox Vector Tiles
#   styles    basemap styles (MapLibre's subset), read and drawn over a few tiles
#   png       the PNG painter: the input as a snapshot's SVG, drawn onto a small image
#   csv       the CSV reader and its WKT (GEOS)
#   gpx       the GPX/TCX reader and the GPX writer
#   where     --where expressions, parsed and matched
#   routing   prepared networks (meridian route --prepare), read and routed through
#
# Crash, timeout and out-of-memory inputs land in Tests/FuzzRegressions/
# HARNESS/, which the test suite replays (FuzzRegressionTests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
harness=${1:?usage: Scripts/fuzz.sh json|kml|imdf|zip|maps-url|toml|places|gpkg|csv|gpx|where|shp|fgb|topojson|parquet|postgis|osm|tiles|styles|png|routing [SECONDS]}
seconds=${2:-600}
fixtures=../shared/fixtures
out=.build-fuzz
corpus=$out/corpus/$harness
regressions=Tests/FuzzRegressions/$harness
mkdir -p "$out" "$corpus" "$regressions"

# swiftc for our modules, because SwiftPM renames an executable's main,
# which libFuzzer provides. The modules are the fuzz target's dependencies
# in the package's own order (swift package describe), each rebuilt only
# when a source of it, or a library built before it, is newer than its
# library; `--where` expressions
# and the PNG painter are files of the umbrella module, compiled into the harness.
flags=(-O -parse-as-library -package-name meridian -I "$out" -L "$out")
fuzz=(-sanitize=fuzzer,address)
swift package describe --type json >"$out/package.json"
order=$(python3 - "$out/package.json" <<'PY'
import json, sys
targets = {t["name"]: t for t in json.load(open(sys.argv[1]))["targets"]}
order, seen = [], set()
def visit(name):
    if name in seen: return
    seen.add(name)
    for dependency in targets[name].get("target_dependencies", []): visit(dependency)
    order.append(name)
for dependency in targets["meridian-fuzz"]["target_dependencies"]:
    if dependency != "Meridian": visit(dependency)
for name in order:
    target = targets[name]
    if target["type"] != "system-target": print(name, target["module_type"])
PY
)
: >"$out/module.modulemap.new"
libraries=()
built_libraries=()
# A C module includes its own header and those of the C modules it uses.
c_includes=()
for folder in Sources/*/include; do c_includes+=(-I"$folder"); done
while read -r module kind; do
  library="$out/lib$module.a"
  fresh=$([ -f "$library" ] && [ -z "$(find "Sources/$module" -newer "$library" -type f | head -1)" ] && echo yes || true)
  # A library built before this one (a dependency, or a module the order puts first) newer than it: stale too.
  for built in "${built_libraries[@]}"; do [ "$built" -nt "$library" ] && fresh=""; done
  if [ "$kind" = ClangTarget ]; then
    extra=()
    [ "$module" = CLibXML2 ] && extra=($(pkg-config --cflags libxml-2.0))
    [ -n "$fresh" ] || {
      objects=()
      for source in "Sources/$module"/*.c; do
        object="$out/$module-$(basename "$source" .c).o"
        clang -O1 -g -fsanitize=fuzzer-no-link,address "${extra[@]}" "${c_includes[@]}" -c "$source" -o "$object"
        objects+=("$object")
      done
      rm -f "$library"
      ar rcs "$library" "${objects[@]}"
    }
    echo "module $module { header \"$PWD/Sources/$module/include/$module.h\" export * }" >>"$out/module.modulemap.new"
  else
    # Modules see the C modules through the map, which must exist before they compile.
    cp "$out/module.modulemap.new" "$out/module.modulemap"
    [ -n "$fresh" ] || swiftc "${flags[@]}" "${fuzz[@]}" -wmo -module-name "$module" \
      -emit-module-path "$out/$module.swiftmodule" -emit-library -static -o "$library" \
      $(find "Sources/$module" -name '*.swift')
  fi
  libraries=("-l$module" "${libraries[@]}")
  built_libraries+=("$library")
done <<<"$order"
mv "$out/module.modulemap.new" "$out/module.modulemap"
define=HARNESS_$(echo "$harness" | tr 'a-z-' 'A-Z_')
swiftc "${flags[@]}" "${fuzz[@]}" -DFUZZING -D"$define" "${libraries[@]}" -lxml2 -ldl -lz \
  Fuzz/FuzzTarget.swift Sources/Meridian/Shaping/FeatureExpression.swift Sources/Meridian/Rendering/PNG/*.swift \
  -o "$out/fuzz-$harness"

# Seeds: the fixtures a harness reads, and the bundled samples.
seeds=("$regressions")
max_len=8192
case $harness in
  json)
    seeds+=(Samples)
    for folder in geojson/geojsonhint/good geojson/geojsonhint/bad json/JSONTestSuite; do
      [ -d "$fixtures/$folder" ] && seeds+=("$fixtures/$folder")
    done ;;
  kml)
    max_len=65536
    mkdir -p "$out/seeds-kml"
    find "$fixtures/kml" "$fixtures/gpx" Samples \( -name '*.kml' -o -name '*.gpx' -o -name '*.tcx' \) -size -64k \
      -exec cp {} "$out/seeds-kml/" \; 2>/dev/null || true
    seeds+=("$out/seeds-kml") ;;
  imdf)
    # Each venue folder as one input: "\x1eNAME\n" then the file's bytes.
    max_len=262144
    mkdir -p "$out/seeds-imdf"
    for venue in "$fixtures"/imdf/*/ Samples/*/; do
      [ -f "$venue/manifest.json" ] || continue
      seed="$out/seeds-imdf/$(basename "$venue")"
      : >"$seed"
      for file in "$venue"*.json "$venue"*.geojson; do
        [ -f "$file" ] && { printf '\x1e%s\n' "$(basename "$file")"; cat "$file"; } >>"$seed"
      done
    done
    seeds+=("$out/seeds-imdf") ;;
  zip)
    max_len=65536
    mkdir -p "$out/seeds-zip"
    find "$fixtures" Samples \( -name '*.zip' -o -name '*.kmz' \) -size -64k -exec cp {} "$out/seeds-zip/" \; 2>/dev/null || true
    seeds+=("$out/seeds-zip") ;;
  maps-url)
    max_len=2048
    mkdir -p "$out/seeds-maps-url"
    grep -rhoE 'https://maps\.apple\.com/[^" )`]*' README.md docs Sources Tests 2>/dev/null | sort -u | head -200 |
      while read -r url; do printf '%s' "$url" >"$out/seeds-maps-url/$(printf '%s' "$url" | cksum | cut -d' ' -f1)"; done
    seeds+=("$out/seeds-maps-url") ;;
  toml)
    max_len=4096
    mkdir -p "$out/seeds-toml"
    # The TOML blocks of the documentation, one file each.
    awk -v dir="$out/seeds-toml" '/^```toml/ { n++; f = dir "/doc-" n; next } /^```/ { f = "" } f { print > f }' \
      README.md docs/*.md
    seeds+=("$out/seeds-toml") ;;
  places)
    # Indexes of the samples, built by the tool.
    max_len=131072
    mkdir -p "$out/seeds-places"
    swift build --product meridian >/dev/null
    tool="$(swift build --show-bin-path)/meridian"
    "$tool" index Samples/meridian-arcade.zip -o "$out/seeds-places/arcade.idx" >/dev/null
    "$tool" index Samples/cambridge-landmarks.geojson -o "$out/seeds-places/landmarks.idx" >/dev/null
    seeds+=("$out/seeds-places") ;;
  gpkg)
    max_len=262144
    mkdir -p "$out/seeds-gpkg"
    find "$fixtures" Samples -name '*.gpkg' -size -256k -exec cp {} "$out/seeds-gpkg/" \; 2>/dev/null || true
    swift build --product meridian >/dev/null
    "$(swift build --show-bin-path)/meridian" convert Samples/cambridge-landmarks.geojson \
      -o "$out/seeds-gpkg/landmarks.gpkg" >/dev/null 2>&1 || true
    # Pages of 512 bytes rather than the writer's 64 KiB, so that a seed fits max_len.
    python3 -c 'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute("PRAGMA page_size = 512"); db.execute("VACUUM")' \
      "$out/seeds-gpkg/landmarks.gpkg"
    seeds+=("$out/seeds-gpkg") ;;
  csv)
    max_len=16384
    mkdir -p "$out/seeds-csv"
    find "$fixtures" Samples -name '*.csv' -size -16k -exec cp {} "$out/seeds-csv/" \; 2>/dev/null || true
    printf 'name,wkt\na,"POLYGON ((0 0, 1 0, 1 1, 0 0))"\nb,"GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))"\n' \
      >"$out/seeds-csv/wkt.csv"
    printf 'name;lat;lon\n"Caf\xc3\xa9, ""Nero""";52.2;0.12\nb;1\n' >"$out/seeds-csv/points.csv"
    seeds+=("$out/seeds-csv") ;;
  gpx)
    max_len=65536
    mkdir -p "$out/seeds-gpx"
    find "$fixtures" Samples \( -name '*.gpx' -o -name '*.tcx' \) -size -64k -exec cp {} "$out/seeds-gpx/" \; \
      2>/dev/null || true
    seeds+=("$out/seeds-gpx") ;;
  shp)
    # Shapefiles GDAL writes from the samples and a fixture, each packed as
    # the harness reads it: the .shp and .shx lengths, then the three files.
    max_len=65536
    mkdir -p "$out/seeds-shp" "$out/shp-made"
    for source in Samples/cambridge-landmarks.geojson "$fixtures/geojson/real/ne_110m_admin_0_countries.json"; do
      [ -f "$source" ] || continue
      ogr2ogr -f "ESRI Shapefile" -lco SHPT=POLYGON -skipfailures "$out/shp-made" "$source" >/dev/null 2>&1 || true
    done
    for shp in "$out"/shp-made/*.shp; do
      [ -f "$shp" ] || continue
      stem=${shp%.shp}
      python3 -c 'import struct, sys; a, b, c = (open(p, "rb").read() for p in sys.argv[1:4]); sys.stdout.buffer.write(struct.pack("<II", len(a), len(b)) + a + b + c)' \
        "$shp" "$stem.shx" "$stem.dbf" >"$out/seeds-shp/$(basename "$stem")"
    done
    seeds+=("$out/seeds-shp") ;;
  fgb)
    # FlatGeobuf files GDAL writes from the samples and a fixture, indexed
    # and not.
    max_len=65536
    mkdir -p "$out/seeds-fgb"
    for source in Samples/cambridge-landmarks.geojson "$fixtures/geojson/real/ne_110m_admin_0_countries.json"; do
      [ -f "$source" ] || continue
      name=$(basename "$source")
      ogr2ogr -f FlatGeobuf "$out/seeds-fgb/$name.fgb" "$source" >/dev/null 2>&1 || true
      ogr2ogr -f FlatGeobuf -lco SPATIAL_INDEX=NO "$out/seeds-fgb/$name-no-index.fgb" "$source" >/dev/null 2>&1 || true
    done
    seeds+=("$out/seeds-fgb") ;;
  topojson)
    # Topologies the release tool writes from the samples and a fixture,
    # quantized and not.
    max_len=65536
    mkdir -p "$out/seeds-topojson"
    for source in Samples/cambridge-landmarks.geojson "$fixtures/geojson/real/ne_110m_admin_0_countries.json"; do
      [ -f "$source" ] || continue
      name=$(basename "$source")
      .build/release/meridian convert "$source" -o "$out/seeds-topojson/$name.topojson" >/dev/null 2>&1 || true
      .build/release/meridian convert "$source" --quantize 10000 -o "$out/seeds-topojson/$name-q.topojson" \
        >/dev/null 2>&1 || true
    done
    seeds+=("$out/seeds-topojson") ;;
  parquet)
    # GeoParquet files the release tool writes from the samples and a
    # fixture, with each compression and small row groups.
    max_len=262144
    mkdir -p "$out/seeds-parquet"
    for source in Samples/cambridge-landmarks.geojson "$fixtures/geojson/real/ne_110m_admin_0_countries.json"; do
      [ -f "$source" ] || continue
      name=$(basename "$source")
      for compression in none snappy zstd gzip; do
        .build/release/meridian convert "$source" --compression "$compression" --row-group-size 40 \
          -o "$out/seeds-parquet/$name-$compression.parquet" >/dev/null 2>&1 || true
      done
    done
    seeds+=("$out/seeds-parquet") ;;
  postgis)
    # Binary COPY streams of the harness's columns (an int8 key, an EWKB
    # geometry, text, int4, int2, bool, float8, float4, jsonb, json, oid),
    # each after a location line, as PostgreSQL sends them.
    max_len=65536
    mkdir -p "$out/seeds-postgis"
    python3 - "$out/seeds-postgis" <<'PY'
import json, struct, sys
def field(data): return struct.pack(">i", len(data)) + data
def point(x, y): return struct.pack("<BIIdd", 1, 0x20000001, 4326, x, y)
def line(points): return struct.pack("<BIII", 1, 0x20000002, 4326, len(points)) + b"".join(struct.pack("<dd", *p) for p in points)
def row(key, geometry, name):
    values = [struct.pack(">q", key), geometry, name.encode(), struct.pack(">i", 7), struct.pack(">h", -2),
              b"\x01", struct.pack(">d", 2.5), struct.pack(">f", 0.5), b"\x01" + json.dumps(["a", {"b": 1}]).encode(),
              json.dumps({"x": None}).encode(), struct.pack(">I", 99)]
    return struct.pack(">h", len(values)) + b"".join(field(v) for v in values)
header = b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0)
rows = [row(1, point(0.1165, 52.2047), "King's"), row(2, line([(0, 0), (1, 1), (2, 0)]), "Path"),
        row(3, point(-0.1276, 51.5072), "Café")]
for index, location in enumerate(["postgresql://gis:secret@localhost:5432/gis?table=roads",
                                  "postgres:///gis?query=SELECT%20*%20FROM%20roads&geometry=way&mode=append"]):
    with open(f"{sys.argv[1]}/copy-{index}", "wb") as out:
        out.write(location.encode() + b"\n" + header + b"".join(rows[index:]) + struct.pack(">h", -1))
PY
    seeds+=("$out/seeds-postgis") ;;
  osm)
    # Small PBF files osmium writes (zlib, LZ4 and raw blocks) from the OSM
    # test data's grid and from a corner of Monaco, and the XML suite.
    max_len=65536
    mkdir -p "$out/seeds-osm"
    grid=Tests/Fixtures/osm-testdata
    osmium extract -b 7.41,43.73,7.415,43.735 -s complete_ways Samples/monaco.osm.pbf -O -o "$out/seeds-osm/corner.osm.pbf" \
      >/dev/null 2>&1 || true
    for compression in zlib lz4 none; do
      osmium cat "$grid/grid.osm" -O -o "$out/seeds-osm/grid-$compression.osm.pbf" -f "pbf,pbf_compression=$compression" \
        >/dev/null 2>&1 || true
    done
    find "$grid/xml" -name 'data.osm*' | while read -r file; do cp "$file" "$out/seeds-osm/$(basename "$(dirname "$file")")"; done
    seeds+=("$out/seeds-osm") ;;
  routing)
    # Networks meridian route --prepare writes from a corner of Monaco, by
    # car and on foot.
    max_len=262144
    mkdir -p "$out/seeds-routing"
    swift build --product meridian >/dev/null
    tool="$(swift build --show-bin-path)/meridian"
    osmium extract -b 7.41,43.73,7.415,43.735 -s complete_ways Samples/monaco.osm.pbf -O -o "$out/corner.osm.pbf" \
      >/dev/null 2>&1 || true
    for mode in driving walking; do
      "$tool" route "$out/corner.osm.pbf" --mode "$mode" --prepare "$out/seeds-routing/corner-$mode.mrnet" >/dev/null 2>&1 || true
    done
    seeds+=("$out/seeds-routing") ;;
  tiles)
    # Archives meridian tile writes from a sample and a fixture, and one of
    # their tiles alone.
    max_len=262144
    mkdir -p "$out/seeds-tiles"
    swift build --product meridian >/dev/null
    tool="$(swift build --show-bin-path)/meridian"
    "$tool" tile Samples/cambridge-landmarks.geojson -o "$out/seeds-tiles/landmarks.pmtiles" --max-zoom 12 >/dev/null 2>&1 || true
    [ -f "$fixtures/geojson/real/ne_110m_admin_0_countries.json" ] && "$tool" tile \
      "$fixtures/geojson/real/ne_110m_admin_0_countries.json" -o "$out/seeds-tiles/countries.pmtiles" --max-zoom 1 >/dev/null 2>&1
    seeds+=("$out/seeds-tiles") ;;
  styles)
    # The built-in styles, and the styles the tests write.
    max_len=65536
    mkdir -p "$out/seeds-styles"
    python3 - "$out/seeds-styles" <<'PY'
import re, sys
text = open("Sources/MeridianSnapshot/Styling/Basemap/BuiltInStyles.swift").read()
for index, style in enumerate(re.findall(r'#"""\n(.*?)\n"""#', text, re.S)):
    style = re.sub(r"\$(?!name)[a-z]+", "#888888", style).replace("$name", "seed")
    open("%s/built-in-%d.json" % (sys.argv[1], index), "w").write(style)
for path in ["Tests/MeridianSnapshotTests/BasemapDrawingTests.swift", "Tests/MeridianCLITests/BasemapCommandTests.swift"]:
    for index, style in enumerate(re.findall(r'#"""\n(\s*\{"version".*?)\n\s*"""#', open(path).read(), re.S)):
        open("%s/%s-%d.json" % (sys.argv[1], path.split("/")[-1], index), "w").write(style)
PY
    seeds+=("$out/seeds-styles") ;;
  png)
    # The sample snapshots.
    max_len=262144
    mkdir -p "$out/seeds-png"
    cp Samples/*.svg "$out/seeds-png/"
    seeds+=("$out/seeds-png")
    # Fontconfig, Pango, HarfBuzz and cairo keep their font caches for the
    # life of the process, by design: not leaks of the painter's.
    printf 'leak:%s\n' libfontconfig libpango libharfbuzz libfreetype libglib libgobject libcairo >"$out/png-leaks.supp"
    export LSAN_OPTIONS="suppressions=$PWD/$out/png-leaks.supp" ;;
  where)
    # The expressions of the documentation and the tests, one file each.
    max_len=1024
    mkdir -p "$out/seeds-where"
    {
      grep -rhoE -- '--where "[^"]+"' README.md docs 2>/dev/null | sed -E 's/^--where "(.*)"$/\1/'
      grep -rhoE -- '"--where", "[^"]+"' Tests 2>/dev/null | sed -E 's/^"--where", "(.*)"$/\1/'
      printf '%s\n' "not (\$id in (1, 'a') or address.city is not null)" "\"floor\" >= -3.5e2 and \$geometry != 'Point'"
    } | sort -u | while read -r expression; do
      printf '%s' "$expression" >"$out/seeds-where/$(printf '%s' "$expression" | cksum | cut -d' ' -f1)"
    done
    seeds+=("$out/seeds-where") ;;
esac

"$out/fuzz-$harness" "$corpus" "${seeds[@]}" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 \
  -artifact_prefix="$regressions/" -print_final_stats=1
