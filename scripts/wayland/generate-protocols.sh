#!/usr/bin/env bash
# Regenerates the xdg-shell glue checked in under Sources/CWayland from Debian's
# wayland-protocols with wayland-scanner (libwayland-bin). SwiftPM cannot run the scanner at
# build time without a plugin, so the output is kept in the repository; rerun after upgrading
# wayland-protocols and commit the difference.
set -euo pipefail
cd "$(dirname "$0")/../.."
xml=/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml
wayland-scanner client-header "$xml" Sources/CWayland/include/xdg-shell-client-protocol.h
wayland-scanner private-code "$xml" Sources/CWayland/xdg-shell-protocol.c
echo "regenerated from $xml ($(wayland-scanner --version 2>&1))"
