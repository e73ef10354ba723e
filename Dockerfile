# syntax=docker/dockerfile:1
# Ouvrage — production image (docs/operations.md, decision 0856): Node 22 LTS, multi-stage, runs as
# the unprivileged `node` user. The API is the compiled bundle (scripts/build-api.mjs); it serves
# the built web app. Migrations run at start, once across replicas (advisory lock).

ARG NODE_IMAGE=node:22-bookworm-slim

# 0. The workspace's package manifests, which both installs below start from.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/geo/package.json packages/geo/

# 1. Build: every dependency, the web app (Vite) and the API bundle (esbuild).
FROM manifests AS build
RUN npm ci
COPY . .
RUN npm run build && node scripts/build-api.mjs

# 2. Runtime dependencies only: the API's and its packages' (not the web app's, nor the dev tools).
FROM manifests AS deps
RUN npm ci --omit=dev -w @ouvrage/api -w @ouvrage/db -w @ouvrage/domain -w @ouvrage/contracts -w @ouvrage/geo

# 3. Runtime: the repository's layout, kept (the bundle finds migrations and data beside it).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/packages/db/migrations ./packages/db/migrations
COPY --from=build /app/packages/geo/data ./packages/geo/data
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: in-flight requests and jobs finish, live streams close (SHUTDOWN_TIMEOUT_SECONDS, 25 s).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
