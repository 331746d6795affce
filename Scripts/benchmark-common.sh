# Shared by the Scripts/benchmark-*.sh scripts (sourced, not run): the
# work folder, a release build of meridian, and the timing helpers.
#
#   work   $TMPDIR/meridian-benchmark (created)
#   bin    the release build's folder
#   release_build ARGS...   `swift build -c release --static-swift-stdlib ARGS...`:
#          every script builds the way the README tells users to, so that
#          the binaries are shared and whole-process times include the
#          start-up users get
#   benchmark_build    the benchmark program (Benchmarks/Package.swift, a
#          package of its own with the peers it races), built the same way;
#          sets bench_bin to its folder
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="/opt/swift/usr/bin:$PATH"
work=${TMPDIR:-/tmp}/meridian-benchmark
mkdir -p "$work"
release_build() { swift build -c release --static-swift-stdlib "$@"; }
benchmark_build() {
  swift build -c release --static-swift-stdlib --package-path Benchmarks --product meridian-benchmark >/dev/null
  bench_bin=$(swift build -c release --static-swift-stdlib --package-path Benchmarks --show-bin-path)
}
release_build --product meridian >/dev/null
bin=$(release_build --show-bin-path)

# "3.2x": how many times faster b runs than a took (a / b).
ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.1f}x' if b > 0 else '-')" "$1" "$2"; }

# Runs a command under GNU time; prints "wall_seconds user_seconds peak_mb"
# (MB of 10^6 bytes, as file sizes are given; GNU time reports KiB).
measure() {
  /usr/bin/time -f "%e %U %M" "$@" 2>"$work/time.txt" >/dev/null || true
  tail -1 "$work/time.txt" | awk '{ printf "%.2f %.2f %.0f", $1, $2, $3 * 1024 / 1e6 }'
}

# Like measure, three times, alternating with nothing else: the run with
# the best wall-clock time (the machine may be shared, so the best of three
# is the fairest figure for each tool).
measure_best() {
  local best="" line
  for _ in 1 2 3; do
    line=$(measure "$@")
    if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if float('${line%% *}') < float('${best%% *}') else 1)"; then
      best=$line
    fi
  done
  echo "$best"
}

# The best wall-clock seconds of $runs runs of a command (5 unless the
# script sets runs).
best() {
  local best=999999
  for _ in $(seq "${runs:-5}"); do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    best=$(python3 -c "print(min($best, $end - $start))")
  done
  printf "%.3f" "$best"
}

# Like measure, $runs times (5 unless the script sets runs), the runs of
# each tool in turn with the others': the run of median wall-clock time.
measure_median() {
  local lines=()
  for _ in $(seq "${runs:-5}"); do lines+=("$(measure "$@")"); done
  printf "%s\n" "${lines[@]}" | sort -n -k1,1 | sed -n "$(( (${#lines[@]} + 1) / 2 ))p"
}

# serve_start DATASET...: `meridian serve` on a free loopback port; sets
# `server` (its pid) and `base` (its URL).
serve_start() {
  "$bin/meridian" serve "$@" --port 0 --log-level error >"$work/serve.out" 2>"$work/serve.err" &
  server=$!
  for _ in $(seq 100); do
    grep -q listening "$work/serve.out" 2>/dev/null && break
    sleep 0.1
  done
  port=$(grep -o '[0-9]*$' "$work/serve.out")
  base="http://127.0.0.1:$port"
}
rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 * 1024 / 1e6 }' "/proc/$server/status"; }  # MB of 10^6 bytes (VmRSS is in KiB)

# wrk_load SECONDS WRK-ARGUMENTS...: "requests/s p50 p99 failed" of one run
# of wrk with two threads and 64 connections.
wrk_load() {
  local duration=$1
  shift
  wrk -t2 -c64 -d"${duration}s" --latency "$@" >"$work/wrk.txt" 2>&1 || true
  awk '
    /Requests\/sec/ { rate = $2 }
    /^ +50%/ { p50 = $2 } /^ +99%/ { p99 = $2 }
    /Non-2xx/ { bad += $NF }
    /Socket errors/ { for (i = 3; i <= NF; i += 2) { gsub(",", "", $(i+1)); bad += $(i+1) } }
    END { printf "%s %s %s %d", rate, p50, p99, bad }' "$work/wrk.txt"
}
