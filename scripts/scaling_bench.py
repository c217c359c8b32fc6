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
import re
import statistics
import subprocess

DEFAULT_SCENES = ["Scenes/swipe-transition-border.json", "Scenes/paging-scale-linear.json", "Scenes/flow-vega.json"]


def bench(binary, scene, extra):
    out = subprocess.run([binary, "bench", scene] + extra, check=True, capture_output=True, text=True).stdout
    fields = dict(re.findall(r"(\w+)=([\d.]+)", out.strip().splitlines()[-1]))
    return {k: float(v) for k, v in fields.items()}


def median_run(binary, scene, extra, rounds):
    runs = [bench(binary, scene, extra) for _ in range(rounds)]
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("scenes", nargs="*")
    p.add_argument("--rounds", type=int, default=3)
    a = p.parse_args()
    scenes = a.scenes or DEFAULT_SCENES
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
