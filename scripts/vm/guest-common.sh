# Sourced by guest-setup.sh and guest-systemd.sh, the two ways the guest runs a command: reads
# the run folder and the vkms module from the kernel command line, defines `finish` (prints
# CI-EXIT=N and powers off at once: nothing in the guest outlives it, and the run folder is
# written through) and loads the display and input modules.
export HOME=/tmp
for arg in $(cat /proc/cmdline); do
    case $arg in
    vitrine.work=*) work=${arg#vitrine.work=} ;;
    vitrine.module=*) module=${arg#vitrine.module=} ;;
    esac
done
finish() {
    echo "CI-EXIT=$1"
    /bin/busybox poweroff -f
}
load_modules() {
    modprobe drm_kms_helper && modprobe drm_shmem_helper || finish 125
    insmod "$module" || finish 125
    modprobe uinput
    modprobe evdev
}
