#!/usr/bin/env python3
"""The reversed flow demo's stepper taps, frame by frame, in VegaStyle_Reverse and in our preview.

For each frame around the taps: the touch disc's centre and extent near the stepper (found where blue beats green
by more than 30 levels, which holds for the recorder's disc over the bar's mint, the pressed gray and white alike;
blue minus red does not separate it from the mint), the pressed gray's level on each half (a pixel of each half the
discs do not reach), and the list's ink (the mean darkness of the screen between 250 and 800 px), which times the
list's updates. Usage: measure_stepper.py [OURS.gif] (default Output/flow-vega-reverse.gif).
"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_swipe as cs  # noqa: E402
REFERENCE = os.path.join(HERE, "..", "..", "shared", "reference", "flowview", "VegaStyle_Reverse.gif")
SCALE = 480 / 390
WINDOWS = [(2350, 3450), (5150, 6050)]


def frames(path):
    images, times, _ = cs.load_gif(path)
    return [(t, a.astype(int)) for t, a in zip(times, images)]


def px(x, y):
    return int(round(y * SCALE)), int(round(x * SCALE))


def measure(a):
    y0, y1, x0 = int(35 * SCALE), int(140 * SCALE), int(250 * SCALE)
    region = a[y0:y1, x0:]
    blue = (region[..., 2] - region[..., 1]) > 30
    disc = None
    if blue.sum() >= 50:
        ys, xs = np.nonzero(blue)
        disc = ((xs.mean() + x0) / SCALE, (ys.mean() + y0) / SCALE, (xs.max() - xs.min() + 1) / SCALE / 2)
    plus, minus = a[px(369, 58)][0], a[px(322, 58)][0]
    ink = (255 - a[250:800].mean(axis=2)).mean()
    return disc, plus, minus, ink


def main():
    ours_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "Output", "flow-vega-reverse.gif")
    ref, ours = frames(REFERENCE), frames(ours_path)

    def shown(fs, t):
        best = fs[0][1]
        for tt, a in fs:
            if tt <= t:
                best = a
        return best

    print("    t   recording: disc x, y, radius   gray +, -   ink |  ours: disc x, y, radius   gray +, -   ink")
    for t, a in ref:
        if not any(lo <= t <= hi for lo, hi in WINDOWS):
            continue
        cells = []
        for m in (measure(a), measure(shown(ours, t))):
            disc, plus, minus, ink = m
            d = f"{disc[0]:6.1f} {disc[1]:5.1f} {disc[2]:4.1f}" if disc else "     -           "
            cells.append(f"{d}   {plus:4d} {minus:4d}  {ink:5.2f}")
        print(f"{t:5d}   {cells[0]} | {cells[1]}")


if __name__ == "__main__":
    main()
