#!/bin/sh
# Builds one Nx app of the monorepo and assembles what its image needs at run time.
#   build-app.sh <app> <out-dir>
# The Dockerfile's build stage runs it; deploy/src/dockerfile.int-spec.ts runs it too, in a copy
# of the Docker build context, for every app. Node services (apps/<app>/tsconfig.app.json) are
# compiled with `tsc -b` (their libs come along through project references); the SPA
# (apps/<app>/vite.config.ts) is built with Vite into static files.
set -eu
app="${1:?usage: build-app.sh <app> <out-dir>}"
out="${2:?usage: build-app.sh <app> <out-dir>}"
bin=node_modules/.bin

if [ ! -f "apps/$app/project.json" ]; then
  echo "build-app: no Nx project apps/$app (APP=$app)" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out"

if [ -f "apps/$app/tsconfig.app.json" ]; then
  "$bin/tsc" -b "apps/$app/tsconfig.app.json"
  test -f "apps/$app/dist/main.js" || { echo "build-app: apps/$app/dist/main.js missing" >&2; exit 1; }
  # The workspace packages the service resolves through node_modules/@core-vault/*: package.json
  # and compiled output only (no sources, no build info).
  for dir in "apps/$app" libs/*; do
    [ -d "$dir/dist" ] || continue
    mkdir -p "$out/$dir"
    cp "$dir/package.json" "$out/$dir/"
    cp -R "$dir/dist" "$out/$dir/dist"
    find "$out/$dir/dist" -name '*.tsbuildinfo' -delete
  done
elif [ -f "apps/$app/vite.config.ts" ]; then
  "$bin/vite" build "apps/$app" --logLevel warn
  test -f "apps/$app/dist/index.html" || { echo "build-app: apps/$app/dist/index.html missing" >&2; exit 1; }
  cp -R "apps/$app/dist/." "$out/"
else
  echo "build-app: apps/$app has neither tsconfig.app.json nor vite.config.ts" >&2
  exit 1
fi
