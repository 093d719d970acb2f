#!/usr/bin/env bash
# Builds the images the tests and the compose file use, locally, from Debian bookworm's packages
# (no registry needed): a minbase root filesystem from debootstrap, imported as
# khata/debian:bookworm, then postgres:15-bookworm, redis:7-bookworm and node:20-bookworm-slim
# FROM it. The tags are the official images' own, so a machine that can pull those may use them
# instead: an image under one of these tags that this script did not build is left alone.
#
#   docker/images/build.sh            build what is missing or out of date (seconds when cached)
#   docker/images/build.sh --force    rebuild every image (the cached root filesystem is kept)
#   docker/images/build.sh --force-base  also run debootstrap again
#   docker/images/build.sh postgres   only the named images (postgres, redis, node)
#
# Cache: .cache/images/bookworm-minbase.tar (gitignored) holds the root filesystem; each image
# carries a label `khata.image-inputs` with a hash of its build files, so a changed Dockerfile
# or entrypoint (or another Node.js for the node image) rebuilds it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cache="$root/.cache/images"
base_tag=khata/debian:bookworm
mirror="${KHATA_DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  # The mirror apt uses here (deb822 `URIs:` or a one-line `deb` entry), else Debian's own.
  mirror="$(grep -hsE '^URIs: .*debian/?$' /etc/apt/sources.list.d/*.sources | head -n 1 | awk '{print $2}')"
  [ -n "$mirror" ] || mirror="$(grep -hsE '^deb [^[]*debian/? bookworm' /etc/apt/sources.list | head -n 1 | awk '{print $2}')"
  [ -n "$mirror" ] || mirror=http://deb.debian.org/debian
fi

force=0
force_base=0
wanted=()
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    --force-base) force=1; force_base=1 ;;
    postgres | redis | node) wanted+=("$arg") ;;
    *) echo "images: unknown argument $arg (use --force, --force-base, postgres, redis, node)" >&2; exit 2 ;;
  esac
done
[ ${#wanted[@]} -gt 0 ] || wanted=(postgres redis node)

tag_of() {
  case "$1" in
    postgres) echo postgres:15-bookworm ;;
    redis) echo redis:7-bookworm ;;
    node) echo node:20-bookworm-slim ;;
  esac
}

log() { echo "images: $*"; }
label_of() { docker image inspect --format "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null || true; }

ensure_base() {
  local tarball="$cache/bookworm-minbase.tar"
  if [ "$force_base" = 0 ] && [ ! -s "$tarball" ] && [ -n "$(label_of "$base_tag" khata.image-inputs)" ]; then
    return # the base image is there (built from a root filesystem since deleted, or in another clone)
  fi
  if [ "$force_base" = 1 ] || [ ! -s "$tarball" ]; then
    command -v debootstrap >/dev/null || { echo "images: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
    log "debootstrap bookworm (minbase) from $mirror"
    mkdir -p "$cache"
    local rootfs="$cache/rootfs.tmp"
    rm -rf "$rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
      { tail -n 20 "$cache/debootstrap.log" >&2; exit 1; }
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" --numeric-owner -cf "$tarball.tmp" .
    mv "$tarball.tmp" "$tarball"
    rm -rf "$rootfs"
    docker image rm -f "$base_tag" >/dev/null 2>&1 || true
  fi
  local sum
  sum="$(sha256sum "$tarball" | cut -c1-16)"
  if [ "$(label_of "$base_tag" khata.image-inputs)" != "$sum" ]; then
    log "importing $base_tag"
    docker import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENV LANG=C.UTF-8' \
      --change "LABEL khata.image-inputs=$sum" \
      --change 'CMD ["bash"]' \
      "$tarball" "$base_tag" >/dev/null
  fi
}

build_image() {
  local name="$1" tag context inputs current
  tag="$(tag_of "$name")"
  context="$here/$name"
  if [ "$name" = node ]; then
    # This machine's Node.js and npm, copied into a build folder of their own.
    local node_bin prefix
    node_bin="$(readlink -f "$(command -v node)")"
    prefix="$(dirname "$(dirname "$node_bin")")"
    context="$cache/node-context"
    rm -rf "$context"
    mkdir -p "$context/lib"
    cp "$here/node/Dockerfile" "$context/"
    cp "$node_bin" "$context/node"
    cp -a "$prefix/lib/node_modules/npm" "$context/lib/"
    [ -d "$prefix/lib/node_modules/corepack" ] && cp -a "$prefix/lib/node_modules/corepack" "$context/lib/"
    inputs="$( (cat "$here/node/Dockerfile"; node --version; cat "$prefix/lib/node_modules/npm/package.json") | sha256sum | cut -c1-16)"
  else
    inputs="$(cat "$context"/* | sha256sum | cut -c1-16)"
  fi
  inputs="$inputs-$(label_of "$base_tag" khata.image-inputs)"

  if docker image inspect "$tag" >/dev/null 2>&1; then
    current="$(label_of "$tag" khata.image-inputs)"
    if [ -z "$current" ] && [ "$force" = 0 ]; then
      log "$tag is there and was not built here (an official image?): kept"
      return
    fi
    if [ "$current" = "$inputs" ] && [ "$force" = 0 ]; then
      log "$tag is up to date"
      return
    fi
  fi
  log "building $tag"
  local started=$SECONDS
  docker build --network host --quiet --label "khata.image-inputs=$inputs" \
    --build-arg "BASE=$base_tag" -t "$tag" "$context" >/dev/null
  log "built $tag in $((SECONDS - started)) s"
}

docker version --format '{{.Server.Version}}' >/dev/null 2>&1 ||
  { echo "images: no Docker engine answers (start dockerd first)" >&2; exit 1; }
started=$SECONDS
ensure_base
for name in "${wanted[@]}"; do build_image "$name"; done
log "done in $((SECONDS - started)) s"
