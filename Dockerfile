# Production image: one Node process serving /api, /dashboard and the public site on :3000.
# PostgreSQL is external (DATABASE_URL), see docker-compose.yml.
# Node 24 is the current LTS (Node 20 is end of life since April 2026). Build and runtime stages use
# the same major, so native packages (sharp) installed in the build stage match the runtime; CI
# runs the integration suite on Node 24 too (docs/architecture.md "Tests").
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY . .
RUN pnpm install --frozen-lockfile && node scripts/start.mjs --build-only

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data NEXT_TELEMETRY_DISABLED=1
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
