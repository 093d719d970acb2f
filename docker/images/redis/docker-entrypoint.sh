#!/bin/sh
# The official redis image's entrypoint: arguments starting with `-` (or a .conf file) go to
# redis-server, which runs as the redis user without protected mode (the container's network
# is the boundary), in the foreground.
set -e
case "$1" in -* | *.conf) set -- redis-server "$@" ;; esac
if [ "$1" = 'redis-server' ] && [ "$(id -u)" = '0' ]; then
  chown -R redis:redis /data 2>/dev/null || true
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
if [ "$1" = 'redis-server' ]; then
  case " $* " in *' --protected-mode '*) ;; *) set -- "$@" --protected-mode no ;; esac
fi
exec "$@"
