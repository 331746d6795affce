#!/usr/bin/env bash
# Benchmark `meridian render` against d3-geo (Debian node-d3-geo) on the same
# inputs, same run, whole process (start-up, reading, projecting, writing):
# the best of RUNS wall-clock times for each, the SVG sizes, and the
# intersection-over-union of filled pixels between Meridian's (simplified)
# SVG and Meridian's unsimplified render (--tolerance 0 --precision 3),
# both rasterized by rsvg-convert.
#
# usage: Scripts/benchmark-render.sh [FIXTURES_DIR]   (default ../shared/fixtures)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# As the README builds the tool (see benchmark-common.sh).
release_build() { swift build -c release --static-swift-stdlib "$@"; }
fixtures="${1:-../shared/fixtures}/geojson/real"
runs="${RUNS:-5}"
size=1024x768
out="Benchmarks/out/render"
mkdir -p "$out"

for tool in node rsvg-convert python3; do
  command -v "$tool" >/dev/null || { echo "benchmark-render: $tool is required" >&2; exit 1; }
done

release_build --product meridian >/dev/null
meridian="$(release_build --show-bin-path)/meridian"

# best_ms CMD...: the fastest of $runs runs, in milliseconds.
best_ms() {
  local best=""
  for _ in $(seq "$runs"); do
    local start end ms
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}

# iou A.svg B.svg: IoU of the pixels that differ from the background colour.
iou() {
  rsvg-convert "$1" -o "$out/a.png"
  rsvg-convert "$2" -o "$out/b.png"
  python3 - "$out/a.png" "$out/b.png" <<'PY'
import struct, sys, zlib
def pixels(path):
    data = open(path, "rb").read()
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "expects 8-bit RGB or RGBA"
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows = zlib.decompress(idat), width * channels, []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return rows, width, height, channels
(a, w, h, n), (b, _, _, _) = pixels(sys.argv[1]), pixels(sys.argv[2])
background = a[0][0:3]
def filled(row, x):
    return max(abs(row[n * x + k] - background[k]) for k in range(3)) > 24
inter = union = 0
for y in range(h):
    for x in range(w):
        p, q = filled(a[y], x), filled(b[y], x)
        inter += p and q
        union += p or q
print(f"{inter / max(union, 1):.4f}")
PY
}

printf "| input | meridian ms | d3-geo ms | speed-up | meridian SVG | d3 SVG | size ratio | IoU vs unsimplified |\n"
printf "|---|---:|---:|---:|---:|---:|---:|---:|\n"
for name in ne_50m_admin_1_states_provinces ne_50m_land canada; do
  input="$fixtures/$name.json"
  [ -f "$input" ] || { echo "missing $input" >&2; continue; }
  mine="$out/$name.meridian.svg"
  exact="$out/$name.exact.svg"
  theirs="$out/$name.d3.svg"
  m=$(best_ms "$meridian" render "$input" -o "$mine" --size "$size" --no-labels --scale-bar none)
  d=$(best_ms node Benchmarks/Peers/d3-render.js "$input" "$theirs" 1024 768)
  "$meridian" render "$input" -o "$exact" --size "$size" --no-labels --scale-bar none --tolerance 0 --precision 3
  ms=$(stat -c %s "$mine"); ds=$(stat -c %s "$theirs")
  fidelity=$(iou "$mine" "$exact")
  printf "| %s | %d | %d | %.1fx | %d | %d | %.3f | %s |\n" "$name" "$m" "$d" \
    "$(echo "$d / $m" | bc -l)" "$ms" "$ds" "$(echo "$ms / $ds" | bc -l)" "$fidelity"
done
