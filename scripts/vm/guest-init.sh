#!/bin/sh
# The initramfs's /init (busybox): mounts the host's / read-only over virtio-9p (tag
# hostroot) and the run folder read-write (tag work) at its host path, then switch_roots
# into the host's root and runs the setup script, which ends with the CI-EXIT line.
# Kernel command line: vitrine.project=<checkout> vitrine.work=<run folder>
# vitrine.setup=<setup script>.
# switch_root, not chroot: udevadm refuses to trigger or settle inside a chroot.
#
# With vitrine.systemd=1 (run-in-vm.sh --systemd) the root is an overlay instead: the host's /
# read-only below, a tmpfs above, so /etc, /var and /usr can be written (units, users, the
# install). Two units are written into it, the target run-in-vm.sh names on the kernel command
# line (systemd.unit=vitrine-vm.target) and the service that runs the setup script, and
# systemd (/lib/systemd/systemd) starts as PID 1.
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
    vitrine.systemd=*) systemd=${arg#vitrine.systemd=} ;;
    esac
done
modprobe virtio_pci
modprobe 9pnet_virtio
modprobe 9p
options=trans=virtio,version=9p2000.L,msize=512000
fail() {
    echo "vitrine-vm: $1"
    echo "CI-EXIT=125"
    poweroff -f
}
if [ "$systemd" = 1 ]; then
    mkdir -p /lower /upper
    mount -t 9p -o $options,ro,cache=loose hostroot /lower || fail "cannot mount the host root over 9p"
    mount -t tmpfs -o mode=0755 upper /upper
    mkdir -p /upper/data /upper/work
    modprobe overlay
    mount -t overlay -o lowerdir=/lower,upperdir=/upper/data,workdir=/upper/work root /newroot \
        || fail "cannot mount the overlay root"
    # The host is a docker container: systemd, seeing its /.dockerenv, would take the guest
    # for one and ignore the kernel command line (systemd.unit=). The whiteout is in the tmpfs.
    rm -f /newroot/.dockerenv
    # An empty /tmp, as in the default mode: systemd-tmpfiles empties /tmp at boot, which over
    # 9p under TCG takes minutes for a busy host /tmp.
    mount -t tmpfs tmp /newroot/tmp
    units=/newroot/etc/systemd/system
    mkdir -p "$units"
    cat >"$units/vitrine-vm.target" <<UNIT
[Unit]
Description=run-in-vm.sh --systemd: the command under systemd
Requires=basic.target vitrine-vm-command.service
After=basic.target
AllowIsolate=yes
UNIT
    cat >"$units/vitrine-vm-command.service" <<UNIT
[Unit]
Description=run-in-vm.sh's command
After=basic.target systemd-udev-trigger.service

[Service]
Type=exec
ExecStart=/bin/sh $setup
# The console as it is (no journal prefix): run-in-vm.sh reads the T_ and CI-EXIT= lines.
StandardOutput=tty
StandardError=tty
TTYPath=/dev/console
UNIT
    mkdir -p "/newroot$project"
    mount -t 9p -o $options,ro,cache=loose project "/newroot$project" || echo "vitrine-vm: cannot mount the project"
    mount -t 9p -o $options,rw work "/newroot$work" || echo "vitrine-vm: cannot mount the run folder"
    exec switch_root /newroot /lib/systemd/systemd
fi
mount -t 9p -o $options,ro,cache=loose hostroot /newroot || fail "cannot mount the host root over 9p"
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
