#!/usr/bin/env python3
"""A libFuzzer dictionary from the scene kinds' declarations: `render-previews parameters --json` on stdin,
the dictionary on stdout. Keys come out as `"key":` and choices as `"value"`, so mutations splice whole
tokens the decoder knows instead of guessing them a byte at a time."""
import json
import sys


def entry(token):
    escaped = token.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def walk(parameters, tokens):
    for p in parameters:
        tokens.add(f'"{p["key"]}":')
        control = p.get("control")
        if isinstance(control, dict):
            for choice in control.get("choice", []):
                tokens.add(f'"{choice}"')
        walk(p.get("children", []), tokens)


def main():
    kinds = json.load(sys.stdin)
    tokens = {'"kind":', "{", "}", "[", "]", ",", ":", "true", "false", "null", "1e308", "-1e308", "0.5"}
    for kind in kinds:
        tokens.add(f'"{kind["kind"]}"')
        walk(kind["parameters"], tokens)
    for t in sorted(tokens):
        print(entry(t))


if __name__ == "__main__":
    main()
