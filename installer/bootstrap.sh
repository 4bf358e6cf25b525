#!/usr/bin/env bash
# Sets up everything Tuma needs from a source checkout, then starts the app or runs the tests.
#
#   bash installer/bootstrap.sh app  [app options]     # e.g. --sandbox, --profile NAME
#   bash installer/bootstrap.sh test [pytest options]
#   bash installer/bootstrap.sh build                  # only set up what freezing needs
#
# $TUMA_EXTRA_PACKAGES (space-separated Debian packages) are installed with the rest when
# missing: installer/linux/build-and-check.sh adds its checking tools that way.
# On Debian/Ubuntu it installs the system libraries Qt needs when they are missing (apt-get,
# as root or through sudo), creates the virtual environment .venv/ and installs the project
# into it. Re-running is cheap: each step is skipped when it is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-app}
[ $# -gt 0 ] && shift
case "$mode" in app | test | build) ;; *)
    echo "usage: bash installer/bootstrap.sh app|test|build [options]" >&2
    exit 2
    ;;
esac

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# --- 1. System libraries (Debian/Ubuntu) -------------------------------------------------
# Offscreen rendering (tests, screenshots) needs the first list; a real window adds the xcb
# plugin's libraries (without libxcb-cursor0 Qt aborts at start-up).
pkgs=(libegl1 libgl1 libfontconfig1 libglib2.0-0 libxkbcommon0 libdbus-1-3 fonts-dejavu-core)
if [ "$mode" = app ] || [ "$mode" = build ]; then
    pkgs+=(libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0
        libxcb-shape0 libxcb-xinerama0 libxkbcommon-x11-0)
fi
PYTHON=${PYTHON:-python3}
if [ "$mode" = build ]; then
    # PyInstaller reads binaries with objdump; the Wayland client libraries let it check the
    # wayland plugin's links (packaging/README.md). Debian's python3.X has its shared
    # libpython, which a frozen bundle carries, in a package of its own.
    pkgs+=(binutils libwayland-client0 libwayland-cursor0)
    if command -v dpkg >/dev/null 2>&1 &&
        dpkg -S "$(readlink -f "$(command -v "$PYTHON")")" >/dev/null 2>&1; then
        pkgs+=("libpython$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')")
    fi
fi
if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    pkgs+=(python3-venv)
fi
read -r -a extra_pkgs <<<"${TUMA_EXTRA_PACKAGES:-}"
pkgs+=("${extra_pkgs[@]}")
if command -v dpkg-query >/dev/null 2>&1; then
    missing=()
    for p in "${pkgs[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "Installing system libraries: ${missing[*]}"
        if [ "$(id -u)" = 0 ]; then
            SUDO=()
        elif command -v sudo >/dev/null 2>&1; then
            SUDO=(sudo)
        else
            echo "Please install these packages as root, then run this again: ${missing[*]}" >&2
            exit 1
        fi
        "${SUDO[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends \
            "${missing[@]}" >/dev/null
    fi
fi

# --- 2. Python and the virtual environment ----------------------------------------------
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "Tuma needs Python 3.11 or newer; $PYTHON is $("$PYTHON" -V 2>&1)." >&2
    exit 1
fi
if [ ! -x .venv/bin/python ]; then
    say "Creating the virtual environment .venv/"
    "$PYTHON" -m venv .venv
fi
extra=""
[ "$mode" = test ] && extra="[test]"
[ "$mode" = build ] && extra="[packaging]"
# One line per extra installed for this pyproject.toml; the app needs any of them.
hash="$(sha256sum pyproject.toml | cut -c1-16)"
stamps=.venv/.tuma-installed
if ! grep -qxF "$hash$extra" "$stamps" 2>/dev/null &&
    ! { [ "$mode" = app ] && grep -q "^$hash" "$stamps" 2>/dev/null; }; then
    say "Installing Tuma and its dependencies into .venv/"
    .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".$extra"
    { grep "^$hash" "$stamps" 2>/dev/null || true; echo "$hash$extra"; } >"$stamps.new"
    mv "$stamps.new" "$stamps"
fi

# The interface's translations (.qm) are built from their sources (.ts), never committed.
.venv/bin/python packaging/translations.py build --quiet

# --- 3. Run ------------------------------------------------------------------------------
if [ "$mode" = build ]; then
    say "Ready to freeze: .venv/bin/python packaging/freeze.py"
    exit 0
fi
if [ "$mode" = app ]; then
    exec .venv/bin/python -m desktop_app "$@"
fi

export QT_QPA_PLATFORM=offscreen QT_API=pyside6
say "Lint (ruff), format check, types (mypy)"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
say "Tests"
exec .venv/bin/python -m pytest "$@"
