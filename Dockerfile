# syntax=docker/dockerfile:1
#
# Selvedge: one image for the server and the job worker (docs/DEPLOY.md).
#
#   docker build -t selvedge .
#   server: docker run selvedge                       (node apps/server/dist/main.mjs)
#   worker: docker run selvedge node apps/server/dist/worker.mjs
#
# The server and the worker run as bundles (esbuild; docs/decisions/0022): the final stage holds
# them, the migrations, the server's production dependencies and the built web app, and nothing
# else: no TypeScript sources, compiler, test tools, browsers or build tools.

# The Node release CI tests and we ship (.node-version); Debian slim, as the prebuilt native
# packages (argon2, esbuild) are the glibc builds.
ARG NODE_VERSION=24.21.0

# ---- build: the web app (Vite) into apps/web/dist, the server bundles into apps/server/dist -------
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
# Manifests first: the install layer is cached until a package.json or the lock file changes.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --workspace=apps/web --workspace=apps/server --include-workspace-root=false
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
COPY apps/server apps/server
RUN npm run build --workspace=apps/web && npm run build --workspace=apps/server

# ---- deps: the server's production dependencies only --------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace=apps/server --include-workspace-root=false \
 && npm cache clean --force

# ---- runtime -------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# V8's heap kept small: a busy instance stays under 200 MB resident (~290 MB without these
# settings); the 16 MB young generation spares a third of an order list's CPU that an 8 MB one spent
# collecting (decision 0028). glibc's malloc: two arenas, and fixed mmap and trim thresholds, which
# it would otherwise raise after each large free and then keep ~20 MB of freed memory (decision 0030).
# `npm run bench` reads NODE_OPTIONS and MALLOC_* from here (docs/DEPLOY.md "Memory").
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=16"
WORKDIR /app
# Code and dependencies belong to root and are read-only to the process; it writes only DATA_DIR
# (the signing secret when JWT_SECRET is unset, mail files without SMTP_URL, files without S3).
# The manifests and node_modules of the deps stage (workspace links and any nested node_modules included).
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Ready = the database answers and this release's migrations ran (GET /api/v1.0/health/ready); the
# worker has no HTTP server on PORT: compose.yaml gives it a check of its own.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1.0/health/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 and handles SIGTERM (graceful shutdown in main.ts and worker.ts); no npm in between.
CMD ["node", "apps/server/dist/main.mjs"]
