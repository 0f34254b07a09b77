#!/usr/bin/env bash
# A Kafka cluster as production runs one (issue 30): KAFKA_NODES KRaft nodes on this machine, each a broker and a
# controller started by start-kafka.sh, topics, consumer offsets and transaction state replicated 3 times (or on every
# node when fewer) with min.insync.replicas 2, so an acks=all write survives one broker lost. Node i listens on
# KAFKA_PORT + 2(i-1) and its controller on the port after; every node is formatted with one cluster id, kept in
# KAFKA_HOME beside the nodes' data (a restart keeps the cluster).
#
#   infra/kafka/kafka-nodes.sh start            every node, side by side (a quorum elects once a majority is up);
#                                               last line KAFKA_BROKERS=127.0.0.1:9092,127.0.0.1:9094,127.0.0.1:9096
#   infra/kafka/kafka-nodes.sh start-node <i>   node i again, its data kept (after a crash or a stop-node)
#   infra/kafka/kafka-nodes.sh stop-node <i>    node i alone
#   infra/kafka/kafka-nodes.sh stop             every node
#
# Environment: KAFKA_NODES (3), KAFKA_PORT (the first node's broker port, 9092), KAFKA_HOME, KAFKA_HEAP_OPTS,
# KAFKA_START_TIMEOUT, KAFKA_FRESH (1: wipe the nodes' data and the cluster id first).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
nodes=${KAFKA_NODES:-3}
base=${KAFKA_PORT:-9092}
home=${KAFKA_HOME:-$HOME/.cache/jishi-kafka}
[[ "$nodes" =~ ^[1-9][0-9]*$ ]] || { echo "KAFKA_NODES must be a positive number" >&2; exit 2; }
broker_port() { echo $((base + 2 * ($1 - 1))); }
controller_port() { echo $((base + 2 * ($1 - 1) + 1)); }
voters=$(for i in $(seq 1 "$nodes"); do printf '%s%s@127.0.0.1:%s' "$([[ $i == 1 ]] || echo ,)" "$i" "$(controller_port "$i")"; done)
replication=$(( nodes < 3 ? nodes : 3 ))
id_file="$home/kafka-nodes-$base.cluster-id"
brokers=$(for i in $(seq 1 "$nodes"); do printf '%s127.0.0.1:%s' "$([[ $i == 1 ]] || echo ,)" "$(broker_port "$i")"; done)

run_node() {
  local action=$1 i=$2
  [[ "$i" =~ ^[1-9][0-9]*$ ]] && (( i <= nodes )) || { echo "no node $i (KAFKA_NODES=$nodes)" >&2; return 2; }
  KAFKA_HOME=$home KAFKA_NODE_ID=$i KAFKA_PORT=$(broker_port "$i") KAFKA_CONTROLLER_PORT=$(controller_port "$i") \
    KAFKA_QUORUM_VOTERS=$voters KAFKA_REPLICATION_FACTOR=$replication KAFKA_CLUSTER_ID=$(cat "$id_file") \
    bash "$here/$action-kafka.sh" > /dev/null
}

start_all() {
  mkdir -p "$home"
  if [[ "${KAFKA_FRESH:-0}" == 1 ]]; then
    for i in $(seq 1 "$nodes"); do rm -rf "$home/run-$(broker_port "$i")"; done
    rm -f "$id_file"
  fi
  bash "$here/start-kafka.sh" --resolve-only
  # a Kafka cluster id is a UUID's 16 bytes in base64url without padding
  [[ -s "$id_file" ]] || node -e "process.stdout.write(require('crypto').randomBytes(16).toString('base64url'))" > "$id_file"
  local pids=() failed=0
  for i in $(seq 1 "$nodes"); do run_node start "$i" & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  if [[ $failed == 1 ]]; then
    echo "a Kafka node did not start: stopping the others (logs in $home/run-<port>)" >&2
    stop_all
    exit 1
  fi
  echo "kafka: $nodes node(s), replication factor $replication, cluster $(cat "$id_file")" >&2
  echo "KAFKA_BROKERS=$brokers"
}

stop_all() {
  local pids=()
  for i in $(seq 1 "$nodes"); do KAFKA_HOME=$home KAFKA_PORT=$(broker_port "$i") bash "$here/stop-kafka.sh" 2>/dev/null & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid" || true; done
  echo "kafka: $nodes node(s) stopped" >&2
}

case "${1:-}" in
  start) start_all ;;
  start-node) run_node start "${2:-}" ; echo "kafka node ${2} started on 127.0.0.1:$(broker_port "$2")" >&2 ;;
  stop-node) KAFKA_HOME=$home KAFKA_PORT=$(broker_port "${2:-1}") bash "$here/stop-kafka.sh" ;;
  stop) stop_all ;;
  *) echo "usage: $0 start | start-node <i> | stop-node <i> | stop" >&2; exit 2 ;;
esac
