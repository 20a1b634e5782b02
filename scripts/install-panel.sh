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

install -D -m 0755 "$binary" "$dest$prefix/bin/vitrined"
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
