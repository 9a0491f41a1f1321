#!/usr/bin/env bash
# A private PostgreSQL server for Roundel's tests and benchmarks (docs/testing.md): Debian's server
# (`postgresql`, installed by `make test`), initdb into a fresh folder, reached only through a unix
# socket in that folder (no TCP), trust authentication, fsync on (the tests check durability) and
# small shared buffers. It runs as the `postgres` user when this runs as root (CI), else as the
# current user.
#
#   scripts/test-postgres.sh start DIR       initdb into DIR/data (DIR new or empty) and start the server;
#                                            prints the `export ROUNDEL_TEST_PG…=…` lines for a shell's eval
#   scripts/test-postgres.sh stop DIR        stop it (fast: sessions ended) and remove DIR; nothing to do if DIR is gone
#   scripts/test-postgres.sh run COMMAND…    COMMAND with a server of its own (a temporary DIR, the variables
#                                            exported), stopped and removed however COMMAND ends (also on
#                                            SIGINT, SIGTERM, SIGHUP: COMMAND is interrupted first). If the server
#                                            cannot start, COMMAND runs without it (its PostgreSQL tests skip),
#                                            unless ROUNDEL_REQUIRE_POSTGRES=1 (.ci/run): then it fails.
#   scripts/test-postgres.sh createdb PREFIX a new empty database on the server the variables name; prints its URI
set -uo pipefail

PORT=5432                   # only names the socket file (.s.PGSQL.5432): each server has a folder of its own
ROLE=roundel                # the superuser initdb makes
MARKER=.roundel-test-postgres  # in DIR: `stop` removes only a folder `start` made

say() { echo "test-postgres: $*" >&2; }
die() { say "$*"; exit 1; }
usage() { die "usage: $0 start DIR | stop DIR | run COMMAND... | createdb PREFIX"; }

# The folder of pg_ctl: Debian's newest major version (/usr/lib/postgresql/<major>/bin), else one on PATH.
server_bin() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")"; do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then echo "$dir"; return 0; fi
    done
    return 1
}

# The OS user the server runs as: postgres for root (PostgreSQL refuses to run as root), else nobody else.
server_user() {
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || { say "running as root, but there is no user postgres to run the server (Debian's postgresql-common makes it)"; return 1; }
        echo postgres
    fi
}

# as_server USER COMMAND...: COMMAND as USER (empty: as this user).
as_server() {
    local user=$1; shift
    if [ -n "$user" ]; then runuser -u "$user" -- "$@"; else "$@"; fi
}

# COMMAND with nothing open but its standard input, output and error: a server outlives the command
# that starts it and would keep whatever the caller had open (a pipe someone waits on to close).
without_inherited_fds() {
    (
        for fd in /proc/$BASHPID/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && exec {fd}>&-; done
        "$@"  # (a function may be given: not exec)
    )
}

# One `export NAME='value'` line (single quotes, so any path survives eval).
emit() { printf "export %s='%s'\n" "$1" "${2//\'/\'\\\'\'}"; }

start() {
    local dir=${1:-}
    [ -n "$dir" ] || usage
    mkdir -p -- "$dir" || die "cannot make $dir"
    dir=$(cd -- "$dir" && pwd -P) || die "cannot enter $dir"
    [ -z "$(ls -A -- "$dir")" ] || die "$dir is not empty: start needs a new or empty folder"
    : > "$dir/$MARKER" || die "cannot write in $dir"
    local socket="$dir/.s.PGSQL.$PORT"
    [ "${#socket}" -le 107 ] || die "$dir is too long a path for the server's socket ($socket: at most 107 bytes)"
    local bin user
    bin=$(server_bin) || die "no PostgreSQL server found (initdb, pg_ctl, postgres in /usr/lib/postgresql/*/bin or on PATH): install Debian's postgresql (make test does)"
    user=$(server_user) || exit 1
    printf 'bin=%s\nuser=%s\n' "$bin" "$user" > "$dir/$MARKER"
    # Anyone on this machine may reach the socket (tests may run a kiosk as another user); the data
    # folder itself is the server user's alone, as initdb requires.
    chmod 755 "$dir"
    if [ -n "$user" ]; then
        chown "$user": "$dir" || die "cannot give $dir to user $user"
        as_server "$user" test -w "$dir" || die "user $user cannot write in $dir (a parent folder closed to it? set TMPDIR)"
    fi
    cd "$dir" || exit 1  # the server user may not be able to read the caller's folder
    # --no-sync: initdb's own files need not reach the disk (the folder is thrown away after the run);
    # the server's commits do (fsync on, below).
    as_server "$user" "$bin/initdb" --pgdata="$dir/data" --username="$ROLE" --auth=trust \
        --encoding=UTF8 --no-locale --no-sync > "$dir/initdb.log" 2>&1 \
        || { tail -20 "$dir/initdb.log" >&2; die "initdb failed (log above, in $dir/initdb.log)"; }
    as_server "$user" tee -a "$dir/data/postgresql.conf" > /dev/null <<EOF

# scripts/test-postgres.sh: a unix socket in this folder only, commits on disk, little memory.
listen_addresses = ''
unix_socket_directories = '${dir//\'/\'\'}'
port = $PORT
fsync = on
synchronous_commit = on
full_page_writes = on
shared_buffers = 16MB
EOF
    without_inherited_fds as_server "$user" "$bin/pg_ctl" start --wait --timeout=60 --silent --pgdata="$dir/data" --log="$dir/server.log" \
        || { tail -20 "$dir/server.log" >&2 2>/dev/null; die "pg_ctl start failed (log above, in $dir/server.log)"; }
    emit ROUNDEL_TEST_PGHOST "$dir"
    emit ROUNDEL_TEST_PGPORT "$PORT"
    emit ROUNDEL_TEST_PGUSER "$ROLE"
    emit ROUNDEL_TEST_PGDATA "$dir/data"
    emit ROUNDEL_TEST_PGBIN "$bin"
    emit ROUNDEL_TEST_PGRUNAS "$user"
}

stop() {
    local dir=${1:-}
    [ -n "$dir" ] || usage
    [ -e "$dir" ] || return 0
    [ -f "$dir/$MARKER" ] || die "$dir was not made by $0 start: leaving it alone"
    local bin user
    bin=$(sed -n 's/^bin=//p' "$dir/$MARKER")
    user=$(sed -n 's/^user=//p' "$dir/$MARKER")
    if [ -d "$dir/data" ] && [ -x "$bin/pg_ctl" ]; then
        cd "$dir" || exit 1
        # status: 0 running, 3 not running (a stale postmaster.pid included), 4 no data folder.
        if as_server "$user" "$bin/pg_ctl" status --pgdata="$dir/data" > /dev/null 2>&1; then
            as_server "$user" "$bin/pg_ctl" stop --wait --timeout=30 --silent --mode=fast --pgdata="$dir/data" \
                || as_server "$user" "$bin/pg_ctl" stop --wait --timeout=30 --silent --mode=immediate --pgdata="$dir/data" \
                || die "the server in $dir/data would not stop: leaving $dir"
        fi
        cd / || exit 1
    fi
    rm -rf -- "$dir"
}

createdb() {
    local prefix=${1:-}
    [ -n "$prefix" ] || usage
    [ -n "${ROUNDEL_TEST_PGHOST:-}" ] || die "ROUNDEL_TEST_PGHOST is not set: no test server (run under $0 run)"
    local name
    name="$(printf '%s' "$prefix" | tr -c 'a-zA-Z0-9_' _ | tr A-Z a-z | cut -c1-30)_$$_$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')"
    "$ROUNDEL_TEST_PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$ROUNDEL_TEST_PGHOST" -p "$ROUNDEL_TEST_PGPORT" \
        -U "$ROUNDEL_TEST_PGUSER" -d postgres -c "CREATE DATABASE \"$name\"" || die "cannot create database $name"
    echo "postgresql:///$name?host=$ROUNDEL_TEST_PGHOST&port=$ROUNDEL_TEST_PGPORT&user=$ROUNDEL_TEST_PGUSER"
}

# Set by the traps of `run`: the signal that arrived, and COMMAND's process. Whichever signal it is,
# COMMAND gets SIGINT: `swift test` passes that on to the test process it runs in a process group of
# its own, while SIGTERM would end `swift test` alone and leave the tests running without a server.
caught=""
child=""
on_signal() {
    caught=$1
    [ -z "$child" ] || kill -s INT "$child" 2>/dev/null
}

run() {
    [ $# -gt 0 ] || usage
    local dir lines status=1 sig i
    dir=$(mktemp -d "${TMPDIR:-/tmp}/roundel-pg.XXXXXX") || die "cannot make a temporary folder in ${TMPDIR:-/tmp}"
    # From here on the server is stopped and the folder removed however this ends. A signal is held
    # until `start` has ended (bash runs a trap only between commands), so the server is never left
    # half started, then passed on to COMMAND.
    trap 'stop "$dir"' EXIT
    for sig in INT TERM HUP; do trap "on_signal $sig" "$sig"; done
    if lines=$(start "$dir"); then
        eval "$lines"
        say "PostgreSQL $(basename "$(dirname "$ROUNDEL_TEST_PGBIN")") on a socket in $dir${ROUNDEL_TEST_PGRUNAS:+ (as $ROUNDEL_TEST_PGRUNAS)}, stopped when '$1' ends"
    elif [ "${ROUNDEL_REQUIRE_POSTGRES:-}" = 1 ]; then
        say "the PostgreSQL server could not be started (above), and ROUNDEL_REQUIRE_POSTGRES=1"
        exit 1
    else
        say "the PostgreSQL server could not be started (above): the PostgreSQL tests will skip"
    fi
    if [ -z "$caught" ]; then
        # COMMAND runs in the background so that a signal reaches this script at once (a foreground
        # child would hold the trap until it ended); --default-signal undoes the SIGINT and SIGQUIT a
        # shell ignores in background commands, so Ctrl-C still reaches COMMAND from the terminal too.
        env --default-signal=INT,QUIT "$@" &
        child=$!
        while [ -z "$caught" ] && kill -0 "$child" 2>/dev/null; do wait "$child"; done
        # After a signal (passed on by on_signal) COMMAND has 30 s to end, then it is killed.
        for ((i = 0; i < 150; i++)); do kill -0 "$child" 2>/dev/null || break; sleep 0.2; done
        kill -s KILL "$child" 2>/dev/null
        wait "$child"; status=$?
    fi
    stop "$dir"
    trap - EXIT
    if [ -n "$caught" ]; then
        say "stopped the server after SIG$caught"
        trap - "$caught"
        kill -s "$caught" $$
    fi
    return "$status"
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
    start) [ $# = 1 ] || usage; start "$1" ;;
    stop) [ $# = 1 ] || usage; stop "$1" ;;
    run) run "$@" ;;
    createdb) [ $# = 1 ] || usage; createdb "$1" ;;
    *) usage ;;
esac
