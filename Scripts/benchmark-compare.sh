#!/usr/bin/env bash
# Times the release tool of this tree against the one of an earlier
# revision on the same commands and files, best of RUNS, and prints the
# ratio: the check that a refactoring kept speed within noise.
#
#   Scripts/benchmark-compare.sh REV [RUNS]     (e.g. 19685a8, 3 runs)
set -euo pipefail
rev=${1:?usage: Scripts/benchmark-compare.sh REV [RUNS]}
runs=${2:-3}
source "$(dirname "$0")/benchmark-common.sh"
work=${TMPDIR:-/tmp}/meridian-compare
mkdir -p "$work"
now=$bin/meridian
if [ ! -x "$work/$rev/.build/release/meridian" ]; then
  rm -rf "$work/$rev"
  git worktree add --detach "$work/$rev" "$rev" >/dev/null 2>&1
  (cd "$work/$rev" && release_build --product meridian >/dev/null)
fi
before=$work/$rev/.build/release/meridian

geojson=$work/large-100.geojson
[ -f "$geojson" ] || python3 Scripts/generate-large-geojson.py "$geojson" 100 >/dev/null
kml=$work/large.kml
[ -f "$kml" ] || python3 Scripts/generate-large-kml.py "$kml" >/dev/null
venue=$work/big-venue
[ -d "$venue" ] || python3 Scripts/generate-large-venue.py "$venue" >/dev/null

printf '| command | %s (s) | now (s) | now / before |\n|---|---|---|---|\n' "$rev"
while IFS='|' read -r label args; do
  # shellcheck disable=SC2086
  a=$(best $before $args)
  # shellcheck disable=SC2086
  b=$(best $now $args)
  printf '| %s | %s | %s | %s |\n' "$label" "$a" "$b" "$(python3 -c "print(f'{$b / $a:.2f}')")"
done <<LIST
convert 100 MB GeoJSON to GeoJSON|convert $geojson -o $work/out.geojson
convert 100 MB GeoJSON to NDJSON|convert $geojson -o $work/out.ndjson
validate 100 MB GeoJSON|validate $geojson
info 100 MB GeoJSON|info $geojson
convert KML to GeoJSON|convert $kml -o $work/out-kml.geojson
validate a 100 000-unit venue|validate $venue
render the Cambridge sample|render Samples/cambridge-landmarks.geojson -o $work/out.svg
render the sample venue|render Samples/meridian-arcade -o $work/venue.svg
LIST
