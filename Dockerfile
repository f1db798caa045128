# One image recipe for every app of the monorepo (BuildKit: Docker 23+ builds with it by default).
#
#   Node services:  docker build --build-arg APP=gateway -t core-vault/gateway .
#                   (identity, billing, artifacts, analytics, onboarding, usercontent, thumbnailer
#                   alike; APP=thumbnailer adds Debian's Chromium)
#   SPA (static):   docker build --target web -t core-vault/web .     (APP defaults to web there)
#
# Stages: manifests (package.json files only, so dependency layers survive source edits) →
# deps (all dependencies, for building) → build / web-build (deploy/docker/build-app.sh $APP) →
# prod-deps (production dependencies only) → web (nginx, static files) | service (default).
# Both final stages run as a non-root user and carry a HEALTHCHECK on /health/live.
# Base images are pinned by tag; pin them by digest too where the registry allows it.

ARG NODE_IMAGE=node:22.23.3-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
# The lockfile plus every workspace's package.json: npm ci needs all workspaces to be present.
RUN mkdir -p /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find apps libs -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /manifests/ \;

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
ENV NODE_ENV=production
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund

# ---------------------------------------------------------------------------------------------
FROM deps AS build
ARG APP
COPY . .
RUN test -n "${APP}" || { echo "--build-arg APP=<app> is required (an apps/<app> Nx project)" >&2; exit 1; } \
 && sh deploy/docker/build-app.sh "${APP}" /out

# ---------------------------------------------------------------------------------------------
FROM deps AS web-build
ARG APP=web
COPY . .
RUN sh deploy/docker/build-app.sh "${APP}" /out

# ---------------------------------------------------------------------------------------------
# The SPA: static files behind nginx, /api proxied to the gateway (compose; an Ingress in k8s).
FROM ${NGINX_IMAGE} AS web
ENV PORT=4200 \
    GATEWAY_URL=http://gateway:3000 \
    NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 \
    NGINX_ENVSUBST_OUTPUT_DIR=/tmp/nginx \
    NGINX_ENVSUBST_FILTER="^(PORT|GATEWAY_URL|NGINX_LOCAL_RESOLVERS)"
COPY deploy/docker/web/nginx.conf /etc/nginx/nginx.conf
COPY deploy/docker/web/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY deploy/docker/web/web.conf.template /etc/nginx/templates/conf.d/web.conf.template
COPY --from=web-build /out/ /usr/share/nginx/html/
USER 101
EXPOSE 4200
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD wget -q -O /dev/null "http://127.0.0.1:${PORT}/health/live" || exit 1

# ---------------------------------------------------------------------------------------------
# A Node service (the default target): production dependencies, compiled output, non-root.
FROM ${NODE_IMAGE} AS service
ARG APP
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    APP=${APP}
WORKDIR /app
# The thumbnailer renders artifacts in Debian's Chromium, with fonts for Latin, CJK and emoji
# (before the code: the layer survives code changes).
RUN if [ "${APP}" = "thumbnailer" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
      && rm -rf /var/lib/apt/lists/*; \
    fi
COPY --from=prod-deps /app/package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /out/ ./
# `node` (uid 1000) owns nothing in /app: the code is read-only to the process.
USER node
WORKDIR /app/apps/${APP}
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
