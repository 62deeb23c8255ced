# The shop as one image. The same image runs web processes (ROLE=web), job workers (ROLE=worker) or
# both in one process (ROLE=all, the default); compose.yaml runs a development shop (a web process and
# a worker on PostgreSQL) or, with --profile production, two web processes, a worker, PostgreSQL,
# Varnish and an S3-compatible store. Checked by `npm run container` (no Docker needed).

ARG NODE_IMAGE=node:20.20-bookworm-slim

# --- build: every dependency, then the API bundle and the two front ends -----------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/admin/package.json apps/admin/
COPY apps/storefront/package.json apps/storefront/
COPY packages/auth/package.json packages/auth/
COPY packages/shared/package.json packages/shared/
COPY packages/ui/package.json packages/ui/
COPY packages/sdk/package.json packages/sdk/
COPY examples/headless/package.json examples/headless/
# Fixes to dependencies applied by npm ci's postinstall (patches/README.md); the API bundle carries them.
COPY patches patches/
RUN npm ci
COPY . .
RUN npm run build

# --- runtime: production dependencies only (the bundle's externals: sharp, PGlite, the API docs page, pdfkit) -
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/admin/package.json apps/admin/
COPY apps/storefront/package.json apps/storefront/
COPY packages/auth/package.json packages/auth/
COPY packages/shared/package.json packages/shared/
COPY packages/ui/package.json packages/ui/
COPY packages/sdk/package.json packages/sdk/
COPY examples/headless/package.json examples/headless/
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build /app/apps/api/public apps/api/public
COPY --from=build /app/apps/storefront/dist apps/storefront/dist
COPY --from=build /app/apps/storefront/dist-server apps/storefront/dist-server
COPY --from=build /app/apps/admin/dist apps/admin/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# Liveness: the process answers without touching the database (decision 0031).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
