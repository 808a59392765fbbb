import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import type { IndexedNetwork } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    networks: IndexedNetwork[];
  }
}

/** The database and the network list, shared by every plugin registered after this one. */
/** What the db plugin takes from the app's options. */
export interface DbPluginOptions {
  db: Db;
  networks: IndexedNetwork[];
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('networks', opts.networks);
  },
  { name: 'db' },
);
