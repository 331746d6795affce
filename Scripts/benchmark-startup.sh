#!/usr/bin/env bash
# Start-up: the release tool's whole-process time for commands that do
# almost nothing, against /bin/true (the cost of any process here), with
# `perf stat -r RUNS` (mean of RUNS runs). Also lists the shared libraries
# each command loads (glibc's LD_DEBUG=libs). With OTHER (another meridian
# binary, such as a build without --static-swift-stdlib), times it too.
#
#   Scripts/benchmark-startup.sh [RUNS] [OTHER]        (default: 40 runs)
set -euo pipefail
runs=${1:-40}
other=${2:-}
source "$(dirname "$0")/benchmark-common.sh"
command -v perf >/dev/null || { echo "benchmark-startup: perf is required (apt-get install linux-perf)" >&2; exit 1; }
meridian=$bin/meridian
tiny=$work/tiny.geojson
echo '{"type":"Feature","properties":{"name":"x"},"geometry":{"type":"Point","coordinates":[0.1,52.2]}}' >"$tiny"
mean_ms() { perf stat -r "$runs" "$@" 2>&1 >/dev/null | awk '/seconds time elapsed/ { printf "%.2f", $1 * 1000 }'; }
libraries() { LD_DEBUG=libs "$@" 2>&1 >/dev/null | grep -c "calling init" || true; }
base=$(mean_ms /bin/true)
printf '| command | ms (mean of %s) | beyond /bin/true | shared libraries |\n|---|---:|---:|---:|\n' "$runs"
printf '| /bin/true | %s | | %s |\n' "$base" "$(libraries /bin/true)"
while IFS='|' read -r label args; do
  for tool in "$meridian" $other; do
    name=$label
    [ "$tool" = "$meridian" ] || name="$label ($tool)"
    # shellcheck disable=SC2086
    t=$(mean_ms "$tool" $args)
    extra=$(python3 -c "print(f'{float(\"$t\") - float(\"$base\"):.2f}')")
    # shellcheck disable=SC2086
    printf '| %s | %s | %s | %s |\n' "$name" "$t" "$extra" "$(libraries "$tool" $args)"
  done
done <<LIST
meridian --version|--version
meridian convert (one point)|convert $tiny -o $work/tiny-out.geojson
meridian validate (one point)|validate $tiny
LIST
