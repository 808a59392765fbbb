import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_NETWORKS_FILE,
  indexedNetworks,
  readNetworksFile,
} from './config';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { newAdminToken, removeAdminFile, writeAdminFile, type AdminAccess } from './listing/admin';

export interface StartOptions {
  port?: number;
  host?: string;
  networksFile?: string;
  databaseUrl?: string;
  dataDir?: string;
  /** Run the indexers in this process (default true). */
  indexer?: boolean;
  log?: (line: string) => void;
}

/** Opens the database, migrates it, and serves the api (with the indexers unless told not to). */
export async function startApi(
  opts: StartOptions = {},
): Promise<{ app: FastifyInstance; db: Db; url: string }> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const dataDir = opts.dataDir ?? DEFAULT_DATA_DIR;
  const db = openDb({ databaseUrl: opts.databaseUrl, dataDir });
  const applied = await migrate(db);
  if (applied.length) log(`api: migrations applied: ${applied.join(', ')}`);
  // PGlite is this process's alone: the operator CLI reaches it through the API's admin routes.
  const adminToken = db.kind === 'pglite' ? newAdminToken() : undefined;
  const networks = indexedNetworks(readNetworksFile(opts.networksFile ?? DEFAULT_NETWORKS_FILE));
  const app = await buildApp({
    db,
    networks,
    indexer: opts.indexer === false ? false : { log, pollMs: 300 },
    adminToken,
  });
  app.addHook('onClose', () => db.close());
  let access: AdminAccess | undefined;
  app.addHook('onClose', async () => access && removeAdminFile(access));
  await app.listen({ port: opts.port ?? 8070, host: opts.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 8070);
  const url = `http://localhost:${port}`;
  if (adminToken) {
    // The CLI talks to this process over loopback whatever host it listens on.
    access = { url: `http://127.0.0.1:${port}`, token: adminToken, dataDir };
    writeAdminFile(access);
  }
  log(
    `api: listening on ${url} (${db.kind}; networks ${networks.map((n) => n.id).join(', ') || 'none'})`,
  );
  return { app, db, url };
}
