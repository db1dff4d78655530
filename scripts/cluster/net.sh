# Shared by up.sh, instance.sh and down.sh: the cluster's names and addresses.
# shellcheck shell=bash

CLUSTER_DIR=${1:-${CHOPCHOP_CLUSTER_DIR:-/tmp/chopchop-cluster}}
BRIDGE=chopbr0
HOST_ADDRESS=10.77.0.1
INSTANCES=(1 2 3)
APP_PORT=3000
PROXY_PORT=${CHOPCHOP_PROXY_PORT:-8077}
DATABASE=chopchop_cluster

namespace() { echo "chop$1"; }
instance_address() { echo "10.77.0.1$1"; }
