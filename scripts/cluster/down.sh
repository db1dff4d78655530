#!/usr/bin/env bash
# Removes what up.sh made, whatever is left of it: the processes it recorded (and only those), the
# namespaces, the bridge, the Swift store, the database and the folder. Usage: down.sh [folder]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/cluster/net.sh
. "$here/net.sh"

for file in "$CLUSTER_DIR"/run/*.pid; do
  [ -f "$file" ] || continue
  kill -KILL -- "-$(cat "$file")" 2>/dev/null
done
for n in "${INSTANCES[@]}"; do
  ip netns del "$(namespace "$n")" 2>/dev/null
  ip link del "chopv$n" 2>/dev/null
done
ip link del "$BRIDGE" 2>/dev/null
[ -d "$CLUSTER_DIR/swift" ] && "$root/scripts/swift/stop.sh" "$CLUSTER_DIR/swift" >/dev/null 2>&1
psql -qAt -h 127.0.0.1 -U postgres -c "drop database if exists $DATABASE with (force)" >/dev/null
rm -rf "$CLUSTER_DIR"
exit 0
