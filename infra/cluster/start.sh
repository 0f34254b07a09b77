#!/usr/bin/env bash
# A local production-shaped cluster without Docker (issue 14): PostgreSQL, Kafka, N API instances that run no
# projections (PROJECTIONS=external), M projection workers, and HAProxy in front of the instances on one port
# (round robin, websocket upgrade, health checks on /api/health/live, a refused connection, or a read whose instance died before answering, tried on another instance).
#
#   infra/cluster/start.sh          last stdout line: the proxy's URL, e.g. http://127.0.0.1:8080
#   infra/cluster/restart.sh [apiN] restarts the API instances one at a time behind the proxy (rolling), or one
#   infra/cluster/stop.sh           stops what this started (same CLUSTER_PORT / CLUSTER_DIR)
#
# Shape, from the environment:
#   CLUSTER_API_INSTANCES  API processes (default 2), on CLUSTER_PORT+1 .. CLUSTER_PORT+N
#   CLUSTER_WORKERS        projection workers (default 1)
#   CLUSTER_PORT           the proxy's port (default 8080)
#   DATABASE_URL           the PostgreSQL database; without it: database jishi_cluster_<port> on the machine's server at
#                          127.0.0.1:5432 when one runs, else a throwaway server (infra/postgres)
#   KAFKA_BROKERS          brokers to use; without them CLUSTER_KAFKA_BROKERS (default 3) KRaft brokers are started with
#                          infra/kafka/kafka-nodes.sh from CLUSTER_KAFKA_PORT (default CLUSTER_PORT+90; node i on that
#                          port + 2(i-1), its controller on the port after): replication factor 3 (or every node when
#                          fewer), min.insync.replicas 2; the forwarder's producer is idempotent with acks=all
#   CLUSTER_DIR            pids, logs, haproxy.cfg and the shared data directory (default .cluster/<port> in the repo)
#   OPS_TOKEN              the instances' ops token (default: one made at first start, kept in CLUSTER_DIR/ops-token)
# Anything else in the environment (LOG_LEVEL, SEED_DEMO, DEMO_MERCHANT_*, ...) reaches every instance and worker.
# Needs haproxy (Debian: apt-get install -y haproxy). Every process is started by this script and stopped by pid.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
port=${CLUSTER_PORT:-8080}
instances=${CLUSTER_API_INSTANCES:-2}
workers=${CLUSTER_WORKERS:-1}
dir=${CLUSTER_DIR:-$root/.cluster/$port}
tsx="$root/node_modules/.bin/tsx"
cd "$root"

. "$root/infra/cluster/lib.sh"

command -v haproxy >/dev/null || fail "haproxy is not installed (Debian: apt-get install -y haproxy)"
[[ -x "$tsx" ]] || fail "node_modules is missing: run npm install first"
[[ "$instances" =~ ^[1-9][0-9]*$ ]] || fail "CLUSTER_API_INSTANCES must be a positive number"
[[ "$workers" =~ ^[1-9][0-9]*$ ]] || fail "CLUSTER_WORKERS must be a positive number"
if [[ -f "$dir/pids" ]]; then fail "a cluster already runs from $dir (infra/cluster/stop.sh first)"; fi
mkdir -p "$dir/logs" "$dir/data"
: > "$dir/pids"
: > "$dir/started"

# --- PostgreSQL -------------------------------------------------------------------------------------------------
if [[ -z "${DATABASE_URL:-}" ]]; then
  if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    admin="postgres://postgres@127.0.0.1:5432/postgres"
  else
    export PG_THROWAWAY_STATE="$dir/postgres.state"
    admin=$(bash "$root/infra/postgres/start-throwaway-postgres.sh" start | tail -1)
    echo postgres >> "$dir/started"
  fi
  db="jishi_cluster_$port"
  psql "$admin" -qtAc "select 1 from pg_database where datname = '$db'" | grep -q 1 || psql "$admin" -qc "create database $db"
  DATABASE_URL="${admin%/*}/$db"
fi
export DATABASE_URL
say "PostgreSQL: $DATABASE_URL"

# --- Kafka ------------------------------------------------------------------------------------------------------
if [[ -z "${KAFKA_BROKERS:-}" ]]; then
  kafka_port=${CLUSTER_KAFKA_PORT:-$((port + 90))}
  kafka_nodes=${CLUSTER_KAFKA_BROKERS:-3}
  [[ "$kafka_nodes" =~ ^[1-9][0-9]*$ ]] || fail "CLUSTER_KAFKA_BROKERS must be a positive number"
  echo "$kafka_port $kafka_nodes" > "$dir/kafka-nodes"
  KAFKA_BROKERS=$(KAFKA_PORT=$kafka_port KAFKA_NODES=$kafka_nodes bash "$root/infra/kafka/kafka-nodes.sh" start | sed -n 's/^KAFKA_BROKERS=//p')
  [[ -n "$KAFKA_BROKERS" ]] || fail "Kafka did not start"
  echo kafka >> "$dir/started"
fi
export KAFKA_BROKERS
say "Kafka: $KAFKA_BROKERS"

# --- the processes ----------------------------------------------------------------------------------------------
ops_token_file="$dir/ops-token"
if [[ -n "${OPS_TOKEN:-}" ]]; then printf '%s' "$OPS_TOKEN" > "$ops_token_file"; fi
[[ -f "$ops_token_file" ]] || node -e "process.stdout.write(require('crypto').randomBytes(24).toString('hex'))" > "$ops_token_file"
export OPS_TOKEN=$(cat "$ops_token_file")
export PROJECTIONS=external
export DATA_DIR="$dir/data"
export PUBLIC_BASE_URL="http://127.0.0.1:$port"
export TRUST_PROXY=127.0.0.1   # the proxy's X-Forwarded-For names the shopper (per-client SMS limits)
# on SIGTERM an instance answers its health check 503 for this long (still serving, closing each connection) so the
# proxy (checks 1 s apart, out after 2 failures) stops sending it requests before it stops listening
export SHUTDOWN_DRAIN_MS=${SHUTDOWN_DRAIN_MS:-3000}
# what restart.sh needs to start an instance again exactly as this did
declare -p DATABASE_URL KAFKA_BROKERS OPS_TOKEN PROJECTIONS DATA_DIR PUBLIC_BASE_URL TRUST_PROXY SHUTDOWN_DRAIN_MS | sed 's/^declare -x/export/' > "$dir/env"
node "$root/infra/scripts/build-web-if-stale.mjs" >&2

# the first instance alone: it migrates the schema and seeds the demo catalogue the others then find
for i in $(seq 1 "$instances"); do
  launch_api "$i"
  if [[ $i == 1 ]]; then wait_api 1; fi
done
for i in $(seq 1 "$instances"); do wait_api "$i"; done
for j in $(seq 1 "$workers"); do launch_worker "$j"; done
say "$instances API instance(s) on ports $((port + 1))-$((port + instances)), $workers projection worker(s)"

# --- the proxy --------------------------------------------------------------------------------------------------
{
  cat <<EOF
global
  maxconn 4096
  pidfile $dir/haproxy.pid

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-request 10s
  # a connection an instance refused (it is restarting) is tried on another; so is a read (GET/HEAD) whose instance
  # died before answering it (empty-response: without it HAProxy closes the shopper's connection without an answer);
  # a write that reached an instance is never replayed here (the backend below turns L7 retries off for it)
  retries 3
  retry-on conn-failure empty-response
  option redispatch 1
  option forwardfor
  # a new connection to the instance per request: a write is never sent on an idle keep-alive connection that the
  # instance is closing as it stops (CI saw that race answer a PUT 502 in a rolling restart); a refused connection
  # (the instance stopped listening) is tried on another instance before anything was sent
  option http-server-close

frontend storefront
  bind 127.0.0.1:$port
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health/live
  http-check expect status 200
  http-request disable-l7-retry unless { method GET HEAD }
EOF
  for i in $(seq 1 "$instances"); do echo "  server api$i 127.0.0.1:$((port + i)) check inter 1s fall 2 rise 1"; done
} > "$dir/haproxy.cfg"
haproxy -c -q -f "$dir/haproxy.cfg" || fail "haproxy refused $dir/haproxy.cfg"
haproxy -D -f "$dir/haproxy.cfg" > "$dir/logs/haproxy.log" 2>&1 < /dev/null
for _ in $(seq 1 40); do [[ -s "$dir/haproxy.pid" ]] && break; sleep 0.25; done
echo "haproxy $(cat "$dir/haproxy.pid")" >> "$dir/pids"
wait_http "http://127.0.0.1:$port/api/health/live" "the proxy" haproxy
# the URL is printed once the cluster answers as a shopper needs it: every instance ready (read models caught up with
# the seed, the feed and the workers up), not merely listening (issue 30: 8 s of 503 followed the URL before)
for i in $(seq 1 "$instances"); do wait_http "http://127.0.0.1:$((port + i))/api/health" "API instance $i (ready)" "api$i"; done
wait_http "http://127.0.0.1:$port/api/health" "the cluster (ready)" haproxy
say "ops token in $ops_token_file; logs in $dir/logs; stop with infra/cluster/stop.sh"
echo "http://127.0.0.1:$port"
