#!/usr/bin/env python3
"""Measures a MiniTimer recording of the MGUFlowView README and our preview of it the same way and prints a
markdown table: geometry at the five marked moments (pt), colors, and timing (ms).

    scripts/compare_minitimer.py MiniTimer_2.gif Output/minitimer-swipe-drag-drop.gif
    scripts/compare_minitimer.py MiniTimer_1.gif Output/minitimer-folding-timers.gif
    scripts/compare_minitimer.py REF.gif OURS.gif --sheet sheet.png   # also both side by side at the marked times

The recording is told by its width (MiniTimer_1 is 400 px wide, MiniTimer_2 480 px, both for 390 pt). The recording's frames have their own
durations (the recorder repeats and skips frames), so every measurement is made at scene times: the reference
frame on screen at time t against ours at the same t. Targets (the issue): geometry within 2 pt, colors within 3
units a channel, timing within 10%; a moment that a frame shows (the bar, the gray's end) within one frame (34 ms).

Needs numpy and Pillow (`pip install pillow numpy`).
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


def card_top_below(a, y0, x=140.0):
    """The top edge of the first card that starts below y0 (a dark gap, then the card's light face)."""
    s = scale(a)
    col = a[:, int(x * s)].mean(axis=1)
    y = int(y0 * s)
    while y < len(col) and col[y] > 100:
        y += 1
    while y < len(col) and col[y] <= 100:
        y += 1
    return y / s if y < len(col) else None


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


def preview_top(a):
    """The lifted preview's top edge: it is wider than the list's cards, so x 64.5 pt is on it only (light over
    the black list, 195 where it is translucent, its gray face over the white drop area)."""
    s = scale(a)
    col = a[:, int(64.5 * s)].mean(axis=1)
    ys = [y / s for y in range(int(100 * s), int(590 * s)) if col[y] > 150]
    ys += [y / s for y in range(int(612 * s), int(808 * s)) if 200 < col[y] < 251]
    return min(ys) if ys else None


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


def first_frame(seq, f, t0, t1, level, below=False):
    """The start of the first frame in t0...t1 whose f is at level (or under it with below) after one that is
    not, or None."""
    was = None
    for start, a in seq:
        if t0 - 1e-6 <= start <= t1:
            v = f(a)
            now = (v < level) if below else (v == level)
            if now and was is False:
                return start
            was = now
    return None


def gray(a, x, y):
    s = scale(a)
    return float(a[int(y * s), int(x * s)].mean())


def hexc(c):
    return "#%02X%02X%02X" % c


def sheet(ref, ours, times, path):
    """The recording (top) over ours (bottom) at equal scene times, half size, each labelled with its time."""
    from PIL import ImageDraw
    h, w = ref[0][1].shape[0] // 2, ref[0][1].shape[1] // 2
    out = Image.new("RGB", (w * len(times), 2 * h + 16), "gray")
    draw = ImageDraw.Draw(out)
    for k, t in enumerate(times):
        for row, seq in enumerate((ref, ours)):
            out.paste(Image.fromarray(at(seq, t).astype("uint8")).resize((w, h)), (k * w, 16 + row * h))
        draw.text((k * w + 4, 2), "%.2f s" % t, fill="yellow")
    out.save(path)


def main():
    ref, ours = frames(sys.argv[1]), frames(sys.argv[2])
    rows = []
    folding = ref[0][1].shape[1] == 400
    if folding:
        folding_timers(ref, ours, rows)
    else:
        swipe_drag_drop(ref, ours, rows)
    if "--sheet" in sys.argv:
        times = [1.5, 2.6, 4.3, 4.6, 4.77, 5.1, 5.45] if folding else [1.03, 2.4, 3.2, 4.7, 5.07, 5.6, 6.2]
        sheet(ref, ours, times, sys.argv[sys.argv.index("--sheet") + 1])
    print("| measure | recording | ours | difference |")
    print("|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %s | %s |" % r)


class Table:
    """The three kinds of line, each measured on both GIFs at the same scene times."""

    def __init__(self, ref, ours, rows):
        self.ref, self.ours, self.rows = ref, ours, rows

    def geometry(self, name, t, f, fmt=lambda v: "%.1f" % v, unit="pt", limit=2.0):
        r, o = f(at(self.ref, t)), f(at(self.ours, t))
        if r is None or o is None:
            self.rows.append((name, "—", "—", "not found"))
            return
        rv = r if isinstance(r, tuple) else (r,)
        ov = o if isinstance(o, tuple) else (o,)
        worst = max(abs(x - y) for x, y in zip(rv, ov))
        self.rows.append((name, ", ".join(fmt(v) for v in rv), ", ".join(fmt(v) for v in ov),
                          "%.1f %s %s" % (worst, unit, "ok" if worst <= limit else "over")))

    def color(self, name, t, x, y):
        r, o = color(at(self.ref, t), x, y), color(at(self.ours, t), x, y)
        worst = max(abs(p - q) for p, q in zip(r, o))
        self.rows.append((name, hexc(r), hexc(o), "%d %s" % (worst, "ok" if worst <= 3 else "over")))

    def timing(self, name, f):
        r, o = f(self.ref), f(self.ours)
        if r is None or o is None:
            self.rows.append((name, "—", "—", "not found"))
            return
        rel = (o - r) / r if r else 0
        self.rows.append((name, "%d" % round(r * 1000), "%d" % round(o * 1000),
                          "%+.0f%% %s" % (rel * 100, "ok" if abs(rel) <= 0.1 else "over")))


    def moment(self, name, f, limit=0.034):
        """A moment that a frame shows (one frame: 34 ms, the recordings' frames are about 33 ms)."""
        r, o = f(self.ref), f(self.ours)
        if r is None or o is None:
            self.rows.append((name, "—" if r is None else "%d" % round(r * 1000), "—" if o is None else "%d" % round(o * 1000), "not found"))
            return
        self.rows.append((name, "%d" % round(r * 1000), "%d" % round(o * 1000),
                          "%+d ms %s" % (round((o - r) * 1000), "ok" if abs(o - r) <= limit else "over")))


def swipe_drag_drop(ref, ours, rows):
    m = Table(ref, ours, rows)
    m.geometry("rest (2.4 s): card 조깅 x, x, y, y", 2.4, lambda a: card_frame(a, 354))
    m.geometry("mid-push (1.03 s): new screen's edge", 1.03, push_edge)
    m.geometry("mid-scroll (1.6 s): first card top below 200 pt", 1.6, lambda a: card_top_below(a, 200))
    m.geometry("mid-scroll (1.87 s): first card top below 200 pt", 1.87, lambda a: card_top_below(a, 200))
    m.geometry("mid-gesture (3.2 s): delete action width", 3.2, lambda a: red_width(a, 420))
    m.geometry("lift (4.7 s): lifted card x, x", 4.7, lambda a: card_frame(a, 470)[:2])
    m.geometry("drop (5.0 s): the preview's top edge", 5.0, preview_top)
    m.geometry("end (6.2 s): dropped card box x, x, y, y", 6.2, dropped_bbox)
    m.color("navigation bar", 2.4, 200, 5)
    m.color("drop area bar", 2.4, 200, 600)
    m.color("card face", 2.4, 150, 330)
    m.color("delete action", 3.2, 300, 420)
    m.color("drop area", 2.4, 360, 700)
    m.timing("push: edge past mid-screen (ms)", lambda seq: crossing(seq, push_edge, 0.5, 1.5, 195))
    m.timing("push: edge within 5 pt of rest (ms)", lambda seq: crossing(seq, push_edge, 0.5, 2.0, 5))
    m.timing("swipe: delete action 70 pt open (ms)",
             lambda seq: crossing(seq, lambda a: red_width(a, 420), 2.4, 3.35, 70, falling=False))
    width = lambda a: (lambda f: f[1] - f[0] if f else 0)(card_frame(a, 470))
    m.timing("lift: card 4 pt wider (ms)", lambda seq: crossing(seq, width, 3.9, 4.9, 258.5, falling=False))
    m.timing("drop: card box under 262 pt wide (ms)",
             lambda seq: crossing(seq, lambda a: (lambda b: b[1] - b[0] if b else 999)(dropped_bbox(a)), 5.2, 6.5, 262))
    # The lifted preview turns translucent as it moves: over black 4 pt below its top edge at x 64.5 at 5.0 s
    # (243 if opaque), and over the veiled source (116) at 4.93 s.
    def over_black(a):
        top = preview_top(a)
        return gray(a, 64.5, top + 4) if top is not None and top + 4 < 590 else None
    r, o = over_black(at(ref, 5.0)), over_black(at(ours, 5.0))
    rows.append(("moving preview over black (x 64.5, its top + 4 pt) at 5.0 s", "%s" % (r and "%d" % r), "%s" % (o and "%d" % o),
                 "%d %s" % (abs(r - o), "ok" if abs(r - o) <= 3 else "over") if r and o else "not found"))
    r, o = gray(at(ref, 4.93), 300, 460), gray(at(ours, 4.93), 300, 460)
    rows.append(("moving preview over the veiled source (300, 460) at 4.93 s", "%d" % r, "%d" % o,
                 "%d %s" % (abs(r - o), "ok" if abs(r - o) <= 3 else "over")))
    # The lift shadow as the card settles into the area: pixels under 252 in a ring 3-16 pt around the dropped
    # card's box (the white area reads 255); the first frame with fewer than 3000.
    def shadow_ring(a):
        s = scale(a)
        g = a.mean(axis=2)
        ys, xs = np.mgrid[0:a.shape[0], 0:a.shape[1]] / s
        ring = (xs > 50) & (xs < 340) & (ys > 655) & (ys < 768) & ~((xs > 64) & (xs < 326) & (ys > 668) & (ys < 755))
        return int(((g < 252) & ring).sum())
    m.moment("drop: the lift shadow gone (ring under 3000 px) (ms)",
             lambda seq: first_frame(seq, lambda a: shadow_ring(a) < 3000, 5.4, 6.2, True))
    # The card above the dragged one closing down over its slot (at rest its bottom is at 393.2 pt).
    def above_bottom(a):
        s = scale(a)
        col = a[int(300 * s):int(488 * s), int(140 * s)].mean(axis=1)
        ys = np.where(col > 200)[0]
        return (ys.max() + 1) / s + 300 if len(ys) else None
    for t in (5.5, 5.57):
        m.geometry("drop close (%.2f s): the card above's bottom edge" % t, t, above_bottom)
    # The dragged card's slot as the cards above close over it: the recording's veiled card stays and fades
    # (116 before the close), a black hole would read 0. One gray per frame at 5.47, 5.5 and 5.53 s.
    times = (5.47, 5.5, 5.53)
    r = [gray(at(ref, t), 140, 470) for t in times]
    o = [gray(at(ours, t), 140, 470) for t in times]
    worst = max(abs(x - y) for x, y in zip(r, o))
    rows.append(("drop close: the source's slot at (140, 470) at 5.47, 5.5, 5.53 s", ", ".join("%d" % v for v in r),
                 ", ".join("%d" % v for v in o), "%d %s" % (worst, "ok" if worst <= 3 else "over")))


def strip(a, y=300.0):
    """The receipt strip's x extent on a row (the holes are inside it, the margins black)."""
    s = scale(a)
    idx = np.where(a[int(y * s)].mean(axis=1) > 200)[0]
    return (idx.min() / s, (idx.max() + 1) / s) if len(idx) else None


def strip_bottom(a, x=120.0):
    """The lowest white pixel of the strip's column at x (the list's end), or None."""
    s = scale(a)
    col = a[:, int(x * s)].mean(axis=1)
    ys = [y for y in range(int(95 * s), int(843 * s)) if col[y] > 150]
    return (max(ys) + 1) / s if ys else None


def strip_top(a, x=200.0):
    s = scale(a)
    col = a[:, int(x * s)].mean(axis=1)
    for y in range(int(95 * s), a.shape[0]):
        if col[y] > 200:
            return y / s
    return None


def piece_edge(a, x):
    """The torn piece's top edge at x: the first white pixel below the kept strip's bottom (311 pt)."""
    s = scale(a)
    col = a[:, int(x * s)].mean(axis=1)
    y = int(311.5 * s)
    while y < len(col) and col[y] > 100:
        y += 1
    while y < len(col) and col[y] <= 100:
        y += 1
    return y / s if y < len(col) else None


def piece_angle(a):
    """The piece's tilt in degrees (negative: its left side lower), from its top edge at x 100 and 290."""
    y1, y2 = piece_edge(a, 100), piece_edge(a, 290)
    if y1 is None or y2 is None:
        return None
    return float(np.degrees(np.arctan2(y2 - y1, 190)))


def darkest(a, x0, x1, y0, y1):
    """The darkest gray in a box (a row's time label: 0 when plain, about 124 under the veil)."""
    s = scale(a)
    return float(a[int(y0 * s):int(y1 * s), int(x0 * s):int(x1 * s)].mean(axis=2).min())


def paper_bar(a):
    """The white rounded bar above the strip (x 47.5…342.4, y 98.7…103.7 pt in the recording): its left and
    right edge on its middle row and its top and bottom edge on the column x 195, each to a tenth of a pixel
    from the edge pixels' coverage; None when the middle of the bar is not white."""
    s = scale(a)
    g = a.mean(axis=2) / 255.0
    mid = int(101.5 * s)
    if g[mid, int(195 * s)] < 0.5:
        return None
    col = g[int(92 * s):int(110 * s), int(195 * s)]
    row = g[mid, int(30 * s):int(360 * s)]
    # Edges from coverage: the first covered pixel's index plus the part of it not covered.
    def edges(line, origin):
        idx = np.where(line > 0.02)[0]
        first, last = idx.min(), idx.max()
        return ((origin + first + 1 - line[first]) / s, (origin + last + line[last]) / s)
    x0, x1 = edges(row, int(30 * s))
    y0, y1 = edges(col, int(92 * s))
    return (x0, x1, y0, y1)


def bar_shown(a):
    """1 where the bar's middle is white, else 0."""
    s = scale(a)
    return float(a[int(101.5 * s), int(195 * s)].mean() > 128)


def hole_gray(a):
    """The first row's left hole on screen (61, 139 pt): 0 plain, 139 under the tear's veil."""
    s = scale(a)
    return float(a[int(139 * s), int(61 * s)].mean())


def folding_timers(ref, ours, rows):
    m = Table(ref, ours, rows)
    m.geometry("rest (1.5 s): strip x, x; first row top", 1.5, lambda a: strip(a) + (strip_top(a),))
    m.geometry("mid-scroll (2.6 s): list's end", 2.6, strip_bottom)
    m.geometry("mid-gesture (4.6 s): torn piece's edge at x 100, 290", 4.6, lambda a: (piece_edge(a, 100), piece_edge(a, 290)))
    m.geometry("tear (4.77 s): falling piece's edge at x 290", 4.77, lambda a: piece_edge(a, 290))
    m.geometry("end (5.45 s): first row top; list's end", 5.45, lambda a: (strip_top(a), strip_bottom(a)))
    # The list is cut at the safe area's bottom (810 pt), the torn piece too, while rows run on below it.
    m.geometry("fling held (1.7 s): list's end", 1.7, strip_bottom)
    m.geometry("tear (4.73 s): piece's end", 4.73, strip_bottom)
    m.geometry("bar (2.6 s): x, x, y, y", 2.6, paper_bar)
    # An angle has no 2-pt target of its own: 0.5° is 2 pt across the piece's 244-pt lever.
    m.geometry("tilt (4.6 s), degrees", 4.6, piece_angle, fmt=lambda v: "%.2f" % v, unit="°", limit=0.5)
    m.color("navigation bar", 1.5, 200, 5)
    m.color("strip", 1.5, 240, 150)
    m.color("margin", 1.5, 20, 300)
    m.color("grayed row's hole", 4.3, 62, 136)
    # The rule's dashes are antialiased differently at each x, so its darkest pixel stands for its color.
    r, o = darkest(at(ref, 1.5), 150, 250, 159, 163), darkest(at(ours, 1.5), 150, 250, 159, 163)
    m.rows.append(("rule: darkest gray across x 150…250", "%d" % r, "%d" % o, "%d %s" % (abs(r - o), "ok" if abs(r - o) <= 3 else "over")))
    m.timing("push: edge past mid-screen (ms)", lambda seq: crossing(seq, push_edge, 0.5, 1.6, 195))
    m.timing("tear: gray-out half way (ms)",
             lambda seq: crossing(seq, lambda a: darkest(a, 85, 119, 115, 131), 3.7, 4.4, 62, falling=False))
    m.timing("tear: piece's edge past 500 pt (ms)",
             lambda seq: crossing(seq, lambda a: piece_edge(a, 290) or 900, 4.6, 5.0, 500, falling=False))
    m.timing("close: list's end past 560 pt (ms)",
             lambda seq: crossing(seq, lambda a: strip_bottom(a) or 0, 4.95, 5.4, 560, falling=False))
    m.timing("close: gray lifted half way (ms)",
             lambda seq: crossing(seq, lambda a: darkest(a, 85, 119, 115, 131), 5.21, 5.45, 62))
    m.moment("bar shows (ms)", lambda seq: first_frame(seq, bar_shown, 1.2, 2.0, 1))
    m.moment("bar gone after the close (ms)", lambda seq: first_frame(seq, bar_shown, 4.9, 5.5, 0))
    m.moment("close: hole's gray under 100 (ms)", lambda seq: first_frame(seq, hole_gray, 5.21, 5.5, 100, below=True))
    m.moment("close: hole's gray under 10 (ms)", lambda seq: first_frame(seq, hole_gray, 5.21, 5.5, 10, below=True))


if __name__ == "__main__":
    main()
