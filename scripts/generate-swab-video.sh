#!/usr/bin/env bash
# Regenerates apps/web/public/media/swab-test.webm, the swab-test video of the help page: a title
# card per step of a home COVID-19 swab test, silent, VP9 in WebM, a few hundred KB. The file is
# committed, so neither the build nor the server needs ffmpeg; run this only to change the video.
# Needs ffmpeg with libvpx-vp9 and drawtext, and the DejaVu fonts (Debian: ffmpeg fonts-dejavu-core).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/apps/web/public/media/swab-test.webm"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
regular=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
seconds=6

# heading | line 1 | line 2 | line 3 (lines may be empty)
cards=(
  "How to take a swab test|A home COVID-19 test in 7 steps.|Read each step, then do it.|"
  "Step 1 of 7: Clean your hands|Wash them with soap and water for 20 seconds,|or use hand sanitiser.|"
  "Step 2 of 7: Blow your nose|Blow your nose into a tissue and put it in a bin.|Then clean your hands again.|"
  "Step 3 of 7: Set out your kit|Put the swab, tube and bag on a clean surface.|Open the tube and stand it upright.|Do not touch the soft tip of the swab."
  "Step 4 of 7: Swab your throat|Open your mouth wide. Rub the swab over both tonsils|(or where they were) 4 times, for about 10 seconds.|Avoid your teeth, tongue and gums."
  "Step 5 of 7: Swab your nose|Put the same swab about 2.5 cm (1 inch) into one nostril.|Roll it slowly for 10 to 15 seconds.|"
  "Step 6 of 7: Seal the sample|Put the swab into the tube, soft tip first.|Snap the stick and screw the lid on tightly.|"
  "Step 7 of 7: Pack and return|Put the tube in the bag and seal it. Return it|as your kit instructions say. Clean your hands.|"
  "If you feel unwell|Call NHS 111 for advice.|In an emergency, call 999.|"
)

list="$work/list.txt"
: > "$list"
for i in "${!cards[@]}"; do
  IFS='|' read -r heading line1 line2 line3 <<< "${cards[$i]}"
  printf '%s' "$heading" > "$work/h$i.txt"
  printf '%s\n%s\n%s' "$line1" "$line2" "$line3" > "$work/b$i.txt"
  ffmpeg -loglevel error -y -f lavfi -i "color=c=0x1f5f4a:s=640x360:r=15:d=$seconds" \
    -vf "drawbox=x=0:y=0:w=iw:h=6:color=0x9fd4c1:t=fill,\
drawbox=x=0:y=ih-10:w='iw*t/$seconds':h=10:color=0xffffff@0.8:t=fill,\
drawtext=fontfile=$bold:textfile=$work/h$i.txt:fontcolor=white:fontsize=30:x=(w-text_w)/2:y=90,\
drawtext=fontfile=$regular:textfile=$work/b$i.txt:fontcolor=white:fontsize=19:line_spacing=12:x=(w-text_w)/2:y=170" \
    -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -pix_fmt yuv420p -an "$work/card$i.webm"
  echo "file '$work/card$i.webm'" >> "$list"
done

mkdir -p "$(dirname "$out")"
ffmpeg -loglevel error -y -f concat -safe 0 -i "$list" -c copy "$out"
echo "wrote $out ($(du -k "$out" | cut -f1) KB)"
