#!/usr/bin/env bash
# `make install` as a new user runs it, checked the way a machine without Swift would use the result:
# a copy of the tree (its tracked files as they are now, nothing built) is installed with
# PREFIX=.build-install/prefix, then, in a mount namespace where the Swift toolchain's folders are
# hidden under an empty tmpfs, the installed roundel renders a wheel (it must draw what this tree's
# build draws, pixel for pixel), and `man` reads the installed roundel(1), which must show every command
# `roundel --help` lists. Then `make uninstall` must leave no file behind. Prints one PASS or FAIL line.
# Run by `make test`, after `swift build` (the reference render). The copy keeps its build folder
# between runs (.build-install/src/.build), so a second run rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$repo/.build-install
src=$work/src
prefix=$work/prefix
say() { echo "test-install: $*"; }
fail() { echo "test-install: FAIL: $*"; exit 1; }

# The copy: every tracked file of the working tree that exists, and nothing else (cp -u keeps an
# unchanged file as it was, so its build stays valid); Package.resolved, not tracked, pins the same
# swift-argument-parser the tree builds with.
mkdir -p "$src"
git ls-files -z | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done >"$work/files"
xargs -0 -r cp -a -u --parents -t "$src" <"$work/files"
(cd "$src" && find . -path ./.build -prune -o ! -type d -printf '%P\n' | sort) >"$work/have"
tr '\0' '\n' <"$work/files" | sort >"$work/want"
(cd "$src" && comm -23 "$work/have" "$work/want" | xargs -r -d '\n' rm -f)
[ ! -f Package.resolved ] || cp -p Package.resolved "$src/"

# A staged install (DESTDIR: a package for other machines) builds for the CPU baseline, apart; an
# install here, for this machine.
staged=$(make -s -n -C "$src" install DESTDIR=/staged PREFIX=/usr)
here=$(make -s -n -C "$src" install PREFIX=/x)
grep -q -- "^ROUNDEL_PORTABLE=1 .* build -c release --static-swift-stdlib --scratch-path .build-portable$" <<<"$staged" \
  || fail "make install DESTDIR=... does not build portable (ROUNDEL_PORTABLE=1, .build-portable, --static-swift-stdlib)"
grep -q -- "^env -u ROUNDEL_PORTABLE .* build -c release --static-swift-stdlib$" <<<"$here" \
  || fail "make install does not build this machine's static release"

rm -rf "$prefix"
say "make install PREFIX=$prefix in a copy of the tree ($src; log: $work/make.log)"
if ! make -C "$src" install PREFIX="$prefix" >"$work/make.log" 2>&1; then
  tail -30 "$work/make.log"; fail "make install failed (above)"
fi
bin=$prefix/bin/roundel
swiftlibs=$(readelf -d "$bin" | sed -n 's/.*NEEDED.*\[\(lib\(swift\|Foundation\|dispatch\|BlocksRuntime\)[^]]*\)\]/\1/p' | tr '\n' ' ')
[ -z "$swiftlibs" ] || fail "$bin needs the Swift runtime's shared libraries: $swiftlibs"

# What to hide: the folders the toolchain keeps its runtime in, then the toolchain itself (the usr
# folder of the swift on PATH, unless that is /usr).
swift=$(readlink -f "$(command -v swift)")
hide=$(swift -print-target-info | python3 -c 'import json, sys; print("\n".join(json.load(sys.stdin)["paths"]["runtimeLibraryPaths"]))')
runtime=$(echo "$hide" | head -1)
toolchain=$(dirname "$(dirname "$swift")")
[ "$toolchain" = /usr ] || hide="$hide
$toolchain"
[ -e "$runtime/libswiftCore.so" ] || fail "no libswiftCore.so in $runtime: where is the toolchain's runtime?"

# Root (CI) makes the namespace itself; anyone else as root of a user namespace of their own.
ns=(unshare -m); [ "$(id -u)" = 0 ] || ns=(unshare -r -m)
out=$work/out; rm -rf "$out"; mkdir -p "$out"
# shellcheck disable=SC2016
"${ns[@]}" env -u ROUNDEL_ASSETS -u LD_LIBRARY_PATH HIDE="$hide" RUNTIME="$runtime" PREFIX="$prefix" OUT="$out" bash -c '
  set -e
  while IFS= read -r d; do [ ! -d "$d" ] || mount -t tmpfs -o size=1m none "$d"; done <<<"$HIDE"
  if [ -e "$RUNTIME/libswiftCore.so" ] || command -v swift >/dev/null; then echo "the toolchain is still visible"; exit 1; fi
  cd /
  "$PREFIX/bin/roundel" render wheel --size 320x240 --out "$OUT/wheel.png" >"$OUT/wheel.json" 2>"$OUT/render.err" || { cat "$OUT/render.err"; exit 1; }
  "$PREFIX/bin/roundel" --help >"$OUT/help.txt"
  MANWIDTH=200 man -l "$PREFIX/share/man/man1/roundel.1" 2>"$OUT/man.err" | col -b >"$OUT/man.txt"
  MANPATH="$PREFIX/share/man" man -w roundel >"$OUT/man-w.txt"
' || fail "with the Swift toolchain hidden ($(echo $hide)), the installed roundel failed (above)"

# The wheel: 320x240, many colours, and what this tree's own build draws.
python3 - "$out/wheel.png" <<'EOF' || fail "the installed roundel's render is not a wheel (above)"
import runpy, sys
pixels = runpy.run_path("scripts/compare-png.py")["pixels"]
width, height, bpp, rows = pixels(sys.argv[1])
colours = {row[x:x + bpp] for row in rows for x in range(0, len(row), bpp)}
print(f"test-install: the render: {width}x{height}, {len(colours)} colours")
sys.exit(0 if (width, height) == (320, 240) and len(colours) > 100 else 1)
EOF
grep -q '"scene":"wheel"' "$out/wheel.json" || fail "render printed $(cat "$out/wheel.json")"
swift build --product roundel >"$work/debug-build.log" 2>&1 || { tail "$work/debug-build.log"; fail "swift build failed"; }
(cd / && "$repo/.build/debug/roundel" render wheel --size 320x240 --out "$out/reference.png" >/dev/null)
cmp -s "$out/wheel.png" "$out/reference.png" || fail "the installed roundel draws another wheel than this tree's build ($out/wheel.png, $out/reference.png)"

# roundel(1): found by man under the prefix, read without a warning, naming every command --help lists.
[ "$(cat "$out/man-w.txt")" = "$prefix/share/man/man1/roundel.1" ] || fail "man -w roundel found $(cat "$out/man-w.txt")"
[ ! -s "$out/man.err" ] || fail "man warns: $(head -3 "$out/man.err")"
commands=$(sed -n '/^SUBCOMMANDS:/,/^$/p' "$out/help.txt" | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
[ "$(echo "$commands" | wc -l)" -ge 8 ] || fail "roundel --help lists too few commands: $commands"
for c in $commands; do
  abstract=$(sed -n "s/^  $c\( (default)\)\? \+\(.\{1,40\}\).*/\2/p" "$out/help.txt" | head -1)
  grep -q -E "^ {5}$c( |\$)" "$out/man.txt" || fail "roundel(1) has no entry for the command $c"
  grep -q -F "$abstract" "$out/man.txt" || fail "roundel(1) does not say what $c does ($abstract)"
done
[ -f man/roundel-config.5 ] && { [ -f "$prefix/share/man/man5/roundel-config.5" ] || fail "roundel-config(5) not installed"; }
[ -f LICENSE ] && { cmp -s LICENSE "$prefix/share/doc/roundel/LICENSE" || fail "LICENSE not installed"; }

size=$(du -k "$bin" | cut -f1)
make -C "$src" uninstall PREFIX="$prefix" >>"$work/make.log" 2>&1 || fail "make uninstall failed ($work/make.log)"
left=$(find "$prefix" ! -type d)
[ -z "$left" ] || fail "make uninstall left: $left"

say "PASS: installed $size KB binary rendered a wheel with $(echo $hide) hidden; roundel(1) shows all $(echo "$commands" | wc -l) commands ($(echo $commands)); uninstall removed every file"
