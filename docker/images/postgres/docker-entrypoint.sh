#!/bin/bash
# The official postgres image's entrypoint, cut to what Khata uses: first start runs initdb into
# $PGDATA, sets the superuser's password, opens host connections (scram-sha-256, or
# $POSTGRES_HOST_AUTH_METHOD), creates $POSTGRES_DB and runs /docker-entrypoint-initdb.d; then
# the server runs in the foreground with the given arguments, listening on every address.
set -Eeo pipefail

if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi

if [ "$1" = 'postgres' ] && [ "$(id -u)" = '0' ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi

if [ "$1" = 'postgres' ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  POSTGRES_USER="${POSTGRES_USER:-postgres}"
  POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"
  auth="${POSTGRES_HOST_AUTH_METHOD:-}"
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != 'trust' ]; then
    echo 'Error: the database is uninitialized and no superuser password is set:' >&2
    echo '  set POSTGRES_PASSWORD, or POSTGRES_HOST_AUTH_METHOD=trust to allow all connections.' >&2
    exit 1
  fi
  # Unix-socket connections inside the container are trusted; TCP ones (loopback too, which
  # with host networking is the host's) need the password unless the method is trust.
  initdb --username="$POSTGRES_USER" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host="${auth:-scram-sha-256}" \
    --pwfile=<(printf '%s\n' "${POSTGRES_PASSWORD:-}") $POSTGRES_INITDB_ARGS
  printf '\nhost all all all %s\n' "${auth:-scram-sha-256}" >> "$PGDATA/pg_hba.conf"

  # A server on the Unix socket only, for the set-up (it logs "ready to accept connections"
  # once, the real one a second time, as the official image does).
  PGUSER="$POSTGRES_USER" pg_ctl -D "$PGDATA" -w start \
    -o "-c listen_addresses='' -p ${PGPORT:-5432}"
  export PGUSER="$POSTGRES_USER" PGPASSWORD="${POSTGRES_PASSWORD:-}"
  psql=(psql -v ON_ERROR_STOP=1 --no-psqlrc --dbname postgres)
  if [ "$POSTGRES_DB" != 'postgres' ]; then
    echo 'CREATE DATABASE :"db";' | "${psql[@]}" --set db="$POSTGRES_DB"
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) echo "running $f"; . "$f" ;;
      *.sql) echo "running $f"; "${psql[@]}" --dbname "$POSTGRES_DB" -f "$f" ;;
      *) ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  unset PGPASSWORD
  echo 'PostgreSQL init process complete; ready for start up.'
fi

if [ "$1" = 'postgres' ]; then
  shift
  exec postgres -c listen_addresses='*' "$@"
fi
exec "$@"
