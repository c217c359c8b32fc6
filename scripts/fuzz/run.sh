#!/usr/bin/env bash
# Builds the libFuzzer target (scripts/fuzz) with ASan and runs it for $1 seconds (default 600). The working
# corpus, dictionary and crash files live under .build-fuzz/; exits non-zero on a crash, hang or OOM.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-600}
scratch=.build-fuzz
swift build -c debug --package-path scripts/fuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
mkdir -p "$scratch/corpus" "$scratch/seeds" "$scratch/artifacts"
# Seeds: every committed scene, the previews' and the snapshot tests' (renamed, as names collide).
rm -f "$scratch"/seeds/*
for f in Scenes/*.json; do cp "$f" "$scratch/seeds/$(basename "$f")"; done
for f in Tests/SnapshotTests/Scenes/*.json; do cp "$f" "$scratch/seeds/snapshot-$(basename "$f")"; done
"$(swift build -c release --show-bin-path)/render-previews" parameters --json | python3 scripts/fuzz/make_dict.py > "$scratch/scene.dict"
# The Swift backtracer would catch traps before libFuzzer can save the input.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=$PWD/scripts/fuzz/lsan.supp
"$scratch/x86_64-unknown-linux-gnu/debug/FuzzScene" -dict="$scratch/scene.dict" -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$scratch/artifacts/" -print_final_stats=1 \
  "$scratch/corpus" "$scratch/seeds"
