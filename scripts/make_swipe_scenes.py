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
CROP_INSET_GROUPED = {"viewport": [0, 156], "list": "insetGrouped", "chrome": {"bars": False, "time": "12:57"},
                      "metrics": {"titleBaseline": 42}}
CROP_PLAIN = {"viewport": [88.6, 155.2], "list": "plain", "chrome": {"bars": False}}
CROP_STILL = {"viewport": [94.8, 150], "list": "plain", "chrome": {"bars": False}}
FULL_PLAIN = {"list": "plain"}


def trailing(actions, **options):
    return dict({"buttonSpacing": 4, "actions": actions}, **options)


def with_transition(actions, kind):
    return [dict(a, transition=kind) for a in actions]


def open_and_close(y, open_to=110, start=300, wait_open=1.0, first_wait=0.7):
    """A trailing swipe of the row at `y`: open past the buttons, let go, then drag it closed."""
    return [
        {"wait": first_wait},
        {"touchDown": [start, y]},
        {"drag": {"to": [open_to, y], "duration": 0.7, "curve": "easeInOut"}},
        {"release": {}},
        {"wait": wait_open},
        {"drag": {"from": [open_to + 10, y], "to": [340, y], "duration": 0.5, "curve": "easeInOut"}},
        {"release": {}},
        {"wait": 0.7},
    ]


def open_and_rest(y, open_to=150, start=300, duration=0.6, first_wait=0.1, rest=0.8):
    return [
        {"wait": first_wait},
        {"touchDown": [start, y]},
        {"drag": {"to": [open_to, y], "duration": duration, "curve": "easeOut"}},
        {"release": {}},
        {"wait": rest},
    ]


def scene(framing, **body):
    s = {"kind": "swipe", "framesPerSecond": 30}
    s.update(framing)
    s.update(body)
    return s


def scenes():
    out = {}
    three = [TRASH, FLAG, MORE]
    row_y_inset = 100          # middle of the first inset-grouped row in the crop
    row_y_crop = 88.6 + 100    # the first plain row, in screen points
    row_y_full = 143.8 + 48

    for style in ("border", "drag", "reveal"):
        out[f"swipe-transition-{style}"] = scene(
            CROP_INSET_GROUPED,
            trailing=trailing(three, transitionStyle=style),
            timeline=open_and_close(row_y_inset))

    for kind in ("none", "default", "favorite", "spring", "rotate"):
        out[f"swipe-animation-{kind}"] = scene(
            CROP_PLAIN,
            metrics={"rowHeight": 95.1},
            trailing=trailing(with_transition(three, kind)),
            timeline=open_and_rest(row_y_crop, rest=0.9))

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
        if side == "leading":
            timeline = [
                {"wait": 0.9},
                {"touchDown": [20, row_y_full]},
                {"drag": {"to": [330, row_y_full], "duration": 0.9, "curve": "easeInOut"}},
                {"wait": 0.1},
                {"release": {}},
                {"wait": 1.2},
            ]
        else:
            timeline = [
                {"wait": 0.9},
                {"touchDown": [330, row_y_full]},
                {"drag": {"to": [20, row_y_full], "duration": 0.8, "curve": "easeInOut"}},
                {"wait": 0.1},
                {"release": {}},
                {"wait": 1.3},
            ]
        out[f"swipe-expansion-{name}"] = scene(FULL_PLAIN, **{side: config}, timeline=timeline)

    for style, background in (("background", None), ("circular", "#F2F2F7")):
        for mode, title in (("imageTitle", "image-title"), ("imageOnly", "image"), ("titleOnly", "title")):
            config = trailing(three, buttonDisplayMode=mode, buttonStyle="circular" if style == "circular" else "backgroundColor")
            if background:
                config["backgroundColor"] = background
            out[f"swipe-buttons-{style}-{title}"] = scene(
                CROP_STILL, trailing=config, timeline=open_and_rest(94.8 + 100, rest=1.0))

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
