#!/usr/bin/env bash
# Stops what infra/cluster/start.sh started for this CLUSTER_PORT / CLUSTER_DIR: the proxy, the API instances and
# projection workers (by the pids it recorded), then Kafka and a throwaway PostgreSQL if it started them. The database
# and the data directory stay (a next start finds the shop as it was); `--wipe` removes the cluster directory too.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
port=${CLUSTER_PORT:-8080}
dir=${CLUSTER_DIR:-$root/.cluster/$port}
wipe=0
for arg in "$@"; do
  case "$arg" in
    --wipe) wipe=1 ;;
    *) echo "unknown argument: $arg (only --wipe)" >&2; exit 2 ;;
  esac
done
say() { echo "[cluster] $*" >&2; }
target() { if [[ $1 == haproxy ]]; then echo "$2"; else echo "-$2"; fi; } # API instances and workers: their group
alive() { kill -0 -- "$(target "$1" "$2")" 2>/dev/null; }

if [[ -f "$dir/pids" ]]; then
  # the proxy first (no new requests), then the instances and workers
  # API instances and workers run in sessions of their own (pid = group id): the group gets the signal
  tac "$dir/pids" | while read -r name pid; do kill -- "$(target "$name" "$pid")" 2>/dev/null || true; done
  for _ in $(seq 1 40); do
    alive=0
    while read -r name pid; do alive "$name" "$pid" && alive=1; done < "$dir/pids"
    [[ $alive == 0 ]] && break
    sleep 0.25
  done
  while read -r name pid; do
    if alive "$name" "$pid"; then say "$name (pid $pid) ignored SIGTERM: killing"; kill -9 -- "$(target "$name" "$pid")" 2>/dev/null || true; fi
  done < "$dir/pids"
  rm -f "$dir/pids" "$dir/haproxy.pid"
  say "proxy, API instances and workers stopped"
else
  say "no cluster recorded in $dir"
fi

if [[ -f "$dir/started" ]] && grep -qx kafka "$dir/started"; then
  if [[ -f "$dir/kafka-nodes" ]]; then
    read -r kafka_port kafka_nodes < "$dir/kafka-nodes"
    KAFKA_PORT=$kafka_port KAFKA_NODES=$kafka_nodes bash "$root/infra/kafka/kafka-nodes.sh" stop || true
  elif [[ -f "$dir/kafka-port" ]]; then # a cluster started before kafka-nodes.sh
    KAFKA_PORT=$(cat "$dir/kafka-port") bash "$root/infra/kafka/stop-kafka.sh" || true
  fi
fi
if [[ -f "$dir/started" ]] && grep -qx postgres "$dir/started"; then
  PG_THROWAWAY_STATE="$dir/postgres.state" bash "$root/infra/postgres/start-throwaway-postgres.sh" stop || true
fi
rm -f "$dir/started"
if [[ $wipe == 1 ]]; then rm -rf "$dir"; say "removed $dir"; fi
