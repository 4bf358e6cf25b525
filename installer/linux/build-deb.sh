#!/usr/bin/env bash
# Builds the Debian package dist/tuma_<version>_<arch>.deb on Debian or Ubuntu.
#
#   bash installer/linux/build-deb.sh               # set up .venv, freeze dist/tuma/, package it
#   bash installer/linux/build-deb.sh --no-freeze   # package the dist/tuma/ already built
#
# The package puts the one-folder bundle in /opt/tuma, a /usr/bin/tuma link to it, the .desktop
# entry, the hicolor icons, the AppStream metadata, and in /usr/share/doc/tuma the copyright file
# and the third-party licence notices. It has no maintainer scripts: the icon and
# menu caches are refreshed by the triggers of hicolor-icon-theme and desktop-file-utils, and
# nothing ever touches the user's data in their home folder (remove and purge alike).
set -euo pipefail
cd "$(dirname "$0")/../.."

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

if [ "${1:-}" != --no-freeze ]; then
    bash installer/bootstrap.sh build
    say "Freezing the app into dist/tuma/"
    .venv/bin/python packaging/freeze.py
fi
[ -x dist/tuma/tuma ] || {
    echo "dist/tuma/tuma is missing: run without --no-freeze" >&2
    exit 1
}

py=.venv/bin/python
render() { "$py" packaging/build_info.py render "$@"; }
version=$("$py" packaging/build_info.py version)
arch=$(dpkg --print-architecture)
stage=build/deb/root
say "Assembling the package tree in $stage"
rm -rf build/deb
mkdir -p "$stage/DEBIAN" "$stage/opt" "$stage/usr/bin" "$stage/usr/share/applications" \
    "$stage/usr/share/metainfo" "$stage/usr/share/icons" "$stage/usr/share/doc/tuma"
cp -a dist/tuma "$stage/opt/tuma"
ln -s ../../opt/tuma/tuma "$stage/usr/bin/tuma" # relative: works in any install root
cp packaging/linux/tuma.desktop "$stage/usr/share/applications/tuma.desktop"
render packaging/linux/io.tuma.Tuma.metainfo.xml.in "$stage/usr/share/metainfo/io.tuma.Tuma.metainfo.xml"
cp -r build/icons/hicolor "$stage/usr/share/icons/hicolor"
cp installer/linux/copyright "$stage/usr/share/doc/tuma/copyright"
# The third-party notices the freeze wrote into the bundle (packaging/notices.py), also where
# Debian keeps a package's documentation (compressed, as policy 12.3 asks of files over 4 kB).
notices=dist/tuma/_internal/licenses/THIRD-PARTY-NOTICES.txt
[ -f "$notices" ] || {
    echo "$notices is missing: the bundle was frozen without its licence notices" >&2
    exit 1
}
gzip -9n <"$notices" >"$stage/usr/share/doc/tuma/THIRD-PARTY-NOTICES.txt.gz"
chmod -R u=rwX,go=rX "$stage" # whatever the umask: 0755 folders and programs, 0644 the rest

# Every system library the bundle links to but does not carry must come from a package the
# .deb depends on (what dpkg-shlibdeps would tell; PyInstaller leaves out libc, GL, libxcb and
# the Wayland client libraries on purpose, and carries the rest).
depends=$(sed -n 's/^Depends: //p' installer/linux/control.in | tr ',' '\n' | awk '{print $1}')
carried=$(find "$stage/opt/tuma" -printf '%f\n' | sort -u)
missing=0
while read -r lib; do
    grep -qxF "$lib" <<<"$carried" && continue
    # "pkg1, pkg2:amd64: /path" -> one package name a line
    pkgs=$(dpkg -S "*/$lib" 2>/dev/null | sed 's/: .*//' | tr ',' '\n' | sed 's/^ *//; s/:.*//' | sort -u || true)
    if [ -z "$pkgs" ]; then
        echo "the bundle links to $lib, which no installed package provides: install it and rebuild" >&2
        missing=1
    elif ! grep -qxF -f <(printf '%s\n' "$pkgs") <<<"$depends"; then
        echo "the bundle links to $lib (from $(echo $pkgs)), which Depends: in installer/linux/control.in lacks" >&2
        missing=1
    fi
done < <(find "$stage/opt/tuma" -type f \( -name '*.so*' -o -perm -u+x \) -print0 |
    xargs -0 objdump -p 2>/dev/null | awk '$1 == "NEEDED" {print $2}' | sort -u)
[ "$missing" = 0 ] || exit 1

installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
render installer/linux/control.in "$stage/DEBIAN/control" ARCH="$arch" INSTALLED_SIZE="$installed_size"
deb="dist/tuma_$("$py" -c 'import sys; sys.path.insert(0, "packaging"); import build_info as b; print(b.debian_version(b.project_version()))')_$arch.deb"
say "Building $deb"
dpkg-deb --build --root-owner-group -Zxz "$stage" "$deb" >/dev/null
echo "$deb"
