#!/bin/sh
# Builds one Nx app of the monorepo and assembles what its image needs at run time.
#   build-app.sh <app> <out-dir>
# The Dockerfile's build stages run it; deploy/src/dockerfile.int-spec.ts runs it too, in a copy
# of the Docker build context, for every app. The build is the app's own Nx build target
# (`targets.build.command` of apps/<app>/project.json, run from the workspace root with
# node_modules/.bin on PATH), so an app that adds a build step needs no change here.
# A Node service leaves apps/<app>/dist/main.js (its libs come along through tsc project
# references); a static SPA leaves apps/<app>/dist/index.html.
set -eu
app="${1:?usage: build-app.sh <app> <out-dir>}"
out="${2:?usage: build-app.sh <app> <out-dir>}"

if [ ! -f "apps/$app/project.json" ]; then
  echo "build-app: no Nx project apps/$app (APP=$app)" >&2
  exit 1
fi
command=$(node -e '
  const p = require(`./apps/${process.argv[1]}/project.json`);
  const c = p.targets && p.targets.build && p.targets.build.command;
  if (!c) process.exit(3);
  process.stdout.write(c);
' "$app") || { echo "build-app: apps/$app/project.json has no targets.build.command" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"
echo "build-app: $command"
PATH="$PWD/node_modules/.bin:$PATH" sh -c "$command"

if [ -f "apps/$app/dist/main.js" ]; then
  # The workspace packages the service resolves through node_modules/@core-vault/*: package.json
  # and compiled output only (no sources, no build info).
  for dir in "apps/$app" libs/*; do
    [ -d "$dir/dist" ] || continue
    mkdir -p "$out/$dir"
    cp "$dir/package.json" "$out/$dir/"
    cp -R "$dir/dist" "$out/$dir/dist"
    find "$out/$dir/dist" -name '*.tsbuildinfo' -delete
  done
elif [ -f "apps/$app/dist/index.html" ]; then
  cp -R "apps/$app/dist/." "$out/"
else
  echo "build-app: the build of apps/$app left neither dist/main.js nor dist/index.html" >&2
  exit 1
fi
