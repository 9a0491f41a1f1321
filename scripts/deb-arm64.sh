#!/usr/bin/env bash
# `make deb-arm64`: out/roundel_<version>_arm64.deb for a Raspberry Pi (64-bit Raspberry Pi OS or
# Debian on trixie), built in the ARM64 trixie root `make check-arm64` sets up (scripts/debian-root.sh:
# qemu-user through binfmt_misc, swiftlang 6.0.3) by the same scripts/make-deb.sh as `make deb`,
# then installed and run in a clean arm64 trixie root (scripts/test-deb.sh). The build folder
# (/var/tmp/roundel-build-portable in the root) is check-arm64's, kept between runs: run after
# `make check-arm64` of the same commit it rebuilds nothing; a first build takes about an hour under qemu. Needs root. ARM64_COMMIT (default HEAD) is the commit packaged.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
root=${ARM64_ROOT:-/var/tmp/roundel-arm64}
prefix=deb-arm64 QEMU_WORK=${root}-work
source scripts/debian-root.sh
commit=$(git rev-parse --short "${ARM64_COMMIT:-HEAD}")

register_qemu
debian_root "$root" trixie arm64
install_missing "$root" $ARM64_PACKAGES make dpkg-dev
bind_package_mirror "$root"

# The commit's files, with the build folder kept in the root: .build-portable, check-arm64's (the
# same path for both, so one does not rebuild what the other built).
sync_tree "$commit" "$root/src"
mkdir -p "$root/var/tmp/roundel-build-portable"
ln -sfn /var/tmp/roundel-build-portable "$root/src/.build-portable"
mkdir -p "$repo/out"
bind "$repo/out" "$root/out"
say "make deb of $commit inside the arm64 root (Swift on qemu: an hour from scratch)"
start=$SECONDS
chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 \
  DEB_COMMIT=$commit DEB_DATE="$(git log -1 --format=%aD "$commit")" /bin/sh -c 'cd /src && DEB_OUT=/out bash scripts/make-deb.sh' 2>&1 | grep -v '^\[' | sed 's/^/deb-arm64:   /'
say "built in $((SECONDS - start)) s"
deb=$(ls -t "$repo"/out/roundel_*_arm64.deb | head -1)
debian_root_cleanup

bash scripts/test-deb.sh "$deb"
