#!/usr/bin/env bash
# Makes the browser tests' fake camera streams from the server's face fixtures: e2e/fixtures/face.y4m (the
# astronaut) and e2e/fixtures/no-face.y4m (a coffee cup), one 640x480 frame each, which Chromium repeats.
# Chromium's --use-file-for-fake-video-capture reads Y4M (an MJPEG file gave black frames).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

command -v ffmpeg >/dev/null || apt_install ffmpeg
faces=apps/server/test/fixtures/faces
mkdir -p e2e/fixtures
y4m() { ffmpeg -loglevel error -y -i "$1" -vf "$2,format=yuv420p" -frames:v 1 -f yuv4mpegpipe "$3"; }
# 512x512 scaled to 640x640; the top 480 rows keep the whole face.
y4m "$faces/astronaut.jpg" 'scale=640:640,crop=640:480:0:0' e2e/fixtures/face.y4m
y4m "$faces/coffee.jpg" 'scale=640:480:force_original_aspect_ratio=increase,crop=640:480' e2e/fixtures/no-face.y4m
log "wrote e2e/fixtures/face.y4m and e2e/fixtures/no-face.y4m"
