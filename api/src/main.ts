import type { FastifyInstance } from 'fastify';
import { buildAdminApp, buildApp } from './app';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_NETWORKS_FILE,
  indexedNetworks,
  parseTrustProxy,
  readNetworksFile,
  type TrustProxy,
} from './config';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { requestReindex } from './indexer/control';
import { createLogger, exitWhenLogged, parseLogLevel, type Logger } from './log';
import { Metrics } from './metrics';
import { newAdminToken, removeAdminFile, writeAdminFile, type AdminAccess } from './listing/admin';
import { startReportRetention, type ReportRetention } from './reports/retention';

export interface StartOptions {
  port?: number;
  host?: string;
  /**
   * Port of the admin listener (127.0.0.1 only): `GET /metrics`, and on PGlite the operator
   * routes (see listing/admin.ts). Default 0: a free port chosen at start-up, printed in the
   * start-up line and, on PGlite, written to api-admin.json, where the CLI finds it.
   */
  adminPort?: number | string;
  /** Believe X-Forwarded-For from these proxies (default off); text as API_TRUST_PROXY. */
  trustProxy?: boolean | TrustProxy | string;
  networksFile?: string;
  databaseUrl?: string;
  dataDir?: string;
  /** Run the indexers in this process (default true). */
  indexer?: boolean;
  /** Also called with the start-up line (tests); the logger writes it anyway. */
  log?: (line: string) => void;
  /** The JSON lines' logger (default: stdout at `logLevel`). */
  logger?: Logger;
  /** LOG_LEVEL / --log-level: fatal, error, warn, info (default), debug, trace, silent. */
  logLevel?: string;
  /** Figures for /metrics (default: a registry of its own, with the process's figures). */
  metrics?: Metrics;
  /** API_REORG_WINDOW / --reorg-window: the indexers' block-hash window (default 256). */
  reorgWindow?: number | string;
  /** API_NODE_TIMEOUT_MS: one node request's limit before the next node (default 10 000). */
  nodeTimeoutMs?: number | string;
  /** API_NODE_QUARANTINE_MS: a failing node's first quarantine (default 2 000, doubling). */
  nodeQuarantineMs?: number | string;
  /**
   * API_ANSWER_CACHE_MB: memory for cached answers per cache (charts, trade pages, account
   * pages), MiB; default 64 (about 210 one-year chart answers with their brotli bodies).
   */
  answerCacheMb?: number | string;
  /**
   * --reindex-all: every network is indexed again from its first block (listing requests and
   * client reports stay). For the local stack, whose chains start again from their saved seed at
   * every start: what was indexed after it is gone from the chain, and a chain seeded anew (the
   * contracts changed) shares nothing with the stored history, which the indexer would otherwise
   * treat as a reorganisation deeper than its window and stop on.
   */
  reindexAll?: boolean;
  /** API_PGLITE_BUFFERS_MB: PGlite's buffer pool (default 16; its memory is never given back). */
  pgliteBuffersMb?: number | string;
  /** API_REPORTS_KEEP_DAYS: client reports older than this are deleted (default 30). */
  reportsKeepDays?: number | string;
  /** API_REPORTS_MAX_ROWS: at most this many client reports are kept, the newest (1 000 000). */
  reportsMaxRows?: number | string;
}

/** A positive whole number from a setting (undefined when not set). */
function count(name: string, value: number | string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new Error(`${name}: "${value}" is not a positive whole number`);
  return n;
}

export interface StartedApi {
  /** The public API; closing it closes the admin listener and the database too. */
  app: FastifyInstance;
  db: Db;
  url: string;
  /** The operator listener on 127.0.0.1: /metrics, and on PGlite the listing routes. */
  admin: { app: FastifyInstance; url: string };
  logger: Logger;
  metrics: Metrics;
}

const portOf = (app: FastifyInstance, fallback: number): number => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : fallback;
};

/** Opens the database, migrates it, and serves the api (with the indexers unless told not to). */
export async function startApi(opts: StartOptions = {}): Promise<StartedApi> {
  const logger = opts.logger ?? createLogger({ level: parseLogLevel(opts.logLevel) });
  const metrics = opts.metrics ?? new Metrics({ process: true });
  const trustProxy =
    typeof opts.trustProxy === 'string' ? parseTrustProxy(opts.trustProxy) : opts.trustProxy;
  const adminPort = Number(opts.adminPort ?? 0);
  if (!/^\d{1,5}$/.test(String(opts.adminPort ?? 0)) || adminPort > 65535)
    throw new Error(`API_ADMIN_PORT / --admin-port: "${opts.adminPort}" is not a port number`);
  const reorgWindow = count('API_REORG_WINDOW / --reorg-window', opts.reorgWindow);
  const nodeTimeoutMs = count('API_NODE_TIMEOUT_MS', opts.nodeTimeoutMs);
  const nodeQuarantineMs = count('API_NODE_QUARANTINE_MS', opts.nodeQuarantineMs);
  const answerCacheMb = count('API_ANSWER_CACHE_MB', opts.answerCacheMb);
  const reportsKeepDays = count('API_REPORTS_KEEP_DAYS', opts.reportsKeepDays);
  const reportsMaxRows = count('API_REPORTS_MAX_ROWS', opts.reportsMaxRows);
  const dataDir = opts.dataDir ?? DEFAULT_DATA_DIR;
  const pgliteBuffersMb = count('API_PGLITE_BUFFERS_MB', opts.pgliteBuffersMb);
  const db = openDb({ databaseUrl: opts.databaseUrl, dataDir, pgliteBuffersMb });
  // PGlite is this process's alone: the operator CLI reaches it through the admin listener.
  const adminToken = db.kind === 'pglite' ? newAdminToken() : undefined;
  let app: FastifyInstance | undefined;
  let admin: FastifyInstance | undefined;
  let access: AdminAccess | undefined;
  let retention: ReportRetention | undefined;
  let closing: Promise<void> | undefined;
  // The admin listener and the file first (no operator call reaches a closed database), once.
  const closeRest = () =>
    (closing ??= (async () => {
      // The indexers' last range is written before the database closes.
      await app?.stopIndexers();
      await retention?.stop();
      await admin?.close();
      if (access) removeAdminFile(access);
      await db.close();
    })());
  try {
    const applied = await migrate(db);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    retention = startReportRetention({
      db,
      logger,
      keepDays: reportsKeepDays,
      maxRows: reportsMaxRows,
    });
    const networks = indexedNetworks(readNetworksFile(opts.networksFile ?? DEFAULT_NETWORKS_FILE));
    if (opts.reindexAll && opts.indexer !== false) {
      for (const network of networks) await requestReindex(db, network.id, 0);
      logger.info(
        { networks: networks.map((n) => n.id) },
        're-indexing every network from block 0',
      );
    }
    admin = await buildAdminApp({ db, adminToken, metrics, logger });
    await admin.listen({ port: adminPort, host: '127.0.0.1' });
    app = await buildApp({
      db,
      networks,
      indexer:
        opts.indexer === false
          ? false
          : { pollMs: 300, reorgWindow, nodeTimeoutMs, nodeQuarantineMs },
      trustProxy,
      logger,
      metrics,
      ...(answerCacheMb ? { answerCache: { maxBytes: answerCacheMb * 1024 * 1024 } } : {}),
    });
    app.addHook('onClose', closeRest);
    // Closing: answers go out with `Connection: close`, and keep-alive connections that fall
    // idle are closed as they do (node closes only those idle when close() starts), so the
    // listener is gone once the requests in flight are answered.
    let draining: NodeJS.Timeout | undefined;
    const server = app.server;
    app.addHook('preClose', async () => {
      server.closeIdleConnections();
      draining = setInterval(() => server.closeIdleConnections(), 50);
    });
    app.addHook('onSend', async (_req, reply) => {
      if (draining) void reply.header('connection', 'close');
    });
    app.addHook('onClose', async () => clearInterval(draining));
    await app.listen({ port: opts.port ?? 8070, host: opts.host ?? '127.0.0.1' });
    const url = `http://localhost:${portOf(app, opts.port ?? 8070)}`;
    const adminUrl = `http://127.0.0.1:${portOf(admin, adminPort)}`;
    if (adminToken) {
      access = { url: adminUrl, token: adminToken, dataDir };
      writeAdminFile(access);
    }
    const line =
      `api: listening on ${url} (${db.kind}; networks ${networks.map((n) => n.id).join(', ') || 'none'})` +
      `; metrics${adminToken ? ' and operator routes' : ''} on ${adminUrl}`;
    logger.info(
      {
        url,
        adminUrl,
        db: db.kind,
        networks: networks.map((n) => n.id),
        indexer: opts.indexer !== false,
      },
      line,
    );
    opts.log?.(line);
    return { app, db, url, admin: { app: admin, url: adminUrl }, logger, metrics };
  } catch (e) {
    // Nothing half-started stays behind: the listeners closed, the PGlite directory let go.
    await app?.close().catch(() => undefined);
    await closeRest().catch(() => undefined);
    throw e;
  }
}

/**
 * The process's last line of defence (scripts/api.mjs installs it): a promise rejection nothing
 * handled is a bug, logged at error and counted (jmswap_api_unhandled_errors_total), and the api
 * keeps serving; an uncaught exception leaves the process in an unknown state: logged at fatal,
 * exit 1 (a supervisor restarts it; nothing is lost, see the indexer guarantees).
 */
export function guardProcess(api: Pick<StartedApi, 'logger' | 'metrics'>): void {
  process.on('unhandledRejection', (reason) => {
    api.metrics.unhandled.inc({ kind: 'rejection' });
    api.logger.error({ err: reason }, 'unhandled promise rejection (a bug); the api keeps running');
  });
  process.on('uncaughtException', (err) => {
    api.metrics.unhandled.inc({ kind: 'exception' });
    api.logger.fatal({ err }, 'uncaught exception (a bug); the api stops');
    exitWhenLogged(api.logger, 1);
  });
}
