#!/usr/bin/env bash
# `make check-arm64`: builds Roundel for ARM64 with the Swift a Raspberry Pi gets (Debian trixie's
# swiftlang 6.0.3) and compares its renders with this machine's, pixel for pixel.
#   1. an arm64 Debian trixie root (debootstrap --foreign, minbase) from Debian's archive;
#   2. trixie's qemu-user registered through binfmt_misc while the script runs;
#   3. swiftlang and the libraries Roundel builds with inside (ARM64_PACKAGES; only what is missing);
#   (1-3 are scripts/debian-root.sh's, shared with deb-arm64.sh)
#   4. this checkout (git archive of ARM64_COMMIT, default HEAD) built there as the .deb builds it
#      (`make release ROUNDEL_PORTABLE=1`: static Swift runtime, CPU baseline, in .build-portable, the
#      folder `make deb-arm64` then reuses), and the same files built here for x86-64 the same way (in the
#      work directory, so both sides are one source); swift-argument-parser
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
prefix=check-arm64 QEMU_WORK=$work
source scripts/debian-root.sh
commit=$(git rev-parse --short "${ARM64_COMMIT:-HEAD}")

command -v python3 >/dev/null || { say "installing python3"; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 >/dev/null; }
mkdir -p "$work"

# 1-3. The root, qemu and the packages (scripts/debian-root.sh, shared with `make deb-arm64`).
register_qemu
debian_root "$root" trixie arm64
install_missing "$root" $ARM64_PACKAGES make
chroot "$root" swift --version 2>&1 | head -1 | sed 's/^/check-arm64: /'

# 4. The build: HEAD's files, the package mirror as git finds it here.
bind_package_mirror "$root"
sync_tree "$commit" "$root/src"
# The build folder stays in the root; /src/.build-portable is how both this and deb-arm64.sh's
# `make install` see it, so the binary compared here is the one the arm64 .deb ships.
mkdir -p "$root/var/tmp/roundel-build-portable"
ln -sfn /var/tmp/roundel-build-portable "$root/src/.build-portable"
say "make release ROUNDEL_PORTABLE=1 of $commit (Swift on qemu: an hour from scratch)"
start=$SECONDS
chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 \
  /bin/sh -c 'cd /src && make --no-print-directory -o deps release ROUNDEL_PORTABLE=1 2>&1' | tail -3 | sed 's/^/check-arm64:   /'
say "release build took $((SECONDS - start)) s"
arm="/var/tmp/roundel-build-portable/release/roundel"
chroot "$root" test -x "$arm" || { say "no arm64 binary was built"; exit 1; }
command -v file >/dev/null && file -b "$root$arm" | cut -d, -f1-2 | sed 's/^/check-arm64: roundel: /'

# 5. The same renders on both sides, with this machine's unifont.hex on both.
# x86-64: the very same files, built apart from this checkout (its own build folder).
x86src="$work/x86-src"
sync_tree "$commit" "$x86src"   # and only what changed rebuilds here too
x86flags=(-c release --static-swift-stdlib --package-path "$x86src" --scratch-path "$work/x86-build")
ROUNDEL_PORTABLE=1 swift build "${x86flags[@]}" 2>&1 | tail -1 | sed 's/^/check-arm64: x86-64: /'
x86="$(ROUNDEL_PORTABLE=1 swift build "${x86flags[@]}" --show-bin-path)/roundel"
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
