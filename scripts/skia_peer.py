#!/usr/bin/env python3
"""Peer renderer: draws "layers" scene JSON files with Skia's CPU raster backend (skia-python).

It mirrors the Core Animation model of Sources/Compositor/LayerRenderer.swift: each
layer level is a 4x4 (row vectors) flattened to a 3x3 projective map, siblings draw in zPosition order,
opacity is group opacity, masksToBounds clips sublayers to the rounded bounds and drops the shadow, and a
layer draws shadow, background, sublayers, border in that order.

    python3 scripts/skia_peer.py SCENE.json... [--scale S] [--repeat N] [--out DIR]

For each scene it prints `SCENE skia_raster_ms=X.XXX`: the median wall time over N repeats of drawing the
parsed tree into a fresh raster surface (surface allocation, clear, all drawing and the flush; JSON parsing
and pixel read-back are excluded).
"""

import argparse
import json
import math
import os
import statistics
import sys
import time

import skia

IDENTITY4 = (1.0, 0.0, 0.0, 0.0,
             0.0, 1.0, 0.0, 0.0,
             0.0, 0.0, 1.0, 0.0,
             0.0, 0.0, 0.0, 1.0)


# MARK: Scene model (parsing is not timed)

def parse_color(value, default):
    """"#RRGGBB" or "#RRGGBBAA" -> straight-alpha (r, g, b, a) in 0...1; None stays None."""
    if value is None:
        return default
    digits = value[1:] if value.startswith("#") else value
    if len(digits) == 6:
        digits += "FF"
    if len(digits) != 8:
        raise ValueError(f"bad color {value!r}")
    v = int(digits, 16)
    return ((v >> 24 & 255) / 255, (v >> 16 & 255) / 255, (v >> 8 & 255) / 255, (v & 255) / 255)


def parse_matrix(values):
    if values is None:
        return IDENTITY4
    if len(values) != 16:
        raise ValueError("a transform needs 16 numbers")
    return tuple(float(v) for v in values)


class Layer:
    """A CALayer as plain values, with CALayer's defaults."""

    __slots__ = ("name", "bounds", "position", "anchor", "z", "transform", "sublayer_transform", "opacity",
                 "hidden", "background", "corner_radius", "masks", "border_width", "border_color",
                 "shadow_color", "shadow_opacity", "shadow_radius", "shadow_offset", "sublayers")

    def __init__(self, d):
        self.name = d.get("name")
        self.bounds = (0.0, 0.0, 0.0, 0.0)
        self.position = (0.0, 0.0)
        # `frame` is a convenience (bounds at the origin, position at its center) and, as in the Swift
        # scene loader, excludes bounds and position.
        if "frame" in d:
            if "bounds" in d or "position" in d:
                raise ValueError("'frame' cannot be combined with 'bounds' or 'position'")
            x, y, w, h = (float(v) for v in d["frame"])
            self.bounds = (0.0, 0.0, w, h)
            self.position = (x + w / 2, y + h / 2)
        if "bounds" in d:
            self.bounds = tuple(float(v) for v in d["bounds"])
        if "position" in d:
            self.position = tuple(float(v) for v in d["position"])
        self.anchor = tuple(float(v) for v in d.get("anchorPoint", (0.5, 0.5)))
        self.z = float(d.get("zPosition", 0))
        self.transform = parse_matrix(d.get("transform"))
        self.sublayer_transform = parse_matrix(d.get("sublayerTransform"))
        self.opacity = float(d.get("opacity", 1))
        self.hidden = bool(d.get("hidden", False))
        self.background = parse_color(d.get("backgroundColor"), None)
        self.corner_radius = float(d.get("cornerRadius", 0))
        self.masks = bool(d.get("masksToBounds", False))
        self.border_width = float(d.get("borderWidth", 0))
        self.border_color = parse_color(d.get("borderColor"), (0.0, 0.0, 0.0, 1.0))
        self.shadow_color = parse_color(d.get("shadowColor"), (0.0, 0.0, 0.0, 1.0))
        self.shadow_opacity = float(d.get("shadowOpacity", 0))
        self.shadow_radius = float(d.get("shadowRadius", 3))
        self.shadow_offset = tuple(float(v) for v in d.get("shadowOffset", (0, -3)))
        self.sublayers = [Layer(s) for s in d.get("sublayers", ())]


class Scene:
    def __init__(self, d, scale_override=None):
        if d.get("kind", "layers") != "layers":
            raise ValueError(f"unsupported scene kind {d.get('kind')!r}")
        c = d.get("canvas", {})
        self.width = float(c["width"])
        self.height = float(c["height"])
        self.scale = float(scale_override if scale_override is not None else c.get("scale", 2))
        self.background = parse_color(c.get("background"), (1.0, 1.0, 1.0, 1.0))
        self.root = Layer(d["root"])
        # Swift rounds half away from zero; sizes are positive, so floor(x + 0.5) agrees.
        self.pixel_width = int(math.floor(self.width * self.scale + 0.5))
        self.pixel_height = int(math.floor(self.height * self.scale + 0.5))


# MARK: Matrices (row-vector convention, flat row-major tuples)

def mul4(a, b):
    """a · b for 4x4 row-major tuples: a applies first."""
    return tuple(a[r * 4] * b[c] + a[r * 4 + 1] * b[4 + c] + a[r * 4 + 2] * b[8 + c] + a[r * 4 + 3] * b[12 + c]
                 for r in range(4) for c in range(4))


def translation4(x, y, z):
    return (1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, x, y, z, 1.0)


def mul3(a, b):
    """a · b for 3x3 row-major tuples: a applies first."""
    return tuple(a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c]
                 for r in range(3) for c in range(3))


def apply3(m, x, y):
    """Homogeneous image (X, Y, W) of the point (x, y)."""
    return (x * m[0] + y * m[3] + m[6], x * m[1] + y * m[4] + m[7], x * m[2] + y * m[5] + m[8])


def to_skia(m):
    """A row-vector 3x3 as a (column-vector) skia.Matrix: its transpose."""
    return skia.Matrix.MakeAll(m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8])


def anchor_in_bounds(layer):
    x, y, w, h = layer.bounds
    return (x + layer.anchor[0] * w, y + layer.anchor[1] * h)


def sublayer_transform_about_anchor(layer):
    """T(-A) · S · T(A), or None for an identity sublayerTransform."""
    if layer.sublayer_transform == IDENTITY4:
        return None
    ax, ay = anchor_in_bounds(layer)
    return mul4(mul4(translation4(-ax, -ay, 0.0), layer.sublayer_transform), translation4(ax, ay, 0.0))


def device_map(layer, super_map, super_sublayer):
    """Layer space to device space: T(-A) · transform · T(position, z) · (superlayer's S about its anchor),
    flattened, then the superlayer's own 3x3 map. Only rows and columns 1, 2 and 4 of the 4x4 survive the
    flattening, so only those are computed."""
    ax, ay = anchor_in_bounds(layer)
    px, py = layer.position
    pz = layer.z
    t = layer.transform
    rows = []
    for r in (0, 1, 3):
        x, y, z, w = t[r * 4:r * 4 + 4]
        if r == 3:  # T(-A) only changes the last row: it adds -ax·row1 - ay·row2
            x, y, z, w = (x - ax * t[0] - ay * t[4], y - ax * t[1] - ay * t[5],
                          z - ax * t[2] - ay * t[6], w - ax * t[3] - ay * t[7])
        rows.append((x + w * px, y + w * py, z + w * pz, w))  # · T(position, z)
    if super_sublayer is None:
        level = tuple(v for x, y, z, w in rows for v in (x, y, w))
    else:
        s = super_sublayer
        level = tuple(x * s[c] + y * s[4 + c] + z * s[8 + c] + w * s[12 + c]
                      for x, y, z, w in rows for c in (0, 1, 3))
    return mul3(level, super_map)


def max_stretch(m, x, y):
    """Frobenius norm of the map's Jacobian at (x, y), as the Swift renderer measures it."""
    X, Y, W = apply3(m, x, y)
    if W <= 0:
        return 1.0
    ux, uy = X / W, Y / W
    j11, j12 = (m[0] - ux * m[2]) / W, (m[1] - uy * m[2]) / W
    j21, j22 = (m[3] - ux * m[5]) / W, (m[4] - uy * m[5]) / W
    return math.sqrt(j11 * j11 + j12 * j12 + j21 * j21 + j22 * j22)


def round_half_away(v):
    return math.copysign(math.floor(abs(v) + 0.5), v)


# MARK: Layer properties

def standardized(bounds):
    x, y, w, h = bounds
    return skia.Rect.MakeXYWH(min(x, x + w), min(y, y + h), abs(w), abs(h))


def corner_radius(layer, rect):
    """cornerRadius clamped to half the shorter side."""
    return max(0.0, min(layer.corner_radius, rect.width() / 2, rect.height() / 2))


def visible(color):
    return color is not None and color[3] > 0


def has_shadow(layer):
    return layer.shadow_opacity > 0 and layer.shadow_color[3] > 0 and not layer.masks


def has_background(layer):
    return visible(layer.background)


def has_border(layer):
    return layer.border_width > 0 and visible(layer.border_color)


def drawing_order(layers):
    """Ascending zPosition, ties in array order (sorted is stable)."""
    return sorted(layers, key=lambda s: s.z)


def fill_paint(color, opacity):
    r, g, b, a = color
    return skia.Paint(AntiAlias=True, Color4f=skia.Color4f(r, g, b, a * opacity))


# MARK: Device bounds (the saveLayer size hint, like the Swift renderer's group area)

def union(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def projected_bounds(rect, m):
    """Device box of a layer-space rect; "unbounded" when a corner is at or behind the eye."""
    xs, ys = [], []
    for x, y in ((rect.left(), rect.top()), (rect.right(), rect.top()),
                 (rect.right(), rect.bottom()), (rect.left(), rect.bottom())):
        X, Y, W = apply3(m, x, y)
        if W <= 0:
            return "unbounded"
        xs.append(X / W)
        ys.append(Y / W)
    return (min(xs), min(ys), max(xs), max(ys))


def shadow_geometry(layer, m):
    """Device offset and Gaussian sigma of a layer's shadow: shadowOffset and shadowRadius are in the
    layer's own space, measured with the map's local stretch at the anchor (offset whole pixels, as the
    Swift renderer moves its blurred mask)."""
    ax, ay = anchor_in_bounds(layer)
    X0, Y0, W0 = apply3(m, ax, ay)
    X1, Y1, W1 = apply3(m, ax + layer.shadow_offset[0], ay + layer.shadow_offset[1])
    dx = round_half_away(X1 / W1 - X0 / W0) if W0 > 0 and W1 > 0 else 0.0
    dy = round_half_away(Y1 / W1 - Y0 / W0) if W0 > 0 and W1 > 0 else 0.0
    sigma = layer.shadow_radius * max_stretch(m, ax, ay) / math.sqrt(2)
    return dx, dy, sigma


def device_bounds(layer, super_map, super_sublayer, include_shadow=True):
    """Device box (l, t, r, b) of everything the layer and its sublayers draw; None when nothing,
    "unbounded" when perspective puts part of it behind the eye."""
    if layer.hidden or layer.opacity <= 0:
        return None
    m = device_map(layer, super_map, super_sublayer)
    rect = standardized(layer.bounds)
    own = projected_bounds(rect, m)
    box = own if has_background(layer) or has_border(layer) else None
    sub = sublayer_transform_about_anchor(layer)
    children = None
    for s in layer.sublayers:
        b = device_bounds(s, m, sub)
        if b == "unbounded" or children == "unbounded":
            children = "unbounded"
        else:
            children = union(children, b)
    if layer.masks and children is not None:
        if own == "unbounded":
            pass
        elif children == "unbounded":
            children = own
        else:
            children = (max(children[0], own[0]), max(children[1], own[1]),
                        min(children[2], own[2]), min(children[3], own[3]))
            if children[0] >= children[2] or children[1] >= children[3]:
                children = None
    if box == "unbounded" or children == "unbounded":
        return "unbounded"
    box = union(box, children)
    if include_shadow and box is not None and has_shadow(layer):
        dx, dy, sigma = shadow_geometry(layer, m)
        g = 3 * sigma + 2
        box = union(box, (box[0] + dx - g, box[1] + dy - g, box[2] + dx + g, box[3] + dy + g))
    return box


# MARK: Drawing (timed)

IDENTITY_SKIA = skia.Matrix()


def draw_layer(canvas, layer, super_map, super_sublayer):
    if layer.hidden or layer.opacity <= 0:
        return
    m = device_map(layer, super_map, super_sublayer)
    shadow = has_shadow(layer)
    draws_more_than_once = bool(layer.sublayers) or (has_background(layer) and has_border(layer))

    # One fill and no shadow: the opacity goes straight into the paint.
    if not shadow and (layer.opacity >= 1 or not draws_more_than_once):
        draw_body(canvas, layer, m, layer.opacity)
        return

    # Otherwise the layer is drawn offscreen. Layers are opened in device space, so the drop shadow's
    # offset and sigma are device pixels.
    box = device_bounds(layer, super_map, super_sublayer, include_shadow=False)
    if box is None:
        return
    bounds = None if box == "unbounded" else skia.Rect.MakeLTRB(*box)
    opacity = min(1.0, layer.opacity)
    group = opacity < 1 and draws_more_than_once
    canvas.setMatrix(IDENTITY_SKIA)
    if shadow:
        # The outer layer adds the shadow of whatever it holds, under it. It holds the (faded) group, so
        # the result is faded group over faded shadow: the shadow shows through a translucent layer, as in
        # the Swift renderer (blur is linear, so the shadow of alpha x opacity is the shadow faded).
        dx, dy, sigma = shadow_geometry(layer, m)
        r, g, b, a = layer.shadow_color
        color = skia.Color4f(r, g, b, a * layer.shadow_opacity).toColor()
        canvas.saveLayer(bounds, skia.Paint(ImageFilter=skia.ImageFilters.DropShadow(dx, dy, sigma, sigma, color)))
    if group:
        # Group opacity: composite background, sublayers and border first, then fade them as one.
        canvas.saveLayer(bounds, skia.Paint(Alphaf=opacity))
    draw_body(canvas, layer, m, 1.0 if group else opacity)
    if group:
        canvas.restore()
    if shadow:
        canvas.restore()


def draw_body(canvas, layer, m, opacity):
    """Background, sublayers (clipped to the rounded bounds when masksToBounds), border."""
    rect = standardized(layer.bounds)
    radius = corner_radius(layer, rect)
    rrect = skia.RRect.MakeRectXY(rect, radius, radius)
    matrix = to_skia(m)
    if has_background(layer):
        canvas.setMatrix(matrix)
        canvas.drawRRect(rrect, fill_paint(layer.background, opacity))
    if layer.sublayers:
        sub = sublayer_transform_about_anchor(layer)
        if layer.masks:
            canvas.save()
            canvas.setMatrix(matrix)
            canvas.clipRRect(rrect, skia.ClipOp.kIntersect, True)
        for s in drawing_order(layer.sublayers):
            draw_layer(canvas, s, m, sub)
        if layer.masks:
            canvas.restore()
    if has_border(layer):
        # A ring inside the bounds; the width is clamped so it never overlaps itself.
        bw = min(layer.border_width, rect.width() / 2, rect.height() / 2)
        paint = fill_paint(layer.border_color, opacity)
        canvas.setMatrix(matrix)
        inner = rect.makeInset(bw, bw)
        if inner.width() > 0 and inner.height() > 0:
            r = max(0.0, radius - bw)
            canvas.drawDRRect(rrect, skia.RRect.MakeRectXY(inner, r, r), paint)
        else:
            canvas.drawRRect(rrect, paint)


def render(scene):
    """Draws the scene into a fresh N32 premultiplied raster surface and flushes it."""
    surface = skia.Surface(scene.pixel_width, scene.pixel_height)
    canvas = surface.getCanvas()
    r, g, b, a = scene.background
    canvas.clear(skia.Color4f(r, g, b, a))
    device = (scene.scale, 0.0, 0.0, 0.0, scene.scale, 0.0, 0.0, 0.0, 1.0)
    draw_layer(canvas, scene.root, device, None)
    surface.flushAndSubmit()
    return surface


# MARK: CLI

def main(argv):
    ap = argparse.ArgumentParser(description="Render layer scenes with Skia's CPU raster and time them.")
    ap.add_argument("scenes", nargs="+", metavar="SCENE.json")
    ap.add_argument("--scale", type=float, help="pixels per point (overrides the canvas scale)")
    ap.add_argument("--repeat", type=int, default=20, help="timed renders per scene (median reported)")
    ap.add_argument("--out", help="directory for a PNG of each scene")
    args = ap.parse_args(argv)
    if args.out:
        os.makedirs(args.out, exist_ok=True)

    status = 0
    for path in args.scenes:
        try:
            with open(path) as f:
                scene = Scene(json.load(f), args.scale)
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"error: {path}: {e}", file=sys.stderr)
            status = 2
            continue
        surface = render(scene)  # warm-up, not timed (first-use initialisation inside Skia)
        times = []
        for _ in range(max(1, args.repeat)):
            t0 = time.perf_counter()
            surface = render(scene)
            times.append(time.perf_counter() - t0)
        print(f"{path} skia_raster_ms={statistics.median(times) * 1000:.3f}", flush=True)
        if args.out:
            name = os.path.splitext(os.path.basename(path))[0] + ".png"
            surface.makeImageSnapshot().save(os.path.join(args.out, name), skia.kPNG)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
