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
  const db = openDb({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir ?? DEFAULT_DATA_DIR });
  const applied = await migrate(db);
  if (applied.length) log(`api: migrations applied: ${applied.join(', ')}`);
  const networks = indexedNetworks(readNetworksFile(opts.networksFile ?? DEFAULT_NETWORKS_FILE));
  const app = await buildApp({
    db,
    networks,
    indexer: opts.indexer === false ? false : { log, pollMs: 300 },
  });
  app.addHook('onClose', () => db.close());
  const port = opts.port ?? 8070;
  await app.listen({ port, host: opts.host ?? '127.0.0.1' });
  const url = `http://localhost:${port}`;
  log(
    `api: listening on ${url} (${db.kind}; networks ${networks.map((n) => n.id).join(', ') || 'none'})`,
  );
  return { app, db, url };
}
