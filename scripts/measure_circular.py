#!/usr/bin/env python3
"""Circular swipe buttons and the row's disclosure chevron, measured on a screenshot or on a frame of ours.

    scripts/measure_circular.py IMAGE [IMAGE...] [--scale S] [--top T]

Needs Pillow and numpy (`pip install pillow numpy`). IMAGE is a PNG, JPG or GIF (a GIF's last frame); its scale
(px per pt) is --scale, or its width / 389 (the Button_*.jpg screenshots are 1167 px wide at 3 px a point; pass
--scale 3 for a frame of ours rendered with `--set canvas.scale=3`, --scale 1.2308 for an Output GIF). Every y is
in pt from the image's top, plus --top (a scene's viewport top: then they are screen points).

Row: its trailing edge (the end of the run of near-white columns that the gray background follows) and its white
span top to bottom in the column 3 pt before that edge. Title: the large title's dark ink in the top 60 pt.

Discs: right of the row, column runs of pixels that differ from the systemGray6 background (#F2F2F7); per disc
the longest run of rows (a title below is separate), coverage = difference / the disc's own (median) difference,
clipped to 0..1, the white glyph inside filled in. Diameter from the covered area (2 sqrt(area / pi)), also the
widest row and the tallest column by coverage; centre = the coverage's centroid.

Chevron: the last run of ink columns in the row's top text line, in the 60 pt before the row's trailing edge
(the date is the run before it): its bounding box (ink darker than 215), ink = sum of (255 - luminance) / 255
over the box in pt^2 (heavier strokes have more), and the darkest luminance (how dark).
"""
import argparse
import sys

import numpy as np
from PIL import Image

BG = np.array([242.0, 242.0, 247.0])


def load(path):
    im = Image.open(path)
    if getattr(im, "n_frames", 1) > 1:
        im.seek(im.n_frames - 1)
    return np.asarray(im.convert("RGB")).astype(float)


def row_edge(a, s):
    """The white row's trailing edge (px): in the row's middle third, the end of the first run of mostly
    near-white columns that the gray background follows (not a gap in the text, not a white glyph in a disc)."""
    h = a.shape[0]
    band = a[h // 3: 2 * h // 3]
    white = (band.min(axis=2) > 245).mean(axis=0) > 0.5
    xs = np.nonzero(white)[0]
    runs = np.split(xs, np.nonzero(np.diff(xs) > 1)[0] + 1)
    # the run that the gray background (#F2F2F7) follows, not a disc or the row's text
    def bg_after(r):
        x = int(r[-1]) + 1 + int(s)
        return x < a.shape[1] and np.abs(band[:, x] - BG).sum(axis=1).mean() < 20
    run = next((r for r in runs if len(r) >= 3 * s and bg_after(r)), None)
    if run is None:  # background-colour buttons follow the row directly: the widest run
        run = max(runs, key=len)
    return int(run[-1]) + 1


def row_span(a, s, edge):
    """The white row's top and bottom (pt) in the column 3 pt before its trailing edge: the longest run of
    near-white pixels there (the text is further left)."""
    col = a[:, edge - int(3 * s)].min(axis=1) > 250
    ys = np.nonzero(col)[0]
    parts = np.split(ys, np.nonzero(np.diff(ys) > 1)[0] + 1)
    r = max(parts, key=len)
    return r[0] / s, (r[-1] + 1) / s


def title_ink(a, s):
    """The large title's ink ("Inbox"): its top, bottom and left (pt), dark pixels in the image's top 60 pt."""
    lum = a[: int(60 * s), : int(200 * s)].mean(axis=2)
    ys, xs = np.nonzero(lum < 128)
    return ys.min() / s, (ys.max() + 1) / s, xs.min() / s


def discs(a, s, x0):
    """Coverage of each disc right of x0: |pixel - background| / |disc colour - background|, clipped."""
    d = np.abs(a - BG).sum(axis=2)
    region = d[:, x0:]
    mask = region > 40
    cols = mask.any(axis=0)
    runs, i = [], 0
    while i < len(cols):
        if cols[i]:
            j = i
            while j + 1 < len(cols) and cols[j + 1]:
                j += 1
            if j - i > 10 * s:
                runs.append((i, j + 1))
            i = j + 1
        else:
            i += 1
    out = []
    for i, j in runs:
        lo = max(0, i - 3)
        sub = region[:, lo: j + 3]
        m = sub > 40
        # The disc's own rows: the longest run of rows with covered pixels (a title below is a separate run).
        rows = np.nonzero(m.any(axis=1))[0]
        parts = np.split(rows, np.nonzero(np.diff(rows) > 1)[0] + 1)
        rows = max(parts, key=len)
        sub = sub[max(0, rows[0] - 3): rows[-1] + 4]
        y_lo = max(0, rows[0] - 3)
        m = sub > 40
        # The disc's own colour: the median of its inner pixels; coverage relative to it, the white glyph
        # inside filled in (per row, between the first and last covered column).
        full = np.median(sub[m][sub[m] >= np.percentile(sub[m], 30)])
        cov = np.clip(sub / full, 0, 1)
        cov[cov < 0.08] = 0  # JPEG noise around the disc
        for y in range(cov.shape[0]):
            r = np.nonzero(cov[y] > 0.5)[0]
            if len(r) >= 2:
                cov[y, r[0] + 1: r[-1]] = 1
        area = cov.sum()
        yy, xx = np.mgrid[0: cov.shape[0], 0: cov.shape[1]]
        cy = (cov * yy).sum() / area + y_lo
        cx = (cov * xx).sum() / area + 0.5 + x0 + lo
        across = cov.sum(axis=1).max()  # widest row, by coverage
        tall = cov.sum(axis=0).max()  # tallest column, by coverage
        top = cy + 0.5 - tall / 2
        out.append(dict(diameter=2 * np.sqrt(area / np.pi) / s, across=across / s, tall=tall / s,
                        cx=cx / s, cy=(cy + 0.5) / s, top=top / s, bottom=(top + tall) / s))
    return out


def chevron(a, s, edge):
    """The ink in the row's first text line, in the 60 pt before the row's trailing edge, right of the date's
    last ink column (the gap of >= 3 pt that separates date and chevron)."""
    lum = a @ np.array([0.299, 0.587, 0.114])
    x1 = edge - int(2 * s)
    x0 = edge - int(60 * s)
    # the top line: the first rows of the row's white area that carry ink in that strip
    white_rows = np.nonzero((a[:, x0:x1].min(axis=2) > 250).mean(axis=1) > 0.3)[0]
    y0 = int(white_rows[0])
    strip = 255 - lum[y0: y0 + int(40 * s), x0:x1]
    ink_cols = np.nonzero((strip > 40).any(axis=0))[0]
    if not len(ink_cols):
        return None
    # split into runs; the last run is the chevron
    runs = np.split(ink_cols, np.nonzero(np.diff(ink_cols) > 2 * s)[0] + 1)
    c = runs[-1]
    box = strip[:, c[0]: c[-1] + 1]
    rows = np.nonzero((box > 40).any(axis=1))[0]
    box = box[rows[0]: rows[-1] + 1]
    return dict(left=(x0 + c[0]) / s, right=(x0 + c[-1] + 1) / s, top=(y0 + rows[0]) / s,
                bottom=(y0 + rows[-1] + 1) / s, ink=box.sum() / 255 / s / s, darkest=255 - box.max(),
                width=(c[-1] + 1 - c[0]) / s, height=(rows[-1] + 1 - rows[0]) / s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("images", nargs="+")
    ap.add_argument("--scale", type=float)
    ap.add_argument("--top", type=float, default=0.0)
    args = ap.parse_args()
    for path in args.images:
        a = load(path)
        s = args.scale or a.shape[1] / 389.0
        edge = row_edge(a, s)
        top, bottom = row_span(a, s, edge)
        print(f"{path}: {a.shape[1]}x{a.shape[0]} px, {s:.4f} px/pt, row ends at x {edge / s:.1f} pt, "
              f"white from y {top + args.top:.1f} to {bottom + args.top:.1f}")
        tt, tb, tl = title_ink(a, s)
        print(f"  title ink: y {tt + args.top:.1f}-{tb + args.top:.1f}, left {tl:.1f}")
        for k, d in enumerate(discs(a, s, edge + int(4 * s))):
            print(f"  disc {k}: diameter {d['diameter']:.1f} (across {d['across']:.1f}, tall {d['tall']:.1f}), centre ({d['cx']:.1f}, {d['cy'] + args.top:.1f}), "
                  f"y {d['top'] + args.top:.1f}-{d['bottom'] + args.top:.1f}")
        c = chevron(a, s, edge)
        if c:
            print(f"  chevron: x {c['left']:.1f}-{c['right']:.1f}, y {c['top'] + args.top:.1f}-{c['bottom'] + args.top:.1f}"
                  f" ({c['width']:.1f} x {c['height']:.1f}), ink {c['ink']:.1f} pt^2, darkest {c['darkest']:.0f}")


if __name__ == "__main__":
    sys.exit(main())
