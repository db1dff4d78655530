#!/usr/bin/env bash
# Starts a ChopChop cluster on this machine, for the multi-instance test (scripts/cluster/test.ts)
# and for trying it by hand: three hosts as network namespaces chop1-3 (10.77.0.11-13) on a bridge
# whose host side is 10.77.0.1, one app instance in each, HAProxy on 127.0.0.1:$CHOPCHOP_PROXY_PORT
# (8077) with docs/deploy/haproxy.cfg, all on a fresh database chopchop_cluster of the PostgreSQL on
# 127.0.0.1:5432, Redis database 7 of 127.0.0.1:6379 and a throwaway Swift (scripts/swift). The hosts
# reach those three through socat on 10.77.0.1, so none of them listens anywhere new.
# Needs root, iproute2, socat, haproxy, psql and Swift. down.sh removes everything it made.
# Usage: up.sh [folder] (default /tmp/chopchop-cluster)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/cluster/net.sh
. "$here/net.sh"

"$here/down.sh" "$CLUSTER_DIR" >/dev/null
mkdir -p "$CLUSTER_DIR"/{run,log}

ip link add "$BRIDGE" type bridge
ip addr add "$HOST_ADDRESS/24" dev "$BRIDGE"
ip link set "$BRIDGE" up
for n in "${INSTANCES[@]}"; do
  ns=$(namespace "$n")
  ip netns add "$ns"
  ip link add "chopv$n" type veth peer name eth0 netns "$ns"
  ip link set "chopv$n" master "$BRIDGE" up
  ip -n "$ns" addr add "$(instance_address "$n")/24" dev eth0
  ip -n "$ns" link set lo up
  ip -n "$ns" link set eth0 up
  ip -n "$ns" route add default via "$HOST_ADDRESS"
done

# Forwards host_port on the bridge address to the same service on 127.0.0.1 (whose access rules
# then see a local client, as they do for every other instance on this machine).
forward() {
  setsid socat "TCP-LISTEN:$1,bind=$HOST_ADDRESS,fork,reuseaddr" "TCP:127.0.0.1:$2" \
    >"$CLUSTER_DIR/log/socat-$1.log" 2>&1 </dev/null &
  echo $! >"$CLUSTER_DIR/run/socat-$1.pid"
}

psql -qAt -h 127.0.0.1 -U postgres -c "create database $DATABASE" >/dev/null
forward 5432 5432
redis-cli -h 127.0.0.1 -p 6379 -n 7 flushdb >/dev/null
forward 6379 6379
swift_env=$("$root/scripts/swift/start.sh" "$CLUSTER_DIR/swift" 2>"$CLUSTER_DIR/log/swift-start.log")
swift_port=$(sed -n 's|^S3_ENDPOINT=http://127.0.0.1:\([0-9]*\).*|\1|p' <<<"$swift_env")
forward "$swift_port" "$swift_port"

secret() { head -c 32 /dev/urandom | base64 | tr -d '/+='; }
{
  echo "NODE_ENV=production"
  echo "HOST=0.0.0.0"
  echo "PORT=$APP_PORT"
  echo "PUBLIC_URL=http://127.0.0.1:$PROXY_PORT"
  echo "TRUST_PROXY=1"
  echo "LOG_LEVEL=${CHOPCHOP_CLUSTER_LOG_LEVEL:-warn}"
  echo "DATABASE_URL=postgres://postgres@$HOST_ADDRESS:5432/$DATABASE"
  echo "REDIS_URL=redis://$HOST_ADDRESS:6379/7"
  echo "STORAGE=s3"
  sed "s|127.0.0.1|$HOST_ADDRESS|" <<<"$swift_env"
  echo "JWT_SECRET=$(secret)"
  echo "METRICS_TOKEN=$(secret)"
  echo "SHUTDOWN_GRACE_SECONDS=5"
  echo "SEED_DEMO=0"
  # Every customer of the test's checkout load places many orders a minute.
  echo "RATE_LIMIT_ORDERS_MAX=10000"
} >"$CLUSTER_DIR/env"

# The first instance migrates the database alone; the others then start together.
"$here/instance.sh" "$CLUSTER_DIR" 1
starting=()
for n in "${INSTANCES[@]:1}"; do
  "$here/instance.sh" "$CLUSTER_DIR" "$n" &
  starting+=($!)
done
for pid in "${starting[@]}"; do wait "$pid"; done

sed "s|^\(\s*bind\s\+\)\S\+|\1127.0.0.1:$PROXY_PORT|" "$root/docs/deploy/haproxy.cfg" >"$CLUSTER_DIR/haproxy.cfg"
setsid haproxy -db -f "$CLUSTER_DIR/haproxy.cfg" >"$CLUSTER_DIR/log/haproxy.log" 2>&1 </dev/null &
echo $! >"$CLUSTER_DIR/run/haproxy.pid"
for _ in $(seq 1 50); do
  curl -fsS "http://127.0.0.1:$PROXY_PORT/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$PROXY_PORT/readyz" >/dev/null
cat "$CLUSTER_DIR/env"
echo "PROXY_URL=http://127.0.0.1:$PROXY_PORT"
