#!/usr/bin/env bash
# Fetches the external test data the conformance tests read (JSONTestSuite,
# geojsonhint's files, Natural Earth, real IMDF venues, togeojson's and
# libkml's KML, GPX and TCX) from each set's upstream repository, at the
# commit pinned in Scripts/test-data.tsv, into the layout the tests read:
# ../shared/fixtures beside the project. Every file is checked against its
# SHA-256 before anything is moved into place.
#
#   Scripts/fetch-test-data.sh [DEST]            (default: ../shared/fixtures)
#
# MERIDIAN_TEST_DATA_SOURCE names where files come from, as a URL prefix
# followed by OWNER/REPO/COMMIT/PATH (default: GitHub's raw file server); a
# file:// prefix reads a local mirror in that layout.
#
# togeojson's expected outputs (*.expected.geojson) are not files upstream:
# they are written from its test snapshot (lib/__snapshots__/index.test.ts.snap),
# each entry re-indented as JSON, and then checked like the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-../shared/fixtures}
source_url=${MERIDIAN_TEST_DATA_SOURCE:-https://raw.githubusercontent.com}
manifest=Scripts/test-data.tsv
command -v curl >/dev/null || { echo "fetch-test-data: curl is needed" >&2; exit 1; }
command -v python3 >/dev/null || { echo "fetch-test-data: python3 is needed" >&2; exit 1; }

staging=$(mktemp -d "${TMPDIR:-/tmp}/meridian-test-data.XXXXXX")
trap 'rm -rf "$staging"' EXIT
declare -A snapshots=()
# A path as a URL: the characters file names here hold that URLs reserve.
url_path() { local p=${1//%/%25}; p=${p//#/%23}; p=${p//\?/%3F}; p=${p// /%20}; printf '%s' "$p"; }

# Every file named in the manifest, and each snapshot once.
while IFS=$'\t' read -r local repo commit upstream sha256; do
  [ "$local" = local ] && continue
  if [[ "$upstream" == DERIVED:* ]]; then
    snapshots["$repo/$commit/${upstream#DERIVED:}"]=1
    continue
  fi
  mkdir -p "$staging/files/$(dirname "$local")"
  curl -fsSL --retry 3 -o "$staging/files/$local" "$source_url/$(url_path "$repo/$commit/$upstream")" \
    || { echo "fetch-test-data: cannot fetch $repo/$commit/$upstream (for $local)" >&2; exit 1; }
done <"$manifest"

for snapshot in "${!snapshots[@]}"; do
  mkdir -p "$staging/snapshots/$(dirname "$snapshot")"
  curl -fsSL --retry 3 -o "$staging/snapshots/$snapshot" "$source_url/$(url_path "$snapshot")" \
    || { echo "fetch-test-data: cannot fetch $snapshot" >&2; exit 1; }
  python3 - "$staging/snapshots/$snapshot" "$staging/files" "$manifest" <<'PY'
# Writes each expected output the manifest derives from this snapshot: the
# entry `toGeoJSON > NAME 1` (togeojson's kml(), gpx() or tcx()), its
# template-literal escapes undone, read as JSON and written with one space
# of indentation, non-ASCII escaped, as the fixtures hold them.
import json, os, re, sys
snapshot, out, manifest = sys.argv[1:4]
text = open(snapshot, encoding="utf-8").read()
entries = {}
for m in re.finditer(r"^exports\[`toGeoJSON > ([^`\n]*?) 1`\] = `\n(.*?)\n`;\n", text, re.S | re.M):
    body = m.group(2).replace("\\`", "`").replace("\\${", "${")
    entries[m.group(1)] = json.loads(re.sub(r",(\s*[\]\}])", r"\1", body), strict=False)
for row in open(manifest, encoding="utf-8").read().splitlines()[1:]:
    local, repo, commit, upstream, _ = row.split("\t")
    if not upstream.startswith("DERIVED:") or not snapshot.endswith(f"{repo}/{commit}/{upstream[8:]}"):
        continue
    name = os.path.basename(local)[: -len(".expected.geojson")]
    source = name if name.endswith((".gpx", ".tcx")) else name + ".kml"
    if source not in entries:
        sys.exit(f"fetch-test-data: the snapshot has no entry for {source}")
    os.makedirs(os.path.dirname(os.path.join(out, local)), exist_ok=True)
    with open(os.path.join(out, local), "wb") as f:
        f.write(json.dumps(entries[source], indent=1).encode())
PY
done

# Every file, checked; then moved into place folder by folder.
(cd "$staging/files" && cut -f1,5 "$OLDPWD/$manifest" | tail -n +2 | awk -F'\t' '{ print $2 "  " $1 }' | sha256sum --quiet -c -) \
  || { echo "fetch-test-data: a file does not match its checksum (Scripts/test-data.tsv); nothing was changed" >&2; exit 1; }
mkdir -p "$dest"
for folder in $(cut -f1 "$manifest" | tail -n +2 | cut -d/ -f1-2 | sort -u); do
  rm -rf "${dest:?}/$folder"
  mkdir -p "$(dirname "$dest/$folder")"
  mv "$staging/files/$folder" "$dest/$folder"
done
echo "fetch-test-data: $(($(wc -l <"$manifest") - 1)) files in $dest, each checked"
