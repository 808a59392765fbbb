#!/usr/bin/env node
// `npm start -w @jmswap/api`: the api on :8070 (PORT), the indexers included (--no-indexer:
// the HTTP API alone). PGlite in .run/data/api unless DATABASE_URL is set; on PGlite the
// operator routes listen on 127.0.0.1, port --admin-port / API_ADMIN_PORT (default: a free
// port, written to api-admin.json). --trust-proxy / API_TRUST_PROXY: see api/README.md.
// Logs: JSON lines on stdout, --log-level / LOG_LEVEL (default info). Metrics: GET /metrics
// on the admin listener (127.0.0.1, --admin-port / API_ADMIN_PORT).
// Stops on Ctrl-C.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { startApi, guardProcess } = require('../src/main.ts');

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const started = await startApi({
  port: Number(arg('--port') ?? process.env.PORT ?? 8070),
  adminPort: arg('--admin-port') ?? (process.env.API_ADMIN_PORT || undefined),
  trustProxy: arg('--trust-proxy') ?? process.env.API_TRUST_PROXY ?? '',
  networksFile: arg('--networks') ?? process.env.API_NETWORKS_FILE,
  dataDir: arg('--data') ?? process.env.API_DATA_DIR,
  databaseUrl: process.env.DATABASE_URL,
  indexer: !process.argv.includes('--no-indexer'),
  logLevel: arg('--log-level') ?? process.env.LOG_LEVEL,
}).catch((e) => {
  console.error('api failed:', e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
guardProcess(started);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await started.app.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
