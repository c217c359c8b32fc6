#!/usr/bin/env python3
"""Whole against incremental rendering (damage tracking), side by side in one run.

For every animated scene, `render-previews bench SCENE` (frames redrawn only where they changed) and
`bench --whole SCENE` (every frame drawn whole) alternate for --rounds rounds; the table gives each scene's
median raster time per frame both ways, the share of pixels redrawn, and the total raster CPU seconds
(frames x raster_ms) over all scenes.

usage: scripts/damage_bench.py BINARY [SCENE.json ...] [--rounds N]
"""
import argparse, glob, re, statistics, subprocess, sys

def bench_fields(binary, scene, extra=()):
    """`render-previews bench SCENE EXTRA...`'s numbers (frames, raster_ms, encode_ms, pixels, ...) as floats."""
    line = subprocess.run([binary, "bench", scene, *extra], check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    return {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line)}

def bench(binary, scene, whole):
    fields = bench_fields(binary, scene, ["--whole"] if whole else [])
    return int(fields["frames"]), fields["raster_ms"], fields.get("redrawn_pct", 100.0)

def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("scenes", nargs="*")
    p.add_argument("--rounds", type=int, default=2)
    a = p.parse_args()
    scenes = a.scenes or sorted(glob.glob("Scenes/*.json"))
    rows, total_inc, total_whole = [], 0.0, 0.0
    for scene in scenes:
        inc, whole = [], []
        frames = redrawn = None
        for _ in range(a.rounds):
            frames, ms, redrawn = bench(a.binary, scene, False)
            inc.append(ms)
            _, ms, _ = bench(a.binary, scene, True)
            whole.append(ms)
        if frames <= 1:
            continue
        mi, mw = statistics.median(inc), statistics.median(whole)
        total_inc += frames * mi / 1000; total_whole += frames * mw / 1000
        name = scene.split("/")[-1].removesuffix(".json")
        rows.append(f"| {name} | {frames} | {redrawn:.1f} | {mw:.3f} | {mi:.3f} | {mw / mi:.2f} |")
    print("| scene | frames | redrawn % | whole raster ms | incremental raster ms | whole / incremental |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\nRaster CPU over these scenes: whole {total_whole:.2f} s, incremental {total_inc:.2f} s "
          f"({total_whole / total_inc:.2f}x)")

if __name__ == "__main__":
    sys.exit(main())
