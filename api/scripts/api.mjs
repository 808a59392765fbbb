#!/usr/bin/env node
// `npm start -w @jmswap/api`: the api on :8070 (PORT), the indexers included (--no-indexer:
// the HTTP API alone). PGlite in .run/data/api unless DATABASE_URL is set; on PGlite the
// operator routes listen on 127.0.0.1, port --admin-port / API_ADMIN_PORT (default: a free
// port, written to api-admin.json). --trust-proxy / API_TRUST_PROXY: see api/README.md.
// Logs: JSON lines on stdout, --log-level / LOG_LEVEL (default info). Metrics: GET /metrics
// on the admin listener (127.0.0.1, --admin-port / API_ADMIN_PORT). --reindex-all: index every
// network again from block 0 (npm start: its chains restart from their saved seed).
// Stops on Ctrl-C.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { startApi, guardProcess } = require('../src/main.ts');
const { exitWhenLogged } = require('../src/log.ts');

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
  reindexAll: process.argv.includes('--reindex-all'),
  logLevel: arg('--log-level') ?? process.env.LOG_LEVEL,
  reorgWindow: arg('--reorg-window') ?? process.env.API_REORG_WINDOW,
  nodeTimeoutMs: process.env.API_NODE_TIMEOUT_MS,
  nodeQuarantineMs: process.env.API_NODE_QUARANTINE_MS,
  answerCacheMb: process.env.API_ANSWER_CACHE_MB,
  pgliteBuffersMb: process.env.API_PGLITE_BUFFERS_MB,
  reportsKeepDays: process.env.API_REPORTS_KEEP_DAYS,
  reportsMaxRows: process.env.API_REPORTS_MAX_ROWS,
}).catch((e) => {
  console.error('api failed:', e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
guardProcess(started);
// SIGTERM/SIGINT: the listeners stop accepting connections, requests in flight are answered,
// each indexer finishes its current range, the database closes; exit 0. Anything still running
// after API_SHUTDOWN_TIMEOUT_MS (default 10 s) is cut: an error line, exit 1.
const shutdownMs = Number(process.env.API_SHUTDOWN_TIMEOUT_MS || 10_000);
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  const t0 = Date.now();
  started.logger.info({ signal, timeoutMs: shutdownMs }, 'api stopping');
  setTimeout(() => {
    started.logger.error({ signal, timeoutMs: shutdownMs }, 'api did not stop in time; exiting');
    exitWhenLogged(started.logger, 1);
  }, shutdownMs).unref();
  try {
    await started.app.close();
  } catch (e) {
    started.logger.error({ err: e }, 'api stopped with an error');
    exitWhenLogged(started.logger, 1);
    return;
  }
  started.logger.info({ signal, ms: Date.now() - t0 }, 'api stopped');
  exitWhenLogged(started.logger, 0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
