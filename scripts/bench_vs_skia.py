#!/usr/bin/env python3
"""Our rasterizer beside Skia's CPU raster on the same layer trees, in the same run.

    scripts/bench_vs_skia.py BINARY SCENE.json... [--scales 2,3] [--repeat N]

For every scale it runs `BINARY bench --scale S` and `scripts/skia_peer.py --scale S` on the same scenes,
alternating the two so that machine noise hits both, and prints a Markdown table of median ms per frame
and the ratio Skia / ours (above 1: we are faster).
"""
import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    values = {}
    for line in out.splitlines():
        scene, *fields = line.split()
        for f in fields:
            k, v = f.split("=")
            values.setdefault(scene, {})[k] = float(v)
    return values


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("scenes", nargs="+")
    ap.add_argument("--scales", default="2,3")
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds; the median round is kept")
    args = ap.parse_args(argv)
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    print(f"Measured {time.strftime('%Y-%m-%d')} on {cpu}, {os.cpu_count()} cores, {platform.system()} "
          f"{platform.release()}; median of {args.repeat} frames, median of {args.rounds} alternating rounds.\n")
    print("| scene | scale | pixels | ours raster ms | Skia raster ms | Skia / ours | ours PNG encode ms |")
    print("|---|---|---|---|---|---|---|")
    totals = {}
    for scale in args.scales.split(","):
        ours, skia = {}, {}
        for _ in range(args.rounds):
            o = run([args.binary, "bench", "--scale", scale, "--repeat", str(args.repeat)] + args.scenes)
            s = run([sys.executable, os.path.join(HERE, "skia_peer.py"), "--scale", scale,
                     "--repeat", str(args.repeat)] + args.scenes)
            for k, v in o.items():
                ours.setdefault(k, []).append(v)
            for k, v in s.items():
                skia.setdefault(k, []).append(v)
        sum_ours = sum_skia = 0.0
        for scene in args.scenes:
            o_raster = statistics.median(v["raster_ms"] for v in ours[scene])
            o_encode = statistics.median(v["encode_ms"] for v in ours[scene])
            s_raster = statistics.median(v["skia_raster_ms"] for v in skia[scene])
            px = ours[scene][0].get("pixels", 0)
            sum_ours += o_raster
            sum_skia += s_raster
            name = os.path.splitext(os.path.basename(scene))[0]
            print(f"| {name} | {scale}x | {int(px)} | {o_raster:.3f} | {s_raster:.3f} | {s_raster / o_raster:.2f} | {o_encode:.3f} |")
        totals[scale] = (sum_ours, sum_skia)
    print()
    for scale, (o, s) in totals.items():
        print(f"All scenes at {scale}x: ours {o:.2f} ms, Skia {s:.2f} ms, Skia / ours = {s / o:.2f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
