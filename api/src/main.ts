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
import { newAdminToken, removeAdminFile, writeAdminFile, type AdminAccess } from './listing/admin';

export interface StartOptions {
  port?: number;
  host?: string;
  /**
   * Port of the admin listener (127.0.0.1 only; PGlite only, see listing/admin.ts). Default 0:
   * a free port chosen at start-up, written to api-admin.json, where the CLI finds it.
   */
  adminPort?: number | string;
  /** Believe X-Forwarded-For from these proxies (default off); text as API_TRUST_PROXY. */
  trustProxy?: boolean | TrustProxy | string;
  networksFile?: string;
  databaseUrl?: string;
  dataDir?: string;
  /** Run the indexers in this process (default true). */
  indexer?: boolean;
  log?: (line: string) => void;
}

export interface StartedApi {
  /** The public API; closing it closes the admin listener and the database too. */
  app: FastifyInstance;
  db: Db;
  url: string;
  /** The operator routes' own listener (PGlite only), on 127.0.0.1. */
  admin?: { app: FastifyInstance; url: string };
}

const portOf = (app: FastifyInstance, fallback: number): number => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : fallback;
};

/** Opens the database, migrates it, and serves the api (with the indexers unless told not to). */
export async function startApi(opts: StartOptions = {}): Promise<StartedApi> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const trustProxy =
    typeof opts.trustProxy === 'string' ? parseTrustProxy(opts.trustProxy) : opts.trustProxy;
  const adminPort = Number(opts.adminPort ?? 0);
  if (!/^\d{1,5}$/.test(String(opts.adminPort ?? 0)) || adminPort > 65535)
    throw new Error(`API_ADMIN_PORT / --admin-port: "${opts.adminPort}" is not a port number`);
  const dataDir = opts.dataDir ?? DEFAULT_DATA_DIR;
  const db = openDb({ databaseUrl: opts.databaseUrl, dataDir });
  // PGlite is this process's alone: the operator CLI reaches it through the admin listener.
  const adminToken = db.kind === 'pglite' ? newAdminToken() : undefined;
  let app: FastifyInstance | undefined;
  let admin: FastifyInstance | undefined;
  let access: AdminAccess | undefined;
  let closing: Promise<void> | undefined;
  // The admin listener and the file first (no operator call reaches a closed database), once.
  const closeRest = () =>
    (closing ??= (async () => {
      await admin?.close();
      if (access) removeAdminFile(access);
      await db.close();
    })());
  try {
    const applied = await migrate(db);
    if (applied.length) log(`api: migrations applied: ${applied.join(', ')}`);
    const networks = indexedNetworks(readNetworksFile(opts.networksFile ?? DEFAULT_NETWORKS_FILE));
    if (adminToken) {
      admin = await buildAdminApp({ db, adminToken });
      await admin.listen({ port: adminPort, host: '127.0.0.1' });
    }
    app = await buildApp({
      db,
      networks,
      indexer: opts.indexer === false ? false : { log, pollMs: 300 },
      trustProxy,
    });
    app.addHook('onClose', closeRest);
    await app.listen({ port: opts.port ?? 8070, host: opts.host ?? '127.0.0.1' });
    const url = `http://localhost:${portOf(app, opts.port ?? 8070)}`;
    let adminUrl: string | undefined;
    if (admin && adminToken) {
      adminUrl = `http://127.0.0.1:${portOf(admin, adminPort)}`;
      access = { url: adminUrl, token: adminToken, dataDir };
      writeAdminFile(access);
    }
    log(
      `api: listening on ${url} (${db.kind}; networks ${networks.map((n) => n.id).join(', ') || 'none'})` +
        (adminUrl ? `; operator routes on ${adminUrl}` : ''),
    );
    return { app, db, url, ...(admin && adminUrl ? { admin: { app: admin, url: adminUrl } } : {}) };
  } catch (e) {
    // Nothing half-started stays behind: the listeners closed, the PGlite directory let go.
    await app?.close().catch(() => undefined);
    await closeRest().catch(() => undefined);
    throw e;
  }
}
