#!/usr/bin/env python3
"""Copies the font files the renderer draws from Debian's font packages into the Text module's resources, with a
licence file per family (its copyright notices and the licence text), and checks that the committed copies are
the packages' files byte for byte.

    python3 scripts/bundle_fonts.py          # (re)write Sources/Text/Resources/Fonts from the installed packages
    python3 scripts/bundle_fonts.py --check  # compare the committed files with the installed packages

The files are the packages' own, unmodified: NanumGothic's licence reserves its name, so a subset would have to be
renamed; only the weights the renderer uses are copied. Installing the packages is needed only to run this
script, never to render.
"""
import argparse
import filecmp
import hashlib
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEST = os.path.join(ROOT, "Sources", "Text", "Resources", "Fonts")

# family: (Debian package, folder, files, licence, copyright notices)
FAMILIES = {
    "Inter": ("fonts-inter", "/usr/share/fonts/opentype/inter",
              ["Inter-Thin.otf", "Inter-ExtraLight.otf", "Inter-Light.otf", "Inter-Regular.otf", "Inter-Medium.otf",
               "Inter-SemiBold.otf", "Inter-Bold.otf", "Inter-Italic.otf", "Inter-BoldItalic.otf"],
              "OFL-1.1", ["Copyright 2016-2022 The Inter Project Authors (https://github.com/rsms/inter)"]),
    "FontAwesome": ("fonts-font-awesome", "/usr/share/fonts/opentype/font-awesome", ["FontAwesome.otf"],
                    "OFL-1.1", ["Copyright 2012-2018 Dave Gandy (Font Awesome 4.7, https://fontawesome.io)"]),
    "LeagueSpartan": ("fonts-league-spartan", "/usr/share/fonts/opentype/league-spartan", ["LeagueSpartan-Medium.otf"],
                      "OFL-1.1", ["Copyright 2011-2020 Micah Rich, Caroline Hadilaksono, Tyler Finck "
                                  "(https://github.com/theleagueof/league-spartan)"]),
    "NanumGothic": ("fonts-nanum", "/usr/share/fonts/truetype/nanum", ["NanumGothic.ttf", "NanumGothicBold.ttf"],
                    "OFL-1.1", ["Copyright (c) 2010, NAVER Corporation (http://www.nhncorp.com),",
                                "with Reserved Font Name Nanum, Naver Nanum, NanumGothic, Naver NanumGothic, "
                                "NanumMyeongjo, Naver NanumMyeongjo, NanumBrush, Naver NanumBrush, NanumPen, "
                                "Naver NanumPen, Naver NanumGothicEco, NanumGothicEco, Naver NanumMyeongjoEco, "
                                "NanumMyeongjoEco, Naver NanumGothicLight, NanumGothicLight, NanumBarunGothic, "
                                "Naver NanumBarunGothic."]),
    "NotoSansArabic": ("fonts-noto-core", "/usr/share/fonts/truetype/noto",
                       ["NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"],
                       "OFL-1.1", ["Copyright 2015-2020 Google LLC (https://github.com/googlefonts/noto-fonts)"]),
    "RobotoCondensed": ("fonts-roboto-unhinted", "/usr/share/fonts/truetype/roboto/unhinted",
                        ["RobotoCondensed-Bold.ttf"],
                        "Apache-2.0", ["Copyright 2011 Google Inc. (https://github.com/googlefonts/roboto)"]),
}


def ofl_text():
    """The OFL 1.1 text as Debian's fonts-league-spartan copyright file carries it (one space indent, '.' for a
    blank line)."""
    lines = open("/usr/share/doc/fonts-league-spartan/copyright", encoding="utf-8").read().splitlines()
    start = lines.index("License: OFL-1.1") + 1
    out = []
    for line in lines[start:]:
        if not line.startswith(" "):
            break
        body = line[1:]
        out.append("" if body == "." else body.rstrip())
    return "\n".join(out).strip("\n") + "\n"


def licence_text(kind):
    if kind == "OFL-1.1":
        return ofl_text()
    return open("/usr/share/common-licenses/Apache-2.0", encoding="utf-8").read()


def package_version(package):
    return subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True,
                          check=True).stdout


def licence_file(family, package, kind, notices):
    head = "\n".join(notices)
    return (f"{family}: the font files {family}*.* in this folder, unmodified from Debian's {package} "
            f"{package_version(package)}.\n\n{head}\n\nLicence: {kind}\n\n{licence_text(kind)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true", help="compare the committed files with the packages'")
    args = parser.parse_args()
    problems = []
    if not args.check:
        shutil.rmtree(DEST, ignore_errors=True)
        os.makedirs(DEST)
    total = 0
    for family, (package, folder, files, kind, notices) in FAMILIES.items():
        for name in files:
            source = os.path.realpath(os.path.join(folder, name))
            target = os.path.join(DEST, name)
            if not os.path.exists(source):
                problems.append(f"{source} is missing: apt-get install {package}")
                continue
            if args.check:
                if not os.path.exists(target) or not filecmp.cmp(source, target, shallow=False):
                    problems.append(f"{target} differs from {source}")
            else:
                shutil.copyfile(source, target)
            total += os.path.getsize(source)
        licence = os.path.join(DEST, f"{family}.LICENSE.txt")
        if not args.check:
            with open(licence, "w", encoding="utf-8") as f:
                f.write(licence_file(family, package, kind, notices))
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{sum(len(f[2]) for f in FAMILIES.values())} font files, {total / 1e6:.2f} MB")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
