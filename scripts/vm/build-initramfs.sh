#!/usr/bin/env bash
# build-initramfs.sh <kernel version> <init script> <out.cpio.gz>
#
# A minimal initramfs for run-in-vm.sh: static busybox, the virtio-9p modules of the given
# Debian kernel (with their dependencies) and the init script. Everything else the guest
# uses comes from this machine's root, which the init mounts over 9p.
set -euo pipefail
kver=$1
init=$2
out=$3
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,dev,proc,sys,newroot}
cp /bin/busybox "$root/bin/busybox"
for applet in sh mount mkdir modprobe switch_root cat echo cut poweroff sleep rm; do
    ln -s busybox "$root/bin/$applet"
done
for name in virtio_pci 9pnet_virtio 9p overlay; do
    modprobe -S "$kver" --show-depends "$name" | awk '/^insmod/{print $2}' | while read -r file; do
        mkdir -p "$root$(dirname "$file")"
        cp "$file" "$root$file"
    done
done
depmod -b "$root" "$kver" 2>/dev/null
cp "$init" "$root/init"
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 >"$out"
