#!/usr/bin/env python3
"""Frame-by-frame motion against the recordings: compare_swipe.py's measurements, per recorded scene.

    scripts/compare_motion.py table [NAME...] [--output-dir Output] [--markdown] [--json FILE] [--binary B]
        per recorded scene: the swiped row's opening in ours against the recording at every recording frame
        (|difference| mean, p90, max, pt) and, from each release or tap of the scene (its time is the
        recording's, read from the disc or the content), the ms until the row rests within 2.5 pt of where it
        ends up before the next step, in the recording and in ours; for the flow recordings the
        scroll offset instead (RECORDED_FLOW: the screen's shift between frames, or for the reversed list the
        pull measured on its topmost card), release-to-rest per drag; with --binary (the built render-previews)
        also ours rendered at 100 fps, compared at the recording's own instants (swipe scenes)
    scripts/compare_motion.py track NAME [--tolerance 1]
        the recording's finger, frame by frame, and the fewest points [t, x, y] whose path (the scenes'
        "path" step: a monotone cubic through them) passes within the tolerance of every measured centre
        (a flow recording's disc: finger_discs, where a pressed disc's area covers the most blueness)
    scripts/compare_motion.py frames NAME [--until MS] [--binary B]
        the swiped row's opening per recording frame, the recording's and ours side by side (and ours at the
        recording's instants, rendered at 100 fps, with --binary)
    scripts/compare_motion.py bracket NAME [--until MS] [--tolerance 2]
        at each frame of ours: ours, the recording's frame shown then and its next capture (skipping the recorder's
        held frames); ours should lie between
        them (a recording shows its last capture until the next: comparing ours at our instants against the frame
        shown then reads a lead of up to one recording frame that is its frame interval, not the motion)
    scripts/compare_motion.py sheet NAME OUT.png [--step 100]
        reference frames above ours at equal times

NAME is a scene name (swipe-transition-drag). Measurements of a GIF are cached by path, size and mtime in
$COMPARE_CACHE (default /tmp/compare-motion-cache), since one takes 5-40 s.

The opening is compare_swipe.py's edge offset (the width of the action area from the cell's edge; absolute,
so a recording that starts mid-swipe measures as open from its first frame). Ours is sampled at each recording
frame's time (the frame of ours shown then); frames where either GIF has no swiped row measured are skipped.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_swipe as cs  # noqa: E402

REF = "/work/shared/reference"
# Recorded scenes: the scene, its recording.
RECORDED = [
    ("swipe-transition-border", "swipecell/TransitionStyle_Border.gif"),
    ("swipe-transition-drag", "swipecell/TransitionStyle_Drag.gif"),
    ("swipe-transition-reveal", "swipecell/TransitionStyle_Reveal.gif"),
    ("swipe-animation-none", "swipecell/Transition_Animation_None.gif"),
    ("swipe-animation-default", "swipecell/Transition_Animation_Default.gif"),
    ("swipe-animation-spring", "swipecell/Transition_Animation_Spring.gif"),
    ("swipe-animation-rotate", "swipecell/Transition_Animation_Rotate.gif"),
    ("swipe-animation-favorite", "swipecell/Transition_Animation_Favorite.gif"),
    ("swipe-expansion-none", "swipecell/ExpansionStyle_None.gif"),
    ("swipe-expansion-selection", "swipecell/ExpansionStyle_Selecton.gif"),
    ("swipe-expansion-fill", "swipecell/ExpansionStyle_Fill.gif"),
    ("swipe-expansion-fill-delete", "swipecell/ExpansionStyle_Fill+Delete.gif"),
    ("swipe-expansion-fill-reverse", "swipecell/ExpansionStyle_FillReverse.gif"),
]


# Recorded flow scenes: the scroll offset is measured instead of a row's opening, by the method named: "shift"
# (scroll_track: the screen's pixels shifting between frames) or "pull" (pull_track: the reversed Vega list,
# which only ever rubber-bands, measured by its topmost card against the frame before each pull).
RECORDED_FLOW = [
    ("flow-vega", "flowview/VegaStyle.gif", "shift"),
    ("flow-vega-reverse", "flowview/VegaStyle_Reverse.gif", "pull"),
    ("minitimer-folding-timers", "flowview/MiniTimer_1.gif", "shift"),
]
# Per scene: the GIF's px per pt when not 480 px wide, and the part of the recording measured (ms; MiniTimer_1's
# tear after 3.6 s moves rows on its own).
FLOW_OPTIONS = {"minitimer-folding-timers": dict(scale=400 / 390, until=3500)}


def ref_path(name):
    for n, r, _ in RECORDED_FLOW:
        if n == name:
            return os.path.join(os.environ.get("REFERENCE_DIR", REF), r)
    for n, r in RECORDED:
        if n == name:
            return os.path.join(os.environ.get("REFERENCE_DIR", REF), r)
    raise SystemExit(f"compare_motion.py: no recording for {name}")


def scroll_track(path, scale=1.2308, band=(0.45, 0.85)):
    """The content's scroll offset (pt) in every frame, relative to frame 0: the vertical shift of the screen's
    pixels (the middle columns, in a band below the Vega layout's shrinking top) between consecutive frames,
    refined to a fraction of a pixel and summed (content moving up = offset growing)."""
    frames, times, durs = cs.load_gif(path)
    H, W = frames[0].shape[:2]
    y0, y1 = int(band[0] * H), int(band[1] * H)
    # Whole rows of pixels (every 4th column), not a profile: the items look alike row by row, their text
    # does not, so a shift by one item pitch does not match.
    prof = [cs.lum(a)[:, W // 8: W - W // 8: 4] for a in frames]
    off, out = 0.0, [0.0]
    for a, b in zip(prof, prof[1:]):
        best = None
        for d in range(-200, 201):
            e = float(np.abs(b[y0 - d: y1 - d] - a[y0:y1]).mean()) if y0 - d >= 0 and y1 - d <= H else None
            if e is not None and (best is None or e < best[0]):
                best = (e, d)
        errs = {}
        for d in (best[1] - 1, best[1], best[1] + 1):
            if y0 - d >= 0 and y1 - d <= H:
                errs[d] = float(np.abs(b[y0 - d: y1 - d] - a[y0:y1]).mean())
        d = float(best[1])
        if len(errs) == 3:
            f0, f1, f2 = errs[best[1] - 1], errs[best[1]], errs[best[1] + 1]
            den = f0 - 2 * f1 + f2
            if den > 0:
                d += 0.5 * (f0 - f2) / den
        # b at y - d matches a at y: the content moved by -d px (up when d > 0 ... scrolled forward)
        off += d / scale
        out.append(off)
    return dict(times=times, offsets=out)


def cached(kind, path, fn, *extra):
    """fn(path) cached by path, size, mtime and `extra` in $COMPARE_CACHE (JSON)."""
    cache = os.environ.get("COMPARE_CACHE", "/tmp/compare-motion-cache")
    st = os.stat(path)
    key = hashlib.sha1(f"{kind}:{os.path.abspath(path)}:{st.st_size}:{st.st_mtime_ns}:{extra}".encode()).hexdigest()
    f = os.path.join(cache, key + ".json")
    if os.path.exists(f):
        with open(f) as fh:
            return json.load(fh)
    r = fn(path)
    os.makedirs(cache, exist_ok=True)
    with open(f, "w") as fh:
        json.dump(r, fh)
    return r


def finger_discs(path, scale=1.2308, radius=None, bar_top=91):
    """The touch disc's centre (pt) in every frame of a flow recording, or None: where a disc of the pressed radius
    (29 px at 480 px wide) covers the most blueness b - r of pixels bluer than green (the disc is systemBlue at
    alpha ~0.55; the teal bars are not), leaving out static blue (the back button) and the navigation bar.
    Returns [{t, x, y, score, anywhere, ax, ay}]: score the disc's mean blueness below the bar (~100-150 pressed,
    below 25 without a disc: blue icons), anywhere the same over the whole screen (a tap on the bar's stepper:
    100-200), and ax, ay the disc's centre anywhere, bar included: where a disc covers the most pixels bluer than
    green by 30 (the recorder's disc over the bar's mint, a pressed gray and white alike; b - r weighs its part over
    the mint twice, and the x, y found below the bar see only a bar tap's lower edge)."""
    from scipy.signal import fftconvolve
    if radius is None:
        radius = round(23.5 * scale)  # the pressed disc is 46-47 pt across: 29 px at 480 px wide, 24 at 400
    frames, times, _ = cs.load_gif(path)
    H, W = frames[0].shape[:2]
    yy, xx = np.mgrid[-radius:radius + 1, -radius:radius + 1]
    ker = (xx * xx + yy * yy <= radius * radius).astype(float)
    blues = []
    for a in frames:
        r, g, b = (a[..., k].astype(float) for k in range(3))
        blues.append(np.clip(b - r, 0, None) * ((b - g) > 30))
    static = np.mean([bl > 40 for bl in blues], axis=0) > 0.5
    out = []
    for t, bl in zip(times, blues):
        bl = bl.copy()
        bl[static] = 0
        anywhere = float(fftconvolve(bl, ker, mode="same").max() / ker.sum())
        cover = fftconvolve((bl > 0).astype(float), ker, mode="same")
        ay, ax = np.unravel_index(int(np.argmax(cover)), cover.shape)
        ax, ay = float(ax) / scale, float(ay) / scale
        bl[: int(bar_top * scale)] = 0
        sc = fftconvolve(bl, ker, mode="same")
        y, x = np.unravel_index(int(np.argmax(sc)), sc.shape)
        score = float(sc[y, x] / ker.sum())
        if score < 2:
            out.append(dict(t=t, x=None, y=None, score=0.0, anywhere=anywhere, ax=ax, ay=ay))
            continue

        def vertex(f0, f1, f2):
            den = f0 - 2 * f1 + f2
            return 0.5 * (f0 - f2) / den if den < 0 else 0.0
        dx = vertex(sc[y, x - 1], sc[y, x], sc[y, x + 1]) if 0 < x < W - 1 else 0.0
        dy = vertex(sc[y - 1, x], sc[y, x], sc[y + 1, x]) if 0 < y < H - 1 else 0.0
        out.append(dict(t=t, x=float(x + dx) / scale, y=float(y + dy) / scale, score=score, anywhere=anywhere,
                        ax=ax, ay=ay))
    return out


def flow_touches(discs, pressed=90, present=30):
    """Touches of a flow recording: runs of frames with a disc anywhere (>= `present`); a drag's pressed frames
    score >= `pressed` below the bar
    (its lift's expand-and-fade scores less) and move more than 20 pt. Returns [{first, last, pressed_last, kind}]
    (frame indices; kind "drag" or "tap")."""
    runs, cur = [], None
    for i, d in enumerate(discs):
        if d["anywhere"] >= present:
            cur = cur or dict(first=i, last=i)
            cur["last"] = i
        elif cur:
            runs.append(cur)
            cur = None
    if cur:
        runs.append(cur)
    for r in runs:
        held = [i for i in range(r["first"], r["last"] + 1) if discs[i]["score"] >= pressed]
        # A drag is pressed until its disc first drops below `pressed` (the lift, or the finger leaving the view).
        held = [i for k, i in enumerate(held) if i == held[0] + k]
        ys = [discs[i]["y"] for i in held]
        r["kind"] = "drag" if ys and max(ys) - min(ys) > 20 else "tap"
        r["pressed_last"] = held[-1] if held else r["last"]
    return runs


# The reversed Vega demo's bottom slot (item 0's centre, screen pt) and its item pitch (65 + 20).
REVERSE_SLOT0, REVERSE_PITCH = 91 + 719 - 28 - 32.5, 85.0


def pull_offset(F, R, Fb, Rb, k, scale, lo=-450.0, hi=60.0):
    """The content offset (pt; negative pulled down) that best turns rest frame R into frame F (luminance), judged
    on the topmost card, index k: above its slot (position >= 0) it moves with the content; below it (a pull deeper
    than k items) it stays pinned in the bottom slot, scaled 1 + p/10 (MGUFlowVegaTransformer; faded too, which the
    normalized correlation leaves out). Blue pixels (the disc, in either frame) are left out."""
    from scipy.ndimage import map_coordinates
    H, W = R.shape
    c = (REVERSE_SLOT0 - REVERSE_PITCH * k) * scale
    cx = W / 2
    xs = np.arange(0, W, 2, dtype=float)
    rb = Rb.astype(float)

    def err(o):
        p = k + o / REVERSE_PITCH
        if p >= 0:
            dy, sc = -o * scale, 1.0
        else:
            dy, sc = REVERSE_PITCH * k * scale, max(1e-3, 1 + p / 10)
        c2 = c + dy
        half = 46 * scale
        ys = np.arange(max(int(91 * scale), int(c2 - half)), min(H, int(c2 + half)), dtype=float)
        if len(ys) < 5:
            return 1e9
        yy, xx = np.meshgrid(ys, xs, indexing="ij")
        sy, sx = c + (yy - c2) / sc, cx + (xx - cx) / sc
        P = map_coordinates(R, [sy, sx], order=1, cval=255.0)
        rows = ys.astype(int)
        keep = ~(Fb[rows][:, ::2] | map_coordinates(rb, [sy, sx], order=0, cval=0).astype(bool))
        if keep.sum() < 100:
            return 1e9
        # Normalized correlation: the card's fade changes its contrast, not its shape.
        a, b = F[rows][:, ::2][keep], P[keep]
        a, b = a - a.mean(), b - b.mean()
        return float(1 - (a * b).sum() / max(1e-9, np.sqrt((a * a).sum() * (b * b).sum())))

    grid = np.arange(lo, hi + 1e-9, 3.0)
    o0 = grid[int(np.argmin([err(o) for o in grid]))]
    fine = np.arange(o0 - 3, o0 + 3.01, 0.25)
    ef = [err(o) for o in fine]
    i = int(np.argmin(ef))
    o = float(fine[i])
    if 0 < i < len(fine) - 1:
        den = ef[i - 1] - 2 * ef[i] + ef[i + 1]
        if den > 0:
            o += 0.25 * 0.5 * (ef[i - 1] - ef[i + 1]) / den
    return o


def reverse_top_card(R, scale):
    """The topmost card's index in a rest frame of the reversed list (card k sits k pitches above the slot)."""
    k = 0
    for j in range(8):
        cy = (REVERSE_SLOT0 - REVERSE_PITCH * j) * scale
        if cy - 20 * scale < 91 * scale:
            break
        band = R[int(cy - 15 * scale): int(cy + 15 * scale), int(40 * scale): int(350 * scale)]
        if (band < 200).mean() > 0.01:
            k = j
    return k


def pull_track(path, pulls, scale=1.2308):
    """The reversed list's offset (pt) in the frames of `pulls` [(rest_ms, end_ms)]: each pull is measured against
    the frame shown at rest_ms (the list at rest before the finger went down), up to end_ms (the next touch).
    Returns times and offsets of the frames measured."""
    frames, times, _ = cs.load_gif(path)
    lum = [cs.lum(a).astype(float) for a in frames]
    blue = [(a[..., 2] - a[..., 0]) > 12 for a in frames]
    out_t, out_o = [], []
    for rest_ms, end_ms in pulls:
        r = max(0, int(np.searchsorted(times, rest_ms, side="right") - 1))
        k = reverse_top_card(lum[r], scale)
        for i in range(r, len(frames)):
            if times[i] >= end_ms:
                break
            out_t.append(times[i])
            out_o.append(0.0 if i == r else pull_offset(lum[i], lum[r], blue[i], blue[r], k, scale))
    return dict(times=out_t, offsets=out_o)


def reference_pulls(discs):
    """The recording's pulls: from the frame before each drag's first disc frame to the next touch (or the end)."""
    touches = flow_touches(discs)
    out = []
    for k, e in enumerate(touches):
        if e["kind"] != "drag":
            continue
        end = touches[k + 1]["first"] if k + 1 < len(touches) else None
        out.append((discs[max(0, e["first"] - 1)]["t"], discs[end]["t"] if end is not None else 1e12))
    return out


def release_to_rest(times, offsets, release_ms, end_ms, tol=1.0):
    """From a release to the first frame after which the offset stays within tol of where it ends (before end_ms)."""
    seg = [(t, o) for t, o in zip(times, offsets) if release_ms <= t < end_ms]
    if len(seg) < 2:
        return None
    final = seg[-1][1]
    rest = seg[-1][0]
    for t, o in reversed(seg):
        if abs(o - final) > tol:
            break
        rest = t
    return rest - release_ms


def flow_measure(name, output_dir):
    """The recording's and ours' offsets of a recorded flow scene (and the recording's touches)."""
    method = next(m for n, _, m in RECORDED_FLOW if n == name)
    opts = FLOW_OPTIONS.get(name, {})
    scale, until = opts.get("scale", 1.2308), opts.get("until")
    ref, ours = ref_path(name), os.path.join(output_dir, name + ".gif")
    discs = cached("discs4", ref, lambda p: finger_discs(p, scale=scale), scale)
    if method == "pull":
        pulls = reference_pulls(discs)
        r = cached("pull2", ref, lambda p: pull_track(p, pulls, scale), pulls, scale)
        o = cached("pull2", ours, lambda p: pull_track(p, pulls, scale), pulls, scale)
    else:
        r = cached("shift", ref, lambda p: scroll_track(p, scale), scale)
        o = cached("shift", ours, lambda p: scroll_track(p, scale), scale)
    if until is not None:
        r = dict(times=[t for t in r["times"] if t <= until], offsets=[v for t, v in zip(r["times"], r["offsets"]) if t <= until])
        o = dict(times=[t for t in o["times"] if t <= until], offsets=[v for t, v in zip(o["times"], o["offsets"]) if t <= until])
        discs = [d for d in discs if d["t"] <= until]
    return r, o, discs


def flow_table(names, output_dir, rows=None):
    for n in names:
        r, o, discs = flow_measure(n, output_dir)
        held = recorder_holds(ref_path(n), r["times"], r["offsets"])
        errs, kept = [], []
        for t, v in zip(r["times"], r["offsets"]):
            if o["times"] and t in o["times"]:
                j = o["times"].index(t)
            else:
                j = max(0, int(np.searchsorted(o["times"], t, side="right") - 1))
            errs.append(abs(o["offsets"][j] - v))
            if int(t) not in held:
                kept.append(errs[-1])
        e = np.array(errs)
        # Release to rest, per drag: from the last pressed frame of the recording's disc to the offset's rest
        # (within 1 pt of where it is before the next touch), in both.
        touches = flow_touches(discs)
        rests = []
        for k, tch in enumerate(touches):
            if tch["kind"] != "drag":
                continue
            rel = discs[tch["pressed_last"]]["t"]
            end = discs[touches[k + 1]["first"]]["t"] if k + 1 < len(touches) else 1e12
            rests.append((release_to_rest(r["times"], r["offsets"], rel, end),
                          release_to_rest(o["times"], o["offsets"], rel, end)))
        rest = ", ".join(f"{cs.fmt(a, 0)} / {cs.fmt(b, 0)}" for a, b in rests) or "-"
        d = stats(errs)
        d.update({"moving_" + k: v for k, v in stats(kept).items()}, held=len(errs) - len(kept), rests=rests)
        if rows is not None:
            rows.append((n, d))
        print(f"{n:32s} {triple(d)} pt ({len(e)} frames); without {d['held']} held {triple(d, 'moving_')}"
              f"; release->rest {rest} ms"
              f"  offset ref {min(r['offsets']):.0f}..{max(r['offsets']):.0f}, ours {min(o['offsets']):.0f}..{max(o['offsets']):.0f}",
              flush=True)


def analyse(path, scale=1.2308):
    cache = os.environ.get("COMPARE_CACHE", "/tmp/compare-motion-cache")
    st = os.stat(path)
    # The measuring code is part of the key: a cached reading by an older compare_swipe.py is not reused.
    with open(cs.__file__, "rb") as fh:
        code = hashlib.sha1(fh.read()).hexdigest()
    key = hashlib.sha1(f"{os.path.abspath(path)}:{st.st_size}:{st.st_mtime_ns}:{scale}:fast:{code}".encode()).hexdigest()
    f = os.path.join(cache, key + ".json")
    if os.path.exists(f):
        with open(f) as fh:
            return json.load(fh)
    r = cs.analyse(path, scale, fast=True)
    r = json.loads(json.dumps(r, default=lambda o: o.tolist() if hasattr(o, "tolist") else str(o)))
    os.makedirs(cache, exist_ok=True)
    with open(f, "w") as fh:
        json.dump(r, fh)
    return r


def shown_at(frames, t):
    """The frame of `frames` on screen at time t (ms)."""
    ts = [f["t"] for f in frames]
    return frames[max(0, int(np.searchsorted(ts, t, side="right") - 1))]


def repeated_frames(path):
    """Per frame of a GIF: whether it repeats the frame before it, pixel for pixel but for the recorder's
    dithering noise (mean |difference| under 0.1 level a channel; a row or disc that moves by a pixel changes
    far more)."""
    frames, times, _ = cs.load_gif(path)
    rep = [False] + [bool(np.abs(b - a).mean() < 0.1) for a, b in zip(frames, frames[1:])]
    return dict(times=times, repeated=rep)


def recorder_holds(path, times, values, jump=1.0, longest=3):
    """The recording's held frames (ms): runs of at most `longest` repeated frames after which the measured value
    (the row's opening, the scroll offset) jumps by more than `jump` pt. The recorder captured nothing new while
    the content moved on, so a held frame shows an earlier moment than its time; the jump after it is the motion
    it missed. A run that ends without a jump is the content at rest, and stays measured; so does a longer one
    (the recorders' stalls last 2-3 frames; VegaStyle_Reverse's finger rests 230 ms mid-pull, and ours with it)."""
    r = cached("repeats", path, repeated_frames)
    value = {int(t): v for t, v in zip(times, values)}
    held, i, n = set(), 1, len(r["times"])
    while i < n:
        if not r["repeated"][i]:
            i += 1
            continue
        j = i
        while j + 1 < n and r["repeated"][j + 1]:
            j += 1
        before = value.get(int(r["times"][i - 1]))
        after = value.get(int(r["times"][j + 1])) if j + 1 < n else None
        if before is not None and after is not None and abs(after - before) > jump and j - i + 1 <= longest:
            held.update(int(r["times"][k]) for k in range(i, j + 1))
        i = j + 1
    return held


def stats(errs):
    e = np.array(errs)
    return dict(mean=float(e.mean()), p90=float(np.percentile(e, 90)), max=float(e.max()), n=len(errs))


def triple(d, prefix=""):
    return f"{d[prefix + 'mean']:.1f} / {d[prefix + 'p90']:.1f} / {d[prefix + 'max']:.1f}"


def difference(ref, ours, held=frozenset()):
    """|ours - recording| at every recording frame, and (`moving_*`) at the frames that are not recorder holds."""
    if not ref["frames"] or not ours["frames"]:
        return None
    pairs = [(f["t"], abs(shown_at(ours["frames"], f["t"])["offset"] - f["offset"])) for f in ref["frames"]]
    d = stats([e for _, e in pairs])
    kept = [e for t, e in pairs if int(t) not in held]
    d.update({"moving_" + k: v for k, v in stats(kept).items()})
    return d


# A row at rest is within this of where it ends up: 3 px of the 480-px recordings, the edge reading's own
# resolution (a 1-pt tolerance timed sub-2-pt tails: Reveal's close differs by 1.6 pt for 90 ms at its end).
REST_TOLERANCE = 2.5


def scene_releases(scenes_dir, name):
    """The scene's releases and taps (s), each with the time of the next step or the end: the windows in which
    the row comes to rest. The scene's times are the recording's, read from its disc or its content."""
    with open(os.path.join(scenes_dir, name + ".json")) as fh:
        d = json.load(fh)
    starts = []
    for st in d.get("timeline", []):
        if "release" in st or "tap" in st:
            starts.append(("release" if "release" in st else "tap", float(st["at"])))
        elif "path" in st:
            starts.append(("path", float(st["path"][0][0])))
        elif "at" in st:
            starts.append(("other", float(st["at"])))
    out = []
    for i, (kind, t) in enumerate(starts):
        if kind in ("release", "tap"):
            nxt = next((u for _, u in starts[i + 1:] if u > t), d.get("duration") or 1e9)
            out.append((kind, t, nxt))
    return out


def rest_after(frames, t0, t1, tol=REST_TOLERANCE):
    """ms from t0 (s) to the first frame from which the opening stays within `tol` of its last value before
    t1 (s); None without frames there."""
    fr = [f for f in frames if t0 * 1000 - 1 <= f["t"] <= t1 * 1000]
    if not fr:
        return None
    final, k = fr[-1]["offset"], len(fr) - 1
    while k >= 1 and abs(fr[k - 1]["offset"] - final) <= tol:
        k -= 1
    return fr[k]["t"] - t0 * 1000


def release_rests(ref, ours, scenes_dir, name):
    """Per release or tap of the scene: (kind, time s, rest ms ref, rest ms ours), both from the same instant."""
    end = ref["frames"][-1]["t"] / 1000 if ref["frames"] else 0
    rows = []
    for kind, t, nxt in scene_releases(scenes_dir, name):
        a, b = rest_after(ref["frames"], t, min(nxt, end)), rest_after(ours["frames"], t, min(nxt, end))
        if a is not None and b is not None:
            rows.append((kind, t, a, b))
    return rows


def rests_text(rows):
    return ", ".join(f"{k} {t:.3f} s {a:.0f} / {b:.0f}" for k, t, a, b in rows) or "finger down to the end"


def table(args):
    names = args.names or [n for n, _ in RECORDED] + [n for n, _, _ in RECORDED_FLOW]
    flows = [n for n in names if n in [f[0] for f in RECORDED_FLOW]]
    names = [n for n in names if n not in flows]
    rows = []
    for n in names:
        ref = analyse(ref_path(n))
        ours = analyse(os.path.join(args.output_dir, n + ".gif"))
        held = recorder_holds(ref_path(n), [f["t"] for f in ref["frames"]], [f["offset"] for f in ref["frames"]])
        d = difference(ref, ours, held)
        if d is not None and args.binary:
            # The model at the recording's own instants: ours rendered at 100 fps (the 30 fps preview shows a
            # frame up to 33 ms older than the recording's, which is its frame rate, not its motion).
            fine = os.path.join(args.fine_dir, n + ".gif")
            os.makedirs(args.fine_dir, exist_ok=True)
            subprocess.run([args.binary, "render", os.path.join(args.scenes, n + ".json"), "-o", fine,
                            "--set", "framesPerSecond=100", "--quiet"], check=True)
            f = difference(ref, analyse(fine), held)
            d.update({"instants_" + k: f[k] for k in ("mean", "p90", "max", "moving_mean", "moving_p90", "moving_max")})
        if d is not None:
            d["held"] = len(held & {int(f["t"]) for f in ref["frames"]})
            d["rests"] = release_rests(ref, ours, args.scenes, n)
        rows.append((n, d))
        if not args.markdown:
            if d is None:
                print(f"{n:32s} no row measured")
            else:
                print(f"{n:32s} {triple(d)} pt ({d['n']} frames); without {d['held']} held {triple(d, 'moving_')}"
                      + (f"; at its instants {triple(d, 'instants_')}, without held "
                         f"{triple(d, 'instants_moving_')}" if "instants_mean" in d else "")
                      + f"; release->rest (ms, ref / ours) {rests_text(d['rests'])}", flush=True)
    flow_rows = []
    if flows:
        flow_table(flows, args.output_dir, flow_rows)
    if args.markdown:
        fine = any(d and "instants_mean" in d for _, d in rows)
        print("| scene | mean / p90 / max | held frames | without them |"
              + (" at the recording's instants, without them |" if fine else "") + " release to rest ref / ours (ms) |")
        print("|---|---|---|---|" + ("---|" if fine else "") + "---|")
        for n, d in rows:
            if d:
                at = f" {triple(d, 'instants_moving_')} |" if fine else ""
                print(f"| {n} | {triple(d)} | {d['held']} | {triple(d, 'moving_')} |{at} {rests_text(d['rests'])} |")
        for n, d in flow_rows:
            rests = ", ".join(f"{cs.fmt(a, 0)} / {cs.fmt(b, 0)}" for a, b in d["rests"]) or "-"
            print(f"| {n} | {triple(d)} | {d['held']} | {triple(d, 'moving_')} |" + (" - |" if fine else "")
                  + f" {rests} |")
    rows += flow_rows
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({n: d for n, d in rows}, fh, indent=1)


# --------------------------------------------------------------------------------------------- finger path
def pchip_slopes(t, v):
    """Fritsch-Carlson slopes exactly as FingerPath (Sources/Models/Gestures/ScriptSteps.swift) computes them."""
    n = len(v)
    h = [t[k + 1] - t[k] for k in range(n - 1)]
    m = [(v[k + 1] - v[k]) / h[k] for k in range(n - 1)]
    if n == 2:
        return [m[0], m[0]]
    d = [0.0] * n
    for k in range(1, n - 1):
        if m[k - 1] * m[k] > 0:
            w1, w2 = 2 * h[k] + h[k - 1], h[k] + 2 * h[k - 1]
            d[k] = (w1 + w2) / (w1 / m[k - 1] + w2 / m[k])

    def end(h0, h1, m0, m1):
        e = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
        if e * m0 <= 0:
            return 0.0
        if m0 * m1 <= 0 and abs(e) > 3 * abs(m0):
            return 3 * m0
        return e

    d[0] = end(h[0], h[1], m[0], m[1])
    d[n - 1] = end(h[n - 2], h[n - 3], m[n - 2], m[n - 3])
    return d


def pchip(knots, t):
    ts = [k[0] for k in knots]
    if t <= ts[0]:
        return knots[0][1:]
    if t >= ts[-1]:
        return knots[-1][1:]
    out = []
    for c in (1, 2):
        v = [k[c] for k in knots]
        d = pchip_slopes(ts, v)
        i = max(0, int(np.searchsorted(ts, t)) - 1)
        h = ts[i + 1] - ts[i]
        u = (t - ts[i]) / h
        h00, h10 = (1 + 2 * u) * (1 - u) ** 2, u * (1 - u) ** 2
        h01, h11 = u * u * (3 - 2 * u), u * u * (u - 1)
        out.append(h00 * v[i] + h10 * h * d[i] + h01 * v[i + 1] + h11 * h * d[i + 1])
    return out


def fit(samples, tol):
    """The fewest of `samples` [(t, x, y)] (greedy: the worst-fitted one is added) reproducing all within tol."""
    keep = {0, len(samples) - 1}
    while True:
        knots = [samples[i] for i in sorted(keep)]
        worst, wi = 0.0, None
        for i, (t, x, y) in enumerate(samples):
            px, py = pchip(knots, t)
            e = max(abs(px - x), abs(py - y))
            if e > worst:
                worst, wi = e, i
        if worst <= tol or wi is None or wi in keep:
            return knots, worst
        keep.add(wi)


def flow_track(args):
    """track for a flow recording: the disc by finger_discs, a path per drag through its pressed frames."""
    scale = FLOW_OPTIONS.get(args.name, {}).get("scale", 1.2308)
    discs = cached("discs4", ref_path(args.name), lambda p: finger_discs(p, scale=scale), scale)
    touches = flow_touches(discs)
    print(f"{args.name}: {len(discs)} frames")
    print("  frame     t   disc x,y  (score below the bar / anywhere)")
    for i, d in enumerate(discs):
        ds = f"{d['x']:6.1f},{d['y']:6.1f}" if d["x"] is not None else "     -       "
        print(f"  {i:5d} {d['t']:5d} {ds}  ({d['score']:.0f} / {d['anywhere']:.0f})")
    for e in touches:
        first, last = discs[e["first"]], discs[e["pressed_last"]]
        if e["kind"] == "tap":
            # Its pressed frames' median centre, the bar included.
            pressed = discs[e["first"]: e["pressed_last"] + 1]
            where = f"[{np.median([d['ax'] for d in pressed]):.1f}, {np.median([d['ay'] for d in pressed]):.1f}]"
            print(f"  tap at {first['t'] / 1000:.3f} s {where}, disc until {discs[e['last']]['t'] / 1000:.3f} s")
            continue
        pts = []
        for d in discs[e["first"]: e["pressed_last"] + 1]:
            if args.range and not args.range[0] <= d["t"] <= args.range[1]:
                continue
            # A frame the recorder repeated (the same disc) keeps only its first showing.
            if pts and abs(d["x"] - pts[-1][1]) < 0.3 and abs(d["y"] - pts[-1][2]) < 0.3:
                continue
            pts.append((d["t"] / 1000, d["x"], d["y"]))
        knots, worst = fit(pts, args.tolerance)
        print(f"  drag at {first['t'] / 1000:.3f} s: {len(pts)} distinct centres -> {len(knots)} points, worst {worst:.2f} pt;"
              f" last pressed frame at {last['t'] / 1000:.3f} s")
        print('  {"path": [' + ", ".join(f"[{t:.3f}, {x:.1f}, {y:.1f}]" for t, x, y in knots) + "]}")


def pan_lag(r, e, end, held, lo=8.0, hi=150.0):
    """How far the row trails the finger in one touch: the median over its frames (finger down, not recorder holds,
    the row open between `lo` and `hi` pt, where it follows the finger 1:1, up to the first frame past `hi`) of the
    finger's travel along x from its touch-down less the row's opening. The pan begins that far out: UIKit's
    threshold, plus how far past it the finger was at the first touch the recognizer saw. `held`: the recording's
    held frames (ms). None for a recording whose finger is down in its first frame (its touch-down is not shown)
    and for fewer than 3 frames."""
    frames = r["frames"]
    if e["down_frame"] == 0:
        return None
    first = frames[e["down_frame"]]["touch"]
    if first is None:
        return None
    lags = []
    for f in frames[e["down_frame"]:end]:
        d, off = f["touch"], abs(f["offset"])
        if off >= hi:
            break
        if d is None or not d["pressed"] or int(f["t"]) in held or off <= lo:
            continue
        lags.append(abs(d["x"] - first["x"]) - off)
    return (float(np.median(lags)), len(lags)) if len(lags) >= 3 else None


def track(args):
    if args.name in [f[0] for f in RECORDED_FLOW]:
        return flow_track(args)
    r = analyse(ref_path(args.name))
    frames = r["frames"]
    print(f"{args.name}: {len(frames)} frames; touches:")
    for e in r["touches"]:
        print(f"  down {e['down_ms']} ms (frame {e['down_frame']}), release {e['release_ms']} ms ({e['release_how']}), "
              f"last disc frame {e['last_disc_frame']}")
    print("  frame     t  offset   disc x,y (alpha, r)")
    for f in frames:
        d = f["touch"]
        ds = f"{d['x']:6.1f},{d['y']:6.1f} ({cs.fmt(d['alpha'], 2)}, {d['r']:.1f})" if d else "-"
        print(f"  {f['i']:5d} {f['t']:5d} {f['offset']:7.1f}   {ds}")
    with open(os.path.join(args.scenes, args.name + ".json")) as fh:
        top = (json.load(fh).get("viewport") or [0])[0]
    print(f"  (points below are in the scene's screen points: GIF y + the viewport's top {top})")
    held = recorder_holds(r["file"], [f["t"] for f in frames], [f["offset"] for f in frames])
    for k, e in enumerate(r["touches"]):
        # The finger while down: from touch-down to the last frame before the expand-and-fade (or to its last
        # frame when --held: a fast finger's motion trail lightens the disc like a lift does); a frame the
        # recorder repeated (same disc, same opening) keeps only its first showing.
        end = next((f["i"] for f in frames if f["t"] >= e["release_ms"]), len(frames))
        if k in args.held:
            end = e["last_disc_frame"] + 1
        pts = []
        for f in frames[e["down_frame"]:end]:
            d = f["touch"]
            if args.range and not args.range[0] <= f["t"] <= args.range[1]:
                continue
            if d is None:
                continue
            if pts and abs(d["x"] - pts[-1][1]) < 0.3 and abs(d["y"] + top - pts[-1][2]) < 0.3:
                continue
            pts.append((f["t"] / 1000, d["x"], d["y"] + top))
        if e["down_frame"] == 0 and abs(frames[0]["offset"]) > 0.5 and pts:
            # The recording loops from mid-swipe: the finger went down before the first frame, by as much as
            # the row is open (it follows 1:1 below the buttons' width).
            pts.insert(0, (-0.3, pts[0][1] - frames[0]["offset"], pts[0][2]))
        if len(pts) < 2:
            print(f"  touch at {e['down_ms']} ms: a tap at [{pts[0][1]:.1f}, {pts[0][2]:.1f}]" if pts else "")
            continue
        knots, worst = fit(pts, args.tolerance)
        print(f"  touch at {e['down_ms']} ms: {len(pts)} distinct centres -> {len(knots)} points, worst {worst:.2f} pt;"
              f" release at {e['release_ms'] / 1000:.3f} s")
        lag = pan_lag(r, e, end, held)
        if lag:
            print(f"  the row trails the finger by {lag[0]:.1f} pt (median of {lag[1]} frames): the scene's panHysteresis"
                  f" if it differs from 10 by more than 2")
        print('  {"path": [' + ", ".join(f"[{t:.3f}, {x:.1f}, {y:.1f}]" for t, x, y in knots) + "]}")
        if k not in args.held:
            print(f'  {{"at": {e["release_ms"] / 1000:.3f}, "release": {{}}}}')


def frames(args):
    """Per recording frame up to --until ms: its time, the recording's opening, ours shown then (and ours at that
    very instant when --binary renders it at 100 fps), the difference; the recorder's held frames marked."""
    ref = analyse(ref_path(args.name))
    ours = analyse(os.path.join(args.output_dir, args.name + ".gif"))
    fine = None
    if args.binary:
        path = os.path.join(args.fine_dir, args.name + ".gif")
        os.makedirs(args.fine_dir, exist_ok=True)
        subprocess.run([args.binary, "render", os.path.join(args.scenes, args.name + ".json"), "-o", path,
                        "--set", "framesPerSecond=100", "--quiet"], check=True)
        fine = analyse(path)
    held = recorder_holds(ref_path(args.name), [f["t"] for f in ref["frames"]], [f["offset"] for f in ref["frames"]])
    print(f"{args.name}: opening (pt) per recording frame" + ("; 100 fps = ours at that instant" if fine else ""))
    print("   t ms    ref   ours   diff" + ("  100fps   diff" if fine else ""))
    for f in ref["frames"]:
        if f["t"] > args.until:
            break
        o = shown_at(ours["frames"], f["t"])["offset"]
        line = f"{f['t']:7.0f} {abs(f['offset']):6.1f} {abs(o):6.1f} {abs(o) - abs(f['offset']):+6.1f}"
        if fine:
            o2 = shown_at(fine["frames"], f["t"])["offset"]
            line += f"  {abs(o2):6.1f} {abs(o2) - abs(f['offset']):+6.1f}"
        print(line + ("  held" if int(f["t"]) in held else ""))


def bracket(args):
    """At each frame of ours up to --until ms (the instants a preview shows): ours, the recording's frame on screen
    then and its next frame, and whether ours lies between the two (within --tolerance pt). A recording only
    changes at its captures (every 60-80 ms in Rotate's, held for 2-3 frames at the recorder's stalls), so between
    two captures any opening between theirs is one recording frame from it; ours outside is a real lead or lag."""
    ref = analyse(ref_path(args.name))
    ours = analyse(os.path.join(args.output_dir, args.name + ".gif"))
    rf = ref["frames"]
    held = recorder_holds(ref_path(args.name), [f["t"] for f in rf], [f["offset"] for f in rf])
    print(f"{args.name}: opening (pt) at each frame of ours: ours, the recording's frame shown then (its time) and "
          f"the next one that is not a recorder hold (held frames repeat an earlier capture)")
    outside = 0
    for f in ours["frames"]:
        if f["t"] > args.until:
            break
        i = max(0, int(np.searchsorted([g["t"] for g in rf], f["t"], side="right") - 1))
        j = min(i + 1, len(rf) - 1)
        while j < len(rf) - 1 and int(rf[j]["t"]) in held:
            j += 1
        a, b = rf[i], rf[j]
        o, lo, hi = abs(f["offset"]), min(abs(a["offset"]), abs(b["offset"])), max(abs(a["offset"]), abs(b["offset"]))
        ok = lo - args.tolerance <= o <= hi + args.tolerance
        outside += not ok
        print(f"{f['t']:7.0f} {o:6.1f}   {abs(a['offset']):6.1f} ({a['t']:.0f})  {abs(b['offset']):6.1f} ({b['t']:.0f})"
              + ("" if ok else f"  outside by {max(lo - o, o - hi):.1f}"))
    print(f"{outside} frame(s) of ours outside their recording frames' span")


def sheet(args):
    cs.contact_sheet(ref_path(args.name), os.path.join(args.output_dir, args.name + ".gif"), args.out, args.step)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("table")
    a.add_argument("names", nargs="*")
    a.add_argument("--output-dir", default="Output")
    a.add_argument("--markdown", action="store_true")
    a.add_argument("--json")
    a.add_argument("--binary", help="render-previews: also compare ours at 100 fps, at the recording's instants")
    a.add_argument("--scenes", default="Scenes")
    a.add_argument("--fine-dir", default="/tmp/compare-motion-100fps")
    a.set_defaults(fn=table)
    a = sub.add_parser("track")
    a.add_argument("name")
    a.add_argument("--tolerance", type=float, default=1.0)
    a.add_argument("--held", type=int, action="append", default=[],
                   help="touch K (0-based) does not lift: its disc only lightens in motion")
    a.add_argument("--scenes", default="Scenes")
    a.add_argument("--range", type=lambda v: [float(x) for x in v.split(":")],
                   help="T0:T1 (ms): only the disc frames between (a touch the recorder shows as one)")
    a.set_defaults(fn=track)
    a = sub.add_parser("frames")
    a.add_argument("name")
    a.add_argument("--until", type=float, default=1e9, help="ms: the recording frames up to this time")
    a.add_argument("--output-dir", default="Output")
    a.add_argument("--binary", help="render-previews: also ours at 100 fps, at the recording's instants")
    a.add_argument("--scenes", default="Scenes")
    a.add_argument("--fine-dir", default="/tmp/compare-motion-100fps")
    a.set_defaults(fn=frames)
    a = sub.add_parser("bracket")
    a.add_argument("name")
    a.add_argument("--until", type=float, default=1e9, help="ms: our frames up to this time")
    a.add_argument("--tolerance", type=float, default=2.0)
    a.add_argument("--output-dir", default="Output")
    a.set_defaults(fn=bracket)
    a = sub.add_parser("sheet")
    a.add_argument("name")
    a.add_argument("out")
    a.add_argument("--output-dir", default="Output")
    a.add_argument("--step", type=int, default=100)
    a.set_defaults(fn=sheet)
    args = ap.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
