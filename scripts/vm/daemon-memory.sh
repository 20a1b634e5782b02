#!/bin/sh
# The daemon's resident memory on real KMS: run inside the VM, as
#   scripts/vm/run-in-vm.sh sh "$PWD/scripts/vm/daemon-memory.sh" "$PWD/.build/release/vitrined"
# (after `swift build -c release --product vitrined --static-swift-stdlib`). Starts the daemon
# on vkms with a config that picks 1920x1080, prints /proc/PID/status's memory lines after 30
# and 60 s and the dumb buffers' mappings (mapped with VM_PFNMAP: no Rss), then checks the
# screen with a screenshot and stops the daemon with SIGTERM. docs/benchmarks.md has figures.
set -eu
daemon=$1
config=/tmp/daemon-memory.toml
printf '[[output]]\nconnector = "Virtual-1"\nmode = "1920x1080"\n' > "$config"
"$daemon" --config "$config" --backend drm --control-socket /tmp/daemon-memory/control > /tmp/daemon-memory.log 2>&1 &
pid=$!
for seconds in 30 60; do
    sleep 30
    echo "after $seconds s:"
    grep -E "VmRSS|RssAnon|RssFile|RssShmem" "/proc/$pid/status"
done
echo "the dumb buffers' mappings:"
grep -A4 "/dev/dri/card0" "/proc/$pid/smaps" | grep -E "card0|^Rss"
"$daemon" --screenshot /tmp/daemon-memory.png --control-socket /tmp/daemon-memory/control
kill -TERM "$pid"
wait "$pid" && echo "daemon stopped: exit 0"
