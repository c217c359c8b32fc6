#!/usr/bin/env python3
"""Measure a swipe-cell preview GIF, or compare ours against a reference recording.

    scripts/compare_swipe.py GIF                      # measure one GIF, print tables
    scripts/compare_swipe.py REF.gif OURS.gif         # measure both, side by side, pass/fail
        [--sheet out.png] [--json] [--frames] [--scale 1.2308] [--glyph]

Both GIFs must be 480 px wide at the same framing (default scale 1.2308 px per pt, i.e. a 390 pt wide screen).
All results are in pt (px / scale) and ms. Frame i is shown at t_i = sum of the durations of frames 0..i-1;
frame rates may differ between the two GIFs (comparisons are made on times, not frame numbers).

What is measured (Pillow, numpy and scipy):

(a) Touch timeline. The recorder draws the finger as systemBlue (0,122,255) at alpha ~0.55. A pixel is a disc
    candidate if it is consistent with that blend over *any* background (r <= 119, 62 <= g <= 187, b >= 135),
    or with a weaker blend over white (b >= 248 and g ~ 255 - 0.52 (255 - r), alpha 0.15..0.6). Exact
    systemBlue pixels (tint text, the blue "Unread" button; the disc is invisible over it anyway) and pixels
    that are candidates in >= 95% of frames (static blue UI; a finger can rest on one spot for most of a
    recording) are dropped. The disc is the largest blob of candidates that is at most about a disc across
    in one direction (a blue button fading in is not), else the largest; it must cover 350 px. Its centre is
    where a disc of the pressed radius (29 px) covers the most blueness (b - r: about 140 for the disc over
    any grey, 0 around it), moved a radius in from the blob's front edge when a motion trail makes the blob
    reach much further on one side, and placed by its chord where the screen's side cuts it. alpha = median
    alpha of its pixels lying over white (when there are >= 25 of them); radius = sqrt(area/pi).
    Release: while the finger is down the disc is opaque (alpha ~0.55, r ~115 over white). On lift-off the
    recorder turns it lighter (alpha ~0.4) for ~3 frames, then expands it while fading for ~5 frames. A
    frame counts as "pressed" if alpha >= 0.44 (or, alpha unknown, radius <= 34 px); release time = time of
    the first non-pressed frame of a touch episode (lift-off happened in the preceding frame interval, so
    the true release is up to one frame duration earlier), or the end of the last disc frame if the disc
    never lightens. A tap whose first frame is already light is reported with release = touch-down.
(b) Swiped row. Pixels that become "action-like" (saturated: max-min > 60, or near systemGray3 #C7C7CC)
    relative to frame 0 and are not disc pixels are counted per y in the frame with the most of them; the
    longest run of y where >= 20% of the width is new gives the row top/bottom (= the buttons' extent, i.e.
    the cell height). The cell's x extent is the white span of that band in frame 0 (inset-grouped: 20..370
    pt). Per frame, the horizontal content offset is measured at the cell edge: column medians of the band
    (disc pixels excluded) are "action" when they are not near-white; from the cell's trailing (or leading)
    edge inward, the run of action columns is the action area; offset = -(its width) for trailing swipes
    (content moves left), +width for leading ones. A second estimate, "text" offset, cross-correlates the
    row's dark text pixels of frame 0 against the frame (fraction of text pixels that match when shifted by
    d px); it is reported when >= 40 text pixels remain visible. Under an overlay's dim (an action sheet's
    black dimming view, which multiplies every colour) the row is read from the frame divided by the dim,
    measured as the median lightness ratio to frame 0 in the bright cells 4-24 px above the row.
(c) Fully open state: the first run of >= 3 frames after the (first) release whose edge offsets are within
    0.5 pt of each other and whose |offset| >= 20 pt; if none, the widest such steady run anywhere. Its
    action area is split into buttons where the per-column median colour changes (> 20 RGB units); for each
    button: x start, width (pt, screen coordinates) and fill colour = median RGB of its pixels within 30
    units of the column medians (glyph and title pixels excluded), 2 px in from each side.
(d) Timing: rest = first frame after release from which |offset - open offset| <= 0.5 pt up to the open
    frame; expansion = first frame whose action area is a single colour segment wider than 1.3x the widest
    open button (or > 60% of the cell) - "fills row" when |offset| >= cell width - 2 pt; slide back = first
    frame after expansion with |offset| < 0.5 pt; row deletion = rows below the swiped row shifted up vs
    frame 0 (vertical cross-correlation, reported per frame as "below_dy"); dim = mean luminance of the
    area outside the row vs frame 0 (overlay appears when < 0.97); sheet = top y of a bright region at the
    bottom while dimmed.

Comparison targets: geometry within 2 pt, colours within 3 units per channel, timing within 10% (absolute
times measured from the GIF start; durations such as release->rest compared as durations), with a floor
of one reference frame duration (~33 ms) because the recording only samples every 30-40 ms.
--sheet writes a contact sheet, reference frames above ours at equal times (every --sheet-step ms).
"""
import argparse
import json
import math
import sys

import numpy as np
from PIL import Image, ImageDraw
from scipy import ndimage
from scipy.signal import fftconvolve

BLUE = np.array([0, 122, 255])


# ----------------------------------------------------------------------------------------------- loading
def load_gif(path):
    im = Image.open(path)
    frames, times, durs = [], [], []
    t = 0
    for i in range(im.n_frames):
        im.seek(i)
        d = im.info.get("duration", 0) or 0
        frames.append(np.asarray(im.convert("RGB")).astype(np.int16))
        times.append(t)
        durs.append(d)
        t += d
    return frames, times, durs


# ----------------------------------------------------------------------------------------------- disc
def disc_candidates(a):
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    strict = (r <= 119) & (g >= 62) & (g <= 187) & (b >= 135)
    alpha_w = (255 - r) / 255.0
    white = (b >= 248) & (np.abs(g - (255 - 0.5216 * (255 - r))) <= 8) & (alpha_w >= 0.15) & (alpha_w <= 0.62)
    exact = np.abs(a - BLUE).sum(-1) < 24
    return (strict | white) & ~exact, white, alpha_w


def label(mask):
    """4-connected components of a boolean mask."""
    lab, n = ndimage.label(mask)
    return lab.astype(np.int32), int(n)


# The pressed disc's radius in the 480-px recordings: 46 pt across (measured on every recording, 45.5-46.8 pt).
DISC_RADIUS_PX = 29


def disc_kernel(r):
    yy, xx = np.mgrid[-r:r + 1, -r:r + 1]
    return ((xx * xx + yy * yy) <= r * r).astype(np.float32)


def disc_centre(a, allowed, comp):
    """The disc's centre (px): where a disc of the pressed radius covers the most blueness (b - r), which is
    about 140 for systemBlue at 55% over any grey, white or black and 0 for the neutral UI around it. A centroid
    of the blob lags a moving finger: the recorder leaves a lighter trail behind it, and dark text under the disc
    splits the blob. Blueness of a lighter trail loses against the core's, so the best placement is the core.
    A disc cut by the screen's side covers the same visible part from anywhere further in, so there the centre
    is placed by the chord the side shows: its middle, and as far from the side as a chord of that length is
    from the centre of a disc of the pressed radius (inside when more than a radius of it shows)."""
    H, W = comp.shape
    R = DISC_RADIUS_PX
    ys, xs = np.nonzero(comp)
    x0, x1, y0, y1 = int(xs.min()), int(xs.max()), int(ys.min()), int(ys.max())
    bx0, bx1 = max(0, x0 - R - 2), min(W, x1 + R + 3)
    by0, by1 = max(0, y0 - R - 2), min(H, y1 + R + 3)
    B = np.clip(a[by0:by1, bx0:bx1, 2] - a[by0:by1, bx0:bx1, 0], 0, None).astype(np.float32)
    exact = np.abs(a[by0:by1, bx0:bx1] - BLUE).sum(-1) < 24
    B *= (allowed[by0:by1, bx0:bx1] & ~exact)
    score = fftconvolve(B, disc_kernel(R), mode="same")
    # Centres only where the blob is (its own pixels, not the far side of a neighbouring blue area).
    inside = np.zeros_like(score, bool)
    inside[max(0, y0 - by0):y1 - by0 + 1, max(0, x0 - bx0):x1 - bx0 + 1] = True
    score = np.where(inside, score, -1)
    k = np.unravel_index(int(np.argmax(score)), score.shape)

    def refine(s, i, j, axis):
        n = s.shape[axis]
        idx = (i, j)[axis]
        if 0 < idx < n - 1:
            lo = s[(i - 1, j) if axis == 0 else (i, j - 1)]
            hi = s[(i + 1, j) if axis == 0 else (i, j + 1)]
            mid = s[i, j]
            den = lo - 2 * mid + hi
            if lo >= 0 and hi >= 0 and den < 0:
                return idx + 0.5 * (lo - hi) / den
        return float(idx)

    cy = by0 + refine(score, k[0], k[1], 0)
    cx = bx0 + refine(score, k[0], k[1], 1)
    # A fast finger's trail is nearly as blue as the disc next to it and pulls the best placement back along the
    # motion; the disc's front edge stays sharp. Where the blob reaches much further to one side of the centre
    # than to the other, the short side is the front: the centre is a radius in from that edge.
    for axis in (1, 0):
        c = cx if axis == 1 else cy
        other = int(round(cy if axis == 1 else cx))
        band = comp[max(0, other - 6):other + 7, :] if axis == 1 else comp[:, max(0, other - 6):other + 7].T
        idx = np.nonzero(band.any(axis=0))[0]
        if idx.size == 0:
            continue
        lo, hi = c - idx.min(), idx.max() - c
        if abs(hi - lo) > 6 and min(idx.min(), band.shape[1] - 1 - idx.max()) > 0:
            c = idx.min() - 0.25 + R if lo < hi else idx.max() + 0.25 - R
        if axis == 1:
            cx = c
        else:
            cy = c
    for side in (0, W - 1):
        col = comp[:, side]
        if col.sum() < 4 or abs(cx - side) > R + 2:
            continue
        cys = np.nonzero(col)[0]
        chord = cys.max() - cys.min() + 1
        mid = 0.5 * (cys.min() + cys.max())
        d = math.sqrt(max(0.0, R * R - (chord / 2) ** 2))
        row = comp[int(round(mid))]
        shown = row.sum()
        inward = 1 if side == 0 else -1
        # The side's pixel centre is at `side`; the disc's edge is half a pixel beyond it.
        edge = side - 0.5 * inward
        cx = edge + inward * d if shown > R else edge - inward * d
        cy = mid
    return cx + 0.5, cy + 0.5


def detect_discs(frames, scale):
    cands = [disc_candidates(a) for a in frames]
    freq = np.mean([c[0] for c in cands], axis=0)
    # Blue UI is blue in every frame; a finger held still can stay over one spot for most of a recording
    # (Transition_Animation_Favorite: 0.4 s to its end), so only what is blue nearly throughout is static.
    static = freq >= 0.95
    out, masks = [], []
    for a, (m, white, alpha_w) in zip(frames, cands):
        m = m & ~static
        # 2x downsample for labelling speed
        h, w = m.shape
        small = m[: h // 2 * 2, : w // 2 * 2].reshape(h // 2, 2, w // 2, 2).any(axis=(1, 3))
        lab, n = label(small)
        best = None
        if n:
            sizes = np.bincount(lab.ravel())[1:]
            # The largest blob that is about a disc across in one direction at least (a trail only lengthens it
            # along the motion): a light blue button fading in is as blue as the disc but a row tall and wide.
            # Else the largest: a disc that touches such a button merges with it.
            k = int(np.argmax(sizes)) + 1
            boxes = ndimage.find_objects(lab)
            for j in np.argsort(-sizes):
                sl = boxes[j]
                if 4 * sizes[j] < math.pi * DISC_RADIUS_PX ** 2 / 3:
                    break  # a third of a disc at least (one cut by the screen's side)
                if sl is not None and 2 * min(sl[0].stop - sl[0].start, sl[1].stop - sl[1].start) <= 2 * DISC_RADIUS_PX + 14:
                    k = int(j) + 1
                    break
            comp = np.kron(lab == k, np.ones((2, 2), bool))
            comp = np.pad(comp, ((0, h - comp.shape[0]), (0, w - comp.shape[1]))) & m
            area = int(comp.sum())
            if area >= 350:
                ys, xs = np.nonzero(comp)
                over_white = comp & white
                alpha = float(np.median(alpha_w[over_white])) if over_white.sum() >= 25 else None
                rad = math.sqrt(area / math.pi)
                pressed = (alpha >= 0.44) if alpha is not None else (rad <= 34)
                cx, cy = disc_centre(a, ~static, comp)
                best = dict(x=cx / scale, y=cy / scale, r=rad / scale,
                            alpha=alpha, pressed=bool(pressed),
                            bbox=[int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())])
                # What the disc hides from the row measurements: bluish pixels (trail, antialiasing) near the
                # blob, and the disc itself. Near means within a few pixels of the blob, not its bounding box: a
                # disc that touches a blue button merges with it, and the button must stay measurable.
                loose = (a[..., 2] - a[..., 0] > 20) & (a[..., 2] >= 120)
                near = ndimage.binary_dilation(comp, iterations=6)
                yy, xx = np.ogrid[0:h, 0:w]
                disc = (xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2 <= (DISC_RADIUS_PX + 4) ** 2
                exact = np.abs(a - BLUE).sum(-1) < 24
                masks.append((near & loose & ~exact) | comp | (disc & loose))
        if best is None:
            masks.append(np.zeros(m.shape, bool))
        # The recorder's trail: lighter copies of the disc where the finger was in the last frames, anywhere
        # along its path (not only next to the disc). Over the white content they read as not white, and the
        # row's edge was found at the trail's far end (Transition_Animation_Rotate at 0.14 and 0.26 s: 20 and
        # 13 pt too open). Bluish pixels that are not the UI's blue are left out of the row measurements.
        h, w = m.shape
        trail = (a[..., 2].astype(np.int32) - a[..., 0] > 20) & (a[..., 2] >= 120) & ~static \
            & ~(np.abs(a - BLUE).sum(-1) < 24)
        masks[-1] = masks[-1] | trail
        out.append(best)
    return out, masks


def touch_episodes(discs, times, durs):
    eps, cur = [], None
    for i, d in enumerate(discs):
        if d is not None:
            if cur is None:
                cur = dict(first=i, frames=[])
            cur["frames"].append(i)
        elif cur is not None:
            eps.append(cur)
            cur = None
    if cur is not None:
        eps.append(cur)
    res = []
    for e in eps:
        fr = e["frames"]
        if len(fr) < 2 and not discs[fr[0]]["pressed"]:
            pass
        # lift-off = start of the recorder's expand-and-fade: walk back from the widest disc frame while the
        # radius keeps growing by > 0.5 px per frame
        rad = [discs[i]["r"] for i in fr]
        kmax = int(np.argmax(rad))
        k = kmax
        while k - 1 >= 0 and rad[k - 1] < rad[k] - 0.5 / 1.2308:
            k -= 1
        light = next((i for i in fr if not discs[i]["pressed"]), None)
        if kmax > 0 and k < kmax and rad[kmax] - rad[k] > 2.0:
            rel = fr[k]
            t_rel = times[rel]
            how = "expand-fade starts (frame %d)" % rel
        else:
            rel = None
            t_rel = times[fr[-1]] + durs[fr[-1]]
            how = "disc vanished"
        pressed = [i for i in fr if rel is None or i < rel] or fr[:1]
        path = [(times[i], discs[i]["x"], discs[i]["y"]) for i in (pressed or fr[:1])]
        x0, x1 = path[0][1], path[-1][1]
        # peak speed over pressed frames
        sp = [abs(path[k + 1][1] - path[k][1]) / max(1e-3, (path[k + 1][0] - path[k][0]) / 1000)
              for k in range(len(path) - 1)]
        moving = [p for k, p in enumerate(path[1:]) if abs(p[1] - path[k][1]) > 1.0]
        res.append(dict(down_ms=times[fr[0]], down_frame=fr[0], release_ms=t_rel, release_how=how,
                        lighten_ms=(times[light] if light is not None else None),
                        last_disc_frame=fr[-1], x_down=x0, y_down=path[0][2], x_release=x1,
                        move_start_ms=(moving[0][0] if moving else None),
                        move_end_ms=(moving[-1][0] if moving else None),
                        dx=x1 - x0, peak_speed=max(sp) if sp else 0.0,
                        mean_speed=(abs(x1 - x0) / max(1e-3, (path[-1][0] - path[0][0]) / 1000)
                                    if len(path) > 1 else 0.0),
                        path=[(t, round(x, 1)) for t, x, _ in path]))
    return res


# ----------------------------------------------------------------------------------------------- row
def action_like(a):
    sat = a.max(-1) - a.min(-1)
    grey3 = np.abs(a - np.array([199, 199, 203])).sum(-1) < 18
    return (sat > 60) | grey3


def find_row(frames, dmasks):
    # The base is the frame with the fewest action pixels, not frame 0: some recordings loop from mid-swipe and
    # show buttons in their first frame (Transition_Animation_Spring is 63 pt open there).
    top0 = lum(frames[0][:30]).mean()
    undimmed = [i for i, a in enumerate(frames) if lum(a[:30]).mean() >= 0.97 * top0]
    counts = {i: int((action_like(frames[i]) & ~dmasks[i]).sum()) for i in undimmed}
    base = action_like(frames[min(undimmed, key=lambda i: counts[i])])
    best, bi = None, 0
    for i, (a, dm) in enumerate(zip(frames, dmasks)):
        if i not in counts:
            continue  # dimmed by an overlay: greys would look like systemGray3
        new = action_like(a) & ~base & ~dm
        c = int(new.sum())
        if best is None or c > best[0]:
            best = (c, new)
            bi = i
    frac = best[1].mean(axis=1)
    # 12% of the width: where the base frame already shows buttons only the newly shown ones count.
    on = frac >= 0.12
    runs, s = [], None
    for y, v in enumerate(list(on) + [False]):
        if v and s is None:
            s = y
        if not v and s is not None:
            runs.append((s, y))
            s = None
    if not runs:
        return None
    y0, y1 = max(runs, key=lambda r: r[1] - r[0])
    # Leading or trailing: which side the new pixels are on, voted by every frame that shows some without
    # covering most of the row (a fill covers both sides, and the frame with the most new pixels is one).
    w = frames[0].shape[1]
    votes = 0
    for i, (a, dm) in enumerate(zip(frames, dmasks)):
        if i not in counts:
            continue
        cols = (action_like(a[y0:y1]) & ~base[y0:y1] & ~dm[y0:y1]).mean(axis=0)
        xs = np.nonzero(cols > 0.3)[0]
        if 0.03 * w <= xs.size <= 0.6 * w:
            votes += 1 if xs.mean() < w / 2 else -1
    leading = votes > 0
    # cell x extent: columns of the band's middle that are white (content) or action-like (buttons) in some
    # frame; the grouped list's grey margins are neither (frame 0 alone misses a cell that starts open).
    # White means 250 and up: the recordings' edge columns carry dithered near-whites such as (245, 250, 254)
    # over the grey margin, which moved the cell's edge out by 2 px.
    # A column must be so in 5% of the frames (3 at least): a recorder's odd frame can show a column more.
    hits = np.zeros(w, int)
    for a in frames:
        band = a[y0 + (y1 - y0) // 4: y1 - (y1 - y0) // 4]
        hits += ((band.min(-1) >= 250) | action_like(band)).mean(axis=0) > 0.5
    whitecol = hits >= max(3, 0.05 * len(frames))
    wx = np.nonzero(whitecol)[0]
    cx0, cx1 = (int(wx.min()), int(wx.max()) + 1) if wx.size else (0, w)
    if cx0 <= 3:
        cx0 = 0
    if cx1 >= w - 3:
        cx1 = w
    return dict(top=y0, bottom=y1, leading=bool(leading), cell_x0=cx0, cell_x1=cx1, max_frame=bi)


def column_medians(a, y0, y1, dm):
    band = a[y0:y1].astype(np.float32)
    m = dm[y0:y1]
    band = np.where(m[..., None], np.nan, band)
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            med = np.nanmedian(band, axis=0)
    return med  # (w, 3), nan where fully masked


# The widest white run inside a button's color that is its symbol or title (px at 480 wide), not its edge.
GLYPH_SPAN = 60


def edge_offset(a, row, dm):
    y0, y1 = row["top"], row["bottom"]
    # avoid rounded corners: use inner 80% of the band
    h = y1 - y0
    med = column_medians(a, y0 + h // 10, y1 - h // 10, dm)
    notwhite = np.nansum(np.abs(255 - med), axis=1) > 30
    nanc = np.isnan(med).any(axis=1)
    x0, x1 = row["cell_x0"], row["cell_x1"]
    if row["leading"]:
        x, gap = x0, 0
        last = x0
        while x < x1:
            if notwhite[x] or nanc[x]:
                gap = 0
                last = x + 1
            else:
                gap += 1
                if gap > 2:
                    resume = glyph_end(med, notwhite, x, last - 1, 1, x1)
                    if resume is None:
                        break
                    x, gap = resume, 0
                    continue
            x += 1
        width = last - x0
        return width, med, (x0, last)
    x, gap, last = x1 - 1, 0, x1
    while x >= x0:
        if notwhite[x] or nanc[x]:
            gap = 0
            last = x
        else:
            gap += 1
            if gap > 2:
                resume = glyph_end(med, notwhite, x, last, -1, x0)
                if resume is None:
                    break
                x, gap = resume, 0
                continue
        x -= 1
    width = x1 - last
    return -width, med, (last, x1)


def glyph_end(med, notwhite, x, edge, step, stop):
    """Where a white run that x ends (scanning by `step` from the button's column `edge`, the last one before
    the run) is a glyph: the same saturated button color again within GLYPH_SPAN columns, that column; else
    None. A filling row's mask closes from below while it deletes, and then the columns of the button's white
    symbol and title read white in the band's median; the row's content would show its edge there, not the
    button's color again."""
    if not 0 <= edge < len(med):
        return None
    # The button's color: the saturated columns from the edge back into the button (its symbol's edges are
    # lighter).
    near = med[edge::-step][:GLYPH_SPAN]
    near = near[~np.isnan(near).any(axis=1)]
    near = near[near.max(axis=1) - near.min(axis=1) >= 60]
    if len(near) < 3:
        return None
    color = np.median(near, axis=0)
    y = x
    for _ in range(GLYPH_SPAN):
        y += step
        if (y < stop) if step < 0 else (y >= stop):
            return None
        m = med[y]
        if notwhite[y] and not np.isnan(m).any() and np.abs(m - color).sum() < 30:
            return y
    return None


def text_offset(a0, a, row, dm, search):
    y0, y1 = row["top"], row["bottom"]
    b0 = a0[y0:y1]
    b = a[y0:y1]
    m = b0.max(-1) < 170
    ys, xs = np.nonzero(m)
    if xs.size < 40:
        return None
    if xs.size > 6000:
        sel = np.linspace(0, xs.size - 1, 6000).astype(int)
        ys, xs = ys[sel], xs[sel]
    w = a.shape[1]
    ds = np.arange(-search, search + 1)
    X = xs[None, :] + ds[:, None]
    valid = (X >= 0) & (X < w)
    Xc = np.clip(X, 0, w - 1)
    cur = b[ys[None, :], Xc]
    ref = b0[ys, xs][None, :]
    dmb = dm[y0:y1][ys[None, :], Xc]
    match = (np.abs(cur - ref).sum(-1) < 90) & valid & ~dmb
    nvalid = (valid & ~dmb).sum(1)
    frac = np.where(nvalid >= 40, match.sum(1) / np.maximum(nvalid, 1), 0)
    k = int(np.argmax(frac))
    if frac[k] < 0.5:
        return None
    d = float(ds[k])
    if 0 < k < len(ds) - 1:
        f0, f1, f2 = frac[k - 1], frac[k], frac[k + 1]
        den = f0 - 2 * f1 + f2
        if den < 0:
            d += 0.5 * (f0 - f2) / den
    return d, float(frac[k])


def segments(a, row, span, med, scale, dm):
    x0, x1 = span
    if x1 - x0 < 4:
        return []
    y0, y1 = row["top"], row["bottom"]
    h = y1 - y0
    segs, s = [], x0
    for x in range(x0 + 1, x1 + 1):
        if x == x1 or np.nan_to_num(np.abs(med[x] - med[x - 1]).sum(), nan=999) > 20:
            if x - s >= 3:
                segs.append([s, x])
            s = x
    # merge tiny gaps: neighbours of similar colour
    out = []
    for sgs in segs:
        c = np.nanmedian(med[sgs[0]:sgs[1]], axis=0)
        if out and np.abs(out[-1][2] - c).sum() < 20 and sgs[0] - out[-1][1] <= 3:
            out[-1][1] = sgs[1]
        else:
            out.append([sgs[0], sgs[1], c])
    res = []
    for s0, s1, c in out:
        if s1 - s0 < 4:
            continue
        patch = a[y0 + h // 10: y1 - h // 10, s0 + 2: s1 - 2].reshape(-1, 3)
        pm = dm[y0 + h // 10: y1 - h // 10, s0 + 2: s1 - 2].reshape(-1)
        ok = (np.abs(patch - c).sum(-1) < 30) & ~pm
        fill = np.median(patch[ok], axis=0) if ok.sum() > 10 else c
        # glyph (near-white pixels) bbox inside the button
        sub = a[y0:y1, s0:s1]
        wm = (sub.min(-1) >= 230) & ~dm[y0:y1, s0:s1]
        gy, gx = np.nonzero(wm)
        glyph = None
        if gy.size > 5:
            glyph = dict(count=int(gy.size), h=float((gy.max() - gy.min() + 1) / scale),
                         w=float((gx.max() - gx.min() + 1) / scale))
        res.append(dict(x=s0 / scale, w=(s1 - s0) / scale, x_px=int(s0), w_px=int(s1 - s0),
                        color=[int(round(v)) for v in fill],
                        hex="#%02X%02X%02X" % tuple(int(round(v)) for v in fill), glyph=glyph))
    return res


def lum(a):
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


# ----------------------------------------------------------------------------------------------- analyse
def analyse(path, scale, fast=False):
    """`fast` leaves out the text cross-correlation and the rows-below shift (most of the time taken)."""
    frames, times, durs = load_gif(path)
    H, W = frames[0].shape[:2]
    discs, dmasks = detect_discs(frames, scale)
    eps = touch_episodes(discs, times, durs)
    row = find_row(frames, dmasks)
    res = dict(file=path, size=[W, H], n_frames=len(frames), total_ms=sum(durs), first_frame_ms=durs[0],
               durations=durs, touches=eps, row=None, frames=[])
    if row is None:
        return res
    y0, y1 = row["top"], row["bottom"]
    res["row"] = dict(top=y0 / scale, bottom=y1 / scale, height=(y1 - y0) / scale, top_px=y0, bottom_px=y1,
                      cell_x0=row["cell_x0"] / scale, cell_x1=row["cell_x1"] / scale,
                      side="leading" if row["leading"] else "trailing")
    cellw = (row["cell_x1"] - row["cell_x0"]) / scale
    l0 = lum(frames[0])
    outside = np.ones((H, W), bool)
    outside[max(0, y0 - 2): y1 + 2] = False
    below0 = l0[y1 + 2: min(H, y1 + 2 + 200)] if y1 + 40 < H else None
    # Where frame 0 is bright just above the swiped row (the cells above it), the ratio of a frame's lightness
    # to frame 0's is an overlay's dim there: an action sheet's black dimming view multiplies every color.
    above = slice(max(0, y0 - 24), max(0, y0 - 4))
    lit = l0[above] > 200
    measures_dim = lit.sum() > 100
    per = []
    for i, a in enumerate(frames):
        dm = dmasks[i]
        # Under the dim the row's white reads as grey and its whole width as open: the row is read from the
        # frame with the dim divided out (the swiped row itself is under the same overlay).
        # The dim and the sheet below are measured on the frame as it is.
        li = lum(a)
        k = float(np.median(li[above][lit] / l0[above][lit])) if measures_dim else 1.0
        # A ratio of 0 (the cells above gone black: not a dim) would divide by zero.
        seen = np.clip(np.rint(a.astype(np.float32) / k), 0, 255).astype(a.dtype) if 0 < k < 0.97 else a
        off_px, med, span = edge_offset(seen, row, dm)
        t = None if fast else text_offset(frames[0], seen, row, dm, W)
        segs = segments(seen, row, span, med, scale, dm)
        o = outside & ~dm
        dim = float(li[o].mean() / max(1e-3, l0[o].mean()))
        fr = dict(i=i, t=times[i], dur=durs[i], offset=off_px / scale,
                  text_offset=(t[0] / scale if t else None), text_conf=(t[1] if t else None),
                  n_buttons=len(segs), buttons=segs, dim=dim,
                  touch=discs[i])
        # rows below: vertical shift vs frame 0
        if below0 is not None and H - y1 > 250 and not fast:
            best, bdy = None, 0
            hh = below0.shape[0]
            for dy in range(0, (y1 - y0) + 8):
                if y1 + 2 - dy < 0:
                    break
                seg = li[y1 + 2 - dy: y1 + 2 - dy + hh]
                e = float(np.abs(seg - below0).mean())
                if best is None or e < best:
                    best, bdy = e, dy
            fr["below_dy"] = bdy / scale
            fr["below_err"] = best
        # bottom sheet: bright rows at the bottom while dimmed
        if dim < 0.95 and H > 600:
            rowsL = li[H // 2:].mean(axis=1) / np.maximum(1, l0[H // 2:].mean(axis=1))
            bright = rowsL > 0.96
            ys = np.nonzero(bright)[0]
            fr["sheet_top"] = (H // 2 + ys.min()) / scale if ys.size > 20 else None
        per.append(fr)
    res["frames"] = per
    offs = np.array([f["offset"] for f in per])
    t_rel = eps[0]["release_ms"] if eps else None
    # fully open: steady run (>=3 frames within 0.5 pt, |offset| >= 20)
    runs = []
    i = 0
    while i < len(per):
        j = i
        while j + 1 < len(per) and abs(offs[j + 1] - offs[i]) <= 0.5:
            j += 1
        if j - i + 1 >= 3 and abs(offs[i]) >= 20:
            runs.append((i, j))
        i = j + 1
    open_run = None
    if runs:
        after = [r for r in runs if t_rel is not None and times[r[0]] >= t_rel - 1]
        open_run = after[0] if after else max(runs, key=lambda r: abs(offs[r[0]]))
    summary = dict()
    if open_run:
        oi = open_run[0]
        # pick the middle frame of the steady run for colours (no transient)
        mi = (open_run[0] + open_run[1]) // 2
        summary["open_frame"] = mi
        summary["open_ms"] = times[oi]
        summary["open_offset"] = float(offs[oi])
        summary["open_until_ms"] = times[open_run[1]] + durs[open_run[1]]
        summary["open_buttons"] = per[mi]["buttons"]
        if t_rel is not None:
            final = offs[oi]
            k = oi
            while k - 1 >= 0 and times[k - 1] >= t_rel and abs(offs[k - 1] - final) <= 0.5:
                k -= 1
            summary["rest_ms"] = times[k]
            summary["release_to_rest_ms"] = times[k] - t_rel
    summary["max_offset"] = float(offs[np.argmax(np.abs(offs))])
    summary["max_offset_ms"] = times[int(np.argmax(np.abs(offs)))]
    # expansion
    maxw = max([b["w"] for b in summary.get("open_buttons", [])] or [0])
    exp = None
    thr = 1.3 * maxw if maxw > 0 else 0.6 * cellw
    for f in per:
        if f["n_buttons"] == 1 and abs(f["offset"]) > thr:
            exp = f
            break
    if exp:
        summary["expand_ms"] = exp["t"]
        fill = next((f for f in per if f["t"] >= exp["t"] and abs(f["offset"]) >= cellw - 2), None)
        summary["fills_row_ms"] = fill["t"] if fill else None
        back = next((f for f in per if f["t"] > exp["t"] and abs(f["offset"]) < 0.5), None)
        summary["slide_back_ms"] = back["t"] if back else None
    if "below_dy" in per[0]:
        mv = [f for f in per if f["below_dy"] > 1.0]
        if mv:
            full = max(f["below_dy"] for f in per)
            summary["rows_up_start_ms"] = mv[0]["t"]
            done = next((f for f in per if f["t"] >= mv[0]["t"] and f["below_dy"] >= full - 0.5), None)
            summary["rows_up_end_ms"] = done["t"] if done else None
            summary["rows_up_dy"] = full
    dimmed = [f for f in per if f["dim"] < 0.97]
    if dimmed:
        summary["dim_start_ms"] = dimmed[0]["t"]
        mind = min(f["dim"] for f in per)
        summary["dim_min"] = mind
        summary["dim_full_ms"] = next(f["t"] for f in per if f["dim"] <= mind + 0.01)
        sh = [f for f in per if f.get("sheet_top")]
        if sh:
            summary["sheet_first_ms"] = sh[0]["t"]
            final = sh[-1]["sheet_top"]
            summary["sheet_top_final"] = final
            summary["sheet_rest_ms"] = next(f["t"] for f in sh if abs(f["sheet_top"] - final) <= 1)
    res["summary"] = summary
    return res


# ----------------------------------------------------------------------------------------------- output
def fmt(v, nd=1):
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.{nd}f}"
    return str(v)


def report(r, show_frames):
    L = []
    L.append(f"== {r['file']}  {r['size'][0]}x{r['size'][1]}  {r['n_frames']} frames, {r['total_ms']} ms, "
             f"first frame {r['first_frame_ms']} ms")
    for k, e in enumerate(r["touches"]):
        L.append(f"touch {k}: down {e['down_ms']} ms (frame {e['down_frame']}) at x={e['x_down']:.1f} "
                 f"y={e['y_down']:.1f} pt; release {e['release_ms']} ms ({e['release_how']}) at "
                 f"x={e['x_release']:.1f}; dx={e['dx']:.1f} pt, moving {fmt(e['move_start_ms'])}..{fmt(e['move_end_ms'])} ms, "
                 f"mean {e['mean_speed']:.0f} pt/s, peak {e['peak_speed']:.0f} pt/s")
    if r["row"]:
        w = r["row"]
        L.append(f"row: top {w['top']:.1f} pt, bottom {w['bottom']:.1f} pt, height {w['height']:.1f} pt "
                 f"(px {w['top_px']}..{w['bottom_px']}), cell x {w['cell_x0']:.1f}..{w['cell_x1']:.1f} pt, {w['side']}")
    s = r.get("summary", {})
    for k in ("open_frame", "open_ms", "open_offset", "open_until_ms", "rest_ms", "release_to_rest_ms",
              "max_offset", "max_offset_ms", "expand_ms", "fills_row_ms", "slide_back_ms", "rows_up_start_ms",
              "rows_up_end_ms", "rows_up_dy", "dim_start_ms", "dim_full_ms", "dim_min", "sheet_first_ms",
              "sheet_rest_ms", "sheet_top_final"):
        if k in s:
            L.append(f"  {k:20s} {fmt(s[k], 3 if k == 'dim_min' else 1)}")
    for b in s.get("open_buttons", []):
        L.append(f"  button x={b['x']:.1f} w={b['w']:.1f} pt (px {b['x_px']}+{b['w_px']}) {b['hex']} {b['color']}")
    if show_frames:
        L.append("  frame    t   dur  touch(x,y,alpha,r)            offset  text_off  buttons  dim   below_dy sheet")
        for f in r["frames"]:
            d = f["touch"]
            ts = (f"{'P' if d['pressed'] else 'l'} {d['x']:6.1f},{d['y']:6.1f} a={fmt(d['alpha'], 2)} r={d['r']:.1f}"
                  if d else "-")
            bs = " ".join(f"{b['hex']}:{b['w']:.0f}" for b in f["buttons"])
            L.append(f"  {f['i']:4d} {f['t']:5d} {f['dur']:4d}  {ts:30s} {f['offset']:7.1f} {fmt(f['text_offset']):>8s}  "
                     f"{f['dim']:.3f} {fmt(f.get('below_dy')):>6s} {fmt(f.get('sheet_top')):>6s}  {bs}")
    return "\n".join(L)


def compare(a, b):
    rows = []

    def add(name, va, vb, kind):
        if va is None or vb is None:
            rows.append((name, va, vb, None, "n/a"))
            return
        if kind == "geom":
            d = vb - va
            ok = abs(d) <= 2.0
        elif kind == "time":
            d = vb - va
            ok = abs(d) <= max(0.1 * abs(va), 33)
        elif kind == "color":
            d = max(abs(x - y) for x, y in zip(va, vb))
            ok = d <= 3
        rows.append((name, va, vb, d, "PASS" if ok else "FAIL"))

    ea, eb = (a["touches"] or [None])[0], (b["touches"] or [None])[0]
    add("touch-down ms", ea and ea["down_ms"], eb and eb["down_ms"], "time")
    add("release ms", ea and ea["release_ms"], eb and eb["release_ms"], "time")
    add("finger x down pt", ea and ea["x_down"], eb and eb["x_down"], "geom")
    add("finger x release pt", ea and ea["x_release"], eb and eb["x_release"], "geom")
    ra, rb = a["row"] or {}, b["row"] or {}
    for k in ("top", "height", "cell_x0", "cell_x1"):
        add("row " + k, ra.get(k), rb.get(k), "geom")
    sa, sb = a.get("summary", {}), b.get("summary", {})
    for k in ("open_offset", "max_offset"):
        add(k, sa.get(k), sb.get(k), "geom")
    for k in ("open_ms", "rest_ms", "release_to_rest_ms", "expand_ms", "fills_row_ms", "slide_back_ms",
              "rows_up_start_ms", "rows_up_end_ms", "dim_start_ms", "dim_full_ms", "sheet_first_ms", "sheet_rest_ms"):
        if k in sa or k in sb:
            add(k, sa.get(k), sb.get(k), "time")
    ba, bb = sa.get("open_buttons", []), sb.get("open_buttons", [])
    for k in range(max(len(ba), len(bb))):
        x = ba[k] if k < len(ba) else None
        y = bb[k] if k < len(bb) else None
        add(f"button{k} x", x and x["x"], y and y["x"], "geom")
        add(f"button{k} w", x and x["w"], y and y["w"], "geom")
        add(f"button{k} color", x and x["color"], y and y["color"], "color")
    # offset curve: sample at reference frame times
    fa, fb = a["frames"], b["frames"]
    if fa and fb:
        tb = np.array([f["t"] for f in fb])
        errs = []
        for f in fa:
            j = int(np.searchsorted(tb, f["t"], side="right") - 1)
            errs.append(abs(fb[max(0, j)]["offset"] - f["offset"]))
        rows.append(("offset curve max |d| pt", None, None, max(errs), "PASS" if max(errs) <= 2 else "FAIL"))
        rows.append(("offset curve mean |d| pt", None, None, float(np.mean(errs)), "-"))
    return rows


def print_compare(rows):
    print(f"{'quantity':26s} {'reference':>18s} {'ours':>18s} {'diff':>10s}  result")
    for name, va, vb, d, res in rows:
        def s(v):
            if isinstance(v, list):
                return "#%02X%02X%02X" % tuple(v)
            return fmt(v)
        print(f"{name:26s} {s(va):>18s} {s(vb):>18s} {fmt(d):>10s}  {res}")
    n_fail = sum(1 for r in rows if r[4] == "FAIL")
    print(f"{n_fail} FAIL, {sum(1 for r in rows if r[4] == 'PASS')} PASS")


def contact_sheet(pa, pb, out, step, scale_img=0.5):
    fa, ta, _ = load_gif(pa)
    fb, tb, _ = load_gif(pb)
    end = min(ta[-1], tb[-1])
    ts = list(range(0, int(end) + 1, step))
    w, h = int(fa[0].shape[1] * scale_img), int(fa[0].shape[0] * scale_img)
    hb = int(fb[0].shape[0] * scale_img)
    cols = 8
    rows = (len(ts) + cols - 1) // cols
    S = Image.new("RGB", (cols * w, rows * (h + hb + 14)), "black")
    D = ImageDraw.Draw(S)
    for k, t in enumerate(ts):
        ia = int(np.searchsorted(ta, t, side="right") - 1)
        ib = int(np.searchsorted(tb, t, side="right") - 1)
        x, y = (k % cols) * w, (k // cols) * (h + hb + 14)
        S.paste(Image.fromarray(fa[ia].astype(np.uint8)).resize((w, h)), (x, y + 14))
        S.paste(Image.fromarray(fb[ib].astype(np.uint8)).resize((w, hb)), (x, y + 14 + h))
        D.text((x + 2, y + 1), f"{t} ms  ref#{ia} ours#{ib}", fill="white")
    S.save(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("gifs", nargs="+", help="GIF, or REF.gif OURS.gif")
    ap.add_argument("--scale", type=float, default=1.2308, help="px per pt (default 1.2308)")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("--frames", action="store_true", help="print the per-frame table")
    ap.add_argument("--sheet", help="contact sheet PNG (two GIFs: reference above ours)")
    ap.add_argument("--sheet-step", type=int, default=100, help="ms between sheet columns")
    args = ap.parse_args()
    if len(args.gifs) > 2:
        ap.error("one or two GIFs")
    res = [analyse(p, args.scale) for p in args.gifs]
    cmp_rows = compare(res[0], res[1]) if len(res) == 2 else None
    if args.json:
        out = dict(results=res)
        if cmp_rows:
            out["compare"] = [dict(name=n, ref=a, ours=b, diff=d, result=r) for n, a, b, d, r in cmp_rows]
        print(json.dumps(out, indent=1, default=lambda o: o.tolist() if hasattr(o, "tolist") else str(o)))
    else:
        for r in res:
            print(report(r, args.frames))
            print()
        if cmp_rows:
            print_compare(cmp_rows)
    if args.sheet:
        if len(args.gifs) == 2:
            contact_sheet(args.gifs[0], args.gifs[1], args.sheet, args.sheet_step)
        else:
            contact_sheet(args.gifs[0], args.gifs[0], args.sheet, args.sheet_step)
    if cmp_rows:
        return 1 if any(r[4] == "FAIL" for r in cmp_rows) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
