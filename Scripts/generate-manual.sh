#!/bin/sh
# Regenerates docs/man/meridian.1 (one page for the tool and every
# subcommand, mdoc) and the shell completion scripts under docs/completions/
# with the tool's own --generate-manual and --generate-completion-script,
# both written from the same declarations as --help. Run from anywhere;
# needs a Swift toolchain.
#
#   Scripts/generate-manual.sh            # date from the last commit
#   MANUAL_DATE=2026-01-31 Scripts/generate-manual.sh
set -eu
cd "$(dirname "$0")/.."
date="${MANUAL_DATE:-$(git log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)}"
swift build --product meridian >/dev/null
tool="$(swift build --show-bin-path)/meridian"
mkdir -p docs/man docs/completions
"$tool" --generate-manual "$date" > docs/man/meridian.1
for shell in bash zsh fish; do
    "$tool" --generate-completion-script "$shell" > "docs/completions/meridian.$shell"
done
echo "wrote docs/man/meridian.1 and docs/completions/meridian.{bash,zsh,fish}"
