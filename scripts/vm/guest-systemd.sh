#!/bin/sh
# guest-setup.sh's counterpart under systemd (run-in-vm.sh --systemd): systemd is PID 1 and
# runs this as vitrine-vm-command.service once basic.target is up (journald, udevd and its
# coldplug, sysusers, tmpfiles). Loads the display and input modules, waits for udev, runs the
# command run-in-vm.sh wrote, prints its status as CI-EXIT=N and powers off.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
. "$(dirname "$0")/guest-common.sh"
echo "T_BASIC uptime=$(cut -d' ' -f1 /proc/uptime) systemd $(systemctl --version | head -1 | cut -d' ' -f2) is PID 1"
load_modules
echo "T_MODULES uptime=$(cut -d' ' -f1 /proc/uptime)"
udevadm settle -t 10 >/dev/null 2>&1
echo "T_READY uptime=$(cut -d' ' -f1 /proc/uptime)"
sh "$work/command.sh" >>"$work/output.log" 2>&1
status=$?
echo "T_END uptime=$(cut -d' ' -f1 /proc/uptime)"
finish "$status"
