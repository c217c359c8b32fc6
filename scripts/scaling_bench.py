#!/usr/bin/env python3
"""How the cost grows with frame size and with frame count, in one run.

For each scene, `render-previews bench SCENE --scale S` at 1, 2 and 3 px/pt (the frame's pixels grow as S²),
then at the scene's own scale with `--set framesPerSecond=F` for F = 15, 30 and 60 (the frame count doubles
each time; consecutive frames differ less, so damage tracking and the GIF encoder have less to redo).
Each configuration is run --rounds times and the median kept. Prints two Markdown tables: per frame (raster and
encode ms, and both per megapixel) and per scene (wall seconds).

usage: scripts/scaling_bench.py BINARY [SCENE.json ...] [--rounds N]
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from damage_bench import bench_fields  # noqa: E402

DEFAULT_SCENES = ["Scenes/swipe-transition-border.json", "Scenes/paging-scale-linear.json", "Scenes/flow-vega.json"]


def median_run(binary, scene, extra, rounds):
    runs = [bench_fields(binary, scene, extra) for _ in range(rounds)]
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def main():
    p = argparse.ArgumentParser(description="Cost against frame size and frame count.")
    p.add_argument("binary")
    p.add_argument("scenes", nargs="*", default=DEFAULT_SCENES)
    p.add_argument("--rounds", type=int, default=3)
    a = p.parse_args()
    scenes = a.scenes
    print("| scene | configuration | frames | pixels | raster ms/frame | encode ms/frame | raster ms/Mpx | encode ms/Mpx | total s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for scene in scenes:
        name = scene.rsplit("/", 1)[-1].removesuffix(".json")
        configs = [(f"{s}x", ["--scale", str(s)]) for s in (1, 2, 3)]
        configs += [(f"{f} fps", ["--set", f"framesPerSecond={f}"]) for f in (15, 30, 60)]
        for label, extra in configs:
            r = median_run(a.binary, scene, extra, a.rounds)
            mpx = r["pixels"] / 1e6
            print(f"| {name} | {label} | {int(r['frames'])} | {int(r['pixels'])} | {r['raster_ms']:.2f} | "
                  f"{r['encode_ms']:.2f} | {r['raster_ms'] / mpx:.1f} | {r['encode_ms'] / mpx:.1f} | {r['total_s']:.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()
