#!/bin/bash
# Instructions a 1080p frame of a scene takes, counted by callgrind: `roundel bench --scene S
# --frames 12` minus `--frames 2`, divided by 10, so start-up and the first whole frame cancel out.
# Exact and repeatable (unlike wall time on a busy machine).
# Usage: scripts/instructions-per-frame.sh ROUNDEL [SCENE] [SIZE]   (default: wheel 1920x1080)
set -eu
BIN=$1 SCENE=${2:-wheel} SIZE=${3:-1920x1080}
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" bench --scene "$SCENE" --size "$SIZE" --frames "$1" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1
}
twelve=$(count 12) two=$(count 2)
echo "$(( (twelve - two) / 10 ))"
