# Vitalia: the built server and web app on Node 22, an LTS line with security fixes. See
# docs/operations.md, "Which Node.js".
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
# Everything the build needs, then only what the server needs at run time.
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
