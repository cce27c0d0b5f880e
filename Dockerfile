# syntax=docker/dockerfile:1
#
# Selvedge: one image for the server and the job worker (docs/DEPLOY.md).
#
#   docker build -t selvedge .
#   server: docker run selvedge                       (node --import tsx apps/server/src/main.ts)
#   worker: docker run selvedge node --import tsx apps/server/src/worker.ts
#
# The server runs its TypeScript through tsx (docs/decisions/0001): there is no server build, so the
# final stage holds the server's sources, its production dependencies (tsx among them) and the built
# web app, and nothing else: no compiler, test tools, browsers or web build tools.

# The Node release CI tests and we ship (.node-version); Debian slim, as the prebuilt native
# packages (argon2, esbuild) are the glibc builds.
ARG NODE_VERSION=24.21.0

# ---- web: builds the web app (Vite) into apps/web/dist -------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS web
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
# Manifests first: the install layer is cached until a package.json or the lock file changes.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --workspace=apps/web --include-workspace-root=false
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build --workspace=apps/web

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
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Code and dependencies belong to root and are read-only to the process; it writes only DATA_DIR
# (the signing secret when JWT_SECRET is unset, mail files without SMTP_URL, files without S3) and
# tsx's transpile cache under /tmp.
# The manifests and node_modules of the deps stage (workspace links and any nested node_modules included).
COPY --from=deps /app ./
COPY tsconfig.base.json ./
COPY packages/shared/tsconfig.json packages/shared/
COPY packages/shared/src packages/shared/src
COPY apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY --from=web /app/apps/web/dist apps/web/dist
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
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
