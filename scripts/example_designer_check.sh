#!/usr/bin/env bash
# `COMMAND design` serves a package's own kind with its controls: starts the designer on a free loopback port
# through the package's command line (which runs its COMMAND-designer), asks for the scene's controls and checks
# that the kind's KEY is among them, then stops the server.
#   scripts/example_designer_check.sh .build-example/debug/carousel-previews Examples/CarouselLibrary/Scenes carousel angle
set -euo pipefail
command=$1 scenes=$2 scene=$3 key=$4
log=$(mktemp)
"$command" design --port 0 --scenes "$scenes" > "$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 100); do
  url=$(grep -o 'http://[0-9.]*:[0-9]*/' "$log" || true)
  [ -n "$url" ] && break
  kill -0 $server 2>/dev/null || { cat "$log"; echo "the designer did not start"; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { cat "$log"; echo "the designer printed no address in 10 s"; exit 1; }
controls=$(python3 -c "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=30).read().decode())" "${url}api/scenes/$scene")
if ! printf '%s' "$controls" | python3 -c "import json, sys; d = json.load(sys.stdin); sys.exit(0 if any(c.get('key') == sys.argv[1] for c in d['parameters']) else 1)" "$key"; then
  echo "the designer's controls for $scene have no '$key':"; printf '%s\n' "$controls" | head -c 2000; exit 1
fi
echo "$command design serves $scene with its '$key' control: ok"
