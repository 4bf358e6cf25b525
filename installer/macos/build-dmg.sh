#!/usr/bin/env bash
# Builds the macOS disk image dist/Tuma-<version>.dmg, on a Mac (macOS 13+ for Qt 6.10/6.11):
#
#   bash installer/macos/build-dmg.sh
#
# Needs Python 3.11+ (python.org or Homebrew) as python3. Creates .venv/ with the project and its
# packaging extra, freezes the app into dist/Tuma.app (packaging/freeze.py: translations, icons,
# PyInstaller with the Info.plist values from packaging/build_info.py), then puts Tuma.app, its
# THIRD-PARTY-NOTICES.txt and a link to /Applications on a compressed disk image: the shop
# owner opens it and drags Tuma onto Applications. The app is not signed with a Developer ID
# nor notarized (that needs an Apple developer account): the first start needs right-click >
# Open. Reviewed, NOT run: this machine is Linux, and PyInstaller does not cross-build
# (installer/README.md).
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[packaging]"
.venv/bin/python packaging/freeze.py

version=$(.venv/bin/python packaging/build_info.py version)
stage=build/dmg
rm -rf "$stage"
mkdir -p "$stage"
ditto dist/Tuma.app "$stage/Tuma.app" # keeps the bundle's symlinks, attributes and signature
# The third-party licence notices (packaging/notices.py): inside Tuma.app, where Help > About
# Tuma > Open-source licences reads them, and on the disk image beside it.
notices=$(find "$stage/Tuma.app/Contents" -name THIRD-PARTY-NOTICES.txt | head -n1)
[ -n "$notices" ] || {
    echo "Tuma.app has no THIRD-PARTY-NOTICES.txt: packaging/tuma.spec must put it in" >&2
    exit 1
}
cp -L "$notices" "$stage/THIRD-PARTY-NOTICES.txt"
ln -s /Applications "$stage/Applications"
dmg="dist/Tuma-$version.dmg"
hdiutil create -volname Tuma -srcfolder "$stage" -ov -format UDZO "$dmg"
echo "$dmg"
