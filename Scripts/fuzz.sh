#!/usr/bin/env bash
# Fuzzes the JSON reader, GeoJSON decoder, writer and validator with
# libFuzzer for SECONDS (default 600), starting from the fixture files and
# the saved regressions. Crash inputs land in Tests/MeridianGeoJSONTests/
# FuzzRegressions, which the test suite replays.
#
#   Scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
seconds=${1:-600}
corpus=${TMPDIR:-/tmp}/meridian-fuzz-corpus
mkdir -p "$corpus"
# swiftc directly: SwiftPM renames an executable's main, which libFuzzer provides.
out=.build-fuzz
mkdir -p "$out"
flags=(-O -sanitize=fuzzer,address -parse-as-library -package-name meridian -I "$out" -L "$out")
for module in MeridianCore MeridianGeoJSON; do
  swiftc "${flags[@]}" -wmo -module-name "$module" -emit-module-path "$out/$module.swiftmodule" \
    -emit-library -static -o "$out/lib$module.a" $(find "Sources/$module" -name '*.swift')
done
swiftc "${flags[@]}" -DFUZZING -lMeridianGeoJSON -lMeridianCore Benchmarks/Fuzz/FuzzTarget.swift -o "$out/meridian-fuzz"
seeds=(Tests/MeridianGeoJSONTests/FuzzRegressions Samples)
for folder in ../shared/fixtures/geojson/geojsonhint/good ../shared/fixtures/geojson/geojsonhint/bad ../shared/fixtures/json/JSONTestSuite; do
  [ -d "$folder" ] && seeds+=("$folder")
done
"$out/meridian-fuzz" "$corpus" "${seeds[@]}" \
  -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=Tests/MeridianGeoJSONTests/FuzzRegressions/ -print_final_stats=1
