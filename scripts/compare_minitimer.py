#!/usr/bin/env python3
"""Measures the MiniTimer_2 recording (MGUFlowView README) and our minitimer-swipe-drag-drop preview the same way
and prints a markdown table: geometry at the marked moments (pt), colors, and timing (ms).

    scripts/compare_minitimer.py REF.gif OURS.gif

Both are read at the recording's pixel density (480 px for 390 pt). The recording's frames have their own
durations (the recorder repeats and skips frames), so every measurement is made at scene times: the reference
frame on screen at time t against ours at the same t. Targets (the issue): geometry within 2 pt, colors within 3
units a channel, timing within 10%.
"""
import sys

import numpy as np
from PIL import Image

POINTS = 390.0


def frames(path):
    """[(start time s, RGB array)] for every frame of a GIF."""
    im = Image.open(path)
    out, t, n = [], 0.0, 0
    while True:
        try:
            im.seek(n)
        except EOFError:
            return out
        out.append((t, np.asarray(im.convert("RGB")).astype(int)))
        t += im.info.get("duration", 33) / 1000
        n += 1


def at(seq, t):
    """The frame on screen at time t."""
    best = seq[0][1]
    for start, a in seq:
        if start <= t + 1e-6:
            best = a
    return best


def scale(a):
    return a.shape[1] / POINTS


def runs_white(line, s, threshold=150):
    """(first, last) point of the pixels brighter than threshold on a line, or None."""
    idx = np.where(line.mean(axis=1) > threshold)[0]
    return (idx.min() / s, (idx.max() + 1) / s) if len(idx) else None


def card_frame(a, y_probe, x_probe=140.0):
    """The card under (x_probe, y_probe): its x extent on the probe row and y extent on the probe column."""
    s = scale(a)
    row = a[int(y_probe * s)]
    x = runs_white(row[int(30 * s):int(360 * s)], s)
    col = a[:, int(x_probe * s)].mean(axis=1)
    yi = int(y_probe * s)
    top = yi
    while top > 0 and col[top - 1] > 150:
        top -= 1
    bottom = yi
    while bottom < len(col) - 1 and col[bottom + 1] > 150:
        bottom += 1
    return (x[0] + 30, x[1] + 30, top / s, (bottom + 1) / s) if x else None


def red_width(a, y):
    s = scale(a)
    row = a[int(y * s)]
    red = np.where((row[:, 0] > 180) & (row[:, 1] < 90) & (row[:, 2] < 90))[0]
    return (red.max() + 1 - red.min()) / s if len(red) else 0.0


def push_edge(a):
    """The pushed screen's left edge: the first run of black (its list background) on three rows."""
    s = scale(a)
    edges = []
    for y in (250, 300, 400):
        b = a[int(y * s)].mean(axis=1) < 25
        for x in range(len(b) - 3):
            if b[x] and b[x + 1] and b[x + 2]:
                edges.append(x / s)
                break
    return min(edges) if edges else POINTS


def dropped_bbox(a):
    """The non-white box inside the drop area (the dropped card with its shadow)."""
    s = scale(a)
    sub = a[int(612 * s):int(808 * s)].mean(axis=2)
    ys, xs = np.where(sub < 250)
    if not len(xs):
        return None
    return (xs.min() / s, (xs.max() + 1) / s, ys.min() / s + 612, (ys.max() + 1) / s + 612)


def color(a, x, y):
    s = scale(a)
    return tuple(int(v) for v in a[int(y * s), int(x * s)])


def crossing(seq, f, t0, t1, level, falling=True):
    """The first time in t0...t1 at which f(frame) passes level, interpolated between frames."""
    prev = None
    for start, a in seq:
        if start < t0 - 1e-6 or start > t1:
            continue
        v = f(a)
        if prev is not None:
            (pt, pv) = prev
            if (falling and pv > level >= v) or (not falling and pv < level <= v):
                return pt + (start - pt) * (pv - level) / (pv - v)
        prev = (start, v)
    return None


def hexc(c):
    return "#%02X%02X%02X" % c


def main():
    ref, ours = frames(sys.argv[1]), frames(sys.argv[2])
    rows = []

    def geometry(name, t, f, fmt=lambda v: "%.1f" % v):
        r, o = f(at(ref, t)), f(at(ours, t))
        if r is None or o is None:
            rows.append((name, "—", "—", "not found"))
            return
        rv = r if isinstance(r, tuple) else (r,)
        ov = o if isinstance(o, tuple) else (o,)
        worst = max(abs(x - y) for x, y in zip(rv, ov))
        rows.append((name, ", ".join(fmt(v) for v in rv), ", ".join(fmt(v) for v in ov),
                     "%.1f pt %s" % (worst, "ok" if worst <= 2 else "over")))

    geometry("rest (2.4 s): card 조깅 x, x, y, y", 2.4, lambda a: card_frame(a, 354))
    geometry("mid-push (1.03 s): new screen's edge", 1.03, push_edge)
    geometry("mid-gesture (3.2 s): delete action width", 3.2, lambda a: red_width(a, 420))
    geometry("lift (4.7 s): lifted card x, x", 4.7, lambda a: card_frame(a, 470)[:2])
    geometry("end (6.2 s): dropped card box x, x, y, y", 6.2, dropped_bbox)

    def col(name, t, x, y):
        r, o = color(at(ref, t), x, y), color(at(ours, t), x, y)
        worst = max(abs(p - q) for p, q in zip(r, o))
        rows.append((name, hexc(r), hexc(o), "%d %s" % (worst, "ok" if worst <= 3 else "over")))

    col("navigation bar", 2.4, 200, 5)
    col("drop area bar", 2.4, 200, 600)
    col("card face", 2.4, 150, 330)
    col("delete action", 3.2, 300, 420)
    col("drop area", 2.4, 360, 700)

    def timing(name, f):
        r, o = f(ref), f(ours)
        if r is None or o is None:
            rows.append((name, "—", "—", "not found"))
            return
        rel = (o - r) / r if r else 0
        rows.append((name, "%d" % round(r * 1000), "%d" % round(o * 1000),
                     "%+.0f%% %s" % (rel * 100, "ok" if abs(rel) <= 0.1 else "over")))

    timing("push: edge past mid-screen (ms)", lambda seq: crossing(seq, push_edge, 0.5, 1.5, 195))
    timing("push: edge within 5 pt of rest (ms)", lambda seq: crossing(seq, push_edge, 0.5, 2.0, 5))
    timing("swipe: delete action 70 pt open (ms)",
           lambda seq: crossing(seq, lambda a: red_width(a, 420), 2.4, 3.35, 70, falling=False))
    timing("lift: card 4 pt wider (ms)",
           lambda seq: crossing(seq, lambda a: (card_frame(a, 470) or (0, 0))[1] - (card_frame(a, 470) or (0, 0))[0],
                                3.9, 4.9, 258.5, falling=False))
    timing("drop: card box under 262 pt wide (ms)",
           lambda seq: crossing(seq, lambda a: (lambda b: b[1] - b[0] if b else 999)(dropped_bbox(a)), 5.2, 6.5, 262))

    print("| measure | recording | ours | difference |")
    print("|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %s | %s |" % r)


if __name__ == "__main__":
    main()
