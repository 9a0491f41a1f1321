#!/usr/bin/env bash
# `make check-arm64`: builds Roundel for ARM64 with the Swift a Raspberry Pi gets (Debian trixie's
# swiftlang 6.0.3) and compares its renders with this machine's, pixel for pixel.
#   1. an arm64 Debian trixie root (debootstrap --foreign, minbase) from Debian's archive;
#   2. trixie's qemu-user (unpacked from its .deb with dpkg-deb -x, nothing installed) registered
#      through binfmt_misc under a name of its own, with the F flag so the chroot needs no copy of it;
#      unregistered when the script ends, however it ends;
#   3. swiftlang, libsdl2-dev, libx11-dev, libpng-dev, libsqlite3-dev, libsystemd-dev, libfribidi-dev, libwebp-dev, pkg-config, unifont inside
#      (force-unsafe-io; only what is missing);
#   4. this checkout (git archive of ARM64_COMMIT, default HEAD) built there with `swift build -c release`,
#      and the same files built here for x86-64 (in the work directory, so both sides are one source); swift-argument-parser
#      from the same package mirror git uses here (/opt/swift-packages, url.<dir>.insteadOf);
#   5. `roundel render` of the wheel (mid-spin and stopped, Korean labels) and the test card on both
#      sides with the same unifont.hex (trixie's differs from bookworm's), compared pixel for pixel.
# Needs root (debootstrap, chroot, mount, binfmt_misc). Measured here: root 3 min, packages 13 min,
# the release build 62 min (2 cores, busy). ARM64_ROOT (default /var/tmp/roundel-arm64) is kept between runs, so
# a second run only rebuilds. Not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
root=${ARM64_ROOT:-/var/tmp/roundel-arm64}
work=${root}-work
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
binfmt=/proc/sys/fs/binfmt_misc
name=roundel-aarch64
say() { printf 'check-arm64: %s\n' "$*"; }
commit=$(git rev-parse --short "${ARM64_COMMIT:-HEAD}")

[ "$(id -u)" = 0 ] || { say "needs root (debootstrap, chroot, mount, binfmt_misc); run it with sudo"; exit 2; }
for tool in debootstrap dpkg-deb python3; do
  command -v "$tool" >/dev/null || { say "installing $tool"; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tool/dpkg-deb/dpkg}" >/dev/null; }
done
mkdir -p "$work"

mounts=()
cleanup() {
  set +e
  for ((i=${#mounts[@]}-1; i>=0; i--)); do umount -l "${mounts[$i]}" 2>/dev/null; done
  [ -e "$binfmt/$name" ] && echo -1 > "$binfmt/$name"
}
trap cleanup EXIT
bind() {   # a directory or a single file onto the same kind of thing inside the root
  if [ -d "$1" ]; then mkdir -p "$2"; else mkdir -p "$(dirname "$2")"; [ -e "$2" ] || : > "$2"; fi
  mount --bind "$1" "$2"; mounts+=("$2")
}

# 1+2. qemu-user from trixie, unpacked only.
qemu="$work/qemu/usr/bin/qemu-aarch64"
if [ ! -x "$qemu" ]; then
  say "fetching trixie's qemu-user (amd64) from $mirror"
  lists="$work/apt"; mkdir -p "$lists/lists/partial" "$lists/cache/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" > "$lists/sources.list"
  opts=(-o "Dir::Etc::SourceList=$lists/sources.list" -o "Dir::Etc::SourceParts=-" -o "Dir::State::Lists=$lists/lists"
        -o "Dir::Cache=$lists/cache" -o "APT::Architecture=amd64" -o "Debug::NoLocking=1")
  apt-get "${opts[@]}" update -qq
  (cd "$work" && apt-get "${opts[@]}" download qemu-user >/dev/null)
  dpkg-deb -x "$work"/qemu-user_*.deb "$work/qemu"
fi
"$qemu" --version | head -1 | sed 's/^/check-arm64: /'
[ -d "$binfmt" ] && [ -e "$binfmt/register" ] || mount -t binfmt_misc binfmt_misc "$binfmt"
[ -e "$binfmt/$name" ] && echo -1 > "$binfmt/$name"
printf ':%s:M::\\x7fELF\\x02\\x01\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x00\\xb7\\x00:\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xfe\\xff\\xff\\xff:%s:F\n' \
  "$name" "$qemu" > "$binfmt/register"
say "qemu-aarch64 registered as $binfmt/$name (removed on exit)"

# 1. The root.
if [ ! -x "$root/usr/bin/apt-get" ] || [ -d "$root/debootstrap" ]; then
  say "debootstrap arm64 trixie into $root"
  start=$SECONDS
  [ -d "$root/debootstrap" ] || debootstrap --arch=arm64 --variant=minbase --foreign trixie "$root" "$mirror" >/dev/null
  chroot "$root" /debootstrap/debootstrap --second-stage >/dev/null
  say "root ready in $((SECONDS - start)) s"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
bind /proc "$root/proc"
bind /dev "$root/dev"

# 3. Packages: whichever of the list are not there yet.
packages="swiftlang libsdl2-dev libx11-dev libpng-dev libsqlite3-dev libsystemd-dev libfribidi-dev libwebp-dev pkg-config unifont git ca-certificates"
missing=$(for p in $packages; do
  chroot "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || printf '%s ' "$p"
done)
if [ -n "$missing" ]; then
  say "apt-get install $missing(under qemu: slow)"
  start=$SECONDS
  chroot "$root" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive; apt-get update -qq &&
    apt-get install -y -qq -o Dpkg::Options::=--force-unsafe-io --no-install-recommends $missing" >/dev/null
  say "packages installed in $((SECONDS - start)) s"
fi
chroot "$root" swift --version 2>&1 | head -1 | sed 's/^/check-arm64: /'

# 4. The build: HEAD's files, the package mirror as git finds it here.
if [ -d /opt/swift-packages ]; then
  bind /opt/swift-packages "$root/opt/swift-packages"
  chroot "$root" git config --global url./opt/swift-packages/.insteadOf https://github.com/
fi
rm -rf "$root/src" && mkdir -p "$root/src"
# The same commit extracts with the same file times, so a second run of one commit rebuilds nothing.
git archive "$commit" | tar -x -C "$root/src"
say "swift build -c release of $commit (Swift on qemu: an hour from scratch)"
start=$SECONDS
chroot "$root" /bin/sh -c 'cd /src && swift build -c release --scratch-path /var/tmp/roundel-build 2>&1' | tail -3 | sed 's/^/check-arm64:   /'
say "release build took $((SECONDS - start)) s"
arm="/var/tmp/roundel-build/release/roundel"
chroot "$root" test -x "$arm" || { say "no arm64 binary was built"; exit 1; }
command -v file >/dev/null && file -b "$root$arm" | cut -d, -f1-2 | sed 's/^/check-arm64: roundel: /'

# 5. The same renders on both sides, with this machine's unifont.hex on both.
# x86-64: the very same files, built apart from this checkout (its own build folder).
x86src="$work/x86-src"
rm -rf "$x86src" && mkdir -p "$x86src" && git archive "$commit" | tar -x -C "$x86src"
swift build -c release --package-path "$x86src" --scratch-path "$work/x86-build" 2>&1 | tail -1 | sed 's/^/check-arm64: x86-64: /'
x86="$(swift build -c release --package-path "$x86src" --scratch-path "$work/x86-build" --show-bin-path)/roundel"
if [ -f /usr/share/unifont/unifont.hex ]; then bind /usr/share/unifont/unifont.hex "$root/usr/share/unifont/unifont.hex"; fi
out="$work/renders"; rm -rf "$out"; mkdir -p "$out/x86" "$out/arm64"
bind "$out/arm64" "$root/renders"
# Every render is seeded: without --seed a spin's landing point within its slice is random.
renders=(
  "wheel-mid render wheel --at 1.7 --spin-to 3 --seed 7 --size 960x720"
  "wheel-stopped render wheel --at 8 --seed 42 --size 1280x720"
  "wheel-ko render wheel --at 8 --spin-to 5 --seed 3 --config assets/wheel-ko.json --size 720x1280"
  "testcard render testcard --at 0 --size 1024x768"
)
status=0
for line in "${renders[@]}"; do
  set -- $line; file=$1; shift
  (cd "$x86src" && "$x86" "$@" --out "$out/x86/$file.png") > "$out/x86/$file.json"
  chroot "$root" /bin/sh -c "cd /src && $arm $* --out /renders/$file.png" > "$out/arm64/$file.json"
  if python3 "$repo/scripts/compare-png.py" "$out/x86/$file.png" "$out/arm64/$file.png" "$file" \
     && cmp -s "$out/x86/$file.json" "$out/arm64/$file.json"; then :; else status=1; fi
done
[ $status = 0 ] && say "all renders equal pixel for pixel (and their JSON lines)" || say "renders differ (see above; files in $out)"
exit $status
