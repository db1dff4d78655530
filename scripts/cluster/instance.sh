#!/usr/bin/env bash
# Starts app instance N of the cluster up.sh made, in its namespace with its own DATA_DIR, and
# waits until it is ready. Usage: instance.sh <cluster folder> <N>
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/cluster/net.sh
. "$here/net.sh"
n=$2
address=$(instance_address "$n")
mkdir -p "$CLUSTER_DIR/data$n"
cd "$root"
env $(cat "$CLUSTER_DIR/env") DATA_DIR="$CLUSTER_DIR/data$n" \
  setsid ip netns exec "$(namespace "$n")" node --import tsx src/server/main.ts \
  >>"$CLUSTER_DIR/log/app$n.log" 2>&1 </dev/null &
pid=$!
echo "$pid" >"$CLUSTER_DIR/run/app$n.pid"
for _ in $(seq 1 300); do
  curl -fsS "http://$address:$APP_PORT/readyz" >/dev/null 2>&1 && exit 0
  kill -0 "$pid" 2>/dev/null || { echo "instance $n stopped while starting:" >&2; tail -20 "$CLUSTER_DIR/log/app$n.log" >&2; exit 1; }
  sleep 0.2
done
echo "instance $n was not ready within 60 seconds" >&2
exit 1
