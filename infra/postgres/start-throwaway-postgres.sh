#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for machines without a running server (no Docker): initdb into a temp dir
# with Debian's /usr/lib/postgresql/<version>/bin, start it on a free port, print the URL (last stdout line).
#
#   url=$(infra/postgres/start-throwaway-postgres.sh start | tail -1)    e.g. postgres://postgres@127.0.0.1:40123/postgres
#   infra/postgres/start-throwaway-postgres.sh stop                      stops it by pid and removes its dir
#   infra/postgres/start-throwaway-postgres.sh down                      stops the server, keeps its data (fault tests)
#   infra/postgres/start-throwaway-postgres.sh up                        starts it again on the same dir and port
#   infra/postgres/start-throwaway-postgres.sh crash                     stops it as a crash would (immediate: no
#                                                                        checkpoint; the next `up` runs crash recovery)
#
# The pid and dir are kept in $PG_THROWAWAY_STATE (default /tmp/jishi-throwaway-postgres.state), so `stop` needs
# no argument. PG_PORT picks the port. As root the cluster runs as the `postgres` system user.
set -euo pipefail

state=${PG_THROWAWAY_STATE:-/tmp/jishi-throwaway-postgres.state}

find_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x "$dir/initdb" ]]; then echo "$dir"; return 0; fi
  done
  echo "no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)" >&2
  return 1
}
free_port() {
  if command -v python3 >/dev/null; then
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
    return
  fi
  local p
  for p in $(seq 54330 54430); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "no free port in 54330-54430" >&2
  return 1
}
as_owner() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }

stop() {
  if [[ ! -f "$state" ]]; then echo "no throwaway postgres recorded in $state" >&2; return 0; fi
  local pid dir port
  read -r pid dir port < "$state"
  if kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" # fast shutdown: disconnect clients, no checkpoint wait worth keeping
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; fi
  fi
  [[ "$dir" == */jishi-pg-* ]] && rm -rf "$dir"
  rm -f "$state"
  echo "throwaway postgres stopped (pid $pid)" >&2
}

run_server() {
  local bin=$1 dir=$2 port=$3
  # durability off: this cluster is thrown away, and tests run faster without fsync
  as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 -o \
    "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
  echo "$(head -n 1 "$dir/postmaster.pid") $dir $port" > "$state"
}

# down/up: the server goes away and comes back with its data, as in a restart or failover (tests/fault, process tests)
down() {
  local pid dir port
  read -r pid dir port < "$state"
  as_owner "$(find_bin)/pg_ctl" -D "$dir" -m fast -w -t 60 stop >/dev/null
  echo "throwaway postgres down (was pid $pid, dir $dir kept)" >&2
}
crash() {
  local pid dir port
  read -r pid dir port < "$state"
  as_owner "$(find_bin)/pg_ctl" -D "$dir" -m immediate -w -t 60 stop >/dev/null
  echo "throwaway postgres crashed (was pid $pid, dir $dir kept)" >&2
}
up() {
  local pid dir port
  read -r pid dir port < "$state"
  [[ -n "$port" ]] || { echo "no port recorded in $state" >&2; return 1; }
  run_server "$(find_bin)" "$dir" "$port"
  echo "throwaway postgres up again on 127.0.0.1:$port (pid $(head -n 1 "$dir/postmaster.pid"))" >&2
}

start() {
  if [[ -f "$state" ]] && kill -0 "$(cut -d' ' -f1 "$state")" 2>/dev/null; then
    echo "a throwaway postgres is already running ($state): stop it first" >&2
    return 1
  fi
  local bin port dir user
  bin=$(find_bin)
  port=${PG_PORT:-$(free_port)}
  dir=$(mktemp -d "${TMPDIR:-/tmp}/jishi-pg-XXXXXX")
  chmod 700 "$dir"
  if [[ $(id -u) -eq 0 ]]; then chown postgres:postgres "$dir"; user=postgres; else user=$(id -un); fi

  as_owner "$bin/initdb" -D "$dir" -U "$user" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  run_server "$bin" "$dir" "$port"
  echo "postgres $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (pid $(head -n 1 "$dir/postmaster.pid"), dir $dir)" >&2
  echo "postgres://$user@127.0.0.1:$port/postgres"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  down) down ;;
  up) up ;;
  crash) crash ;;
  *) echo "usage: $0 [start|stop|down|up|crash]" >&2; exit 2 ;;
esac
