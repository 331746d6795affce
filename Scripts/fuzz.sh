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
#
# Crash, timeout and out-of-memory inputs land in Tests/FuzzRegressions/
# HARNESS/, which the test suite replays (FuzzRegressionTests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
harness=${1:?usage: Scripts/fuzz.sh json|kml|imdf|zip|maps-url [SECONDS]}
seconds=${2:-600}
fixtures=../shared/fixtures
out=.build-fuzz
corpus=$out/corpus/$harness
regressions=Tests/FuzzRegressions/$harness
mkdir -p "$out" "$corpus" "$regressions"

# SwiftPM for the dependencies it resolves; swiftc for our modules, because
# SwiftPM renames an executable's main, which libFuzzer provides.
swift package resolve >/dev/null
zip_sources=.build/checkouts/ZIPFoundation/Sources
flags=(-O -parse-as-library -package-name meridian -I "$out" -L "$out" -Xcc -I"$zip_sources/CZLib")
fuzz=(-sanitize=fuzzer,address)
if [ ! -f "$out/libZIPFoundation.a" ]; then
  swiftc "${flags[@]}" -swift-version 5 -wmo -module-name ZIPFoundation -emit-module-path "$out/ZIPFoundation.swiftmodule" \
    -Xcc -D_GNU_SOURCE=1 -emit-library -static -o "$out/libZIPFoundation.a" "$zip_sources"/ZIPFoundation/*.swift
fi
clang -O1 -g -fsanitize=fuzzer-no-link,address $(pkg-config --cflags libxml-2.0) -ISources/CLibXML2/include \
  -c Sources/CLibXML2/CLibXML2.c -o "$out/CLibXML2.o"
ar rcs "$out/libCLibXML2.a" "$out/CLibXML2.o"
# GEOS is opened on first use (Sources/CGEOS/CGEOS.c), as in the tool.
clang -O1 -g -fsanitize=fuzzer-no-link,address -ISources/CGEOS/include -c Sources/CGEOS/CGEOS.c -o "$out/CGEOS.o"
ar rcs "$out/libCGEOS.a" "$out/CGEOS.o"
cat >"$out/module.modulemap" <<MAP
module CLibXML2 { header "$PWD/Sources/CLibXML2/include/CLibXML2.h" export * }
module CGEOS { header "$PWD/Sources/CGEOS/include/CGEOS.h" export * }
MAP
for module in MeridianCore MeridianValidity MeridianGeoJSON MeridianArchive MeridianKML MeridianIMDF; do
  swiftc "${flags[@]}" "${fuzz[@]}" -wmo -module-name "$module" -emit-module-path "$out/$module.swiftmodule" \
    -emit-library -static -o "$out/lib$module.a" $(find "Sources/$module" -name '*.swift')
done
define=HARNESS_$(echo "$harness" | tr 'a-z-' 'A-Z_')
swiftc "${flags[@]}" "${fuzz[@]}" -DFUZZING -D"$define" \
  -lMeridianIMDF -lMeridianKML -lMeridianArchive -lMeridianGeoJSON -lMeridianValidity -lMeridianCore -lZIPFoundation \
  -lCLibXML2 -lCGEOS -lxml2 -ldl -lz Benchmarks/Fuzz/FuzzTarget.swift -o "$out/fuzz-$harness"

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
esac

# The zip harness opens archives through ZIPFoundation, which leaks the
# path's C string (a few bytes) once per archive inside Foundation's
# fileSystemRepresentation; leak detection would stop at the first input.
leaks=1
if [ "$harness" = zip ]; then
  leaks=0
  export ASAN_OPTIONS=detect_leaks=0
fi

"$out/fuzz-$harness" "$corpus" "${seeds[@]}" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -detect_leaks="$leaks" \
  -artifact_prefix="$regressions/" -print_final_stats=1
