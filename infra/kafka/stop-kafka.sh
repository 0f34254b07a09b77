#!/usr/bin/env bash
# Stops the broker that start-kafka.sh started, by the pid it wrote (same KAFKA_HOME / KAFKA_PORT).
set -euo pipefail
home=${KAFKA_HOME:-$HOME/.cache/jishi-kafka}
port=${KAFKA_PORT:-9092}
pidfile="$home/kafka-$port.pid"

if [[ ! -f "$pidfile" ]]; then echo "no kafka pid file at $pidfile: not running" >&2; exit 0; fi
pid=$(cat "$pidfile")
if kill -0 "$pid" 2>/dev/null; then
  kill "$pid"
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  if kill -0 "$pid" 2>/dev/null; then echo "kafka (pid $pid) ignored SIGTERM for 30s: killing" >&2; kill -9 "$pid"; fi
fi
rm -f "$pidfile"
echo "kafka stopped (pid $pid)" >&2
