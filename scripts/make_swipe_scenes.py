#!/usr/bin/env python3
"""Writes the swipe-cell scenes, Scenes/swipe-*.json, from one description of the demo.

    scripts/make_swipe_scenes.py [SCENES_DIR]

The scenes share the demo's actions and list framing, so they are generated: edit this file and run it
again. Gesture timings follow the reference recordings (docs/swipe-reference.md measures them): the first
touch, the finger's path and the release time of each recording.
"""
import json
import os
import sys

TRASH = {"title": "Trash", "icon": "trash", "style": "destructive", "backgroundColor": "#FF3B30"}
FLAG = {"title": "Flag", "icon": "flag", "backgroundColor": "#FF9500"}
MORE = {"title": "More", "icon": "ellipsis", "backgroundColor": "#C7C7CC"}
UNREAD = {"title": "Unread", "icon": "envelope", "backgroundColor": "#007AFF", "effect": "toggleUnread"}

# Framing of the references (points of the 390 x 844 screen shown in the 480-px-wide GIFs).
CROP_INSET_GROUPED = {"viewport": [0, 156], "list": "insetGrouped", "chrome": {"bars": False, "today": "오후 12:57"},
                      "metrics": {"titleBaseline": 42}}
CROP_PLAIN = {"viewport": [88.6, 155.2], "list": "plain", "chrome": {"bars": False, "today": "오후 2:32"}}
CROP_STILL = {"viewport": [94.8, 150], "list": "plain", "chrome": {"bars": False, "today": "오후 2:32"}}
FULL_PLAIN = {"list": "plain"}


def trailing(actions, **options):
    return dict({"buttonSpacing": 4, "actions": actions}, **options)


def with_transition(actions, kind):
    return [dict(a, transition=kind) for a in actions]


def swipe(down_at, start, to, drag_start, drag_end, release_at=None, total=None, curve="easeInOut", then=()):
    """Touch down at `down_at` s on `start`, drag to `to` between `drag_start` and `drag_end`, let go at
    `release_at` (or keep holding), then the `then` steps, and wait until `total` seconds."""
    steps = [{"wait": down_at}, {"touchDown": start}]
    if drag_start > down_at:
        steps.append({"wait": round(drag_start - down_at, 3)})
    steps.append({"drag": {"to": to, "duration": round(drag_end - drag_start, 3), "curve": curve}})
    t = drag_end
    if release_at is not None:
        if release_at > t:
            steps.append({"wait": round(release_at - t, 3)})
        steps.append({"release": {}})
        t = max(t, release_at)
    for step in then:
        if "at_time" in step:
            steps.append({"wait": round(step["at_time"] - t, 3)})
            t = step["at_time"]
            continue
        steps.append(step)
        t += step.get("tap", {}).get("duration", 0) + step.get("wait", 0)
    if total is not None and total > t:
        steps.append({"wait": round(total - t, 3)})
    return steps


def tap(x, y, at, duration=0.1):
    return [{"at_time": at}, {"tap": {"at": [x, y], "duration": duration}}]


def scene(framing, **body):
    s = {"kind": "swipe", "framesPerSecond": 30}
    s.update(framing)
    s.update(body)
    return s


def scenes():
    out = {}
    three = [TRASH, FLAG, MORE]

    # Transition styles (docs/swipe-reference.md): the finger opens the first row and lets go; a tap on the
    # content closes it.
    transitions = {
        "border": swipe(0.7, [290.6, 106.2], [128.5, 106.2], 0.77, 1.3, release_at=1.6, total=3.99,
                        then=tap(114.4, 93.1, 2.73)),
        "drag": swipe(0.77, [282.0, 122.3], [52.7, 122.3], 0.8, 2.6, release_at=2.83, total=4.3,
                      then=tap(90.8, 130.6, 3.47, 0.06)),
        "reveal": swipe(0.67, [264.5, 119.6], [80.0, 119.6], 0.7, 1.03, release_at=1.27, total=2.75, curve="easeOut",
                        then=tap(78.0, 119.0, 1.9)),
    }
    for style, timeline in transitions.items():
        out[f"swipe-transition-{style}"] = scene(
            CROP_INSET_GROUPED,
            trailing=trailing(three, transitionStyle=style),
            timeline=timeline)

    # Transition animations: the finger drags the buttons open and holds (the recordings end with it down).
    # (touch down, start x, cell offset at the end, drag start and end, length), screen y 192.
    holds = {
        "none": (0.0, 263.1, 210.4, 0.03, 1.46, 1.68),
        "default": (0.23, 241.0, 176.3, 0.3, 1.37, 1.43),
        "favorite": (0.0, 261.5, 183.6, 0.03, 0.7, 1.40),
        "spring": (0.0, 222.0, 200.7, 0.13, 0.75, 1.47),
        "rotate": (0.0, 328.4, 190.1, 0.14, 0.8, 2.26),
    }
    for kind, (down, x0, offset, d0, d1, total) in holds.items():
        y = 88.6 + 100
        timeline = swipe(down, [x0, y], [round(x0 - offset, 1), y], d0, d1, total=total, curve="easeOut")
        if kind == "spring":
            # This recording drags slowly to x 175 by 770 ms, then on to the final offset.
            timeline = swipe(down, [x0, y], [175.0, y], d0, 0.77, curve="linear") + [
                {"drag": {"to": [round(x0 - offset, 1), y], "duration": 0.33, "curve": "easeOut"}},
                {"wait": round(total - 1.1, 3)}]
        out[f"swipe-animation-{kind}"] = scene(
            CROP_PLAIN,
            trailing=trailing(with_transition(three, kind)),
            timeline=timeline)

    expansion = {
        "none": ("leading", [UNREAD], None),
        "selection": ("leading", [UNREAD], "selection"),
        "fill": ("trailing", [dict(TRASH, effect="confirmDelete"), FLAG, MORE], "fill"),
        "fill-delete": ("trailing", three, "fillDelete"),
        "fill-reverse": ("trailing", [dict(TRASH, effect="confirmDelete"), FLAG, MORE], "fillReverse"),
    }
    for name, (side, actions, style) in expansion.items():
        config = trailing(actions)
        if style:
            config["expansionStyle"] = style
        timeline = {
            "none": swipe(0.9, [44.3, 193.2], [377.5, 193.2], 0.93, 1.43, release_at=1.63, total=2.72),
            "selection": swipe(0.93, [34.7, 184.9], [353.3, 184.9], 0.97, 1.67, release_at=1.95, total=2.88),
            "fill": swipe(0.97, [339.5, 197.2], [6, 197.2], 1.0, 1.9, release_at=2.1, total=3.02),
            "fill-delete": swipe(0.87, [322.9, 205.9], [13.7, 205.9], 0.9, 1.8, release_at=1.85, total=2.72),
            "fill-reverse": swipe(0.77, [315.1, 194.3], [10, 194.3], 0.8, 1.45, release_at=1.55, total=2.6),
        }[name]
        out[f"swipe-expansion-{name}"] = scene(FULL_PLAIN, **{side: config}, timeline=timeline)

    for style, background in (("background", None), ("circular", "#F2F2F7")):
        for mode, title in (("imageTitle", "image-title"), ("imageOnly", "image"), ("titleOnly", "title")):
            config = trailing(three, buttonDisplayMode=mode, buttonStyle="circular" if style == "circular" else "backgroundColor")
            if background:
                config["backgroundColor"] = background
            out[f"swipe-buttons-{style}-{title}"] = scene(
                CROP_STILL, trailing=config,
                timeline=swipe(0.3, [300, 194.8], [100, 194.8], 0.35, 0.85, release_at=0.9, total=2.2))

    arabic_trailing = [
        {"title": "حذف", "icon": "trash", "style": "destructive", "backgroundColor": "#FF3B30"},
        {"title": "علَم", "icon": "flag", "backgroundColor": "#FF9500"},
        {"title": "المزيد", "icon": "ellipsis", "backgroundColor": "#C7C7CC"},
    ]
    arabic_leading = [{"title": "غير مقروء", "icon": "envelope", "backgroundColor": "#007AFF", "effect": "toggleUnread"}]
    y = 143.8 + 96.7 + 48
    out["swipe-rtl"] = scene(
        FULL_PLAIN, rightToLeft=True, emails="demoArabic",
        chrome={"title": "البريد الوارد", "backTitle": "خلية السحب", "editTitle": "تعديل", "time": "2:26"},
        trailing=trailing(arabic_trailing),
        leading=trailing(arabic_leading, expansionStyle="selection"),
        timeline=[
            {"wait": 0.6},
            {"touchDown": [60, y]},
            {"drag": {"to": [290, y], "duration": 0.7, "curve": "easeInOut"}},
            {"release": {}},
            {"wait": 0.9},
            {"tap": {"at": [330, y], "duration": 0.1}},
            {"wait": 0.8},
            {"touchDown": [370, y]},
            {"drag": {"to": [60, y], "duration": 0.9, "curve": "easeInOut"}},
            {"release": {}},
            {"wait": 1.2},
        ])

    y0 = 142.6 + 47
    out["swipe-collection"] = scene(
        {"list": "cards", "metrics": {"listTop": 142.6, "rowHeight": 94, "rowSpacing": 24.2, "rowInset": 20}},
        trailing=trailing(three, expansionStyle="fillDelete"),
        timeline=[
            {"wait": 0.6},
            {"touchDown": [340, y0 + 118.2]},
            {"drag": {"to": [150, y0 + 118.2], "duration": 0.6, "curve": "easeOut"}},
            {"release": {}},
            {"wait": 0.8},
            {"tap": {"at": [120, y0 + 118.2], "duration": 0.1}},
            {"wait": 0.8},
            {"touchDown": [345, y0]},
            {"drag": {"to": [25, y0], "duration": 0.8, "curve": "easeInOut"}},
            {"release": {}},
            {"wait": 1.2},
        ])
    return out


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Scenes")
    for name, body in scenes().items():
        with open(os.path.join(folder, name + ".json"), "w") as f:
            json.dump(body, f, indent=2, ensure_ascii=False)
            f.write("\n")
    print(f"wrote {len(scenes())} scenes to {os.path.normpath(folder)}")


if __name__ == "__main__":
    main()
