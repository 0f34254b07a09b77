# Shared by infra/cluster/start.sh and restart.sh (sourced): logging, starting a process in a session of its own,
# waiting for an HTTP answer. Expects $root, $dir (the cluster directory), $port (the proxy's) and $tsx.
say() { echo "[cluster] $*" >&2; }
fail() { say "$*"; exit 1; }

# name, then the command: started in a session of its own whose id (= its pid) replaces the name's line in $dir/pids,
# so stop.sh, restart.sh and the fault tests signal the whole group, tsx and the node process it runs alike
launch() {
  local name=$1; shift
  sed -i "/^$name /d" "$dir/pids"
  setsid bash -c 'echo "$0 $$" >> "$1/pids"; shift 2; exec "$@"' "$name" "$dir" _ "$@" >> "$dir/logs/$name.log" 2>&1 < /dev/null &
  for _ in $(seq 1 40); do grep -q "^$name " "$dir/pids" && return 0; sleep 0.05; done
  fail "$name did not start"
}
pid_of() { awk -v n="$1" '$1 == n { print $2 }' "$dir/pids"; }

# url, what, pid-name: waits (120 s at most) for a 2xx answer; fails early when the process has exited
wait_http() {
  local url=$1 what=$2 name=$3 pid
  pid=$(pid_of "$name")
  for _ in $(seq 1 240); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then tail -20 "$dir/logs/$name.log" >&2; fail "$what exited"; fi
    sleep 0.5
  done
  tail -20 "$dir/logs/$name.log" >&2
  fail "$what did not answer $url within 120 s"
}

launch_api() { PORT=$((port + $1)) launch "api$1" "$tsx" services/main.ts; }
wait_api() { wait_http "http://127.0.0.1:$((port + $1))/api/health/live" "API instance $1" "api$1"; }
launch_worker() { launch "worker$1" "$tsx" services/projections-worker.ts; }
