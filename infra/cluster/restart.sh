#!/usr/bin/env bash
# Restarts API instances of the cluster infra/cluster/start.sh started (same CLUSTER_PORT / CLUSTER_DIR), one at a time:
# SIGTERM (the instance first answers its health check 503 for SHUTDOWN_DRAIN_MS while still serving, so HAProxy takes
# it out of rotation; then it stops listening and finishes what it is answering), wait for it to exit, start it again
# with the environment start.sh recorded, wait until it answers and until HAProxy's next check has put it back, then
# the next. HAProxy sends new requests to the others meanwhile and tries a refused connection on another instance, so
# a rolling restart loses no request.
#
#   infra/cluster/restart.sh            every API instance, in turn
#   infra/cluster/restart.sh api2       just that one (also starts an instance that was killed)
#   infra/cluster/restart.sh worker1    a projection worker (it resumes from its checkpoints)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
port=${CLUSTER_PORT:-8080}
dir=${CLUSTER_DIR:-$root/.cluster/$port}
tsx="$root/node_modules/.bin/tsx"
cd "$root"
. "$root/infra/cluster/lib.sh"
[[ -f "$dir/env" && -f "$dir/pids" ]] || fail "no cluster runs from $dir (infra/cluster/start.sh)"
. "$dir/env"

names=("$@")
if [[ ${#names[@]} == 0 ]]; then mapfile -t names < <(awk '$1 ~ /^api[0-9]+$/ { print $1 }' "$dir/pids" | sort -V); fi
stop_group() { # name: SIGTERM to its group, SIGKILL after 30 s
  local name=$1 pid
  pid=$(pid_of "$name")
  [[ -n "$pid" ]] && kill -0 -- "-$pid" 2>/dev/null || return 0
  kill -TERM -- "-$pid" 2>/dev/null || true
  for _ in $(seq 1 120); do kill -0 -- "-$pid" 2>/dev/null || return 0; sleep 0.25; done
  say "$name (pid $pid) ignored SIGTERM for 30 s: killing"
  kill -9 -- "-$pid" 2>/dev/null || true
}
for name in "${names[@]}"; do
  if [[ $name =~ ^api([0-9]+)$ ]]; then
    stop_group "$name"; launch_api "${BASH_REMATCH[1]}"; wait_api "${BASH_REMATCH[1]}"
    sleep 2 # HAProxy checks every second and takes it back after one good answer: in rotation before the next stops
  elif [[ $name =~ ^worker([0-9]+)$ ]]; then
    stop_group "$name"; launch_worker "${BASH_REMATCH[1]}"
  else
    fail "not an API instance or worker: $name"
  fi
  say "$name restarted (pid $(pid_of "$name"))"
done
