#!/usr/bin/env bash
# roundel(1), man/roundel.1: generated from the command definitions (their abstracts, discussions and
# options) by swift-argument-parser's generate-manual plugin, and committed, so an install or a .deb
# needs no plugin build (a quarter of an hour more on a Raspberry Pi).
#   scripts/man-page.sh write   (make man)  regenerates man/roundel.1 from a debug build
#   scripts/man-page.sh check   (make test) fails when man/roundel.1 is not what the commands say now
# The page keeps its date (.Dd) until its text changes. The generator copies a discussion's blank
# lines as they are, and groff warns about each ("mdoc warning: Empty input line"): they become .Pp;
# and it quotes the one-line description (.Nd), which apropos and whatis would then show in quotes.
# It drops every character outside ASCII, so help texts are written in ASCII.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
page=man/roundel.1
[ "$mode" = write ] || [ "$mode" = check ] || { echo "usage: scripts/man-page.sh write|check"; exit 2; }

# $1: the date (yyyy-mm-dd) the page carries. Prints the page.
generate() {
  local log
  log=$(mktemp)
  if ! swift package plugin generate-manual --configuration debug --date "$1" >"$log" 2>&1; then
    cat "$log"; rm -f "$log"; echo "man-page: FAIL: the generate-manual plugin failed (above)" >&2; exit 1
  fi
  rm -f "$log"
  sed -e 's/^$/.Pp/' -e 's/^\.Nd "\(.*\)"$/.Nd \1/' .build/plugins/GenerateManual/outputs/roundel/roundel.1
}

if [ "$mode" = check ] && [ ! -f "$page" ]; then
  echo "man-page: FAIL: $page is missing: run make man and commit it"; exit 1
fi
today=$(date -u +%F)
dated=$today
if [ -f "$page" ]; then
  dated=$(date -u -d "$(sed -n 's/^\.Dd //p' "$page")" +%F)
fi
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
generate "$dated" >"$fresh"

# What the generator would drop: a help text's characters outside ASCII.
lost=$(.build/debug/roundel --experimental-dump-help | grep -o -P '.{0,30}[^\x00-\x7F]+.{0,10}' || true)
if [ -n "$lost" ]; then
  echo "$lost"
  echo "man-page: FAIL: help texts above have characters outside ASCII, which the generator drops from $page: write them in ASCII"
  exit 1
fi
if [ -f "$page" ] && cmp -s "$fresh" "$page"; then
  echo "man-page: PASS: $page matches the commands ($(grep -c '^\.It Em' "$page") commands)"
  exit 0
fi
if [ "$mode" = check ]; then
  diff -u "$page" "$fresh" | head -40 || true
  echo "man-page: FAIL: $page is not what the commands say now (diff above): run make man and commit it"
  exit 1
fi
mkdir -p man
generate "$today" >"$page"
echo "man-page: wrote $page ($(grep -c '^\.It Em' "$page") commands, dated $today)"
