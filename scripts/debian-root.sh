# Sourced (bash), not run: a Debian root to chroot into, for this machine's architecture or for ARM64
# under qemu-user. Used by check-arm64.sh (build and compare on ARM64), deb-arm64.sh (the arm64 .deb)
# and test-deb.sh (a .deb installed in a clean root).
#   debian_root ROOT SUITE ARCH   debootstrap_root, then enter_root
#   debootstrap_root ROOT SUITE ARCH  debootstrap --variant=minbase from DEBIAN_MIRROR (--foreign and a
#                                 second stage under qemu for another architecture); a finished root
#                                 is kept and reused
#   enter_root ROOT               /proc, /dev and resolv.conf for what runs inside
#   register_qemu                 trixie's qemu-user (unpacked from its .deb with dpkg-deb -x, nothing
#                                 installed) registered through binfmt_misc under a name of its own,
#                                 with the F flag so a root needs no copy of it; unregistered on exit
#   install_missing ROOT PKG...   apt-get install inside ROOT of those not installed yet
#                                 (force-unsafe-io, no recommends)
#   bind_package_mirror ROOT      /opt/swift-packages (this machine's mirror of GitHub) inside, for git
#   bind SRC DEST                 bind mount, undone on exit (in reverse order), however the script ends
# Needs root (debootstrap, chroot, mount, binfmt_misc). The caller sets `set -euo pipefail` and may
# set `say` (its own prefix) before sourcing.
# What the ARM64 build root (check-arm64.sh, deb-arm64.sh) needs: Swift and Roundel's -dev libraries,
# and g++ for libstdc++'s, which the static Swift runtime links against (swiftlang brings only gcc).
ARM64_PACKAGES="swiftlang g++ libsdl2-dev libx11-dev libpng-dev libsqlite3-dev libpq-dev libsystemd-dev libfribidi-dev libwebp-dev libmicrohttpd-dev libqrencode-dev pkg-config unifont git ca-certificates"
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
qemu_work=${QEMU_WORK:-/var/tmp/roundel-arm64-work}
binfmt=/proc/sys/fs/binfmt_misc
binfmt_name=roundel-aarch64
prefix=${prefix:-$(basename "$0" .sh)}
say() { printf '%s: %s\n' "$prefix" "$*"; }

[ "$(id -u)" = 0 ] || { say "needs root (debootstrap, chroot, mount, binfmt_misc); run it with sudo"; exit 2; }
for tool in debootstrap dpkg-deb; do
  command -v "$tool" >/dev/null || { say "installing $tool"; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tool/dpkg-deb/dpkg}" >/dev/null; }
done

mounts=()
qemu_registered=0
debian_root_cleanup() {
  set +e
  for ((i=${#mounts[@]}-1; i>=0; i--)); do umount -l "${mounts[$i]}" 2>/dev/null; done
  mounts=()
  [ $qemu_registered = 1 ] && [ -e "$binfmt/$binfmt_name" ] && echo -1 > "$binfmt/$binfmt_name"
  qemu_registered=0
  return 0
}
trap debian_root_cleanup EXIT

bind() {   # a directory or a single file onto the same kind of thing inside the root
  if [ -d "$1" ]; then mkdir -p "$2"; else mkdir -p "$(dirname "$2")"; [ -e "$2" ] || : > "$2"; fi
  mount --bind "$1" "$2"; mounts+=("$2")
}

register_qemu() {
  local qemu="$qemu_work/qemu/usr/bin/qemu-aarch64"
  if [ ! -x "$qemu" ]; then
    say "fetching trixie's qemu-user (amd64) from $mirror"
    local lists="$qemu_work/apt"; mkdir -p "$lists/lists/partial" "$lists/cache/archives/partial"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" > "$lists/sources.list"
    local opts=(-o "Dir::Etc::SourceList=$lists/sources.list" -o "Dir::Etc::SourceParts=-" -o "Dir::State::Lists=$lists/lists"
          -o "Dir::Cache=$lists/cache" -o "APT::Architecture=amd64" -o "Debug::NoLocking=1")
    apt-get "${opts[@]}" update -qq
    (cd "$qemu_work" && apt-get "${opts[@]}" download qemu-user >/dev/null)
    dpkg-deb -x "$qemu_work"/qemu-user_*.deb "$qemu_work/qemu"
  fi
  "$qemu" --version | head -1 | sed "s/^/$prefix: /"
  [ -d "$binfmt" ] && [ -e "$binfmt/register" ] || mount -t binfmt_misc binfmt_misc "$binfmt"
  [ -e "$binfmt/$binfmt_name" ] && echo -1 > "$binfmt/$binfmt_name"
  printf ':%s:M::\\x7fELF\\x02\\x01\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x00\\xb7\\x00:\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xfe\\xff\\xff\\xff:%s:F\n' \
    "$binfmt_name" "$qemu" > "$binfmt/register"
  qemu_registered=1
  say "qemu-aarch64 registered as $binfmt/$binfmt_name (removed on exit)"
}

debian_root() { debootstrap_root "$@"; enter_root "$1"; }

debootstrap_root() {   # ROOT SUITE ARCH, without entering it
  local root=$1 suite=$2 arch=$3
  if [ ! -x "$root/usr/bin/apt-get" ] || [ -d "$root/debootstrap" ]; then
    say "debootstrap $arch $suite into $root"
    local start=$SECONDS
    if [ "$arch" = "$(dpkg --print-architecture)" ]; then
      debootstrap --arch="$arch" --variant=minbase "$suite" "$root" "$mirror" >/dev/null
    else
      [ -d "$root/debootstrap" ] || debootstrap --arch="$arch" --variant=minbase --foreign "$suite" "$root" "$mirror" >/dev/null
      chroot "$root" /debootstrap/debootstrap --second-stage >/dev/null
    fi
    say "root ready in $((SECONDS - start)) s"
  fi
}

enter_root() {   # ROOT: name resolution, /proc and /dev for what runs inside
  local root=$1
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  bind /proc "$root/proc"
  bind /dev "$root/dev"
}

bind_package_mirror() {   # ROOT: Swift packages from the mirror git uses here, when there is one
  [ -d /opt/swift-packages ] || return 0
  bind /opt/swift-packages "$1/opt/swift-packages"
  chroot "$1" git config --global url./opt/swift-packages/.insteadOf https://github.com/
}

install_missing() {
  local root=$1; shift
  local missing
  missing=$(for p in "$@"; do
    chroot "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || printf '%s ' "$p"
  done)
  [ -n "$missing" ] || return 0
  say "apt-get install $missing"
  local start=$SECONDS
  chroot "$root" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive; apt-get update -qq &&
    apt-get install -y -qq -o Dpkg::Options::=--force-unsafe-io --no-install-recommends $missing" >/dev/null
  say "packages installed in $((SECONDS - start)) s"
}

# sync_tree COMMIT DIR: DIR holds COMMIT's files, only those that differ from what it held replaced
# (the build notices a file by its time, size and inode): a commit that changes a few modules rebuilds
# those and the ones above them under qemu, not everything (an hour). The same commit changes nothing.
# DIR/.build-portable (the build folder's link) is kept.
sync_tree() {
  local commit=$1 dir=$2 fresh=$2.next
  rm -rf "$fresh" && mkdir -p "$fresh" "$dir"
  git archive "$commit" | tar -x -C "$fresh"
  (cd "$fresh" && find . \( -type f -o -type l \) -print0) | while IFS= read -r -d '' f; do
    if ! cmp -s "$fresh/$f" "$dir/$f"; then
      mkdir -p "$(dirname "$dir/$f")" && rm -f "$dir/$f" && cp -P "$fresh/$f" "$dir/$f"
    fi
  done
  (cd "$dir" && find . -path ./.build-portable -prune -o \( -type f -o -type l \) -print0) | while IFS= read -r -d '' f; do
    [ -e "$fresh/$f" ] || [ -L "$fresh/$f" ] || rm -f "$dir/$f"
  done
  rm -rf "$fresh"
}
