#!/usr/bin/env bash
# Regenerates the embedded font subsets of the xiangqi app from Debian's freely licensed fonts.
#
#   ukai-subset.ttf   AR PL UKai TW (Kai, brush style) from fonts-arphic-ukai:
#                     piece labels and the river text. Arphic Public License (LICENSE-ARPHIC).
#   wqy-subset.ttf    WenQuanYi Micro Hei (sans) from fonts-wqy-microhei: every other text
#                     (status bar, buttons, move list, help). Apache-2.0 (LICENSE-WQY).
#
# Both keep the same characters: printable ASCII, Latin-1, the Vietnamese letters and the CJK
# characters listed in chars.txt. Needs (as root on Debian):
#   apt-get install fonts-arphic-ukai fonts-wqy-microhei python3-fonttools
# Usage: frontends/app/font/gen.sh   (writes next to this script)
set -euo pipefail
cd "$(dirname "$0")"

UKAI=${UKAI:-/usr/share/fonts/truetype/arphic/ukai.ttc}
WQY=${WQY:-/usr/share/fonts/truetype/wqy/wqy-microhei.ttc}
# Debian's interpreter, which has the fontTools module of python3-fonttools (a pyenv or venv
# python3 earlier on PATH may not).
PY=${PY:-/usr/bin/python3}

for f in "$UKAI" "$WQY"; do
  [ -r "$f" ] || { echo "gen.sh: $f missing: apt-get install fonts-arphic-ukai fonts-wqy-microhei" >&2; exit 1; }
done
"$PY" -c 'import fontTools' 2>/dev/null || { echo "gen.sh: fontTools missing: apt-get install python3-fonttools" >&2; exit 1; }

# Unicode ranges: printable ASCII and Latin-1 (U+0020-007E, U+00A0-00FF); chars.txt adds the rest.
ranges="U+0020-007E,U+00A0-00FF"
common=(--unicodes="$ranges" --text-file=chars.txt --no-hinting --layout-features=''
        --name-IDs='*' --name-languages='*' --notdef-outline --recalc-bounds)

# Font number 2 of ukai.ttc is "AR PL UKai TW" (traditional forms: 帥 傌 俥 砲 ...).
"$PY" -m fontTools.subset "$UKAI" --font-number=2 --output-file=ukai-subset.ttf "${common[@]}"
# Font number 0 of wqy-microhei.ttc is the proportional "WenQuanYi Micro Hei".
"$PY" -m fontTools.subset "$WQY" --font-number=0 --output-file=wqy-subset.ttf "${common[@]}"

ls -l ukai-subset.ttf wqy-subset.ttf
