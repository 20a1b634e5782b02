#!/usr/bin/env bash
# Installs vitrined on this machine as a systemd service (docs/install.md): the release binary,
# the unit, the vitrine user, the backlight rule and the default config. Run as root from a
# checkout after `swift build -c release --product vitrined --static-swift-stdlib`.
# PREFIX (default /usr/local) and DESTDIR (default /, for staging an image) may be set.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${PREFIX:-/usr/local}
dest=${DESTDIR:-}
binary=${VITRINED:-.build/release/vitrined}

[ -x "$binary" ] || { echo "no $binary: build it first (docs/install.md)" >&2; exit 1; }

# The binary and its resources (interface files: SwiftPM's `*.resources` bundles beside it) go
# together in lib/vitrine; bin/vitrined links to it. Bundle.main is the directory of the real
# executable, so the app finds its .xib and .storyboard files there (docs/install.md).
install -D -m 0755 "$binary" "$dest$prefix/lib/vitrine/vitrined"
for resources in "$(dirname "$binary")"/*.resources; do
    [ -d "$resources" ] || continue
    rm -rf "$dest$prefix/lib/vitrine/$(basename "$resources")"
    cp -R "$resources" "$dest$prefix/lib/vitrine/"
    chmod -R a+rX "$dest$prefix/lib/vitrine/$(basename "$resources")"
done
install -d "$dest$prefix/bin"
ln -sfn "../lib/vitrine/vitrined" "$dest$prefix/bin/vitrined"
install -D -m 0644 systemd/vitrine.sysusers "$dest/usr/lib/sysusers.d/vitrine.conf"
install -D -m 0644 systemd/90-vitrine-backlight.rules "$dest/etc/udev/rules.d/90-vitrine-backlight.rules"
sed "s|/usr/local/bin/vitrined|$prefix/bin/vitrined|" systemd/vitrine.service \
    | install -D -m 0644 /dev/stdin "$dest/etc/systemd/system/vitrine.service"
# An existing config is the panel's own: never overwritten.
if [ ! -e "$dest/etc/vitrine/vitrine.toml" ]; then
    install -D -m 0644 Configs/vitrine.toml "$dest/etc/vitrine/vitrine.toml"
fi

if [ -z "$dest" ]; then
    systemd-sysusers
    udevadm control --reload && udevadm trigger --subsystem-match=backlight --action=add
    "$prefix/bin/vitrined" --check-config --config /etc/vitrine/vitrine.toml
    systemctl daemon-reload
    echo "installed; start it with: systemctl enable --now seatd.service vitrine.service"
else
    echo "staged under $dest"
fi
