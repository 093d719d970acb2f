# One image builds everything; compose runs its `api` target as the api and worker services.
# Build it with the engine's network (npm needs the registry; an engine started without a bridge
# has no other): `docker build --network host --target api -t khata:local .`
# (`npm run compose:smoke` does exactly that). The legacy builder and BuildKit both work.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The manifests first, so a change to the sources reuses the installed node_modules layer.
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/console/package.json apps/console/
COPY libs/domain/package.json libs/domain/
COPY libs/ledger/package.json libs/ledger/
# Behind a TLS-inspecting proxy npm needs its CA: --build-arg NPM_EXTRA_CA="$(cat proxy-ca.pem)".
# It stays in this build stage; the api image below does not carry it.
ARG NPM_EXTRA_CA=""
# npm install, not npm ci: see ensureInstalled in apps/api/scripts/workspace.mjs.
RUN if [ -n "$NPM_EXTRA_CA" ]; then \
      printf '%s\n' "$NPM_EXTRA_CA" > /tmp/extra-ca.pem; export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; \
    fi; \
    npm install --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund --loglevel=error

# The API (KHATA_PROCESS=api) and the worker (`node apps/api/dist/worker.js`): Node and the
# built workspaces. Runs as the image's `node` user; profile pictures go to a volume.
FROM node:20-bookworm-slim AS api
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /app/.khata/uploads && chown -R node:node /app/.khata
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]

# The console on its own behind nginx (compose profile `nginx`), for deployments that do not
# let the API serve it. The API serves the same build on its own origin by default.
FROM nginx:1.27-bookworm AS console
COPY --from=build /app/apps/console/dist /usr/share/nginx/html
COPY apps/console/nginx.conf /etc/nginx/templates/default.conf.template
EXPOSE 8080
