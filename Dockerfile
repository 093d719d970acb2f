# One image for the api and worker services of docker-compose.yml. Build it with the engine's
# network (npm needs the registry; an engine started without a bridge has no other):
#   docker build --network host --target api -t khata:local .
# (`npm run compose:smoke` does exactly that). The legacy builder and BuildKit both work.
# Layers are ordered for the cache: the two npm installs depend on the manifests only, so a
# change to the sources rebuilds the code and copies the dist folders, nothing else.

# The workspaces' manifests, and npm's way through a TLS-inspecting proxy: pass its CA with
# --build-arg NPM_EXTRA_CA="$(cat proxy-ca.pem)". It stays in the build stages; the api image
# does not carry it.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/console/package.json apps/console/
COPY libs/domain/package.json libs/domain/
COPY libs/ledger/package.json libs/ledger/
ARG NPM_EXTRA_CA=""
RUN printf '%s\n' "$NPM_EXTRA_CA" > /tmp/extra-ca.pem

# Every dependency, the sources, and `npm run build` (libs, API and console).
# npm install, not npm ci: see ensureInstalled in apps/api/scripts/workspace.mjs.
FROM manifests AS build
RUN NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem npm install --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build

# The production dependencies alone.
FROM manifests AS deps
RUN NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem npm install --omit=dev --no-audit --no-fund --loglevel=error

# The API (KHATA_PROCESS=api) and the worker (`node apps/api/dist/worker.js`): Node, the
# production node_modules and the built workspaces, run as the image's `node` user; profile
# pictures go to /app/.khata/uploads (a volume in compose).
FROM node:20-bookworm-slim AS api
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/apps apps
COPY --from=deps /app/libs libs
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/libs/ledger/dist libs/ledger/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY apps/api/assets apps/api/assets
COPY --from=build /app/apps/console/dist apps/console/dist
RUN mkdir -p .khata/uploads && chown -R node:node .khata
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]

# The console on its own behind nginx (compose profile `nginx`), for deployments that keep
# static files off the API. The API serves the same build on its own origin by default.
FROM nginx:1.27-bookworm AS console
COPY --from=build /app/apps/console/dist /usr/share/nginx/html
COPY apps/console/nginx.conf /etc/nginx/templates/default.conf.template
COPY apps/console/nginx-security-headers.conf /etc/nginx/snippets/khata-security-headers.conf
COPY apps/console/nginx-asset-headers.conf /etc/nginx/snippets/khata-asset-headers.conf
EXPOSE 8080
