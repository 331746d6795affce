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
#
# Crash, timeout and out-of-memory inputs land in Tests/FuzzRegressions/
# HARNESS/, which the test suite replays (FuzzRegressionTests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
harness=${1:?usage: Scripts/fuzz.sh json|kml|imdf|zip|maps-url|toml [SECONDS]}
seconds=${2:-600}
fixtures=../shared/fixtures
out=.build-fuzz
corpus=$out/corpus/$harness
regressions=Tests/FuzzRegressions/$harness
mkdir -p "$out" "$corpus" "$regressions"

# swiftc for our modules, because SwiftPM renames an executable's main,
# which libFuzzer provides.
flags=(-O -parse-as-library -package-name meridian -I "$out" -L "$out")
fuzz=(-sanitize=fuzzer,address)
clang -O1 -g -fsanitize=fuzzer-no-link,address $(pkg-config --cflags libxml-2.0) -ISources/CLibXML2/include \
  -c Sources/CLibXML2/CLibXML2.c -o "$out/CLibXML2.o"
ar rcs "$out/libCLibXML2.a" "$out/CLibXML2.o"
# GEOS is opened on first use (Sources/CGEOS/CGEOS.c), as in the tool.
clang -O1 -g -fsanitize=fuzzer-no-link,address -ISources/CGEOS/include -c Sources/CGEOS/CGEOS.c -o "$out/CGEOS.o"
ar rcs "$out/libCGEOS.a" "$out/CGEOS.o"
cat >"$out/module.modulemap" <<MAP
module CLibXML2 { header "$PWD/Sources/CLibXML2/include/CLibXML2.h" export * }
module CGEOS { header "$PWD/Sources/CGEOS/include/CGEOS.h" export * }
module LibZ { header "$PWD/Sources/LibZ/shim.h" link "z" export * }
MAP
for module in MeridianCore MeridianTOML MeridianValidity MeridianGeoJSON MeridianArchive MeridianKML MeridianIMDF; do
  swiftc "${flags[@]}" "${fuzz[@]}" -wmo -module-name "$module" -emit-module-path "$out/$module.swiftmodule" \
    -emit-library -static -o "$out/lib$module.a" $(find "Sources/$module" -name '*.swift')
done
define=HARNESS_$(echo "$harness" | tr 'a-z-' 'A-Z_')
swiftc "${flags[@]}" "${fuzz[@]}" -DFUZZING -D"$define" \
  -lMeridianIMDF -lMeridianKML -lMeridianArchive -lMeridianGeoJSON -lMeridianValidity -lMeridianTOML -lMeridianCore \
  -lCLibXML2 -lCGEOS -lxml2 -ldl -lz Fuzz/FuzzTarget.swift -o "$out/fuzz-$harness"

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
esac

"$out/fuzz-$harness" "$corpus" "${seeds[@]}" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 \
  -artifact_prefix="$regressions/" -print_final_stats=1
