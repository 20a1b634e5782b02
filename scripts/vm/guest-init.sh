#!/bin/sh
# The initramfs's /init (busybox): mounts the host's / read-only over virtio-9p (tag
# hostroot) and the run folder read-write (tag work) at its host path, then switch_roots
# into the host's root and runs the setup script, which ends with the CI-EXIT line.
# Kernel command line: vitrine.project=<checkout> vitrine.work=<run folder>
# vitrine.setup=<setup script>.
# switch_root, not chroot: udevadm refuses to trigger or settle inside a chroot.
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "vitrine-vm: init"
for arg in $(cat /proc/cmdline); do
    case $arg in
    vitrine.work=*) work=${arg#vitrine.work=} ;;
    vitrine.project=*) project=${arg#vitrine.project=} ;;
    vitrine.setup=*) setup=${arg#vitrine.setup=} ;;
    esac
done
modprobe virtio_pci
modprobe 9pnet_virtio
modprobe 9p
options=trans=virtio,version=9p2000.L,msize=512000
if ! mount -t 9p -o $options,ro,cache=loose hostroot /newroot; then
    echo "vitrine-vm: cannot mount the host root over 9p"
    echo "CI-EXIT=125"
    poweroff -f
fi
mount -t proc proc /newroot/proc
mount -t sysfs sys /newroot/sys
mount -t devtmpfs dev /newroot/dev
mount -t tmpfs run /newroot/run
mount -t tmpfs tmp /newroot/tmp
mount -t debugfs debugfs /newroot/sys/kernel/debug 2>/dev/null
# The project at its host path, over the tmpfs above if it lives under /tmp or /run.
mkdir -p "/newroot$project" 2>/dev/null
mount -t 9p -o $options,ro,cache=loose project "/newroot$project" || echo "vitrine-vm: cannot mount the project"
mount -t 9p -o $options,rw work "/newroot$work" || echo "vitrine-vm: cannot mount the run folder"
exec switch_root /newroot /bin/sh "$setup"
