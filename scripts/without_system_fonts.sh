#!/usr/bin/env bash
# Runs a command with no system font in view, to prove that the renderer draws only the fonts that travel with
# the package: fontconfig pointed at an empty configuration, XDG_DATA_HOME at an empty folder, and (on Linux as
# root, where a private mount namespace is allowed) the system font folders covered by empty tmpfs mounts.
#   scripts/without_system_fonts.sh .build/release/render-previews render --check
set -euo pipefail
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
printf '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n' > "$empty/fonts.conf"
mkdir -p "$empty/data"
export FONTCONFIG_FILE="$empty/fonts.conf" FONTCONFIG_PATH="$empty" XDG_DATA_HOME="$empty/data"
folders=""
for d in /usr/share/fonts /usr/local/share/fonts /Library/Fonts "$HOME/.fonts" "$HOME/.local/share/fonts"; do
  [ -d "$d" ] && folders="$folders $d"
done
if [ "$(uname -s)" = Linux ] && [ "$(id -u)" = 0 ] && unshare --mount true 2>/dev/null; then
  echo "system fonts hidden:${folders:- (none installed)}; fontconfig sees an empty configuration"
  unshare --mount sh -c 'for d in $0; do mount -t tmpfs none "$d"; done; shift; exec "$@"' "$folders" -- "$@"
  exit 0
fi
echo "fontconfig sees an empty configuration (the font folders stay visible: no private mount namespace here)"
"$@"
