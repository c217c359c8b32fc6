#!/usr/bin/env bash
# Benchmark: our renderer against Skia (skia-python) on the same layer trees at 2x and 3x.
# The Skia peer draws layer trees only, so animated scenes and scenes with text or icon contents are left
# out of the comparison
# (`render-previews bench` reports their text cost on its own, as text_ms).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build -c release --show-bin-path)/render-previews"
mapfile -t scenes < <(grep -l '"kind": "layers"' Scenes/*.json Tests/SnapshotTests/Scenes/*.json | xargs grep -L '"contents"')
python3 scripts/bench_vs_skia.py "$bin" "${scenes[@]}" "$@"
