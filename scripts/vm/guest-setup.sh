#!/bin/sh
# Runs in the guest as its first process, in the host's root (read-only over 9p): loads the
# display and input modules, starts udevd, runs the command run-in-vm.sh wrote, prints its
# status as CI-EXIT=N and powers off.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
. "$(dirname "$0")/guest-common.sh"
load_modules
/lib/systemd/systemd-udevd --daemon --resolve-names=never >/dev/null 2>&1 || echo "vitrine-vm: udevd did not start"
udevadm trigger --action=add --subsystem-match=drm --subsystem-match=input >/dev/null 2>&1
udevadm settle -t 10 >/dev/null 2>&1
echo "T_READY uptime=$(cut -d' ' -f1 /proc/uptime)"
# The command's output goes to a file in the run folder, which the host shows as it grows:
# under TCG the emulated UART can stall a writer for good (a lost transmit interrupt), so
# only short status lines go to the serial console.
sh "$work/command.sh" >>"$work/output.log" 2>&1
status=$?
echo "T_END uptime=$(cut -d' ' -f1 /proc/uptime)"
finish "$status"
