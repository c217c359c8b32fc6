#!/usr/bin/env bash
# Benchmark: our renderer against Skia (skia-python) on the same layer trees at 2x and 3x.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build -c release --show-bin-path)/render-previews"
python3 scripts/bench_vs_skia.py "$bin" Scenes/*.json Tests/SnapshotTests/Scenes/*.json "$@"
