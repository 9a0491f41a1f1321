#!/usr/bin/env bash
# A Roundel .deb on a machine that never saw Swift: a clean Debian root (debootstrap --variant=minbase
# from deb.debian.org, this machine's release for its own architecture, trixie for arm64 under
# qemu), `apt-get install --no-install-recommends ./roundel_….deb` inside it (its Depends from
# Debian, nothing else), then, inside:
#   - no Swift anywhere (no swift command, no libswiftCore.so);
#   - `roundel --version` is the package's version;
#   - `roundel render wheel` writes a real PNG: decoded, its size, many colours, and pixel for pixel
#     what the package's own binary draws on this machine (when it can run here: the same architecture);
#   - `man roundel` shows the commands (man-db installed after Roundel, so it cannot hide a missing
#     Depends);
#   - the kiosk's unit in /usr/lib/systemd/system, its program and assets paths present.
# A Depends line that lacks a library the binary needs fails the render. Run by `make test` (the
# amd64 package) and `make deb-arm64`; needs root. The debootstrapped root is kept in /var/tmp
# (roundel-deb-test-SUITE-ARCH) and copied for each run, so only the first run downloads it.
#   scripts/test-deb.sh out/roundel_0.9.0_amd64.deb
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
[ $# = 1 ] && [ -f "$1" ] || { echo "usage: scripts/test-deb.sh PACKAGE.deb" >&2; exit 2; }
deb=$(readlink -f "$1")
prefix=test-deb
source scripts/debian-root.sh
start=$SECONDS
version=$(dpkg-deb -f "$deb" Version)
arch=$(dpkg-deb -f "$deb" Architecture)
host_arch=$(dpkg --print-architecture)
if [ "$arch" = "$host_arch" ]; then
  suite=${DEB_SUITE:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
else
  suite=${DEB_SUITE:-trixie}
  register_qemu
fi
failures=0
fail() { say "FAIL: $*"; failures=$((failures + 1)); }
ok() { say "ok: $*"; }

cache=/var/tmp/roundel-deb-test-$suite-$arch
debootstrap_root "$cache" "$suite" "$arch"
root=$(mktemp -d /var/tmp/roundel-deb-test.XXXXXX)
trap 'debian_root_cleanup; rm -rf --one-file-system "$root"' EXIT
cp -a "$cache/." "$root/"
enter_root "$root"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 "$@"; }

say "apt-get install ./$(basename "$deb") --no-install-recommends in a clean $suite $arch root"
cp "$deb" "$root/tmp/"
in_root /bin/sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  -o Dpkg::Options::=--force-unsafe-io --no-install-recommends /tmp/$(basename "$deb")" > "$root/tmp/apt.log" 2>&1 \
  || { tail -20 "$root/tmp/apt.log"; fail "apt-get install"; exit 1; }
say "installed with $(grep -c '^Setting up' "$root/tmp/apt.log") packages set up"

if in_root /bin/sh -c 'command -v swift' >/dev/null || [ -n "$(find "$root" -xdev -name 'libswiftCore.so*' -print -quit)" ]; then
  fail "the root has Swift in it"
else ok "no Swift in the root"; fi

got=$(in_root roundel --version 2>&1) || true
[ "$got" = "roundel $version" ] && ok "roundel --version: $got" || fail "roundel --version said: $got"

# The same moment of the wheel, inside and (when this machine can run the package's binary) outside.
args=(render wheel --at 2 --seed 42 --size 480x360)   # mid-spin: ring, slices, labels
if in_root roundel "${args[@]}" --out /tmp/w.png > "$root/tmp/render.log" 2>&1 && [ -s "$root/tmp/w.png" ]; then
  read -r size colours < <(python3 scripts/compare-png.py "$root/tmp/w.png")
  [ "$size" = 480x360 ] && [ "$colours" -ge 100 ] && ok "roundel render wheel: a $size PNG with $colours colours" \
    || fail "roundel render wheel wrote a $size PNG with $colours colours"
  if [ "$arch" = "$host_arch" ]; then
    here=$root/tmp/here; mkdir -p "$here"; dpkg-deb -x "$deb" "$here/pkg"
    "$here/pkg/usr/bin/roundel" "${args[@]}" --out "$here/w.png" >/dev/null
    python3 scripts/compare-png.py "$here/w.png" "$root/tmp/w.png" "the render in the root and here" | sed 's/^check-arm64/test-deb/' \
      || fail "the root's render differs from this machine's"
  fi
else
  cat "$root/tmp/render.log"; fail "roundel render wheel (a library missing from Depends?)"
fi

# The phone's control API (libmicrohttpd from Depends): a window (SDL's dummy driver) serving on a port
# the system chooses, asked for its state and a spin over HTTP (bash's /dev/tcp: no curl in the root).
mkdir -p "$root/tmp/control"
in_root /bin/sh -c 'echo $$ > /tmp/control/pid; SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy exec roundel run --control 127.0.0.1:0 --state /tmp/control/c.db --size 320x240' \
  > /dev/null 2> "$root/tmp/control/err.txt" &
port=""
for _ in $(seq 100); do
  port=$(sed -n 's|.*control page on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$root/tmp/control/err.txt")
  [ -n "$port" ] && break; sleep 0.2
done
if [ -n "$port" ] && [ -s "$root/tmp/control/control-token" ]; then
  ask() {   # METHOD PATH: the status line and the body's last line
    in_root /bin/bash -c 'exec 3<>/dev/tcp/127.0.0.1/'"$port"'; printf "%s %s HTTP/1.1\r\nHost: kiosk\r\nAuthorization: Bearer %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n" "$0" "$1" "$(cat /tmp/control/control-token)" >&3; cat <&3' "$1" "$2" | tr -d '\r' | sed -n '1p;$p'
  }
  # 503 "starting" until the window has loaded its scenes (seconds under qemu).
  for _ in $(seq 60); do state=$(ask GET /api/state); grep -q " 200 " <<<"$(head -1 <<<"$state")" && break; sleep 0.5; done
  spin=$(ask POST /api/spin)
  drawn=$(in_root roundel history --state /tmp/control/c.db --json 2>&1 | grep -c '"draw":1,' || true)
  if grep -q "200" <<<"$(head -1 <<<"$state")" && grep -q '"scene":"wheel"' <<<"$state" && grep -q '^{"draw":1,' <<<"$(tail -1 <<<"$spin")" && [ "$drawn" = 1 ]; then
    ok "roundel run --control: GET /api/state and POST /api/spin answered on port $port, the draw in the record"
  else fail "roundel run --control: state '$(tr '\n' ' ' <<<"$state")', spin '$(tr '\n' ' ' <<<"$spin")', draws recorded $drawn"; fi
else
  cat "$root/tmp/control/err.txt"; fail "roundel run --control did not start serving (a library missing from Depends?)"
fi
# The window's own pid (the shell above wrote it, then became roundel): SIGTERM, as systemd stops it.
window=$(cat "$root/tmp/control/pid" 2>/dev/null || true)
if [ -n "$window" ]; then
  kill "$window" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 "$window" 2>/dev/null || break; sleep 0.1; done
fi
wait 2>/dev/null || true

# man-db only now, so nothing it pulls in can stand in for a Depends of Roundel's.
install_missing "$root" man-db > "$root/tmp/man-db.log" 2>&1 || { cat "$root/tmp/man-db.log"; fail "apt-get install man-db"; }
page=$(in_root /bin/sh -c 'MANPAGER=cat MANWIDTH=100 man roundel 2>&1') || true
if grep -q "render" <<<"$page" && grep -qi "roundel" <<<"$page"; then
  ok "man roundel: $(grep -c . <<<"$page") lines, names 'render'"
else fail "man roundel: $(head -3 <<<"$page")"; fi
in_root /bin/sh -c 'MANPAGER=cat man 5 roundel-config' >/dev/null 2>&1 && ok "man 5 roundel-config" || fail "man 5 roundel-config"

unit=$root/usr/lib/systemd/system/roundel-kiosk.service
if [ -f "$unit" ]; then
  exec_path=$(sed -n 's/^ExecStart=\([^ ]*\).*/\1/p' "$unit")
  assets=$(sed -n 's/^Environment=ROUNDEL_ASSETS=//p' "$unit")
  if [ "$exec_path" = /usr/bin/roundel ] && [ -x "$root$exec_path" ] && [ -d "$root$assets" ] && ! grep -q /usr/local "$unit"; then
    ok "roundel-kiosk.service: runs $exec_path, assets in $assets"
  else fail "roundel-kiosk.service: ExecStart $exec_path, ROUNDEL_ASSETS $assets"; fi
else fail "no /usr/lib/systemd/system/roundel-kiosk.service"; fi
[ -f "$root/usr/share/doc/roundel/copyright" ] && ok "/usr/share/doc/roundel/copyright" || fail "no copyright file"

say "$((SECONDS - start)) s; $([ $failures = 0 ] && echo "all passed" || echo "$failures failed")"
[ $failures = 0 ]
