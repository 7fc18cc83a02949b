# The app as one image: `docker build -t folga .`, then see docs/deploy.md (and compose.yaml for
# two instances on PostgreSQL behind a proxy). Node 20 as in development and CI.

# --- build: all dependencies (the build needs the dev ones), the app built, then dev ones dropped
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Lockfile first: the dependency layer is reused while only sources change. (patches/ is gone
# since decision 0065; copying it stopped the build.)
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- run: the built app, its production dependencies, the migrations it applies at start
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/app/data/absences.db
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
# The generated Prisma clients' query compilers (WebAssembly), read at run time from this path.
COPY --from=build /app/app/generated ./app/generated
# SQLite's file (the default when DATABASE_URL is not PostgreSQL) lives in a volume at /app/data.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Ready = the process answers and its database does (/readyz); docs/deploy.md.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# As `npm run serve`; tuning flags a deployer may add: docs/deploy.md. The server applies pending
# migrations before it listens, once across instances (a database lock).
CMD ["node", "build/server.js"]
