# syntax=docker/dockerfile:1
# Tendril in one image: the server, the built web app, the bundled data/ and the offline
# plant-ID model. README's "Run it in a container" says how to start it.
#
# NODE_IMAGE lets a build use another Node 24 image of Debian bookworm (a mirror, or one built
# locally): docker build --build-arg NODE_IMAGE=… .
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles itself when no prebuilt binary can be fetched for this platform.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app into dist/ and the compiled server into dist-server/, then drop the dev
# dependencies: the image runs plain JavaScript, with no TypeScript loader.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    TENDRIL_DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# The app stays root's and read-only to the server; only /data is written.
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# `npm run admin -- …` (set-plan, backup, restore) checks the build first; with no sources here
# it runs dist-server/admin.js as it is.
COPY --from=build /app/scripts/build-if-stale.mjs /app/scripts/build-staleness.mjs ./scripts/
COPY --from=build /app/data ./data
COPY --from=build /app/models ./models
RUN mkdir -p /data && chown node:node /data
# The official node images' unprivileged user (uid 1000).
USER node
VOLUME /data
EXPOSE 3000
# Slim images have no curl: ask with Node's own fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Straight to the compiled server: `npm start` would first check whether a build is stale. One
# process (no npm parent), so `docker stop`'s SIGTERM reaches the server's own shutdown.
CMD ["node", "dist-server/main.js"]
