#!/usr/bin/env bash
# Installs the Debian packages Vitrine builds and tests against (Debian 12 / Ubuntu).
# Runs apt-get as root, or through sudo when not root. Swift 6.2 or newer must be on PATH
# (swift.org toolchain; Vitrine is tested with 6.3.1).
set -euo pipefail

packages=(
    pkg-config
    libdrm-dev libudev-dev libinput-dev   # KMS, device discovery, touch
    libpixman-1-dev libcairo2-dev libpango1.0-dev   # compositing, drawing, text
    libturbojpeg0-dev   # JPEG decoding
    libxml2-dev   # interface files (.xib, .storyboard)
    libxkbcommon-dev xkb-data libx11-data   # keymaps for keyboards; libX11's compose tables (dead keys)
    libseat-dev seatd   # device access without root (seatd also runs in the VM checks)
    fonts-dejavu-core   # a font for text drawing and its tests
    tzdata   # time zones: the showcase clock follows the system's, and its tests set TZ
    systemd procps   # systemd-analyze and systemd-sysusers check the shipped unit files; kill(1) for ExecReload
    strace   # the unit's SystemCallFilter= is checked against the calls the daemon makes
    libegl-dev libgles-dev libgbm-dev   # the GLES renderer (VitrineGL): EGL, OpenGL ES 2/3, GBM headers
    libegl-mesa0 libgl1-mesa-dri   # Mesa's EGL and drivers: llvmpipe renders the GL tests headless
    libwayland-dev wayland-protocols libwayland-bin weston   # the window backend (VitrineWayland) and its tests under a real compositor
)

as_root=()
if [ "$(id -u)" -ne 0 ]; then
    as_root=(sudo)
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    "${as_root[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
        echo "swift is at /opt/swift/usr/bin: add it to PATH"
    else
        echo "swift is not installed: get a Swift 6.2+ toolchain for this distribution from swift.org" >&2
    fi
    exit 1
fi
echo "dependencies ready ($(swift --version 2>/dev/null | head -1))"
