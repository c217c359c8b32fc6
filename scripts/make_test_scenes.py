#!/usr/bin/env python3
"""Writes the layers scenes used by the snapshot tests (Tests/SnapshotTests/Scenes/).

    scripts/make_test_scenes.py           write them
    scripts/make_test_scenes.py --check   write nothing; exit 1 naming scenes that differ (`make test` runs this)

The transforms are computed here, with the same Core Animation conventions the renderer follows
(row vectors, CATransform3DTranslate/Rotate put the new step first), so the scenes read as designs.
Run it after changing a scene's design; the snapshot goldens are then re-recorded on purpose.
"""
import json
import math
import os
import sys

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "SnapshotTests", "Scenes")
CHECK = "--check" in sys.argv[1:]
STALE = []


def mul(a, b):
    return [sum(a[r * 4 + k] * b[k * 4 + c] for k in range(4)) for r in range(4) for c in range(4)]


I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


def translation(x, y, z=0):
    return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]


def rotation(a, x, y, z):
    n = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / n, y / n, z / n
    c, s, k = math.cos(a), math.sin(a), 1 - math.cos(a)
    return [c + k * x * x, k * x * y + s * z, k * x * z - s * y, 0,
            k * x * y - s * z, c + k * y * y, k * y * z + s * x, 0,
            k * x * z + s * y, k * y * z - s * x, c + k * z * z, 0,
            0, 0, 0, 1]


def scale(sx, sy, sz=1):
    return [sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1]


def perspective(eye):
    t = list(I)
    t[11] = -1.0 / eye
    return t


def translate(t, x, y, z=0):  # CATransform3DTranslate
    return mul(translation(x, y, z), t)


def rotate(t, a, x, y, z):  # CATransform3DRotate
    return mul(rotation(a, x, y, z), t)


def r6(v):
    return [round(x, 9) + 0.0 for x in v]


def scene(name, width, height, root, background="#F2F2F5", scale_=2, snapshots=None):
    doc = {"kind": "layers", "canvas": {"width": width, "height": height, "scale": scale_, "background": background},
           "root": root}
    if snapshots:
        doc["snapshots"] = snapshots
    path = os.path.join(OUT, name + ".json")
    if CHECK:
        text = json.dumps(doc, indent=2) + "\n"
        if not os.path.exists(path) or open(path).read() != text:
            STALE.append(path)
        return
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


def frame(x, y, w, h, **kw):
    d = {"bounds": [0, 0, w, h], "position": [x + w / 2, y + h / 2]}
    d.update(kw)
    return d


def fold_transform(position, index, spacing, eye):
    """MGUFlowFoldTransformer for a cell between the hidden and identity branches (seed README)."""
    t = perspective(eye)
    if index % 2 == 0:
        area = spacing / 2 * position + spacing
        a = -math.acos(area / spacing)
        y1 = spacing / 2 + (-math.cos(a) * spacing / 2)
        z = math.sin(a) * spacing / 2
        t = translate(t, 0, 0, z)
        t = translate(t, 0, -y1, 0)
    else:
        area = spacing / 2 * position + spacing / 2
        a = math.acos(area / spacing)
        y1 = spacing / 2 - math.cos(a) * spacing / 2
        z = -math.sin(a) * spacing / 2
        t = translate(t, 0, 0, z)
        t = translate(t, 0, spacing - 3 * y1, 0)
    return rotate(t, a, 1, 0, 0)


def place_folding_cell(d, i, center_y, position, h, eye=500):
    """Sets a cell's position, opacity and transform as MGUFlowFoldTransformer would (the seed's branches)."""
    d["position"] = [195, center_y]
    if position >= 1 or (position >= 0 and i % 2 == 0):
        return d
    if position <= -2 or (position <= -1 and i % 2 == 1):
        d["opacity"] = 0
        return d
    d["position"] = [195, center_y - position * h]
    d["transform"] = r6(fold_transform(position, i, h, eye))
    return d


def card(name, x, y, w, h, color="#FFFFFF", **kw):
    d = frame(x, y, w, h, name=name, backgroundColor=color, cornerRadius=10)
    d.update(kw)
    return d


def main():
    os.makedirs(OUT, exist_ok=True)
    colors = ["#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#007AFF", "#5856D6", "#AF52DE", "#FF2D55"]

    # 1. The folding layout at the device reading (content offset 32.6667): items 0 and 1 fold, 2.. are flat.
    offset, leading, h, w = 32.6667, 20.0, 65.0, 350.0
    cells = []
    for i in range(6):
        center_y = leading + h / 2 + i * h
        position = (center_y - offset - leading - h / 2) / h
        d = {"name": "item-%d" % i, "bounds": [0, 0, w, h], "backgroundColor": "#FFFFFF", "cornerRadius": 10,
             "sublayers": [frame(16, 16, 33, 33, name="icon", backgroundColor=colors[i], cornerRadius=8),
                           frame(62, 18, 160, 12, name="title", backgroundColor="#1C1C1E", cornerRadius=3),
                           frame(62, 38, 110, 9, name="subtitle", backgroundColor="#8E8E93", cornerRadius=3)]}
        cells.append(place_folding_cell(d, i, center_y, position, h))
    scroll = {"name": "flow", "bounds": [0, offset, 390, 420], "position": [195, 210], "masksToBounds": True,
              "sublayers": cells}
    scene("fold-device-reading", 390, 420, {"name": "root", "bounds": [0, 0, 390, 420], "position": [195, 210],
                                            "sublayers": [scroll]})

    # 2. One card folded hard: its sublayers and border are warped with it.
    t = rotate(perspective(300), math.radians(55), 1, 0, 0)
    c = card("card", 45, 40, 300, 160, "#FFFFFF", transform=r6(t), borderWidth=3, borderColor="#007AFF",
             sublayers=[frame(20, 20, 260, 24, backgroundColor="#FF9500", cornerRadius=6),
                        frame(20, 60, 120, 80, backgroundColor="#34C759", cornerRadius=40),
                        frame(160, 60, 120, 80, backgroundColor="#5856D6")])
    scene("perspective-fold", 390, 240, {"bounds": [0, 0, 390, 240], "position": [195, 120], "sublayers": [c]})

    # 3. Carousel: the parent's sublayerTransform carries the perspective, children turn about y.
    n = 8
    kids = []
    for i in range(n):
        a = 2 * math.pi * i / n
        tt = translate(rotation(a, 0, 1, 0), 0, 0, 0)
        tt = mul(translation(0, 0, 130), rotation(a, 0, 1, 0))  # push out, then turn the ring
        kids.append(frame(145, 70, 100, 140, name="panel-%d" % i, backgroundColor=colors[i], cornerRadius=12,
                          transform=r6(tt), borderWidth=2, borderColor="#FFFFFF"))
    # Core Animation does not depth-sort a flattened layer's sublayers: list them back to front.
    kids.sort(key=lambda k: k["transform"][10])
    ring = {"name": "ring", "bounds": [0, 0, 390, 280], "position": [195, 140],
            "sublayerTransform": r6(rotate(perspective(600), math.radians(-10), 1, 0, 0)), "sublayers": kids}
    scene("carousel-sublayer-transform", 390, 280, {"bounds": [0, 0, 390, 280], "position": [195, 140], "sublayers": [ring]},
          background="#1C1C1E")

    # 4. Rounded clipping: an oversize child and a rotated child clipped by a rounded parent.
    parent = card("clip", 40, 30, 310, 180, "#FFFFFF", cornerRadius=36, masksToBounds=True,
                  sublayers=[frame(-40, -40, 200, 140, backgroundColor="#FF3B30"),
                             frame(150, 60, 220, 160, backgroundColor="#007AFF",
                                   transform=r6(rotation(math.radians(25), 0, 0, 1))),
                             frame(100, 150, 60, 60, backgroundColor="#FFCC00", cornerRadius=30)])
    scene("clipping-rounded", 390, 240, {"bounds": [0, 0, 390, 240], "position": [195, 120], "sublayers": [parent]})

    # 5. Rounded clipping under perspective, nested clip inside.
    inner = card("inner", 150, 40, 120, 120, "#34C759", cornerRadius=60, masksToBounds=True,
                 sublayers=[frame(0, 0, 60, 120, backgroundColor="#FF9500")])
    tilt = rotate(perspective(400), math.radians(-40), 0, 1, 0)
    parent = card("tilted-clip", 45, 30, 300, 200, "#FFFFFF", cornerRadius=30, masksToBounds=True,
                  transform=r6(tilt),
                  sublayers=[frame(-20, -20, 180, 120, backgroundColor="#5856D6"), inner])
    scene("clipping-perspective", 390, 260, {"bounds": [0, 0, 390, 260], "position": [195, 130], "sublayers": [parent]})

    # 6. Group opacity: overlapping children faded as one group (left) versus each child faded (right).
    group = frame(20, 30, 160, 160, name="group", opacity=0.5,
                  sublayers=[frame(0, 0, 110, 110, backgroundColor="#FF3B30", cornerRadius=20),
                             frame(50, 50, 110, 110, backgroundColor="#007AFF", cornerRadius=20)])
    single = frame(210, 30, 160, 160, name="separate",
                   sublayers=[frame(0, 0, 110, 110, backgroundColor="#FF3B30", cornerRadius=20, opacity=0.5),
                              frame(50, 50, 110, 110, backgroundColor="#007AFF", cornerRadius=20, opacity=0.5)])
    bg_border = frame(150, 200, 90, 30, name="bg-and-border", opacity=0.5, backgroundColor="#000000",
                      borderWidth=6, borderColor="#FF9500", cornerRadius=8)
    scene("group-opacity", 390, 250, {"bounds": [0, 0, 390, 250], "position": [195, 125],
                                      "sublayers": [group, single, bg_border]}, background="#FFFFFF")

    # 7. Borders: widths, radii, translucent, rotated, border wider than the radius.
    bs = [frame(20, 20, 100, 70, borderWidth=1, borderColor="#000000"),
          frame(140, 20, 100, 70, borderWidth=0.5, borderColor="#007AFF", cornerRadius=12, backgroundColor="#FFFFFF"),
          frame(260, 20, 110, 70, borderWidth=8, borderColor="#FF3B3080", cornerRadius=35, backgroundColor="#FFCC00"),
          frame(30, 120, 90, 90, borderWidth=4, borderColor="#34C759", cornerRadius=45),
          frame(150, 120, 90, 90, borderWidth=20, borderColor="#5856D6", cornerRadius=10, backgroundColor="#FFFFFF"),
          frame(270, 125, 90, 80, borderWidth=3, borderColor="#FF9500", cornerRadius=16,
                transform=r6(rotation(math.radians(-18), 0, 0, 1)))]
    scene("borders", 390, 230, {"bounds": [0, 0, 390, 230], "position": [195, 115], "sublayers": bs})

    # 8. Shadows: radius, offset, translucent layers, shadow of sublayers only, masksToBounds (no shadow).
    ss = [card("soft", 20, 20, 110, 80, shadowOpacity=0.25, shadowRadius=10, shadowOffset=[0, 4]),
          card("hard", 150, 20, 90, 80, shadowOpacity=0.6, shadowRadius=1, shadowOffset=[4, 4]),
          card("colored", 260, 20, 110, 80, "#007AFF", shadowOpacity=0.8, shadowRadius=8, shadowColor="#FF2D55",
               shadowOffset=[0, 0]),
          frame(30, 140, 120, 80, name="no-background", shadowOpacity=0.5, shadowRadius=4, shadowOffset=[0, 3],
                sublayers=[frame(0, 0, 50, 50, backgroundColor="#34C759", cornerRadius=25),
                           frame(60, 30, 60, 50, backgroundColor="#FFCC00")]),
          card("faded", 170, 140, 90, 80, opacity=0.5, shadowOpacity=0.5, shadowRadius=6, shadowOffset=[0, 6]),
          card("masked", 280, 140, 90, 80, masksToBounds=True, shadowOpacity=0.8, shadowRadius=6)]
    scene("shadows", 390, 250, {"bounds": [0, 0, 390, 250], "position": [195, 125], "sublayers": ss})

    # 9. zPosition ordering: array order is 0..4, drawing order follows zPosition, ties keep array order.
    zs = []
    for i, z in enumerate([3, -1, 0, 0, 2]):
        zs.append(frame(30 + i * 55, 40 + (i % 2) * 30, 110, 110, name="z%g-%d" % (z, i), backgroundColor=colors[i],
                        cornerRadius=14, zPosition=z, borderWidth=2, borderColor="#FFFFFF"))
    scene("zposition-order", 390, 200, {"bounds": [0, 0, 390, 200], "position": [195, 100], "sublayers": zs})

    # 10. Anchor points and bounds origin: the same rotation about different anchors; a scrolled parent.
    an = []
    for i, (ax, ay) in enumerate([(0, 0), (0.5, 0.5), (1, 1)]):
        an.append({"bounds": [0, 0, 80, 50], "position": [60 + i * 120, 60], "anchorPoint": [ax, ay],
                   "backgroundColor": colors[i + 4], "transform": r6(rotation(math.radians(30), 0, 0, 1)),
                   "sublayers": [frame(0, 0, 10, 10, backgroundColor="#000000")]})
    scrolled = {"name": "scrolled", "bounds": [40, 25, 300, 70], "position": [195, 170], "masksToBounds": True,
                "backgroundColor": "#FFFFFF", "cornerRadius": 8,
                "sublayers": [frame(20 + i * 70, 20, 60, 60, backgroundColor=colors[i], cornerRadius=8) for i in range(6)]}
    scene("anchor-and-bounds-origin", 390, 220, {"bounds": [0, 0, 390, 220], "position": [195, 110],
                                                 "sublayers": an + [scrolled]})

    # 11. Nested transforms: a scaled, rotated parent with a perspective child; hidden layers draw nothing.
    child = frame(20, 20, 100, 60, backgroundColor="#FF9500", cornerRadius=8,
                  transform=r6(rotate(perspective(200), math.radians(45), 0, 1, 0)),
                  sublayers=[frame(10, 10, 30, 30, backgroundColor="#FFFFFF", cornerRadius=15)])
    parent = frame(120, 40, 160, 120, backgroundColor="#5856D6", cornerRadius=12,
                   transform=r6(mul(scale(1.2, 0.9), rotation(math.radians(12), 0, 0, 1))),
                   sublayers=[child, frame(0, 0, 160, 120, hidden=True, backgroundColor="#FF0000")])
    scene("nested-transforms", 390, 200, {"bounds": [0, 0, 390, 200], "position": [195, 100], "sublayers": [parent]})

    # 12. Abutting layers: two halves of a card meeting at a fold, and a grid of touching tiles, on black.
    top = perspective(500)
    a = math.radians(50)
    halves = [
        {"bounds": [0, 0, 300, 60], "anchorPoint": [0.5, 1], "position": [195, 90], "backgroundColor": "#FFFFFF",
         "transform": r6(rotate(perspective(500), -a, 1, 0, 0))},
        {"bounds": [0, 0, 300, 60], "anchorPoint": [0.5, 0], "position": [195, 90], "backgroundColor": "#FFFFFF",
         "transform": r6(rotate(perspective(500), a, 1, 0, 0))},
    ]
    tiles = [frame(45 + (i % 6) * 50.3333, 140 + (i // 6) * 20.25, 50.3333, 20.25, backgroundColor="#FFFFFF")
             for i in range(18)]
    scene("abutting-layers", 390, 220, {"bounds": [0, 0, 390, 220], "position": [195, 110],
                                        "sublayers": halves + tiles}, background="#000000")

    # 13. Fractional geometry at 3x: hairlines, small circles, thin rotated bars.
    fr = [frame(10.3 + i * 7.1, 10.5, 0.33 + i * 0.11, 60, backgroundColor="#000000") for i in range(12)]
    fr += [frame(110 + i * 14.25, 20.4 + i * 0.3, 9.5, 9.5, backgroundColor="#007AFF", cornerRadius=4.75) for i in range(8)]
    fr += [frame(120, 60 + i * 6.5, 100, 1, backgroundColor="#FF3B30",
                 transform=r6(rotation(math.radians(3 * i), 0, 0, 1))) for i in range(4)]
    scene("fractional-geometry", 240, 100, {"bounds": [0, 0, 240, 100], "position": [120, 50], "sublayers": fr},
          background="#FFFFFF", scale_=3)

    text_scenes(colors)

    # Gradients (CAGradientLayer): vertical, horizontal with stops, diagonal, rounded, under perspective,
    # and the folding cell's black overlays at half strength.
    def grad(x, y, w, h, colors_, **kw):
        g = {"colors": colors_}
        for k in ("locations", "startPoint", "endPoint"):
            if k in kw:
                g[k] = kw.pop(k)
        d = frame(x, y, w, h, contents={"gradient": g})
        d.update(kw)
        return d
    gs = [grad(10, 10, 110, 90, ["#007AFF", "#5856D6"]),
          grad(135, 10, 110, 90, ["#FF3B30", "#FFCC00", "#34C759"], locations=[0, 0.3, 1], startPoint=[0, 0.5],
               endPoint=[1, 0.5]),
          grad(260, 10, 110, 90, ["#FFFFFF", "#000000"], startPoint=[0, 0], endPoint=[1, 1], cornerRadius=20),
          grad(10, 115, 170, 80, ["#00000000", "#000000FF"], transform=r6(rotate(perspective(300), math.radians(50), 1, 0, 0))),
          frame(200, 115, 170, 80, backgroundColor="#FFFFFF", sublayers=[
              grad(0, 0, 170, 40, ["#0000008C", "#000000E6"], opacity=0.5),
              grad(0, 40, 170, 40, ["#00000099", "#0000000D"], opacity=0.5)])]
    scene("gradients", 380, 210, {"bounds": [0, 0, 380, 210], "position": [190, 105], "sublayers": gs})

    # One card drawn once into a snapshot and shown as pieces, as SnapshotTransformView cuts it: in place
    # (left), 4 x 4 pieces each scaled and moved from its place with rounded corners (middle), and shrunk
    # eightfold and turned in perspective (right: the mip levels keep its stripes from aliasing).
    stripes = [frame(0, y, 120, 4, backgroundColor="#FFFFFF") for y in range(8, 160, 8)]
    snapshot_card = {"name": "card", "bounds": [0, 0, 120, 160], "cornerRadius": 16, "borderWidth": 3,
                     "borderColor": "#FFFFFF", "masksToBounds": True,
                     "contents": {"gradient": {"colors": ["#EAFF00", "#50CCFF"], "startPoint": [0, 0],
                                               "endPoint": [1, 1]}},
                     "sublayers": stripes}

    def pieces(x0, y0, n, spread, shrink, radius):
        out = []
        for r in range(n):
            for c in range(n):
                w, h = 120 / n, 160 / n
                dx, dy = (c - (n - 1) / 2) * spread, (r - (n - 1) / 2) * spread
                out.append(frame(x0 + c * w, y0 + r * h, w, h, contents={"snapshot": "card"},
                                 contentsRect=[c / n, r / n, 1 / n, 1 / n], cornerRadius=radius, masksToBounds=True,
                                 transform=r6(mul(scale(shrink, shrink), translation(dx, dy))),
                                 opacity=1 - 0.1 * ((r + c) % 3)))
        return out

    shrunk = frame(300, 20, 120, 160, contents={"snapshot": "card"},
                   transform=r6(mul(mul(scale(0.125, 0.125), rotate(perspective(400), math.radians(40), 0, 1, 0)),
                                    translation(0, 0))))
    scene("snapshot-pieces", 440, 200,
          {"bounds": [0, 0, 440, 200], "position": [220, 100],
           "sublayers": pieces(10, 20, 1, 0, 1, 0) + pieces(150, 20, 4, 10, 0.8, 6) + [shrunk]},
          snapshots=[snapshot_card])
    if STALE:
        print("out of date (run scripts/make_test_scenes.py and re-record their goldens on purpose):", file=sys.stderr)
        for path in STALE:
            print("  " + os.path.normpath(path), file=sys.stderr)
        return 1
    return 0


def label(x, y, w, h, string, **text):
    t = {"string": string}
    t.update(text)
    return frame(x, y, w, h, contents={"text": t})


def icon(x, y, w, h, name, size=22, color="#FFFFFF", **kw):
    d = frame(x, y, w, h, contents={"glyph": {"name": name, "size": size, "color": color}})
    d.update(kw)
    return d


def text_scenes(colors):
    # Sizes, weights and italic, at 1x, 2x and 3x: the same labels must stay crisp at every scale.
    rows = []
    y = 10
    for size, weight, italic in [(11, "regular", False), (13, "regular", True), (15, "medium", False),
                                 (17, "semibold", False), (22, "bold", False), (34, "bold", False)]:
        name = "%s%s %gpt" % (weight, " italic" if italic else "", size)
        rows.append(label(10, y, 300, size * 1.3, "Inbox %s — Kerning: AV To Wa" % name, size=size, weight=weight,
                          italic=italic, alignment="left"))
        y += size * 1.3 + 4
    for scale in (1, 2, 3):
        suffix = "" if scale == 1 else "-%dx" % scale
        scene("text-sizes" + suffix, 320, y + 6, {"bounds": [0, 0, 320, y + 6], "position": [160, (y + 6) / 2],
                                                   "sublayers": rows}, background="#FFFFFF", scale_=scale)

    # Wrapping, truncation, alignment and line height in fixed boxes (grey boxes show the bounds).
    body = ("Hi Anna, the quarterly report is attached. Let me know if the numbers on page four look right "
            "before we send it to the board on Friday.")
    boxes = []
    specs = [(10, 10, "one line, tail truncation", {"lineLimit": 1}),
             (10, 60, "two lines", {"lineLimit": 2, "color": "#8E8E93"}),
             (10, 120, "no limit, centered", {"lineLimit": 0, "alignment": "center"}),
             (200, 10, "right aligned, two lines", {"lineLimit": 2, "alignment": "right"}),
             (200, 80, "line height 24, top", {"lineLimit": 3, "lineHeight": 24, "verticalAlignment": "top"}),
             (200, 170, "first baseline at 14", {"lineLimit": 1, "verticalAlignment": "firstBaseline", "baseline": 14,
                                                 "weight": "semibold"})]
    for x, y, _, opts in specs:
        h = 100 if opts.get("lineLimit") == 0 else (80 if opts.get("lineLimit") == 3 else 40)
        box = frame(x, y, 170, h, backgroundColor="#F2F2F7")
        t = {"string": body, "size": 13}
        t.update(opts)
        box["contents"] = {"text": t}
        boxes.append(box)
    boxes.append(label(10, 230, 360, 20, "Supercalifragilisticexpialidocious-antidisestablishmentarianism", size=15,
                       lineLimit=0))
    scene("text-wrapping-truncation", 380, 300, {"bounds": [0, 0, 380, 300], "position": [190, 150],
                                                 "sublayers": boxes}, background="#FFFFFF")

    # Right-to-left Arabic: natural alignment is right, lines break and truncate from the right.
    arabic = [
        label(10, 10, 360, 30, "صندوق الوارد", size=28, weight="bold"),
        label(10, 50, 360, 22, "مرحبا بكم في التطبيق", size=17, weight="semibold"),
        label(10, 76, 360, 44, "تم إرسال التقرير الفصلي إلى الفريق، يرجى مراجعة الأرقام قبل يوم الجمعة القادم.",
              size=15, color="#8E8E93", lineLimit=2),
        label(10, 124, 200, 22, "هذا سطر طويل جدا لا يتسع في مربع صغير", size=15, lineLimit=1,
              contents_bg=None) if False else label(10, 124, 200, 22, "هذا سطر طويل جدا لا يتسع في مربع صغير",
                                                     size=15, lineLimit=1),
        label(10, 150, 360, 22, "حذف", size=17, alignment="center", color="#FF3B30"),
    ]
    scene("text-rtl-arabic", 380, 180, {"bounds": [0, 0, 380, 180], "position": [190, 90], "sublayers": arabic},
          background="#FFFFFF")

    # Hangul, as in the original Korean demo, with Latin fallback inside the same label.
    hangul = [
        label(16, 10, 350, 40, "받은 편지함", size=34, weight="bold", alignment="left"),
        label(16, 56, 350, 22, "김민수 · 오전 9:41", size=17, weight="semibold", alignment="left"),
        label(16, 82, 350, 40, "다음 주 회의 일정을 확인해 주세요. 자료는 첨부 파일(PDF)로 보냈습니다.", size=15,
              color="#8E8E93", lineLimit=2, alignment="left"),
        label(16, 128, 170, 22, "스와이프하여 삭제하거나 보관할 수 있습니다", size=15, lineLimit=1, alignment="left"),
    ]
    scene("text-hangul", 380, 160, {"bounds": [0, 0, 380, 160], "position": [190, 80], "sublayers": hangul},
          background="#FFFFFF")

    # Icon glyphs in swipe-button colors, with titles on the first baseline like the swipe buttons.
    buttons = []
    actions = [("More", "ellipsis", "#C7C7CB"), ("Flag", "flag", "#FF9501"), ("Trash", "trash", "#FE3B2E"),
               ("Read", "envelope", "#007AFF"), ("Unread", "envelope-open", "#007AFF"), ("Star", "star", "#FFCC00")]
    for i, (title, name, color) in enumerate(actions):
        x = 10 + i * 62
        buttons.append(frame(x, 10, 60, 76, backgroundColor=color, sublayers=[
            icon(0, 12, 60, 26, name, size=22),
            frame(0, 44, 60, 24, contents={"text": {"string": title, "size": 15, "color": "#FFFFFF",
                                                     "alignment": "center", "verticalAlignment": "firstBaseline",
                                                     "baseline": 16}})]))
    names = ["bell", "archive", "reply", "share", "check", "heart", "calendar", "clock", "phone", "dollar", "photo",
             "grid", "note", "user-plus", "user", "globe", "circle", "folder", "camera", "chevron-right",
             "chevron-left", "face-id", "plus", "minus", "search", "star-outline"]
    for i, name in enumerate(names):
        buttons.append(icon(10 + (i % 13) * 28.5, 96 + (i // 13) * 30, 26, 26, name, size=20, color=colors[i % 8]))
    scene("glyph-icons", 390, 160, {"bounds": [0, 0, 390, 160], "position": [195, 80], "sublayers": buttons},
          background="#FFFFFF")

    # A folding cell with real text: the glyphs are warped with the cell.
    offset, leading, h, w = 32.6667, 20.0, 65.0, 350.0
    items = [("Faceid", "faceid", "face-id"), ("Calendar", "calendar.badge.clock", "calendar"),
             ("Teletype", "teletype.answer.circle.fill", "phone"), ("Photo", "photo.on.rectangle.angled", "photo")]
    cells = []
    for i, (title, subtitle, glyph) in enumerate(items):
        center_y = leading + h / 2 + i * h
        position = (center_y - offset - leading - h / 2) / h
        d = {"name": "item-%d" % i, "bounds": [0, 0, w, h], "backgroundColor": "#FFFFFF",
             "borderWidth": 0.5, "borderColor": "#C6C6C8",
             "sublayers": [icon(12, 16, 33, 33, glyph, size=24, color=colors[i]),
                           label(58, 14, 260, 22, title, size=17, weight="semibold", alignment="left"),
                           label(58, 36, 260, 18, subtitle, size=13, italic=True, color="#8E8E93",
                                 alignment="left")]}
        cells.append(place_folding_cell(d, i, center_y, position, h))
    flow = {"name": "flow", "bounds": [0, offset, 390, 260], "position": [195, 130], "masksToBounds": True,
            "sublayers": cells}
    scene("text-folded-cell", 390, 260, {"bounds": [0, 0, 390, 260], "position": [195, 130], "sublayers": [flow]},
          background="#F2F2F7")


if __name__ == "__main__":
    sys.exit(main())
