# syntax=docker/dockerfile:1
# Ferry: one instance (API, sockets, jobs, web app). Scale out by running several behind a proxy,
# sharing PostgreSQL, an S3-compatible store and Redis (see compose.yaml).

# 1. Everything needed to build the web app and the server bundle (server/dist/main.js).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/build-server.mjs scripts/
COPY contracts contracts
COPY server server
COPY web web
RUN npm run build

# 2. Production dependencies only.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --omit=dev --no-audit --no-fund

# 3. The image: no build tools, runs as the unprivileged `node` user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FERRY_SKIP_WEB_BUILD=1 \
    FERRY_SKIP_SERVER_BUILD=1
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY scripts/start.mjs scripts/build-server.mjs scripts/
COPY server/package.json server/
COPY server/migrations server/migrations
COPY server/src/db/pglite-initdb-child.mjs server/src/db/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
