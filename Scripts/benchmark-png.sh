#!/usr/bin/env bash
# PNG maps: `meridian render FILE -o map.png` (the SVG drawn by librsvg and
# cairo in the process) against Mapnik (Debian's python3-mapnik, the
# renderer behind OpenStreetMap's tiles) drawing the same polygons with the
# same fill and outline at the same size, whole process each (start-up,
# reading, projecting, drawing, encoding the PNG), same run: the best of
# RUNS wall-clock times and the ratio.
#
#   Scripts/benchmark-png.sh [FIXTURES_DIR]   (default ../shared/fixtures; RUNS=5)
set -euo pipefail
source "$(dirname "$0")/benchmark-common.sh"
fixtures="${1:-../shared/fixtures}/geojson/real"
runs="${RUNS:-5}"
/usr/bin/python3 -c "import mapnik" 2>/dev/null || { echo "benchmark-png: python3-mapnik is required (apt-get install python3-mapnik)" >&2; exit 1; }

# best_ms CMD...: the fastest of $runs runs, in milliseconds.
best_ms() {
  local best=""
  for _ in $(seq "$runs"); do
    local start end ms
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}

printf "%-40s %12s %12s %8s\n" "file (1024x768 PNG)" "Meridian ms" "Mapnik ms" "ratio"
for name in ne_50m_admin_1_states_provinces ne_50m_land; do
  file="$fixtures/$name.json"
  # Polygons only, as Mapnik draws them: no labels, no scale bar.
  ours=$(best_ms "$bin/meridian" render "$file" -o "$work/$name.png" --size 1024x768 --no-labels --scale-bar none)
  theirs=$(best_ms /usr/bin/python3 Benchmarks/Peers/mapnik_render.py "$file" "$work/$name-mapnik.png" 1024x768)
  printf "%-40s %12s %12s %8s\n" "$name" "$ours" "$theirs" "$(ratio "$theirs" "$ours")"
done
