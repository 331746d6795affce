#!/usr/bin/env bash
# Every core: the release tool on a large generated FeatureCollection and
# the same features as NDJSON, on one thread (MERIDIAN_THREADS=1) and on
# every core, best of RUNS runs taken in turn (the machine is shared, so
# the best run is the fairest figure), with the outputs compared byte for
# byte. Then the machine's own ceiling: the same one-thread conversion
# twice at once against once alone, which is the most any program can gain
# from the cores this machine gives it.
#
#   Scripts/benchmark-cores.sh [SIZE_MB] [RUNS]      (default: 200 MB, 5 runs)
set -euo pipefail
size=${1:-200}
runs=${2:-5}
source "$(dirname "$0")/benchmark-common.sh"
meridian=$bin/meridian
large="$work/large-$size.geojson"
[ -f "$large" ] || python3 Scripts/generate-large-geojson.py "$large" "$size" >/dev/null
lines="$work/large-$size.ndjson"
[ -f "$lines" ] || MERIDIAN_THREADS=1 "$meridian" convert "$large" -o "$lines"
cores=$(nproc)

# Seconds of one run of a command (its exit status ignored: validate exits 1
# on a file with errors). The file OUTPUT names is removed first, untimed,
# as benchmark.sh does: replacing the last run's 200 MB output would add
# the kernel's freeing of it to both sides, which is not the command's work.
seconds() {
  local start end
  [ -n "${OUTPUT:-}" ] && rm -f "$OUTPUT"
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  python3 -c "print($end - $start)"
}

# Best of $runs of the command on one thread and on every core, in turn.
compare() {
  local label=$1
  shift
  local one=999 many=999 t
  for _ in $(seq "$runs"); do
    t=$(MERIDIAN_THREADS=1 seconds "$@")
    one=$(python3 -c "print(min($one, $t))")
    t=$(seconds "$@")
    many=$(python3 -c "print(min($many, $t))")
  done
  printf '| %s | %.2f | %.2f | %s |\n' "$label" "$one" "$many" "$(ratio "$one" "$many")"
}

echo "== $(du -m "$large" | cut -f1) MB FeatureCollection and NDJSON, $cores cores, best of $runs"
printf '| command | one thread s | every core s | speed-up |\n|---|---:|---:|---:|\n'
OUTPUT="$work/cores.ndjson" compare "convert collection to NDJSON" "$meridian" convert "$large" -o "$work/cores.ndjson"
OUTPUT="$work/cores.geojson" compare "convert NDJSON to a collection" "$meridian" convert "$lines" -o "$work/cores.geojson"
compare "validate collection" "$meridian" validate "$large"
compare "validate NDJSON" "$meridian" validate "$lines"
compare "info collection" "$meridian" info "$large"
OUTPUT="$work/cores.svg" compare "render collection, 1024x768 SVG" "$meridian" render "$large" -o "$work/cores.svg"

# The same bytes whatever the number of threads.
MERIDIAN_THREADS=1 "$meridian" convert "$large" -o "$work/cores-one.ndjson"
"$meridian" convert "$large" -o "$work/cores-many.ndjson"
cmp -s "$work/cores-one.ndjson" "$work/cores-many.ndjson" && echo "outputs on one thread and on every core: identical" \
  || { echo "outputs on one thread and on every core DIFFER" >&2; exit 1; }
MERIDIAN_THREADS=1 "$meridian" validate "$lines" --format json >"$work/cores-one.json" || true
"$meridian" validate "$lines" --format json >"$work/cores-many.json" || true
cmp -s "$work/cores-one.json" "$work/cores-many.json" && echo "validation reports on one thread and on every core: identical" \
  || { echo "validation reports DIFFER" >&2; exit 1; }

# The ceiling: two independent one-thread conversions at once.
alone=999
pair=999
for _ in $(seq "$runs"); do
  t=$(MERIDIAN_THREADS=1 seconds "$meridian" convert "$large" -o "$work/ceiling-a.ndjson")
  alone=$(python3 -c "print(min($alone, $t))")
  start=$(date +%s.%N)
  MERIDIAN_THREADS=1 "$meridian" convert "$large" -o "$work/ceiling-a.ndjson" &
  MERIDIAN_THREADS=1 "$meridian" convert "$large" -o "$work/ceiling-b.ndjson"
  wait
  end=$(date +%s.%N)
  pair=$(python3 -c "print(min($pair, $end - $start))")
done
printf 'machine ceiling: one conversion alone %.2f s, two at once %.2f s: the cores give %s the work of one\n' \
  "$alone" "$pair" "$(python3 -c "print(f'{2 * $alone / $pair:.2f}x')")"
rm -f "$work"/cores* "$work"/ceiling-*
