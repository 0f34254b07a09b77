#!/usr/bin/env bash
# Starts a real single-node Apache Kafka broker (KRaft: broker + controller in one JVM) without Docker.
# The pinned broker comes from Maven Central through Maven (pom.xml beside this script) into ~/.m2, and its
# runtime classpath is copied into a lib dir outside git. Storage is formatted once (random cluster id) and kept
# between starts, like a real broker's: a restart must not lose the topics consumers have offsets in. `--fresh`
# (or KAFKA_FRESH=1) wipes it first and formats a new cluster.
#
#   infra/kafka/start-kafka.sh [--fresh]   prints KAFKA_BROKERS=127.0.0.1:9092 once the broker serves
#   infra/kafka/stop-kafka.sh
#
# Environment: KAFKA_HOME (lib, data, logs, pid; default ~/.cache/jishi-kafka), KAFKA_PORT (9092),
# KAFKA_CONTROLLER_PORT (default KAFKA_PORT + 1), KAFKA_HEAP_OPTS (-Xms256m -Xmx512m),
# KAFKA_START_TIMEOUT seconds (90), KAFKA_FRESH (1 = as --fresh).
# One node of a several-broker KRaft cluster (infra/kafka/kafka-nodes.sh sets these): KAFKA_NODE_ID (1),
# KAFKA_QUORUM_VOTERS (id@host:controllerPort,...; default this node alone), KAFKA_CLUSTER_ID (the id every node is
# formatted with), KAFKA_REPLICATION_FACTOR (1: topics, consumer offsets and transaction state replicated this many
# times) and KAFKA_MIN_INSYNC_REPLICAS (2 when replicated, else 1: an acks=all write needs that many copies).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
home=${KAFKA_HOME:-$HOME/.cache/jishi-kafka}
port=${KAFKA_PORT:-9092}
controller_port=${KAFKA_CONTROLLER_PORT:-$((port + 1))}
fresh=${KAFKA_FRESH:-0}
resolve_only=0
for arg in "$@"; do
  case "$arg" in
    --fresh) fresh=1 ;;
    --resolve-only) resolve_only=1 ;; # the jars only (kafka-nodes.sh, before starting its nodes side by side)
    *) echo "unknown argument: $arg (--fresh or --resolve-only)" >&2; exit 2 ;;
  esac
done
heap=${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}
node_id=${KAFKA_NODE_ID:-1}
voters=${KAFKA_QUORUM_VOTERS:-$node_id@127.0.0.1:$controller_port}
replication=${KAFKA_REPLICATION_FACTOR:-1}
if (( replication > 1 )); then min_isr=${KAFKA_MIN_INSYNC_REPLICAS:-2}; else min_isr=${KAFKA_MIN_INSYNC_REPLICAS:-1}; fi
timeout=${KAFKA_START_TIMEOUT:-90}
version=$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")
lib="$home/lib-$version"
run="$home/run-$port"
pidfile="$home/kafka-$port.pid"

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

mkdir -p "$home"
if [[ "$resolve_only" == 1 ]]; then
  if [[ ! -f "$lib/.complete" ]]; then
    rm -rf "$lib"
    mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$lib" >&2
    touch "$lib/.complete"
  fi
  exit 0
fi
if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
  echo "kafka already running (pid $(cat "$pidfile"))" >&2
  echo "KAFKA_BROKERS=127.0.0.1:$port"
  exit 0
fi
for p in "$port" "$controller_port"; do
  if port_open "$p"; then echo "port $p is already in use: set KAFKA_PORT / KAFKA_CONTROLLER_PORT" >&2; exit 1; fi
done

if [[ ! -f "$lib/.complete" ]]; then
  echo "resolving Apache Kafka $version from Maven Central into $lib" >&2
  rm -rf "$lib"
  mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$lib" >&2
  touch "$lib/.complete"
fi
classpath="$lib/*"

if [[ "$fresh" == 1 ]]; then rm -rf "$run"; fi
mkdir -p "$run/data"
cat > "$run/server.properties" <<PROPS
process.roles=broker,controller
node.id=$node_id
controller.quorum.voters=$voters
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$run/data
num.partitions=3
auto.create.topics.enable=true
default.replication.factor=$replication
min.insync.replicas=$min_isr
offsets.topic.replication.factor=$replication
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=$replication
transaction.state.log.min.isr=$min_isr
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=2
background.threads=2
log.retention.hours=24
PROPS
cat > "$run/log4j.properties" <<PROPS
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$run/server.log
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
PROPS

java_opts=(-Dlog4j.configuration="file:$run/log4j.properties" -cp "$classpath")
if [[ -f "$run/data/meta.properties" ]]; then
  cluster_id=$(sed -n 's/^cluster.id=//p' "$run/data/meta.properties")
else
  cluster_id=${KAFKA_CLUSTER_ID:-$(java "${java_opts[@]}" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)}
  java "${java_opts[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$run/server.properties" >&2
fi

# shellcheck disable=SC2086 # heap options are a word list on purpose
nohup java $heap -XX:+UseG1GC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true "${java_opts[@]}" \
  kafka.Kafka "$run/server.properties" > "$run/stdout.log" 2>&1 &
echo $! > "$pidfile"
pid=$(cat "$pidfile")

deadline=$((SECONDS + timeout))
until port_open "$port" && grep -q 'Kafka Server started' "$run/server.log" 2>/dev/null; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "kafka exited during start; last lines of $run:" >&2
    tail -n 30 "$run/stdout.log" "$run/server.log" >&2 2>/dev/null || true
    rm -f "$pidfile"
    exit 1
  fi
  if (( SECONDS >= deadline )); then
    echo "kafka did not start within ${timeout}s (pid $pid, logs in $run)" >&2
    kill "$pid" 2>/dev/null || true
    rm -f "$pidfile"
    exit 1
  fi
  sleep 0.5
done
echo "kafka $version started (pid $pid, cluster $cluster_id, logs in $run)" >&2
echo "KAFKA_BROKERS=127.0.0.1:$port"
