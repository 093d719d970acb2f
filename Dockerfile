# One image builds everything; compose runs its targets as api, worker and console.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/console/package.json apps/console/
COPY libs/domain/package.json libs/domain/
COPY libs/ledger/package.json libs/ledger/
# npm install, not npm ci: see ensureInstalled in apps/api/scripts/workspace.mjs.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# The API (and, with KHATA_PROCESS=worker, the worker): Node and the built workspaces.
FROM node:20-bookworm-slim AS api
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]

# The console on its own, for deployments that put it behind nginx instead of the API.
FROM nginx:1.27-alpine AS console
COPY --from=build /app/apps/console/dist /usr/share/nginx/html
COPY apps/console/nginx.conf /etc/nginx/conf.d/default.conf
EXPOSE 80
