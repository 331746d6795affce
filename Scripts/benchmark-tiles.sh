#!/usr/bin/env bash
# meridian serve's tiles under load, on loopback: the bundled Natural
# Earth basemap and London-Brussels track. First every raster tile of
# zooms 0-8 over the track is drawn once (one request at a time: the cost
# of a tile no one has asked for), then wrk (two threads, 64 connections,
# SECONDS) asks for those tiles in turn (drawn once, then served from the
# server's memory), for one raster tile over and over, and for one vector
# tile of the archive, inflated and as stored (gzip).
#
#   Scripts/benchmark-tiles.sh [SECONDS]      (default: 30)
set -euo pipefail
seconds=${1:-30}
source "$(dirname "$0")/benchmark-common.sh"
release_build --product meridian-serve >/dev/null
command -v wrk >/dev/null || { echo "benchmark-tiles: wrk is required (apt-get install wrk)" >&2; exit 1; }
basemap=Samples/natural-earth.pmtiles
track=Samples/london-brussels.gpx

serve_start "$basemap" "$track"
trap 'kill $server 2>/dev/null || true' EXIT

# The raster tiles of zooms 0-8 over the track's box, as paths.
python3 - >"$work/tiles.txt" <<'PY'
import math
west, south, east, north = -0.2, 50.5, 4.4, 51.6
def tile(lon, lat, z):
    n = 2 ** z
    y = (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * n
    return int((lon + 180) / 360 * n), int(y)
for z in range(9):
    (x0, y0), (x1, y1) = tile(west, north, z), tile(east, south, z)
    for x in range(x0 - 1, x1 + 2):
        for y in range(y0 - 1, y1 + 2):
            if 0 <= x < 2 ** z and 0 <= y < 2 ** z:
                print("/tiles/%d/%d/%d.png" % (z, x, y))
PY
count=$(wc -l <"$work/tiles.txt")
echo "== meridian serve $basemap $track: $count raster tiles of zooms 0-8, wrk -t2 -c64 -d${seconds}s, $(nproc) cores"

# Each tile drawn once, one at a time.
python3 - "$base" "$work/tiles.txt" <<'PY'
import statistics, sys, time, urllib.request
base, paths = sys.argv[1], open(sys.argv[2]).read().split()
times = []
for path in paths:
    started = time.perf_counter()
    with urllib.request.urlopen(base + path) as reply:
        assert reply.status == 200 and reply.headers["Content-Type"] == "image/png", path
        reply.read()
    times.append((time.perf_counter() - started) * 1000)
times.sort()
print("| raster tiles drawn, one request at a time | %.0f tiles/s | %.2f ms | %.2f ms |"
      % (len(times) / (sum(times) / 1000), statistics.median(times), times[int(len(times) * 0.99) - 1]))
PY

cat >"$work/tiles.lua" <<LUA
local paths = {}
for line in io.lines("$work/tiles.txt") do paths[#paths + 1] = line end
local next = 0
request = function()
  next = next % #paths + 1
  return wrk.format("GET", paths[next])
end
LUA
row() {
  read -r rate p50 p99 bad <<<"$(wrk_load "$seconds" "$@")"
  echo "$rate requests/s | $p50 | $p99 | $bad failed"
}
echo "| the $count raster tiles in turn (wrk) | $(row -s "$work/tiles.lua" "$base") |"
echo "| one raster tile, 256 px (wrk) | $(row "$base/tiles/6/32/21.png") |"
echo "| one vector tile from the PMTiles archive, inflated (wrk) | $(row "$base/tiles/natural-earth/3/4/2.mvt") |"
echo "| the same tile to a client that takes gzip, as stored (wrk) | $(row -H "Accept-Encoding: gzip" "$base/tiles/natural-earth/3/4/2.mvt") |"
echo "RSS after the runs: $(rss_mb) MB"
