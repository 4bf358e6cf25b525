#!/usr/bin/env bash
# Proves the Linux installer end to end on Debian 12 (or Ubuntu 22.04+), from a fresh checkout
# with only Python 3.11+ installed:
#
#   bash installer/linux/build-and-check.sh [--runs N]     # N start-up timings (default 5)
#
# 1. installs what it needs (system packages as root or through sudo, .venv with the
#    packaging extra) through installer/bootstrap.sh;
# 2. builds the bundle dist/tuma/ and the package dist/tuma_<version>_<arch>.deb;
# 3. checks a real install would resolve (apt-get --simulate), installs the packages the
#    .deb depends on, and installs the .deb with dpkg into a temporary root;
# 4. validates the installed .desktop file and AppStream metadata;
# 5. runs the installed /usr/bin/tuma with --sandbox --screenshots offscreen under an empty
#    HOME and XDG folders, and once more in a real X11 window (Xvfb): practice mode (the
#    sandbox started by the frozen executable) must come up and every tab's PNG be written;
#    the user's data must land in the XDG folders and nothing be written next to the
#    executable or in the working folder; the screenshots must match, pixel for pixel, the
#    ones `python -m desktop_app` takes (compose.png at least: it shows the style sheet's SVG
#    images);
# 6. prints the bundle and .deb sizes, and the start-up times of the installed program and of
#    `python -m desktop_app` measured in this run;
# 7. removes and purges the package: the program goes, the user's data stays; prints the
#    script's own run time.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=5
[ "${1:-}" = --runs ] && runs=$2

started=$(date +%s)
say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
fail() {
    printf '\033[1;31mFAIL: %s\033[0m\n' "$*" >&2
    exit 1
}
SUDO=()
[ "$(id -u)" = 0 ] || SUDO=(sudo)

# --- 1-2. set up and build --------------------------------------------------------------
say "Setting up (system packages, .venv with the packaging extra)"
TUMA_EXTRA_PACKAGES="desktop-file-utils appstream xvfb xauth" bash installer/bootstrap.sh build
build_started=$(date +%s)
deb=$(bash installer/linux/build-deb.sh | tail -n1)
build_seconds=$(($(date +%s) - build_started))
[ -f "$deb" ] || fail "build-deb.sh did not produce a package"
py=.venv/bin/python

# --- 3. install into a temporary root ---------------------------------------------------
work=$(mktemp -d /tmp/tuma-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
root=$work/root
say "A real install resolves: apt-get install --simulate ./$deb"
"${SUDO[@]}" apt-get install --simulate -qq "./$deb" >"$work/apt.log" 2>&1 ||
    fail "apt-get cannot install $deb: $(tail -n5 "$work/apt.log")"
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | awk '{print $1}' | tr '\n' ' ')
TUMA_EXTRA_PACKAGES="$depends" bash installer/bootstrap.sh build >/dev/null
say "Installing $deb into $root (dpkg --root)"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
# The temporary root's own package database is empty, so dpkg cannot see that the
# dependencies are installed on this machine (they were, just above).
dpkg --root="$root" --force-depends --log=/dev/null -i "$deb" >"$work/dpkg.log" 2>&1 ||
    fail "dpkg could not install $deb: $(tail -n5 "$work/dpkg.log")"
tuma=$root/usr/bin/tuma
[ -x "$tuma" ] && [ "$(readlink -f "$tuma")" = "$root/opt/tuma/tuma" ] ||
    fail "/usr/bin/tuma does not lead to /opt/tuma/tuma"

# --- 4. metadata --------------------------------------------------------------------------
say "Validating the .desktop file and the AppStream metadata"
desktop-file-validate "$root/usr/share/applications/tuma.desktop" ||
    fail "desktop-file-validate"
appstreamcli validate --no-net "$root/usr/share/metainfo/io.tuma.Tuma.metainfo.xml" ||
    fail "appstreamcli validate"
for size in 16x16 32x32 48x48 128x128 256x256 512x512 scalable; do
    ls "$root/usr/share/icons/hicolor/$size/apps/tuma."* >/dev/null 2>&1 ||
        fail "no $size icon for Icon=tuma"
done
version=$("$py" packaging/build_info.py version)
grep -q "<release version=\"$version\"" "$root/usr/share/metainfo/io.tuma.Tuma.metainfo.xml" ||
    fail "the metainfo's release is not pyproject.toml's version $version"
echo "  valid; version $version (package $(dpkg-deb -f "$deb" Version))"

# --- 5. run the installed program -------------------------------------------------------
snapshot() { (cd "$root/opt/tuma" && find . -printf '%p %s %T@ %m\n' | sort); }
snapshot >"$work/bundle-before"
run_app() { # run_app HOME OUTDIR PROGRAM...: practice mode, offscreen, screenshots to OUTDIR
    local home=$1 out=$2
    shift 2
    mkdir -p "$home" "$work/cwd"
    (cd "$work/cwd" && env -i PATH=/usr/bin:/bin LANG=C.UTF-8 HOME="$home" \
        XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
        XDG_CACHE_HOME="$home/.cache" XDG_STATE_HOME="$home/.local/state" \
        QT_QPA_PLATFORM=offscreen "$@" --sandbox --screenshots "$out")
}
say "Running the installed tuma --sandbox --screenshots (offscreen, empty HOME)"
run_app "$work/home" "$work/shots" "$tuma" >"$work/run.out" 2>"$work/run.err" ||
    fail "the installed program failed: $(tail -n20 "$work/run.err")"
mapfile -t shots <"$work/run.out"
[ ${#shots[@]} -ge 1 ] || fail "no screenshot was written"
for shot in "${shots[@]}"; do
    [ "$(head -c8 "$shot" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
        fail "$shot is not a PNG"
done
[ -f "$work/shots/compose.png" ] || fail "no compose.png"
echo "  screenshots: ${#shots[@]} ($(cd "$work/shots" && echo *.png))"
# --screenshots works in a scratch folder: the user's own data is never touched by it.
[ -z "$(find "$work/home" -path '*/tuma/*' -type f 2>/dev/null)" ] ||
    fail "--screenshots wrote into the user's data: $(cd "$work/home" && find . -type f | head)"
echo "  nothing written to the user's data folder by --screenshots"
say "Running the installed tuma as a user would (practice mode, offscreen, then SIGTERM)"
user=$work/home-user
mkdir -p "$user" "$work/cwd"
rc=0
(cd "$work/cwd" && env -i PATH=/usr/bin:/bin LANG=C.UTF-8 HOME="$user" \
    XDG_CONFIG_HOME="$user/.config" XDG_DATA_HOME="$user/.local/share" \
    XDG_CACHE_HOME="$user/.cache" XDG_STATE_HOME="$user/.local/state" \
    QT_QPA_PLATFORM=offscreen timeout --preserve-status -k 10 -s TERM 10 "$tuma" --sandbox) \
    >"$work/run-user.out" 2>"$work/run-user.err" || rc=$?
# A SIGTERM (a log-out) is a clean quit: exit 0. A hang is killed 10 s later (137).
[ "$rc" = 0 ] ||
    fail "the installed program did not quit cleanly on SIGTERM (exit $rc): $(tail -n20 "$work/run-user.err")"
data=$user/.local/share/tuma
[ -f "$data/tuma.sqlite3" ] && [ -d "$data/sandbox" ] ||
    fail "the app's data is not in \$XDG_DATA_HOME/tuma: $(cd "$user" && find . | head)"
echo "  written under the empty HOME:"
(cd "$user" && find . -type f | sort | sed 's/^/    /')
say "The installed tuma in a real X11 window (Xvfb, the xcb platform plugin)"
# (not env -i: the program needs the DISPLAY and XAUTHORITY that xvfb-run sets)
x11=$work/home-x11
(cd "$work/cwd" && xvfb-run -a -s "-screen 0 1600x1000x24" env LANG=C.UTF-8 HOME="$x11" \
    XDG_CONFIG_HOME="$x11/.config" XDG_DATA_HOME="$x11/.local/share" \
    XDG_CACHE_HOME="$x11/.cache" XDG_STATE_HOME="$x11/.local/state" QT_QPA_PLATFORM=xcb \
    "$tuma" --sandbox --screenshots "$work/shots-x11") >"$work/run-x11.out" 2>"$work/run-x11.err" ||
    fail "the installed program failed under X11: $(tail -n20 "$work/run-x11.err")"
[ -s "$work/shots-x11/compose.png" ] || fail "no compose.png from the X11 run"
echo "  $(wc -l <"$work/run-x11.out") screenshots from a real X11 window"
snapshot >"$work/bundle-after"
diff "$work/bundle-before" "$work/bundle-after" >"$work/bundle.diff" ||
    fail "the run changed the installed bundle: $(head -n10 "$work/bundle.diff")"
[ -z "$(ls -A "$work/cwd")" ] || fail "the run wrote into its working folder"
echo "  nothing was written next to the executable or in the working folder"

say "The same screenshots from python -m desktop_app, compared pixel by pixel"
run_app "$work/home-source" "$work/shots-source" "$PWD/$py" -m desktop_app \
    >/dev/null 2>"$work/run-source.err" ||
    fail "python -m desktop_app failed: $(tail -n20 "$work/run-source.err")"
"$py" - "$work/shots" "$work/shots-source" <<'EOF' || fail "frozen and source screenshots differ"
import sys
from pathlib import Path

from PIL import Image, ImageChops

frozen, source = map(Path, sys.argv[1:3])
same = []
for shot in sorted(frozen.glob("*.png")):
    a, b = Image.open(shot).convert("RGB"), Image.open(source / shot.name).convert("RGB")
    box = ImageChops.difference(a, b).getbbox() if a.size == b.size else (0, 0) + a.size
    print(f"  {shot.name}: {'identical' if box is None else f'differs in {box}'}")
    if box is None:
        same.append(shot.name)
sys.exit(0 if "compose.png" in same else 1)  # compose shows the style sheet's SVG chevrons
EOF

# --- 6. sizes and start-up ------------------------------------------------------------------
say "Sizes and start-up"
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
bundle_bytes=$(find dist/tuma -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
echo "  bundle dist/tuma/: $(mib "$bundle_bytes") in $(find dist/tuma -type f | wc -l) files"
echo "  package $deb: $(mib "$(stat -c %s "$deb")")"
"$py" installer/linux/startup_time.py "$root/opt/tuma/tuma" --runs "$runs"

# --- 7. remove and purge -----------------------------------------------------------------
say "Removing and purging the package"
dpkg --root="$root" --log=/dev/null --purge tuma >"$work/dpkg.log" 2>&1 ||
    fail "dpkg --purge: $(tail -n5 "$work/dpkg.log")"
[ ! -e "$root/opt/tuma" ] && [ ! -e "$tuma" ] || fail "the purge left the program behind"
[ -f "$data/tuma.sqlite3" ] || fail "the purge touched the user's data"
echo "  the program is gone; the user's data in \$XDG_DATA_HOME/tuma is still there"

echo "  build (bundle + .deb): ${build_seconds} s; this whole script: $(($(date +%s) - started)) s"
printf '\033[1;32mPASS\033[0m: the Linux installer works end to end\n'
