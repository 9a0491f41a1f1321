#!/usr/bin/env bash
# `make deb`: out/roundel_<version>_<arch>.deb for this machine's architecture (and, run inside the
# ARM64 root by deb-arm64.sh, for arm64). What `make install DESTDIR=<stage> PREFIX=/usr` puts in
# the stage (the binary, assets, man pages, README, the kiosk's systemd unit with its paths in /usr),
# plus /usr/share/doc/roundel/copyright (packaging/copyright), packed by dpkg-deb with root as owner.
#   version: what `roundel --version` says (the release the source is, Roundel.version);
#   architecture: `dpkg --print-architecture`;
#   Depends: dpkg-shlibdeps on the binary (the Debian packages its shared libraries come from, at
#            the versions its symbols need), in packaging/control's Depends line.
# Needs make, Swift and dpkg-dev (dpkg-shlibdeps); `make deb` installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'make deb: %s\n' "$*"; }
out=${DEB_OUT:-out}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stage=$tmp/root

# The stage, as `make install` makes it (-o deps: the caller has the build's packages).
${MAKE:-make} --no-print-directory -o deps install DESTDIR="$stage" PREFIX=/usr
bin=$stage/usr/bin/roundel
version=$("$bin" --version | awk '{ print $NF }')
[[ $version =~ ^[0-9][A-Za-z0-9.+~-]*$ ]] || { say "roundel --version said '$version', not a Debian version"; exit 1; }
arch=$(dpkg --print-architecture)

# Debian's layout: man pages compressed, the copyright file beside the README, files root's and
# readable by all (a checkout's umask must not reach the package).
if [ -d "$stage/usr/share/man" ]; then
  find "$stage/usr/share/man" -type f ! -name '*.gz' -exec gzip -9n {} +
fi
install -m 644 packaging/copyright "$stage/usr/share/doc/roundel/copyright"
# A one-entry changelog (Debian's format, as a native package has): which commit this is.
commit=${DEB_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
date=${DEB_DATE:-$(git log -1 --format=%aD 2>/dev/null || date -R)}
printf 'roundel (%s) unstable; urgency=medium\n\n  * Built from commit %s; the changes are in its git history.\n\n -- %s  %s\n' \
  "$version" "$commit" "$(sed -n 's/^Maintainer: //p' packaging/control)" "$date" | gzip -9n > "$stage/usr/share/doc/roundel/changelog.gz"
# Symbols stripped as Debian does (dh_strip): Swift finds its types through its own sections, not
# the symbol table, so the program is unchanged; a crash's backtrace then names addresses only.
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$bin"
chmod -R u+rwX,go+rX,go-w "$stage"

# Depends, from the libraries the binary needs. A library no Debian package provides (the Swift
# runtime of a toolchain in /opt, while the release build links it dynamically) cannot be named: the
# package then runs only where that library is, so say so loudly.
unowned=$(ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | while read -r lib; do
  dpkg -S "$lib" >/dev/null 2>&1 || dpkg -S "$(readlink -f "$lib")" >/dev/null 2>&1 || echo "$lib"
done)
shlibdeps_flags=()
if [ -n "$unowned" ]; then
  say "WARNING: roundel needs libraries no Debian package provides, so Depends cannot name them and"
  say "WARNING: the package runs only where they are: $(echo $unowned | tr ' ' '\n' | xargs -n1 basename | tr '\n' ' ')"
  say "WARNING: (from $(echo $unowned | tr ' ' '\n' | xargs -n1 dirname | sort -u | tr '\n' ' ' | sed 's/ $//'))"
  shlibdeps_flags=(--ignore-missing-info)
fi
mkdir -p "$tmp/shlibs/debian" "$stage/DEBIAN"   # DEBIAN: how dpkg-shlibdeps knows the package's root ($ORIGIN)
printf 'Source: roundel\n\nPackage: roundel\nArchitecture: any\n' > "$tmp/shlibs/debian/control"
depends=$(cd "$tmp/shlibs" && dpkg-shlibdeps -O "${shlibdeps_flags[@]}" -e "$bin" 2>"$tmp/shlibdeps.err") \
  || { cat "$tmp/shlibdeps.err" >&2; say "dpkg-shlibdeps failed"; exit 1; }
# Its warnings, but those about the libraries said above.
grep -v "no dependency information found\|binaries to analyze should already be installed\|can't extract name and version" \
  "$tmp/shlibdeps.err" >&2 || true
depends=${depends#shlibs:Depends=}
[ -n "$depends" ] || { say "dpkg-shlibdeps found no dependencies"; exit 1; }

size=$(du -sk --apparent-size "$stage/usr" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
  packaging/control > "$stage/DEBIAN/control"
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

deb=$out/roundel_${version}_${arch}.deb
dpkg-deb --build --root-owner-group -Zxz "$stage" "$deb"
say "$deb ($(du -h "$deb" | cut -f1), $(find "$stage/usr" -type f | wc -l) files, installed $((size / 1024)) MB)"
say "Depends: $depends"
