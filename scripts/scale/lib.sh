# Helpers for scripts/scale.sh, sourced. Each starts something on 127.0.0.1 only and records how to
# stop it in SCALE_CLEANUP (run by scale_cleanup, which scale.sh calls from its EXIT trap).
# Needs: SCALE_WORK (a temporary directory), bash >= 4.

SCALE_CLEANUP=()
PG_READY_SECONDS=30
HAPROXY_READY_SECONDS=10

scale_log() { printf '::: scale: %s\n' "$*" >&2; }
scale_die() { printf 'scale: %s\n' "$*" >&2; exit 1; }

scale_cleanup() {
  local i
  # Last started, first stopped.
  for (( i=${#SCALE_CLEANUP[@]}-1; i>=0; i-- )); do eval "${SCALE_CLEANUP[$i]}" >/dev/null 2>&1 || true; done
  SCALE_CLEANUP=()
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"
  else scale_die "need root (or sudo) to run: $*"
  fi
}

# pg_bindir: where initdb and pg_ctl are (Debian keeps them out of PATH).
pg_bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

# ensure_packages WITH_HAPROXY: installs Debian's postgresql (and haproxy) when missing; runs
# apt-get update only when the install fails without it (a fresh machine has no package lists).
ensure_packages() {
  local wanted=()
  pg_bindir >/dev/null || wanted+=(postgresql)
  [ "$1" = 1 ] && ! command -v haproxy >/dev/null 2>&1 && wanted+=(haproxy)
  [ ${#wanted[@]} = 0 ] && return 0
  scale_log "installing ${wanted[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  if ! as_root apt-get install -y -q --no-install-recommends "${wanted[@]}" >/dev/null 2>&1; then
    as_root apt-get update -q >/dev/null || scale_die "apt-get update failed"
    as_root apt-get install -y -q --no-install-recommends "${wanted[@]}" >/dev/null ||
      scale_die "apt-get install ${wanted[*]} failed"
  fi
  # Debian starts a cluster of its own on 5432; this script runs its own and needs nothing else.
  pg_bindir >/dev/null || scale_die "postgresql installed, but initdb is not found under /usr/lib/postgresql"
}

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# start_postgres: initdb in a temporary directory and pg_ctl start, as a non-root user (PostgreSQL
# refuses to run as root): `postgres` when this runs as root, else the current user. Sets PG_URL.
start_postgres() {
  local bin port data run_as=() user
  bin=$(pg_bindir) || scale_die "PostgreSQL's initdb not found"
  port=$(free_port)
  data="$SCALE_WORK/pg"
  mkdir -p "$data"
  if [ "$(id -u)" = 0 ]; then
    user=postgres
    id -u "$user" >/dev/null 2>&1 || user=nobody
    chown -R "$user" "$SCALE_WORK"
    chmod 755 "$SCALE_WORK"
    run_as=(runuser -u "$user" --)
  else
    user=$(id -un)
  fi
  scale_log "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') as $user on 127.0.0.1:$port, data in $data"
  "${run_as[@]}" "$bin/initdb" -D "$data/db" -U scale --auth=trust -E UTF8 --locale=C.UTF-8 >"$SCALE_WORK/initdb.log" 2>&1 ||
    { cat "$SCALE_WORK/initdb.log" >&2; scale_die "initdb failed"; }
  SCALE_CLEANUP+=("${run_as[*]} '$bin/pg_ctl' -D '$data/db' -m immediate stop")
  # Sized for a few hundred pooled connections; the socket stays in the data directory.
  "${run_as[@]}" "$bin/pg_ctl" -D "$data/db" -l "$SCALE_WORK/postgres.log" -w -t "$PG_READY_SECONDS" \
    -o "-h 127.0.0.1 -p $port -k $data -c max_connections=400 -c shared_buffers=256MB" start >/dev/null ||
    { tail -n 20 "$SCALE_WORK/postgres.log" >&2; scale_die "PostgreSQL did not start"; }
  "$bin/createdb" -h 127.0.0.1 -p "$port" -U scale mastra || scale_die "createdb failed"
  PG_URL="postgres://scale@127.0.0.1:$port/mastra"
  export PG_URL
}

# start_haproxy PORT SERVER_PORT...: round robin over the instances, no stickiness, 127.0.0.1 only.
# A health check takes a killed instance out within seconds; a request whose connection is refused
# is sent to another instance (retry-on conn-failure + redispatch); nothing else is retried.
start_haproxy() {
  local port=$1; shift
  local cfg="$SCALE_WORK/haproxy.cfg" i=0 server_port maxconn
  # Each connection takes two descriptors (client and server side): stay within this shell's limit.
  maxconn=$(( ($(ulimit -n) - 100) / 2 ))
  [ "$maxconn" -gt 10000 ] && maxconn=10000
  {
    echo "global"
    echo "  maxconn $maxconn"
    echo "defaults"
    echo "  mode http"
    echo "  timeout connect 2s"
    echo "  timeout check 10s"
    echo "  timeout client 120s"
    echo "  timeout server 120s"
    echo "  retries 3"
    echo "  retry-on conn-failure empty-response"
    echo "  option redispatch 1"
    echo "frontend scale"
    echo "  bind 127.0.0.1:$port"
    echo "  default_backend instances"
    echo "backend instances"
    echo "  balance roundrobin"
    echo "  option httpchk GET /api/agents"
    for server_port in "$@"; do
      i=$((i + 1))
      # Down after three failed checks two seconds apart: a killed instance (connection refused)
      # leaves within ~6 s and is skipped before that by retry-on conn-failure, while one that is
      # only slow under load (its check answered late) stays in.
      echo "  server i$i 127.0.0.1:$server_port check inter 2s fall 3 rise 1"
    done
  } >"$cfg"
  haproxy -c -q -f "$cfg" || scale_die "haproxy refused its configuration ($cfg)"
  haproxy -f "$cfg" -p "$SCALE_WORK/haproxy.pid" >"$SCALE_WORK/haproxy.log" 2>&1 &
  local pid=$!
  SCALE_CLEANUP+=("kill $pid")
  local waited=0
  until (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    waited=$((waited + 1))
    [ $waited -gt $((HAPROXY_READY_SECONDS * 10)) ] && scale_die "haproxy did not listen on $port"
    kill -0 $pid 2>/dev/null || { cat "$SCALE_WORK/haproxy.log" >&2; scale_die "haproxy exited"; }
    sleep 0.1
  done
  scale_log "HAProxy $(haproxy -v | head -n 1 | awk '{print $3}') on 127.0.0.1:$port, round robin over $*"
}
