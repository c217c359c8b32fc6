#!/usr/bin/env python3
"""GIF stage benchmark: our encoder against ffmpeg and gifsicle on the true-color frames of our scenes.

    scripts/gif_bench.py BINARY SCENE.json... [--work DIR]

For each scene it writes the frames as PNG (`render-previews frames`), then encodes them three ways, timing
each on the same PNG files:
  ours   `render-previews encode-gif`
  (a)    ffmpeg palettegen + paletteuse (its defaults, one global palette, Bayer/sierra dithering)
  (b)    (a) through `gifsicle -O3`
and decodes every GIF (Pillow) to compare each source frame with the GIF frame shown at its time: PSNR over
RGB, mean and worst over the frames. Prints a Markdown table.
"""
import argparse
import glob
import math
import os
import platform
import shutil
import subprocess
import sys
import time

import numpy as np
from PIL import Image


def run(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def gif_timeline(path):
    """(start_time, RGB array) of every displayed GIF frame, composited as a browser shows them."""
    im = Image.open(path)
    out, t = [], 0.0
    for i in range(im.n_frames):
        im.seek(i)
        out.append((t, np.asarray(im.convert("RGB"), dtype=np.float64)))
        t += im.info.get("duration", 100) / 1000.0
    return out


def psnr(a, b):
    mse = float(((a - b) ** 2).mean())
    return 99.0 if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)


def score(gif, frames, fps):
    shown = gif_timeline(gif)
    values = []
    j = 0
    for i, src in enumerate(frames):
        t = (i + 0.5) / fps  # the middle of the source frame: robust to 3/3/4 or 3/4/3 rounding
        while j + 1 < len(shown) and shown[j + 1][0] <= t:
            j += 1
        values.append(psnr(src, shown[j][1]))
    return sum(values) / len(values), min(values)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("scenes", nargs="+")
    ap.add_argument("--work", default="/tmp/gif-bench")
    ap.add_argument("--fps", type=float, default=30)
    args = ap.parse_args(argv)
    for tool in ("ffmpeg", "gifsicle"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (apt-get install {tool})")
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"Measured {time.strftime('%Y-%m-%d')} on {cpu}, {os.cpu_count()} cores, {platform.system()}.\n")
    print("| scene | frames | encoder | size KB | PSNR mean dB | PSNR worst dB | encode s |")
    print("|---|---|---|---|---|---|---|")
    for scene in args.scenes:
        name = os.path.splitext(os.path.basename(scene))[0]
        work = os.path.join(args.work, name)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        frames_dir = os.path.join(work, "frames")
        subprocess.run([args.binary, "frames", scene, "--frames-dir", frames_dir], check=True)
        pngs = sorted(glob.glob(os.path.join(frames_dir, "frame-*.png")))
        frames = [np.asarray(Image.open(p).convert("RGB"), dtype=np.float64) for p in pngs]
        ours = os.path.join(work, "ours.gif")
        a = os.path.join(work, "ffmpeg.gif")
        b = os.path.join(work, "ffmpeg-gifsicle.gif")
        t_ours = run([args.binary, "encode-gif", "--frames-dir", frames_dir, "--fps", str(args.fps), "-o", ours])
        t_a = run(["ffmpeg", "-y", "-loglevel", "error", "-framerate", str(args.fps), "-i",
                   os.path.join(frames_dir, "frame-%04d.png"), "-vf", "split[s0][s1];[s0]palettegen[p];[s1][p]paletteuse", a])
        t_b = t_a + run(["gifsicle", "-O3", a, "-o", b])
        for label, path, t in (("ours", ours, t_ours), ("(a) ffmpeg", a, t_a), ("(b) ffmpeg + gifsicle -O3", b, t_b)):
            mean, worst = score(path, frames, args.fps)
            print(f"| {name} | {len(frames)} | {label} | {os.path.getsize(path) / 1024:.0f} | {mean:.2f} | {worst:.2f} | {t:.2f} |")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
