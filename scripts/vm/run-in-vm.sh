#!/usr/bin/env bash
# run-in-vm.sh <command> [args...]
#
# Runs a command inside a qemu guest (TCG, no KVM needed) that has real KMS (vkms, with its
# writeback connector) and uinput/evdev, and exits with the command's exit status.
#
# The guest boots Debian's own kernel (the bookworm 6.1 series, fixed below) with a tiny busybox
# initramfs, mounts this machine's / read-only over virtio-9p plus one writable folder
# (the run folder, exported to the command as VITRINE_VM_WORK), switch_roots into it, loads
# vkms, uinput and evdev, starts systemd-udevd, and runs the command from the current directory.
# So any host binary (a Swift executable and the toolchain's runtime libraries included) runs
# unchanged in the guest. The command's output appears on this terminal (the serial console);
# the guest reports the status as a `CI-EXIT=N` line, which this script turns into its own.
#
# Debian does not build vkms, so it is built out of tree from the linux-source package, with
# the vkms-*.patch files (vkms-writeback-clones.patch, vkms-vblank-deadlock.patch: see the notes
# in them). The module and the initramfs are
# cached in $VITRINE_VM_CACHE (default: <repo>/.build-vm), keyed by kernel version and by the
# contents of the scripts and the patch.
#
# run-in-vm.sh --systemd <command> [args...] (or VITRINE_VM_SYSTEMD=1) boots systemd as PID 1
# instead: the root is an overlay (the host's / read-only below a tmpfs, so /etc, /var and /usr
# are writable), systemd starts basic.target (journald, udevd, sysusers, tmpfiles) and then a
# service that loads the modules and runs the command (guest-systemd.sh). For checks of
# systemd units, such as scripts/vm/systemd-unit-check.sh; slower to boot than the default.
#
# Environment: VITRINE_VM_CACHE, VITRINE_VM_TIMEOUT (seconds, default 900), VITRINE_VM_MEMORY
# (MiB, default 2048), VITRINE_VM_LOG (serial log file; default in the cache), VITRINE_VM_SYSTEMD.
set -euo pipefail

systemd=${VITRINE_VM_SYSTEMD:-0}
if [ "${1:-}" = --systemd ]; then
    systemd=1
    shift
fi
if [ $# -eq 0 ]; then
    echo "usage: $0 [--systemd] <command> [args...]" >&2
    exit 2
fi

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${VITRINE_VM_CACHE:-$repo/.build-vm}
timeout_seconds=${VITRINE_VM_TIMEOUT:-900}
memory=${VITRINE_VM_MEMORY:-2048}
started=$SECONDS
say() { echo "[vm +$((SECONDS - started))s] $*" >&2; }

# The kernel series is fixed: bookworm's 6.1 (the vkms patch and the source package match it).
kernel_series=6.1
kernel_meta=linux-image-amd64
source_package=linux-source-$kernel_series

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

# ---------------------------------------------------------------- packages
kernel_package=$(apt-cache depends "$kernel_meta" 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
if [ -z "$kernel_package" ]; then
    "${as_root[@]}" apt-get update -qq
    kernel_package=$(apt-cache depends "$kernel_meta" | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
fi
kver=${kernel_package#linux-image-}
packages=(
    qemu-system-x86 busybox-static cpio kmod xz-utils patch gcc make libc6-dev udev
    "$kernel_package" "linux-headers-$kver"
)
missing=()
for package in "${packages[@]}"; do installed "$package" || missing+=("$package"); done
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    mkdir -p "$cache"
    # INITRD=No: Debian's initramfs for the kernel is not needed (ours is built below).
    if ! DEBIAN_FRONTEND=noninteractive INITRD=No "${as_root[@]}" apt-get install -y -q \
        --no-install-recommends "${missing[@]}" >"$cache/apt.log" 2>&1; then
        "${as_root[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive INITRD=No "${as_root[@]}" apt-get install -y -q \
            --no-install-recommends "${missing[@]}" >"$cache/apt.log" 2>&1 || {
            tail -30 "$cache/apt.log" >&2
            exit 1
        }
    fi
fi

# ---------------------------------------------------------------- vkms.ko
key=$(cat "$here"/vkms-*.patch | sha256sum | cut -c1-12)
module=$cache/$kver/vkms.ko
if [ ! -f "$module" ] || [ "$(cat "$cache/$kver/vkms.key" 2>/dev/null)" != "$key" ]; then
    say "building vkms for $kver"
    build=$cache/$kver/vkms-build
    rm -rf "$build" "$cache/$kver/src"
    mkdir -p "$cache/$kver/src"
    (cd "$cache/$kver/src" && apt-get download "$source_package" >/dev/null 2>&1) || {
        "${as_root[@]}" apt-get update -qq
        (cd "$cache/$kver/src" && apt-get download "$source_package" >/dev/null)
    }
    # Only drivers/gpu/drm/vkms is needed out of the kernel source tarball.
    dpkg-deb --fsys-tarfile "$cache/$kver"/src/"$source_package"_*.deb \
        | tar -xO "./usr/src/$source_package.tar.xz" \
        | xz -dc -T0 | tar -x -C "$cache/$kver/src" --wildcards "$source_package/drivers/gpu/drm/vkms/*"
    mv "$cache/$kver/src/$source_package/drivers/gpu/drm/vkms" "$build"
    rm -rf "$cache/$kver/src"
    for vkms_patch in "$here"/vkms-*.patch; do patch -s -d "$build" -p1 <"$vkms_patch"; done
    make -s -C "/lib/modules/$kver/build" M="$build" CONFIG_DRM_VKMS=m modules -j"$(nproc)" 2>&1 \
        | grep -v 'Skipping BTF' >&2 || true
    cp "$build/vkms.ko" "$module"
    echo "$key" >"$cache/$kver/vkms.key"
fi

# ---------------------------------------------------------------- initramfs
initramfs_key=$(cat "$here/guest-init.sh" "$here/build-initramfs.sh" | sha256sum | cut -c1-12)
initramfs=$cache/$kver/initramfs-$initramfs_key.cpio.gz
if [ ! -f "$initramfs" ]; then
    say "building the initramfs"
    rm -f "$cache/$kver"/initramfs-*.cpio.gz
    "$here/build-initramfs.sh" "$kver" "$here/guest-init.sh" "$initramfs"
fi

# ---------------------------------------------------------------- run
# The project is shared on its own too: the guest mounts fresh tmpfs on /tmp and /run, which
# would hide a checkout that lives there (and 9p does not cross the host's mount points).
project=$(cd "$here/../.." && pwd)
# A fresh writable run folder, shared with the guest at the same path.
run=$cache/run
rm -rf "$run"
mkdir -p "$run"
{
    echo "# written by run-in-vm.sh: what the guest runs after its setup"
    printf 'export VITRINE_VM_WORK=%q VITRINE_VKMS_MODULE=%q\n' "$run" "$module"
    printf 'cd %q || exit 125\n' "$PWD"
    printf '%q ' "$@"
    echo
} >"$run/command.sh"
log=${VITRINE_VM_LOG:-$cache/serial.log}

qemu=(
    qemu-system-x86_64 -accel tcg -cpu max -m "$memory" -smp "$(nproc)" -nographic -no-reboot
    -vga none -nic none
    -kernel "/boot/vmlinuz-$kver" -initrd "$initramfs"
    -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap
    -virtfs "local,path=$project,mount_tag=project,security_model=none,readonly=on,multidevs=remap"
    -virtfs "local,path=$run,mount_tag=work,security_model=none,multidevs=remap"
)
append="console=ttyS0 panic=-1 quiet loglevel=3 vitrine.project=$project vitrine.work=$run vitrine.module=$module"
if [ "$systemd" = 1 ]; then
    # firstboot off: its prompts would wait on the console for good.
    append+=" vitrine.systemd=1 vitrine.setup=$here/guest-systemd.sh systemd.unit=vitrine-vm.target"
    append+=" systemd.firstboot=off"
    # Units the host enables that a guest without disks, network or persistent state does not
    # need; each costs seconds under TCG.
    for masked in systemd-timesyncd.service systemd-pstore.service systemd-random-seed.service \
        systemd-update-utmp.service systemd-journal-flush.service systemd-binfmt.service \
        proc-sys-fs-binfmt_misc.automount dev-hugepages.mount sys-kernel-config.mount \
        sys-fs-fuse-connections.mount sys-kernel-tracing.mount modprobe@dm_mod.service \
        modprobe@loop.service modprobe@efi_pstore.service modprobe@fuse.service \
        modprobe@configfs.service timers.target; do
        append+=" systemd.mask=$masked"
    done
else
    append+=" vitrine.setup=$here/guest-setup.sh"
fi
qemu+=(-append "$append")
say "booting $kver$([ "$systemd" = 1 ] && echo " with systemd as PID 1")"
set +e
: >"$run/output.log"
# The command's output, as the guest writes it into the run folder. Polling, not inotify:
# the guest writes through 9p, which inotify does not see.
tail -n +1 -s 0.2 ---disable-inotify -f "$run/output.log" &
follower=$!
# Guest messages from its init on (firmware noise and timing marks stay in the log).
timeout "$timeout_seconds" "${qemu[@]}" </dev/null 2>&1 | tr -d '\r' | tee "$log" \
    | awk '/vitrine-vm: init/ { shown = 1; next } shown && !/^T_|^CI-EXIT=|reboot: Power down/ { print; fflush() }'
sleep 0.5
kill "$follower" 2>/dev/null
wait "$follower" 2>/dev/null
set -e
status=$(grep -ao 'CI-EXIT=[0-9]*' "$log" | tail -1 | cut -d= -f2)
if [ -z "$status" ]; then
    say "no CI-EXIT line: the guest crashed or timed out (serial log: $log)"
    exit 125
fi
boot=$(sed -n 's/^T_READY uptime=//p' "$log")
say "guest command exited with $status (guest ready after ${boot:-?}s of guest time)"
exit "$status"
